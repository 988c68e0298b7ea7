"""Player cards: at an event that keeps the WSOM record (`record_style` `player_cards`),
each player's Score Record Card as typed at the results desk, compared with the table's
sheet hand by hand.

Revision ID: 0009
Revises: 0008
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "player_card",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("owner_id", sa.Integer(), nullable=False),
        sa.Column("content", sa.Text(), nullable=False),
        sa.Column("signed", sa.Boolean(), nullable=False, server_default="0"),
        sa.Column("typist", sa.String(length=200), nullable=False, server_default=""),
        sa.Column("entered_at", sa.String(length=32), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["session_table.id"],
                                name=op.f("fk_player_card_table_id_session_table"),
                                ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["owner_id"], ["player.id"],
                                name=op.f("fk_player_card_owner_id_player"),
                                ondelete="RESTRICT"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_player_card")),
        sa.UniqueConstraint("table_id", "owner_id", name=op.f("uq_player_card_table_id_owner_id")),
    )
    with op.batch_alter_table("player_card") as batch:
        batch.create_index(batch.f("ix_player_card_table_id"), ["table_id"], unique=False)
        batch.create_index(batch.f("ix_player_card_owner_id"), ["owner_id"], unique=False)


def downgrade() -> None:
    op.drop_table("player_card")
