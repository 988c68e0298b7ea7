"""A real headless browser (Debian's Chromium through chromedriver) at a phone's size
enters a whole 16-hand sheet on the table page, the four players sign on the screen, and
the event file holds exactly that. With TM_TABLE_SIDE_SCREENSHOTS=docs/screenshots the
page's screenshots are the README's."""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from .conftest import Served, chromium

HANDS = 16
SCREENSHOTS_ENV = "TM_TABLE_SIDE_SCREENSHOTS"


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[object]:
    yield from chromium(tmp_path / "profile")


def _shot(driver, name: str, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    folder = Path(os.environ.get(SCREENSHOTS_ENV) or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    assert driver.save_screenshot(str(folder / f"table-side-{name}.png"))


def _log_in(driver, wait, served: Served, table: int) -> None:  # type: ignore[no-untyped-def]
    """The table's code typed on the page, as a player at the table does."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as shown

    driver.get(served.url + "/")
    wait.until(shown.visibility_of_element_located((By.ID, "code"))).send_keys(
        served.codes[table])
    driver.find_element(By.ID, "enter").click()


def _count_fetches(driver, counter: str, path: str = "") -> None:  # type: ignore[no-untyped-def]
    """From now on the page counts in `window[counter]` its requests (to `path` alone,
    when given)."""
    driver.execute_script(
        "const [counter, only] = arguments; window[counter] = 0;"
        " const original = window.fetch; window.fetch = (path, ...rest) =>"
        " { if (!only || path === only) window[counter] += 1; return original(path, ...rest); };",
        counter, path)


def test_a_phone_enters_and_signs_a_whole_sheet(served: Served, browser, tmp_path) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as shown
    from selenium.webdriver.support.ui import WebDriverWait

    driver = browser
    wait = WebDriverWait(driver, 30)
    driver.get(served.url + "/")
    code = wait.until(shown.visibility_of_element_located((By.ID, "code")))
    assert driver.find_element(By.ID, "problem").text == ""  # no complaint before a code
    code.send_keys("WRONG1")
    driver.find_element(By.ID, "enter").click()
    wait.until(shown.text_to_be_present_in_element((By.ID, "problem"), "No table"))
    # the server's refusal (a clause) stands alone as a sentence, as in the window
    assert driver.find_element(By.ID, "problem").text == \
        "No table of a running session has this code."
    code.clear()
    code.send_keys(served.codes[1])
    driver.find_element(By.ID, "enter").click()
    wait.until(shown.visibility_of_element_located((By.ID, "sheet")))
    assert "table 1" in driver.find_element(By.ID, "title").text
    _shot(driver, "login", tmp_path)

    players = served.seated.players[:4]
    for number in range(HANDS):
        winner, discarder = players[number % 4], players[(number + 1) % 4]
        wait.until(shown.text_to_be_present_in_element((By.ID, "next"), f"Hand {number + 1}"))
        driver.find_element(By.CSS_SELECTOR, f"#winners button[data-player='{winner}']").click()
        driver.find_element(By.CSS_SELECTOR,
                            f"#discarders button[data-player='{discarder}']").click()
        value = driver.find_element(By.ID, "value")
        value.send_keys("25")
        if number == 0:  # who pays what, from the rule set, before it is saved
            wait.until(shown.text_to_be_present_in_element((By.ID, "preview"), "E +"))
            _shot(driver, "entry", tmp_path)
        driver.find_element(By.ID, "save").click()
        wait.until(lambda d, n=number: len(d.find_elements(By.CSS_SELECTOR, "#hands tbody tr"))
                   == n + 1)
    assert driver.find_element(By.ID, "problem").text == ""

    wait.until(shown.visibility_of_element_located((By.ID, "signing")))
    for index, player in enumerate(players):
        canvas = wait.until(shown.visibility_of_element_located(
            (By.CSS_SELECTOR, f"canvas[data-player='{player}']")))
        driver.execute_script("arguments[0].scrollIntoView()", canvas)
        strokes = ActionChains(driver).move_to_element_with_offset(canvas, -60, -10)
        strokes.click_and_hold()
        for step in range(6):
            strokes.move_by_offset(20, (-1) ** step * (8 + index))
        strokes.release().perform()
        if index == 0:
            _shot(driver, "signing", tmp_path)
        driver.find_element(By.CSS_SELECTOR, f"#pads button[data-player='{player}']").click()
        wait.until(lambda d, p=player: not d.find_elements(
            By.CSS_SELECTOR, f"canvas[data-player='{p}']") or d.find_element(
                By.ID, "locked").is_displayed())
    wait.until(shown.visibility_of_element_located((By.ID, "locked")))
    _shot(driver, "locked", tmp_path)

    from tournament_manager.services.views import sheet_view

    view = sheet_view(served.document.unit_of_work(), served.seated.tables[0])
    assert view.locked and [row.hand.number for row in view.rows] == list(range(1, HANDS + 1))
    assert sum(view.hand_totals) == 0
    assert all(s.signature.image_png.startswith(b"\x89PNG") for s in view.signatures)


def test_hands_entered_while_the_network_is_down_arrive_once(served: Served, browser,
                                                             tmp_path) -> None:
    """The server is cut while the table enters two hands: they wait on the phone, marked
    as waiting, and reach the sheet once each when the server is back."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as shown
    from selenium.webdriver.support.ui import WebDriverWait

    driver = browser
    wait = WebDriverWait(driver, 60)
    _log_in(driver, wait, served, 2)
    wait.until(shown.text_to_be_present_in_element((By.ID, "next"), "Hand 1"))
    players = served.seated.players[4:8]

    served.running.stop()  # the venue's network drops
    for number in range(2):
        driver.find_element(By.CSS_SELECTOR,
                            f"#winners button[data-player='{players[number]}']").click()
        driver.find_element(By.CSS_SELECTOR,
                            f"#discarders button[data-player='{players[3]}']").click()
        driver.find_element(By.ID, "value").send_keys("20")
        driver.find_element(By.ID, "save").click()
        wait.until(lambda d, n=number: len(d.find_elements(By.CSS_SELECTOR, "tr.queued"))
                   == n + 1)
    assert driver.find_element(By.ID, "offline").is_displayed()
    assert "No connection: 2 entries waiting" in driver.find_element(By.ID, "offline").text
    _shot(driver, "offline", tmp_path)

    served.running.start()  # back
    wait.until(lambda d: not d.find_element(By.ID, "offline").is_displayed())
    wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#hands tbody tr")) == 2
               and not d.find_elements(By.CSS_SELECTOR, "tr.queued"))
    with served.document.unit_of_work() as uow:
        hands = uow.hands.list(table_id=served.seated.tables[1])
    assert sorted(h.number for h in hands) == [1, 2]
    assert [w.winner_id for h in sorted(hands, key=lambda h: h.number) for w in h.wins] == \
        list(players[:2])


def test_the_cards_qr_link_opens_the_tables_sheet(served: Served, browser) -> None:
    """Scanning a table's card opens the page with the code in it: the table is in, and
    the code does not stay in the address bar or the history."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as shown
    from selenium.webdriver.support.ui import WebDriverWait

    from tournament_manager.exports.pdf.table_codes import code_link

    driver = browser
    driver.get(code_link(served.url + "/", served.codes[2]))
    WebDriverWait(driver, 30).until(shown.visibility_of_element_located((By.ID, "sheet")))
    assert "table 2" in driver.find_element(By.ID, "title").text
    assert "code=" not in driver.current_url


def test_double_entry_the_recorder_types_and_a_second_player_confirms(
        served_double: Served, browser, tmp_path) -> None:
    """At a double-entry event the page asks who typed the hand; the hand waits until a
    second player of the table confirms it on the same phone, then it is on the sheet.
    A player's name is shown as text, never read as HTML."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as shown
    from selenium.webdriver.support.ui import WebDriverWait

    from tournament_manager.services.players import update_player

    players = served_double.seated.players[:4]
    driver = browser
    wait = WebDriverWait(driver, 30)
    _log_in(driver, wait, served_double, 1)
    wait.until(shown.visibility_of_element_located((By.ID, "typedby")))

    driver.find_element(By.CSS_SELECTOR, f"#winners button[data-player='{players[0]}']").click()
    driver.find_element(By.CSS_SELECTOR,
                        f"#discarders button[data-player='{players[1]}']").click()
    driver.find_element(By.ID, "value").send_keys("25")
    driver.find_element(By.ID, "save").click()
    wait.until(shown.text_to_be_present_in_element((By.ID, "problem"), "who typed"))
    assert driver.find_element(By.ID, "problem").text == "Choose who typed this hand."
    driver.find_element(By.CSS_SELECTOR, f"#entrants button[data-player='{players[0]}']").click()
    driver.find_element(By.ID, "save").click()
    wait.until(shown.visibility_of_element_located((By.ID, "confirm")))
    assert "wins 25" in driver.find_element(By.ID, "typed").text
    assert not driver.find_elements(By.CSS_SELECTOR, "#hands tbody tr")
    _shot(driver, "confirm", tmp_path)
    assert not driver.find_elements(  # the recorder cannot confirm his own entry
        By.CSS_SELECTOR, f"#confirmers button[data-player='{players[0]}']")
    driver.find_element(By.CSS_SELECTOR,
                        f"#confirmers button[data-player='{players[2]}']").click()
    wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#hands tbody tr")) == 1)
    wait.until(shown.invisibility_of_element_located((By.ID, "confirm")))
    assert driver.find_element(By.ID, "problem").text == ""
    with served_double.document.unit_of_work() as uow:
        entries = uow.table_entries.list(table_id=served_double.seated.tables[0])
        hands = uow.hands.list(table_id=served_double.seated.tables[0])
    assert sorted(e.entrant_id for e in entries) == sorted([players[0], players[2]])
    assert [h.number for h in hands] == [1]

    with served_double.document.unit_of_work() as uow:
        hostile = uow.players.get(players[3])
    update_player(served_double.document.unit_of_work(), dataclasses.replace(
        hostile, name="<img src=x onerror=\"document.title='owned'\">"))
    driver.refresh()
    wait.until(shown.visibility_of_element_located((By.ID, "typedby")))
    assert "<img" in driver.find_element(By.ID, "head").text and driver.title != "owned"
    assert "<img" in driver.find_element(By.ID, "entrants").text


def test_the_calculator_scores_tapped_tiles_and_the_value_is_saved(
        served: Served, browser, tmp_path) -> None:
    """The winner's tiles tapped on the phone, scored by the event's rules, the value used
    for the hand and saved: the sheet holds the calculator's value."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as shown
    from selenium.webdriver.support.ui import WebDriverWait

    driver = browser
    wait = WebDriverWait(driver, 30)
    _log_in(driver, wait, served, 2)
    wait.until(shown.text_to_be_present_in_element((By.ID, "next"), "Hand 1"))
    players = served.seated.players[4:8]
    driver.find_element(By.CSS_SELECTOR, f"#winners button[data-player='{players[1]}']").click()
    driver.find_element(By.CSS_SELECTOR,
                        f"#discarders button[data-player='{players[2]}']").click()
    driver.find_element(By.ID, "calculator").click()

    def tap(*tiles: str) -> None:
        for tile in tiles:
            button = driver.find_element(By.CSS_SELECTOR, f"#palette button[data-tile='{tile}']")
            driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
            button.click()

    driver.find_element(By.ID, "calc_concealed").click()
    tap("1p", "1p", "1p", "2p", "2p", "2p", "3p", "3p", "9m", "9m")
    driver.find_element(By.ID, "calc_melds").click()
    tap("Rd", "Rd", "Rd")
    driver.find_element(By.ID, "calc_winning").click()
    tap("3p")
    assert driver.find_element(By.ID, "calc_concealed").get_attribute("value") == \
        "1p1p1p2p2p2p3p3p9m9m"
    driver.find_element(By.ID, "calc_score").click()
    wait.until(shown.text_to_be_present_in_element((By.ID, "calc_result"), "Value"))
    value = int(driver.find_element(By.ID, "calc_result").text.split()[1])
    assert value > 0 and driver.find_elements(By.CSS_SELECTOR, "#patterns li")
    _shot(driver, "calculator", tmp_path)
    driver.find_element(By.ID, "calc_use").click()
    assert driver.find_element(By.ID, "value").get_attribute("value") == str(value)
    driver.find_element(By.ID, "save").click()
    wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#hands tbody tr")) == 1)
    with served.document.unit_of_work() as uow:
        hands = uow.hands.list(table_id=served.seated.tables[1])
    assert [(w.winner_id, w.value) for h in hands for w in h.wins] == [(players[1], value)]


def test_the_clock_several_winners_and_same_turn_immunity_on_the_phone(
        served: Served, browser, tmp_path) -> None:
    """The session clock counts down on the page; a hand where nobody pays as discarder
    (same-turn immunity, the winner threw the tile first), and a triple win typed with
    "+ Another winner"."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as shown
    from selenium.webdriver.support.ui import WebDriverWait

    driver = browser
    wait = WebDriverWait(driver, 30)
    _log_in(driver, wait, served, 2)
    wait.until(shown.text_to_be_present_in_element((By.ID, "clock"), "left"))
    first = driver.find_element(By.ID, "clock").text
    wait.until(lambda d: d.find_element(By.ID, "clock").text != first)  # it ticks
    p = served.seated.players[4:8]

    def pick(holder: str, player: object) -> None:
        button = driver.find_element(By.CSS_SELECTOR, f"#{holder} button[data-player='{player}']")
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
        button.click()

    pick("winners", p[0])
    pick("discarders", p[1])
    driver.find_element(By.ID, "value").send_keys("25")
    driver.find_element(By.ID, "immunity").click()
    driver.find_element(By.ID, "save").click()
    wait.until(shown.text_to_be_present_in_element((By.ID, "problem"), "pays as discarder"))
    pick("responsibles", "none")
    driver.find_element(By.ID, "save").click()
    wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#hands tbody tr")) == 1)

    for winner, value in ((p[0], "25"), (p[1], "30")):
        pick("winners", winner)
        driver.find_element(By.ID, "value").send_keys(value)
        driver.find_element(By.ID, "another").click()
    assert "Also winning" in driver.find_element(By.ID, "also").text
    pick("winners", p[2])
    pick("discarders", p[3])
    driver.find_element(By.ID, "value").send_keys("25")
    driver.find_element(By.ID, "save").click()
    wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#hands tbody tr")) == 2)
    assert driver.find_element(By.ID, "problem").text == ""
    with served.document.unit_of_work() as uow:
        hands = sorted(uow.hands.list(table_id=served.seated.tables[1]),
                       key=lambda h: h.number)
    assert [[(w.winner_id, w.value, w.responsible_id) for w in h.wins] for h in hands] == [
        [(p[0], 25, None)],
        [(p[0], 25, p[3]), (p[1], 30, p[3]), (p[2], 25, p[3])]]


def test_a_classical_table_types_every_players_points_and_scores_a_losers_hand(
        served_classic: Served, browser, tmp_path) -> None:
    """Classical seed: "every player, winner and losers, scores the sets in his hand" and
    "each loser pays the winner the difference between the winner's score and his own".
    The phone asks each loser's points; its calculator scores a loser's shown hand: West
    shows an exposed pung of red dragons (4) and a concealed pung of 1 dots (8), doubled
    for the dragon pung: (4 + 8) × 2 = 24."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as shown
    from selenium.webdriver.support.ui import WebDriverWait

    served = served_classic
    driver = browser
    wait = WebDriverWait(driver, 30)
    _log_in(driver, wait, served, 1)
    wait.until(shown.text_to_be_present_in_element((By.ID, "next"), "Hand 1"))
    a, b, c, d = served.seated.players[:4]
    assert driver.find_element(By.ID, "points").is_displayed()
    # Classical scoring has no same-turn immunity and takes one claim on a discard.
    assert not driver.find_element(By.ID, "immunity").is_displayed()
    assert not driver.find_element(By.ID, "another").is_displayed()

    def click(selector: str) -> None:
        element = driver.find_element(By.CSS_SELECTOR, selector)
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
        element.click()

    click(f"#winners button[data-player='{b}']")
    click(f"#discarders button[data-player='{c}']")
    assert not driver.find_element(
        By.CSS_SELECTOR, f"#point_inputs input[data-player='{b}']").is_displayed(), \
        "the winner's points are his value"
    click("#calculator")
    click("#calc_loser")
    click(f"#calc_losers button[data-player='{c}']")
    driver.find_element(By.ID, "calc_concealed").send_keys("1p1p1p2s3s4s5m6m")
    driver.find_element(By.ID, "calc_melds").send_keys("RdRdRd")
    click("#calc_score")
    wait.until(shown.text_to_be_present_in_element((By.ID, "calc_result"), "points"))
    assert driver.find_element(By.ID, "calc_result").text.endswith(": 24 points")
    click("#calc_use")
    points = driver.find_element(By.CSS_SELECTOR, f"#point_inputs input[data-player='{d}']")
    points.clear()
    points.send_keys("6")
    assert driver.find_element(
        By.CSS_SELECTOR, f"#point_inputs input[data-player='{c}']").get_attribute("value") == "24"
    driver.find_element(By.ID, "value").send_keys("40")
    wait.until(shown.text_to_be_present_in_element((By.ID, "preview"), "+"))
    _shot(driver, "classical-points", tmp_path)
    click("#save")
    wait.until(lambda dr: len(dr.find_elements(By.CSS_SELECTOR, "#hands tbody tr")) == 1)
    with served.document.unit_of_work() as uow:
        hand = uow.hands.list(table_id=served.seated.tables[0])[0]
    assert dict(hand.player_points) == {a: 0, b: 40, c: 24, d: 6}
    # classic_seed: each loser pays the difference: A 40, C 40 − 24 = 16, D 40 − 6 = 34.
    assert dict(hand.deltas) == {a: -40, b: 90, c: -16, d: -34}
    assert driver.find_element(
        By.CSS_SELECTOR, f"#point_inputs input[data-player='{c}']").get_attribute("value") == "0"


def test_the_phone_says_when_time_is_up(served: Served, browser) -> None:
    """It read "Session clock: 0:00:00 left" while the desk and the projector said time
    is up."""
    import dataclasses
    from datetime import UTC, datetime, timedelta

    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as shown
    from selenium.webdriver.support.ui import WebDriverWait

    from tournament_manager.services.tournaments import current_tournament

    with served.document.unit_of_work() as uow:
        limit = current_tournament(uow).settings.time_limit_minutes
        session = uow.sessions.get(served.seated.session_id)
        uow.sessions.update(dataclasses.replace(
            session, started_at=datetime.now(UTC) - timedelta(minutes=limit + 1)))
        uow.commit()
    wait = WebDriverWait(browser, 30)
    _log_in(browser, wait, served, 1)
    wait.until(shown.text_to_be_present_in_element((By.ID, "clock"), "Time is up"))
    clock = browser.find_element(By.ID, "clock")
    assert clock.text == ("Time is up: no new hand starts. The hand in play is as the head "
                          "judge announced.")
    assert "up" in clock.get_attribute("class")


def test_a_refusal_stays_on_the_phone_and_asks_the_server_once(served: Served,
                                                              browser) -> None:
    """A value the rules refuse (32) set off preview, refusal, reload, preview ... about
    seven requests a second, and each reload blanked the refusal; a hand refused because
    the desk had entered one meanwhile lost its words the same way."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as shown
    from selenium.webdriver.support.ui import WebDriverWait

    from tournament_manager.domain.model import HandResult
    from tournament_manager.services.score_sheets import HandEntry, enter_hand

    driver = browser
    wait = WebDriverWait(driver, 30)
    _log_in(driver, wait, served, 1)
    wait.until(shown.text_to_be_present_in_element((By.ID, "next"), "Hand 1"))
    _count_fetches(driver, "previews", "/api/preview")
    players = served.seated.players[:4]
    driver.find_element(By.CSS_SELECTOR, f"#winners button[data-player='{players[0]}']").click()
    driver.find_element(By.CSS_SELECTOR, f"#discarders button[data-player='{players[1]}']").click()
    driver.find_element(By.ID, "value").send_keys("32")
    wait.until(shown.text_to_be_present_in_element((By.ID, "preview"), "32 is not possible"))
    settled = driver.execute_script("return window.previews")
    driver.execute_script("return new Promise(done => setTimeout(done, 1500))")
    assert driver.execute_script("return window.previews") == settled <= 2
    assert "32 is not possible" in driver.find_element(By.ID, "preview").text

    value = driver.find_element(By.ID, "value")
    value.clear()
    value.send_keys("30")
    wait.until(shown.text_to_be_present_in_element((By.ID, "preview"), "E +"))
    enter_hand(served.document.unit_of_work(), served.seated.tables[0],
               HandEntry(HandResult.DRAW))  # the desk, meanwhile
    driver.find_element(By.ID, "save").click()
    wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#hands tbody tr")) == 1)
    wait.until(shown.text_to_be_present_in_element((By.ID, "next"), "Hand 2"))
    assert "was changed by" in driver.find_element(By.ID, "problem").text
    # The hand typed for a sheet that moved on is not offered as the next one: kept, one
    # more tap on Save recorded it as hand 2.
    assert not driver.find_elements(By.CSS_SELECTOR, "#winners button.on")
    assert driver.find_element(By.ID, "value").get_attribute("value") == ""
    driver.find_element(By.ID, "save").click()
    wait.until(shown.text_to_be_present_in_element((By.ID, "problem"), "Choose the winner."))
    with served.document.unit_of_work() as uow:
        assert len(uow.hands.list(table_id=served.seated.tables[0])) == 1


def test_the_sixteenth_hand_can_be_retyped_until_a_player_signs(served: Served,
                                                                 browser) -> None:
    """"Change the last hand" sat inside the entry, which hides once the sheet is
    complete: the table could retype every hand but the one that completed it."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as shown
    from selenium.webdriver.support.ui import WebDriverWait

    from tournament_manager.domain.model import HandResult
    from tournament_manager.services.score_sheets import HandEntry, enter_hand

    for _number in range(HANDS - 1):
        enter_hand(served.document.unit_of_work(), served.seated.tables[0],
                   HandEntry(HandResult.DRAW))
    driver = browser
    wait = WebDriverWait(driver, 30)
    _log_in(driver, wait, served, 1)
    players = served.seated.players[:4]
    wait.until(shown.text_to_be_present_in_element((By.ID, "next"), f"Hand {HANDS}"))
    driver.find_element(By.CSS_SELECTOR, f"#winners button[data-player='{players[0]}']").click()
    driver.find_element(By.CSS_SELECTOR, f"#discarders button[data-player='{players[1]}']").click()
    driver.find_element(By.ID, "value").send_keys("25")
    driver.find_element(By.ID, "save").click()
    wait.until(shown.visibility_of_element_located((By.ID, "signing")))
    change = wait.until(shown.visibility_of_element_located((By.ID, "change")))
    change.click()
    wait.until(shown.text_to_be_present_in_element((By.ID, "next"), f"Hand {HANDS} again"))
    driver.find_element(By.CSS_SELECTOR, f"#winners button[data-player='{players[0]}']").click()
    driver.find_element(By.CSS_SELECTOR, f"#discarders button[data-player='{players[1]}']").click()
    value = driver.find_element(By.ID, "value")
    value.clear()
    value.send_keys("60")
    driver.find_element(By.ID, "save").click()
    wait.until(lambda d: not d.find_element(By.ID, "entry").is_displayed())
    with served.document.unit_of_work() as uow:
        last = max(uow.hands.list(table_id=served.seated.tables[0]), key=lambda h: h.number)
    assert (last.number, last.wins[0].value) == (HANDS, 60)


def test_a_double_tap_saves_once_and_a_draw_can_replace_the_last_hand(served: Served,
                                                                      browser) -> None:
    """A double tap on Save recorded the hand and then showed a refusal ("changed by
    table 1"), read as a lost hand; Drawn hand while changing the last hand added a new
    hand instead of replacing it."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as shown
    from selenium.webdriver.support.ui import WebDriverWait

    driver = browser
    wait = WebDriverWait(driver, 30)
    _log_in(driver, wait, served, 1)
    wait.until(shown.text_to_be_present_in_element((By.ID, "next"), "Hand 1"))
    players = served.seated.players[:4]
    driver.find_element(By.CSS_SELECTOR, f"#winners button[data-player='{players[0]}']").click()
    driver.find_element(By.CSS_SELECTOR, f"#discarders button[data-player='{players[1]}']").click()
    driver.find_element(By.ID, "value").send_keys("25")
    driver.execute_script("const save = document.getElementById('save'); save.click(); "
                          "save.click();")  # two taps before the first is answered
    wait.until(shown.text_to_be_present_in_element((By.ID, "next"), "Hand 2"))
    wait.until(lambda d: d.find_element(By.ID, "save").is_enabled())
    assert driver.find_element(By.ID, "problem").text == ""
    with served.document.unit_of_work() as uow:
        assert len(uow.hands.list(table_id=served.seated.tables[0])) == 1

    driver.find_element(By.ID, "change").click()
    wait.until(shown.text_to_be_present_in_element((By.ID, "next"), "Hand 1 again"))
    driver.find_element(By.ID, "draw").click()
    wait.until(shown.text_to_be_present_in_element((By.ID, "next"), "Hand 2"))
    assert "again" not in driver.find_element(By.ID, "next").text
    with served.document.unit_of_work() as uow:
        [hand] = uow.hands.list(table_id=served.seated.tables[0])
    assert hand.number == 1 and hand.result.value == "draw" and not hand.wins


def test_a_hand_waiting_for_another_table_stays_on_the_phone(served: Served,
                                                              browser) -> None:
    """A hand that waited on the phone while it logged in anew with another table's code
    is not sent to the new table: it waits, and the phone says for which table."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as shown
    from selenium.webdriver.support.ui import WebDriverWait

    driver = browser
    wait = WebDriverWait(driver, 30)
    _log_in(driver, wait, served, 2)
    wait.until(shown.text_to_be_present_in_element((By.ID, "next"), "Hand 1"))
    # As table 1's phone left it: a drawn hand 1, queued offline for table 1 of session 1.
    driver.execute_script(
        "localStorage.setItem('tm-table-queue', JSON.stringify([['/api/hands', "
        "{result: 'draw', seen: null, number: 1, table: 1, session: 1}, '', '1:1']]));")
    driver.refresh()
    wait.until(shown.text_to_be_present_in_element(
        (By.ID, "problem"), "1 entry for table 1 of session 1 wait on this phone"))
    assert not driver.find_element(By.ID, "offline").is_displayed(), "the connection is fine"
    # Kept, and left alone: it was sent, refused and the sheet read again every 2 s.
    _count_fetches(driver, "asked")
    driver.execute_script("return new Promise(done => setTimeout(done, 4500))")
    assert driver.execute_script("return window.asked") == 0
    assert "wait on this phone" in driver.find_element(By.ID, "problem").text
    assert len(driver.execute_script("return JSON.parse(localStorage.getItem("
                                     "'tm-table-queue'))")) == 1
    with served.document.unit_of_work() as uow:
        assert uow.hands.list(table_id=served.seated.tables[1]) == []
        assert uow.hands.list(table_id=served.seated.tables[0]) == []


def test_a_page_left_open_catches_up_and_leaves_a_hand_that_is_no_longer_its(
        served: Served, browser) -> None:
    """A second phone showed an old hand number until it acted: an idle page reads the
    sheet again (every 15 s; here its check is called at once). And after "Change the last
    hand" was refused because the desk had changed that hand, the page stayed in "Hand 1
    again"."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as shown
    from selenium.webdriver.support.ui import WebDriverWait

    from tournament_manager.domain.model import HandResult, Win, WinType
    from tournament_manager.services.score_sheets import HandEntry, enter_hand, replace_hand

    driver = browser
    wait = WebDriverWait(driver, 30)
    _log_in(driver, wait, served, 1)
    wait.until(shown.text_to_be_present_in_element((By.ID, "next"), "Hand 1"))
    table = served.seated.tables[0]
    players = served.seated.players[:4]
    hand = enter_hand(served.document.unit_of_work("Table 1 (table-side)"), table,
                      HandEntry(HandResult.DRAW))  # another phone at the table
    driver.find_element(By.CSS_SELECTOR, f"#winners button[data-player='{players[0]}']").click()
    assert driver.execute_script("return refreshIfIdle()") is False, "a hand is being typed"
    assert "Hand 1" in driver.find_element(By.ID, "next").text
    driver.find_element(By.CSS_SELECTOR, f"#winners button[data-player='{players[0]}']").click()
    driver.execute_script("winner = null; renderChoices();")  # as the phone was put down
    assert driver.execute_script("return refreshIfIdle()") is True
    wait.until(shown.text_to_be_present_in_element((By.ID, "next"), "Hand 2"))

    replace_hand(served.document.unit_of_work("head judge"), hand.id, HandEntry(
        HandResult.WIN, WinType.SELF_DRAW, wins=(Win(players[2], 30),)))
    driver.find_element(By.ID, "change").click()
    wait.until(shown.text_to_be_present_in_element((By.ID, "next"), "Hand 1 again"))
    driver.find_element(By.ID, "draw").click()
    wait.until(shown.text_to_be_present_in_element((By.ID, "problem"), "entered by"))
    wait.until(shown.text_to_be_present_in_element((By.ID, "next"), "Hand 2"))
    assert "again" not in driver.find_element(By.ID, "next").text
    with served.document.unit_of_work() as uow:
        [kept] = uow.hands.list(table_id=table)
    assert kept.result is HandResult.WIN, "the desk's hand stands"
