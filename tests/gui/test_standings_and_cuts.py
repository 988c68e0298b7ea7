"""Standings (registration numbers, withdrawn players apart, shared ranks) and the Cuts
page (the preview with its line and tie-break, the confirmation, a stale preview)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QPalette
from PySide6.QtTest import QTest

from tests.helpers.head_judge import PASSPHRASE
from tournament_manager.domain.model import Player, PlayerStatus
from tournament_manager.domain.settings import RoundKind, RoundPlan
from tournament_manager.gui.changes import Topic
from tournament_manager.gui.main_window import MainWindow
from tournament_manager.gui.models.players_model import STATUS_COLUMN
from tournament_manager.gui.models.standings_model import (
    PLAYER,
    RANK,
    REGISTRATION,
    StandingsModel,
)
from tournament_manager.services.players import set_player_status
from tournament_manager.services.sessions import finish_session
from tournament_manager.services.standings import Standings, StandingsRow

from .event_files import CUT_ROUNDS, play_table, seated_event_file
from .modal import answering, as_head_judge, click


def _texts(model, column: int) -> list[str]:
    return [model.index(row, column).data() for row in range(model.rowCount())]


def test_standings_show_registration_numbers_and_withdrawn_players_apart(
        event_window: MainWindow, qtmodeltester):
    seated = event_window.seated  # type: ignore[attr-defined]
    withdrawn = seated.players[0]
    event_window.context.call(
        lambda uow: set_player_status(uow, withdrawn, PlayerStatus.WITHDRAWN), Topic.PLAYERS)
    sheet = event_window.sheets_page.sheet
    QTest.keyClicks(sheet.entry.value_edit, "EW30")  # the withdrawn player won a hand
    QTest.keyClick(sheet.entry.value_edit, Qt.Key.Key_Return)

    page = event_window.standings_page
    model = page.model
    assert page.updated.text() == ("7 ranked · 1 withdrawn · “†” after a rank: equal score "
                                   "and raw total, placed by the recorded draw")
    last = model.rowCount() - 1
    assert model.row_at(last).player.id == withdrawn, "after the ranked field"
    assert model.index(last, RANK).data() == "withdrawn"
    grey = QGuiApplication.palette().color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text)
    assert model.index(last, PLAYER).data(Qt.ItemDataRole.ForegroundRole) == grey
    ranks = _texts(model, RANK)[:7]
    assert [text.rstrip("†") for text in ranks] == [str(n) for n in range(1, 8)]
    # The four of the other table are level at 0: the recorded draw placed them.
    assert ranks == ["1†", "2†", "3†", "4†", "5†", "6†", "7"]  # and the two losers level
    assert "the recorded draw placed" in model.index(0, RANK).data(Qt.ItemDataRole.ToolTipRole)
    assert sorted(_texts(model, REGISTRATION)) == [str(100 + n) for n in range(1, 9)]
    assert model.headerData(REGISTRATION, Qt.Orientation.Horizontal) == "No."
    qtmodeltester.check(model, force_py=True)


def test_players_the_chain_cannot_separate_share_a_rank(qtmodeltester):
    def row(player_id: int, rank: int | None, total: float, withdrawn: bool = False):
        return StandingsRow(rank=rank, player=Player(name=f"P{player_id}", id=player_id,
                                                     registration_id=str(player_id)),
                            round_number=1, converted_total=total, raw_total=total,
                            carried=0.0, sessions=(), withdrawn=withdrawn)

    model = StandingsModel()
    model.set_standings(Standings(None, (row(1, 1, 9), row(9, None, 8, withdrawn=True),
                                         row(2, 2, 5), row(3, 2, 5), row(4, 4, 1))))
    assert _texts(model, RANK) == ["1", "2", "2", "4", "withdrawn"]
    assert "Shared place" in model.index(1, RANK).data(Qt.ItemDataRole.ToolTipRole)
    assert model.index(0, RANK).data(Qt.ItemDataRole.ToolTipRole) is None
    qtmodeltester.check(model, force_py=True)


def _cut_window(window: MainWindow, tmp_path: Path, *, finished: bool,
                same_draws: bool = False, rounds: tuple[RoundPlan, ...] = CUT_ROUNDS,
                players: int = 8, select: bool = True) -> MainWindow:
    """Two tables of four hands: each table's winner shares the top with the other's,
    its two bystanders share the middle with the other table's, its discarder the foot.
    `select`: choose round 1 on the Cuts page rather than leave the page's own choice."""
    path, seated = seated_event_file(tmp_path / "cut.tmt", rounds=rounds, players=players)
    from tournament_manager.storage.document import open_document

    with open_document(path) as document:
        if same_draws:  # registration draws that cannot break a tie either
            with document.unit_of_work() as uow:
                for player in uow.players.list():
                    uow.players.update(dataclasses.replace(player, tiebreak_draw=7))
                uow.commit()
        for number, table in enumerate(seated.tables):
            play_table(document, table, seated.players[4 * number:4 * number + 4],
                       winner=number)
        if finished:
            finish_session(document.unit_of_work(), seated.session_id)
    assert window.controller.open(path)
    window.seated = seated  # type: ignore[attr-defined]
    window.show_page(window.cuts_page)
    if select:
        window.cuts_page.table.selectRow(0)
    return window


TWO_CUTS = (RoundPlan(RoundKind.PRELIMINARY, sessions=1, advance=8),
            RoundPlan(RoundKind.ELIMINATION, sessions=1, advance=4, carry=0.0),
            RoundPlan(RoundKind.FINAL, sessions=1, carry=0.0))
"""Twelve players: 8 go on after session 1, 4 after session 2, who play the final."""


def test_the_cuts_page_opens_on_the_cut_that_is_due(window: MainWindow, tmp_path: Path):
    """Round 1 finished and not cut: the page opens on its cut, not on round 2's (whose
    round has nobody in it yet, and which says so rather than "all 0 go on"); once the cut
    is made, it opens on round 2's."""
    page = _cut_window(window, tmp_path, finished=True, rounds=TWO_CUTS, players=12,
                       select=False).cuts_page
    assert page.selected_round() == 1
    assert page.heading.text() == (
        "Cut after round 1: the top 8 of 12 ranked players go on to round 2, carrying 0% "
        "of their totals.")
    assert page.cut_button.isEnabled()

    page.table.selectRow(1)
    assert page.heading.text() == (
        "Round 2 has no players yet: the cut after round 1 takes them on.")
    assert page.rows.rowCount() == 0 and not page.cut_button.isEnabled()
    assert not page.warning.isVisible()

    page.table.selectRow(0)
    with answering(lambda box: click(box, "confirm_yes")):
        page.cut_button.click()
    path = window.controller.document.path  # type: ignore[union-attr]
    window.controller.close()
    assert window.controller.open(path)
    window.show_page(page)
    assert page.selected_round() == 2
    assert page.heading.text().startswith(
        "Cut after round 2: the top 4 of 8 ranked players go on to round 3")


def test_the_players_page_says_who_a_cut_left_out(window: MainWindow, tmp_path: Path):
    """Made on the Cuts page, a cut shows on the Players page at once: those it did not take
    on read "Cut after round 1", not "Active", and have a filter of their own; a withdrawn
    player stays "Withdrawn"; Undo of the cut makes them active again."""
    page = _cut_window(window, tmp_path, finished=True, rounds=TWO_CUTS, players=12,
                       select=False).cuts_page
    players = window.players_page
    assert page.preview is not None
    foot = page.preview.rows[-1].player.id
    with answering(lambda box: click(box, "confirm_yes")):
        page.cut_button.click()
    status = {players.model.index(row, 0).data():
              players.model.index(row, STATUS_COLUMN).data()
              for row in range(players.model.rowCount())}
    assert sorted(status.values()) == ["Active"] * 8 + ["Cut after round 1"] * 4
    preview = page.preview
    assert preview is not None
    went_on = {row.player.name for row in preview.rows if row.player.id in preview.qualifiers}
    assert {name for name, text in status.items() if text == "Active"} == went_on

    players.status.setCurrentIndex(players.status.findText("Cut"))
    assert players.proxy.rowCount() == 4
    players.status.setCurrentIndex(players.status.findText("Active"))
    assert players.proxy.rowCount() == 8

    set_player_status(window.context.unit_of_work(), foot, PlayerStatus.WITHDRAWN)
    window.context.hub.notify(Topic.PLAYERS)
    players.status.setCurrentIndex(players.status.findText("Cut"))
    assert players.proxy.rowCount() == 3

    window.undo_stack.undo()  # the withdrawal was not on the stack: this undoes the cut
    players.status.setCurrentIndex(players.status.findText("All players"))
    texts = [players.model.index(row, STATUS_COLUMN).data()
             for row in range(players.model.rowCount())]
    assert sorted(texts) == ["Active"] * 11 + ["Withdrawn"]


def test_the_cut_preview_waits_for_the_round_to_finish(window: MainWindow, tmp_path: Path):
    page = _cut_window(window, tmp_path, finished=False).cuts_page
    assert page.preview is not None and page.preview.unfinished == (1,)
    assert page.warning.isVisible()
    assert page.warning.text().startswith("Provisional: session 1 of round 1 is not finished")
    assert not page.cut_button.isEnabled()
    assert page.cut_line_row() == 4  # already drawn where it would fall


def test_standings_in_mid_session_say_they_are_provisional(window: MainWindow,
                                                           tmp_path: Path):
    """Session 1 being played: the Standings page says so above the table (its players
    at tables not started stand at 0); once the session is finished, it does not."""
    page = _cut_window(window, tmp_path, finished=False).standings_page
    window.show_page(page)
    assert page.provisional.isVisible()
    assert page.provisional.text() == (
        "Provisional: session 1 is not finished; its scores so far are counted, and the "
        "four players of a table that has not played yet count as level.")

    finish_session(window.controller.document.unit_of_work(),  # type: ignore[union-attr]
                   window.seated.session_id)  # type: ignore[attr-defined]
    window.context.hub.notify(Topic.SESSIONS)
    assert not page.provisional.isVisible()


def test_the_cut_preview_and_its_confirmation(window: MainWindow, tmp_path: Path):
    page = _cut_window(window, tmp_path, finished=True).cuts_page
    preview = page.preview
    assert preview is not None and preview.ready and len(preview.qualifiers) == 4
    assert page.heading.text() == (
        "Cut after round 1: the top 4 of 8 ranked players go on to round 2, carrying 50% of "
        "their totals.")
    # Sessions counted as Setup counts them, with their numbers; the carry as a share.
    assert [page.table.item(r, 2).text() for r in range(2)] == ["1 (no. 1)", "1 (no. 2)"]
    assert page.table.item(1, 4).text() == "50%"
    line = page.cut_line_row()
    assert line == 4
    assert page.rows.item(line, 0).text().startswith("──── cut line: 4 go on to round 2")
    names = {row.player.id: row.player.name for row in preview.rows}
    shown_above = [page.rows.item(r, 2).text() for r in range(line)]
    assert shown_above == [names[p] for p in preview.qualifiers]
    assert all(page.rows.item(r, 6).text() == "yes" for r in range(line))
    assert page.line_note.text().startswith("The line falls between ")
    assert not page.warning.isVisible()

    question: list[str] = []

    def look_then_keep(box) -> None:
        question.append(box.text() + "\n" + box.informativeText())
        click(box, "confirm_no")

    with answering(look_then_keep):
        page.cut_button.click()
    text = question[0]
    assert text.startswith("Make the cut after round 1?")
    assert "4 of 8 ranked players go on to round 2" in text
    last, first_out = preview.rows[3], preview.rows[4]
    assert f"Last qualifier: {last.rank}. {last.player.name}" in text
    assert f"First out: {first_out.rank}. {first_out.player.name}" in text
    with window.context.unit_of_work() as uow:
        assert uow.round_entries.count() == 0

    with answering(lambda box: click(box, "confirm_yes")):
        page.cut_button.click()
    with window.context.unit_of_work() as uow:
        entered = {entry.player_id for entry in uow.round_entries.list()}
    assert entered == set(preview.qualifiers)
    assert page.result.text() == "4 players go on to round 2."
    assert not page.cut_button.isEnabled()  # made: nothing more to cut


def test_the_entrants_column_says_who_has_withdrawn_since(window: MainWindow, tmp_path: Path):
    """A qualifier who withdraws after the cut stays an entrant of round 2 (the cut admitted
    him), but the column says he no longer plays it, and round 1's says so too."""
    page = _cut_window(window, tmp_path, finished=True).cuts_page
    preview = page.preview
    assert preview is not None
    with answering(lambda box: click(box, "confirm_yes")):
        page.cut_button.click()
    entrants = [page.table.item(row, 6).text() for row in range(2)]
    assert entrants == ["8", "4"]
    gone = next(row.player for row in preview.rows if row.player.id == preview.qualifiers[0])
    players = window.players_page
    window.show_page(players)
    shown = [players.proxy.index(row, 0).data() for row in range(players.proxy.rowCount())]
    players.table.selectRow(shown.index(gone.name))
    players.status_button.click()
    window.show_page(page)
    assert [page.table.item(row, 6).text() for row in range(2)] == [
        "8 (1 withdrawn)", "4 (1 withdrawn)"]


def test_a_cut_that_keeps_more_than_are_ranked_says_so(window: MainWindow, tmp_path: Path):
    window = _cut_window(window, tmp_path, finished=True)
    with window.context.unit_of_work() as uow:
        first = next(r for r in uow.rounds.list() if r.number == 1)
        uow.rounds.update(dataclasses.replace(first, advance=12))
        uow.commit()
    window.context.hub.notify(Topic.ROUNDS)
    page = window.cuts_page
    page.table.selectRow(0)
    assert page.heading.text() == (
        "Cut after round 1: the format keeps 12, so all 8 ranked players go on to round 2, "
        "carrying 50% of their totals.")
    assert page.line_note.text() == (
        "Every ranked player goes through: nobody is cut. “†” after a rank: equal score and "
        "raw total, placed by the recorded draw.")


def test_a_cut_on_a_stale_preview_is_refused(window: MainWindow, tmp_path: Path):
    page = _cut_window(window, tmp_path, finished=True).cuts_page
    first = page.preview.qualifiers[0]  # type: ignore[union-attr]

    def meanwhile_a_qualifier_withdraws(box) -> None:
        set_player_status(window.context.unit_of_work(), first, PlayerStatus.WITHDRAWN)
        click(box, "confirm_yes")

    with answering(meanwhile_a_qualifier_withdraws):
        page.cut_button.click()
    assert "changed since the cut was previewed" in window.message_bar.text()
    with window.context.unit_of_work() as uow:
        assert uow.round_entries.count() == 0
    assert first not in page.preview.qualifiers  # type: ignore[union-attr]


def test_a_line_inside_an_unbreakable_tie_is_not_cut_until_lots_are_drawn(
        window: MainWindow, tmp_path: Path):
    page = _cut_window(window, tmp_path, finished=True, same_draws=True).cuts_page
    preview = page.preview
    assert preview is not None and len(preview.tied_across) == 4 and not preview.ready
    names = {row.player.id: row.player.name for row in preview.rows}
    assert page.warning.isVisible()
    assert page.warning.text() == (
        "The line falls inside a tie the tie-breaks cannot break ({players}): the head judge "
        "draws lots between them (Draw Lots…) before the cut.").format(
            players=", ".join(names[p] for p in preview.tied_across))
    assert page.line_note.text().endswith("nothing separates them.")
    assert not page.cut_button.isEnabled()
    standings = window.standings_page.model
    assert _texts(standings, RANK)[:4] == ["1", "1", "3", "3"]  # shared places
    assert page.lots_button.isVisible()

    said: list[str] = []
    with answering(as_head_judge("tie at the cut line after session 1", PASSPHRASE, said)):
        page.lots_button.click()
    assert said[0].startswith("Draw lots between ")
    preview = page.preview
    assert preview is not None and preview.ready and not page.lots_button.isVisible()
    assert page.cut_button.isEnabled() and not page.warning.isVisible()
    with window.context.unit_of_work() as uow:
        draws = [p.tiebreak_draw for p in uow.players.list()]
        assert len({d for d in draws if d != 7}) == 4  # the four tied drew anew, apart
    # Only the line's tie drew: the draw placed those two, and their ranks say so.
    assert _texts(standings, RANK)[:4] == ["1", "1", "3†", "4†"]
    # The Cuts page marks them as Standings does, and says what the mark means.
    cut_ranks = [page.rows.item(row, 0).text() for row in range(4)]
    assert cut_ranks == ["1", "1", "3†", "4†"]
    assert page.rows.item(2, 0).toolTip().endswith("the recorded draw placed him")
    assert page.rows.item(0, 0).toolTip().startswith("Shared place")
    assert page.line_note.text().endswith(
        "“†” after a rank: equal score and raw total, placed by the recorded draw.")


def test_a_round_after_its_cut_is_drawn_by_the_rank_it_qualified_with(window: MainWindow,
                                                                       tmp_path: Path):
    """The Seating page draws round 2's session by the standings of the cut (the 1-4-5-8
    snake over two tables), and says why it may seat players who have met together: the
    round starts afresh, so its own standings would be level and the draw would seed it."""
    window = _cut_window(window, tmp_path, finished=True, rounds=TWO_CUTS, players=12)
    preview = window.cuts_page.preview
    assert preview is not None
    qualified = [row.player.id for row in preview.rows][:8]
    with answering(lambda box: click(box, "confirm_yes")):
        window.cuts_page.cut_button.click()

    page = window.seating_page
    window.show_page(page)
    page.choose_session(2)
    draw = page.draw(time_limit=5)
    assert draw is not None
    assert [set(table.seats) for table in draw.seated.tables] == [
        {qualified[i] for i in (0, 3, 4, 7)}, {qualified[i] for i in (1, 2, 5, 6)}]
    said = ("By rank, snaking across tables, on the standings after session 1 (Final "
            "seating on Setup): players who have met before are not kept apart.")
    assert said in page.state.text().splitlines()
    page.publish_button.click()
    assert page.state.text().splitlines()[:2] == ["Session 2: published.", said]
