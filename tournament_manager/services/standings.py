"""Standings after any session, and the cut that ends a round.

Standings are always recomputed from the sheets (hands and penalties), never stored, so
they cannot drift from what the players signed. A round ranks its own entrants by what
they carried in plus their converted session scores; players cut earlier keep the order
in which they left, below everyone still playing.
"""

from __future__ import annotations

import dataclasses
from collections import Counter, defaultdict
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import pairwise
from typing import TypeVar

from tournament_manager.domain.model import (
    NEW_ID,
    Penalty,
    Player,
    PlayerKind,
    PlayerStatus,
    Round,
    RoundEntry,
    Session,
    SessionTable,
    StageStatus,
)
from tournament_manager.domain.results import (
    Points,
    converted_scores,
    match_points,
    raw_scores,
)
from tournament_manager.domain.settings import SessionConversion, TournamentSettings
from tournament_manager.domain.standings import Competitor, Placing, TieBreak, cut_line, rank
from tournament_manager.domain.standings import tie_broken_by as _tie_broken_by
from tournament_manager.services.bulk import bulk_reading
from tournament_manager.services.errors import ServiceError, ServiceProblem
from tournament_manager.services.ports import NotFound, UnitOfWork
from tournament_manager.services.tournaments import current_tournament

T = TypeVar("T")


@dataclass(frozen=True)
class SessionScore:
    session_number: int
    table_number: int | None
    """None for a bye."""
    raw: Points
    converted: float


@dataclass(frozen=True)
class StandingsRow:
    rank: int | None
    """None for a player who does not take a place: a substitute or a withdrawn player."""
    player: Player
    round_number: int
    """The last round the player entered (his place is within it)."""
    converted_total: float
    raw_total: float
    carried: float
    sessions: tuple[SessionScore, ...]
    """Every session he played, earlier rounds too; the totals count only the sessions of
    his last round, plus what he carried into it."""
    tie_break: TieBreak | None = None
    """What separated him from the ranked player below him in his round: None when their
    scores did, when nothing could, or when no ranked player follows."""
    placed_by_draw: bool = False
    """His place is his alone, and the recorded draw set it (tournament rules §4): his score
    and raw total equal those of a player next to him in his round's ranking. That player
    may be listed in a later round: the draw put one through a cut and not the other. A
    shared place ("=5") is not marked."""
    withdrawn: bool = False
    """He had withdrawn by then: shown with his results, apart from the ranked field."""


@dataclass(frozen=True)
class RoundWaiting:
    """The last round entered, while none of its sessions has begun."""

    number: int
    carry: float
    """The fraction of their totals its players carried into it (0: a fresh start)."""
    players: int


@dataclass(frozen=True)
class Standings:
    through_session: int | None
    rows: tuple[StandingsRow, ...]
    in_play: tuple[int, ...] = ()
    """Sessions counted that are not finished: published or being played. Their scores so
    far count (a table not started adds nothing), so the standings are provisional, and
    a judge showing them mid-session must see that they are."""
    waiting: RoundWaiting | None = None
    """Set between a cut and the first session after it: the players it took on head the
    standings at what they carried (after a fresh start, all level at 0 and placed by the
    recorded draw), which on the projector read as a result of the round not yet played."""

    @property
    def ranked(self) -> int:
        """The field: players who take a place."""
        return sum(1 for row in self.rows if row.rank is not None)

    @property
    def withdrawn(self) -> int:
        return sum(1 for row in self.rows if row.withdrawn)

    @property
    def drawn_places(self) -> bool:
        """Some place was set by the recorded draw: whatever shows the "5†" mark says what
        it means."""
        return any(row.placed_by_draw for row in self.rows)


def _sessions_scored(sessions: Sequence[Session], through: int | None) -> list[Session]:
    """The sessions begun (running or finished), up to `through`. A session only drawn
    and published scored every player 0.00 (and its byes "0.00 (bye)") under a note that
    it "is not finished; its scores so far are counted"."""
    return [s for s in sessions
            if s.status in (StageStatus.RUNNING, StageStatus.FINISHED)
            and (through is None or s.number <= through)]


def _group(items: Iterable[T], key: str) -> dict[int, list[T]]:
    grouped: dict[int, list[T]] = defaultdict(list)
    for item in items:
        grouped[getattr(item, key)].append(item)
    return grouped


TableScores = tuple[tuple[int, SessionScore], ...]
"""One table's session score for each player seated there: (player id, score)."""


@dataclass
class StandingsFacts:
    """Everything the standings are computed from, loaded in a few queries for the whole
    event: a query per table would make live standings slow on a 1,000-player event.

    `live_standings` keeps one across refreshes and reloads only the tables whose sheets
    changed; `scores` caches each table's scores until then."""

    settings: TournamentSettings
    players: dict[int, Player]
    sessions: list[Session]
    rounds: list[Round]
    entries: dict[int, list[RoundEntry]]
    """Round id -> its entrants as recorded (none for a first round before any cut)."""
    tables: dict[int, list[SessionTable]]
    """Session id -> its tables."""
    seats: Mapping[int, Sequence[int]]
    """Table id -> the players seated there (first cycle), in arrival order."""
    totals: dict[int, Mapping[int, int]]
    """Table id -> each player's sum of hand payments there."""
    penalties: dict[int, list[Penalty]]
    """Table id -> its penalties."""
    scores: dict[int, TableScores] = field(default_factory=dict)

    def reload_tables(self, uow: UnitOfWork, table_ids: Collection[int]) -> None:
        """Read again the hands and penalties of `table_ids` (their sheets changed)."""
        self.totals.update({table_id: {} for table_id in table_ids})
        self.totals.update(uow.hands.totals_by_table(table_ids))
        for table_id in table_ids:
            self.penalties[table_id] = list(uow.penalties.list(table_id=table_id))
            self.scores.pop(table_id, None)

    def table_scores(self, session: Session, table: SessionTable) -> TableScores:
        """The table's scores, kept until its sheet changes (a change to its number or
        session reloads every fact)."""
        known = self.scores.get(table.id)
        if known is None:
            at_table = list(self.seats.get(table.id, ()))
            raw = raw_scores(at_table, self.totals.get(table.id, {}),
                             self.penalties.get(table.id, []))
            converted = converted_scores(raw, self.settings.session_conversion)
            known = self.scores[table.id] = tuple(
                (player_id, SessionScore(session.number, table.number, raw[player_id],
                                         converted[player_id]))
                for player_id in at_table)
        return known


def load_facts(uow: UnitOfWork) -> StandingsFacts:
    """The whole event's standings facts, read within an open unit of work."""
    return StandingsFacts(
        settings=current_tournament(uow).settings,
        players={p.id: p for p in uow.players.list()},
        sessions=list(uow.sessions.list()),
        rounds=sorted(uow.rounds.list(), key=lambda r: r.number),
        entries=_group(uow.round_entries.list(), "round_id"),
        tables=_group(uow.tables.list(), "session_id"),
        seats=uow.seats.players_by_table(cycle=1),
        totals=dict(uow.hands.totals_by_table()),
        penalties=_group(uow.penalties.list(), "table_id"),
    )


def session_scores(facts: StandingsFacts, sessions: Sequence[Session]
                   ) -> dict[int, list[SessionScore]]:
    """Every player's score in each of `sessions`, byes included."""
    scores: dict[int, list[SessionScore]] = defaultdict(list)
    settings = facts.settings
    entrants: dict[int, set[int]] = {}
    for session in sessions:
        if session.round_id not in entrants:
            entrants[session.round_id] = _entrants_of_round(facts, session.round_id)
        seated: set[int] = set()
        for table in facts.tables.get(session.id, ()):
            for player_id, score in facts.table_scores(session, table):
                seated.add(player_id)
                scores[player_id].append(score)
        if seated:
            for player_id in entrants[session.round_id] - seated:
                if _in_the_field(facts.players[player_id], session.number):
                    scores[player_id].append(_bye(session.number, settings))
    return scores


def _in_the_field(player: Player, session_number: int) -> bool:
    """Whether `player` was in the field when `session_number` was drawn: entered before
    it (a late entry has no bye for a session drawn before he registered) and not yet
    withdrawn (a player who left after session 2 kept his session-1 bye, which the
    standings, the seating page and its reprint lost when he withdrew)."""
    if (player.entered_after or 0) >= session_number:
        return False
    if player.status is PlayerStatus.ACTIVE:
        return True
    return player.withdrawn_after is not None and session_number <= player.withdrawn_after


def session_byes(uow: UnitOfWork, session: Session) -> list[int]:
    """The players who sit `session` out, as the standings count them (a bye score)."""
    with uow:
        facts = load_facts(uow)
    return [player for player, rows in session_scores(facts, [session]).items()
            if any(row.table_number is None for row in rows)]


def _bye(session_number: int, settings: TournamentSettings) -> SessionScore:
    raw = Fraction(settings.bye_score)
    conversion = settings.session_conversion
    converted = (0.0 if conversion is SessionConversion.TABLE_POINTS
                 else match_points(raw) if conversion is SessionConversion.MATCH_POINTS
                 else float(raw))
    return SessionScore(session_number, None, raw, converted)


def _entrants_of_round(facts: StandingsFacts, round_id: int) -> set[int]:
    entries = facts.entries.get(round_id)
    if entries:
        return {entry.player_id for entry in entries}
    return {p.id for p in facts.players.values() if p.kind is PlayerKind.REGULAR}


def _round_entries(facts: StandingsFacts, round_: Round) -> list[RoundEntry]:
    """A round's entrants; the first round, before any cut, admits every regular player."""
    entries = facts.entries.get(round_.id, [])
    if entries or round_.number != 1:
        return entries
    return [RoundEntry(round_id=round_.id, player_id=p.id) for p in facts.players.values()]


def _ranked_round(round_: Round, entries: Sequence[RoundEntry], players: dict[int, Player],
                  scores: dict[int, list[SessionScore]], session_round: dict[int, int],
                  withdrawn: set[int]) -> list[StandingsRow]:
    competitors = []
    for entry in entries:
        mine = [s for s in scores.get(entry.player_id, ())
                if session_round[s.session_number] == round_.id]
        player = players[entry.player_id]
        competitors.append(Competitor(
            player_id=entry.player_id,
            converted_total=entry.carried_score + sum(s.converted for s in mine),
            raw_total=float(entry.carried_raw + sum(s.raw for s in mine)),
            tiebreak_draw=player.tiebreak_draw,
            ranks=player.kind is PlayerKind.REGULAR and player.id not in withdrawn,
        ))
    placings = rank(competitors)
    carried = {entry.player_id: entry.carried_score for entry in entries}
    breaks = [_tie_broken_by(placings, index) if _both_ranked(placings, index) else None
              for index in range(len(placings))]
    held = Counter(p.rank for p in placings if p.rank is not None)
    shared = {place for place, players in held.items() if players > 1}
    return [
        StandingsRow(rank=p.rank, player=players[p.competitor.player_id],
                     round_number=round_.number, converted_total=p.competitor.converted_total,
                     raw_total=p.competitor.raw_total, carried=carried[p.competitor.player_id],
                     sessions=tuple(scores.get(p.competitor.player_id, ())),
                     tie_break=breaks[index],
                     placed_by_draw=p.rank not in shared and TieBreak.DRAW in (
                         breaks[index], breaks[index - 1] if index else None),
                     withdrawn=p.competitor.player_id in withdrawn)
        for index, p in enumerate(placings)
    ]


def _both_ranked(placings: Sequence[Placing], index: int) -> bool:
    """Place `index` and the next both take a place: only between those does a tie-break
    mean anything (the unranked follow the field in score order)."""
    return (index + 1 < len(placings) and placings[index].rank is not None
            and placings[index + 1].rank is not None)


def standings(uow: UnitOfWork, through_session: int | None = None) -> Standings:
    """The whole field, ranked: the latest round's entrants first, then those cut before.

    With `through_session` N, the standings as they stood after session N: only the
    sessions up to N count, only the rounds begun by then rank (a cut made later does
    not reorder them), and only players who had withdrawn by then are set apart.
    """
    with uow:
        return compute_standings(uow, through_session)


def _withdrawn_by(players: Iterable[Player], through: int | None) -> set[int]:
    return {p.id for p in players if p.status is PlayerStatus.WITHDRAWN
            and (through is None or (p.withdrawn_after or 0) <= through)}


def _through_a_cut_after(facts: StandingsFacts, through: int | None) -> set[int]:
    """The players a cut made after session `through` took on: a withdrawal is dated by
    that session whether it came before the cut or after it, but the cut takes on nobody
    who has withdrawn, so these withdrew after it. The standings after `through` rank
    them still, as they did when the cut was made on them; otherwise the cut would read
    as overtaken by a correction, and a reprint would differ from the sheet posted."""
    if through is None:
        return set()
    last: dict[int, int] = {}
    for session in facts.sessions:
        last[session.round_id] = max(session.number, last.get(session.round_id, 0))
    rounds = sorted(facts.rounds, key=lambda r: r.number)
    return {entry.player_id for this, following in pairwise(rounds)
            if last.get(this.id) == through
            for entry in facts.entries.get(following.id, ())}


def compute_standings(uow: UnitOfWork, through_session: int | None) -> Standings:
    """Standings inside an already open unit of work (for services that act on them)."""
    with bulk_reading():
        return standings_of(load_facts(uow), through_session)


def standings_of(facts: StandingsFacts, through_session: int | None) -> Standings:
    """Standings from facts already loaded (`load_facts`, or a live feed's)."""
    every_session = facts.sessions
    if through_session is not None and all(s.number != through_session
                                           for s in every_session):
        raise NotFound("session", through_session)
    sessions = _sessions_scored(every_session, through_session)
    session_round = {s.number: s.round_id for s in every_session}
    first_session: dict[int, int] = {}
    for s in every_session:
        first_session[s.round_id] = min(s.number, first_session.get(s.round_id, s.number))
    scores = session_scores(facts, sessions)
    withdrawn = (_withdrawn_by(facts.players.values(), through_session)
                 - _through_a_cut_after(facts, through_session))
    rounds = [r for r in facts.rounds
              if through_session is None or first_session.get(r.id, 0) <= through_session]
    placed: set[int] = set()
    blocks: list[list[StandingsRow]] = []
    for round_ in rounds:
        entries = _round_entries(facts, round_)
        if through_session is not None:  # not yet entered then: not in those standings
            entries = [e for e in entries
                       if (facts.players[e.player_id].entered_after or 0) < through_session]
        if not entries:
            continue
        blocks.append(_ranked_round(round_, entries, facts.players, scores, session_round,
                                    withdrawn))
    rows: list[StandingsRow] = []
    for block in reversed(blocks):
        for row in block:
            if row.player.id not in placed:
                placed.add(row.player.id)
                rows.append(row)
    in_play = tuple(s.number for s in sessions if s.status is not StageStatus.FINISHED)
    waiting = None
    if blocks and len(rounds) > 1:
        last = next(r for r in rounds if r.number == blocks[-1][0].round_number)
        if last.number > 1 and all(s.round_id != last.id for s in sessions):
            waiting = RoundWaiting(last.number, last.carry,
                                   sum(1 for row in blocks[-1] if row.rank is not None))
    return Standings(through_session, tuple(_overall_ranks(rows)), in_play, waiting)


def _overall_ranks(rows: list[StandingsRow]) -> list[StandingsRow]:
    """One rank sequence over the whole field: later rounds' places come first; players
    sharing a place in their round share it overall."""
    ranked_rows: list[StandingsRow] = []
    position = 0
    previous: StandingsRow | None = None
    shared_with: dict[int, int] = {}
    for row in rows:
        if row.rank is None:
            ranked_rows.append(row)
            continue
        position += 1
        if (previous is not None and previous.round_number == row.round_number
                and previous.rank == row.rank):
            overall = shared_with[id(previous)]
        else:
            overall = position
        shared_with[id(row)] = overall
        ranked_rows.append(row if row.rank == overall else dataclasses.replace(row, rank=overall))
        previous = row
    return ranked_rows


@dataclass(frozen=True)
class CutPreview:
    """A cut as it would be made now, for the head judge to check before making it."""

    round_number: int
    advance: int
    carry: float
    """The fraction of their totals the qualifiers carry into the next round."""
    rows: tuple[StandingsRow, ...]
    """The round's standings: ranked players, then those who take no place."""
    qualifiers: tuple[int, ...]
    tied_across: tuple[int, ...]
    """Players the tie-break chain cannot separate across the cut line."""
    line_tie_break: TieBreak | None
    """What separated the last qualifier from the first player out (None: the scores)."""
    unfinished: tuple[int, ...]
    """Sessions of the round not finished yet: the preview is provisional until none."""
    made: bool
    """The cut has been made (the next round has its entrants)."""
    entrants: tuple[int, ...] = ()
    """Who the cut made took on (empty until it is made)."""

    @property
    def ready(self) -> bool:
        return not self.unfinished and not self.tied_across and not self.made

    next_drawn: bool = False
    """The next round has a table draw: the cut can no longer be taken back."""

    @property
    def overtaken(self) -> bool:
        """The cut was made, and a sheet of the round corrected since puts other players
        through: the head judge takes it back and makes it again (while the next round has
        no draw), never the software on its own."""
        return (self.made and not self.tied_across
                and set(self.entrants) != set(self.qualifiers))


def _rounds_around(uow: UnitOfWork, round_number: int) -> tuple[Round, Round]:
    rounds = {r.number: r for r in uow.rounds.list()}
    if round_number not in rounds or round_number + 1 not in rounds:
        raise ServiceError(ServiceProblem.NO_NEXT_ROUND, round=round_number)
    this, following = rounds[round_number], rounds[round_number + 1]
    if this.advance is None:
        raise ServiceError(ServiceProblem.ROUND_HAS_NO_CUT, round=round_number)
    return this, following


def compute_cut_preview(uow: UnitOfWork, round_number: int) -> CutPreview:
    this, following = _rounds_around(uow, round_number)
    assert this.advance is not None
    sessions = sorted(uow.sessions.list(round_id=this.id), key=lambda s: s.number)
    table = compute_standings(uow, sessions[-1].number)
    rows = [row for row in table.rows if row.round_number == round_number]
    placings = [Placing(row.rank, Competitor(row.player.id, row.converted_total,
                                             row.raw_total, row.player.tiebreak_draw,
                                             ranks=row.rank is not None))
                for row in rows]
    line = cut_line(placings, this.advance)
    ranked = [row for row in rows if row.rank is not None]
    entries = uow.round_entries.list(round_id=following.id)
    return CutPreview(
        round_number=round_number, advance=this.advance, carry=following.carry,
        rows=tuple(rows), qualifiers=line.qualifiers, tied_across=line.tied_across,
        line_tie_break=(ranked[this.advance - 1].tie_break if len(ranked) > this.advance
                        else None),
        unfinished=tuple(s.number for s in sessions if s.status is not StageStatus.FINISHED),
        made=bool(entries), entrants=tuple(entry.player_id for entry in entries),
        next_drawn=_next_round_drawn(uow, following))


def cut_preview(uow: UnitOfWork, round_number: int) -> CutPreview:
    """Who a cut after `round_number` takes on, where the line falls and why."""
    with uow:
        return compute_cut_preview(uow, round_number)


def make_cut(uow: UnitOfWork, round_number: int,
             expected: Sequence[int] | None = None) -> list[int]:
    """End round `round_number`: its top `advance` players enter the next round.

    They carry the next round's `carry` fraction of their converted and raw totals.
    `expected` is the qualifiers the head judge confirmed in the preview: if the standings
    moved since (a sheet corrected meanwhile), the cut is refused rather than made on
    numbers nobody looked at.
    """
    with uow:
        preview = compute_cut_preview(uow, round_number)
        if preview.unfinished:
            raise ServiceError(ServiceProblem.ROUND_NOT_FINISHED, round=round_number,
                               sessions=list(preview.unfinished))
        if preview.made:
            raise ServiceError(ServiceProblem.CUT_ALREADY_MADE, round=round_number)
        if preview.tied_across:
            names = {row.player.id: row.player.name for row in preview.rows}
            raise ServiceError(ServiceProblem.CUT_TIE_UNRESOLVED, round=round_number,
                               players=", ".join(names[p] for p in preview.tied_across))
        if expected is not None and tuple(expected) != preview.qualifiers:
            raise ServiceError(ServiceProblem.CUT_PREVIEW_STALE, round=round_number)
        _this, following = _rounds_around(uow, round_number)
        by_id = {row.player.id: row for row in preview.rows}
        for player_id in preview.qualifiers:
            row = by_id[player_id]
            uow.round_entries.add(RoundEntry(
                round_id=following.id, player_id=player_id,
                carried_score=following.carry * row.converted_total,
                carried_raw=following.carry * row.raw_total))
        uow.commit()
    return list(preview.qualifiers)


def carry_corrected_totals(uow: UnitOfWork, round_id: int) -> list[int]:
    """Inside an open unit of work, after a sheet of round `round_id` was corrected and
    signed again: the players the round's cut took on carry the fraction of their totals
    as they stand now, so the next round's standings follow the correction (the record
    verifies) whether or not that round is drawn. Returns the players whose carry changed.

    Nothing is done when the correction puts other players through the cut: that needs the
    head judge (`remake_cut`), and the Cuts page says so."""
    this = uow.rounds.get(round_id)
    following = _next_round(uow, this)
    if this.advance is None or following is None:
        return []
    entries = uow.round_entries.list(round_id=following.id)
    if not entries:
        return []
    preview = compute_cut_preview(uow, this.number)
    if preview.tied_across or set(preview.qualifiers) != {e.player_id for e in entries}:
        return []
    rows = {row.player.id: row for row in preview.rows}
    changed = []
    for entry in entries:
        row = rows[entry.player_id]
        carried = dataclasses.replace(entry, carried_score=following.carry * row.converted_total,
                                      carried_raw=following.carry * row.raw_total)
        if carried != entry:
            uow.round_entries.update(carried)
            changed.append(entry.player_id)
    return changed


@dataclass(frozen=True)
class MadeCut:
    """A cut already made after a round, as a correction of that round must be told."""

    round_number: int
    next_drawn: bool


def cut_made_after(uow: UnitOfWork, round_id: int) -> MadeCut | None:
    """The cut after round `round_id`, if it has been made (None: no cut, or not yet)."""
    with uow:
        this = uow.rounds.get(round_id)
        following = _next_round(uow, this)
        if (this.advance is None or following is None
                or not uow.round_entries.count(round_id=following.id)):
            return None
        return MadeCut(this.number, _next_round_drawn(uow, following))


def cut_rounds(uow: UnitOfWork) -> dict[int, int]:
    """Who has been cut, each by the round he was cut after: a player of round r whom the
    cut after it did not take on. Withdrawn players are in it too when a cut left them out
    (the cut takes on nobody withdrawn); the Players page says "Withdrawn" for them."""
    with uow:
        rounds = sorted(uow.rounds.list(), key=lambda r: r.number)
        before = {p.id for p in uow.players.list() if p.kind is PlayerKind.REGULAR}
        cut: dict[int, int] = {}
        for this, following in pairwise(rounds):
            entries = {e.player_id for e in uow.round_entries.list(round_id=following.id)}
            if not entries:  # not cut into yet: nor is any round after it
                break
            if this.advance is not None:
                cut.update((player, this.number) for player in before - entries)
            before = entries
        return cut


def _next_round(uow: UnitOfWork, this: Round) -> Round | None:
    return next((r for r in uow.rounds.list() if r.number == this.number + 1), None)


def _next_round_drawn(uow: UnitOfWork, following: Round) -> bool:
    return any(uow.tables.count(session_id=s.id)
               for s in uow.sessions.list(round_id=following.id))


def undo_cut(uow: UnitOfWork, round_number: int) -> list[RoundEntry]:
    """Take back a cut while the next round has no draw yet (the undo of `make_cut`, and
    the head judge's own "Take back the cut" after a correction moved the line). Returns
    the entries taken back, for `restore_cut`."""
    with uow:
        rounds = {r.number: r for r in uow.rounds.list()}
        if round_number not in rounds or round_number + 1 not in rounds:
            raise ServiceError(ServiceProblem.NO_NEXT_ROUND, round=round_number)
        following = rounds[round_number + 1]
        if _next_round_drawn(uow, following):
            raise ServiceError(ServiceProblem.NEXT_ROUND_DRAWN, round=round_number + 1)
        entries = list(uow.round_entries.list(round_id=following.id))
        for entry in entries:
            uow.round_entries.remove(entry.id)
        uow.commit()
    return entries


def restore_cut(uow: UnitOfWork, round_number: int, entries: Sequence[RoundEntry]) -> None:
    """Put back, exactly, a cut `undo_cut` took back (its undo): the same players with the
    same carry, whatever the standings say now."""
    with uow:
        _this, following = _rounds_around(uow, round_number)
        if uow.round_entries.count(round_id=following.id):
            raise ServiceError(ServiceProblem.CUT_ALREADY_MADE, round=round_number)
        for entry in entries:
            uow.round_entries.add(dataclasses.replace(entry, id=NEW_ID,
                                                      round_id=following.id))
        uow.commit()
