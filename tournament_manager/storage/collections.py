"""SQL implementations of the services' `Collection` port, each write audited.

One generic class serves every flat entity; hands and the tournament add their child rows
and settings on top. Every add, update and remove writes an audit row in the same
transaction, so the audit log can never disagree with the data it describes.
"""

from __future__ import annotations

import dataclasses
import functools
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import UTC, datetime
from enum import Enum
from typing import Any, ClassVar, Generic, TypeVar

from sqlalchemy import (
    Connection,
    Insert,
    Select,
    Table,
    bindparam,
    delete,
    func,
    insert,
    select,
    update,
)

from tournament_manager.domain.model import AuditEntry, Hand, SeatAssignment, Tournament, Win
from tournament_manager.domain.settings import (
    KEEP_APART_FIELDS,
    RoundKind,
    RoundPlan,
    TournamentSettings,
)
from tournament_manager.services.ports import AuditMark, DriftKind, NotFound, RecordDrift
from tournament_manager.storage import schema
from tournament_manager.storage.audit_chain import chain_breaks, last_link, link
from tournament_manager.storage.rows import RowMapper, audit_json, audit_picture, picture_text

E = TypeVar("E")


@functools.cache
def _selection(table: Table, names: tuple[str, ...], nulls: tuple[str, ...],
               counting: bool = False) -> Select[Any]:
    """The rows of `table` whose columns `names` equal the parameters of those names (or
    are NULL, for `nulls`), in id order, or their number: one statement per shape of
    filter, built once, its values bound at each run. A select built anew for every call
    spent more time in building and keying the statement than SQLite spent running it."""
    query = select(func.count()).select_from(table) if counting else select(table)
    for name in names:
        column = table.c[name]
        query = query.where(column.is_(None) if name in nulls else column == bindparam(name))
    return query if counting else query.order_by(table.c.id)


def _filter(equal_to: Mapping[str, Any]) -> tuple[tuple[str, ...], tuple[str, ...],
                                                   dict[str, Any]]:
    """`_selection`'s shape of a filter (its columns, those asked to be NULL) and the
    values to bind (enums by value)."""
    values = {name: value.value if isinstance(value, Enum) else value
              for name, value in equal_to.items()}
    nulls = tuple(sorted(name for name, value in values.items() if value is None))
    bound = {name: value for name, value in values.items() if value is not None}
    return tuple(sorted(values)), nulls, bound


@functools.cache
def _insert_into(table: Table) -> Insert:
    """One INSERT statement per table, its values passed as parameters: building
    `insert(table).values(...)` anew for every row cost as much as executing it (a
    quarter of every audited write)."""
    return insert(table)


class AuditWriter:
    """Writes the who/when/what/before/after of each change of one unit of work, each
    entry linked to the one before it (`audit_chain`)."""

    def __init__(self, connection: Connection, actor: str, clock: Callable[[], datetime]) -> None:
        self._connection = connection
        self.actor = actor
        self._clock = clock
        self.reason = ""
        self._last_link: str | None = None
        self.generation = 0
        """Moves on with every write and every commit: what was read at one generation
        still holds while it has not moved (`TournamentCollection` keeps its read)."""

    def record(self, action: str, entity: str, entity_id: int,
               before: object | None, after: object | None) -> None:
        if self._last_link is None:
            self._last_link = last_link(self._connection)
        at = self._clock().astimezone(UTC)
        values: dict[str, Any] = {
            "actor": self.actor,
            "action": action,
            "entity": entity,
            "entity_id": entity_id,
            "before": None if before is None else audit_json(before),
            "after": None if after is None else audit_json(after),
            "reason": self.reason,
        }
        # The chain hashes the text `UtcDateTime` stores for `at`.
        self.generation += 1
        self._last_link = link(self._last_link, at.isoformat(), **values)
        self._connection.execute(_insert_into(schema.audit),
                                 {"at": at, "chain": self._last_link, **values})


class SqlCollection(Generic[E]):
    """add/update/remove/get/list of one entity type over one table."""

    def __init__(self, connection: Connection, table: Table, mapper: RowMapper[E],
                 audit: AuditWriter | None) -> None:
        self._connection = connection
        self._table = table
        self._mapper = mapper
        self._audit = audit
        self._entity = table.name

    @property
    def entity(self) -> str:
        """The entity's name in the audit log (its table's name)."""
        return self._entity

    # Hooks for entities with child rows or derived fields.
    def _row(self, entity: E) -> dict[str, Any]:
        row = self._mapper.to_row(entity)
        row.pop("id")
        return row

    def _load(self, rows: Sequence[Any]) -> list[E]:
        return [self._mapper.from_row(row._mapping) for row in rows]

    def _write_children(self, entity_id: int, entity: E, replacing: bool) -> None:
        """Entities without children have nothing to write."""

    def add(self, entity: E) -> E:
        result = self._connection.execute(_insert_into(self._table), self._row(entity))
        (new_id,) = result.inserted_primary_key or (None,)
        assert new_id is not None
        self._write_children(new_id, entity, replacing=False)
        stored: E = dataclasses.replace(entity, id=new_id)  # type: ignore[type-var]
        self._record("add", new_id, None, stored)
        return stored

    def update(self, entity: E) -> E:
        entity_id: int = entity.id  # type: ignore[attr-defined]  # every entity has one
        before = self.get(entity_id)
        self._connection.execute(
            update(self._table).where(self._table.c.id == entity_id).values(self._row(entity))
        )
        self._write_children(entity_id, entity, replacing=True)
        self._record("update", entity_id, before, entity)
        return entity

    def remove(self, entity_id: int) -> None:
        before = self.get(entity_id)
        self._connection.execute(delete(self._table).where(self._table.c.id == entity_id))
        self._record("remove", entity_id, before, None)

    def get(self, entity_id: int) -> E:
        rows = self._connection.execute(_selection(self._table, ("id",), ()),
                                        {"id": entity_id}).fetchall()
        if not rows:
            raise NotFound(self._entity, entity_id)
        return self._load(rows)[0]

    def list(self, **equal_to: Any) -> Sequence[E]:
        names, nulls, bound = _filter(equal_to)
        query = _selection(self._table, names, nulls)
        return self._load(self._connection.execute(query, bound).fetchall())

    def count(self, **equal_to: Any) -> int:
        names, nulls, bound = _filter(equal_to)
        query = _selection(self._table, names, nulls, counting=True)
        return int(self._connection.execute(query, bound).scalar_one())

    def _record(self, action: str, entity_id: int, before: E | None, after: E | None) -> None:
        if self._audit is not None:
            self._audit.record(action, self._entity, entity_id, before, after)


class SeatCollection(SqlCollection[SeatAssignment]):
    def players_by_table(self, cycle: int) -> Mapping[int, Sequence[int]]:
        seat = schema.seat
        query = (select(seat.c.table_id, seat.c.player_id).where(seat.c.cycle == cycle)
                 .order_by(seat.c.table_id, seat.c.arrival, seat.c.id))
        seated: dict[int, list[int]] = {}
        for table_id, player_id in self._connection.execute(query).fetchall():
            seated.setdefault(table_id, []).append(player_id)
        return seated


class HandCollection(SqlCollection[Hand]):
    """Hands with their wins and per-player deltas, loaded in three queries per call."""

    def totals_by_table(self, table_ids: Iterable[int] | None = None
                        ) -> Mapping[int, Mapping[int, int]]:
        totals: dict[int, dict[int, int]] = {}
        query = (select(schema.hand.c.table_id, schema.hand_delta.c.player_id,
                        func.sum(schema.hand_delta.c.delta))
                 .join(schema.hand, schema.hand.c.id == schema.hand_delta.c.hand_id)
                 .group_by(schema.hand.c.table_id, schema.hand_delta.c.player_id))
        chunks = [None] if table_ids is None else _chunks(sorted(table_ids))
        for chunk in chunks:
            chosen = query if chunk is None else query.where(schema.hand.c.table_id.in_(chunk))
            for table_id, player_id, total in self._connection.execute(chosen).fetchall():
                totals.setdefault(table_id, {})[player_id] = int(total)
        return totals

    def _write_children(self, entity_id: int, entity: Hand, replacing: bool) -> None:
        if replacing:
            for child in (schema.hand_win, schema.hand_delta):
                self._connection.execute(delete(child).where(child.c.hand_id == entity_id))
        if entity.wins:
            self._connection.execute(insert(schema.hand_win), [
                {"hand_id": entity_id, "position": position, "winner_id": win.winner_id,
                 "value": win.value, "responsible_id": win.responsible_id,
                 "pattern_ids": " ".join(win.pattern_ids)}
                for position, win in enumerate(entity.wins)
            ])
        if entity.deltas:
            points = dict(entity.player_points)
            self._connection.execute(insert(schema.hand_delta), [
                {"hand_id": entity_id, "player_id": player_id, "delta": delta,
                 "points": points.get(player_id)}
                for player_id, delta in entity.deltas
            ])

    def _load(self, rows: Sequence[Any]) -> list[Hand]:
        if not rows:
            return []
        ids = [row.id for row in rows]
        wins: dict[int, list[Win]] = {hand_id: [] for hand_id in ids}
        deltas: dict[int, list[tuple[int, int]]] = {hand_id: [] for hand_id in ids}
        points: dict[int, list[tuple[int, int]]] = {hand_id: [] for hand_id in ids}
        win, delta = schema.hand_win, schema.hand_delta
        # The columns by name and the rows as plain tuples: a 1,000-player event's export
        # reads 40,000 hands, 200,000 rows of these, where a Row's attribute access and
        # keyword construction were most of the cost (a Row unpacks as a tuple).
        for chunk in _chunks(ids):
            for hand_id, winner_id, value, responsible_id, pattern_ids in self._connection.execute(
                select(win.c.hand_id, win.c.winner_id, win.c.value, win.c.responsible_id,
                       win.c.pattern_ids)
                .where(win.c.hand_id.in_(chunk)).order_by(win.c.hand_id, win.c.position)
            ):
                wins[hand_id].append(Win(winner_id, value, responsible_id,
                                         tuple(pattern_ids.split())))
            for hand_id, player_id, points_won, own_points in self._connection.execute(
                select(delta.c.hand_id, delta.c.player_id, delta.c.delta, delta.c.points)
                .where(delta.c.hand_id.in_(chunk)).order_by(delta.c.hand_id, delta.c.id)
            ):
                deltas[hand_id].append((player_id, points_won))
                if own_points is not None:
                    points[hand_id].append((player_id, own_points))
        return [
            self._mapper.from_row(row._mapping, wins=tuple(wins[row.id]),
                                  deltas=tuple(deltas[row.id]), player_points=tuple(points[row.id]))
            for row in rows
        ]


def _chunks(ids: list[int], size: int = 500) -> list[list[int]]:
    """Keeps `IN (...)` lists under SQLite's bound-parameter limit."""
    return [ids[start:start + size] for start in range(0, len(ids), size)]


_SETTINGS_MAPPER = RowMapper(TournamentSettings, skip=("rule_options", "rounds", "keep_apart"))


class TournamentCollection(SqlCollection[Tournament]):
    """The tournament row holds its settings; the round plan lives in the `round` table.

    Rounds are entities of their own (they carry a status and are edited one by one), so
    the settings' `rounds` are read from them rather than stored twice.

    Every service act reads the tournament's settings, most several times (entering a
    hand read it twice, two queries each); the read is kept until the unit of work writes anything
    or commits (another station may have changed them in between).
    """

    def _row(self, entity: Tournament) -> dict[str, Any]:
        settings = entity.settings
        return {
            **super()._row(entity),
            **_SETTINGS_MAPPER.to_row(settings),
            "rule_options": json.dumps(dict(settings.rule_options), sort_keys=True),
            "keep_apart": ",".join(settings.keep_apart),
        }

    def _load(self, rows: Sequence[Any]) -> list[Tournament]:
        plans = tuple(
            RoundPlan(kind=RoundKind(row.kind), sessions=row.sessions, advance=row.advance,
                      carry=row.carry)
            for row in self._connection.execute(
                select(schema.round_).order_by(schema.round_.c.number)
            )
        )
        tournaments = []
        for row in rows:
            mapping = row._mapping
            settings = _SETTINGS_MAPPER.from_row(
                mapping,
                rule_options=json.loads(mapping["rule_options"]),
                rounds=plans,
                keep_apart=tuple(name for name in mapping["keep_apart"].split(",")
                                 if name in KEEP_APART_FIELDS),
            )
            tournaments.append(self._mapper.from_row(mapping, settings=settings))
        return tournaments

    _kept: tuple[int, tuple[Tournament, ...]] | None = None

    def list(self, **equal_to: Any) -> Sequence[Tournament]:
        if equal_to or self._audit is None:
            return super().list(**equal_to)
        generation = self._audit.generation
        if self._kept is None or self._kept[0] != generation:
            self._kept = (generation, tuple(super().list()))
        return self._kept[1]


_AUDIT_MAPPER = RowMapper(AuditEntry)
"""Built once: a mapper reads its class's type hints, which cost 0.2 ms, and every unit
of work has an audit log."""


class SqlAuditLog:
    """The audit log, and the two checks that it still describes the file: its hash
    chain is intact, and every record is as its newest entry left it."""

    def __init__(self, connection: Connection,
                 collections: Mapping[str, SqlCollection[Any]] | None = None) -> None:
        self._connection = connection
        self._collection = SqlCollection(connection, schema.audit, _AUDIT_MAPPER, None)
        self._collections = collections or {}

    def list(self, **equal_to: Any) -> Sequence[AuditEntry]:
        return self._collection.list(**equal_to)

    def count(self, **equal_to: Any) -> int:
        return self._collection.count(**equal_to)

    def mark(self) -> AuditMark:
        audit = schema.audit
        newest = self._connection.execute(
            select(audit.c.id, audit.c.chain).order_by(audit.c.id.desc()).limit(1)).first()
        return AuditMark(0, "") if newest is None else AuditMark(newest.id, newest.chain)

    def after(self, mark: AuditMark) -> Sequence[AuditEntry] | None:
        audit = schema.audit
        if mark.entry_id:
            chain = self._connection.execute(
                select(audit.c.chain).where(audit.c.id == mark.entry_id)).scalar()
            if chain != mark.chain:
                return None
        query = select(audit).where(audit.c.id > mark.entry_id).order_by(audit.c.id)
        rows: Sequence[Any] = self._connection.execute(query).fetchall()
        return [_AUDIT_MAPPER.from_row(row._mapping) for row in rows]

    def last_change(self) -> datetime | None:
        at: datetime | None = self._connection.execute(
            select(schema.audit.c.at).order_by(schema.audit.c.id.desc()).limit(1)
        ).scalar()
        return at

    def chain_breaks(self) -> Sequence[int]:
        return [broken.entry_id for broken in chain_breaks(self._connection)]

    def seal(self) -> str:
        return last_link(self._connection)

    def drift(self) -> Sequence[RecordDrift]:
        audit = schema.audit
        cascades = _Cascades(self._connection)
        drifts = []
        newest: dict[str, dict[int, int]] = {}
        for entity, entity_id, entry_id in self._connection.execute(
                select(audit.c.entity, audit.c.entity_id, func.max(audit.c.id))
                .group_by(audit.c.entity, audit.c.entity_id)):
            newest.setdefault(entity, {})[entity_id] = entry_id
        for entity, collection in self._collections.items():
            # The pictures one kind of record at a time: a 1,000-player event's whole log
            # of newest pictures, parsed at once, held 200 MB.
            entries: dict[int, tuple[int, str, str | None]] = {}
            ids = newest.get(entity, {})
            by_entry = {entry_id: entity_id for entity_id, entry_id in ids.items()}
            for chunk in _chunks(sorted(by_entry)):
                for entry_id, action, after in self._connection.execute(
                        select(audit.c.id, audit.c.action, audit.c.after)
                        .where(audit.c.id.in_(chunk))):
                    entries[by_entry[entry_id]] = (entry_id, action, after)
            current = {item.id: item for item in collection.list()}
            for entity_id, item in current.items():
                entry = entries.get(entity_id)
                picture = audit_picture(item)
                if entry is None or entry[1] == "remove":
                    drifts.append(_drift(entity, picture, DriftKind.UNRECORDED))
                # The same text is the same picture (nearly every record, for one JSON
                # write); a different text may still agree field by field.
                elif entry[2] != picture_text(picture) and not _agrees(
                        _comparable(entity, json.loads(entry[2] or "{}")),
                        _comparable(entity, picture)):
                    drifts.append(_drift(entity, picture, DriftKind.CHANGED))
            for entity_id, (entry_id, action, after) in entries.items():
                if action == "remove" or entity_id in current:
                    continue
                recorded_picture = json.loads(after or "{}")
                if not cascades.removed_after(recorded_picture, entry_id):
                    drifts.append(_drift(entity, recorded_picture, DriftKind.REMOVED))
        return sorted(drifts, key=lambda d: (d.entity, d.entity_id))


def _drift(entity: str, picture: dict[str, Any], kind: DriftKind) -> RecordDrift:
    """A drift named with the sheet it concerns, as far as the record tells."""
    table_id = picture["id"] if entity == schema.session_table.name else picture.get("table_id")
    number = picture.get("number") if entity == schema.hand.name else None
    return RecordDrift(entity, int(picture.get("id", 0)), kind, table_id, number)


class _Cascades:
    """Rows the schema's ON DELETE CASCADE removed with their parent: the audit log has
    the parent's removal only. Ids are reused once freed, so a parent counts as removed
    only by a removal written after the child's newest entry."""

    PARENTS: ClassVar[dict[str, str]] = {"table_id": "session_table", "session_id": "session",
                                         "round_id": "round"}

    def __init__(self, connection: Connection) -> None:
        audit = schema.audit
        self._history: dict[tuple[str, int], list[tuple[int, str, str | None]]] = {}
        for entity, entity_id, entry_id, action, after in connection.execute(
                select(audit.c.entity, audit.c.entity_id, audit.c.id, audit.c.action,
                       audit.c.after)
                .where(audit.c.entity.in_(set(self.PARENTS.values())))
                .order_by(audit.c.id)):
            self._history.setdefault((entity, entity_id), []).append((entry_id, action, after))

    def removed_after(self, picture: dict[str, Any], since: int) -> bool:
        for key, parent in self.PARENTS.items():
            if key not in picture:
                continue
            history = self._history.get((parent, picture[key]), [])
            if any(entry_id > since and action == "remove"
                   for entry_id, action, _after in history):
                return True
            then = [after for entry_id, action, after in history
                    if entry_id < since and action != "remove"]
            if then and self.removed_after(json.loads(then[-1] or "{}"), since):
                return True
        return False


def _comparable(entity: str, picture: dict[str, Any]) -> dict[str, Any]:
    """What a record's audit picture must agree on. A tournament's round plan is read from
    the rounds themselves (audited as rounds), not stored with the tournament. A hand's
    players' points are one figure per player, whatever their order: they are read back in
    seat order, and files written before 0.2 pictured them in the order they were typed
    (the winner first), which made every classical hand look changed outside."""
    if entity == schema.tournament.name:
        picture.get("settings", {}).pop("rounds", None)
    if entity == schema.hand.name and isinstance(picture.get("player_points"), list):
        picture["player_points"] = sorted(picture["player_points"])
    return picture


def _agrees(recorded: Any, current: Any) -> bool:
    """The recorded picture's fields equal the current ones; fields the entry predates
    (a column added by a later version) are not asked about."""
    if isinstance(recorded, dict) and isinstance(current, dict):
        return all(key in current and _agrees(value, current[key])
                   for key, value in recorded.items())
    return bool(recorded == current)


def now_utc() -> datetime:
    return datetime.now(UTC)
