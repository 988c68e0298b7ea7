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
