"""The calculator: typed notation and clicked tiles, the rules layer's report shown live,
and "Use for sheet" filling the hand entry."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from tournament_manager.gui.calculator.panel import CalculatorPanel
from tournament_manager.gui.item_data import current_choice
from tournament_manager.gui.main_window import MainWindow
from tournament_manager.services.views import sheet_view


def _patterns(panel: CalculatorPanel) -> list[str]:
    return [panel.patterns.item(row, 0).text() for row in range(panel.patterns.rowCount())]


def test_typed_hand_shows_patterns_and_payments(qtbot):
    panel = CalculatorPanel()
    qtbot.addWidget(panel)
    QTest.keyClicks(panel.concealed, "111222p33p99m")
    QTest.keyClicks(panel.melds, "RdRdRd")
    QTest.keyClicks(panel.winning, "3p")
    panel.seat.setCurrentIndex(panel.seat.findData("S"))
    panel.discarder.setCurrentIndex(panel.discarder.findData("W"))

    assert _patterns(panel) == ["5.1.3", "8.1.1", "3.1"]
    assert panel.value.text() == "V = 170"
    assert "S: +510" in panel.payments.text() and "W: -460" in panel.payments.text()
    assert len(panel.arrangement.groups()) == 5
    assert panel.use_button.isEnabled()


def test_clicked_tiles_build_the_hand_and_a_false_win_is_explained(qtbot):
    panel = CalculatorPanel()
    qtbot.addWidget(panel)
    for code in ("1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "E", "E", "E", "N"):
        panel.findChild(object, f"tile_{code}").click()
    panel.findChild(object, "tile_S").click()  # the 14th tile becomes the winning tile
    assert panel.winning.text() == "S"
    assert "false win" in panel.error.text()
    assert not panel.use_button.isEnabled()

    panel.remove_last()
    panel.findChild(object, "tile_N").click()
    assert panel.winning.text() == "N" and panel.value.text().startswith("V = ")
    panel.findChild(object, "mode_pung").click()
    panel.findChild(object, "tile_Rd").click()
    assert panel.melds.text() == "RdRdRd"


def test_use_for_sheet_carries_the_winner_and_discarder_to_the_entry(event_window: MainWindow):
    event_window.show_page(event_window.sheets_page)
    page = event_window.sheets_page
    panel = page.calculator
    entry = page.sheet.entry
    players = event_window.seated.players
    # The calculator first: South wins off West's discard; the seat boxes name the players.
    assert panel.seat.itemText(panel.seat.findData("S")).startswith("S — S ")
    panel.seat.setCurrentIndex(panel.seat.findData("S"))
    panel.discarder.setCurrentIndex(panel.discarder.findData("W"))
    QTest.keyClicks(panel.concealed, "1p1p1p2p2p2p3p3p9m9m3p")  # winning tile last
    QTest.keyClicks(panel.melds, "RdRdRd")
    assert panel.value.text() == "V = 170"
    panel.use_button.click()
    assert entry.value_edit.text() == "170" and entry.value_edit.hasFocus()
    QTest.keyClick(entry.value_edit, Qt.Key.Key_Return)  # nothing else to type
    hand = sheet_view(event_window.controller.document.unit_of_work(),
                      event_window.seated.tables[0]).rows[0].hand
    assert hand.wins[0].winner_id == players[1] and hand.discarder_id == players[2]
    assert hand.wins[0].value == 170 and hand.wins[0].pattern_ids == ("5.1.3", "8.1.1", "3.1")

    # The entry bar first: N self-draws; the calculator follows (hand 2: N is the column,
    # who sits W now).
    QTest.keyClicks(entry.value_edit, "NT")
    assert current_choice(panel.seat) == "W" and panel.self_draw.isChecked()
    panel.clear()
    QTest.keyClicks(panel.concealed, "123m456m789m123p5p")
    QTest.keyClicks(panel.winning, "5p")
    value = panel.report.result.value
    panel.use_button.click()
    QTest.keyClick(entry.value_edit, Qt.Key.Key_Return)
    second = sheet_view(event_window.controller.document.unit_of_work(),
                        event_window.seated.tables[0]).rows[1].hand
    assert second.wins[0].winner_id == players[3] and second.discarder_id is None
    assert second.wins[0].value == value
    # The hand is on the sheet: its tiles leave the calculator, which starts the next
    # hand empty (they stayed, offered against the next hand's seats).
    assert panel.concealed.text() == panel.winning.text() == "" and not panel.use_button.isEnabled()


def test_the_round_wind_and_flowers_are_asked_only_where_they_score(qtbot):
    panel = CalculatorPanel()
    qtbot.addWidget(panel)
    assert panel.round_row.isHidden()
    panel.set_rules("mcr", {})
    assert not panel.round_row.isHidden()
    # Four concealed pungs, one of them South; the pair is East; North's seat.
    panel.concealed.setText("111m333m555mSSSE")
    panel.winning.setText("E")
    panel.self_draw.setChecked(True)
    panel.seat.setCurrentIndex(panel.seat.findData("N"))
    panel.prevalent.setCurrentIndex(panel.prevalent.findData("E"))

    def fans() -> list[str]:
        assert panel.report is not None
        return [p.name for p in panel.report.result.patterns]

    assert "Prevalent Wind" not in fans()
    panel.prevalent.setCurrentIndex(panel.prevalent.findData("S"))
    assert "Prevalent Wind" in fans()
    panel.flowers.setValue(3)
    assert fans().count("Flower Tiles") == 3


def test_only_the_rules_circumstances_are_offered_and_nobody_discards_to_himself(qtbot):
    """Classical scoring showed "Last tile of its kind (MCR)" and Zung Jung's blessings
    (it scores none of them); the discarder box offered the winner's own seat."""
    panel = CalculatorPanel()
    qtbot.addWidget(panel)

    def offered() -> set[str]:
        return {flag for flag, box in panel.flags.items() if not box.isHidden()}

    panel.set_rules("zung-jung", {})
    assert offered() == {"seabed", "riverbed", "kong_replacement", "robbing_kong", "heaven",
                         "earth"}
    panel.flags["heaven"].setChecked(True)
    panel.set_rules("mcr", {})
    assert offered() == {"seabed", "riverbed", "kong_replacement", "robbing_kong",
                         "last_tile"}
    assert not panel.flags["heaven"].isChecked(), "a hidden flag scores nothing"
    panel.set_rules("classic", {})
    assert offered() == set()
    assert panel.patterns.isColumnHidden(0), "classical ids are words: the names say it"
    panel.set_rules("mcr", {})
    assert not panel.patterns.isColumnHidden(0)
    panel.set_rules("classic", {})

    panel.seat.setCurrentIndex(panel.seat.findData("S"))
    model = panel.discarder.model()
    enabled = {panel.discarder.itemData(i) for i in range(panel.discarder.count())
               if model.item(i).isEnabled()}
    assert "S" not in enabled and {"E", "W", "N"} <= enabled
    panel.discarder.setCurrentIndex(panel.discarder.findData("W"))
    panel.seat.setCurrentIndex(panel.seat.findData("W"))  # the winner is the discarder now
    assert panel.discarder.currentData() != "W"


def _places(panel: CalculatorPanel, window: MainWindow) -> dict[str, tuple[int, int, int, int]]:
    """Where every control the judge clicks sits in the window."""
    from PySide6.QtCore import QPoint
    from PySide6.QtWidgets import QAbstractButton, QComboBox

    places = {}
    for widget in panel.findChildren(QAbstractButton) + panel.findChildren(QComboBox):
        if widget.isVisible():
            corner = widget.mapTo(window, QPoint(0, 0))
            places[widget.objectName() or widget.text()] = (
                corner.x(), corner.y(), widget.width(), widget.height())
    return places


def test_no_control_of_the_calculator_moves_while_a_hand_is_built(event_window: MainWindow):
    from PySide6.QtWidgets import QApplication

    window = event_window
    window.show_page(window.sheets_page)
    page = window.sheets_page
    page.show_calculator()
    panel = page.calculator
    QApplication.processEvents()
    before = _places(panel, window)
    assert len(before) > 40
    hand = ("1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "E", "E", "E", "N", "N")
    for code in hand + ("S", "Wd"):  # a winning hand, then a false win with its words
        panel.findChild(object, f"tile_{code}").click()
        QApplication.processEvents()
        assert _places(panel, window) == before, f"after {code}"
    assert panel.error.text() and not panel.use_button.isEnabled(), "a verdict in words"
    panel.findChild(object, "mode_pung").click()
    for code in ("Rd", "Gd", "1s", "9p"):
        panel.findChild(object, f"tile_{code}").click()
        QApplication.processEvents()
        assert _places(panel, window) == before, f"after the pung of {code}"
    strip = panel.hand_strip
    assert sum(len(group) for group in strip.groups()) == 28
    assert max(rect.right() for rect in strip.tile_rects()) < strip.width(), "all in view"


def test_a_losers_shown_hand_scores_his_points_on_a_classical_sheet(window: MainWindow,
                                                                     tmp_path):
    """Classical seed: "every player, winner and losers, scores the sets in his hand" and
    "each loser pays the winner the difference between the winner's score and his own".
    West shows an exposed pung of red dragons (4) and a concealed pung of 1 dots (8), with
    a double for the dragon pung: (4 + 8) × 2 = 24. No one-suit double: that is "for the
    winning hand" only, and 1p 2s 3s 4s 5m 6m are not one suit anyway."""
    from tests.gui.event_files import seated_event_file

    path, seated = seated_event_file(tmp_path / "classic.tmt", rule_set="classic")
    assert window.controller.open(path)
    window.show_page(window.sheets_page)
    page = window.sheets_page
    panel, entry = page.calculator, page.sheet.entry
    a, b, c, d = seated.players[:4]
    assert panel.loser.isVisibleTo(panel), "classical scores every hand: the choice is there"

    QTest.keyClicks(entry.value_edit, "SW")  # South wins off West; the calculator follows
    panel.loser.click()
    assert not panel.winning.isEnabled() and not panel.self_draw.isEnabled()
    panel.seat.setCurrentIndex(panel.seat.findData("W"))
    QTest.keyClicks(panel.concealed, "1p1p1p2s3s4s5m6m")
    QTest.keyClicks(panel.melds, "RdRdRd")
    assert panel.value.text() == "P = 24"
    assert panel.use_button.text().startswith("Use for W")
    panel.use_button.click()
    assert entry.points_edits[2].value() == 24  # West's column

    panel.seat.setCurrentIndex(panel.seat.findData("N"))
    panel.clear()
    QTest.keyClicks(panel.concealed, "1p1p1p1p1p2s3s")  # five 1 dots: refused in words
    assert panel.error.text() == "five copies of 1p (at most four exist)"
    assert not panel.use_button.isEnabled()
    assert entry.points_edits[3].value() == 0, "nothing reached North's column"

    panel.loser.click()  # back to the winner's hand: it follows the entry's winner again
    QTest.keyClicks(entry.value_edit, "40")
    assert current_choice(panel.seat) == "S"
    QTest.keyClick(entry.value_edit, Qt.Key.Key_Return)
    hand = sheet_view(window.controller.document.unit_of_work(), seated.tables[0]).rows[0].hand
    assert dict(hand.player_points) == {a: 0, b: 40, c: 24, d: 0}
    # classic_seed: each loser pays the difference: A 40, C 40 − 24 = 16, D 40.
    assert dict(hand.deltas) == {a: -40, b: 96, c: -16, d: -40}


def test_the_calculator_scores_with_the_rounds_wind(window: MainWindow, tmp_path):
    """MCR, Green Book: hand 5 is the South round. Élodie, South, won on 5p with a
    concealed pung of South: the calculator stayed on an East round all session and
    called the hand a false win (7), where Prevalent Wind makes it 9."""
    from tests.gui.event_files import seated_event_file
    from tournament_manager.domain.model import HandResult
    from tournament_manager.services.score_sheets import HandEntry, enter_hand
    from tournament_manager.storage.document import open_document

    path, seated = seated_event_file(tmp_path / "mcr.tmt", hands=8, rule_set="mcr")
    with open_document(path) as document:
        for _number in range(4):
            enter_hand(document.unit_of_work(), seated.tables[0], HandEntry(HandResult.DRAW))
    assert window.controller.open(path)
    window.show_page(window.sheets_page)
    page = window.sheets_page
    panel = page.calculator
    page.sheet.refresh()
    assert current_choice(panel.prevalent) == "S", "hand 5 opens the South round"
    panel.seat.setCurrentIndex(panel.seat.findData("S"))
    panel.self_draw.setChecked(False)
    QTest.keyClicks(panel.concealed, "SSS123456m789p5p")
    QTest.keyClicks(panel.winning, "5p")
    panel.discarder.setCurrentIndex(panel.discarder.findData("W"))
    assert panel.value.text().endswith("9"), panel.value.text()
