"""Drawing the tables of a session, planning a round, and a judge's manual swaps.

A draw is computed first (`draw_session`, read-only, bounded in time and cancellable)
and stored only when the head judge publishes it, so the quality report can be read and
the draw redone before anyone sees it. Preliminary sessions come from the seating search
with the real history; elimination rounds and the final seat by rank from the standings,
or are drawn as preliminary sessions are where `final_seating` is `random`.
A planned schedule is stored in the planned sessions' tables and repaired when the field
has changed by the time a session is drawn.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from itertools import takewhile

from tournament_manager.domain.model import (
    NEW_ID,
    PlayerKind,
    PlayerStatus,
    SeatAssignment,
    Session,
    SessionTable,
    StageStatus,
)
from tournament_manager.domain.seating import (
    Draw,
    Progress,
    QualityReport,
    Schedule,
    SeatedSession,
    SeatedTable,
    SwapEffect,
    plan_schedule,
    players_sitting_out,
    quality_report,
    repair_plan,
    seat_by_rank,
    swap_effect,
)
from tournament_manager.domain.settings import (
    FinalSeating,
    OddFieldPolicy,
    RoundKind,
    TournamentSettings,
)
from tournament_manager.rules.tiles import Wind
from tournament_manager.services.errors import ServiceError, ServiceProblem
from tournament_manager.services.last_change import last_change, pictured
from tournament_manager.services.ports import UnitOfWork
from tournament_manager.services.sessions import round_follows_sessions
from tournament_manager.services.standings import compute_standings
from tournament_manager.services.tournaments import current_tournament

WIND_ORDER = (Wind.E, Wind.S, Wind.W, Wind.N)
DEFAULT_TIME_LIMIT = 60.0
"""How long a draw of the window or the command line may search, winds and table numbers
included. A draw stops sooner when it reaches its lower bound (no repeat, or as few as are
proved to be needed), so only a draw that has not is the longer for it; the head judge can
stop it and keep the best so far. 60 s, from 20 s on 2026-12-07: of the fifteen everyday
repairs left above their bound at 20 s (`bench_seating --everyday-withdrawals`), three
reach no repeat at 60 s (28 x 7 less 2 and less 5, 32 x 8 less 2, after session 2) and
seven come nearer."""
SEED_RANGE = 2**31
"""Seeds run from 0 to 2**31 - 1: a 32-bit integer in every database, a server's too."""


def _checked_seed(seed: int | None) -> int:
    if seed is None:
        return random.SystemRandom().randrange(SEED_RANGE)
    if not 0 <= seed < SEED_RANGE:
        raise ServiceError(ServiceProblem.SEED_OUT_OF_RANGE, seed=seed, highest=SEED_RANGE - 1)
    return seed

CancelCheck = Callable[[], bool]
ProgressCallback = Callable[[Progress], None]


@dataclass(frozen=True)
class RoundOutlook:
    """A session and the planned sessions after it in its round, judged together after
    the sessions before them: what the round holds as planned, which a session's own
    report cannot show (a field at the bound where no repeat-free schedule is known keeps
    its repeats in the later sessions)."""

    first: int
    """The number of the first session judged."""
    last: int
    report: QualityReport


@dataclass(frozen=True)
class SessionDraw:
    """A computed, not yet published, draw of one session."""

    session_id: int
    session_number: int
    seated: SeatedSession
    later_sessions: tuple[SeatedSession, ...]
    """The rest of a planned round, repaired along with this session."""
    byes: tuple[int, ...]
    report: QualityReport
    seed: int
    cancelled: bool = False
    substitutes_missing: int = 0
    """Substitutes the event chose for an odd field but does not have: that many more
    would have seated everyone instead of the byes."""
    basis: tuple[tuple[int, ...], ...] = ()
    """What the draw was computed on (`_basis`); empty: not checked at publishing."""
    standing: tuple[object, ...] | None = None
    """The session's own tables, seats and winds as they stood when the draw was computed
    (`_standing`); None: not checked at publishing."""
    outlook: RoundOutlook | None = None
    """This session and `later_sessions` judged together; None when nothing is planned
    after this session."""
    by_rank: FinalSeating | None = None
    """The order the session is seated in by rank (`seated_by_rank`); None: drawn to keep
    apart players who have met."""


def _player_id(player: Hashable) -> int:
    """The seating search seats whatever keys it is given; ours are player ids."""
    assert isinstance(player, int)
    return player


def _four(players: Sequence[int]) -> tuple[int, int, int, int]:
    first, second, third, fourth = players
    return first, second, third, fourth


def _seated_session(uow: UnitOfWork, session: Session) -> SeatedSession:
    """A stored session as the seating search sees it: each table's draw order."""
    return _seated_sessions(uow, [session])[0]


def _seated_sessions(uow: UnitOfWork, sessions: Sequence[Session]) -> list[SeatedSession]:
    """Stored sessions as `_seated_session`, every seat read in one query: a query per
    table made the report of a plan of 164 players over 53 sessions read 2,229 times, half
    a second each time the Seating page showed one of its sessions."""
    seated = uow.seats.players_by_table(cycle=1)
    return [SeatedSession(tuple(
        SeatedTable(table.number, _four(seated.get(table.id, ())))
        for table in sorted(uow.tables.list(session_id=session.id), key=lambda t: t.number)))
        for session in sessions]


def _seated_where(uow: UnitOfWork, chosen: Callable[[Session], bool]) -> list[SeatedSession]:
    """The sessions `chosen` picks among those holding tables, in session order."""
    return _seated_sessions(uow, [
        s for s in sorted(uow.sessions.list(), key=lambda s: s.number)
        if chosen(s) and uow.tables.count(session_id=s.id)])


def _history(uow: UnitOfWork, before: int, *, planned: bool = False) -> list[SeatedSession]:
    """The sessions before `before` that hold tables: those drawn for play, and with
    `planned` those of a round's plan as well (for judging a session of the plan after
    the planned sessions before it, as it will be played, not after the drawn ones only:
    session 4 of a plan judged after session 1 alone showed a wind spread of 2 where
    sessions 1 to 4 as planned have 1)."""
    return _seated_where(uow, lambda s: s.number < before
                         and (planned or s.status is not StageStatus.PLANNED))


def _ahead(uow: UnitOfWork, session: Session) -> list[SeatedSession]:
    """The sessions after `session` whose tables already stand (published ahead: a day's
    seating printed in the morning). A draw or a swap of `session` must not repeat their
    meetings any more than those of the sessions before it: session 2 of 24 players
    redrawn while session 3 stood published was drawn after session 1 alone, and met
    pairs of session 3 again."""
    return _seated_where(uow, lambda s: s.number > session.number
                         and s.status is not StageStatus.PLANNED)


def _forbidden_groups(uow: UnitOfWork, settings: TournamentSettings,
                      players: Sequence[int]) -> list[set[int]]:
    """Players sharing a club, country or team (per `keep_apart`), kept apart if possible."""
    chosen = set(players)
    groups: dict[tuple[str, str], set[int]] = {}
    for player in uow.players.list():
        if player.id in chosen:
            for field in settings.keep_apart:
                value = getattr(player, field).strip().casefold()
                if value:
                    groups.setdefault((field, value), set()).add(player.id)
    return [group for group in groups.values() if len(group) > 1]


def _entrants(uow: UnitOfWork, session: Session) -> list[int]:
    entries = uow.round_entries.list(round_id=session.round_id)
    active = {p.id: p for p in uow.players.list() if p.status is PlayerStatus.ACTIVE}
    if entries:
        return [e.player_id for e in entries if e.player_id in active]
    return [p.id for p in active.values() if p.kind is PlayerKind.REGULAR]


@dataclass(frozen=True)
class _Field:
    playing: list[int]
    """Who may be seated: where they are not a multiple of four, the draw has the rest sit
    out each session (`domain.seating.byes`), those with the fewest byes so far first."""
    substitutes_missing: int = 0


def _field(uow: UnitOfWork, session: Session, settings: TournamentSettings) -> _Field:
    """Who plays this session, when the field is not a multiple of 4: substitutes fill the
    last table; without enough of them (or with byes chosen), the draw gives byes."""
    playing = _entrants(uow, session)
    short = -len(playing) % 4
    if short and settings.odd_field is OddFieldPolicy.SUBSTITUTES:
        substitutes = [p.id for p in uow.players.list(kind=PlayerKind.SUBSTITUTE)
                       if p.status is PlayerStatus.ACTIVE and p.id not in playing]
        if len(substitutes) >= short:
            return _Field(playing + substitutes[:short])
        return _Field(playing, short - len(substitutes))
    return _Field(playing)


def _to_draw(uow: UnitOfWork, session: Session) -> list[Session]:
    """`session` and the later sessions of its round not published yet: what a draw of
    `session` plans, and what publishing it stores. A session published ahead is not among
    them: it stands, and the draw is made around it (`_ahead`)."""
    return [s for s in sorted(uow.sessions.list(round_id=session.round_id),
                              key=lambda s: s.number)
            if s.id == session.id or (s.number > session.number
                                      and s.status is StageStatus.PLANNED)]


def _planned_rest(uow: UnitOfWork, session: Session) -> list[Session]:
    """This session and the later sessions of its round still to draw (`_to_draw`), when
    they hold a planned draw.

    The last session of a round counts too: drawn afresh from the history instead, its
    byes (where the field is not a multiple of four) fell at random among the players
    who had sat out least, not where the plan had them (18 players over five sessions: four
    pairs met twice in the last session of a plan that had none)."""
    rest = _to_draw(uow, session)
    later = rest[1:]
    if (later or uow.tables.count(session_id=session.id)) and all(
            uow.tables.count(session_id=s.id) for s in later):
        return rest
    return []


def _basis(uow: UnitOfWork, session: Session) -> tuple[tuple[int, ...], ...]:
    """What a draw of `session` depends on: who may play it (entrants and substitutes)
    and how the sessions before it, and any published ahead of it, were seated.
    Publishing compares it with the basis the draw was computed on."""
    substitutes = sorted(p.id for p in uow.players.list(kind=PlayerKind.SUBSTITUTE)
                         if p.status is PlayerStatus.ACTIVE)
    seated = tuple(tuple(_player_id(player) for table in played.tables for player in table.seats)
                   for played in (*_history(uow, session.number), *_ahead(uow, session)))
    return (tuple(sorted(_entrants(uow, session))), tuple(substitutes), *seated)


def _standing(uow: UnitOfWork, session: Session) -> tuple[object, ...]:
    """The session's tables as stored, with every seat and wind (a wind draw rewrites the
    seats): what publishing a draw replaces. Two stations drew session 2 again; the desk
    published and recorded the winds at four tables, then the head judge published his
    older draw over them without a word, and the wind draws were gone.

    By content, not row ids: an undo puts the same tables back under new ids, and the redo
    of a publish must find them as they were."""
    return tuple((table.number, tuple(sorted(
        (seat.cycle, seat.arrival, seat.player_id, seat.wind.value)
        for seat in uow.seats.list(table_id=table.id))))
        for table in sorted(uow.tables.list(session_id=session.id),
                            key=lambda table: table.number))


def draw_session(uow: UnitOfWork, session_id: int, *, seed: int | None = None,
                 time_limit: float = DEFAULT_TIME_LIMIT, cancel: CancelCheck | None = None,
                 progress: ProgressCallback | None = None) -> SessionDraw:
    """Compute (not store) the tables of a session that has not started.

    The record is read in one short unit of work and the search runs after it, outside
    any transaction: a search of up to `time_limit` seconds must not keep other stations
    waiting for the event. `publish_draw` checks that what it was based on still holds."""
    seed = _checked_seed(seed)
    with uow:
        settings = current_tournament(uow).settings
        session = uow.sessions.get(session_id)
        if session.status not in (StageStatus.PLANNED, StageStatus.PUBLISHED):
            raise ServiceError(ServiceProblem.SESSION_ALREADY_STARTED, session=session.number)
        field = _field(uow, session, settings)
        playing = field.playing
        if len(playing) < 4:
            raise ServiceError(ServiceProblem.TOO_FEW_PLAYERS, session=session.number,
                               players=len(playing))
        before = _history(uow, session.number)
        history = [*before, *_ahead(uow, session)]
        forbidden = _forbidden_groups(uow, settings, playing)
        basis = _basis(uow, session)
        standing = _standing(uow, session)
        order = _seated_by_rank(uow, session, settings)
        by_rank = (_by_rank(uow, session, playing, history, order, seed)
                   if order is not None else None)
        planned = _seated_sessions(uow, _planned_rest(uow, session))
        to_draw = _to_draw(uow, session)
    later: tuple[SeatedSession, ...] = ()
    if by_rank is not None:
        seated, cancelled = by_rank, False
    else:
        if planned:
            draw: Draw = repair_plan(Schedule(tuple(planned)), history, playing, seed=seed,
                                     forbidden_groups=forbidden, time_limit=time_limit,
                                     cancel=cancel, progress=progress)
        else:
            # Planning the rest of the round, not just this session: a greedy session
            # can leave no repeat-free completion near the bound 3R <= N - 1.
            draw = plan_schedule(playing, len(to_draw), seed=seed, forbidden_groups=forbidden,
                                 history=history, time_limit=time_limit, cancel=cancel,
                                 progress=progress)
        # The domain puts first the session that seats the fewest club mates and pairs
        # who have met (`planner._cleanest_first`): it is the one played now.
        seated, *rest = draw.schedule.sessions
        later = tuple(rest)
        cancelled = draw.cancelled
    present = set(seated.players())
    byes = [player for player in playing if player not in present]
    # The session's own report judges it after the sessions before it, as the stored
    # session's report does (`session_quality`); those published ahead are judged in the
    # outlook, and their own reports judge them after this one.
    report = quality_report((seated,), forbidden_groups=forbidden, history=before)
    outlook = RoundOutlook(session.number, to_draw[len(later)].number, quality_report(
        (seated, *later), history=history)) if later else None
    return SessionDraw(session_id, session.number, seated, later, tuple(byes), report,
                       seed, cancelled, field.substitutes_missing, basis, standing, outlook,
                       order)


def seated_by_rank(uow: UnitOfWork, session_id: int) -> FinalSeating | None:
    """The order a session is seated in by rank: elimination rounds and the final where
    Setup's final seating is by rank (spec §3); None where the session is drawn to keep
    apart players who have met, so a report of repeats is read for what it is."""
    with uow:
        return _seated_by_rank(uow, uow.sessions.get(session_id),
                               current_tournament(uow).settings)


def _seated_by_rank(uow: UnitOfWork, session: Session, settings: TournamentSettings
                    ) -> FinalSeating | None:
    kind = uow.rounds.get(session.round_id).kind
    by_rank = kind is not RoundKind.PRELIMINARY and settings.final_seating.by_rank
    return settings.final_seating if by_rank else None


def _by_rank(uow: UnitOfWork, session: Session, playing: Sequence[int],
             history: Sequence[SeatedSession], order: FinalSeating, seed: int
             ) -> SeatedSession:
    """Tables by rank as the standings stood after the session before this one.

    At the start of a round that is the order the cut was made on: the new round's own
    standings would rank its players level where it starts afresh (carry 0, as the shipped
    presets do), and the registration draw, not the qualifying rank, would seed it. Players
    the standings do not rank (substitutes) take the last places."""
    present = set(playing) - set(players_sitting_out(playing, history, seed))
    before = session.number - 1 if session.number > 1 else None
    rows = compute_standings(uow, before).rows
    ranked = [row.player.id for row in rows if row.player.id in present]
    ranked += sorted(present - set(ranked))
    return seat_by_rank(ranked, order, history)


def plan_round(uow: UnitOfWork, round_id: int, *, seed: int | None = None,
               time_limit: float = DEFAULT_TIME_LIMIT, cancel: CancelCheck | None = None,
               progress: ProgressCallback | None = None) -> Draw:
    """A planned schedule for every session of a preliminary round, stored as planned."""
    seed = _checked_seed(seed)
    with uow:
        settings = current_tournament(uow).settings
        sessions = sorted(uow.sessions.list(round_id=round_id), key=lambda s: s.number)
        if any(s.status is not StageStatus.PLANNED for s in sessions):
            raise ServiceError(ServiceProblem.SESSION_ALREADY_STARTED,
                               session=min(s.number for s in sessions
                                           if s.status is not StageStatus.PLANNED))
        playing = _field(uow, sessions[0], settings).playing
        draw = plan_schedule(playing, len(sessions), seed=seed,
                             forbidden_groups=_forbidden_groups(uow, settings, playing),
                             history=_history(uow, sessions[0].number),
                             time_limit=time_limit, cancel=cancel, progress=progress)
        rng = random.Random(seed)
        for session, seated in zip(sessions, draw.schedule.sessions):
            _store(uow, session, seated, rng)
        uow.commit()
    return draw


def _store(uow: UnitOfWork, session: Session, seated: SeatedSession,
           rng: random.Random) -> None:
    for table in uow.tables.list(session_id=session.id):
        uow.tables.remove(table.id)
    for seated_table in seated.tables:
        table = uow.tables.add(SessionTable(session_id=session.id, number=seated_table.number,
                                            seat_pick_seed=rng.randrange(SEED_RANGE)))
        for arrival, player in enumerate(seated_table.seats):
            uow.seats.add(SeatAssignment(table_id=table.id, player_id=_player_id(player),
                                         wind=WIND_ORDER[arrival], arrival=arrival))


def outdated(uow: UnitOfWork, draw: SessionDraw) -> ServiceError | None:
    """The refusal `publish_draw` would give `draw` because the record no longer holds
    what it was computed on, or None: a draw held for reading says so before Publish."""
    with uow:
        return _outdated(uow, uow.sessions.get(draw.session_id), draw)


def _outdated(uow: UnitOfWork, session: Session, draw: SessionDraw) -> ServiceError | None:
    if draw.basis and _basis(uow, session) != draw.basis:
        # A player withdrew or was added, or an earlier session was re-seated, while
        # the draw was being computed (at another station, perhaps).
        return ServiceError(ServiceProblem.DRAW_OUTDATED, session=session.number)
    if draw.standing is not None and _standing(uow, session) != draw.standing:
        return ServiceError(ServiceProblem.DRAW_REPLACED_MEANWHILE, session=session.number,
                            **_last_seated(uow, session))
    return None


def held_again(uow: UnitOfWork, draw: SessionDraw) -> SessionDraw:
    """`draw`, held again after this station's undo took it down: over the session's
    tables as the undo left them (a plan's tables went with it), so that publishing it
    again, or Redo, is not refused as if another station had changed them."""
    with uow:
        session = uow.sessions.get(draw.session_id)
        return dataclasses.replace(draw, standing=_standing(uow, session))


def _last_seated(uow: UnitOfWork, session: Session) -> dict[str, str]:
    """Who last changed a session's tables or seats, and when."""
    tables = {table.id for table in uow.tables.list(session_id=session.id)}
    return last_change(uow.audit.list(), lambda entry: (
        entry.entity == "session" and entry.entity_id == session.id
        or entry.entity == "session_table" and session.id in pictured(entry, "session_id")
        or entry.entity == "seat" and bool(tables & pictured(entry, "table_id"))))


def _later_plans(uow: UnitOfWork, session: Session,
                 draw: SessionDraw) -> list[tuple[Session, SeatedSession]]:
    """The later sessions of the round whose plans publishing `draw` replaces, each with
    the plan it gets (its round's sessions still planned after `session`, in order)."""
    return list(zip(_to_draw(uow, session)[1:], draw.later_sessions))


def replanned_by(uow: UnitOfWork, draw: SessionDraw) -> dict[int, SeatedSession]:
    """By session id, the plans that publishing the held `draw` would give the later
    sessions of its round: while it is held, their stored plans are the old ones (a repair
    after a withdrawal seats one table fewer), and the Seating page says what is coming."""
    with uow:
        session = uow.sessions.get(draw.session_id)
        return {planned.id: seated for planned, seated in _later_plans(uow, session, draw)}


def publish_draw(uow: UnitOfWork, draw: SessionDraw) -> Session:
    """Store a computed draw: the session's tables become official (and replace a plan)."""
    rng = random.Random(draw.seed ^ 0x5EA7)
    with uow:
        session = uow.sessions.get(draw.session_id)
        if session.status not in (StageStatus.PLANNED, StageStatus.PUBLISHED):
            raise ServiceError(ServiceProblem.SESSION_ALREADY_STARTED, session=session.number)
        refusal = _outdated(uow, session, draw)
        if refusal is not None:
            raise refusal
        _store(uow, session, draw.seated, rng)
        for planned, seated in _later_plans(uow, session, draw):
            _store(uow, planned, seated, rng)
        published = uow.sessions.update(dataclasses.replace(
            session, status=StageStatus.PUBLISHED, draw_seed=draw.seed))
        round_follows_sessions(uow, session.round_id)
        uow.commit()
    return published


def _unstarted(uow: UnitOfWork, session_id: int) -> Session:
    session = uow.sessions.get(session_id)
    if session.status not in (StageStatus.PLANNED, StageStatus.PUBLISHED):
        raise ServiceError(ServiceProblem.SESSION_ALREADY_STARTED, session=session.number)
    return session


def preview_swap(uow: UnitOfWork, session_id: int, a: int, b: int) -> SwapEffect:
    """What swapping two players would do to repeated pairs, before doing it: against the
    sessions before this one (planned ones too) and those published ahead of it."""
    with uow:
        session = _unstarted(uow, session_id)
        seated = _seated_session(uow, session)
        return swap_effect(seated.grouping(), [*_history(uow, session.number, planned=True),
                                               *_ahead(uow, session)], a, b)


def swap_players(uow: UnitOfWork, session_id: int, a: int, b: int) -> None:
    """Exchange two players' seats in a session that has not started (its own inverse)."""
    with uow:
        _unstarted(uow, session_id)
        seats = {s.player_id: s for t in uow.tables.list(session_id=session_id)
                 for s in uow.seats.list(table_id=t.id)}
        if a not in seats or b not in seats:
            raise ServiceError(ServiceProblem.PLAYER_NOT_IN_SESSION,
                               player=a if a not in seats else b)
        first, second = seats[a], seats[b]
        uow.seats.remove(first.id)
        uow.seats.remove(second.id)
        uow.seats.add(dataclasses.replace(first, player_id=b, id=0))
        uow.seats.add(dataclasses.replace(second, player_id=a, id=0))
        uow.commit()


def session_quality(uow: UnitOfWork, session_id: int) -> QualityReport:
    """The quality report of a stored session's tables against everything before it,
    planned sessions included.

    Club mates are grouped over the session's whole field, as the draw groups them, so
    the two reports of the same tables agree."""
    with uow:
        settings = current_tournament(uow).settings
        session = uow.sessions.get(session_id)
        seated = _seated_session(uow, session)
        players = sorted({*_field(uow, session, settings).playing,
                          *(_player_id(p) for p in seated.players())})
        return quality_report((seated,),
                              forbidden_groups=_forbidden_groups(uow, settings, players),
                              history=_history(uow, session.number, planned=True))


@dataclass(frozen=True)
class PlanDrift:
    """How the field has moved away from a session that holds only its round's plan."""

    gone: tuple[int, ...] = ()
    """Seated by the plan, but not playing now (withdrawn, or no longer an entrant)."""
    joined: tuple[int, ...] = ()
    """Playing now, but in no session of the plan (a late entry, a substitute called in):
    not a bye, whatever the plan's tables leave out."""


def plan_drift(uow: UnitOfWork, session_id: int) -> PlanDrift:
    """Who the plan of a session not drawn yet seats but who will not play, and who will
    play but is not in the plan. Shown with the plan, since until the session is drawn its
    tables are the plan made for the field as it was (a head judge saw the withdrawn
    players seated and the late entries listed as byes). For a session published and not
    started, who it seats but will not play (withdrawn since): starting it is refused until
    it is drawn again (`sessions.start_session`). Empty for a session that has started."""
    with uow:
        session = uow.sessions.get(session_id)
        if session.status not in (StageStatus.PLANNED, StageStatus.PUBLISHED) or \
                not uow.tables.count(session_id=session.id):
            return PlanDrift()
        playing = set(_field(uow, session, current_tournament(uow).settings).playing)
        seated = {_player_id(p) for p in _seated_session(uow, session).players()}
        if session.status is StageStatus.PUBLISHED:
            # A late entry after the draw was out sits it out, scored no bye (`entered_after`):
            # only those it seats who will not play are a change it must meet.
            return PlanDrift(tuple(sorted(seated - playing)))
        # Every session of the round that holds tables: the last session's plan leaves out
        # its byes, who are in the plan all the same (they play the sessions before it).
        round_tables = [s for s in uow.sessions.list(round_id=session.round_id)
                        if uow.tables.count(session_id=s.id)]
        planned = {_player_id(p) for stored in _seated_sessions(uow, round_tables)
                   for p in stored.players()}
        return PlanDrift(tuple(sorted(seated - playing)), tuple(sorted(playing - planned)))


def round_outlook(uow: UnitOfWork, session_id: int) -> RoundOutlook | None:
    """The plan of a stored session's round from its first session not started yet (as
    `SessionDraw.outlook` when that session was drawn), whichever session of it is shown:
    the sessions published ahead as they stand and the plan around them, up to the first
    session holding no tables. None when fewer than two sessions are judged, or the
    session shown is not one of them."""
    with uow:
        session = uow.sessions.get(session_id)
        unstarted = sorted((s for s in uow.sessions.list(round_id=session.round_id)
                            if s.status in (StageStatus.PLANNED, StageStatus.PUBLISHED)),
                           key=lambda s: s.number)
        # Sessions published ahead (a day's seating printed in the morning) belong to it
        # as they stand: judged from the first published one, the plan after them had no
        # outlook at all, on any of its sessions.
        rest = list(takewhile(lambda s: bool(uow.tables.count(session_id=s.id)), unstarted))
        if len(rest) < 2 or session not in rest:
            return None
        return RoundOutlook(rest[0].number, rest[-1].number, quality_report(
            tuple(_seated_sessions(uow, rest)), history=_history(uow, rest[0].number)))


@dataclass(frozen=True)
class StoodBefore:
    """A published session's tables, and the plan after it in its round, as they stood
    before a new draw of it was published: what undoing that publish puts back."""

    sessions: tuple[tuple[Session, tuple[tuple[SessionTable, tuple[SeatAssignment, ...]], ...]],
                    ...]


def stood_before(uow: UnitOfWork, session_id: int) -> StoodBefore | None:
    """What publishing a new draw of a published session replaces (`restore_stood`); None
    for a session not published, whose publish is undone by `unpublish_session`."""
    with uow:
        session = uow.sessions.get(session_id)
        if session.status is not StageStatus.PUBLISHED:
            return None
        return StoodBefore(tuple(
            (stored, tuple((table, tuple(uow.seats.list(table_id=table.id)))
                           for table in uow.tables.list(session_id=stored.id)))
            for stored in _to_draw(uow, session)))


def restore_stood(uow: UnitOfWork, before: StoodBefore) -> None:
    """Put back the tables, seats and seat picks of `before` (the undo of publishing a new
    draw over a published session). Undone as an unpublish, the session published in the
    morning, whose seating may be on the wall, lost its tables altogether."""
    with uow:
        for stored, tables in before.sessions:
            if uow.sessions.get(stored.id).status not in (StageStatus.PLANNED,
                                                          StageStatus.PUBLISHED):
                raise ServiceError(ServiceProblem.SESSION_ALREADY_STARTED,
                                   session=stored.number)
            for table in uow.tables.list(session_id=stored.id):
                uow.tables.remove(table.id)
            for table, seats in tables:
                added = uow.tables.add(dataclasses.replace(table, id=NEW_ID))
                for seat in seats:
                    uow.seats.add(dataclasses.replace(seat, table_id=added.id, id=NEW_ID))
            uow.sessions.update(stored)
        uow.commit()


def unpublish_session(uow: UnitOfWork, session_id: int) -> Session:
    """Withdraw a published draw before the session starts (the undo of `publish_draw`).

    The session's tables go; the later sessions keep the plan the draw repaired, so the
    next draw starts from it.
    """
    with uow:
        session = uow.sessions.get(session_id)
        if session.status is not StageStatus.PUBLISHED:
            raise ServiceError(ServiceProblem.SESSION_ALREADY_STARTED, session=session.number)
        for table in uow.tables.list(session_id=session_id):
            uow.tables.remove(table.id)
        # A late entry who came while this draw was out is in the next one: he may sit
        # this session out by it, and then scores the bye like anyone (`entered_after`).
        before = session.number - 1 or None
        for player in uow.players.list():
            if player.entered_after is not None and player.entered_after >= session.number:
                uow.players.update(dataclasses.replace(player, entered_after=before))
        back = uow.sessions.update(dataclasses.replace(session, status=StageStatus.PLANNED))
        round_follows_sessions(uow, session.round_id)
        uow.commit()
    return back
