"""Paper Score Record Sheets as a results-desk typist reads them, for tests and the
transcription benchmark: rows in the transcription keys ("EW30", "ST40", "D") and the
running totals the paper shows, worked out here from the Zung Jung spec's payoff table (not
by the application, so they check it)."""

from __future__ import annotations

import random

ZJ_SHEET = ("EW30", "ST40", "D", "NE25", "WS25", "EN40", "D", "ST10", "WT30", "NW60",
            "D", "ES25", "SW30", "WN25", "ET30", "NS40")
"""A typical paper sheet: twelve wins (three self-drawn), four draws."""

TYPICAL_VALUES = ((25, 30), (30, 24), (40, 14), (35, 8), (10, 6), (50, 5), (60, 4),
                  (45, 3), (80, 2), (100, 2), (160, 1), (320, 1))
"""(value, weight): Zung Jung values as they come at a table, most of them 25-40."""


def zung_jung_totals(rows: tuple[str, ...]) -> list[tuple[int, ...]]:
    """Running totals after each row: self-draw, all pay V; discard V <= 25, all pay V;
    discard V > 25, the discarder 3V - 50 and the others 25 (par 25, the formal scheme)."""
    totals, running = [0, 0, 0, 0], []
    for row in rows:
        if row != "D":
            winner = "ESWN".index(row[0])
            value = int("".join(c for c in row if c.isdigit()))
            discarder = None if "T" in row else "ESWN".index(row[1])
            for other in range(4):
                if other == winner:
                    continue
                pays = value
                if discarder is not None and value > 25:
                    pays = 3 * value - 50 if other == discarder else 25
                totals[other] -= pays
                totals[winner] += pays
        running.append(tuple(totals))
    return running


def random_sheet(rng: random.Random, hands: int = 16) -> tuple[str, ...]:
    """A typical sheet: about one hand in six drawn, a quarter of the wins self-drawn."""
    values = [v for v, _w in TYPICAL_VALUES]
    weights = [w for _v, w in TYPICAL_VALUES]
    rows = []
    for _ in range(hands):
        if rng.random() < 0.16:
            rows.append("D")
            continue
        winner = rng.randrange(4)
        value = rng.choices(values, weights)[0]
        if rng.random() < 0.25:
            rows.append(f"{'ESWN'[winner]}T{value}")
        else:
            discarder = rng.choice([p for p in range(4) if p != winner])
            rows.append(f"{'ESWN'[winner]}{'ESWN'[discarder]}{value}")
    return tuple(rows)


def paper_totals(totals: tuple[int, ...]) -> str:
    """The paper's running totals as typed after a row."""
    return "=" + " ".join(str(v) for v in totals)
