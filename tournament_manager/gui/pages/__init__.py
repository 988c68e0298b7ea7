"""The main window's tabs, one module each, following the life of a tournament."""
