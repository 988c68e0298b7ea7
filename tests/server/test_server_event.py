"""An event on a real PostgreSQL server: the same schema as a file, the same commands,
and copies between a server and a `.tmt` file that verify and rank alike."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sqlalchemy import inspect

from tournament_manager.application.events import create_event, open_event, parse_address
from tournament_manager.cli.main import run_cli
from tournament_manager.messages.documents import describe
from tournament_manager.services.errors import ServiceError, ServiceProblem
from tournament_manager.storage.document import create_document
from tournament_manager.storage.errors import DocumentError, DocumentProblem
from tournament_manager.storage.server import ServerAddress


def _columns(engine) -> dict[str, dict[str, bool]]:
    inspector = inspect(engine)
    return {table: {column["name"]: bool(column["nullable"])
                    for column in inspector.get_columns(table)}
            for table in inspector.get_table_names()}


def test_a_server_event_has_the_schema_of_a_file(server_url: str, tmp_path: Path) -> None:
    server = create_event(parse_address(server_url))
    document = create_document(tmp_path / "same.tmt")
    try:
        on_server, in_file = _columns(server.engine), _columns(document.engine)
        assert on_server == in_file
        assert "audit" in on_server and "alembic_version" in on_server
    finally:
        server.close()
        document.close(backup=False)


def test_creating_twice_is_refused_and_a_missing_event_is_named(server_url: str) -> None:
    address = parse_address(server_url)
    assert isinstance(address, ServerAddress)
    with pytest.raises(DocumentError) as missing:
        open_event(address)
    assert missing.value.problem is DocumentProblem.SERVER_NO_DATABASE
    assert describe(missing.value).startswith(
        f"the server of {address.shown} has no database named {address.database}; ")
    create_event(address).close()
    with pytest.raises(DocumentError) as twice:
        create_event(address)
    assert twice.value.problem is DocumentProblem.EXISTS


def test_a_password_is_never_shown(postgres_base: str) -> None:
    address = ServerAddress(postgres_base.replace("tm@", "tm:s3cret@") + "open2026")
    assert "s3cret" not in str(address) and address.database == "open2026"


def _json(capsys, *argv: str) -> object:
    capsys.readouterr()
    assert run_cli(list(argv)) == 0, capsys.readouterr().err
    return json.loads(capsys.readouterr().out)


def test_a_whole_event_on_the_server_by_command_line(server_url: str, tmp_path: Path,
                                                      capsys) -> None:
    """`demo` plays a whole event through the services on the server; `standings`,
    `verify` and `export` read it there; `copy` takes it into a file and a second server
    database and back, and every copy verifies and ranks as the original."""
    assert run_cli(["demo", server_url, "--players", "16", "--preset", "wsom_2015"]) == 0, \
        capsys.readouterr().err
    assert run_cli(["verify", server_url]) == 0, capsys.readouterr().out
    standings = _json(capsys, "standings", server_url, "--json")
    assert run_cli(["export", server_url, "--what", "standings", "--out",
                    str(tmp_path / "standings.pdf")]) == 0
    assert (tmp_path / "standings.pdf").stat().st_size > 0

    copy = tmp_path / "copy.tmt"
    assert run_cli(["copy", server_url, str(copy)]) == 0, capsys.readouterr().err
    assert run_cli(["verify", str(copy)]) == 0, capsys.readouterr().out
    assert _json(capsys, "standings", str(copy), "--json") == standings

    back = server_url + "_back"
    assert run_cli(["copy", str(copy), back]) == 0, capsys.readouterr().err
    assert run_cli(["verify", back]) == 0, capsys.readouterr().out
    assert _json(capsys, "standings", back, "--json") == standings
    assert run_cli(["players", "add", back, "--name", "Late Entry"]) == 0  # ids go on
    players = _json(capsys, "players", "list", back, "--json")
    assert len(players) == 17 and len({p["id"] for p in players}) == 17


def test_each_station_is_named_in_the_audit_and_a_projector_only_reads(
        server_url: str, capsys) -> None:
    assert run_cli(["new", server_url, "--name", "Stations Open", "--station", "Judge laptop"]) == 0
    assert run_cli(["players", "add", server_url, "--name", "Ada", "--station", "Desk 2",
                    "--role", "results-desk"]) == 0
    capsys.readouterr()
    assert run_cli(["players", "add", server_url, "--name", "Bo", "--role", "projector"]) == 1
    assert capsys.readouterr().err.strip() == (
        f"tournament-manager: a projector station only shows {server_url}; open it as the "
        "head judge or the results desk to change it")
    assert run_cli(["standings", server_url, "--role", "projector"]) == 0
    event = open_event(parse_address(server_url), read_only=True)
    try:
        with event.unit_of_work() as uow:
            actors = {(entry.entity, entry.actor) for entry in uow.audit.list()}
    finally:
        event.close()
    assert ("tournament", "Judge laptop (head judge)") in actors
    assert ("player", "Desk 2 (results desk)") in actors
    assert not any(actor.endswith("(projector)") for _entity, actor in actors)


def test_a_draw_searches_without_keeping_the_other_stations_waiting(server_url: str) -> None:
    """On a server a writing unit of work waits for any other: were the search run inside
    the draw's unit of work, the write another station makes meanwhile (here, from the
    search's own progress report) would wait for it and be refused as "server busy"."""
    from tournament_manager.application.stations import Station, StationRole
    from tournament_manager.domain.model import Player, PlayerKind
    from tournament_manager.domain.presets import Preset, preset_settings
    from tournament_manager.services.players import register_player
    from tournament_manager.services.seating import draw_session, publish_draw
    from tournament_manager.services.tournaments import create_tournament

    address = parse_address(server_url)
    judge = create_event(address)
    desk = None
    try:
        create_tournament(judge.unit_of_work(), "Draw Open", preset_settings(Preset.OPEN, 5))
        for n in range(16):
            register_player(judge.unit_of_work(), Player(name=f"P{n}"))
        desk = open_event(address, station=Station("Desk 2", StationRole.RESULTS_DESK))
        with judge.unit_of_work() as uow:
            first = min(uow.sessions.list(), key=lambda s: s.number).id
        walk_ins: list[int] = []

        def meanwhile(_report: object) -> None:
            if not walk_ins:
                walk_ins.append(register_player(desk.unit_of_work(),  # type: ignore[union-attr]
                                                Player(name="Walk-in",
                                                       kind=PlayerKind.SUBSTITUTE)).id)

        draw = draw_session(judge.unit_of_work(), first, seed=3, time_limit=5,
                            progress=meanwhile)
        assert walk_ins, "the search reported progress, and the desk's write went through"
        with pytest.raises(ServiceError) as outdated:  # a substitute came: the field changed
            publish_draw(judge.unit_of_work(), draw)
        assert outdated.value.problem is ServiceProblem.DRAW_OUTDATED
    finally:
        judge.close()
        if desk is not None:
            desk.close()



def test_a_database_name_is_never_sql(postgres_base: str) -> None:
    """A hostile name in the address becomes a database of that very name."""
    name = 'odd"; DROP DATABASE postgres; --'
    address = ServerAddress(postgres_base + name.replace(" ", "%20").replace(";", "%3B"))
    assert address.database == name
    event = create_event(address)
    try:
        with event.engine.connect() as connection:
            assert connection.exec_driver_sql("SELECT current_database()").scalar() == name
    finally:
        event.close()
        event.discard_files()
    with pytest.raises(DocumentError) as gone:
        open_event(address)
    assert gone.value.problem is DocumentProblem.SERVER_NO_DATABASE


def test_a_database_without_an_event_is_named_as_a_servers(postgres_base: str) -> None:
    """The server's own database (…/postgres) was "not a tournament file", and a missing
    database "no such file": a server address is spoken of as a server's."""
    empty = ServerAddress(postgres_base + "postgres")
    with pytest.raises(DocumentError) as none:
        open_event(empty)
    assert none.value.problem is DocumentProblem.SERVER_NO_EVENT
    assert describe(none.value) == (
        f"the database of {empty.shown} holds no tournament; check the address, or put an "
        "event there first (tournament-manager copy)")
