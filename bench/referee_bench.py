"""Referee speed: score 1,000-hand match documents in-process, and start ``python -m referee variants``.

Run from the repository root: ``python bench/referee_bench.py`` (not part of pytest).

Every variant gets a 1,000-hand document of varied, valid hands (made, set, marches, loners, peppers, forced
dealers, void hands, out-of-turn dealers, auctions, per-seat tricks), built from the variant data with a fixed
seed. The game must not end early: variants with a ``hands`` option play ``{"hands": 1000}`` (a realistic
progressive or call-partner game); the others start from a score sheet carried far from the goal
(``start_totals``), so every hand is scored in full. A variant whose scores cannot stand far from the goal
(the referee's ``open_range``: Bacon and call-ace never go below 0, Eau Claire never above 20) plays its
1,000 hands as one game after another, each scored as its own document, and their times are added up.
The slowest variant is the one gated.

Budgets: scoring one 1,000-hand document <= 50 ms (best of the runs, for the slowest variant); starting
``python -m referee variants`` as a subprocess <= 200 ms (best of 5). The script exits 1 when over budget.
Best-of timings are gated because a shared machine's load only ever adds time; medians are printed too.

The start-up is timed as Python normally runs, with its bytecode cache (kept in a temporary directory through
PYTHONPYCACHEPREFIX, so nothing is written into the tree). Where the environment sets PYTHONDONTWRITEBYTECODE,
every start compiles the whole package from source; that figure is printed for information, not gated.
"""
from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from referee import VARIANTS, RefereeError, score_match  # noqa: E402

HANDS = 1000
RUNS = 15
DOC_BUDGET_MS = 50.0
STARTUP_BUDGET_MS = 200.0
STARTUP_RUNS = 5
FAR = 10**6  # points between the carried-over score sheet and the goal


def split(rng: random.Random, total: int, parts: int) -> list[int]:
    """Tricks per seat or team; never all to one seat (in Buck Euchre that would win the game at once)."""
    counts = [0] * parts
    for _ in range(total):
        counts[rng.randrange(parts)] += 1
    if parts > 2 and max(counts) == total:
        counts[counts.index(total)] -= 1
        counts[0 if counts[0] == 0 else 1] += 1
    return counts


def build_hand(rng: random.Random, variant, n: int, rules: dict, dealer: int) -> dict:
    """One valid hand, drawn from the variant data."""
    fields = variant.hand_fields
    total = variant.tricks_for(n)
    entry = variant.tricks_entry(n)
    roll = rng.random()
    if roll < 0.05:
        return {"void": True}
    rule = variant.all_pass_rule(rules)
    if roll < 0.10 and rule.kind in ("dealer", "holder"):
        maker = dealer if rule.kind == "dealer" else rng.randrange(n)
        hand = {"maker": maker, "forced": True, "bid": rule.bid}
    elif roll < 0.10 and rule.kind == "no-maker":
        return {"tricks": split(rng, total, n)}
    else:
        maker = rng.randrange(n)
        hand = {"maker": maker, "trump": rng.choice("SHDC")}
        ladder = variant.bids_for(n, rules)
        if "bid" in fields and ladder:
            bid = rng.choice(ladder)
            hand["bid"] = bid
            if isinstance(bid, str) and bid.endswith("NT"):
                hand["trump"] = "NT"
            before = (maker - dealer - 1) % n  # calls from the dealer's left up to the maker's
            opener_must_bid = variant.all_pass_rule(rules).kind == "never"
            if "auction" in fields and rng.random() < 0.5 and not (opener_must_bid and before):
                hand["auction"] = ["pass"] * before + [bid] + ["pass"] * (n - 1 - before)
        if "partner" in fields:
            hand["partner"] = rng.choice([None] + [s for s in range(n) if s != maker])
        if "alone" in fields and hand.get("partner") is None and (n == 4 or variant.key != "double-hasenpfeffer"):
            hand["alone"] = rng.random() < 0.15
        if "renege" in fields and rng.random() < 0.05:
            sat_out = {s for s in range(n) if s != maker and s % 2 == maker % 2} if hand.get("alone") else set()
            hand["renege"] = rng.choice([s for s in range(n) if s not in sat_out])  # a lone maker's partner sat out
    if entry == "seat":
        hand["tricks"] = split(rng, total, n)
    elif entry == "team":
        hand["tricks"] = split(rng, total, 2)
    else:
        hand["tricks"] = rng.randint(0, total)
    if "dropped" in fields and variant.key == "buck-euchre":
        hand["dropped"] = [s for s, t in enumerate(hand["tricks"]) if t == 0 and s != hand.get("maker")][:1]
    return hand


def build_document(key: str, seed: int = 1) -> dict:
    variant = VARIANTS[key]
    rng = random.Random(seed)
    n = variant.default_players
    rules = {"hands": HANDS} if any(o.key == "hands" for o in variant.options) else {}
    resolved = variant.resolve_rules(rules)
    sides = 2 if variant.is_partnership(n) else n
    doc = {"format": "euchre-match/1", "variant": key, "players": [f"P{i}" for i in range(n)], "rules": rules,
           "first_dealer": 0, "hands": []}
    low, high = variant.open_range(resolved)
    far = FAR if variant.countdown else -FAR
    if "hands" not in rules and (low is None or far >= low) and (high is None or far <= high):
        doc["start_totals"] = [far] * sides
    dealer = 0
    for i in range(HANDS):
        out_of_turn = i % 97 == 96  # now and then somebody deals out of turn (match-format.md, "dealer")
        if out_of_turn:
            dealer = (dealer + 2) % n
        hand = build_hand(rng, variant, n, resolved, dealer)
        if out_of_turn:
            hand = {"dealer": dealer, **hand}
        stays = hand.get("void") and resolved.get("acquitted_redeal") == "same"  # Bacon's acquitted hand
        dealer = dealer if stays else (dealer + 1) % n
        doc["hands"].append(hand)
    return doc


def as_games(doc: dict) -> list[dict]:
    """The document cut into consecutive games wherever one ends (each next game from the default start totals,
    dealt on from where the last one stopped); a single document when the game never ends."""
    games = []
    while True:
        try:
            score_match(doc)
        except RefereeError as err:
            if err.code != "after-game-end":
                raise
            played = dict(doc, hands=doc["hands"][:err.hand])
            last_dealer = score_match(played).hands[-1].dealer
            games.append(played)
            doc = dict(doc, hands=doc["hands"][err.hand:], first_dealer=(last_dealer + 1) % len(doc["players"]))
            continue
        return games + [doc]


def time_document(doc: dict) -> list[float]:
    """Milliseconds per scoring of the whole document (game after game, where it is cut into games), RUNS times."""
    games = as_games(doc)
    results = [score_match(game) for game in games]
    assert sum(len(r.hands) for r in results) == HANDS and not results[-1].finished, doc["variant"]
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        for game in games:
            score_match(game)
        times.append((time.perf_counter() - start) * 1000)
    return times


def time_startup(env: dict[str, str]) -> list[float]:
    """Wall-clock milliseconds for ``python -m referee variants`` as a subprocess, STARTUP_RUNS times."""
    times = []
    for _ in range(STARTUP_RUNS):
        start = time.perf_counter()
        proc = subprocess.run([sys.executable, "-m", "referee", "variants"], cwd=ROOT, capture_output=True, env=env)
        times.append((time.perf_counter() - start) * 1000)
        if proc.returncode != 0:
            raise SystemExit(f"python -m referee variants failed: {proc.stderr.decode(errors='replace')}")
    return times


def startup_environments(cache_dir: str) -> tuple[dict[str, str], dict[str, str]]:
    """The normal configuration (bytecode cached, here under a temporary PYTHONPYCACHEPREFIX so nothing is written
    into the tree) and the uncached one (PYTHONDONTWRITEBYTECODE=1: every module compiled from source each start)."""
    cached = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    cached["PYTHONPYCACHEPREFIX"] = cache_dir
    uncached = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    uncached.pop("PYTHONPYCACHEPREFIX", None)
    return cached, uncached


def main() -> int:
    print(f"Scoring {HANDS}-hand documents, best and median of {RUNS} runs")
    print(f"{'variant':<24} {'players':>7} {'best ms':>8} {'median ms':>10} {'hands/s':>10}")
    rows = []
    for key in VARIANTS:
        doc = build_document(key)
        times = time_document(doc)
        best, median = min(times), statistics.median(times)
        rows.append((best, median, key, len(doc["players"])))
        print(f"{key:<24} {len(doc['players']):>7} {best:>8.2f} {median:>10.2f} {HANDS / best * 1000:>10,.0f}")
    best, median, slowest, _ = max(rows)
    doc_ok = best <= DOC_BUDGET_MS
    print(f"slowest: {slowest}: {best:.2f} ms per {HANDS}-hand document (median {median:.2f} ms), "
          f"{HANDS / best * 1000:,.0f} hands per second; budget {DOC_BUDGET_MS:.0f} ms: {'ok' if doc_ok else 'OVER'}")

    with tempfile.TemporaryDirectory(prefix="referee-pyc-") as cache_dir:
        cached, uncached = startup_environments(cache_dir)
        time_startup(cached)  # warm the bytecode cache
        startup = time_startup(cached)
        cold = time_startup(uncached)
    start_ok = min(startup) <= STARTUP_BUDGET_MS
    print(f"python -m referee variants: best {min(startup):.1f} ms of {STARTUP_RUNS} "
          f"(median {statistics.median(startup):.1f} ms); budget {STARTUP_BUDGET_MS:.0f} ms: "
          f"{'ok' if start_ok else 'OVER'}")
    print(f"  without a bytecode cache (PYTHONDONTWRITEBYTECODE=1, compiled from source each start): best "
          f"{min(cold):.1f} ms (median {statistics.median(cold):.1f} ms), for information"
          + (" - this environment sets PYTHONDONTWRITEBYTECODE" if os.environ.get("PYTHONDONTWRITEBYTECODE") else ""))
    return 0 if doc_ok and start_ok else 1


if __name__ == "__main__":
    sys.exit(main())
