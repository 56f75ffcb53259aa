"""a group's year: a read-only code, replaceable codes, a time zone, deleted matches kept for an undo, seasons

Revision ID: 0010
Revises: 0007
Create Date: 2026-11-25 17:40:00

Every existing group gets a read-only code of its own, code version 1 (the grants browsers already
hold stay good until the codes are first replaced) and the time zone UTC, which dates its evenings as before.
"""
import secrets

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0010'
down_revision = '0007'
branch_labels = None
depends_on = None

CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ"  # models/group.py, frozen here as it was


def upgrade():
    with op.batch_alter_table('play_group', schema=None) as batch_op:
        batch_op.add_column(sa.Column('view_code', sa.String(length=32), nullable=True))
        batch_op.add_column(sa.Column('code_version', sa.Integer(), server_default='1', nullable=False))
        batch_op.add_column(sa.Column('time_zone', sa.String(length=60), server_default='UTC', nullable=False))
    groups = sa.table('play_group', sa.column('id', sa.Integer), sa.column('view_code', sa.String))
    connection = op.get_bind()
    for (group_id,) in connection.execute(sa.select(groups.c.id)).all():
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(20))
        connection.execute(groups.update().where(groups.c.id == group_id).values(view_code=code))
    with op.batch_alter_table('play_group', schema=None) as batch_op:
        batch_op.alter_column('view_code', existing_type=sa.String(length=32), nullable=False)
        batch_op.create_unique_constraint(batch_op.f('uq_play_group_view_code'), ['view_code'])
    op.create_table(
        'removed_match',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('group_id', sa.Integer(), nullable=False),
        sa.Column('document', sa.JSON(none_as_null=True), nullable=False),
        sa.Column('player_ids', sa.JSON(none_as_null=True), nullable=False),
        sa.Column('removed_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['group_id'], ['play_group.id'], name=op.f('fk_removed_match_group_id_play_group'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_removed_match')),
    )
    with op.batch_alter_table('removed_match', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_removed_match_group_id'), ['group_id'], unique=False)
    op.create_table(
        'season',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('group_id', sa.Integer(), nullable=False),
        sa.Column('name', sa.String(length=60), nullable=False),
        sa.Column('starts', sa.Date(), nullable=False),
        sa.Column('ends', sa.Date(), nullable=False),
        sa.Column('best_of', sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(['group_id'], ['play_group.id'], name=op.f('fk_season_group_id_play_group'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_season')),
    )
    with op.batch_alter_table('season', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_season_group_id'), ['group_id'], unique=False)


def downgrade():
    op.drop_table('season')
    op.drop_table('removed_match')
    with op.batch_alter_table('play_group', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('uq_play_group_view_code'), type_='unique')
        batch_op.drop_column('time_zone')
        batch_op.drop_column('code_version')
        batch_op.drop_column('view_code')
