"""The tables of a tournament document.

This is the schema alembic's migrations must produce (a test compares them). Constraint
names follow a naming convention so batch migrations on SQLite can drop and recreate them.
Enums are stored as their string values: a file stays readable by any SQLite tool.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    Boolean,
    Column,
    Dialect,
    Float,
    ForeignKey,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Table,
    Text,
    TypeDecorator,
    UniqueConstraint,
)

NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

metadata = MetaData(naming_convention=NAMING_CONVENTION)


class UtcDateTime(TypeDecorator[datetime]):
    """Aware UTC datetimes stored as ISO-8601 text, so times sort and read back exactly."""

    impl = String(32)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> str | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime stored; the model keeps UTC-aware times")
        return value.astimezone(UTC).isoformat()

    def process_result_value(self, value: Any, dialect: Dialect) -> datetime | None:
        return None if value is None else datetime.fromisoformat(value)


def _id() -> Column[int]:
    return Column("id", Integer, primary_key=True)


def _ref(name: str, target: str, *, nullable: bool = False, cascade: bool = False) -> Column[int]:
    return Column(
        name,
        Integer,
        ForeignKey(f"{target}.id", ondelete="CASCADE" if cascade else "RESTRICT"),
        nullable=nullable,
        index=True,
    )


tournament = Table(
    "tournament",
    metadata,
    _id(),
    Column("name", String(200), nullable=False),
    Column("venue", String(200), nullable=False, default=""),
    Column("created_at", UtcDateTime, nullable=False),
    Column("rule_set", String(40), nullable=False),
    Column("rule_options", Text, nullable=False, default="{}"),
    Column("format_preset", String(40), nullable=False),
    Column("hands_per_session", Integer, nullable=False),
    Column("seat_pick", String(20), nullable=False),
    Column("time_limit_minutes", Integer, nullable=False),
    Column("on_time_out", String(30), nullable=False),
    Column("penalty_mode", String(20), nullable=False),
    Column("session_conversion", String(20), nullable=False),
    Column("record_style", String(20), nullable=False),
    Column("final_seating", String(20), nullable=False),
    Column("odd_field", String(20), nullable=False),
    Column("bye_score", Integer, nullable=False),
    Column("keep_apart", String(100), nullable=False),
    Column("seat_rotation", String(30), nullable=False, server_default="none"),
    Column("false_win_points", Integer, nullable=False, server_default="0"),
    Column("false_win_distributed", Boolean, nullable=False, server_default="0"),
    Column("double_entry", Boolean, nullable=False, server_default="0"),
    Column("session_end", String(10), nullable=False, server_default="hands"),
)

player = Table(
    "player",
    metadata,
    _id(),
    Column("name", String(200), nullable=False),
    Column("native_name", String(200), nullable=False, default=""),
    Column("registration_id", String(50), nullable=False, default="", index=True),
    Column("country", String(100), nullable=False, default=""),
    Column("club", String(200), nullable=False, default=""),
    Column("team", String(200), nullable=False, default=""),
    Column("kind", String(20), nullable=False),
    Column("status", String(20), nullable=False),
    Column("tiebreak_draw", Integer, nullable=False),
    Column("withdrawn_after", Integer, nullable=True),
    Column("entered_after", Integer, nullable=True),
)

round_ = Table(
    "round",
    metadata,
    _id(),
    Column("number", Integer, nullable=False, unique=True),
    Column("kind", String(20), nullable=False),
    Column("sessions", Integer, nullable=False),
    Column("advance", Integer, nullable=True),
    Column("carry", Float, nullable=False),
    Column("status", String(20), nullable=False),
)

round_entry = Table(
    "round_entry",
    metadata,
    _id(),
    _ref("round_id", "round", cascade=True),
    _ref("player_id", "player"),
    Column("carried_score", Float, nullable=False),
    Column("carried_raw", Float, nullable=False),
    UniqueConstraint("round_id", "player_id"),
)

session = Table(
    "session",
    metadata,
    _id(),
    _ref("round_id", "round", cascade=True),
    Column("number", Integer, nullable=False, unique=True),
    Column("status", String(20), nullable=False),
    Column("draw_seed", Integer, nullable=False),
    Column("started_at", UtcDateTime, nullable=True),
    Column("ended_at", UtcDateTime, nullable=True),
    Column("clock_paused_seconds", Integer, nullable=False, server_default="0"),
    Column("clock_paused_at", UtcDateTime, nullable=True),
    Column("clock_extra_seconds", Integer, nullable=False, server_default="0"),
)

session_table = Table(
    "session_table",
    metadata,
    _id(),
    _ref("session_id", "session", cascade=True),
    Column("number", Integer, nullable=False),
    Column("seat_pick_seed", Integer, nullable=False),
    Column("sheet_state", String(20), nullable=False),
    Column("sheet_version", Integer, nullable=False),
    Column("content_hash", String(64), nullable=False, default=""),
    Column("stopped_after_hand", Integer, nullable=True),
    Column("clock_extra_seconds", Integer, nullable=False, server_default="0"),
    UniqueConstraint("session_id", "number"),
)

seat = Table(
    "seat",
    metadata,
    _id(),
    _ref("table_id", "session_table", cascade=True),
    _ref("player_id", "player"),
    Column("wind", String(1), nullable=False),
    Column("arrival", Integer, nullable=False),
    Column("cycle", Integer, nullable=False),
    UniqueConstraint("table_id", "cycle", "wind"),
    UniqueConstraint("table_id", "cycle", "player_id"),
)

hand = Table(
    "hand",
    metadata,
    _id(),
    _ref("table_id", "session_table", cascade=True),
    Column("number", Integer, nullable=False),
    _ref("dealer_id", "player"),
    Column("result", String(10), nullable=False),
    Column("win_type", String(20), nullable=True),
    _ref("discarder_id", "player", nullable=True),
    UniqueConstraint("table_id", "number"),
)

hand_win = Table(
    "hand_win",
    metadata,
    _id(),
    _ref("hand_id", "hand", cascade=True),
    Column("position", Integer, nullable=False),
    _ref("winner_id", "player"),
    Column("value", Integer, nullable=False),
    _ref("responsible_id", "player", nullable=True),
    Column("pattern_ids", String(200), nullable=False, default=""),
    UniqueConstraint("hand_id", "position"),
)

hand_delta = Table(
    "hand_delta",
    metadata,
    _id(),
    _ref("hand_id", "hand", cascade=True),
    _ref("player_id", "player"),
    Column("delta", Integer, nullable=False),
    Column("points", Integer, nullable=True),
    UniqueConstraint("hand_id", "player_id"),
)

penalty = Table(
    "penalty",
    metadata,
    _id(),
    _ref("table_id", "session_table", cascade=True),
    _ref("player_id", "player"),
    Column("reason", String(20), nullable=False),
    Column("points", Integer, nullable=False),
    Column("mode", String(20), nullable=False),
    Column("hand_number", Integer, nullable=True),
    Column("note", Text, nullable=False, default=""),
)

signature = Table(
    "signature",
    metadata,
    _id(),
    _ref("table_id", "session_table", cascade=True),
    _ref("player_id", "player"),
    Column("signed_at", UtcDateTime, nullable=False),
    Column("image_png", LargeBinary, nullable=False),
    Column("content_hash", String(64), nullable=False),
    Column("sheet_version", Integer, nullable=False),
    Column("on_paper", Boolean, nullable=False, server_default="0"),
    Column("recorded_by", String(200), nullable=False, server_default=""),
    Column("recorded_at", UtcDateTime, nullable=True),
)

table_entry = Table(
    "table_entry",
    metadata,
    _id(),
    _ref("table_id", "session_table", cascade=True),
    Column("hand_number", Integer, nullable=False),
    _ref("entrant_id", "player", nullable=True),
    Column("content", Text, nullable=False),
    Column("entered_at", UtcDateTime, nullable=False),
    Column("status", String(12), nullable=False),
    Column("typist", String(200), nullable=False, server_default=""),
)

player_card = Table(
    "player_card",
    metadata,
    _id(),
    _ref("table_id", "session_table", cascade=True),
    _ref("owner_id", "player"),
    Column("content", Text, nullable=False),
    Column("signed", Boolean, nullable=False, server_default="0"),
    Column("typist", String(200), nullable=False, server_default=""),
    Column("entered_at", UtcDateTime, nullable=False),
    UniqueConstraint("table_id", "owner_id"),
)

sheet_snapshot = Table(
    "sheet_snapshot",
    metadata,
    _id(),
    _ref("table_id", "session_table", cascade=True),
    Column("version", Integer, nullable=False),
    Column("content_json", Text, nullable=False),
    Column("content_hash", String(64), nullable=False),
    Column("locked_at", UtcDateTime, nullable=False),
    UniqueConstraint("table_id", "version"),
)

sheet_correction = Table(
    "sheet_correction",
    metadata,
    _id(),
    _ref("table_id", "session_table", cascade=True),
    Column("version", Integer, nullable=False),
    Column("reason", Text, nullable=False),
    Column("head_judge", String(100), nullable=False),
    Column("opened_at", UtcDateTime, nullable=False),
    UniqueConstraint("table_id", "version"),
)

head_judge = Table(
    "head_judge",
    metadata,
    _id(),
    Column("name", String(100), nullable=False),
    Column("key", String(200), nullable=False, default=""),
    Column("set_at", UtcDateTime, nullable=True),
)

audit = Table(
    "audit",
    metadata,
    _id(),
    Column("at", UtcDateTime, nullable=False),
    Column("actor", String(100), nullable=False),
    Column("action", String(20), nullable=False),
    Column("entity", String(40), nullable=False),
    Column("entity_id", Integer, nullable=False, index=True),
    Column("before", Text, nullable=True),
    Column("after", Text, nullable=True),
    Column("reason", Text, nullable=False, default=""),
    Column("chain", String(64), nullable=False, default=""),
)
