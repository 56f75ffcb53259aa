"""private matches: every match gets a random address (match.slug) and a read-only link (match.watch_slug)

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-25 17:30:00

Match addresses were the row's id, a counter anyone could count through. Each existing match is given
its two random slugs here (nothing else about it changes: its id, hands and seats stay as they are, so
every group, night and stat that refers to it by id is untouched); new matches get theirs when created.
The old numeric links are answered by the app (web/access.py).
"""
from alembic import op
import sqlalchemy as sa

from models.match import SLUG_LENGTH, new_slug


# revision identifiers, used by Alembic.
revision = '0007'
down_revision = '0006'
branch_labels = None
depends_on = None


def upgrade():
    # No batch (copy-and-move) of the match table on SQLite: dropping the old table there would cascade
    # into every hand and seat (foreign keys are on). ADD COLUMN and CREATE INDEX alter it in place; a
    # NOT NULL column can only be added in place with a default, the empty one, filled at once below.
    for column in ('slug', 'watch_slug'):
        op.add_column('match', sa.Column(column, sa.String(length=SLUG_LENGTH), nullable=False, server_default=''))

    match = sa.table('match', sa.column('id', sa.Integer), sa.column('slug', sa.String),
                     sa.column('watch_slug', sa.String))
    connection = op.get_bind()
    ids = connection.execute(sa.select(match.c.id)).scalars().all()
    if ids:
        connection.execute(
            sa.update(match).where(match.c.id == sa.bindparam('match_id'))
            .values(slug=sa.bindparam('new_slug'), watch_slug=sa.bindparam('new_watch_slug')),
            [{'match_id': i, 'new_slug': new_slug(), 'new_watch_slug': new_slug()} for i in ids])

    if connection.dialect.name != 'sqlite':  # SQLite cannot drop a default in place (see above)
        for column in ('slug', 'watch_slug'):
            op.alter_column('match', column, server_default=None)
    op.create_index('ix_match_slug', 'match', ['slug'], unique=True)
    op.create_index('ix_match_watch_slug', 'match', ['watch_slug'], unique=True)


def downgrade():
    op.drop_index('ix_match_watch_slug', table_name='match')
    op.drop_index('ix_match_slug', table_name='match')
    # In place again (SQLite 3.35+ drops a column itself), not a batch: see upgrade.
    op.drop_column('match', 'watch_slug')
    op.drop_column('match', 'slug')
