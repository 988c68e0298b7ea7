"""Server addresses as typed, keystroke by keystroke: every text is a file path, a server
address or a worded refusal, never an exception of the parser's."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from tournament_manager.application.events import parse_address
from tournament_manager.storage.errors import DocumentError
from tournament_manager.storage.server import ServerAddress

TYPED = "postgresql://judge:pa:ss@192.168.1.10:5432/open2026"


def _parse(text: str) -> object:
    try:
        return parse_address(text)
    except DocumentError as error:
        return error


def test_every_prefix_of_an_address_typed_key_by_key_is_understood() -> None:
    results = [_parse(TYPED[:n]) for n in range(1, len(TYPED) + 1)]
    assert all(isinstance(r, Path | ServerAddress | DocumentError) for r in results)
    last = results[-1]
    assert isinstance(last, ServerAddress) and last.database == "open2026"
    assert "pa:ss" not in str(last)


@given(st.text(max_size=80).map(lambda tail: "postgresql://" + tail))
def test_any_text_after_the_scheme_is_an_address_or_a_worded_refusal(text: str) -> None:
    result = _parse(text)
    assert isinstance(result, ServerAddress | DocumentError | Path)


def test_an_event_is_created_and_opened_from_its_address_as_text(tmp_path: Path) -> None:
    """The application's entry takes an address as typed: a path as text (it once reached
    the file checks as a str and failed there with an AttributeError), and a URL of a kind
    it keeps no events in is refused in words."""
    from tournament_manager.application.events import create_event, open_event

    path = str(tmp_path / "typed.tmt")
    create_event(path).close()
    with open_event(path, read_only=True) as event:
        assert Path(path).is_file() and event.actor
    try:
        open_event("https://example.org/event.tmt")
    except DocumentError as error:
        assert error.problem.name == "DATABASE_URL"
    else:
        raise AssertionError("an https address was opened")
