"""`tournament-manager session ...`: a session's day, step by step, from a script.

draw (and publish), show, swap, seat-pick, start, finish — the same services the head
judge's screens call.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from datetime import UTC, datetime
from typing import Any

from tournament_manager.application.events import OpenEvent
from tournament_manager.cli.commands import SUMMARIES
from tournament_manager.cli.documents import event_address, opened, user_errors
from tournament_manager.cli.errors import CliError
from tournament_manager.cli.passphrase import read_passphrase
from tournament_manager.cli.quality import report_lines, report_summary
from tournament_manager.domain.model import Player
from tournament_manager.domain.seating import Progress
from tournament_manager.rules.tiles import Wind
from tournament_manager.services.clock import (
    extend_clock,
    pause_clock,
    resume_clock,
    session_clock,
)
from tournament_manager.services.head_judge import HeadJudgeCredential
from tournament_manager.services.seat_picks import (
    ReportedDraw,
    record_table_draw,
    record_table_winds,
    simulate_table_seat_pick,
)
from tournament_manager.services.seating import (
    DEFAULT_TIME_LIMIT,
    draw_session,
    preview_swap,
    publish_draw,
    swap_players,
)
from tournament_manager.services.sessions import finish_session, reopen_session, start_session
from tournament_manager.services.views import session_seating
from tournament_manager.storage.backup import BackupReason
from tournament_manager.words import N_, _


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("session", help=_(SUMMARIES["session"]),
                                   description=_("Run one session of a tournament file."))
    actions = parser.add_subparsers(title=_("actions"), metavar="ACTION", required=True)

    def action(name: str, help_text: str) -> argparse.ArgumentParser:
        sub: argparse.ArgumentParser = actions.add_parser(name, help=help_text)
        sub.add_argument("file", type=event_address, help=_("the tournament file (.tmt)"))
        sub.add_argument("session", type=int, help=_("the session number (1, 2, ...)"))
        return sub

    draw = action("draw", _("draw the tables and print the quality report"))
    draw.add_argument("--seed", type=int, default=None)
    draw.add_argument("--time-limit", type=float, default=DEFAULT_TIME_LIMIT)
    draw.add_argument("--publish", action="store_true", help=_("store the draw as official"))
    draw.add_argument("--json", action="store_true")
    draw.set_defaults(handler=run_draw)
    action("show", _("print the tables with players and winds")).set_defaults(handler=run_show)
    swap = action("swap", _("swap two players (by id) before the session starts"))
    swap.add_argument("a", type=int)
    swap.add_argument("b", type=int)
    swap.add_argument("--preview", action="store_true", help=_("only show the effect"))
    swap.set_defaults(handler=run_swap)
    pick = action("seat-pick", _("the wind draw at a table: simulated, or as the table did it"))
    pick.add_argument("table", type=int)
    pick.add_argument("--cycle", type=int, default=1)
    pick.add_argument("--record", action="store_true",
                      help=_("record the draw the table did with real dice and tiles: give "
                           "--tiles, --thrower and --dice twice, or --winds"))
    pick.add_argument("--tiles", help=_("the wind tiles as they lay, odd end first (e.g. SWEN)"))
    pick.add_argument("--thrower", type=int, help=_("the player (id) who threw first"))
    pick.add_argument("--dice", action="append", default=[], metavar="A,B",
                      help=_("a throw (e.g. 3,4); give the first and the second throw"))
    pick.add_argument("--winds", metavar="E=ID,S=ID,W=ID,N=ID",
                      help=_("only who took which wind"))
    pick.add_argument("--head-judge-reason", default=None,
                      help=_("a re-pick the format does not have: the head judge's reason "
                           "(his passphrase is asked for)"))
    pick.add_argument("--passphrase-stdin", action="store_true",
                      help=_("read the head judge's passphrase from standard input"))
    pick.set_defaults(handler=run_seat_pick)
    action("start", _("start the session (after a backup)")).set_defaults(handler=run_start)
    action("finish", _("close the session (all sheets signed)")).set_defaults(handler=run_finish)
    clock = action("clock", _("the session clock: time left, pause, resume, extra time"))
    what = clock.add_mutually_exclusive_group()
    what.add_argument("--pause", action="store_true", help=_("stop the clock for every table"))
    what.add_argument("--resume", action="store_true", help=_("start it again"))
    what.add_argument("--extend", type=int, metavar="MINUTES",
                      help=_("add minutes (negative to take back a slip)"))
    clock.add_argument("--table", type=int, help=_("with --extend: only this table"))
    clock.set_defaults(handler=run_clock)
    reopen = action("reopen", _("reopen a finished session (the head judge, with a reason)"))
    reopen.add_argument("--reason", required=True,
                        help=_("why (kept on record; at least a few words)"))
    reopen.add_argument("--passphrase-stdin", action="store_true",
                        help=_("read the head judge's passphrase from standard input"))
    reopen.set_defaults(handler=run_reopen)


_STAGES = {"construction": N_("construction"), "symmetric_solver": N_("symmetric_solver"),
           "local_search": N_("local_search"), "positions": N_("positions")}
"""The draw's stages in words, for its progress lines (English: the stage's code)."""


def _session_id(document: OpenEvent, number: int) -> int:
    with document.unit_of_work() as uow:
        for session in uow.sessions.list(number=number):
            return session.id
    raise CliError(_("there is no session {number}").format(number=number))


def _table_id(document: OpenEvent, session_id: int, number: int) -> int:
    with document.unit_of_work() as uow:
        for table in uow.tables.list(session_id=session_id, number=number):
            return table.id
    raise CliError(_("session has no table {number}").format(number=number))


PROGRESS_EVERY_S = 1.0
"""At most one progress line a second for the same stage and cost: a draw of eight players
reported 619 lines in a few seconds."""


def run_draw(args: argparse.Namespace) -> int:
    started = time.monotonic()
    last_said: tuple[str, object] | None = None
    said_at = 0.0

    def progress(state: Progress) -> None:
        nonlocal last_said, said_at
        shown, now = (state.stage.value, state.best_cost), time.monotonic()
        if shown == last_said and now - said_at < PROGRESS_EVERY_S:
            return
        last_said, said_at = shown, now
        stage = _(_STAGES.get(state.stage.value, state.stage.value))
        if state.best_cost < 0:  # a stage with no cost to report (seats and winds)
            print(_("{stage} after {seconds} s").format(
                stage=stage, seconds=f"{state.elapsed:.1f}"), file=sys.stderr, flush=True)
            return
        print(_("{stage}: best {cost} after {seconds} s").format(
            stage=stage, cost=state.best_cost, seconds=f"{state.elapsed:.1f}"),
            file=sys.stderr, flush=True)

    with opened(args.file, read_only=not args.publish) as document, user_errors():
        session_id = _session_id(document, args.session)
        draw = draw_session(document.unit_of_work(), session_id, seed=args.seed,
                            time_limit=args.time_limit, progress=progress)
        if args.publish:
            publish_draw(document.unit_of_work(), draw)
    summary = report_summary(draw.report, time.monotonic() - started)
    tables = [list(table.seats) for table in draw.seated.tables]
    if args.json:
        print(json.dumps({"seed": draw.seed, "tables": tables, "byes": list(draw.byes),
                          "substitutes_missing": draw.substitutes_missing,
                          "seated_by_rank": draw.by_rank.value if draw.by_rank else None,
                          "published": args.publish, "report": summary}))
        return 0
    for number, seats in enumerate(tables, start=1):
        print(_("table {number}: {seats}").format(
            number=number, seats=" ".join(str(p) for p in seats)))
    if draw.by_rank is not None:
        print(_("seated by rank ({order}) on the standings after session {before}: players "
                "who have met before are not kept apart").format(
                    order=draw.by_rank.value, before=draw.session_number - 1))
    if draw.byes:
        print(_("byes: {players}").format(players=" ".join(str(p) for p in draw.byes)))
    if draw.substitutes_missing:
        print(_("note: {byes} players sit out because the event seats substitutes but has "
                "{missing} too few; register {missing} more (players add --substitute) to "
                "seat everyone").format(byes=len(draw.byes), missing=draw.substitutes_missing),
              file=sys.stderr)
    for line in report_lines(summary):
        print(line)
    print((_("seed {seed}; published") if args.publish
           else _("seed {seed}; not published")).format(seed=draw.seed))
    return 0


def run_show(args: argparse.Namespace) -> int:
    with opened(args.file, read_only=True) as document, user_errors():
        seating = session_seating(document.unit_of_work(), _session_id(document, args.session))
    if seating.provisional:
        print(_("session {session}: provisional plan, not drawn yet (it changes as results "
                "come in; draw and publish it before it is played)").format(
                    session=args.session))
    elif not seating.tables:
        print(_("session {session}: not drawn yet (a draw is kept only when published: "
                "session draw FILE {session} --publish)").format(session=args.session))
    for table in seating.tables:
        seats = _(", ").join(_("{wind} {player}").format(wind=s.wind.value,
                                                         player=_named(s.player))
                             for s in table.seats)
        print(_("table {number}: {seats}").format(number=table.table.number, seats=seats))
    return 0


def _named(player: Player) -> str:
    """Name, registration number (two players can share a name) and id for swaps."""
    number = f" #{player.registration_id}" if player.registration_id else ""
    return f"{player.name}{number} ({player.id})"


def run_swap(args: argparse.Namespace) -> int:
    with opened(args.file, read_only=args.preview) as document, user_errors():
        session_id = _session_id(document, args.session)
        effect = preview_swap(document.unit_of_work(), session_id, args.a, args.b)
        if not args.preview:
            swap_players(document.unit_of_work(), session_id, args.a, args.b)
    print((_("repeated pairs {before} → {after}") if args.preview
           else _("repeated pairs {before} → {after} (swapped)")).format(
               before=effect.repeated_pairs_before, after=effect.repeated_pairs_after))
    for a, b in effect.new_repeats:
        print(_("  new repeat: {a} - {b}").format(a=a, b=b))
    return 0


def run_seat_pick(args: argparse.Namespace) -> int:
    allowed_by = None
    if args.head_judge_reason is not None:
        allowed_by = (HeadJudgeCredential(read_passphrase(from_stdin=args.passphrase_stdin)),
                      args.head_judge_reason)
    with opened(args.file) as document, user_errors():
        table_id = _table_id(document, _session_id(document, args.session), args.table)
        if not args.record:
            pick = simulate_table_seat_pick(document.unit_of_work(), table_id, args.cycle,
                                            allowed_by=allowed_by)
        elif args.winds:
            record_table_winds(document.unit_of_work(), table_id, _winds(args.winds),
                               args.cycle, allowed_by=allowed_by)
            print(_("winds recorded at table {table}").format(table=args.table))
            return 0
        else:
            pick = record_table_draw(document.unit_of_work(), table_id, _reported(args),
                                     args.cycle, allowed_by=allowed_by)
    print(_("dice {first} then {second}, tiles from the {end} end").format(
        first=pick.first_dice, second=pick.second_dice, end=pick.end.value))
    for player, wind in pick.winds:
        print(_("  {wind}: player {player}").format(wind=wind.value, player=player))
    return 0


def _reported(args: argparse.Namespace) -> ReportedDraw:
    tiles = (args.tiles or "").upper()
    if sorted(tiles) != sorted("ESWN") or args.thrower is None or len(args.dice) != 2:
        raise CliError(_("--record needs --tiles (the four winds in the order they lay, e.g. "
                         "SWEN), --thrower (a player id) and --dice twice (e.g. --dice 3,4 "
                         "--dice 2,5), or --winds"), status=2)
    throws = []
    for throw in args.dice:
        first, _comma, second = throw.partition(",")
        if not (first.strip().isdigit() and second.strip().isdigit()):
            raise CliError(_("--dice {throw}: give two dice as A,B").format(throw=throw),
                           status=2)
        throws.append((int(first), int(second)))
    row = tuple(Wind(tile) for tile in tiles)
    return ReportedDraw((row[0], row[1], row[2], row[3]), args.thrower, throws[0], throws[1])


def _winds(text: str) -> dict[int, Wind]:
    winds: dict[int, Wind] = {}
    for part in text.split(","):
        wind, _equals, player = part.partition("=")
        if wind.strip().upper() not in "ESWN" or not wind.strip() or not player.strip().isdigit():
            raise CliError(_("--winds: '{part}' is not WIND=PLAYER_ID").format(part=part),
                           status=2)
        winds[int(player)] = Wind(wind.strip().upper())
    return winds


def run_start(args: argparse.Namespace) -> int:
    with opened(args.file) as document, user_errors():
        start_session(document.unit_of_work(), _session_id(document, args.session),
                      lambda: document.backup(BackupReason.SESSION_START))
    print(_("session {session} started").format(session=args.session))
    return 0


def run_clock(args: argparse.Namespace) -> int:
    with opened(args.file, read_only=not (args.pause or args.resume or args.extend)
                ) as document, user_errors():
        session_id = _session_id(document, args.session)
        if args.pause:
            pause_clock(document.unit_of_work(), session_id)
        elif args.resume:
            resume_clock(document.unit_of_work(), session_id)
        elif args.extend is not None:
            extend_clock(document.unit_of_work(), session_id, args.extend, args.table)
        state = session_clock(document.unit_of_work(), session_id)
    now = datetime.now(UTC)
    print((_("session {session}: {left} left (paused)") if state.state.paused
           else _("session {session}: {left} left")).format(
               session=args.session, left=_left(state.seconds_left(now))))
    for table, extra in sorted(state.table_extra.items()):
        print(_("  table {table}: {extra} min, {left} left").format(
            table=table, extra=f"{extra // 60:+d}", left=_left(state.seconds_left(now, table))))
    return 0


def _left(seconds: float) -> str:
    if seconds <= 0:
        return _("no time")
    minutes, secs = divmod(int(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}"


def run_reopen(args: argparse.Namespace) -> int:
    credential = HeadJudgeCredential(read_passphrase(from_stdin=args.passphrase_stdin))
    with opened(args.file) as document, user_errors():
        reopen_session(document.unit_of_work(), _session_id(document, args.session),
                       args.reason, credential)
    print(_("session {session} reopened").format(session=args.session))
    return 0


def run_finish(args: argparse.Namespace) -> int:
    with opened(args.file) as document, user_errors():
        finish_session(document.unit_of_work(), _session_id(document, args.session))
    print(_("session {session} finished").format(session=args.session))
    return 0
