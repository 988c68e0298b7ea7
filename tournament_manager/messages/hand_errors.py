"""Plain-words sentences for hand and settlement error codes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from tournament_manager.rules.errors import (
    HandErrorCode,
    HandProblem,
    SettlementErrorCode,
    ValueErrorCode,
    ValueProblem,
)

_WIN_TYPES: Final = {"self_draw": "a self-draw", "discard": "a discard win"}


def describe_hand_problem(problem: HandProblem) -> str:
    text = _HAND_MESSAGES[problem.code](problem)
    return text if problem.hand_of is None else f"{problem.hand_of}'s hand: {text}"


def describe_settlement_error(
    code: SettlementErrorCode,
    seat: str | None = None,
    problem: ValueProblem | None = None,
    rule_set_name: str | None = None,
) -> str:
    """`problem` (a `SettlementError`'s, for the value codes) adds what was wrong with the
    value and what would have been possible; without it the sentence stays general."""
    if seat is None and code in _SEATLESS_MESSAGES:
        text = _SEATLESS_MESSAGES[code]
    else:
        text = _SETTLEMENT_MESSAGES[code].format(seat=seat)
    if problem is None:
        return text
    return f"{text}: {describe_value_problem(problem, rule_set_name)}"


def describe_value_problem(problem: ValueProblem, rule_set_name: str | None = None) -> str:
    """A sentence a table judge can act on: the rule broken and the value entered.
    `rule_set_name` names the rules in the one sentence that lists the possible values."""
    value = problem.value
    match problem.code:
        case ValueErrorCode.NOT_POSITIVE:
            return f"a winning hand is worth at least 1 point; {value} is not possible"
        case ValueErrorCode.NEGATIVE:
            return f"hand points cannot be negative; {value} is not possible"
        case ValueErrorCode.BELOW_MINIMUM:
            return f"the minimum is {problem.minimum} points; {value} is too few"
        case ValueErrorCode.ABOVE_LIMIT:
            return f"the limit is {problem.limit} points; {value} is above it"
        case ValueErrorCode.NOT_REACHABLE:
            hand = f"a {rule_set_name} hand" if rule_set_name else "a hand"
            return f"{hand} is worth {_possible_values(problem)}; {value} is not possible"


def _possible_values(problem: ValueProblem) -> str:
    """"1 (Chicken Hand) or a multiple of 5 from 5 to 320, or a listed limit of 400 or 480":
    single values under the stepped range, the range, then the values above it."""
    first, limit, step = problem.minimum, problem.limit, problem.step
    if step is None or first is None or limit is None or first > limit:
        return _or_list([_single(v) for v in problem.allowed]) or "no value at all"
    low = [_single(v) for v in problem.allowed if v < first]
    high = [str(v) for v in problem.allowed if v > limit]
    last = limit // step * step
    stepped = f"any value from {first} to {last}" if step == 1 else (
        f"a multiple of {step} from {first} to {last}"
    )
    if last != limit:
        stepped += f", {limit}"  # a compound limit off the step is still a hand's value
    text = " or ".join([*low, stepped])
    if high:
        text += f", or a listed limit of {_or_list(high)}"
    return text


def _single(value: int) -> str:
    """The one value below every pattern sum is the hand with no pattern."""
    return f"{value} (Chicken Hand)" if value == 1 else str(value)


def _or_list(words: list[str]) -> str:
    return " or ".join(filter(None, [", ".join(words[:-1]), *words[-1:]]))


def _tiles(problem: HandProblem) -> str:
    return " ".join(problem.tiles)


def _flag_list(problem: HandProblem) -> str:
    return " and ".join(f"'{flag}'" for flag in problem.flags)


def _copies(problem: HandProblem) -> str:
    return f"{_count_word(problem.count)} copies of {problem.tile} (at most four exist)"


def _count_word(count: int | None) -> str:
    words = {5: "five", 6: "six", 7: "seven", 8: "eight"}
    return words.get(count or 0, str(count))


def _tile_count(problem: HandProblem) -> str:
    return (
        f"wrong tile count: {problem.count} concealed tiles besides the winning tile, "
        f"but the melds leave room for {problem.expected}"
    )


def _unusable(problem: HandProblem) -> str:
    return (
        f"not a winning hand (false win): the winning tile {problem.tile} does not complete it "
        f"(it waits on {', '.join(problem.tiles)})"
    )


_HAND_MESSAGES: Final[dict[HandErrorCode, Callable[[HandProblem], str]]] = {
    HandErrorCode.NOT_AN_OBJECT: lambda p: "a hand must be a JSON object",
    HandErrorCode.MISSING_FIELD: lambda p: f"missing field '{p.field}'",
    HandErrorCode.INVALID_FIELD: lambda p: f"field '{p.field}' has an invalid value {p.value}",
    HandErrorCode.UNKNOWN_TILE: lambda p: f"unknown tile code '{p.tile}'",
    HandErrorCode.UNKNOWN_FLAG: lambda p: f"unknown flag '{p.value}'",
    HandErrorCode.WRONG_TILE_COUNT: _tile_count,
    HandErrorCode.TOO_MANY_MELDS: lambda p: f"{p.count} melds (a hand has at most four)",
    HandErrorCode.TOO_MANY_COPIES: _copies,
    HandErrorCode.MELD_WRONG_SIZE: lambda p: (
        f"a {p.value} needs {p.expected} tiles, not {p.count} ({_tiles(p)})"
    ),
    HandErrorCode.MELD_NOT_IDENTICAL: lambda p: (
        f"a {p.value} needs identical tiles, not {_tiles(p)}"
    ),
    HandErrorCode.CHOW_OF_HONORS: lambda p: f"a chow cannot contain honors ({_tiles(p)})",
    HandErrorCode.CHOW_ACROSS_SUITS: lambda p: f"a chow must be of one suit ({_tiles(p)})",
    HandErrorCode.CHOW_NOT_CONSECUTIVE: lambda p: (
        f"a chow needs three consecutive numbers ({_tiles(p)})"
    ),
    HandErrorCode.CONCEALED_PUNG_OR_CHOW: lambda p: (
        f"only a kong can be declared concealed, not a {p.value} ({_tiles(p)})"
    ),
    HandErrorCode.FLAG_NEEDS_SELF_DRAW: lambda p: (
        f"flag {_flag_list(p)} needs a self-drawn win, but the hand won on a discard"
    ),
    HandErrorCode.FLAG_NEEDS_DISCARD: lambda p: (
        f"flag {_flag_list(p)} needs a win on a discard, but the hand was self-drawn"
    ),
    HandErrorCode.FLAGS_EXCLUSIVE: lambda p: f"flags {_flag_list(p)} cannot both be set",
    HandErrorCode.FLAG_WRONG_SEAT: lambda p: (
        f"flag {_flag_list(p)} is impossible for the {p.seat} seat"
    ),
    HandErrorCode.KONG_REPLACEMENT_WITHOUT_KONG: lambda p: (
        "flag 'kong_replacement' needs a declared kong"
    ),
    HandErrorCode.DISCARDER_ON_SELF_DRAW: lambda p: (
        f"a self-drawn hand has no discarder (got {p.seat})"
    ),
    HandErrorCode.DISCARDER_IS_WINNER: lambda p: f"the winner ({p.seat}) cannot be the discarder",
    HandErrorCode.RESPONSIBLE_IS_WINNER: lambda p: (
        f'the winner ({p.seat}) cannot be responsible; use "none" for same-turn immunity'
    ),
    HandErrorCode.RESPONSIBLE_ON_SELF_DRAW: lambda p: (
        f"a self-drawn hand has no responsible player (got {p.seat})"
    ),
    HandErrorCode.WINNING_TILE_UNUSABLE: _unusable,
    HandErrorCode.NOT_WINNING_HAND: lambda p: "not a winning hand (false win)",
    HandErrorCode.BELOW_MINIMUM: lambda p: (
        f"false win: the hand is worth {p.count}, under the {p.expected}-point minimum"
    ),
    HandErrorCode.FLAG_NOT_IN_RULES: lambda p: (
        f"flag {_flag_list(p)} does not exist in the chosen rules"
    ),
    HandErrorCode.ROBBED_TILE_HELD: lambda p: (
        f"flag 'robbing_kong' is impossible: the winner already holds or shows {p.tile}"
    ),
}

_SETTLEMENT_MESSAGES: Final = {
    SettlementErrorCode.WIN_TYPE_REQUIRED: "a win needs its win type (self-draw or discard)",
    SettlementErrorCode.DISCARDER_REQUIRED: "a win on a discard needs the discarder's seat",
    SettlementErrorCode.DISCARDER_ON_SELF_DRAW: "a self-drawn win has no discarder",
    SettlementErrorCode.SEVERAL_WINNERS_ON_SELF_DRAW: "only one player can win by self-draw",
    SettlementErrorCode.TWO_WINNERS_ON_ONE_DISCARD: (
        "two players cannot both win on one discard: the claim nearest the discarder's "
        "lower seat wins alone"
    ),
    SettlementErrorCode.THREE_CLAIMS_INTERCEPTED: (
        "under these rules three claims on one discard are no exception: the claim nearest "
        "the discarder's lower seat ({seat}) wins alone"
    ),
    SettlementErrorCode.TOO_MANY_WINNERS: "at most three players can win on one discard",
    SettlementErrorCode.DUPLICATE_WINNER: "{seat} is entered as winner twice",
    SettlementErrorCode.WINNER_IS_DISCARDER: "the winner ({seat}) cannot be the discarder",
    SettlementErrorCode.RESPONSIBLE_IS_WINNER: (
        "the winner ({seat}) cannot be responsible; enter nobody for same-turn immunity"
    ),
    SettlementErrorCode.RESPONSIBLE_ON_SELF_DRAW: "a self-drawn win has no responsible player",
    SettlementErrorCode.VALUE_NOT_POSITIVE: "the value of the win by {seat} must be at least 1",
    SettlementErrorCode.HAND_POINTS_NEGATIVE: "the hand points of {seat} cannot be negative",
    SettlementErrorCode.WINNER_POINTS_MISMATCH: (
        "the hand points entered for the winner ({seat}) differ from the value of the win"
    ),
    SettlementErrorCode.VALUE_NOT_ALLOWED: (
        "the value of the win by {seat} is not possible under these rules"
    ),
    SettlementErrorCode.HAND_POINTS_NOT_ALLOWED: (
        "the hand points of {seat} are not possible under these rules"
    ),
}

# The calculator settles a win whose seats are unknown: its errors name no seat.
_SEATLESS_MESSAGES: Final = {
    SettlementErrorCode.VALUE_NOT_POSITIVE: "the value of the win must be at least 1",
    SettlementErrorCode.VALUE_NOT_ALLOWED: "the value of the win is not possible under these rules",
}
