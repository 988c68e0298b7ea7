"""Plain-words sentences for hand and settlement error codes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from tournament_manager.messages.rule_sets import rule_set_name
from tournament_manager.rules.errors import (
    HandErrorCode,
    HandProblem,
    SettlementErrorCode,
    ValueErrorCode,
    ValueProblem,
)
from tournament_manager.words import N_, _


def describe_hand_problem(problem: HandProblem) -> str:
    text = _HAND_MESSAGES[problem.code](problem)
    if problem.hand_of is None:
        return text
    return _("{seat}'s hand: {text}").format(seat=problem.hand_of, text=text)


def describe_settlement_error(
    code: SettlementErrorCode,
    seat: str | None = None,
    problem: ValueProblem | None = None,
    rule_set_id: str | None = None,
) -> str:
    """`problem` (a `SettlementError`'s, for the value codes) adds what was wrong with the
    value and what would have been possible; without it the sentence stays general."""
    if seat is None and code in _SEATLESS_MESSAGES:
        text = _(_SEATLESS_MESSAGES[code])
    else:
        text = _(_SETTLEMENT_MESSAGES[code]).format(seat=seat)
    if problem is None:
        return text
    return _("{text}: {problem}").format(
        text=text, problem=describe_value_problem(problem, rule_set_id))


def describe_value_problem(problem: ValueProblem, rule_set_id: str | None = None) -> str:
    """A sentence a table judge can act on: the rule broken and the value entered.
    `rule_set_id`'s rules are named (in the language spoken) in the one sentence that lists
    the possible values."""
    value = problem.value
    match problem.code:
        case ValueErrorCode.NOT_POSITIVE:
            return _("a winning hand is worth at least 1 point; {value} is not "
                     "possible").format(value=value)
        case ValueErrorCode.NEGATIVE:
            return _("hand points cannot be negative; {value} is not possible").format(
                value=value)
        case ValueErrorCode.BELOW_MINIMUM:
            return _("the minimum is {minimum} points; {value} is too few").format(
                minimum=problem.minimum, value=value)
        case ValueErrorCode.ABOVE_LIMIT:
            return _("the limit is {limit} points; {value} is above it").format(
                limit=problem.limit, value=value)
        case ValueErrorCode.NOT_REACHABLE:
            if rule_set_id:
                return _("a {rules} hand is worth {values}; {value} is not possible").format(
                    rules=rule_set_name(rule_set_id), values=_possible_values(problem),
                    value=value)
            return _("a hand is worth {values}; {value} is not possible").format(
                values=_possible_values(problem), value=value)


def _possible_values(problem: ValueProblem) -> str:
    """"1 (Chicken Hand) or a multiple of 5 from 5 to 320, or a listed limit of 400 or 480":
    single values under the stepped range, the range, then the values above it."""
    first, limit, step = problem.minimum, problem.limit, problem.step
    if step is not None and first is not None and limit is None:  # roof off: no top
        return _("a multiple of {step} from {first} up").format(step=step, first=first)
    if step is None or first is None or limit is None or first > limit:
        return _or_list([_single(v) for v in problem.allowed]) or _("no value at all")
    low = [_single(v) for v in problem.allowed if v < first]
    high = [str(v) for v in problem.allowed if v > limit]
    last = limit // step * step
    stepped = (_("any value from {first} to {last}") if step == 1 else
               _("a multiple of {step} from {first} to {last}")).format(
        step=step, first=first, last=last)
    if last != limit:
        stepped += f", {limit}"  # a compound limit off the step is still a hand's value
    text = _(" or ").join([*low, stepped])
    if high:
        text += _(", or a listed limit of {values}").format(values=_or_list(high))
    return text


def _single(value: int) -> str:
    """The one value below every pattern sum is the hand with no pattern."""
    return _("{value} (Chicken Hand)").format(value=value) if value == 1 else str(value)


def _or_list(words: list[str]) -> str:
    return _(" or ").join(filter(None, [_(", ").join(words[:-1]), *words[-1:]]))


def _tiles(problem: HandProblem) -> str:
    return " ".join(problem.tiles)


def _flag_list(problem: HandProblem) -> str:
    return _(" and ").join(f"'{flag}'" for flag in problem.flags)


def _copies(problem: HandProblem) -> str:
    return _("{count} copies of {tile} (at most four exist)").format(
        count=_count_word(problem.count), tile=problem.tile)


def _count_word(count: int | None) -> str:
    words = {5: N_("five"), 6: N_("six"), 7: N_("seven"), 8: N_("eight")}
    return _(words[count]) if count in words else str(count)


def _tile_count(problem: HandProblem) -> str:
    return _("wrong tile count: {count} concealed tiles besides the winning tile, but the "
             "melds leave room for {expected}").format(count=problem.count,
                                                        expected=problem.expected)


def _unusable(problem: HandProblem) -> str:
    return _("not a winning hand (false win): the winning tile {tile} does not complete it "
             "(it waits on {waits})").format(tile=problem.tile,
                                             waits=_(", ").join(problem.tiles))


def _meld(kind: str | None) -> str:
    """A meld kind as the hand format names it ("pung"), in words."""
    words = {"chow": N_("chow"), "pung": N_("pung"), "kong": N_("kong")}
    return _(words[kind]) if kind in words else str(kind)


_HAND_MESSAGES: Final[dict[HandErrorCode, Callable[[HandProblem], str]]] = {
    HandErrorCode.NOT_AN_OBJECT: lambda p: _("a hand must be a JSON object"),
    HandErrorCode.MISSING_FIELD: lambda p: _("missing field '{field}'").format(field=p.field),
    HandErrorCode.INVALID_FIELD: lambda p: _("field '{field}' has an invalid value "
                                             "{value}").format(field=p.field, value=p.value),
    HandErrorCode.UNKNOWN_TILE: lambda p: _("unknown tile code '{tile}'").format(tile=p.tile),
    HandErrorCode.UNKNOWN_FLAG: lambda p: _("unknown flag '{flag}'").format(flag=p.value),
    HandErrorCode.WRONG_TILE_COUNT: _tile_count,
    HandErrorCode.TOO_MANY_MELDS: lambda p: _("{count} melds (a hand has at most "
                                              "four)").format(count=p.count),
    HandErrorCode.TOO_MANY_COPIES: _copies,
    HandErrorCode.MELD_WRONG_SIZE: lambda p: _(
        "a {meld} needs {expected} tiles, not {count} ({tiles})").format(
        meld=_meld(p.value), expected=p.expected, count=p.count, tiles=_tiles(p)),
    HandErrorCode.MELD_NOT_IDENTICAL: lambda p: _(
        "a {meld} needs identical tiles, not {tiles}").format(meld=_meld(p.value),
                                                              tiles=_tiles(p)),
    HandErrorCode.CHOW_OF_HONORS: lambda p: _("a chow cannot contain honors ({tiles})").format(
        tiles=_tiles(p)),
    HandErrorCode.CHOW_ACROSS_SUITS: lambda p: _("a chow must be of one suit ({tiles})").format(
        tiles=_tiles(p)),
    HandErrorCode.CHOW_NOT_CONSECUTIVE: lambda p: _(
        "a chow needs three consecutive numbers ({tiles})").format(tiles=_tiles(p)),
    HandErrorCode.CONCEALED_PUNG_OR_CHOW: lambda p: _(
        "only a kong can be declared concealed, not a {meld} ({tiles})").format(
        meld=_meld(p.value), tiles=_tiles(p)),
    HandErrorCode.FLAG_NEEDS_SELF_DRAW: lambda p: _(
        "flag {flags} needs a self-drawn win, but the hand won on a discard").format(
        flags=_flag_list(p)),
    HandErrorCode.FLAG_NEEDS_DISCARD: lambda p: _(
        "flag {flags} needs a win on a discard, but the hand was self-drawn").format(
        flags=_flag_list(p)),
    HandErrorCode.FLAGS_EXCLUSIVE: lambda p: _("flags {flags} cannot both be set").format(
        flags=_flag_list(p)),
    HandErrorCode.FLAG_WRONG_SEAT: lambda p: _(
        "flag {flags} is impossible for the {seat} seat").format(flags=_flag_list(p),
                                                                 seat=p.seat),
    HandErrorCode.KONG_REPLACEMENT_WITHOUT_KONG: lambda p: _(
        "flag 'kong_replacement' needs a declared kong"),
    HandErrorCode.DISCARDER_ON_SELF_DRAW: lambda p: _(
        "a self-drawn hand has no discarder (got {seat})").format(seat=p.seat),
    HandErrorCode.DISCARDER_IS_WINNER: lambda p: _(
        "the winner ({seat}) cannot be the discarder").format(seat=p.seat),
    HandErrorCode.RESPONSIBLE_IS_WINNER: lambda p: _(
        'the winner ({seat}) cannot be responsible; use "none" for same-turn '
        'immunity').format(seat=p.seat),
    HandErrorCode.RESPONSIBLE_ON_SELF_DRAW: lambda p: _(
        "a self-drawn hand has no responsible player (got {seat})").format(seat=p.seat),
    HandErrorCode.WINNING_TILE_UNUSABLE: _unusable,
    HandErrorCode.NOT_WINNING_HAND: lambda p: _("not a winning hand (false win)"),
    HandErrorCode.BELOW_MINIMUM: lambda p: _(
        "false win: the hand is worth {value}, under the {minimum}-point minimum").format(
        value=p.count, minimum=p.expected),
    HandErrorCode.FLAG_NOT_IN_RULES: lambda p: _(
        "flag {flags} does not exist in the chosen rules").format(flags=_flag_list(p)),
    HandErrorCode.IMMUNITY_NOT_IN_RULES: lambda p: _(
        "the chosen rules have no same-turn immunity: the discarder pays, so 'responsible' "
        "can only be the discarder"),
    HandErrorCode.ROBBED_TILE_HELD: lambda p: _(
        "flag 'robbing_kong' is impossible: the winner already holds or shows {tile}").format(
        tile=p.tile),
}

_SETTLEMENT_MESSAGES: Final = {
    SettlementErrorCode.WIN_TYPE_REQUIRED: N_("a win needs its win type (self-draw or discard)"),
    SettlementErrorCode.DISCARDER_REQUIRED: N_("a win on a discard needs the discarder's seat"),
    SettlementErrorCode.DISCARDER_ON_SELF_DRAW: N_("a self-drawn win has no discarder"),
    SettlementErrorCode.SEVERAL_WINNERS_ON_SELF_DRAW: N_("only one player can win by self-draw"),
    SettlementErrorCode.TWO_WINNERS_ON_ONE_DISCARD: (
        N_("two players cannot both win on one discard: the claim nearest the discarder's "
        "lower seat wins alone")
    ),
    SettlementErrorCode.THREE_CLAIMS_INTERCEPTED: (
        N_("under these rules three claims on one discard are no exception: the claim nearest "
        "the discarder's lower seat ({seat}) wins alone")
    ),
    SettlementErrorCode.TOO_MANY_WINNERS: N_("at most three players can win on one discard"),
    SettlementErrorCode.DUPLICATE_WINNER: N_("{seat} is entered as winner twice"),
    SettlementErrorCode.WINNER_IS_DISCARDER: N_("the winner ({seat}) cannot be the discarder"),
    SettlementErrorCode.RESPONSIBLE_IS_WINNER: (
        N_("the winner ({seat}) cannot be responsible; enter nobody for same-turn immunity")
    ),
    SettlementErrorCode.RESPONSIBLE_ON_SELF_DRAW: N_("a self-drawn win has no responsible player"),
    SettlementErrorCode.NO_SAME_TURN_IMMUNITY: (
        N_("these rules have no same-turn immunity: the discarder pays for the win by {seat}")
    ),
    SettlementErrorCode.VALUE_NOT_POSITIVE: N_("the value of the win by {seat} must be at least 1"),
    SettlementErrorCode.HAND_POINTS_NEGATIVE: N_("the hand points of {seat} cannot be negative"),
    SettlementErrorCode.WINNER_POINTS_MISMATCH: (
        N_("the hand points entered for the winner ({seat}) differ from the value of the win")
    ),
    SettlementErrorCode.VALUE_NOT_ALLOWED: (
        N_("the value of the win by {seat} is not possible under these rules")
    ),
    SettlementErrorCode.HAND_POINTS_NOT_ALLOWED: (
        N_("the hand points of {seat} are not possible under these rules")
    ),
}

# The calculator settles a win whose seats are unknown: its errors name no seat.
_SEATLESS_MESSAGES: Final = {
    SettlementErrorCode.VALUE_NOT_POSITIVE: N_("the value of the win must be at least 1"),
    SettlementErrorCode.VALUE_NOT_ALLOWED: N_(
        "the value of the win is not possible under these rules"
    ),
}
