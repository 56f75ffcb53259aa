"""the director's controls: a disputed result and a corrected one are remembered

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-25 17:45:00

table_game.dispute keeps the result a pair said was "Not right" (who said it and the score they
disputed), so the pair that sent it sees why it came back; it is cleared when the table sends again.
table_game.corrected marks a result the director corrected, where the result is shown. Existing rows:
no dispute, not corrected (the audit trail still holds any earlier correction).
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0006'
down_revision = '0005'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('table_game', schema=None) as batch_op:
        batch_op.add_column(sa.Column('dispute', sa.JSON(none_as_null=True), nullable=True))
        batch_op.add_column(sa.Column('corrected', sa.Boolean(), server_default=sa.false(), nullable=False))


def downgrade():
    with op.batch_alter_table('table_game', schema=None) as batch_op:
        batch_op.drop_column('corrected')
        batch_op.drop_column('dispute')
