"""The table page's words, in the language of the phone that asks for them.

The page (`static/table.html`) is plain HTML and JavaScript without a build step: its
texts stay English in the file, each static one marked `data-t` and each said by the script
through `t("…", {name: value})`. The server hands the page, inside it, a dictionary from
those English texts to the words of the language asked for (`page_words`), from the same
gettext catalogue as the rest of the application; what the page says is listed here with
`N_`, so the catalogue's extraction finds it (`tests/web/test_table_languages.py` checks
that the page says nothing this list does not hold, and holds nothing the page does not
say).

Which language: the phone's (its `Accept-Language`, the first one we speak), else the
server's own (`page_language`). The server's answers (a refused code, a service's refusal,
the calculator's findings) are said in it too: `SpeakingMiddleware` wraps each request in
`words.speaking`.
"""

from __future__ import annotations

from typing import Any

from tournament_manager.languages import DocumentLanguage, parse_language
from tournament_manager.messages.sentence import ENDS
from tournament_manager.rules.result import Limit
from tournament_manager.rules.tiles import Wind
from tournament_manager.words import N_, Nn_, _, n_, speaking

TEXTS = (
    N_("Table — Tournament Manager"),
    N_("Tournament Manager — your table"),
    N_("Type the code the head judge gave your table."),
    N_("Open the sheet"),
    N_("Another player checks it and confirms:"),
    N_("Typed by:"),
    N_("Winner:"),
    N_("Discard"),
    N_("Self-draw"),
    N_("From:"),
    N_("+ Another winner"),
    N_("Same-turn immunity"),
    N_("Pays as discarder:"),
    N_("Value:"),
    N_("Calculator"),
    N_("Each loser's hand points (the winner's are his value):"),
    N_("Tap the tiles of the winner's hand, or type them (123m456p789s11z)."),
    N_("A loser's shown hand (no winning tile)"),
    N_("Concealed:"),
    N_("Melds:"),
    N_("555p 789s (Rd) — a kong in ( ) is concealed"),
    N_("Next meld"),
    N_("Winning tile:"),
    N_("⌫ Tile"),
    N_("Clear"),
    N_("Round wind:"),
    N_("Flowers:"),
    N_("Score the hand"),
    N_("Use this value"),
    N_("Save hand"),
    N_("Drawn hand"),
    N_("Change the last hand"),
    N_("Signatures"),
    N_("Each player signs that the sheet above is correct."),
    N_("The sheet is signed and locked. Only the head judge can change it now."),
    N_("No connection: {waiting} waiting, sent as soon as the connection is back."),
    N_("Session clock: {time} left"),
    N_("Session clock: {time} left (paused)"),
    N_("Time is up: no new hand starts. The hand in play is as the head judge announced."),
    N_("no connection to the head judge's computer: try again in a moment"),
    N_("A hand that was waiting was not taken: {problem}"),
    N_("{waiting} for table {table} of session {session} wait on this phone: type that "
       "table's code to send them."),
    N_("{tournament} — session {session}, table {table}"),
    N_("Penalty: {name} −{points} ({reason})"),
    N_("Penalty: {name} −{points} ({reason}, hand {hand})"),
    N_("Hand {number}"),
    N_("Hand {number} again"),
    N_("Hand {number} — {name} deals"),
    N_("waiting to be sent"),
    N_("Also winning: {wins}"),
    N_("Nobody (the winner threw it first)"),
    N_("a drawn hand"),
    N_("{winner} wins {value} by self-draw"),
    N_("{winner} wins {value} from {discarder}"),
    N_("The two entries of hand {number} differ ({entries}). Type it again; the head judge "
       "has been told."),
    N_("Hand {number} typed by {name}: {summary}."),
    N_("last tile of the wall"),
    N_("last discard"),
    N_("on a kong's replacement"),
    N_("robbing a kong"),
    N_("heavenly"),
    N_("earthly"),
    N_("last copy of the tile"),
    N_("choose whose hand it is"),
    N_("{name}: {points} points"),
    N_("Use for {name}"),
    N_("choose the winner first: the calculator scores his hand"),
    N_("Value {value}"),
    N_("Value {value} ({limit})"),
    N_("{seat} {name} — signed"),
    N_("Sign"),
    N_("draw the signature first"),
    N_("choose the first winner and type his value first"),
    N_("choose the winner"),
    N_("choose who pays as discarder (or nobody)"),
    N_("choose who discarded the winning tile"),
    N_("type the hand's value"),
    N_("choose who typed this hand"),
    # the page's refusals stand alone as sentences (`messages.sentence`)
    N_("{clause}."),
)
PLURALS = (Nn_("{n} entry", "{n} entries"),)
LIMIT_TEXT = {Limit.COMPOUND: N_("compound limit"), Limit.LISTED: N_("listed limit")}
SEATS = {
    # TRANSLATORS: the East seat's one-letter mark on the table page, before a name
    Wind.E: N_("E"),
    # TRANSLATORS: the South seat's one-letter mark on the table page, before a name
    Wind.S: N_("S"),
    # TRANSLATORS: the West seat's one-letter mark on the table page, before a name
    Wind.W: N_("W"),
    # TRANSLATORS: the North seat's one-letter mark on the table page, before a name
    Wind.N: N_("N"),
}


DRAGONS = {
    # TRANSLATORS: the white dragon's tile button in the table page's calculator
    "Wd": N_("Wd"),
    # TRANSLATORS: the green dragon's tile button in the table page's calculator
    "Gd": N_("Gd"),
    # TRANSLATORS: the red dragon's tile button in the table page's calculator
    "Rd": N_("Rd"),
}
"""The dragons' tile buttons, as the winds' show their seat marks (`seat:E`)."""


def seat_mark(wind: Wind) -> str:
    """A seat as the page shows it before a name: "E" in English, "东" in Chinese."""
    return _(SEATS[wind])


def limit_text(limit: str) -> str:
    """The calculator's limit (`Limit`'s value) in words; "" for none."""
    try:
        text = LIMIT_TEXT.get(Limit(limit))
    except ValueError:
        return limit
    return _(text) if text is not None else ""


def page_words() -> dict[str, Any]:
    """The page's dictionary in the current language: each text to its words, each pair
    of plural forms (by its singular) to the forms for one and for many, each seat's
    letter to its mark, and how a text already a sentence ends (`sentence:ends`)."""
    words: dict[str, Any] = {text: _(text) for text in TEXTS}
    words.update({singular: [n_(singular, plural, 1), n_(singular, plural, 2)]
                  for singular, plural in PLURALS})
    words.update({f"seat:{wind.value}": seat_mark(wind) for wind in Wind})
    words.update({f"tile:{tile}": _(text) for tile, text in DRAGONS.items()})
    words["sentence:ends"] = "".join(ENDS)
    return words


def page_language(accept_language: str) -> DocumentLanguage | None:
    """The first language of an `Accept-Language` header ("zh-TW,zh;q=0.9,en;q=0.8") we
    speak, by its weight; None (the server's language) when it names none."""
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate(accept_language.split(",")):
        name, _sep, parameters = part.strip().partition(";")
        weight = 1.0
        if parameters.strip().startswith("q="):
            try:
                weight = float(parameters.strip()[2:])
            except ValueError:
                weight = 0.0
        if name and name != "*" and weight > 0:
            ranked.append((-weight, index, name))
    for _weight, _index, name in sorted(ranked):
        language = parse_language(name)
        if language is not None:
            return DocumentLanguage(language.value)
    return None


class SpeakingMiddleware:
    """Each HTTP request is answered in its phone's language (`page_language`)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        header = dict(scope.get("headers") or ()).get(b"accept-language", b"")
        with speaking(page_language(header.decode("latin-1"))):
            await self.app(scope, receive, send)
