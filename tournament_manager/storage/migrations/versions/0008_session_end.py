"""When a session ends: after its hands, or (classical scoring, where a dealer who wins keeps
the deal) after every player has dealt the agreed number of times.

Existing tournaments end their sessions after their hands, as before.

Revision ID: 0008
Revises: 0007
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tournament") as batch:
        batch.add_column(sa.Column("session_end", sa.String(length=10), nullable=False,
                                   server_default="hands"))


def downgrade() -> None:
    with op.batch_alter_table("tournament") as batch:
        batch.drop_column("session_end")
