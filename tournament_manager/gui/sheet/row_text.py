"""One transcribed row of a paper Score Record Sheet, as the typist types it.

The row is typed as text in the order the eye reads the paper — winner, win type,
discarder, responsible, value — with the keys of the entry bar: E S W N or 1–4 for a column
(the winner first, then the discarder), T self-draw, K kong, D draw, I then a column (or 0)
for the responsible player, + another winner, digits for the value. An "=" then starts the
paper's running totals for the row, four numbers as written ("=90 -40 -25 -25"), typed as a
check against the totals the rules compute.

Parsing replays the text into a `HandDraft`, so Backspace anywhere is just text editing and
the row means exactly what its text says (which is also what two typists' rows are compared
by).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from tournament_manager.domain.model import HandResult, WinType
from tournament_manager.gui.sheet.hand_draft import HandDraft, Phase
from tournament_manager.services.score_sheets import HandEntry

COLUMN_KEYS = "ESWN"
TOTALS_MARK = "="
POINTS_MARK = "/"


class RowProblem(Enum):
    UNKNOWN_KEY = "unknown_key"
    """A character that means nothing at that point of the row."""
    SEAT_REFUSED = "seat_refused"
    """A column that cannot take that part of the hand (a winner paying himself)."""
    TOTALS = "totals"
    """The running totals are not four whole numbers."""
    POINTS = "points"
    """The hand points are not up to four whole numbers."""


@dataclass(frozen=True)
class TypedRow:
    draft: HandDraft
    totals: tuple[int, ...] | None
    """The paper's running totals typed after "=", when there are four."""
    problem: RowProblem | None
    at: int | None
    """Where in the text the problem starts."""
    points: tuple[int, ...] = ()
    """Each column's hand points typed after "/" (classical scoring), in column order."""


_TOTAL = re.compile(r"[-−]?\d+")


def parse_row(text: str, player_ids: Sequence[int]) -> TypedRow:
    """The draft and paper totals `text` says, or where it stops making sense.

    `player_ids` are the sheet's columns in order (E S W N as the columns are headed)."""
    players = len(player_ids)
    before_totals, mark, totals_text = text.partition(TOTALS_MARK)
    hand_text, _slash, points_text = before_totals.partition(POINTS_MARK)
    draft = HandDraft()
    for at, char in enumerate(hand_text.upper()):
        problem = _key(draft, char, player_ids)
        if problem is not None:
            return TypedRow(draft, None, problem, at)
    points = _numbers(points_text)
    if points is None or len(points) > players:
        return TypedRow(draft, None, RowProblem.POINTS, len(hand_text))
    totals: tuple[int, ...] | None = None
    if mark:
        typed = _numbers(totals_text)
        if typed is None or len(typed) > players:
            return TypedRow(draft, None, RowProblem.TOTALS, len(before_totals), points)
        totals = typed if len(typed) == players else None
    return TypedRow(draft, totals, None, None, points)


ROW_STARTERS = frozenset("ESWND")


def next_row_at(text: str, player_ids: Sequence[int]) -> int | None:
    """Where the typing of a complete row runs on into the next one, so the typist never
    needs Enter between rows: the first E S W N or D that cannot continue a complete row
    ("EW30ST40D" is three rows)."""
    for at, char in enumerate(text):
        if at == 0 or char.upper() not in ROW_STARTERS:
            continue
        head = parse_row(text[:at], player_ids)
        if head.problem is not None or head.draft.problem() is not None:
            continue
        if TOTALS_MARK in text[:at] and head.totals is None:
            continue
        if parse_row(text[:at + 1], player_ids).problem is None:
            continue
        return at
    return None


def _numbers(text: str) -> tuple[int, ...] | None:
    words = text.replace(",", " ").split()
    if not all(_TOTAL.fullmatch(w) for w in words):
        return None
    return tuple(int(w.replace("−", "-")) for w in words)


def _key(draft: HandDraft, char: str, player_ids: Sequence[int]) -> RowProblem | None:
    phase = draft.phase()
    players = len(player_ids)
    if char == " ":
        return None
    if char in COLUMN_KEYS[:players]:
        return _seat(draft, player_ids[COLUMN_KEYS.index(char)])
    if char in "1234" and phase in (Phase.WINNER, Phase.DISCARDER, Phase.RESPONSIBLE):
        if int(char) > players:
            return RowProblem.UNKNOWN_KEY
        return _seat(draft, player_ids[int(char) - 1])
    if char in "0-" and phase is Phase.RESPONSIBLE:
        draft.nobody_responsible()
        return None
    if char.isdigit() and phase is Phase.VALUE and draft.current is not None:
        draft.current.value += char
        return None
    if char == "T":
        draft.toggle_self_draw()
        return None
    if char == "D":
        # A draw is a whole row: D only opens one (after anything else it starts the next).
        if draft.wins or draft.draw:
            return RowProblem.UNKNOWN_KEY
        draft.toggle_draw()
        return None
    if char == "K":
        draft.kong = not draft.kong
        return None
    if char == "I":
        return None if draft.ask_responsible() else RowProblem.UNKNOWN_KEY
    if char == "+":
        return None if draft.add_winner() else RowProblem.UNKNOWN_KEY
    return RowProblem.UNKNOWN_KEY


def _seat(draft: HandDraft, player_id: int) -> RowProblem | None:
    return None if draft.seat(player_id) else RowProblem.SEAT_REFUSED


def row_text_of(entry: HandEntry, player_ids: Sequence[int]) -> str:
    """The text that types `entry` (a stored hand shown for checking or changing)."""
    letter = {player: COLUMN_KEYS[column] for column, player in enumerate(player_ids)}
    points = ""
    if entry.player_points:
        given = dict(entry.player_points)
        points = POINTS_MARK + " ".join(str(given.get(player, 0)) for player in player_ids)
    if entry.result is not HandResult.WIN:
        return "D" + points
    win_type = entry.win_type or WinType.DISCARD
    parts = []
    for index, win in enumerate(entry.wins):
        text = letter[win.winner_id] if index == 0 else "+" + letter[win.winner_id]
        if index == 0 and not win_type.is_discard:
            text += "T"
        if index == 0 and win_type in (WinType.ROBBING_KONG, WinType.WIN_ON_KONG):
            text += "K"
        if index == 0 and entry.discarder_id is not None:
            text += letter[entry.discarder_id]
        if win_type.is_discard and win.responsible_id != entry.discarder_id:
            text += "I" + ("0" if win.responsible_id is None else letter[win.responsible_id])
        parts.append(text + str(win.value))
    return "".join(parts) + points
