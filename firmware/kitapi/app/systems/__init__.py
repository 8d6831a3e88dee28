"""The game systems' screens on the box: one package a family (kitapi.registry's family column)."""
