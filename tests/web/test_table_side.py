"""Table-side entry against the real server on a local port (uvicorn), over a real
event file: a table logs in with its code and enters, then signs, its whole sheet; the
refusals a venue network needs are checked one by one."""

from __future__ import annotations

import base64

import httpx

from tournament_manager.services.sessions import finish_session
from tournament_manager.services.views import table_progress
from tournament_manager.web.app import MAX_WRONG_CODES

from .conftest import Served

HANDS = 16


def _client(served: Served) -> httpx.Client:
    return httpx.Client(base_url=served.url, timeout=30)


def _login(client: httpx.Client, code: str) -> dict:
    response = client.post("/api/login", json={"code": code})
    assert response.status_code == 200, response.text
    return response.json()


def _png(n: int) -> str:
    return base64.b64encode(b"\x89PNG\r\n\x1a\n strokes %d" % n).decode()


def test_a_table_enters_and_signs_its_whole_sheet(served: Served) -> None:
    with _client(served) as client:
        page = client.get("/")
        assert page.status_code == 200 and "Open the sheet" in page.text
        state = _login(client, served.codes[1].lower())  # case does not matter
        assert (state["table"], state["next_hand"], len(state["players"])) == (1, 1, 4)
        ids = [p["id"] for p in state["players"]]
        for number in range(HANDS):
            winner, discarder = ids[number % 4], ids[(number + 1) % 4]
            response = client.post("/api/hands", headers={"X-CSRF-Token": state["csrf"]},
                                   json={"result": "win", "win_type": "discard",
                                         "discarder_id": discarder, "seen": state["seen"],
                                         "winners": [{"player_id": winner, "value": 25}]})
            assert response.status_code == 200, response.text
            state = response.json()
        assert len(state["hands"]) == HANDS and state["complete"] and sum(state["totals"]) == 0
        for n, player in enumerate(ids):
            response = client.post("/api/sign", headers={"X-CSRF-Token": state["csrf"]},
                                   json={"player_id": player, "png": _png(n),
                                         "seen": state["seen"]})
            assert response.status_code == 200, response.text
            state = response.json()
        assert state["locked"] and sorted(state["signed"]) == sorted(ids)
    with served.document.unit_of_work() as uow:
        actors = {e.actor for e in uow.audit.list() if e.entity in ("hand", "signature")}
        assert actors == {"Table 1 (table-side)"}
        assert len(uow.hands.list(table_id=served.seated.tables[0])) == HANDS
        assert uow.hands.list(table_id=served.seated.tables[1]) == []


def test_changes_need_the_pages_token_and_the_sheet_as_shown(served: Served) -> None:
    with _client(served) as client:
        state = _login(client, served.codes[2])
        ids = [p["id"] for p in state["players"]]
        hand = {"result": "win", "win_type": "self_draw", "discarder_id": None,
                "winners": [{"player_id": ids[0], "value": 30}], "seen": state["seen"]}
        forged = client.post("/api/hands", json=hand)  # no token: not from the page
        assert forged.status_code == 403 and "reload" in forged.json()["problem"]
        wrong = client.post("/api/hands", json=hand, headers={"X-CSRF-Token": "guess"})
        assert wrong.status_code == 403
        ok = client.post("/api/hands", json=hand, headers={"X-CSRF-Token": state["csrf"]})
        assert ok.status_code == 200
        stale = client.post("/api/hands", json=hand, headers={"X-CSRF-Token": state["csrf"]})
        assert stale.status_code == 409  # the page had not shown hand 1 yet
        # The audit's actor in the reader's words, as the window says it.
        assert "was changed by table 2 (from its own page) at " in stale.json()["problem"]
        unreadable = client.post("/api/hands", content=b"{", headers={
            "X-CSRF-Token": state["csrf"], "Content-Type": "application/json"})
        assert unreadable.status_code == 400
        assert unreadable.json()["problem"] == (
            "this hand cannot be read: it is not JSON, as the page sends it")
    assert len(_hands(served, 1)) == 1


def _hands(served: Served, table_index: int) -> list:
    with served.document.unit_of_work() as uow:
        return uow.hands.list(table_id=served.seated.tables[table_index])


def test_wrong_codes_are_limited_per_device(served: Served) -> None:
    with _client(served) as client:
        assert client.get("/api/table").status_code == 401
        for _ in range(MAX_WRONG_CODES):
            refused = client.post("/api/login", json={"code": "ZZZZZZ"})
            assert refused.status_code == 401
            assert refused.json()["problem"] == "no table of a running session has this code"
        blocked = client.post("/api/login", json={"code": served.codes[1]})
        assert blocked.status_code == 429  # even the right code, until the wait is over
        assert "too many wrong codes" in blocked.json()["problem"]


def test_a_code_stops_working_when_its_session_is_over(served: Served) -> None:
    from tournament_manager.domain.model import HandResult, Win, WinType
    from tournament_manager.services.score_sheets import HandEntry, enter_hand, sign_sheet

    with _client(served) as client:
        _login(client, served.codes[1])
        for index, table in enumerate(served.seated.tables):
            players = served.seated.players[4 * index:4 * index + 4]
            for number in range(HANDS):
                enter_hand(served.document.unit_of_work(), table, HandEntry(
                    HandResult.WIN, WinType.DISCARD, players[(number + 1) % 4],
                    (Win(players[number % 4], 25, players[(number + 1) % 4]),)))
            for player in players:
                sign_sheet(served.document.unit_of_work(), table, player,
                           b"\x89PNG strokes of %d" % player)
        finish_session(served.document.unit_of_work(), served.seated.session_id)
        over = client.get("/api/table")
        assert over.status_code == 403
        assert over.json()["problem"] == (
            "this table's session is over: its code no longer works")
        again = client.post("/api/login", json={"code": served.codes[1]})
        assert again.status_code == 401


def test_a_hand_sent_twice_by_its_number_reaches_the_sheet_once(served: Served) -> None:
    """A hand queued offline goes by its own number: when its first sending arrived but
    the reply was lost, the second is refused, and the sheet holds it once."""
    with _client(served) as client:
        state = _login(client, served.codes[1])
        ids = [p["id"] for p in state["players"]]
        hand = {"result": "win", "win_type": "self_draw", "discarder_id": None,
                "winners": [{"player_id": ids[2], "value": 30}], "number": 1}
        headers = {"X-CSRF-Token": state["csrf"]}
        assert client.post("/api/hands", json=hand, headers=headers).status_code == 200
        again = client.post("/api/hands", json=hand, headers=headers)
        assert again.status_code == 409
        neither = client.post("/api/hands", json={**hand, "number": None}, headers=headers)
        assert neither.status_code == 400
    assert [h.number for h in _hands(served, 0)] == [1]


def test_the_payments_show_before_saving_and_the_last_hand_can_be_retyped(
        served: Served) -> None:
    with _client(served) as client:
        state = _login(client, served.codes[1])
        ids = [p["id"] for p in state["players"]]
        headers = {"X-CSRF-Token": state["csrf"]}
        hand = {"result": "win", "win_type": "discard", "discarder_id": ids[2],
                "winners": [{"player_id": ids[0], "value": 40}]}
        preview = client.post("/api/preview", json=hand, headers=headers)
        assert preview.status_code == 200
        assert sum(preview.json()["deltas"].values()) == 0  # what the rule set settles
        assert preview.json()["deltas"][str(ids[0])] > 0 > preview.json()["deltas"][str(ids[2])]
        assert _hands(served, 0) == []  # a preview stores nothing
        bad = client.post("/api/preview", json={**hand, "winners": [
            {"player_id": ids[0], "value": 26}]}, headers=headers)
        assert bad.status_code == 409 and "26 is not possible" in bad.json()["problem"]

        state = client.post("/api/hands", json={**hand, "seen": state["seen"]},
                            headers=headers).json()
        retyped = {**hand, "winners": [{"player_id": ids[0], "value": 45}],
                   "seen": state["seen"]}
        changed = client.put("/api/last-hand", json=retyped, headers=headers)
        assert changed.status_code == 200, changed.text
    [stored] = _hands(served, 0)
    assert stored.wins[0].value == 45


def test_a_file_gives_the_same_codes_however_its_path_is_written(tmp_path, monkeypatch) -> None:
    """`serve day.tmt` and the window's Serve Tables (which knows the absolute path)
    must print the same codes for the same file."""
    from tournament_manager.web.codes import TableKey
    from tournament_manager.web.server import table_side

    monkeypatch.chdir(tmp_path)
    relative = table_side(lambda actor: None, "day.tmt")  # type: ignore[arg-type, return-value]
    absolute = table_side(lambda actor: None, str(tmp_path / "day.tmt"))  # type: ignore[arg-type, return-value]
    other = table_side(lambda actor: None, str(tmp_path / "other.tmt"))  # type: ignore[arg-type, return-value]
    key = TableKey(1, 1)
    assert relative.codes.code(key) == absolute.codes.code(key) != other.codes.code(key)


def test_double_entry_two_devices_agree_or_are_flagged(served_double: Served) -> None:
    """Two devices at one table: the hand counts when both typed the same; when they
    differ, both pages show the two entries and the head judge's board flags the table."""
    with _client(served_double) as one, _client(served_double) as two:
        first = _login(one, served_double.codes[1])
        second = _login(two, served_double.codes[1])
        assert first["double_entry"] and first["waiting"] == []
        ids = [p["id"] for p in first["players"]]
        hand = {"result": "win", "win_type": "discard", "discarder_id": ids[1],
                "winners": [{"player_id": ids[0], "value": 25}]}

        def send(client: httpx.Client, state: dict, body: dict) -> dict:
            response = client.post("/api/hands", headers={"X-CSRF-Token": state["csrf"]},
                                   json=body | {"seen": state["seen"]})
            assert response.status_code == 200, response.text
            return response.json()

        unnamed = one.post("/api/hands", headers={"X-CSRF-Token": first["csrf"]},
                           json=hand | {"seen": first["seen"]})
        assert unnamed.status_code == 409 and "which player typed" in unnamed.json()["problem"]
        first = send(one, first, hand | {"entrant_id": ids[0]})
        assert first["hands"] == [] and first["waiting"][0]["entrant_id"] == ids[0]
        second = two.get("/api/table").json()
        assert second["waiting"][0]["hand"]["wins"] == [[ids[0], 25, ids[1]]]
        second = send(two, second, hand | {"entrant_id": ids[2]})
        assert [h["number"] for h in second["hands"]] == [1] and second["waiting"] == []
        # Hand 2: the devices disagree on the value.
        first = one.get("/api/table").json()
        first = send(one, first, hand | {"entrant_id": ids[0]})
        second = send(two, two.get("/api/table").json(),
                      hand | {"entrant_id": ids[3],
                              "winners": [{"player_id": ids[0], "value": 30}]})
        assert len(second["hands"]) == 1
        assert [e["hand"]["wins"][0][1] for e in second["disagreement"]] == [25, 30]
        retype = one.put("/api/last-hand", headers={"X-CSRF-Token": first["csrf"]},
                         json=hand | {"seen": first["seen"]})
        assert retype.status_code == 409  # a checked hand is the head judge's to change
    progress = table_progress(served_double.document.unit_of_work(),
                              served_double.seated.session_id)
    assert [(row.table.number, row.hands, row.disagreements) for row in progress] == [
        (1, 1, (2,)), (2, 0, ())]
    with served_double.document.unit_of_work() as uow:
        entries = uow.table_entries.list(table_id=served_double.seated.tables[0])
        assert sorted(e.status.value for e in entries) == [
            "agreed", "agreed", "disagreed", "disagreed"]
        actors = {e.actor for e in uow.audit.list() if e.entity == "table_entry"}
        assert actors == {"Table 1 (table-side)"}


def test_the_calculator_scores_as_the_score_command(served: Served) -> None:
    """The page's calculator is the `score` command's function with the event's rules:
    the same hand gives the same answer, and a hand that is not one says why in words."""
    import json
    import subprocess
    import sys

    with _client(served) as client:
        state = _login(client, served.codes[1])
        headers = {"X-CSRF-Token": state["csrf"]}
        hand = {"concealed": "111p222p33p99m", "melds": "RdRdRd", "winning_tile": "3p",
                "self_draw": False, "seat": "S", "discarder": "W", "flags": []}
        scored = client.post("/api/score", headers=headers, json=hand)
        assert scored.status_code == 200, scored.text
        command = subprocess.run(
            [sys.executable, "-m", "tournament_manager", "score", "--rules", "zung-jung"],
            input=json.dumps({"concealed": "111p222p33p99m", "winning_tile": "3p",
                              "melds": [{"type": "pung", "tiles": "RdRdRd", "exposed": True}],
                              "win_type": "discard", "seat_wind": "S", "discarder": "W"}),
            capture_output=True, text=True, check=True)
        answer = scored.json()
        assert answer["limit"] == "none" and answer.pop("limit_text") == ""
        # Each pattern's worth as the page lists it, besides (classical doubles read ×2).
        assert [p.pop("points_text") for p in answer["patterns"]] == [
            str(p["points"]) for p in answer["patterns"]]
        assert answer == json.loads(command.stdout)  # the limit in words besides, for the page
        assert scored.json()["valid"] and scored.json()["value"] > 0
        broken = client.post("/api/score", headers=headers,
                             json=hand | {"concealed": "111p222p"})
        assert broken.status_code == 200 and not broken.json()["valid"]
        assert broken.json()["error"]
        assert client.post("/api/score", json=hand).status_code == 403  # the page's token
        loser = client.post("/api/score", headers=headers, json=hand | {"shown": True})
        assert loser.status_code == 400
        assert loser.json()["problem"] == "under these rules only the winner's hand is scored"


def test_a_losers_shown_hand_scores_as_the_score_commands_others(
        served_classic: Served) -> None:
    """Classical: the page's calculator scores a loser's shown hand as `score --rules
    classic` scores the same hand given in `others` (hand-format.md)."""
    import json
    import subprocess
    import sys

    with _client(served_classic) as client:
        state = _login(client, served_classic.codes[1])
        headers = {"X-CSRF-Token": state["csrf"]}
        shown = client.post("/api/score", headers=headers, json={
            "shown": True, "concealed": "1p1p1p2s3s4s5m6m", "melds": "RdRdRd WWWW",
            "seat": "W", "prevalent_wind": "E", "flowers": 1})
        assert shown.status_code == 200, shown.text
        command = subprocess.run(
            [sys.executable, "-m", "tournament_manager", "score", "--rules", "classic"],
            input=json.dumps({
                "concealed": "123m456m789m11p22s", "winning_tile": "2s", "win_type": "discard",
                "seat_wind": "E", "discarder": "S", "prevalent_wind": "E",
                "others": {"W": {"concealed": "1p1p1p2s3s4s5m6m", "flowers": 1,
                                 "melds": [{"type": "pung", "tiles": "RdRdRd", "exposed": True},
                                           {"type": "kong", "tiles": "WWWW",
                                            "exposed": True}]}}}),
            capture_output=True, text=True, check=True)
        assert shown.json()["points"] == json.loads(command.stdout)["scores"]["W"]
        # seed: pung of dragons 4, concealed pung of 1 dots 8, kong of his own wind 16,
        # a flower 2 = 30; doubled for the dragon pung and the own-wind kong: 120.
        assert shown.json()["points"] == 120


def test_two_winners_same_turn_immunity_and_the_clock(served: Served) -> None:
    """A discard won by three players (Zung Jung's triple win); a hand where another
    player pays under same-turn immunity, and one where nobody does; the page's clock is
    the table's own."""
    with _client(served) as client:
        state = _login(client, served.codes[1])
        assert state["clock"] is not None and state["clock"]["seconds_left"] > 0
        assert state["clock"]["paused"] is False
        ids = [p["id"] for p in state["players"]]
        headers = {"X-CSRF-Token": state["csrf"]}

        def send(body: dict) -> dict:
            nonlocal state
            response = client.post("/api/hands", headers=headers,
                                   json=body | {"seen": state["seen"]})
            assert response.status_code == 200, response.text
            state = response.json()
            return state

        send({"result": "win", "win_type": "discard", "discarder_id": ids[3],
              "winners": [{"player_id": ids[0], "value": 25},
                          {"player_id": ids[1], "value": 30},
                          {"player_id": ids[2], "value": 25}]})
        send({"result": "win", "win_type": "discard", "discarder_id": ids[3],
              "responsible_id": ids[2], "winners": [{"player_id": ids[0], "value": 25}]})
        send({"result": "win", "win_type": "discard", "discarder_id": ids[3],
              "responsible_id": None, "winners": [{"player_id": ids[1], "value": 25}]})
    with served.document.unit_of_work() as uow:
        hands = sorted(uow.hands.list(table_id=served.seated.tables[0]), key=lambda h: h.number)
    assert [[(w.winner_id, w.value, w.responsible_id) for w in h.wins] for h in hands] == [
        [(ids[0], 25, ids[3]), (ids[1], 30, ids[3]), (ids[2], 25, ids[3])],
        [(ids[0], 25, ids[2])],
        [(ids[1], 25, None)]]
    assert all(sum(d for _p, d in h.deltas) == 0 for h in hands)


def test_no_request_reaches_another_tables_sheet(served: Served) -> None:
    """A table's requests name no table: the cookie does. Table 1's page naming table 2's
    players (a hand, a signature, a double-entry confirmation) is refused, and table 2's
    sheet is as it was."""
    table_two = served.seated.players[4:8]
    with _client(served) as client:
        state = _login(client, served.codes[1])
        headers = {"X-CSRF-Token": state["csrf"]}
        hand = client.post("/api/hands", headers=headers, json={
            "result": "win", "win_type": "discard", "discarder_id": table_two[1],
            "winners": [{"player_id": table_two[0], "value": 25}], "seen": state["seen"],
            "table_id": served.seated.tables[1]})
        assert hand.status_code == 409 and "not at this table" in hand.json()["problem"]
        sign = client.post("/api/sign", headers=headers, json={
            "player_id": table_two[0], "png": _png(1), "seen": state["seen"]})
        assert sign.status_code == 409
    with served.document.unit_of_work() as uow:
        assert uow.hands.list(table_id=served.seated.tables[1]) == []
        assert uow.signatures.list(table_id=served.seated.tables[1]) == []
        assert uow.hands.list(table_id=served.seated.tables[0]) == []


def test_a_hand_the_desk_entered_is_not_the_tables_to_retype(served: Served) -> None:
    """The table may retype its own last hand; one typed at the desk is the head judge's
    (before, a phone could replace it while the players were signing)."""
    from tournament_manager.domain.model import HandResult, Win, WinType
    from tournament_manager.services.score_sheets import HandEntry, enter_hand

    players = served.seated.players[:4]
    enter_hand(served.document.unit_of_work(), served.seated.tables[0], HandEntry(
        HandResult.WIN, WinType.DISCARD, players[1], (Win(players[0], 25, players[1]),)))
    with _client(served) as client:
        state = _login(client, served.codes[1])
        headers = {"X-CSRF-Token": state["csrf"]}
        retyped = {"result": "win", "win_type": "discard", "discarder_id": players[1],
                   "winners": [{"player_id": players[0], "value": 100}], "seen": state["seen"]}
        refused = client.put("/api/last-hand", json=retyped, headers=headers)
        assert refused.status_code == 409
        assert refused.json()["problem"] == (
            "hand 1 was entered by head judge: only the head judge changes it now")
    [stored] = _hands(served, 0)
    assert stored.wins[0].value == 25


def test_a_request_the_page_would_never_send_is_refused_in_words(served: Served) -> None:
    with _client(served) as client:
        state = _login(client, served.codes[1])
        ids = [p["id"] for p in state["players"]]
        headers = {"X-CSRF-Token": state["csrf"]}
        hand = {"result": "win", "win_type": "self_draw", "discarder_id": None,
                "winners": [{"player_id": ids[0], "value": "x"}], "seen": state["seen"]}
        bad = client.post("/api/hands", json=hand, headers=headers)
        assert bad.status_code == 400
        assert bad.json()["problem"] == (
            "this hand cannot be read: a number or a choice is not one the page offers")
        missing = client.post("/api/hands", json={"win_type": "draw", "seen": state["seen"]},
                              headers=headers)
        assert missing.json()["problem"] == "this hand cannot be read: result is missing"
        # Numbers the page never sends: not rounded (30.7), read (a string), counted (true
        # is 1 to Python) or overflowed (1e400 is infinity) into a hand.
        for value in ("30.7", '"30"', "true", "1e400"):
            raw = ('{"result": "win", "win_type": "self_draw", "seen": "' + state["seen"]
                   + f'", "winners": [{{"player_id": {ids[0]}, "value": {value}}}]}}')
            for path in ("/api/hands", "/api/preview"):
                sent = client.post(path, content=raw, headers={
                    **headers, "Content-Type": "application/json"})
                assert sent.status_code == 400, (value, path, sent.text)
        listed = client.post("/api/login", json=["not", "an", "object"])
        assert listed.status_code == 400 and "as JSON" in listed.json()["problem"]
    assert _hands(served, 0) == []


def _signed_sheet(served: Served, client: httpx.Client) -> tuple[dict, list[int]]:
    """Table 1's whole sheet entered and signed from the page: it locks."""
    state = _login(client, served.codes[1])
    ids = [p["id"] for p in state["players"]]
    headers = {"X-CSRF-Token": state["csrf"]}
    for number in range(HANDS):
        state = client.post("/api/hands", headers=headers, json={
            "result": "win", "win_type": "discard", "discarder_id": ids[(number + 1) % 4],
            "seen": state["seen"], "winners": [{"player_id": ids[number % 4], "value": 25}]
        }).json()
    for n, player in enumerate(ids):
        state = client.post("/api/sign", headers=headers, json={
            "player_id": player, "png": _png(n), "seen": state["seen"]}).json()
    assert state["locked"]
    return state, ids


def test_a_sheet_under_the_head_judges_correction_is_his_alone(served: Served) -> None:
    """The head judge unlocked a signed sheet for a correction: a phone that retyped the
    last hand (a crafted request: the page hides the button) had it filed under his
    correction, and four signatures from the phone locked the sheet again. Every change
    from the page is refused now; the players sign again at the desk."""
    from tests.helpers.head_judge import CREDENTIAL
    from tournament_manager.services.score_sheets import correct_sheet

    with _client(served) as client:
        state, ids = _signed_sheet(served, client)
        correct_sheet(served.document.unit_of_work(), served.seated.tables[0],
                      "hand 3 was not a draw, appeal", CREDENTIAL)
        state = client.get("/api/table").json()
        headers = {"X-CSRF-Token": state["csrf"]}
        forged = {"result": "win", "win_type": "self_draw", "seen": state["seen"],
                  "winners": [{"player_id": ids[3], "value": 480}]}
        for method, path, body in (
                ("PUT", "/api/last-hand", forged),
                ("POST", "/api/hands", forged),
                ("POST", "/api/sign", {"player_id": ids[0], "png": _png(9),
                                       "seen": state["seen"]})):
            refused = client.request(method, path, json=body, headers=headers)
            assert refused.status_code == 409, (path, refused.text)
            assert refused.json()["problem"] == (
                "the head judge is correcting this sheet: only he changes it, and the "
                "players sign it again at the desk")
    hands = _hands(served, 0)
    assert len(hands) == HANDS and hands[-1].wins[0].value == 25
    with served.document.unit_of_work() as uow:
        assert uow.tables.get(served.seated.tables[0]).sheet_state.value == "open"


def test_a_signed_last_hand_is_not_the_tables_to_retype(served: Served) -> None:
    """A player's signature covers the last hand too: retyping it is the head judge's."""
    with _client(served) as client:
        state = _login(client, served.codes[1])
        ids = [p["id"] for p in state["players"]]
        headers = {"X-CSRF-Token": state["csrf"]}
        hand = {"result": "win", "win_type": "discard", "discarder_id": ids[1],
                "winners": [{"player_id": ids[0], "value": 25}]}
        for _number in range(HANDS):
            state = client.post("/api/hands", headers=headers,
                                json={**hand, "seen": state["seen"]}).json()
        state = client.post("/api/sign", headers=headers, json={
            "player_id": ids[2], "png": _png(1), "seen": state["seen"]}).json()
        retyped = {**hand, "winners": [{"player_id": ids[0], "value": 60}],
                   "seen": state["seen"]}
        refused = client.put("/api/last-hand", json=retyped, headers=headers)
        assert refused.status_code == 409
        assert refused.json()["problem"] == (
            "players have signed this sheet: only the head judge changes its hands now")
    assert _hands(served, 0)[-1].wins[0].value == 25


def test_a_restarted_table_server_still_knows_the_tables_logins(served: Served) -> None:
    """The table server was killed and started again: its login cookies were signed with
    a key drawn at each start, so a phone's waiting hand came back 401 "type your table's
    code first". The key now comes with the event's codes, kept on this machine."""
    from tournament_manager.web.server import table_side

    from .conftest import Running

    with _client(served) as client:
        state = _login(client, served.codes[1])
        ids = [p["id"] for p in state["players"]]
        served.running.stop()
        again = table_side(served.document.unit_of_work, str(served.document.path))
        restarted = Running(again.app, served.running.port)
        restarted.start()
        try:
            waiting = {"result": "win", "win_type": "discard", "discarder_id": ids[1],
                       "winners": [{"player_id": ids[0], "value": 25}], "number": 1}
            sent = client.post("/api/hands", json=waiting,
                               headers={"X-CSRF-Token": state["csrf"]})
            assert sent.status_code == 200, sent.text
        finally:
            restarted.stop()
    assert [hand.number for hand in _hands(served, 0)] == [1]


def test_a_code_typed_full_width_opens_its_table(served: Served) -> None:
    """A Chinese phone keyboard types "Ｓ２ＨＸＱＧ": the right code, answered with a 500
    the page read as "no connection" (compare_digest refuses a str that is not ASCII)."""
    code = served.codes[1]
    full_width = "".join(chr(ord(c) + 0xFEE0) for c in code.lower())
    with _client(served) as client:
        state = _login(client, f" {full_width[:3]}　{full_width[3:]} ")  # an ideographic space
        assert state["table"] == 1
        wrong = client.post("/api/login", json={"code": "桌子一"})
        assert wrong.status_code == 401
        assert wrong.json()["problem"] == "no table of a running session has this code"


def test_bodies_the_page_never_sends_are_refused_before_they_are_read(served: Served) -> None:
    """A JSON nested 100,000 deep was a 500 (RecursionError) on every endpoint, the login
    too; a 300 MB body to the login, which needs no code, was read and parsed whole in the
    window's process. Both are refused in words, and the server goes on."""
    from tournament_manager.web.body_limit import MAX_BODY_BYTES

    deep = b"[" * 100_000 + b"]" * 100_000
    json_type = {"Content-Type": "application/json"}
    with _client(served) as client:
        nested = client.post("/api/login", content=deep, headers=json_type)
        assert nested.status_code == 400 and "as JSON" in nested.json()["problem"]
        state = _login(client, served.codes[1])
        headers = {**json_type, "X-CSRF-Token": state["csrf"]}
        for path in ("/api/hands", "/api/preview", "/api/sign"):
            refused = client.post(path, content=deep, headers=headers)
            assert refused.status_code == 400, (path, refused.text)
            assert refused.json()["problem"].endswith("it is not in the form the page sends")

        declared = client.post("/api/login", content=b" " * (MAX_BODY_BYTES + 1),
                               headers=json_type)
        assert declared.status_code == 413
        assert declared.json()["problem"] == "this request is larger than the page ever sends"

        def chunks():  # no Content-Length: counted as it arrives
            for _ in range(MAX_BODY_BYTES // 65536 + 2):
                yield b" " * 65536
        def ending_over():  # the last piece is the one over the limit: nothing to drain
            yield b" " * (MAX_BODY_BYTES - 10)
            yield b" " * 100
        for body in (chunks, ending_over):
            with httpx.Client(base_url=served.url, timeout=30) as fresh:
                chunked = fresh.post("/api/login", content=body(), headers=json_type)
            assert chunked.status_code == 413
        assert _login(client, served.codes[1])["table"] == 1  # and it goes on

    # A client that waits to be asked for its body (curl above 1 MB) is answered first:
    # it was asked for it ("100 Continue"), and up to 32 MB were read for nothing.
    import socket
    from urllib.parse import urlsplit

    where = urlsplit(served.url)
    with socket.create_connection((where.hostname, where.port), timeout=30) as raw:
        raw.sendall(b"POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json"
                    b"\r\nContent-Length: 300000000\r\nExpect: 100-continue\r\n\r\n")
        head = raw.recv(4096)
    assert head.startswith(b"HTTP/1.1 413 "), head
    assert _hands(served, 0) == []


def test_a_hand_typed_for_another_table_is_not_entered_here(served: Served) -> None:
    """A drawn hand waited on a phone, which then logged in with another table's code: it
    names no player, so it was entered on the new table's sheet under its number. The
    page sends the table and session it was typed for; another is refused."""
    with _client(served) as client:
        state = _login(client, served.codes[2])
        headers = {"X-CSRF-Token": state["csrf"]}
        draw = {"result": "draw", "number": 1, "seen": None, "table": 1, "session": 1}
        refused = client.post("/api/hands", json=draw, headers=headers)
        assert refused.status_code == 409 and refused.json()["code"] == "other_table"
        assert refused.json()["problem"] == (
            "this was typed for table 1 of session 1, and this page is table 2 of session 1: "
            "type that table's code to send it")
        odd = client.post("/api/hands", json={**draw, "table": "1"}, headers=headers)
        assert odd.status_code == 400
        taken = client.post("/api/hands", json={**draw, "table": 2}, headers=headers)
        assert taken.status_code == 200 and len(taken.json()["hands"]) == 1
    assert len(_hands(served, 1)) == 1 and _hands(served, 0) == []
