"""Lookup tables derived from one `McrOptions`: each fan's points and shown pattern, the
implication sets, the Green Book display order, and the memos of finished fan lists and of
kong fans.

Scoring asks for them on every hand, and hashing the options (a dataclass of enums, whose
hash runs in Python) would cost more than the lookups they guard. Options objects are few and
long-lived (one per tournament), so the tables are memoised by identity instead.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from tournament_manager.rules.errors import HandErrorCode, HandProblem
from tournament_manager.rules.mcr.fans import FAN_SLOTS, Fan
from tournament_manager.rules.mcr.implications import implication_table
from tournament_manager.rules.mcr.options import McrOptions
from tournament_manager.rules.result import ScoredPattern, ScoreResult


class Finished(NamedTuple):
    """A reading's fans after implication (before Chicken Hand and flowers), their total,
    and the patterns the result shows for them in Green Book order (Chicken Hand when no
    fan is left)."""

    fans: tuple[Fan, ...]
    total: int
    patterns: tuple[ScoredPattern, ...]


class OptionTables(NamedTuple):
    points: tuple[int, ...]  # indexed by fan
    patterns: dict[Fan, ScoredPattern]  # as the result shows each fan
    implied: dict[Fan, frozenset[Fan]]  # fan -> every fan it implies (Non-Repeat)
    finished: dict[tuple[Fan, ...], Finished]  # memo of `evaluate.finish`, fans as found
    kongs: dict[tuple[int, int, int], tuple[Fan, ...]]  # memo of `kongs.kong_fans`


_MAX_MEMOISED: Final = 64
_memo: dict[int, tuple[McrOptions, OptionTables]] = {}


def option_tables(options: McrOptions) -> OptionTables:
    """The tables of `options`, memoised by identity (the memo keeps the options alive, so
    an id is never reused while its entry stands)."""
    entry = _memo.get(id(options))
    if entry is not None and entry[0] is options:
        return entry[1]
    if len(_memo) >= _MAX_MEMOISED:
        _memo.clear()
    tables = _build(options)
    _memo[id(options)] = (options, tables)
    return tables


def _build(options: McrOptions) -> OptionTables:
    points = [0] * FAN_SLOTS
    for fan in Fan:
        points[fan] = options.points(fan)
    patterns = {fan: ScoredPattern(fan.id, fan.fan_name, points[fan]) for fan in Fan}
    implied = {fan: frozenset(found) for fan, found in implication_table(options).items()}
    return OptionTables(tuple(points), patterns, implied, {}, {})


def _book_position(fan: Fan) -> float:
    """Concealed Kong and Melded Kong (MahjongGB) sits with the other kong fans."""
    return 57.5 if fan is Fan.CONCEALED_KONG_AND_MELDED_KONG else float(fan)


_BOOK_POSITIONS: Final = (0.0, *(_book_position(Fan(slot)) for slot in range(1, FAN_SLOTS)))
book_order: Final = _BOOK_POSITIONS.__getitem__
"""Sort key of a fan in Green Book order (a tuple lookup: it runs for every fan shown)."""


_below_minimum: dict[tuple[int, int], ScoreResult] = {}


def below_minimum(points: int, minimum: int) -> ScoreResult:
    """The result of a hand whose fans (flowers aside) score `points`, fewer than
    `minimum`: one shared result per pair, as both dataclasses are frozen. Most random
    hands (about half of the benchmark's) end here, and building the problem and the
    result (keyword arguments into two frozen dataclasses) cost as much as scoring them."""
    key = (points, minimum)
    found = _below_minimum.get(key)
    if found is None:
        if len(_below_minimum) >= _MAX_MEMOISED:
            _below_minimum.clear()
        found = _below_minimum[key] = ScoreResult.invalid(
            HandProblem(HandErrorCode.BELOW_MINIMUM, count=points, expected=minimum)
        )
    return found
