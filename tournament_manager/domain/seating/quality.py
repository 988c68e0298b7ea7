"""The quality report a head judge reads before a draw is published.

Computed from the seated sessions alone (plus the history they follow), so it judges any
schedule: one this package drew, one imported from another program, one edited by hand.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Sequence
from dataclasses import dataclass
from itertools import combinations
from math import comb

from tournament_manager.domain.seating.model import Player, SeatedSession, missed_sessions
from tournament_manager.domain.seating.pairs import MeetingCounts, opponent_masks
from tournament_manager.domain.seating.proved import proved_least_excess
from tournament_manager.domain.seating.shortfall import forced_repeats


@dataclass(frozen=True)
class RepeatedPair:
    players: tuple[Player, Player]
    sessions: tuple[int, ...]
    """0-based indices (history first, then the schedule) of the sessions where they met."""

    @property
    def back_to_back(self) -> bool:
        return any(b - a == 1 for a, b in zip(self.sessions, self.sessions[1:]))


@dataclass(frozen=True)
class WindImbalance:
    player: Player
    counts: tuple[int, int, int, int]
    """How often the player started East, South, West, North."""


@dataclass(frozen=True)
class TableRevisit:
    player: Player
    table: int
    sessions: tuple[int, ...]


@dataclass(frozen=True)
class ForbiddenMeeting:
    players: tuple[Player, Player]
    session: int


@dataclass(frozen=True)
class IndirectMeets:
    """For pairs that never meet: how many opponents they share (0 = different worlds)."""

    pairs_never_met: int
    min_shared: int
    max_shared: int
    mean_shared: float
    pairs_sharing_none: int


@dataclass(frozen=True)
class QualityReport:
    players: int
    sessions: int
    excess_meetings: int
    """The schedule's meetings of pairs beyond each pair's first meeting (history
    included): without history, the sum over pairs of max(0, meetings - 1)."""
    theoretical_min_excess: int
    """At least this many excess meetings are forced by the number of seats at tables."""
    max_meetings: int
    """The most meetings (history included) of a pair that meets in the schedule."""
    repeated_pairs: tuple[RepeatedPair, ...]
    wind_imbalances: tuple[WindImbalance, ...]
    wind_spread: int
    """Largest difference between a player's most and least used wind."""
    table_revisits: tuple[TableRevisit, ...]
    revisits_forced: bool
    """True when some player plays more sessions than there are tables."""
    forbidden_meetings: tuple[ForbiddenMeeting, ...]
    indirect: IndirectMeets

    @property
    def back_to_back_repeats(self) -> tuple[RepeatedPair, ...]:
        return tuple(pair for pair in self.repeated_pairs if pair.back_to_back)

    @property
    def winds_balanced(self) -> bool:
        return not self.wind_imbalances


def _key(a: Player, b: Player, order: dict[Hashable, int]) -> tuple[Player, Player]:
    return (a, b) if order[a] < order[b] else (b, a)


def _least_excess(schedule: Sequence[SeatedSession], history: Sequence[SeatedSession],
                  order: dict[Hashable, int]) -> int:
    """Excess meetings no draw of `schedule` can avoid after `history`: every table pair
    of the schedule beyond the pairs of its players who have not met yet (a pair that met
    already makes excess at each meeting; a new pair only from its second), or the
    players' own shortfalls of new opponents where they are more (`shortfall`, for
    schedules that seat all but n mod 4 each session). Without history
    this is the seats-at-tables count, or the least proved for
    the field (`proved`: 17 x 5 with fair byes, 1); for a final of four players who met
    before it is the meetings they cannot help repeating."""
    before: dict[tuple[Player, Player], int] = {}
    for session in history:
        for table in session.tables:
            for a, b in combinations(table.seats, 2):
                key = _key(a, b, order)
                before[key] = before.get(key, 0) + 1
    players = sorted({p for session in schedule for p in session.players()},
                     key=order.__getitem__)
    new_pairs = sum(1 for a, b in combinations(players, 2) if _key(a, b, order) not in before)
    slots = sum(6 * len(session.tables) for session in schedule)
    least = max(0, slots - new_pairs)
    if all(len(session.tables) == len(players) // 4 for session in schedule):
        # Each player's own shortfall of new opponents, the byes wherever they spare most.
        index = {p: i for i, p in enumerate(players)}
        fixed = MeetingCounts(len(players))
        fixed.add_sessions([[[index[p] for p in table.seats if p in index]
                             for table in session.tables] for session in history])
        least = max(least, forced_repeats(fixed, len(schedule), None))
    least = max(least, _split_history_tables(schedule, history))
    # The proofs of `proved` assume fair byes: nobody sat out twice.
    if not history and max(missed_sessions(players, schedule), default=0) <= 1:
        least = max(least, proved_least_excess(len(players), len(schedule)))
    return least


def _split_history_tables(schedule: Sequence[SeatedSession],
                          history: Sequence[SeatedSession]) -> int:
    """Excess meetings forced because a history table's players cannot all be kept
    apart: k of them seated in a session of T tables share a table at least
    r C(q + 1, 2) + (T - r) C(q, 2) times (k = qT + r, spread as evenly as the tables
    allow), each a meeting of a pair that has met. The tables of one history session are
    disjoint, so their counts add up, over every session of the schedule; the best
    history session gives the bound. Eight players of two session-1 tables and four late
    entries at three tables must repeat twice; the report said the minimum was 0."""
    best = 0
    for before in history:
        forced = 0
        for session in schedule:
            seated = set(session.players())
            tables = len(session.tables)
            if not tables:
                continue
            for table in before.tables:
                q, r = divmod(sum(1 for p in table.seats if p in seated), tables)
                forced += r * comb(q + 1, 2) + (tables - r) * comb(q, 2)
        best = max(best, forced)
    return best


def quality_report(schedule: Sequence[SeatedSession], *,
                   forbidden_groups: Sequence[Collection[Player]] = (),
                   history: Sequence[SeatedSession] = ()) -> QualityReport:
    """Judge `schedule` as played after `history`: what the schedule adds.

    The history counts towards what the schedule does (a pair that met before repeats at
    its next meeting, a wind drawn often before unbalances the next), but what the history
    did alone is not the schedule's: a pair that repeated only there, or a player no longer
    seated, is not reported. (After an elimination round seated by rank, its repeats and
    its cut players' winds filled the report of the final's one table.)"""
    first = len(history)
    sessions = [*history, *schedule]
    order: dict[Hashable, int] = {}
    for session in sessions:
        for player in session.players():
            order.setdefault(player, len(order))
    met: dict[tuple[Player, Player], list[int]] = {}
    winds: dict[Hashable, list[int]] = {p: [0, 0, 0, 0] for p in order}
    tables: dict[tuple[Player, int], list[int]] = {}
    most_tables = 0
    for index, session in enumerate(sessions):
        most_tables = max(most_tables, len(session.tables))
        for table in session.tables:
            for seat, player in enumerate(table.seats):
                winds[player][seat] += 1
                tables.setdefault((player, table.number), []).append(index)
            for a, b in combinations(table.seats, 2):
                met.setdefault(_key(a, b, order), []).append(index)
    now = {pair: at for pair, at in met.items() if at[-1] >= first}
    repeated = tuple(RepeatedPair(pair, tuple(at)) for pair, at in now.items() if len(at) > 1)
    seated = {p for session in schedule for p in session.players()}
    counts = {p: c for p, c in winds.items() if p in seated}
    forbidden = {_key(a, b, order) for group in forbidden_groups
                 for a, b in combinations([p for p in group if p in order], 2)}
    return QualityReport(
        players=len(order),
        sessions=len(sessions),
        excess_meetings=sum(len(at) - max(1, sum(1 for i in at if i < first))
                            for at in now.values()),
        theoretical_min_excess=_least_excess(schedule, history, order),
        max_meetings=max((len(at) for at in now.values()), default=0),
        repeated_pairs=repeated,
        wind_imbalances=tuple(WindImbalance(p, (c[0], c[1], c[2], c[3]))
                              for p, c in counts.items() if _unbalanced(c)),
        wind_spread=max((max(c) - min(c) for c in counts.values()), default=0),
        table_revisits=tuple(TableRevisit(player, number, tuple(at))
                             for (player, number), at in tables.items()
                             if len(at) > 1 and at[-1] >= first),
        revisits_forced=any(sum(c) > most_tables for c in counts.values()),
        forbidden_meetings=tuple(ForbiddenMeeting(pair, index) for pair in sorted(
            forbidden & now.keys(), key=lambda pair: (order[pair[0]], order[pair[1]]))
            for index in met[pair] if index >= first),
        indirect=_indirect(sessions, order, met),
    )


def _unbalanced(counts: Sequence[int]) -> bool:
    played = sum(counts)
    return any(c < played // 4 or c > -(-played // 4) for c in counts)


def _indirect(sessions: Sequence[SeatedSession], order: dict[Hashable, int],
              met: dict[tuple[Player, Player], list[int]]) -> IndirectMeets:
    indexed = [[[order[p] for p in table.seats] for table in session.tables]
               for session in sessions]
    masks = opponent_masks(indexed, len(order))
    shared = [(masks[order[a]] & masks[order[b]]).bit_count()
              for a, b in combinations(order, 2) if _key(a, b, order) not in met]
    if not shared:
        return IndirectMeets(0, 0, 0, 0.0, 0)
    return IndirectMeets(len(shared), min(shared), max(shared), sum(shared) / len(shared),
                         shared.count(0))
