"""Elimination rounds and the final seated by rank (spec §3, `final_seating`), through a
whole event played by the services (`run_demo`)."""

from __future__ import annotations

from pathlib import Path

from tournament_manager.domain.presets import Preset
from tournament_manager.domain.seating.elimination import elimination_tables
from tournament_manager.domain.settings import FinalSeating
from tournament_manager.services.demo import run_demo
from tournament_manager.services.standings import compute_standings
from tournament_manager.storage.document import create_document


def test_each_round_after_a_cut_is_seated_by_the_rank_it_qualified_with(
        tmp_path: Path) -> None:
    """WSOM 2010 for 24: six preliminary sessions, then 16, 8 and the final table of 4,
    each round starting afresh (carry 0). Its first session is seated by the standings
    the cut was made on, not by the new round's, where everybody stands level at 0 and
    only the registration draw would order them. (The orders themselves are the domain's,
    tested there; this is the rank they are given.)"""
    order = FinalSeating.BY_RANK_SNAKE
    with create_document(tmp_path / "wsom.tmt") as document:
        summary = run_demo(document.unit_of_work, players=24, preset=Preset.WSOM_2010,
                           seed=3)
        assert summary.cuts == (16, 8, 4)
        with document.unit_of_work() as uow:
            rounds = {r.id: r for r in uow.rounds.list()}
            for session in sorted(uow.sessions.list(), key=lambda s: s.number)[6:]:
                assert rounds[session.round_id].carry == 0.0
                entrants = {e.player_id for e in uow.round_entries.list(
                    round_id=session.round_id)}
                qualified = [row.player.id for row
                             in compute_standings(uow, session.number - 1).rows
                             if row.player.id in entrants]
                tables = sorted(uow.tables.list(session_id=session.id),
                                key=lambda t: t.number)
                seated = [{seat.player_id for seat in uow.seats.list(table_id=t.id, cycle=1)}
                          for t in tables]
                assert seated == [set(group) for group in elimination_tables(qualified, order)]
                by_draw = sorted(entrants, key=lambda p: uow.players.get(p).tiebreak_draw)
                if len(entrants) > 4:  # the test tells the two seedings apart
                    assert seated != [set(g) for g in elimination_tables(by_draw, order)]


def test_a_substitute_takes_the_last_seat_of_a_final_by_rank(tmp_path: Path) -> None:
    """A finalist withdraws after the cut and the head judge registers a substitute: the
    final seats the three finalists by the rank they qualified with, and the substitute,
    whom the standings do not rank, in the last place. (The draw took only the ranked,
    three players, and failed: not a multiple of four.)"""
    from tests.gui.event_files import cut_event_file
    from tournament_manager.domain.model import Player, PlayerKind, PlayerStatus
    from tournament_manager.services.players import register_player, set_player_status
    from tournament_manager.services.seating import draw_session
    from tournament_manager.services.standings import standings
    from tournament_manager.storage.document import open_document

    path, _ = cut_event_file(tmp_path / "cut.tmt")
    with open_document(path) as document:
        uow = document.unit_of_work
        with uow() as work:
            final = work.sessions.list(number=2)[0]
            finalists = [e.player_id for e in work.round_entries.list(
                round_id=final.round_id)]
        qualified = [row.player.id for row in standings(uow(), 1).rows
                     if row.player.id in finalists]
        set_player_status(uow(), qualified[1], PlayerStatus.WITHDRAWN)
        substitute = register_player(uow(), Player(name="Stand-in",
                                                   kind=PlayerKind.SUBSTITUTE)).id
        draw = draw_session(uow(), final.id, seed=1)
    (table,) = draw.seated.tables
    assert set(table.seats) == {qualified[0], qualified[2], qualified[3], substitute}
    assert draw.by_rank is FinalSeating.BY_RANK_SNAKE and draw.byes == ()
