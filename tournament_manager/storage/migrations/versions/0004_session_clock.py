"""The session clock on record: pauses and extra time, for the room and per table.

Existing sessions ran without pauses or extra time.

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("session") as batch:
        batch.add_column(sa.Column("clock_paused_seconds", sa.Integer(), nullable=False,
                                   server_default="0"))
        batch.add_column(sa.Column("clock_paused_at", sa.String(length=32), nullable=True))
        batch.add_column(sa.Column("clock_extra_seconds", sa.Integer(), nullable=False,
                                   server_default="0"))
    with op.batch_alter_table("session_table") as batch:
        batch.add_column(sa.Column("clock_extra_seconds", sa.Integer(), nullable=False,
                                   server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("session_table") as batch:
        batch.drop_column("clock_extra_seconds")
    with op.batch_alter_table("session") as batch:
        batch.drop_column("clock_extra_seconds")
        batch.drop_column("clock_paused_at")
        batch.drop_column("clock_paused_seconds")
