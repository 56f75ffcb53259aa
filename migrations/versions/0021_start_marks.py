"""a match carried on from a paper score sheet keeps the marks (hickeys) each side brought with it

Revision ID: 0021
Revises: 0019
Create Date: 2026-11-25 21:35:00

One nullable column, added in place (no table rebuild): match.start_marks (the match document's optional
``start_marks``, docs/referee-api.md); every match saved before keeps what it was, a match without it.
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0021'
down_revision = '0019'
branch_labels = None
depends_on = None


def upgrade():
    op.add_column('match', sa.Column('start_marks', sa.JSON(none_as_null=True), nullable=True))


def downgrade():
    with op.batch_alter_table('match', schema=None) as batch_op:
        batch_op.drop_column('start_marks')
