"""Turning frozen domain entities into table rows and back, and into audit JSON.

Flat entities map field by field onto columns of the same name; the only conversion needed
is enum <-> its string value, which the type hints tell us. Entities with children (a hand's
wins and deltas, a tournament's settings) build on this in `collections.py`.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import types
import typing
from collections.abc import Callable, Mapping
from datetime import datetime
from enum import Enum
from typing import Any, Generic, TypeVar

E = TypeVar("E")


def _enum_type(hint: Any) -> type[Enum] | None:
    """The enum class in `hint`, also when the hint is `SomeEnum | None`."""
    if isinstance(hint, type) and issubclass(hint, Enum):
        return hint
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        for arg in typing.get_args(hint):
            if isinstance(arg, type) and issubclass(arg, Enum):
                return arg
    return None


def _to_enum(enum_cls: type[Enum]) -> Callable[[Any], Any]:
    """A dict lookup: calling the enum class is several times slower, and standings map
    tens of thousands of rows."""
    members: dict[Any, Any] = {member.value: member for member in enum_cls}
    members[None] = None
    return members.__getitem__


class RowMapper(Generic[E]):
    """Maps one flat frozen dataclass onto the columns of its table."""

    def __init__(self, cls: type[E], *, skip: tuple[str, ...] = ()) -> None:
        self.cls = cls
        hints = typing.get_type_hints(cls)
        self.fields = tuple(f.name for f in dataclasses.fields(cls) if f.name not in skip)  # type: ignore[arg-type]
        self._readers: dict[str, Callable[[Any], Any]] = {}
        for name in self.fields:
            enum_cls = _enum_type(hints[name])
            if enum_cls is not None:
                self._readers[name] = _to_enum(enum_cls)

    def to_row(self, entity: E) -> dict[str, Any]:
        row = {}
        for name in self.fields:
            value = getattr(entity, name)
            row[name] = value.value if isinstance(value, Enum) else value
        return row

    def from_row(self, row: Mapping[str, Any], **extra: Any) -> E:
        values = {name: row[name] for name in self.fields}
        for name, reader in self._readers.items():
            values[name] = reader(values[name])
        values.update(extra)
        return self.cls(**values)


def audit_picture(entity: object) -> dict[str, Any]:
    """An entity as the audit log pictures it, in plain JSON values: what `json.loads`
    gives back for `audit_json` (tuples as lists, enums by value, moments in ISO text,
    blobs by size and hash).

    Verification compares every record with its newest picture: building this directly
    is ten times faster than `dataclasses.asdict`, then JSON text, then parsing it back,
    which took 11 s of a 1,000-player event's checks."""
    picture = _plain(entity)
    assert isinstance(picture, dict)
    return picture


def audit_json(entity: object) -> str:
    """A stable JSON picture of an entity for the audit log (blobs by size and hash)."""
    return picture_text(audit_picture(entity))


def picture_text(picture: Mapping[str, Any]) -> str:
    """An audit picture as the log stores it: the same picture is always the same text."""
    return json.dumps(picture, ensure_ascii=False, sort_keys=True)


@functools.cache
def _field_names(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls))


_SCALARS = frozenset({type(None), bool, int, float, str})


def _plain(value: Any) -> Any:
    kind = type(value)
    if kind in _SCALARS:  # by far the most values: checked by their exact type first
        return value
    if kind is tuple or kind is list:
        return [_plain(item) for item in value]
    if isinstance(value, Enum):
        return _plain(value.value)
    if isinstance(value, (bool, int, float, str)):  # a subclass (not an enum)
        return value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {name: _plain(getattr(value, name)) for name in _field_names(type(value))}
    if isinstance(value, (tuple, list)):
        return [_plain(item) for item in value]
    if isinstance(value, Mapping):
        return {_key(key): _plain(item) for key, item in value.items()}
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, bytes):
        return {"bytes": len(value), "sha256": hashlib.sha256(value).hexdigest()}
    raise TypeError(f"cannot audit a {type(value).__name__}")


def _key(key: Any) -> str:
    """A mapping key as JSON writes it (JSON objects have text keys only)."""
    if isinstance(key, str):
        return key
    return json.dumps(key)
