"""the standings drawn once per change: night.standings_version and night_screen

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-22 07:00:00

The standings were tagged with night.version, which also moves when a result is merely sent or
withdrawn, or the bell rings; now they have their own version. night_screen keeps their last drawing,
shared by every server process (web/nights/drawings.py). Existing nights start at version 1 with an
empty drawing: their standings are drawn on the first poll after the upgrade.
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0004'
down_revision = '0003'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('night', schema=None) as batch_op:
        batch_op.add_column(sa.Column('standings_version', sa.Integer(), server_default='1', nullable=False))
    op.create_table(
        'night_screen',
        sa.Column('night_id', sa.Integer(), nullable=False),
        sa.Column('screen', sa.String(length=20), nullable=False),
        sa.Column('version', sa.Integer(), nullable=False),
        sa.Column('html', sa.Text(), nullable=False),
        sa.Column('drawn_at', sa.DateTime(timezone=True), nullable=True),
        sa.Column('drawing_since', sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(['night_id'], ['night.id'], name=op.f('fk_night_screen_night_id_night'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('night_id', 'screen', name=op.f('pk_night_screen')),
    )
    # Every night has its standings row (new nights get theirs when created): drawings only UPDATE it.
    op.execute("INSERT INTO night_screen (night_id, screen, version, html) SELECT id, 'standings', 0, '' FROM night")


def downgrade():
    op.drop_table('night_screen')
    with op.batch_alter_table('night', schema=None) as batch_op:
        batch_op.drop_column('standings_version')
