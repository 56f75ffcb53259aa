"""a projector screen's stored drawing is kept compressed too, so a poll sends it without reading 1.4 MB

Revision ID: 0023
Revises: 0022
Create Date: 2026-11-27 04:00:00

One nullable column, added in place (no table rebuild): night_screen.gzipped. A drawing stored before
has none: it is sent compressed as before, and stored compressed from its next drawing on.
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0023'
down_revision = '0022'
branch_labels = None
depends_on = None


def upgrade():
    op.add_column('night_screen', sa.Column('gzipped', sa.LargeBinary(), nullable=True))


def downgrade():
    with op.batch_alter_table('night_screen', schema=None) as batch_op:
        batch_op.drop_column('gzipped')
