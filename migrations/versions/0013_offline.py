"""a void hand says when the joker was in the widow (Hasenpfeffer); a table's result remembers the token it was sent with

Revision ID: 0013
Revises: 0010
Create Date: 2026-11-25 20:20:00

Two nullable columns, added in place (no table rebuild): hand.joker_in_widow (the match document's optional
key; every hand saved before keeps what it was, a hand without it) and table_game.submit_token (a result sent
again from a phone's outbox is stored once).
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0013'
down_revision = '0010'
branch_labels = None
depends_on = None


def upgrade():
    op.add_column('hand', sa.Column('joker_in_widow', sa.Boolean(), nullable=True))
    op.add_column('table_game', sa.Column('submit_token', sa.String(length=64), nullable=True))


def downgrade():
    with op.batch_alter_table('table_game', schema=None) as batch_op:
        batch_op.drop_column('submit_token')
    with op.batch_alter_table('hand', schema=None) as batch_op:
        batch_op.drop_column('joker_in_widow')
