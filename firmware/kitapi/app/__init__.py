"""The device application: screens, keypad and drawing on the OLED."""
