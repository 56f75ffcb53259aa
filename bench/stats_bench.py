"""Group stats speed: build a group of 2,000 finished matches (about 50,000 hands) and time its pages.

Run from the repository root: ``.venv/bin/python bench/stats_bench.py`` (not part of pytest).

The group has 10 players who sit four (or six) at a time in euchre, bid euchre (with peppers), six-hand
euchre and buck euchre (each for self). Every match is a real match document, scored by the referee and
stored the way an import stores it (``services.new_matches.build_match``), so the stats columns hold the referee's
verdicts exactly as in use. The hands come from ``bench/referee_bench.py``'s generator with a fixed seed;
each match is played until the referee says it is over.

Then each page is requested through the Flask test client with the group's access in the session, and
its server time (routing, SQL, openskill, template) is measured: best and median of the runs. Budget: the
stats page under 200 ms (median). The leaderboard (with the openskill ratings), the history and a
match's page are timed too. The script exits 1 when the stats page is over budget.

The database is a new SQLite file in a temporary directory. ``--database-url URL`` uses another
database instead (PostgreSQL: ``postgresql+psycopg://...``); its tables are DROPPED and rebuilt by the
migrations, so point it only at a scratch database.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from referee import RefereeError, VARIANTS, score_match  # noqa: E402
from referee_bench import build_hand  # noqa: E402

MATCHES = 2000
PLAYERS = ["Ann", "Bob", "Cy", "Di", "Eve", "Flo", "Gus", "Hal", "Ivy", "Jo"]
# (variant, players, share of the matches, house rules)
MIX = [("euchre", 4, 0.62, {"target": 22}), ("bid-euchre", 4, 0.18, {"target": 62}), ("euchre-6hand", 6, 0.08, {"target": 36}),
       ("buck-euchre", 4, 0.12, {})]
RUNS = 15
BUDGET_MS = 200.0


def made_often(rng: random.Random, hand: dict, variant, n: int) -> dict:
    """The generator's tricks are uniform, so bids would mostly fail and a bidding game (or a
    count-down) hardly end: let the makers make it three times in four, as at a real table."""
    total = variant.tricks_for(n)
    bid = hand.get("bid")
    if variant.tricks_entry(n) == "maker" and bid is not None and not hand.get("forced"):
        need = bid if isinstance(bid, int) else (int(bid[:-2]) if bid.endswith("NT") else total)
        need = min(need, total)
        hand["tricks"] = rng.randint(need, total) if rng.random() < 0.75 else rng.randint(0, need - 1)
    elif variant.tricks_entry(n) == "seat" and hand.get("maker") is not None and rng.random() < 0.75:
        maker = hand["maker"]
        tricks = [0] * n
        tricks[maker] = rng.choice((3, 3, 4))
        for _ in range(total - tricks[maker]):
            tricks[rng.choice([s for s in range(n) if s != maker])] += 1
        hand["tricks"] = tricks
        if "dropped" in hand:
            hand["dropped"] = [s for s, t in enumerate(tricks) if t == 0 and s != maker][:1]
    return hand


def play(rng: random.Random, key: str, names: list[str], rules: dict) -> tuple[dict, dict]:
    """A whole match of random valid hands, to the end the referee declares."""
    variant = VARIANTS[key]
    n = len(names)
    resolved = variant.resolve_rules(rules)
    doc = {"format": "euchre-match/1", "variant": key, "rules": rules, "players": names,
           "first_dealer": rng.randrange(n), "hands": []}

    def more(count: int) -> list[dict]:
        return [made_often(rng, build_hand(rng, variant, n, resolved, dealer=rng.randrange(n)), variant, n)
                for _ in range(count)]

    hands = more(60)
    for _attempt in range(5000):
        try:
            score_match(dict(doc, hands=hands))
        except RefereeError as error:
            if error.code == "after-game-end":
                hands = hands[:error.hand]
                break
            if error.hand is None:
                raise
            hands[error.hand:error.hand + 1] = more(1)  # a hand that could not have happened: draw another
            continue
        hands += more(60)  # not over yet
    doc["hands"] = hands
    result = score_match(doc)
    assert result.finished, (key, result.result)
    return doc, result


def build_group(app, seed: int = 5) -> int:
    from sqlalchemy import text

    from extensions import db
    from models import Group
    from services.new_matches import build_match

    rng = random.Random(seed)
    start = datetime(2020, 1, 2, 19, 30, tzinfo=timezone.utc)
    keys = [(k, n, r) for k, n, share, r in MIX for _ in range(round(share * 100))]
    hands = 0
    with app.app_context():
        group = Group.create("Bench night")
        db.session.commit()
        gid = group.id
        t0 = time.perf_counter()
        for i in range(MATCHES):
            key, n, rules = rng.choice(keys)
            doc, result = play(rng, key, rng.sample(PLAYERS, n), dict(rules))
            match = build_match(doc, result, gid)
            match.created_at = match.updated_at = start + timedelta(days=i // 3 * 7, minutes=i % 3 * 50)
            db.session.add(match)
            hands += len(doc["hands"])
            if i % 100 == 99:
                db.session.commit()
                print(f"  {i + 1} matches, {hands} hands ({time.perf_counter() - t0:.0f} s)", end="\r", flush=True)
        db.session.commit()
        db.session.remove()
        with db.engine.begin() as conn:
            conn.execute(text("ANALYZE"))  # the planner's statistics, as PostgreSQL's autovacuum would gather
    print(f"built {MATCHES} matches, {hands:,} hands in {time.perf_counter() - t0:.0f} s" + " " * 20)
    return gid


def time_url(client, url: str) -> list[float]:
    times = []
    for run in range(RUNS + 2):
        start = time.perf_counter()
        response = client.get(url)
        elapsed = (time.perf_counter() - start) * 1000
        assert response.status_code == 200, (url, response.status_code)
        if run >= 2:  # two warm-up requests
            times.append(elapsed)
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--database-url", help="a scratch database (its tables are dropped); default a temp SQLite file")
    args = parser.parse_args()

    from flask_migrate import upgrade
    from sqlalchemy import text

    from app import create_app
    from extensions import db

    with tempfile.TemporaryDirectory(prefix="stats-bench-") as tmp:
        url = args.database_url or f"sqlite:///{tmp}/bench.sqlite"
        app = create_app({"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "bench", "TESTING": True})
        with app.app_context():
            db.drop_all()
            with db.engine.begin() as conn:
                conn.execute(text("DROP TABLE IF EXISTS alembic_version"))
            upgrade()
        print("database:", "temporary SQLite file" if not args.database_url else url.rsplit("@", 1)[-1])
        gid = build_group(app)

        client = app.test_client()
        with client.session_transaction() as session:
            session["groups"] = [gid]
        with app.app_context():
            from web import stats
            first = db.session.execute(text("SELECT slug FROM match WHERE group_id = :g ORDER BY id LIMIT 1"),
                                       {"g": gid}).scalar()
            lines = stats.players(gid)
            ratings = stats.ratings(gid)
            db.session.remove()
        pages = [("stats", f"/groups/{gid}/stats"),
                 ("stats, euchre only", f"/groups/{gid}/stats?variant=euchre"),
                 ("leaderboard + ratings", f"/groups/{gid}/leaderboard"),
                 ("history, page 1", f"/groups/{gid}/matches"),
                 ("history, by player", f"/groups/{gid}/matches?player={lines[0].key[0]}"),
                 ("group home", f"/groups/{gid}"),
                 ("one match + chart", f"/groups/{gid}/matches/{first}")]
        print(f"{len(lines)} players, {ratings.matches + ratings.skipped} finished matches "
              f"({ratings.matches} in partnerships, rated; {ratings.skipped} each for self)")
        print(f"Server time per request, best and median of {RUNS} (after 2 warm-ups):")
        print(f"{'page':<24} {'best ms':>8} {'median ms':>10}")
        results = {}
        for name, page_url in pages:
            times = time_url(client, page_url)
            results[name] = statistics.median(times)
            print(f"{name:<24} {min(times):>8.1f} {statistics.median(times):>10.1f}")
        with app.app_context():
            db.session.remove()
            if args.database_url:
                db.drop_all()
                with db.engine.begin() as conn:
                    conn.execute(text("DROP TABLE IF EXISTS alembic_version"))
            db.engine.dispose()
    ok = results["stats"] <= BUDGET_MS
    print(f"stats page: median {results['stats']:.1f} ms; budget {BUDGET_MS:.0f} ms: {'ok' if ok else 'OVER'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
