"""groups: play_group, players unique per group, matches in a group, the referee's verdicts kept for stats

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-22 05:00:00

Players: the global UNIQUE (name) becomes two partial unique indexes, one for the one-off players
(group_id IS NULL, exactly as before) and one per group (group_id, name).

The new stats columns (match.winner, match.hands_played, match_seat.side, match_seat.points and
hand.maker_side/made/march/loner/pepper) start empty: they are filled from the referee's result
whenever a match is saved, and existing matches are all one-offs, which the group stats never read.
ix_hand_stats covers the hand columns the stats read (see bench/stats_bench.py).
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0003'
down_revision = '0002'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'play_group',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('name', sa.String(length=60), nullable=False),
        sa.Column('code', sa.String(length=32), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_play_group')),
        sa.UniqueConstraint('code', name=op.f('uq_play_group_code')),
    )

    with op.batch_alter_table('player', schema=None) as batch_op:
        batch_op.add_column(sa.Column('group_id', sa.Integer(), nullable=True))
        batch_op.create_foreign_key(batch_op.f('fk_player_group_id_play_group'), 'play_group', ['group_id'], ['id'])
        batch_op.drop_constraint(batch_op.f('uq_player_name'), type_='unique')
    op.create_index('uq_player_one_off_name', 'player', ['name'], unique=True,
                    sqlite_where=sa.text('group_id IS NULL'), postgresql_where=sa.text('group_id IS NULL'))
    op.create_index('uq_player_group_id_name', 'player', ['group_id', 'name'], unique=True,
                    sqlite_where=sa.text('group_id IS NOT NULL'), postgresql_where=sa.text('group_id IS NOT NULL'))

    with op.batch_alter_table('match', schema=None) as batch_op:
        batch_op.add_column(sa.Column('group_id', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('winner', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('hands_played', sa.Integer(), nullable=True))
        batch_op.create_foreign_key(batch_op.f('fk_match_group_id_play_group'), 'play_group', ['group_id'], ['id'])
        batch_op.create_index(batch_op.f('ix_match_group_id'), ['group_id'], unique=False)

    with op.batch_alter_table('match_seat', schema=None) as batch_op:
        batch_op.add_column(sa.Column('side', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('points', sa.Integer(), nullable=True))

    with op.batch_alter_table('hand', schema=None) as batch_op:
        batch_op.add_column(sa.Column('maker_side', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('made', sa.Boolean(), nullable=True))
        batch_op.add_column(sa.Column('march', sa.Boolean(), nullable=True))
        batch_op.add_column(sa.Column('loner', sa.Boolean(), nullable=True))
        batch_op.add_column(sa.Column('pepper', sa.Boolean(), nullable=True))
        batch_op.create_index('ix_hand_stats', ['match_id', 'maker', 'made', 'march', 'loner', 'pepper', 'maker_side'],
                              unique=False)


def downgrade():
    # Going back drops the groups with their matches and players (0002 has nowhere to keep them).
    for statement in (
            'DELETE FROM hand WHERE match_id IN (SELECT id FROM match WHERE group_id IS NOT NULL)',
            'DELETE FROM match_seat WHERE match_id IN (SELECT id FROM match WHERE group_id IS NOT NULL)',
            'DELETE FROM match WHERE group_id IS NOT NULL',
            'DELETE FROM player WHERE group_id IS NOT NULL'):
        op.execute(sa.text(statement))

    with op.batch_alter_table('hand', schema=None) as batch_op:
        batch_op.drop_index('ix_hand_stats')
        batch_op.drop_column('pepper')
        batch_op.drop_column('loner')
        batch_op.drop_column('march')
        batch_op.drop_column('made')
        batch_op.drop_column('maker_side')

    with op.batch_alter_table('match_seat', schema=None) as batch_op:
        batch_op.drop_column('points')
        batch_op.drop_column('side')

    with op.batch_alter_table('match', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_match_group_id'))
        batch_op.drop_constraint(batch_op.f('fk_match_group_id_play_group'), type_='foreignkey')
        batch_op.drop_column('hands_played')
        batch_op.drop_column('winner')
        batch_op.drop_column('group_id')

    op.drop_index('uq_player_group_id_name', table_name='player')
    op.drop_index('uq_player_one_off_name', table_name='player')
    with op.batch_alter_table('player', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('fk_player_group_id_play_group'), type_='foreignkey')
        batch_op.create_unique_constraint(batch_op.f('uq_player_name'), ['name'])
        batch_op.drop_column('group_id')

    op.drop_table('play_group')
