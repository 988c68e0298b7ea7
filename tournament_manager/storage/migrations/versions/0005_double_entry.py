"""Double entry at the tables: the event's choice, and the entries waiting or compared.

Existing events keep single entry (a hand counts when one table-side device sends it).

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tournament") as batch:
        batch.add_column(sa.Column("double_entry", sa.Boolean(), nullable=False,
                                   server_default="0"))
    op.create_table(
        "table_entry",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("hand_number", sa.Integer(), nullable=False),
        sa.Column("entrant_id", sa.Integer(), nullable=False),
        sa.Column("content", sa.Text(), nullable=False),
        sa.Column("entered_at", sa.String(length=32), nullable=False),
        sa.Column("status", sa.String(length=12), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["session_table.id"],
                                name=op.f("fk_table_entry_table_id_session_table"),
                                ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["entrant_id"], ["player.id"],
                                name=op.f("fk_table_entry_entrant_id_player"),
                                ondelete="RESTRICT"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_table_entry")),
    )
    with op.batch_alter_table("table_entry") as batch:
        batch.create_index(batch.f("ix_table_entry_table_id"), ["table_id"], unique=False)
        batch.create_index(batch.f("ix_table_entry_entrant_id"), ["entrant_id"], unique=False)

def downgrade() -> None:
    op.drop_table("table_entry")
    with op.batch_alter_table("tournament") as batch:
        batch.drop_column("double_entry")
