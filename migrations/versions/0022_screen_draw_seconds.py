"""a projector screen's stored drawing says how long it took to draw, for every server process to rest alike

Revision ID: 0022
Revises: 0021
Create Date: 2026-11-26 15:40:00

One nullable column, added in place (no table rebuild): night_screen.draw_seconds. A drawing stored before
has none: it is drawn again at the next change, as it always was, and says its time from then on.
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0022'
down_revision = '0021'
branch_labels = None
depends_on = None


def upgrade():
    op.add_column('night_screen', sa.Column('draw_seconds', sa.Float(), nullable=True))


def downgrade():
    with op.batch_alter_table('night_screen', schema=None) as batch_op:
        batch_op.drop_column('draw_seconds')
