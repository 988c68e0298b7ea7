"""View ▸ Serve Tables: the window serves its own event to the tables' phones; their
hands reach its pages within a second, and the server stops with the event."""

from __future__ import annotations

import httpx
from pypdf import PdfReader
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QLabel, QPushButton, QTextBrowser

from tournament_manager.gui import table_server
from tournament_manager.gui.main_window import MainWindow


def test_the_window_serves_its_event_and_shows_the_tables_hands(
        event_window: MainWindow, qtbot, monkeypatch, canned, tmp_path) -> None:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    monkeypatch.setattr(table_server, "PORT", port)
    window = event_window
    window.show_page(window.sheets_page)
    window.action_serve_tables.trigger()
    assert window.action_serve_tables.isChecked()
    dialog = next(w for w in QApplication.topLevelWidgets()
                  if w.objectName() == "table_codes_dialog" and w.isVisible())
    codes = dialog.findChild(QTextBrowser, "table_codes").toPlainText().splitlines()
    assert codes[0].startswith("Session 1, table 1: ")
    code = codes[0].rsplit(" ", 1)[1]
    cards = tmp_path / "cards.pdf"
    canned.export_paths.append(cards)
    dialog.findChild(QPushButton, "print_table_cards").click()
    assert dialog.findChild(QLabel, "table_cards_written").text() == f"Wrote {cards}"
    text = "".join(page.extract_text() for page in PdfReader(cards).pages)
    assert " ".join(code) in text and "Table 2" in text
    # File ▸ Export ▸ Document Language holds for the cards too
    window.findChild(QAction, "document_language_zh_TW").trigger()
    chinese = tmp_path / "cards-zh.pdf"
    canned.export_paths.append(chinese)
    dialog.findChild(QPushButton, "print_table_cards").click()
    text = "".join(page.extract_text() for page in PdfReader(chinese).pages)
    assert "第 2 桌" in text and "Table 2" not in text
    assert dialog.findChild(QLabel, "table_cards_written").text() == f"Wrote {chinese}"
    dialog.close()

    with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30) as phone:
        state = phone.post("/api/login", json={"code": code}).json()
        ids = [p["id"] for p in state["players"]]
        answer = phone.post("/api/hands", headers={"X-CSRF-Token": state["csrf"]}, json={
            "result": "win", "win_type": "self_draw", "discarder_id": None,
            "winners": [{"player_id": ids[1], "value": 40}], "seen": state["seen"]})
        assert answer.status_code == 200, answer.text
    sheet = window.sheets_page.sheet
    qtbot.waitUntil(lambda: sheet.model.rowCount() == 1, timeout=10_000)

    window.action_serve_tables.trigger()  # stop
    assert not window.action_serve_tables.isChecked()
    with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=5) as phone:
        try:
            phone.get("/")
            reached = True
        except httpx.TransportError:
            reached = False
    assert not reached, "the server stopped"


def test_a_session_started_while_serving_has_its_codes_and_closing_asks(
        event_window: MainWindow, qtbot, monkeypatch) -> None:
    """The codes were read once, when serving started: after session 1 finished and
    session 2 started, the window could show session 2's codes only by stopping and
    starting again, which cut every phone off. View ▸ Table Codes… reads them now; the
    status bar says the tables are served while they are; and closing the event, which
    stops serving, asks first."""
    import socket

    from tests.gui.event_files import play_table
    from tests.gui.modal import answering, click
    from tournament_manager.services.seating import draw_session, publish_draw
    from tournament_manager.services.sessions import finish_session, start_session

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    monkeypatch.setattr(table_server, "PORT", port)
    window = event_window
    assert not window.action_table_codes.isEnabled()
    window.action_serve_tables.trigger()
    for dialog in [w for w in QApplication.topLevelWidgets()
                   if w.objectName() == "table_codes_dialog"]:
        dialog.close()
    served = window.findChild(QLabel, "serving_tables")
    assert served.isVisibleTo(window) and served.text() == (
        f"Serving the tables at {window.table_server.address}")
    window.message_bar.clear()  # the bar's news goes; the status bar's line stays
    assert served.isVisibleTo(window)

    document = window.controller.document
    seated = window.seated  # type: ignore[attr-defined]
    for index, table in enumerate(seated.tables):
        play_table(document, table, seated.players[4 * index:4 * index + 4])
    finish_session(document.unit_of_work(), seated.session_id)
    with document.unit_of_work() as uow:
        second = next(s.id for s in uow.sessions.list() if s.number == 2)
    publish_draw(document.unit_of_work(),
                 draw_session(document.unit_of_work(), second, seed=1, time_limit=5))
    start_session(document.unit_of_work(), second, lambda: None)

    assert window.action_table_codes.isEnabled()
    window.action_table_codes.trigger()
    dialog = next(w for w in QApplication.topLevelWidgets()
                  if w.objectName() == "table_codes_dialog" and w.isVisible())
    codes = dialog.findChild(QTextBrowser, "table_codes").toPlainText().splitlines()
    assert [line.rsplit(":", 1)[0] for line in codes] == [
        "Session 2, table 1", "Session 2, table 2"]
    code = codes[0].rsplit(" ", 1)[1]
    dialog.close()
    with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30) as phone:
        state = phone.post("/api/login", json={"code": code}).json()
        assert (state["session"], state["table"]) == (2, 1)

    with answering(lambda box: click(box, "confirm_no")) as asked:
        window.action_close.trigger()
    assert asked.seen == ["Work Not Finished"]
    assert window.controller.document is not None and window.table_server.running
    with answering(lambda box: click(box, "confirm_yes")):
        window.action_close.trigger()
    assert window.controller.document is None and not window.table_server.running
    assert not served.isVisibleTo(window) and not window.action_table_codes.isEnabled()
