"""a night's access: 7-character table codes, and guesses counted per client (access_attempt)

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-25 17:45:00

Every existing table gets a new code of 7 characters (4 could be guessed in minutes); nothing else about
a table changes (the old printed cards stop opening it: print them again). pin_attempt counted the wrong
PINs of every client together; access_attempt counts each client's guesses at a PIN or at the codes
(web/nights/throttle.py). The old rows only held lockouts of the last 10 minutes, so none are carried.
"""
import secrets

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0005'
down_revision = '0004'
branch_labels = None
depends_on = None

# As web/nights/service.py makes them (kept here: a migration must not change when the app does).
CODE_LETTERS = "ACDEFHJKMNPQRTUVWXY34679"
CODE_LENGTH = 7


def new_codes(count: int) -> list[str]:
    codes: set[str] = set()
    while len(codes) < count:
        codes.add("".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH)))
    return list(codes)


def upgrade():
    op.create_table(
        'access_attempt',
        sa.Column('scope', sa.String(length=24), nullable=False),
        sa.Column('client', sa.String(length=64), nullable=False),
        sa.Column('attempts', sa.Integer(), nullable=False),
        sa.Column('since', sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint('scope', 'client', name=op.f('pk_access_attempt')),
    )
    with op.batch_alter_table('pin_attempt', schema=None) as batch_op:
        batch_op.drop_index('ix_pin_attempt_night_at')
    op.drop_table('pin_attempt')

    # New codes are 7 characters and old ones 4, so a new code never meets an old one still in the table.
    connection = op.get_bind()
    table_ids = connection.execute(sa.text("SELECT id FROM night_table ORDER BY id")).scalars().all()
    for table_id, code in zip(table_ids, new_codes(len(table_ids))):
        connection.execute(sa.text("UPDATE night_table SET code = :code WHERE id = :id"),
                           {"code": code, "id": table_id})


def downgrade():
    # The 7-character codes stay (they fit the column): a downgrade must not lock the tables out again.
    op.create_table(
        'pin_attempt',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('night_id', sa.Integer(), nullable=False),
        sa.Column('at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('ok', sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(['night_id'], ['night.id'], name=op.f('fk_pin_attempt_night_id_night'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_pin_attempt')),
    )
    with op.batch_alter_table('pin_attempt', schema=None) as batch_op:
        batch_op.create_index('ix_pin_attempt_night_at', ['night_id', 'at'], unique=False)
    op.drop_table('access_attempt')
