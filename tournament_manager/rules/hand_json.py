"""The JSON hand format of hand-format.md, in and out.

Both the `score` command and the GUI calculator go through these functions, so the two can
never disagree. Reading reports the first problem as a `HandProblem`; the caller supplies
the function that words problems, keeping English out of this layer.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any, Final, TypeVar

from tournament_manager.rules.errors import HandError, HandErrorCode, HandProblem
from tournament_manager.rules.hand import (
    MAX_FLOWERS,
    Hand,
    Meld,
    MeldKind,
    PlayerHand,
    WinFlag,
    WinType,
)
from tournament_manager.rules.hand_checks import shown_hand_problem
from tournament_manager.rules.result import LimitedScore, ScoreResult
from tournament_manager.rules.rule_set import RuleSet
from tournament_manager.rules.settlement import TableOutcome, Win
from tournament_manager.rules.tiles import WINDS, TileId, Wind, parse_tiles, tile_code

DescribeProblem = Callable[[HandProblem], str]
EnumT = TypeVar("EnumT", bound=Enum)
NOBODY: Final = "none"  # `responsible` when same-turn immunity leaves nobody responsible


@dataclass(frozen=True, slots=True)
class HandRequest:
    """A hand plus who pays for it. `responsible` is None when nobody is (self-draw or
    same-turn immunity); without a `discarder`, payments are given by role."""

    hand: Hand
    discarder: Wind | None
    responsible: Wind | None
    has_responsible: bool
    others: Mapping[Wind, PlayerHand] = field(default_factory=dict)
    """The losers' shown hands (classical `others`), by seat; a seat left out scores 0."""


@dataclass(frozen=True, slots=True)
class HandReport:
    """`payments` is keyed by seat code, or by role name when the discarder is unknown."""

    result: ScoreResult
    payments: Mapping[str, int]
    scores: Mapping[str, int] = field(default_factory=dict)
    """Each seat's own points, where every hand is scored (classical)."""


def score_json(
    data: object, rule_set: RuleSet[Any], options: Any, describe: DescribeProblem
) -> object:
    """One hand object or a list of them in, the same shape out; bad hands are reported in
    place and never stop the batch."""
    if isinstance(data, list):
        return [report_to_json(evaluate_hand(item, rule_set, options), describe) for item in data]
    return report_to_json(evaluate_hand(data, rule_set, options), describe)


def evaluate_hand(data: object, rule_set: RuleSet[Any], options: Any) -> HandReport:
    try:
        request = read_hand(data)
    except HandError as error:
        return HandReport(ScoreResult.invalid(error.problem), {})
    if not rule_set.same_turn_immunity and _names_another_payer(request):
        return HandReport(ScoreResult.invalid(
            HandProblem(HandErrorCode.IMMUNITY_NOT_IN_RULES, field="responsible")), {})
    result = rule_set.score(request.hand, options)
    if not result.valid:
        return HandReport(result, {})
    if rule_set.settles_every_hand:
        scores = {seat: 0 for seat in WINDS}
        scores.update({seat: rule_set.score_player_hand(shown, options).value
                       for seat, shown in request.others.items()})
        scores[request.hand.seat_wind] = result.value
        return HandReport(result, _payments(request, result.value, rule_set, options, scores),
                          {seat.value: scores[seat] for seat in WINDS})
    return HandReport(result, _payments(request, result.value, rule_set, options))


def _names_another_payer(request: HandRequest) -> bool:
    """A discard win paid by someone other than its discarder, or by nobody: same-turn
    immunity, which only some rules have (`RuleSet.same_turn_immunity`)."""
    if request.hand.win_type is not WinType.DISCARD:
        return False
    if not request.has_responsible:
        return True
    return request.discarder is not None and request.responsible is not request.discarder


def report_to_json(report: HandReport, describe: DescribeProblem) -> dict[str, object]:
    result = report.result
    if result.problem is not None:
        return {
            "valid": False,
            "error": describe(result.problem),
            "code": result.problem.code.value,
        }
    assert result.arrangement is not None  # a valid result always has one
    return {
        "valid": True,
        "value": result.value,
        "raw_total": result.raw_total,
        "limit": result.limit.value,
        "patterns": [
            {"id": pattern.id, "name": pattern.name, "points": pattern.points}
            for pattern in result.patterns
        ],
        "arrangement": [
            [tile_code(tile) for tile in group.tiles] for group in result.arrangement.groups
        ],
        "payments": dict(report.payments),
        **({"scores": dict(report.scores)} if report.scores else {}),
    }


def read_hand(data: object) -> HandRequest:
    """Raises `HandError` for the first field that cannot be read."""
    if not isinstance(data, Mapping):
        raise _problem(HandErrorCode.NOT_AN_OBJECT)
    win_type = _enum_field(data, "win_type", WinType)
    seat = _enum_field(data, "seat_wind", Wind)
    hand = Hand(
        concealed=_tiles_field(data, "concealed", data.get("concealed")),
        melds=_melds(data.get("melds", [])),
        winning_tile=_winning_tile(data),
        win_type=win_type,
        seat_wind=seat,
        flags=_flags(data.get("flags", {})),
        prevalent_wind=(
            Wind.E
            if data.get("prevalent_wind") is None
            else _enum_field(data, "prevalent_wind", Wind)
        ),
        flowers=_flowers(data.get("flowers", 0)),
    )
    discarder = None if data.get("discarder") is None else _enum_field(data, "discarder", Wind)
    immune = data.get("responsible") == NOBODY
    named = (
        None
        if data.get("responsible") in (None, NOBODY)
        else _enum_field(data, "responsible", Wind)
    )
    _check_payers(seat, win_type, discarder, named)
    has_responsible = win_type is WinType.DISCARD and not immune
    responsible = (named or discarder) if has_responsible else None
    others = _others(data.get("others", {}), seat, hand.prevalent_wind)
    return HandRequest(hand, discarder, responsible, has_responsible, others)


def _others(value: object, winner: Wind, prevalent: Wind) -> dict[Wind, PlayerHand]:
    """The losers' shown hands, keyed by their seats ("E".."N", never the winner's); any
    tiles, sets counted where they stand, but real sets and no tile five times."""
    if not isinstance(value, Mapping):
        raise _problem(HandErrorCode.INVALID_FIELD, field="others", value=_shown(value))
    shown: dict[Wind, PlayerHand] = {}
    for key, item in value.items():
        seat = next((w for w in WINDS if w.value == key and w is not winner), None)
        if seat is None or not isinstance(item, Mapping):
            raise _problem(HandErrorCode.INVALID_FIELD, field="others", value=_shown(key))
        try:
            shown[seat] = _player_hand(item, seat, prevalent)
        except HandError as error:
            raise HandError(replace(error.problem, hand_of=seat.value)) from None
    return shown


def _player_hand(item: Mapping[str, object], seat: Wind, prevalent: Wind) -> PlayerHand:
    hand = PlayerHand(_melds(item.get("melds", [])),
                      _tiles_field(item, "concealed", item.get("concealed", "")),
                      seat, prevalent, _flowers(item.get("flowers", 0)))
    problem = shown_hand_problem(hand)
    if problem is not None:
        raise HandError(problem)
    return hand


@dataclass(frozen=True, slots=True)
class ShownReport:
    """A loser's shown hand scored by rules that score every hand, or why it cannot be."""

    score: LimitedScore | None
    problem: HandProblem | None = None


def evaluate_shown_hand(data: object, rule_set: RuleSet[Any], options: Any) -> ShownReport:
    """A loser's hand object ({"seat_wind", "concealed", "melds", "flowers",
    "prevalent_wind"}; no winning tile) scored as `score` scores an entry of `others`: the
    window's calculator and the table page's score a loser's hand for the sheet here."""
    try:
        if not isinstance(data, Mapping):
            raise _problem(HandErrorCode.NOT_AN_OBJECT)
        seat = _enum_field(data, "seat_wind", Wind)
        prevalent = (Wind.E if data.get("prevalent_wind") is None
                     else _enum_field(data, "prevalent_wind", Wind))
        hand = _player_hand(data, seat, prevalent)
    except HandError as error:
        return ShownReport(None, error.problem)
    return ShownReport(rule_set.score_player_hand(hand, options))


def shown_report_to_json(report: ShownReport, describe: DescribeProblem) -> dict[str, object]:
    if report.score is None:
        assert report.problem is not None
        return {"valid": False, "error": describe(report.problem),
                "code": report.problem.code.value}
    return {"valid": True, "points": report.score.value, "raw_total": report.score.raw_total,
            "limit": report.score.limit.value,
            "patterns": [{"id": p.id, "name": p.name, "points": p.points}
                         for p in report.score.patterns]}


def _check_payers(
    seat: Wind, win_type: WinType, discarder: Wind | None, responsible: Wind | None
) -> None:
    if win_type is WinType.SELF_DRAW:
        if discarder is not None:
            raise _problem(HandErrorCode.DISCARDER_ON_SELF_DRAW, seat=discarder.value)
        if responsible is not None:
            raise _problem(HandErrorCode.RESPONSIBLE_ON_SELF_DRAW, seat=responsible.value)
    if discarder is seat:
        raise _problem(HandErrorCode.DISCARDER_IS_WINNER, seat=seat.value)
    if responsible is seat:
        raise _problem(HandErrorCode.RESPONSIBLE_IS_WINNER, seat=seat.value)


def _payments(
    request: HandRequest, value: int, rule_set: RuleSet[Any], options: Any,
    scores: Mapping[Wind, int] | None = None,
) -> dict[str, int]:
    hand = request.hand
    if request.discarder is None and not (scores and hand.win_type is WinType.SELF_DRAW):
        by_role = rule_set.payments_by_role(hand.win_type, value, request.has_responsible, options)
        return {role.value: amount for role, amount in by_role.items()}
    outcome = TableOutcome(
        hand.win_type, (Win(hand.seat_wind, value, request.responsible),), request.discarder,
        hand_points=dict(scores) if scores else None,
    )
    by_seat = rule_set.settle(outcome, options)
    return {seat.value: by_seat[seat] for seat in WINDS}


def _problem(code: HandErrorCode, **details: Any) -> HandError:
    return HandError(HandProblem(code, **details))


def _enum_field(data: Mapping[str, object], key: str, enum: type[EnumT]) -> EnumT:
    value = data.get(key)
    if value is None:
        raise _problem(HandErrorCode.MISSING_FIELD, field=key)
    for member in enum:
        if member.value == value:
            return member
    raise _problem(HandErrorCode.INVALID_FIELD, field=key, value=_shown(value))


def _shown(value: object) -> str:
    """A field's offending value as the user typed it."""
    return value if isinstance(value, str) else json.dumps(value)


def _tiles_field(data: Mapping[str, object], key: str, value: object) -> tuple[TileId, ...]:
    if value is None:
        raise _problem(HandErrorCode.MISSING_FIELD, field=key)
    if isinstance(value, str):
        return parse_tiles(value)
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return parse_tiles(value)
    raise _problem(HandErrorCode.INVALID_FIELD, field=key, value=_shown(value))


def _winning_tile(data: Mapping[str, object]) -> TileId:
    tiles = _tiles_field(data, "winning_tile", data.get("winning_tile"))
    if len(tiles) != 1:
        raise _problem(
            HandErrorCode.INVALID_FIELD, field="winning_tile", value=_shown(data["winning_tile"])
        )
    return tiles[0]


def _flowers(value: object) -> int:
    """Optional (MCR, classical): how many flowers and seasons the winner exposed."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_FLOWERS:
        raise _problem(HandErrorCode.INVALID_FIELD, field="flowers", value=_shown(value))
    return value


def _melds(value: object) -> tuple[Meld, ...]:
    if not isinstance(value, list):
        raise _problem(HandErrorCode.INVALID_FIELD, field="melds", value=_shown(value))
    melds: list[Meld] = []
    for index, item in enumerate(value):
        try:
            melds.append(_meld(item))
        except HandError as error:
            field = error.problem.field
            if field is None:
                raise
            named = f"melds[{index}]" + (f".{field}" if field != "melds" else "")
            raise HandError(replace(error.problem, field=named)) from None
    return tuple(melds)


def _meld(item: object) -> Meld:
    if not isinstance(item, Mapping):
        raise _problem(HandErrorCode.INVALID_FIELD, field="melds", value=_shown(item))
    kind = _enum_field(item, "type", MeldKind)
    exposed = item.get("exposed", True)
    if not isinstance(exposed, bool):
        raise _problem(HandErrorCode.INVALID_FIELD, field="exposed", value=_shown(exposed))
    return Meld(kind, _tiles_field(item, "tiles", item.get("tiles")), exposed)


def _flags(value: object) -> frozenset[WinFlag]:
    if isinstance(value, Mapping):
        for name, state in value.items():
            if not isinstance(state, bool):
                raise _problem(
                    HandErrorCode.INVALID_FIELD, field=f"flags.{name}", value=_shown(state)
                )
        names: Sequence[object] = [name for name, state in value.items() if state]
    elif isinstance(value, list):
        names = value
    else:
        raise _problem(HandErrorCode.INVALID_FIELD, field="flags", value=_shown(value))
    flags: set[WinFlag] = set()
    for name in names:
        flag = next((f for f in WinFlag if f.value == name), None)
        if flag is None:
            raise _problem(HandErrorCode.UNKNOWN_FLAG, value=str(name))
        flags.add(flag)
    return frozenset(flags)
