"""Rule-set customs: MCR seat rotation, the false-win penalty, every player's hand points.

Classical scoring settles every player's hand, so each hand keeps each player's points
beside his delta; existing hands (Zung Jung) have none. Existing tournaments keep their
seats between rounds and record false wins as incidents, as before.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tournament") as batch:
        batch.add_column(sa.Column("seat_rotation", sa.String(length=30), nullable=False,
                                   server_default="none"))
        batch.add_column(sa.Column("false_win_points", sa.Integer(), nullable=False,
                                   server_default="0"))
        batch.add_column(sa.Column("false_win_distributed", sa.Boolean(), nullable=False,
                                   server_default="0"))
    with op.batch_alter_table("hand_delta") as batch:
        batch.add_column(sa.Column("points", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("hand_delta") as batch:
        batch.drop_column("points")
    with op.batch_alter_table("tournament") as batch:
        batch.drop_column("false_win_distributed")
        batch.drop_column("false_win_points")
        batch.drop_column("seat_rotation")
