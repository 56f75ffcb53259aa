"""team events: an optional bell timer for each round

Revision ID: 0019
Revises: 0016
Create Date: 2026-11-25 21:40:00

One nullable column: nothing saved before is touched (an event without it has no timer).

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0019'
down_revision = '0016'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('team_event') as batch_op:
        batch_op.add_column(sa.Column('bell_minutes', sa.Integer(), nullable=True))


def downgrade():
    with op.batch_alter_table('team_event') as batch_op:
        batch_op.drop_column('bell_minutes')
