"""The table page in 简体中文 and 繁體中文: the phone's language (its Accept-Language)
picks the page's words and the server's answers; the page says nothing the catalogue does
not hold; a real Chromium set to Traditional Chinese shows a sheet with no English word of
our catalogue left."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from html.parser import HTMLParser
from importlib import resources
from pathlib import Path

import httpx
import pytest

from tests.helpers import english_words
from tournament_manager.languages import DocumentLanguage, Language
from tournament_manager.web import page_words
from tournament_manager.web.page_words import page_language

from .conftest import Served, chromium

PAGE = resources.files("tournament_manager.web.static").joinpath("table.html").read_text(
    encoding="utf-8")


@pytest.mark.parametrize(("header", "expected"), [
    ("zh-TW,zh;q=0.9,en;q=0.8", DocumentLanguage.ZH_TW),
    ("zh-CN,zh;q=0.9", DocumentLanguage.ZH_CN),
    ("zh-HK", DocumentLanguage.ZH_TW),
    ("zh", DocumentLanguage.ZH_CN),
    ("fr-FR,fr;q=0.9,zh-Hant;q=0.8,en;q=0.5", DocumentLanguage.ZH_TW),
    ("en;q=0.4,zh-CN;q=0.6", DocumentLanguage.ZH_CN),
    ("en-US,en;q=0.9", DocumentLanguage.EN),
    ("fr-FR,de;q=0.5", None),
    ("", None),
    ("zh-TW;q=0,en", DocumentLanguage.EN),
    ("*", None),
])
def test_the_phone_s_first_language_we_speak(header: str,
                                             expected: DocumentLanguage | None) -> None:
    assert page_language(header) == expected


class _Texts(HTMLParser):
    """The texts of the elements marked `data-t`, and the placeholders so marked."""

    def __init__(self) -> None:
        super().__init__()
        self.open: list[bool] = []
        self.texts: list[str] = []
        self.current: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        names = dict(attrs)
        if "data-t-placeholder" in names and names.get("placeholder"):
            self.texts.append(str(names["placeholder"]))
        if tag in ("input", "br", "meta", "option"):
            return
        self.open.append("data-t" in names)
        self.current = []

    def handle_data(self, data: str) -> None:
        self.current.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("input", "br", "meta", "option") or not self.open:
            return
        if self.open.pop():
            self.texts.append(" ".join("".join(self.current).split()))
        self.current = []


def _page_texts() -> set[str]:
    """What the page says: its `data-t` texts and the literals of its `t(…)` and
    `tn(…)` calls and of its calculator's flags."""
    parser = _Texts()
    parser.feed(PAGE)
    said = set(parser.texts)
    said |= set(re.findall(r'\bt\("((?:[^"\\]|\\.)*)"', PAGE))
    said |= {form for pair in re.findall(r'\btn\("([^"]*)", "([^"]*)"', PAGE) for form in pair}
    flags = re.search(r"const FLAGS = \{(.*?)\};", PAGE, re.DOTALL)
    assert flags is not None
    said |= set(re.findall(r':\s*"([^"]*)"', flags.group(1)))
    return said


def test_the_page_says_what_the_catalogue_holds() -> None:
    """Every text of the page is listed for the catalogue, and nothing listed is unsaid."""
    listed = set(page_words.TEXTS) | {form for pair in page_words.PLURALS for form in pair}
    said = _page_texts()
    assert len(said) > 60
    assert said - listed == set()
    assert listed - said == set()


@pytest.mark.parametrize("language", (Language.ZH_CN, Language.ZH_TW),
                         ids=lambda language: language.value)
def test_the_page_and_the_server_speak_the_phone_s_language(served: Served,
                                                             language: Language) -> None:
    header = {"Accept-Language": language.value.replace("_", "-") + ",en;q=0.5"}
    with httpx.Client(base_url=served.url, timeout=30, headers=header) as client:
        page = client.get("/").text
        assert f'<html lang="{language.value.replace("_", "-")}">' in page
        assert "/*WORDS*/" not in page
        words = re.search(r"const WORDS = (\{.*?\}) \|\| \{\};", page)
        assert words is not None
        said = {"zh_CN": ("保存本局", "东"), "zh_TW": ("儲存本局", "東")}[language.value]
        assert all(text in words.group(1) for text in said)
        refused = client.post("/api/login", json={"code": "WRONG1"}).json()["problem"]
        assert refused == {"zh_CN": "进行中的场次没有哪一桌用这个代码",
                           "zh_TW": "進行中的場次沒有哪一桌用這個代碼"}[language.value]
        state = client.post("/api/login", json={"code": served.codes[1]}).json()
        assert [p["seat"] for p in state["players"]] == list(said[1] + "南西北")
        stale = client.post("/api/hands", json={"result": "draw", "seen": "x"},
                            headers={"X-CSRF-Token": "forged"}).json()["problem"]
        assert re.search(r"[\u4e00-\u9fff]", stale) and "reload" not in stale
    with httpx.Client(base_url=served.url, timeout=30,
                      headers={"Accept-Language": "fr-FR"}) as client:  # none we speak
        assert client.post("/api/login", json={"code": "WRONG1"}).json()["problem"] == \
            "no table of a running session has this code"
        assert '<html lang="en">' in client.get("/").text


# -- a real browser -----------------------------------------------------------------------


@pytest.fixture
def chinese_browser(tmp_path: Path) -> Iterator[object]:
    yield from chromium(tmp_path / "profile", accept_language="zh-TW,zh")


def _english_left(text: str, data: set[str]) -> set[str]:
    vocabulary = english_words.catalogue_words(Language.ZH_TW) - data
    return english_words.words(text) & vocabulary


def test_a_phone_in_traditional_chinese_sees_no_english(served: Served, chinese_browser,
                                                        tmp_path: Path) -> None:
    """Log in, enter a hand with the calculator open, see the sheet: every visible text
    is Traditional Chinese but for the event's data and the tile codes."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as shown
    from selenium.webdriver.support.ui import WebDriverWait

    driver = chinese_browser
    wait = WebDriverWait(driver, 30)
    driver.get(served.url + "/")
    code = wait.until(shown.visibility_of_element_located((By.ID, "code")))
    assert driver.title == "桌邊 —— 比賽管理"
    login = driver.find_element(By.TAG_NAME, "body").text
    code.send_keys("WRONG1")
    driver.find_element(By.ID, "enter").click()
    wait.until(shown.text_to_be_present_in_element((By.ID, "problem"), "代碼"))
    assert driver.find_element(By.ID, "problem").text.endswith("。")  # a sentence, in Chinese
    code.clear()
    code.send_keys(served.codes[1])
    driver.find_element(By.ID, "enter").click()
    wait.until(shown.text_to_be_present_in_element((By.ID, "next"), "第 1 局"))
    players = served.seated.players[:4]
    driver.find_element(By.CSS_SELECTOR, f"#winners button[data-player='{players[0]}']").click()
    driver.find_element(By.CSS_SELECTOR,
                        f"#discarders button[data-player='{players[1]}']").click()
    driver.find_element(By.ID, "value").send_keys("25")
    wait.until(shown.text_to_be_present_in_element((By.ID, "preview"), "東 +"))
    driver.find_element(By.ID, "save").click()
    wait.until(shown.text_to_be_present_in_element((By.ID, "next"), "第 2 局"))
    driver.find_element(By.ID, "calculator").click()
    driver.find_element(By.ID, "save").click()  # no winner chosen: refused in words
    wait.until(shown.text_to_be_present_in_element((By.ID, "problem"), "請選擇和牌者"))
    assert driver.find_element(By.ID, "problem").text.endswith("。")
    sheet = driver.find_element(By.TAG_NAME, "body").text
    placeholder = driver.find_element(By.ID, "calc_melds").get_attribute("placeholder")
    flags = driver.find_element(By.ID, "calc_flags").text
    folder = Path(os.environ.get("TM_TABLE_SIDE_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    driver.execute_script("window.scrollTo(0, 0)")
    assert driver.save_screenshot(str(folder / "table-side-zh_TW.png"))

    data = english_words.words("Web Open Player")  # the event's name, the players' names
    for text in (login, sheet, placeholder or "", flags):
        assert _english_left(text, data) == set(), text
    assert "海底撈月" in flags and "第 2 局" in sheet and "+75 (75)" in sheet
    assert "請輸入裁判長給本桌的代碼。" in login
    # The honours' buttons in Chinese marks (they showed E S W N Wd Gd Rd); a tap puts the
    # notation the scorer reads into the field.
    honours = [button.text for button in driver.find_elements(
        By.CSS_SELECTOR, "#palette button")][-7:]
    assert honours == ["東", "南", "西", "北", "白", "發", "中"]
    driver.find_element(By.CSS_SELECTOR, "#palette button[data-tile='Gd']").click()
    assert driver.find_element(By.ID, "calc_concealed").get_attribute("value") == "Gd"

