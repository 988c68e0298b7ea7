"""`info`'s glance read with `sqlite3` alone must say what the services say through a unit
of work, on real event files at every stage; and a file it should not read as it is
(older, foreign, damaged, empty) must be left to the full open, which words the problem."""

from __future__ import annotations

import dataclasses
import random
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from tournament_manager.cli.main import run_cli
from tournament_manager.domain.model import Player, PlayerKind, PlayerStatus
from tournament_manager.domain.presets import Preset, preset_settings
from tournament_manager.domain.settings import SessionEnd
from tournament_manager.services.demo import demo_players, run_demo
from tournament_manager.services.glance import Glance, glance_of
from tournament_manager.services.players import import_players, register_player, set_player_status
from tournament_manager.services.seating import draw_session, publish_draw
from tournament_manager.services.tournaments import create_tournament, overview
from tournament_manager.storage.document import Document, create_document, open_document
from tournament_manager.storage.glance_reader import read_glance
from tournament_manager.storage.lock import lock_path


def _new(document: Document) -> None:
    settings = dataclasses.replace(preset_settings(Preset.OPEN), session_end=SessionEnd.DEALS)
    create_tournament(document.unit_of_work(), "Glance Open", settings, venue="Hall 2")


def _provisional(document: Document) -> None:
    create_tournament(document.unit_of_work(), "Drawn Open", preset_settings(Preset.OPEN))
    import_players(document.unit_of_work(), demo_players(16, random.Random(1)),
                   rng=random.Random(2))
    with document.unit_of_work() as uow:
        first = min(uow.sessions.list(), key=lambda session: session.number)
    draw = draw_session(document.unit_of_work(), first.id, seed=5, time_limit=5)
    publish_draw(document.unit_of_work(), draw)


def _played_with_changes(document: Document) -> None:
    run_demo(document.unit_of_work, players=16, preset=Preset.OPEN, seed=4, sessions=2)
    with document.unit_of_work() as uow:
        leaving = min(player.id for player in uow.players.list())
    set_player_status(document.unit_of_work(), leaving, PlayerStatus.WITHDRAWN)
    register_player(document.unit_of_work(), Player("Stand In", kind=PlayerKind.SUBSTITUTE),
                    rng=random.Random(3))


def _played_classic_with_cut(document: Document) -> None:
    run_demo(document.unit_of_work, players=36, preset=Preset.WSOM_2015, seed=3,
             rule_set="classic")  # cut to 32, 16, 8, 4


MAKERS: dict[str, Callable[[Document], None]] = {
    "new": _new, "provisional": _provisional, "played": _played_with_changes,
    "classic-cut": _played_classic_with_cut}


@pytest.fixture(scope="module")
def events(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, Glance]]:
    """Each stage's file, closed, with the overview the services give of it."""
    made = {}
    for name, make in MAKERS.items():
        path = tmp_path_factory.mktemp("glance") / f"{name}.tmt"
        with create_document(path) as document:
            make(document)
            made[name] = (path, glance_of(overview(document.unit_of_work())))
    return made


@pytest.mark.parametrize("name", MAKERS)
def test_the_glance_is_the_overview(events: dict[str, tuple[Path, Glance]], name: str) -> None:
    path, expected = events[name]
    assert read_glance(path) == expected


def test_the_stages_are_told_apart(events: dict[str, tuple[Path, Glance]]) -> None:
    """The stages above are not alike: the counts the reading must get right differ."""
    new, provisional, played, classic = (events[name][1] for name in MAKERS)
    assert (new.players, new.sessions_drawn, new.session_end) == (0, 0, SessionEnd.DEALS)
    assert new.venue == "Hall 2" and new.last_change is not None
    assert provisional.sessions_provisional > 0 and provisional.sessions_played == 0
    assert provisional.tables == 4 and provisional.sessions_drawn == 1
    assert (played.withdrawn, played.substitutes, played.players) == (1, 1, 16)
    assert played.hands > 0 and played.signatures > 0 and played.sessions_played == 2
    assert classic.rule_set == "classic" and len(classic.rounds) == 5
    assert classic.sessions_played == classic.sessions == 8 and classic.penalties > 0


def _file_without_tournament(path: Path) -> None:
    create_document(path).close(backup=False)


def _older_file(path: Path) -> None:
    with create_document(path) as document:
        _new(document)
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE alembic_version SET version_num = 'older'")
    connection.close()


def _foreign_sqlite(path: Path) -> None:
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE notes (text TEXT)")
    connection.close()


def _not_sqlite(path: Path) -> None:
    path.write_text("name,country\nAda,NZ\n", encoding="utf-8")


@pytest.mark.parametrize("make", [_file_without_tournament, _older_file, _foreign_sqlite,
                                  _not_sqlite, lambda path: None],
                         ids=["no-tournament", "older", "foreign", "not-sqlite", "missing"])
def test_a_file_not_to_be_read_as_it_is_is_left_to_the_full_open(
        tmp_path: Path, make: Callable[[Path], None]) -> None:
    path = tmp_path / "event.tmt"
    make(path)
    before = path.read_bytes() if path.exists() else None
    assert read_glance(path) is None
    assert (path.read_bytes() if path.exists() else None) == before  # nothing written


def test_info_words_what_the_glance_leaves(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "notes.tmt"
    _foreign_sqlite(path)
    assert run_cli(["info", str(path)]) == 1
    assert "not a tournament file" in capsys.readouterr().err


def test_info_reads_a_file_held_open_by_the_window(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """The window holds the lock and the WAL open; `info` reads beside it, taking nothing."""
    path = tmp_path / "event.tmt"
    with create_document(path) as document:
        _new(document)
    with open_document(path) as held:
        register_player(held.unit_of_work(), Player("Late Entry"), rng=random.Random(1))
        assert run_cli(["info", str(path), "--json"]) == 0
        assert '"players": 1' in capsys.readouterr().out
        assert lock_path(path).exists()  # still the window's
    assert not lock_path(path).exists()
