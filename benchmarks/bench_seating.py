"""Seating benchmark over the grid of fields: every N = 16..172 (multiples of 4), R = 5..bound.

    .venv/bin/python -m benchmarks.bench_seating [--quick] [--jobs 2] [--time-limit 60]
        [--players 96 132] [--countries 8]

Each cell is a fresh draw by `plan_schedule` (the same call the window makes, seed 0), and
every figure is counted from the schedule itself: excess meetings (sum over pairs of
meetings - 1) against the least the seats force, the most meetings of a pair, the range of
any player's count of any wind against floor(R/4)..ceil(R/4), table revisits, back-to-back
repeats, the method and the seconds the draw took. The full grid's output is kept in
`benchmarks/results/seating-grid.txt`; `--quick` draws a sample of a dozen cells, `--players`
the rows of those fields only (to re-measure rows after a library change), `--up-to-tables`
the cells with no more sessions than tables (where table revisits can all go). The last
line counts the cells whose excess is above the forced minimum. Not a test: the target is
zero excess wherever zero is possible (20 x 6 excepted) and <= 60 s a draw.

`--odd` draws fields that are not a multiple of four instead (N + 1, N + 2 and N + 3 for a
few N, at half the bound, one under it and at it, where everyone can still sit out at most
once): the draw has the rest sit out each session, and a column counts the most and fewest
sessions any player sat out (fair: they differ by at most one). Excess, winds (against each
player's own sessions played) and revisits are counted as for the grid. `--odd-bound`
draws every such field of 17..174 players at the most sessions its core allows
(`odd_bound_cells`), where the draw's own chairs were short of a repeat-free choice.

`--withdrawals` measures the repair after players withdraw or enter late mid-event, as the
services do it at the next draw: a fresh plan of N x R, its first sessions played as
planned, some players withdrawn and some new ones entered, and the rest of the plan
repaired for the field then (`repair_plan`, seed 1; a field short of a multiple of four
gets byes). It prints the excess meetings over the whole event, the least the repair's
own bound allows, the most and fewest sessions of the repaired rest a player sat out (a
late entry has missed the sessions before he came, so he should sit out none of them
while others have sat out none), and the repair's seconds.

`--cuts` measures the draw after a cut, as the services make it for a later round drawn
at random: a fresh plan of N x R played, a cut to M players (a seeded sample, as the
standings are blind to the seating), then R' sessions for them planned with that history
(`plan_schedule`, seed 1). It prints the excess meetings among the M over the whole event,
the players' shortfall (the sum over players of the opponents they still need beyond the
players they have not met: half of it is a lower bound on the excess), the draw's own bound
and its seconds.

`--event` plays whole events the way the services draw them after withdrawals: a fresh
plan of N x R with K countries kept apart (seed 0), its first sessions played, some players
withdrawn, then every later session drawn in turn as the window's Draw does it (the rest of
the plan repaired for the players present, `repair_plan`, its first session played, the
others kept as the plan the next draw repairs). It prints the excess meetings and the
compatriots seated together over the whole event, whether the byes kept their turn, how
often a player's winds so far were out of floor(n/4)..ceil(n/4) after one of his n sessions
(counted over every player and session: the spread each session's report shows), the
slowest draw and the seconds of all of them: what a head judge ends the event with, where
`--withdrawals` shows one repair.

`--countries K` draws every cell for a field of K countries (player p of country p mod K,
kept apart where possible, as the window passes the registration's countries) and adds
three columns: compatriots seated together in session 1 and over the whole schedule, and
the pairs who never meet and share no opponent either (players the draw keeps in
different worlds). Where countries put the bound out of reach, the draw must still be
repeat-free (`grouping._rank`); the excess column shows whether it is.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from itertools import combinations

from tournament_manager.domain.seating import (
    Schedule,
    SeatedSession,
    plan_schedule,
    quality_report,
    repair_plan,
)
from tournament_manager.domain.seating.proved import proved_least_excess

QUICK = ((16, 5), (20, 6), (32, 9), (40, 13), (44, 14), (48, 15), (60, 19), (64, 21),
         (100, 10), (128, 12), (172, 8), (172, 57))


def grid() -> list[tuple[int, int]]:
    return [(n, r) for n in range(16, 173, 4) for r in range(5, (n - 1) // 3 + 1)]


ODD_BASES = (16, 28, 40, 64, 100, 168)


def odd_bound_cells() -> list[tuple[int, int]]:
    """Every field of 17..174 players that is not a multiple of four, at the most sessions
    its core can play without a repeat: the 4T players around whom 4T + 1 and 4T + 2 are
    drawn (bound floor((4T - 1) / 3)), or the 4T + 4 of which 4T + 3 is drawn, and no more
    than the field's own bound (nobody sits out twice while another has not sat out)."""
    cells = []
    for players in range(17, 175):
        out = players % 4
        if not out:
            continue
        core = players + 1 if out == 3 else players - out
        cells.append((players, min((core - 1) // 3, (players - 1) // 3, players // out)))
    return cells


ODD_BEYOND = ((18, 10), (19, 12), (30, 16), (31, 12))
"""Fields with more byes than players, so some sit out twice: where the order of the byes
is the rule to keep (`domain/seating/rotation.py`), and where the 'turns' column was not
'ok' before 2026-12-04."""


def odd_cells() -> list[tuple[int, int]]:
    cells = []
    for base in ODD_BASES:
        for players in range(base + 1, base + 4):
            bound = min((players - 1) // 3, players // (players % 4))
            cells += sorted({(players, bound // 2), (players, bound - 1), (players, bound)})
    return cells + list(ODD_BEYOND)


def out_of_turn(sessions: Sequence[SeatedSession], players: Sequence[int],
                missed: Counter[int] | None = None) -> str:
    """'ok' when nobody sits out while a player seated has sat out fewer times (`missed`:
    before these sessions), else the first session (1 = the first given) where one does;
    counted from the sessions themselves."""
    out_so_far: Counter[int] = Counter(missed or {})
    for number, session in enumerate(sessions, start=1):
        seated = set(session.players())
        out = [p for p in players if p not in seated]
        if out and max(out_so_far[p] for p in out) > min(out_so_far[p] for p in seated
                                                          if p in players):
            return f"s{number}"
        out_so_far.update(out)
    return "ok"


Case = tuple[int, ...]

WITHDRAWALS = ((32, 9, 3, 1, 0), (40, 13, 4, 4, 0), (48, 15, 5, 2, 0), (64, 12, 4, 1, 0),
               (64, 12, 4, 3, 0), (100, 20, 8, 3, 0), (100, 20, 8, 8, 0), (172, 40, 10, 12, 0),
               (136, 40, 10, 8, 0), (136, 40, 10, 8, 8), (48, 15, 5, 2, 2), (64, 8, 2, 0, 1),
               (100, 10, 3, 0, 2), (48, 12, 4, 1, 4), (16, 5, 1, 2, 0), (24, 6, 3, 2, 0),
               (24, 6, 3, 3, 0), (32, 10, 3, 2, 0), (20, 6, 1, 1, 0))
"""(players, sessions, sessions played before the change, players withdrawn, late entries)"""


def everyday_withdrawals() -> list[Case]:
    """Withdrawals in fields of an everyday size (16 to 64 players, 4 to 8 sessions as the
    bound allows): 1, 2, 3 or 5 players out after session 1, session 2, and two sessions
    before the end."""
    return [(players, sessions, played, out, 0)
            for players in (16, 20, 24, 28, 32, 36, 40, 48, 64)
            for sessions in range(4, min(8, (players - 1) // 3) + 1)
            for played in sorted({1, 2, sessions - 2}) if 1 <= played <= sessions - 2
            for out in (1, 2, 3, 5)]


def measure_repair(case: Case, time_limit: float) -> str:
    players, sessions, played, withdrawn, late = case
    field = list(range(players))
    plan = plan_schedule(field, sessions, seed=0, time_limit=time_limit).schedule
    left = field[withdrawn:] + list(range(players, players + late))
    return _repair_line(plan, played, left, time_limit,
                        f"{players:>4} {sessions:>3} {played:>6} {withdrawn:>4} {late:>4}")


def first_session_withdrawals() -> list[Case]:
    """After session 1, every way 1, 2 or 3 players can leave its tables (one from a table;
    two from one or from two; three from one, two or three), in fields of 16 to 32 over 4
    to 8 sessions as the bound allows: after one session every history is one of these up
    to the players' names, so a shipped repair (`repair_library`) covers all its events."""
    return [(players, sessions, *lost) for players in (16, 20, 24, 28, 32)
            for sessions in range(4, min(8, (players - 1) // 3) + 1)
            for lost in ((1,), (2,), (1, 1), (3,), (2, 1), (1, 1, 1))]


def measure_first_session_repair(case: Case, time_limit: float) -> str:
    """`case`: players, sessions, then how many leave each broken table of session 1 (the
    plan's first tables in order, the last seats of each)."""
    players, sessions, *lost = case
    plan, left = first_session_case(players, sessions, lost, time_limit)
    pattern = ",".join(map(str, lost))
    return _repair_line(plan, 1, left, time_limit,
                        f"{players:>4} {sessions:>3} {1:>6} {pattern:>5} {0:>4}")


def first_session_case(players: int, sessions: int, lost: Sequence[int],
                       time_limit: float) -> tuple[Schedule, list[int]]:
    """The seed-0 plan of `players` x `sessions` and those left after `lost[i]` leave the
    last seats of its session-1 table i (shared with `tools/seating_search/repair_search.py`,
    which repairs the same case with more seeds and time)."""
    plan = plan_schedule(list(range(players)), sessions, seed=0, time_limit=time_limit).schedule
    gone = {p for table, k in zip(plan.sessions[0].tables, lost) for p in table.seats[4 - k:]}
    return plan, [p for p in range(players) if p not in gone]


def _repair_line(plan: Schedule, played: int, left: list[int], time_limit: float,
                 label: str) -> str:
    """The plan's first `played` sessions as history, the rest repaired for `left`: the
    whole event's excess meetings, the draw's bound, the byes and whether they went in
    turn, and the repair's time."""
    history = plan.sessions[:played]
    started = time.monotonic()
    repaired = repair_plan(Schedule(plan.sessions[played:]), history, left, seed=1,
                           time_limit=time_limit)
    seconds = time.monotonic() - started
    meetings: Counter[tuple[int, int]] = Counter()
    byes = dict.fromkeys(left, 0)
    for session in repaired.schedule.sessions:
        seated = set(session.players())
        for player in left:
            byes[player] += player not in seated
    for session in history + repaired.schedule.sessions:
        for table in session.tables:
            meetings.update(combinations(sorted(table.seats), 2))
    excess = sum(count - 1 for count in meetings.values() if count > 1)
    missed = Counter(p for session in history for p in left if p not in set(session.players()))
    return (f"{label} {len(left):>5} "
            f"{excess:>6} {repaired.lower_bound:>6} {max(meetings.values()):>3} "
            f"{min(byes.values()):>4}..{max(byes.values()):<4} "
            f"{out_of_turn(repaired.schedule.sessions, left, missed):>5} {seconds:>7.2f}")


EVENTS = ((172, 40, 10, 12, 8), (18, 12, 2, 0, 3), (36, 11, 1, 0, 0), (16, 10, 1, 0, 0),
          (20, 8, 1, 0, 0), (26, 8, 1, 0, 0))
"""(players, sessions, sessions played before the withdrawals, players withdrawn, countries);
the second has two out a session and more byes than players, so its 'turns' counts; the
others are drawn in turn from session 2 with nobody withdrawn, within the bound and beyond
it (where the plan changes from draw to draw), the last with two out a session."""


def winds_out_along(sessions: Sequence[SeatedSession]) -> int:
    """How many times, over every player and session, a player's winds so far were out of
    floor(n/4)..ceil(n/4) after his n-th session; counted from the seats."""
    winds: dict[int, list[int]] = {}
    out = 0
    for session in sessions:
        for table in session.tables:
            for seat, player in enumerate(table.seats):
                counts = winds.setdefault(player, [0, 0, 0, 0])
                counts[seat] += 1
                played = sum(counts)
                out += not played // 4 <= min(counts) <= max(counts) <= -(-played // 4)
    return out


def measure_event(case: Case, time_limit: float) -> str:
    players, sessions, played, withdrawn, countries = case
    field = list(range(players))
    groups = [set(range(c, players, countries)) for c in range(countries)]
    plan = plan_schedule(field, sessions, seed=0, forbidden_groups=groups,
                         time_limit=time_limit).schedule.sessions
    history = list(plan[:played])
    rest = list(plan[played:])
    present = field[withdrawn:]
    slowest = total = 0.0
    while rest:
        started = time.monotonic()
        draw = repair_plan(Schedule(tuple(rest)), history, present, seed=len(history),
                           forbidden_groups=groups, time_limit=time_limit)
        seconds = time.monotonic() - started
        slowest, total = max(slowest, seconds), total + seconds
        first, *rest = draw.schedule.sessions
        history.append(first)
    report = quality_report(history, forbidden_groups=groups)
    return (f"{players:>4} {sessions:>3} {played:>6} {withdrawn:>4} {countries:>9} "
            f"{report.excess_meetings:>6} {len(report.forbidden_meetings):>5} "
            f"{out_of_turn(history, present):>5} {winds_out_along(history):>5} "
            f"{slowest:>7.2f} {total:>7.1f}")


CUTS = ((64, 4, 32, 4), (64, 6, 32, 6), (48, 5, 24, 4), (100, 6, 48, 6), (136, 4, 32, 4),
        (136, 8, 64, 4), (136, 8, 64, 8), (172, 8, 64, 8), (172, 10, 100, 10), (172, 6, 48, 8))
"""(players, sessions before the cut, players after it, sessions after it)"""


def cut_field(case: Case, time_limit: float) -> tuple[tuple[SeatedSession, ...], list[int]]:
    """The history and the players kept of a `--cuts` case: a fresh plan of the sessions
    before the cut (seed 0), and a seeded sample of the field (as
    `tools/seating_search/cut_sat.py` rebuilds it to bound the draw after it)."""
    players, before, kept, _ = case
    field = list(range(players))
    history = plan_schedule(field, before, seed=0, time_limit=time_limit).schedule.sessions
    return history, sorted(random.Random(players * 1000 + kept).sample(field, kept))


def measure_cut(case: Case, time_limit: float) -> str:
    players, before, kept, after = case
    history, survivors = cut_field(case, time_limit)
    started = time.monotonic()
    draw = plan_schedule(survivors, after, seed=1, history=history, time_limit=time_limit)
    seconds = time.monotonic() - started
    through = set(survivors)
    meetings: Counter[tuple[int, int]] = Counter()
    for session in history + draw.schedule.sessions:
        for table in session.tables:
            meetings.update(combinations(sorted(p for p in table.seats if p in through), 2))
    met_before: Counter[int] = Counter()
    for session in history:
        for table in session.tables:
            for a, b in combinations([p for p in table.seats if p in through], 2):
                met_before[a] += 1
                met_before[b] += 1
    shortfall = sum(max(0, 3 * after - (kept - 1 - met_before[p])) for p in survivors)
    excess = sum(count - 1 for count in meetings.values() if count > 1)
    return (f"{players:>4} {before:>6} {kept:>4} {after:>5} {excess:>6} {shortfall:>9} "
            f"{draw.lower_bound:>6} {seconds:>7.2f}")


def forced_excess(players: int, sessions: int) -> int:
    """Meetings beyond the pairs that exist (6 per table per session, N(N-1)/2 pairs), or
    the least proved where more is forced (`proved.PROVED_LEAST_EXCESS`: 17 x 5)."""
    return max(6 * (players // 4) * sessions - players * (players - 1) // 2,
               proved_least_excess(players, sessions), 0)


def measure(cell: tuple[int, int], time_limit: float, countries: int = 0) -> str:
    players, sessions = cell
    groups = [set(range(c, players, countries)) for c in range(countries)]
    started = time.monotonic()
    draw = plan_schedule(list(range(players)), sessions, seed=0, forbidden_groups=groups,
                         time_limit=time_limit)
    seconds = time.monotonic() - started
    meetings: Counter[tuple[int, int]] = Counter()
    winds = [[0, 0, 0, 0] for _ in range(players)]
    byes = [0] * players
    tables: Counter[tuple[int, int]] = Counter()
    last_pairs: set[tuple[int, int]] = set()
    back_to_back = 0
    for session in draw.schedule.sessions:
        seated = set(session.players())
        for player in range(players):
            byes[player] += player not in seated
        pairs: set[tuple[int, int]] = set()
        for table in session.tables:
            for seat, player in enumerate(table.seats):
                winds[player][seat] += 1
                tables[player, table.number] += 1
            pairs.update(combinations(sorted(table.seats), 2))
        back_to_back += len(pairs & last_pairs)
        meetings.update(pairs)
        last_pairs = pairs
    excess = sum(count - 1 for count in meetings.values() if count > 1)
    low = min(min(counts) for counts in winds)
    high = max(max(counts) for counts in winds)
    winds_ok = all((sessions - out) // 4 <= min(counts) and max(counts) <= -(-(sessions - out) // 4)
                   for counts, out in zip(winds, byes, strict=True))
    revisits = sum(count - 1 for count in tables.values() if count > 1)
    line = (f"{players:>4} {sessions:>3} {(players - 1) // 3:>5} {excess:>6} "
            f"{forced_excess(players, sessions):>6} {max(meetings.values()):>3} "
            f"{low:>3}..{high:<3} {'ok' if winds_ok else 'NO':>5} {revisits:>8} "
            f"{back_to_back:>5} {draw.method.value:>17} {seconds:>7.2f}")
    if players % 4:
        line += (f" {min(byes):>4}..{max(byes):<4}"
                 f" {out_of_turn(draw.schedule.sessions, range(players)):>5}")
    if countries:
        report = quality_report(draw.schedule.sessions, forbidden_groups=groups)
        first = sum(meeting.session == 0 for meeting in report.forbidden_meetings)
        line += (f" {first:>6} {len(report.forbidden_meetings):>6}"
                 f" {report.indirect.pairs_sharing_none:>6}")
    return line


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="a dozen cells, not the grid")
    parser.add_argument("--jobs", type=int, default=1, help="cells drawn at once")
    parser.add_argument("--time-limit", type=float, default=60.0)
    parser.add_argument("--players", type=int, nargs="*", help="only these rows of the grid")
    parser.add_argument("--up-to-tables", action="store_true",
                        help="only cells with no more sessions than tables (R <= N / 4), "
                             "where no player need sit at a table twice")
    parser.add_argument("--odd", action="store_true",
                        help="fields that are not a multiple of four, with byes")
    parser.add_argument("--odd-bound", action="store_true",
                        help="every field of 17..174 players that is not a multiple of four, "
                             "at its core's bound")
    parser.add_argument("--withdrawals", action="store_true",
                        help="repairs after players withdraw mid-event, not the grid")
    parser.add_argument("--everyday-withdrawals", action="store_true",
                        help="withdrawals in fields of 16 to 64 players over 4 to 8 sessions")
    parser.add_argument("--first-session-withdrawals", action="store_true",
                        help="every way 1 to 3 players can leave after session 1, 16 to 32 "
                             "players")
    parser.add_argument("--cuts", action="store_true",
                        help="draws for the players who went through a cut, not the grid")
    parser.add_argument("--event", action="store_true",
                        help="whole events drawn session by session after withdrawals")
    parser.add_argument("--countries", type=int, default=0,
                        help="draw for a field of this many countries, kept apart")
    args = parser.parse_args()
    if args.withdrawals or args.everyday_withdrawals:
        cases(REPAIR_HEADER, measure_repair,
              everyday_withdrawals() if args.everyday_withdrawals else WITHDRAWALS,
              args.jobs, args.time_limit)
        return
    if args.first_session_withdrawals:
        cases(REPAIR_HEADER.replace(" out", "  out", 1), measure_first_session_repair,
              first_session_withdrawals(), args.jobs, args.time_limit)
        return
    if args.cuts:
        cases(CUT_HEADER, measure_cut, CUTS, args.jobs, args.time_limit)
        return
    if args.event:
        cases(EVENT_HEADER, measure_event, EVENTS, args.jobs, args.time_limit)
        return
    cells = (list(QUICK) if args.quick else odd_cells() if args.odd
             else odd_bound_cells() if args.odd_bound else grid())
    if args.players:
        cells = [cell for cell in cells if cell[0] in args.players
                 or (args.odd or args.odd_bound) and cell[0] - cell[0] % 4 in args.players]
    if args.up_to_tables:
        cells = [cell for cell in cells if cell[1] <= cell[0] // 4]
    print(f"{'N':>4} {'R':>3} {'bound':>5} {'excess':>6} {'forced':>6} {'max':>3} "
          f"{'winds':>8} {'winds':>5} {'revisits':>8} {'b2b':>5} {'method':>17} "
          f"{'seconds':>7}" + (f" {'mates1':>6} {'mates':>6} {'apart':>6}"
                                 if args.countries else "")
          + (f" {'byes':>10} {'turns':>5}" if args.odd or args.odd_bound else ""),
          flush=True)
    above = 0
    slowest = 0.0
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for line in pool.map(measure, cells, [args.time_limit] * len(cells),
                             [args.countries] * len(cells)):
            print(line, flush=True)
            fields = line.split()
            above += int(fields[3]) > int(fields[4])
            slowest = max(slowest, float(fields[11]))
    print(f"# {len(cells)} cells, {above} above the forced minimum, slowest {slowest:.1f} s",
          flush=True)


REPAIR_HEADER = (f"{'N':>4} {'R':>3} {'played':>6} {'out':>4} {'late':>4} {'left':>5} "
                 f"{'excess':>6} {'bound':>6} {'max':>3} {'byes':>10} {'turns':>5} "
                 f"{'seconds':>7}")
EVENT_HEADER = (f"{'N':>4} {'R':>3} {'played':>6} {'out':>4} {'countries':>9} {'excess':>6} "
                f"{'mates':>5} {'turns':>5} {'winds':>5} {'slowest':>7} {'seconds':>7}")
CUT_HEADER = (f"{'N':>4} {'before':>6} {'kept':>4} {'after':>5} {'excess':>6} {'shortfall':>9} "
              f"{'bound':>6} {'seconds':>7}")


def cases(header: str, measure_case: Callable[[Case, float], str], chosen: Sequence[Case],
          jobs: int, time_limit: float) -> None:
    """The lines of `--withdrawals`, `--cuts` or `--event`: one a case, in the order given."""
    print(header, flush=True)
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for line in pool.map(measure_case, chosen, [time_limit] * len(chosen)):
            print(line, flush=True)


if __name__ == "__main__":
    main()
