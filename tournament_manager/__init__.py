"""Tournament manager for Asia Pacific Mahjong (Zung Jung) events."""

__version__ = "0.1.0"
