"""Win circumstances MCR cannot combine with the win itself are invalid input, as in the
other rule sets: the calculator reports them instead of guessing."""

from __future__ import annotations

from typing import Final

from tournament_manager.rules.errors import HandErrorCode, HandProblem
from tournament_manager.rules.hand import Hand, MeldKind, WinFlag, WinType
from tournament_manager.rules.tiles import tile_code

_SELF_DRAW_ONLY: Final = (WinFlag.SEABED, WinFlag.KONG_REPLACEMENT)
_DISCARD_ONLY: Final = (WinFlag.RIVERBED, WinFlag.ROBBING_KONG)
_NOT_IN_MCR: Final = (WinFlag.HEAVEN, WinFlag.EARTH)  # MCR has no blessings


_PLAIN: Final = {  # by self-draw: flag sets that need no look at the tiles and are sound
    True: frozenset({
        frozenset({WinFlag.SEABED}),
        frozenset({WinFlag.LAST_TILE}),
        frozenset({WinFlag.SEABED, WinFlag.LAST_TILE}),
    }),
    False: frozenset({
        frozenset({WinFlag.RIVERBED}),
        frozenset({WinFlag.LAST_TILE}),
        frozenset({WinFlag.RIVERBED, WinFlag.LAST_TILE}),
    }),
}


def flag_problem(hand: Hand) -> HandProblem | None:
    flags = hand.flags
    if not flags:
        return None
    # the common flags at the cost of one hash of the set (a frozenset keeps it), not a
    # hash of each flag looked for (an enum member's hash runs in Python)
    if type(flags) is frozenset and flags in _PLAIN[hand.win_type is WinType.SELF_DRAW]:
        return None
    for flag in _NOT_IN_MCR:
        if flag in flags:
            return HandProblem(HandErrorCode.FLAG_NOT_IN_RULES, flags=(flag.value,))
    self_draw = hand.win_type is WinType.SELF_DRAW
    for flag in _DISCARD_ONLY if self_draw else _SELF_DRAW_ONLY:
        if flag in flags:
            code = (
                HandErrorCode.FLAG_NEEDS_DISCARD
                if self_draw
                else HandErrorCode.FLAG_NEEDS_SELF_DRAW
            )
            return HandProblem(code, flags=(flag.value,))
    if WinFlag.KONG_REPLACEMENT in flags and not any(m.kind is MeldKind.KONG for m in hand.melds):
        return HandProblem(HandErrorCode.KONG_REPLACEMENT_WITHOUT_KONG)
    if WinFlag.ROBBING_KONG in flags and (
        hand.winning_tile in hand.concealed
        or any(hand.winning_tile in meld.tiles for meld in hand.melds)
    ):
        return HandProblem(HandErrorCode.ROBBED_TILE_HELD, tile=tile_code(hand.winning_tile))
    return None
