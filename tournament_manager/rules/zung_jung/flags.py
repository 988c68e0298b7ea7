"""Win circumstances that contradict the win itself are invalid input (spec §5): the
calculator reports them instead of guessing which flag the player meant."""

from __future__ import annotations

from typing import Final

from tournament_manager.rules.errors import HandErrorCode, HandProblem
from tournament_manager.rules.hand import Hand, MeldKind, WinFlag, WinType
from tournament_manager.rules.tiles import Wind

_SELF_DRAW_ONLY: Final = (WinFlag.SEABED, WinFlag.KONG_REPLACEMENT, WinFlag.HEAVEN)
_DISCARD_ONLY: Final = (WinFlag.RIVERBED, WinFlag.ROBBING_KONG, WinFlag.EARTH)
# Blessing of Heaven is East's alone; Blessing of Earth never East's.
_SEAT_BOUND: Final = ((WinFlag.HEAVEN, True), (WinFlag.EARTH, False))
# Pairs that cannot both be true of one win (spec §5 and the patterns' own definitions):
# the seabed drawer may not declare a kong, so the riverbed tile is never a robbed kong tile;
# Blessing of Heaven is a win "on the dealt 14 tiles", so nothing was drawn (no seabed, no
# kong supplement); Blessing of Earth is a win "on East's first discard", which is neither
# the riverbed discard nor a tile added to a kong.
_EXCLUSIVE: Final = (
    (WinFlag.SEABED, WinFlag.RIVERBED),
    (WinFlag.RIVERBED, WinFlag.ROBBING_KONG),
    (WinFlag.HEAVEN, WinFlag.EARTH),
    (WinFlag.HEAVEN, WinFlag.SEABED),
    (WinFlag.HEAVEN, WinFlag.KONG_REPLACEMENT),
    (WinFlag.EARTH, WinFlag.RIVERBED),
    (WinFlag.EARTH, WinFlag.ROBBING_KONG),
)


def flag_problem(hand: Hand) -> HandProblem | None:
    flags = hand.flags
    if not flags:
        return None
    for first, second in _EXCLUSIVE:
        if first in flags and second in flags:
            return HandProblem(HandErrorCode.FLAGS_EXCLUSIVE, flags=(first.value, second.value))
    wrong_type = _DISCARD_ONLY if hand.win_type is WinType.SELF_DRAW else _SELF_DRAW_ONLY
    for flag in wrong_type:
        if flag in flags:
            code = (
                HandErrorCode.FLAG_NEEDS_DISCARD
                if hand.win_type is WinType.SELF_DRAW
                else HandErrorCode.FLAG_NEEDS_SELF_DRAW
            )
            return HandProblem(code, flags=(flag.value,))
    for flag, dealer_only in _SEAT_BOUND:
        if flag in flags and (hand.seat_wind is Wind.E) != dealer_only:
            return HandProblem(
                HandErrorCode.FLAG_WRONG_SEAT, flags=(flag.value,), seat=hand.seat_wind.value
            )
    if WinFlag.KONG_REPLACEMENT in flags and not any(
        meld.kind is MeldKind.KONG for meld in hand.melds
    ):
        return HandProblem(HandErrorCode.KONG_REPLACEMENT_WITHOUT_KONG)
    return None
