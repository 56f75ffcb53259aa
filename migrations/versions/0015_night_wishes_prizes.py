"""a night's seating wishes, chosen prizes, players' prize tags, and options (one award per player, its group)

Revision ID: 0015
Revises: 0013
Create Date: 2026-11-25 20:10:00

New tables only: nothing saved is changed.
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0015'
down_revision = '0013'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'night_wish',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('night_id', sa.Integer(), nullable=False),
        sa.Column('kind', sa.String(length=16), nullable=False),
        sa.Column('player_id', sa.Integer(), nullable=False),
        sa.Column('other_id', sa.Integer(), nullable=True),
        sa.Column('table', sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(['night_id'], ['night.id'], name=op.f('fk_night_wish_night_id_night'),
                                ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['player_id'], ['night_player.id'], name=op.f('fk_night_wish_player_id_night_player'),
                                ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['other_id'], ['night_player.id'], name=op.f('fk_night_wish_other_id_night_player'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_night_wish')),
    )
    with op.batch_alter_table('night_wish', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_night_wish_night_id'), ['night_id'], unique=False)
    op.create_table(
        'night_prize',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('night_id', sa.Integer(), nullable=False),
        sa.Column('position', sa.Integer(), nullable=False),
        sa.Column('kind', sa.String(length=12), nullable=False),
        sa.Column('title', sa.String(length=40), nullable=False),
        sa.Column('key', sa.String(length=48), nullable=False),
        sa.ForeignKeyConstraint(['night_id'], ['night.id'], name=op.f('fk_night_prize_night_id_night'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_night_prize')),
        sa.UniqueConstraint('night_id', 'key', name=op.f('uq_night_prize_night_id_key')),
    )
    with op.batch_alter_table('night_prize', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_night_prize_night_id'), ['night_id'], unique=False)
    op.create_table(
        'night_player_tag',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('night_id', sa.Integer(), nullable=False),
        sa.Column('player_id', sa.Integer(), nullable=False),
        sa.Column('tag', sa.String(length=40), nullable=False),
        sa.Column('tag_key', sa.String(length=40), nullable=False),
        sa.ForeignKeyConstraint(['night_id'], ['night.id'], name=op.f('fk_night_player_tag_night_id_night'),
                                ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['player_id'], ['night_player.id'],
                                name=op.f('fk_night_player_tag_player_id_night_player'), ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_night_player_tag')),
        sa.UniqueConstraint('player_id', 'tag_key', name=op.f('uq_night_player_tag_player_id_tag_key')),
    )
    with op.batch_alter_table('night_player_tag', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_night_player_tag_night_id'), ['night_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_night_player_tag_player_id'), ['player_id'], unique=False)
    op.create_table(
        'night_options',
        sa.Column('night_id', sa.Integer(), nullable=False),
        sa.Column('one_award_per_player', sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.Column('group_id', sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(['night_id'], ['night.id'], name=op.f('fk_night_options_night_id_night'),
                                ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['group_id'], ['play_group.id'], name=op.f('fk_night_options_group_id_play_group'),
                                ondelete='SET NULL'),
        sa.PrimaryKeyConstraint('night_id', name=op.f('pk_night_options')),
    )
    with op.batch_alter_table('night_options', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_night_options_group_id'), ['group_id'], unique=False)


def downgrade():
    op.drop_table('night_options')
    op.drop_table('night_player_tag')
    op.drop_table('night_prize')
    op.drop_table('night_wish')
