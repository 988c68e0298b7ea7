"""A record the head judge can trust: his passphrase, corrections on record, withdrawals in
time, and the audit log as a hash chain.

- `head_judge`: who may change a signed record, with a salted hash of his passphrase
  (none is set in an existing file: the head judge sets one before his first correction).
- `sheet_correction`: every reopening of a signed sheet with its reason, time and head
  judge. Corrections made before this version are recovered from the audit log, where
  the reason was kept on the sheet's update.
- `player.withdrawn_after`: the last session that had started when a player withdrew;
  an existing withdrawal is dated to the latest started session (the best the file knows).
- `audit.chain`: computed over the existing entries, oldest first.

Revision ID: 0003
Revises: 0002
"""

import json
from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

from tournament_manager.storage.audit_chain import seal_chain

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "head_judge",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("key", sa.String(length=200), nullable=False),
        sa.Column("set_at", sa.String(length=32), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_head_judge")),
    )
    op.create_table(
        "sheet_correction",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("head_judge", sa.String(length=100), nullable=False),
        sa.Column("opened_at", sa.String(length=32), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["session_table.id"],
                                name=op.f("fk_sheet_correction_table_id_session_table"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_sheet_correction")),
        sa.UniqueConstraint("table_id", "version",
                            name=op.f("uq_sheet_correction_table_id_version")),
    )
    with op.batch_alter_table("sheet_correction") as batch:
        batch.create_index(batch.f("ix_sheet_correction_table_id"), ["table_id"], unique=False)
    with op.batch_alter_table("player") as batch:
        batch.add_column(sa.Column("withdrawn_after", sa.Integer(), nullable=True))
    with op.batch_alter_table("audit") as batch:
        batch.add_column(sa.Column("chain", sa.String(length=64), nullable=False,
                                   server_default=""))
    connection = op.get_bind()
    _date_withdrawals(connection)
    _recover_corrections(connection)
    _rounds_follow_play(connection)
    seal_chain(connection)


def _date_withdrawals(connection: sa.Connection) -> None:
    started = connection.execute(sa.text(
        "SELECT coalesce(max(number), 0) FROM session WHERE status IN ('running', 'finished')"
    )).scalar()
    connection.execute(sa.text(
        "UPDATE player SET withdrawn_after = :started WHERE status = 'withdrawn'"),
        {"started": started})


def _recover_corrections(connection: sa.Connection) -> None:
    """Each audited reopening of a locked sheet (an update with a reason that raised the
    version) becomes a correction record."""
    rows = connection.execute(sa.text(
        "SELECT entity_id, at, actor, reason, before, after FROM audit "
        "WHERE entity = 'session_table' AND action = 'update' AND reason != '' ORDER BY id"
    )).fetchall()
    for table_id, at, actor, reason, before, after in rows:
        old, new = json.loads(before or "{}"), json.loads(after or "{}")
        if new.get("sheet_version", 0) <= old.get("sheet_version", 0):
            continue
        record = {"table_id": table_id, "version": new["sheet_version"], "reason": reason,
                  "head_judge": actor, "opened_at": at}
        key = {"table_id": table_id, "version": new["sheet_version"]}
        if connection.execute(sa.text(
                "SELECT 1 FROM sheet_correction WHERE table_id = :table_id AND version = :version"
        ), key).first() is not None:
            continue
        connection.execute(sa.text(
            "INSERT INTO sheet_correction (table_id, version, reason, head_judge, opened_at) "
            "VALUES (:table_id, :version, :reason, :head_judge, :opened_at)"), record)
        record["id"] = connection.execute(sa.text(
            "SELECT id FROM sheet_correction WHERE table_id = :table_id AND version = :version"
        ), key).scalar_one()
        # Recorded like any other addition, so the record agrees with its audit log.
        connection.execute(sa.text(
            "INSERT INTO audit (at, actor, action, entity, entity_id, before, after, reason) "
            "VALUES (:at, 'migration 0003', 'add', 'sheet_correction', :id, NULL, :after, "
            ":reason)"), {"at": at, "id": record["id"], "reason": reason,
                          "after": json.dumps(record, ensure_ascii=False, sort_keys=True)})


def _rounds_follow_play(connection: sa.Connection) -> None:
    """A round's status now follows its sessions (a played final said "planned"); the
    change is audited like any other, so the record agrees with its log."""
    rounds = connection.execute(sa.text(
        "SELECT id, number, kind, sessions, advance, carry, status FROM round")).fetchall()
    for round_id, number, kind, sessions, advance, carry, status in rounds:
        played = {row[0] for row in connection.execute(sa.text(
            "SELECT status FROM session WHERE round_id = :round_id"), {"round_id": round_id})}
        if played == {"finished"}:
            follows = "finished"
        elif played & {"running", "finished"}:
            follows = "running"
        else:
            follows = "planned"
        if follows == status:
            continue
        connection.execute(sa.text("UPDATE round SET status = :status WHERE id = :id"),
                           {"status": follows, "id": round_id})
        picture = {"advance": advance, "carry": carry, "id": round_id, "kind": kind,
                   "number": number, "sessions": sessions}
        connection.execute(sa.text(
            "INSERT INTO audit (at, actor, action, entity, entity_id, before, after, reason) "
            "VALUES (:at, 'migration 0003', 'update', 'round', :id, :before, :after, "
            "'round status follows its sessions')"), {
                "at": datetime.now(UTC).isoformat(timespec="microseconds"), "id": round_id,
                "before": json.dumps({**picture, "status": status}, sort_keys=True),
                "after": json.dumps({**picture, "status": follows}, sort_keys=True)})


def downgrade() -> None:
    with op.batch_alter_table("audit") as batch:
        batch.drop_column("chain")
    with op.batch_alter_table("player") as batch:
        batch.drop_column("withdrawn_after")
    op.drop_table("sheet_correction")
    op.drop_table("head_judge")
