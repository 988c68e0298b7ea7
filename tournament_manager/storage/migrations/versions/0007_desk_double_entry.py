"""Double entry at the results desk: two typists type each paper sheet blind, and a hand
reaches the sheet when both typed the same. Their entries join the tables' own, with the
typist's name instead of a player.

Revision ID: 0007
Revises: 0006
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("table_entry") as batch:
        batch.alter_column("entrant_id", existing_type=sa.Integer(), nullable=True)
        batch.add_column(sa.Column("typist", sa.String(length=200), nullable=False,
                                   server_default=""))


def downgrade() -> None:
    op.execute("DELETE FROM table_entry WHERE entrant_id IS NULL")
    with op.batch_alter_table("table_entry") as batch:
        batch.drop_column("typist")
        batch.alter_column("entrant_id", existing_type=sa.Integer(), nullable=False)
