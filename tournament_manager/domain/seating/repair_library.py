"""Repairs found offline for a field that lost players after its first session.

After one session every history looks the same up to the players' names: tables of four,
less the players who withdrew from some of them. A repair found offline for 20 players
less one after their first session is therefore a repair for every such event, renamed.
Where the live search cannot reach the fewest repeats such a field allows, the repair is
shipped (`repairs.json`): 20 x 6 less one after session 1 is repaired by the search to one
excess meeting in 20 s and in 60 s alike, where a SAT solver finds one with none
(`tools/seating_search/repair_sat.py --first-session 20,6 --lost 1 --excess 0`); 24 x 6
less two from one table and one from another was repaired by the search without a repeat
in 16 s of its 20, too near the limit to rely on, and is shipped from a longer search
(`tools/seating_search/repair_search.py`); 24 x 6 less one from each of three tables
stopped at one excess meeting, where SAT, told the shapes the next session can take,
found a repair with none (`tools/seating_search/first_split.py`). Each entry keeps its
command and seconds.

An entry's players are numbered as its history is: the broken tables first (most lost
first), then the whole ones, each table's players consecutively. The history at hand is
recognised from its meetings alone: everyone present has missed no session, and those who
have met form separate tables (groups of four, or fewer where players withdrew), each pair
once. The renamed repair is checked on use like every shipped schedule: tables of four, no
pair meets that has met or meets twice, the byes in turn.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from tournament_manager.domain.seating.pairs import IntSessions, MeetingCounts
from tournament_manager.domain.seating.rotation import byes_fair
from tournament_manager.domain.seating.shipped import shipped_entries

REPAIRS_FILE = "repairs.json"

UNREPAIRABLE: Mapping[tuple[int, tuple[int, ...]], int] = MappingProxyType({(24, (3,)): 5})
"""(players of the first session, how many withdrew from each broken table, most first) ->
the fewest sessions after it that no repair seats without a repeat, the byes in turn
(nobody out twice): proved offline, so the draw stops at one repeat instead of searching
its whole time for none.

- 24 less 3 from one table, 5 sessions after (24 x 6 and longer): every shape of the next
  session refused. `tools/seating_search/second_split.py --first-session 24,6 --lost 3
  --shape K --exact` for K = 0, 1, 2: 5,136, 79,778 and 61,280 classes of the session
  after it, each refused by `later_sessions.c` (103 s, 719 s and 548 s on 2026-12-07;
  shape 0 also by CaDiCaL, 1,212 s). The live draw had searched 20 s for none and
  stopped at one; SAT alone was undecided after 17 minutes.
"""


RENAMINGS = 200
"""How many namings of the entry's players a draw with club mates to keep apart weighs (the
tables of a size in any order, the players of a table in any order), keeping the one that
seats the fewest club mates together: repeats come first, as the spec orders them, and
the entry has none under any naming."""


def shipped_repair(met: MeetingCounts, absences: Sequence[int], sessions: int, *,
                   forbidden: Collection[tuple[int, int]] = (), seed: int = 0,
                   entries: Sequence[dict[str, Any]] | None = None) -> IntSessions | None:
    """`sessions` sessions for the players of `met` (indices; the history's meetings) without
    a repeat, from a shipped repair of that history, renamed; None where the history is not
    one session's or no entry fits. With `forbidden` pairs (p < q: club mates), of
    `RENAMINGS` namings the one that seats the fewest of them together (`seed`)."""
    history = _after_one_session(met, absences, sessions)
    if history is None:
        return None
    players, lost, tables = history
    for entry in shipped_entries(REPAIRS_FILE) if entries is None else entries:
        try:
            if (entry["players"], entry["lost"]) != (players, lost) or \
                    entry["sessions"] < sessions:
                continue
            schedule = entry["schedule"][:sessions]
            renamed = _renamed(schedule, [p for table in tables for p in table])
        except (KeyError, TypeError, IndexError):
            continue
        if len(renamed) == sessions and clean_repair(renamed, met, absences):
            if forbidden:
                renamed = min((_renamed(schedule, names) for names in
                               _namings(tables, random.Random(seed), RENAMINGS)),
                              key=lambda named: _together(named, forbidden))
            return renamed
    return None


def proved_unrepairable(met: MeetingCounts, absences: Sequence[int], sessions: int) -> bool:
    """Whether `sessions` more sessions after the history `met` (one session's, nobody
    absent from it) are proved to repeat a pair (`UNREPAIRABLE`)."""
    history = _after_one_session(met, absences, sessions)
    if history is None:
        return False
    players, lost, _ = history
    least = UNREPAIRABLE.get((players, tuple(lost)))
    return least is not None and sessions >= least


def _after_one_session(met: MeetingCounts, absences: Sequence[int],
                       sessions: int) -> tuple[int, list[int], list[list[int]]] | None:
    """`first_session(met)` where the question is one this module answers: sessions to
    seat, after one session that everyone present played."""
    if sessions < 1 or any(absences):
        return None
    return first_session(met)


def first_session(met: MeetingCounts) -> tuple[int, list[int], list[list[int]]] | None:
    """The one session `met` records, as an entry names it: how many played it, how many
    withdrew from each broken table (most first), and its tables of those left in the
    entry's order (the entry's player i is the i-th of them all); None where `met` is not
    one session."""
    tables = _first_session_tables(met)
    if tables is None:
        return None
    broken = sorted((table for table in tables if len(table) < 4), key=len)
    whole = [table for table in tables if len(table) == 4]
    return 4 * len(tables), [4 - len(table) for table in broken], broken + whole


def _renamed(schedule: IntSessions, order: Sequence[int]) -> IntSessions:
    names = dict(enumerate(order))  # a number out of range is a KeyError, not the last
    return [[[names[p] for p in table] for table in session] for session in schedule]


def _namings(tables: Sequence[Sequence[int]], rng: random.Random,
             count: int) -> Iterator[list[int]]:
    """The tables' own order, then `count` - 1 others: tables of a size exchanged, players
    within a table."""
    yield [p for table in tables for p in table]
    for _ in range(count - 1):
        shuffled = [rng.sample(table, len(table)) for table in tables]
        for size in sorted({len(table) for table in tables}):
            places = [i for i, table in enumerate(tables) if len(table) == size]
            moved = rng.sample(places, len(places))
            shuffled_copy = list(shuffled)
            for place, source in zip(places, moved, strict=True):
                shuffled[place] = shuffled_copy[source]
        yield [p for table in shuffled for p in table]


def _together(sessions: IntSessions, forbidden: Collection[tuple[int, int]]) -> int:
    return sum(1 for session in sessions for table in session
               for i, a in enumerate(table) for b in table[i + 1:]
               if (min(a, b), max(a, b)) in forbidden)


def _first_session_tables(met: MeetingCounts) -> list[list[int]] | None:
    """The tables of the one session `met` records, or None where its meetings are not one
    session's: each player's opponents are his table, met once each."""
    n = met.n
    seen: set[int] = set()
    tables = []
    for p in range(n):
        if p in seen:
            continue
        table = [p] + [q for q in range(n) if q != p and met.get(p, q)]
        if len(table) > 4 or any(met.get(a, b) != 1 for i, a in enumerate(table)
                                 for b in table[i + 1:]):
            return None
        for q in table[1:]:  # each table-mate's opponents are the same table
            if sum(1 for r in range(n) if met.get(q, r)) != len(table) - 1:
                return None
        seen.update(table)
        tables.append(table)
    return tables


def clean_repair(sessions: IntSessions, met: MeetingCounts, absences: Sequence[int]) -> bool:
    """Every session seats all but n mod 4 of the players, each once, at tables of four; no
    pair meets that met before or meets twice; nobody sits out out of turn."""
    n = met.n
    counts = met.copy()
    for session in sessions:
        seated = [p for table in session for p in table]
        if (any(len(table) != 4 for table in session) or len(set(seated)) != len(seated)
                or len(seated) != n - n % 4 or not all(0 <= p < n for p in seated)):
            return False
        counts.add_sessions([session])
    return max(counts.flat, default=0) <= 1 and byes_fair(sessions, absences)
