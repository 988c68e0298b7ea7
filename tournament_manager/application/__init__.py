"""The application core without a window: opening an event wherever it is kept, for the
window, the command line and the smoke test alike."""
