"""Late entries: `player.entered_after`, the last session whose draw was out when a player
registered (NULL: from the start), so he is not given a bye in a session he never entered.

Existing players count from the start, as before: the file does not say when they came.

Revision ID: 0010
Revises: 0009
"""

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("player") as batch:
        batch.add_column(sa.Column("entered_after", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("player") as batch:
        batch.drop_column("entered_after")
