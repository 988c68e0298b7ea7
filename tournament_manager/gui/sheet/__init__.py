"""The score sheet screen: grid, hand entry, penalties, signatures, lock and correction."""
