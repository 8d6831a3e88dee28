"""Drivers that take their pins and buses as arguments; the board files (boards/) name the pins."""
