"""Sheets signed on paper: the results desk transcribes a signed Score Record Sheet and ticks
"signed on paper by all four", which locks the sheet like drawn signatures.

Existing signatures were all drawn on a pad.

Revision ID: 0006
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("signature") as batch:
        batch.add_column(sa.Column("on_paper", sa.Boolean(), nullable=False,
                                   server_default="0"))
        batch.add_column(sa.Column("recorded_by", sa.String(length=200), nullable=False,
                                   server_default=""))
        batch.add_column(sa.Column("recorded_at", sa.String(length=32), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("signature") as batch:
        batch.drop_column("recorded_at")
        batch.drop_column("recorded_by")
        batch.drop_column("on_paper")
