"""a void hand says when the joker was in the widow (Hasenpfeffer), the match document's optional joker_in_widow

Revision ID: 0013
Revises: 0010
Create Date: 2026-11-25 20:20:00

One nullable column on hand, added in place (no table rebuild): every hand saved before keeps what it
was, a hand without the key.
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


def downgrade():
    with op.batch_alter_table('hand', schema=None) as batch_op:
        batch_op.drop_column('joker_in_widow')
