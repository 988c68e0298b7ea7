"""Qt table models over the services' read models (Anki's DataModel shape: rows cached,
wrapped in begin/endResetModel on every refresh)."""
