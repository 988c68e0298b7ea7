"""PDF layouts drawn with reportlab: score sheets, seating lists, table cards, standings."""
