"""Winners advance, losers split: the movement of a progressive euchre night.

[002] Progressive Euchre, Basics: "The losing team at the head table moves to the tail table;
otherwise the winning team at each table advances to the next table, and one member of the losing
team changes seat so that partners in one game are opponents in the next." Strategy and etiquette:
"On the team which remains at the table, the person who has been longest at the table is the one who
remains seated, and the other person is the one who moves. Players advancing to a table may select
either available seat."

Tables are numbered from 1, the head table. Seats are N, E, S, W: N and S are partners, E and W.
Product rulings: when both players who stay have been at the table equally long, the one in the
North or East seat stays seated; arriving players are seated in the order given (either seat is
allowed, so this is the players' choice made for them); a tie at a table is settled before movement
by the caller (the tournament's documented tie rule), so every TableResult names a winning pair.
"""
from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from referee.tournament.seats import PAIRS, SEATS


@dataclass(frozen=True)
class Seat:
    table: int
    seat: str


Seating = dict[Hashable, Seat]


@dataclass(frozen=True)
class TableResult:
    """The result of one table's game: the pair (``"NS"`` or ``"EW"``) that won."""

    table: int
    winner: str


def first_seating(players: list[Hashable]) -> Seating:
    """Seat players four to a table in the order given: table 1 N, E, S, W, then table 2, ..."""
    return {p: Seat(i // 4 + 1, SEATS[i % 4]) for i, p in enumerate(players)}


def _by_table(seating: Seating) -> dict[int, dict[str, Hashable]]:
    """Who sits in each seat of each table: read once, so a night of a thousand tables is not searched
    whole for each table's pairs."""
    tables: dict[int, dict[str, Hashable]] = {}
    for player, seat in seating.items():
        tables.setdefault(seat.table, {})[seat.seat] = player
    return tables


def _pair(at_table: dict[str, Hashable], pair: str) -> list[Hashable]:
    """The two players of ``pair`` (``"NS"`` or ``"EW"``) at a table, from its seats (``_by_table``)."""
    return [at_table[s] for s in (PAIRS[0] if pair == "NS" else PAIRS[1])]


def _split(table: int, stayers: list[Hashable], arrivals: list[Hashable], since: dict[Hashable, int],
           seating: Seating) -> Seating:
    """The pair that stays splits: the longer-seated stayer keeps the seat, the other moves to the
    next seat round so they are opponents; the arrivals fill the two seats left."""
    first, second = stayers
    if since.get(second, 0) < since.get(first, 0):
        first, second = second, first
    keep = seating[first].seat
    move = SEATS[(SEATS.index(keep) + 1) % 4]
    out = {first: Seat(table, keep), second: Seat(table, move)}
    free = [s for s in SEATS if s not in (keep, move)]
    for player, seat in zip(arrivals, free):
        out[player] = Seat(table, seat)
    return out


def advance_winners(seating: Seating, results: list[TableResult], since: dict[Hashable, int],
                    game: int, *, new_tail: int | None = None) -> tuple[Seating, dict[Hashable, int]]:
    """The seating for the next game, and the game each player arrived at their table.

    ``since`` maps each player to the game from which they have sat at their current table;
    ``game`` is the number of the next game. ``new_tail``, when tables are added at the tail this
    game, is the new last table: the head table's losers go there ([002] Basics: "The losing team at
    the head table moves to the tail table"; the tail is the last table of the game they move to), the
    old tail keeps its losers with two empty seats, and the tables in between start empty.
    """
    tables = sorted({s.table for s in seating.values()})
    head, tail = tables[0], tables[-1]
    if new_tail is not None and new_tail > tail:
        return _advance_to_new_tail(seating, results, since, game, new_tail)
    winner_of = {r.table: r.winner for r in results}
    missing = [t for t in tables if t not in winner_of]
    if missing:
        raise ValueError(f"no result for table {missing[0]}")
    seats = _by_table(seating)
    staying, arriving = {}, {t: [] for t in tables}
    for index, t in enumerate(tables):
        won = winner_of[t]
        lost = "EW" if won == "NS" else "NS"
        winners, losers = _pair(seats[t], won), _pair(seats[t], lost)
        if t == head:
            staying[t] = winners
            arriving[tail].extend(losers)
        else:
            staying[t] = losers
            arriving[tables[index - 1]].extend(winners)
    if head == tail:  # a single table: everybody stays, and both pairs split
        arriving[head] = _pair(seats[head], "EW" if winner_of[head] == "NS" else "NS")
    next_seating: Seating = {}
    next_since = dict(since)
    for t in tables:
        next_seating.update(_split(t, staying[t], arriving[t], since, seating))
        for player in arriving[t]:
            if t != head or head != tail:
                next_since[player] = game
    return next_seating, next_since


def _advance_to_new_tail(seating: Seating, results: list[TableResult], since: dict[Hashable, int],
                         game: int, new_tail: int) -> tuple[Seating, dict[Hashable, int]]:
    """:func:`advance_winners` when tables are added: the movement as usual, except that the head
    table's losers take the new tail table. Product ruling: they arrive as a pair with nobody staying
    there, so they sit in the North and East seats and are opponents there, as [002] wants partners
    to become; the seats left are for the players the night adds."""
    head = min(s.table for s in seating.values())
    head_result = next((r for r in results if r.table == head), None)
    if head_result is None:
        raise ValueError(f"no result for table {head}")
    losers = _pair(_by_table(seating)[head], "EW" if head_result.winner == "NS" else "NS")
    # The usual movement with the head's losers taken out of it: run it, then lift them to the new tail.
    moved, next_since = advance_winners(seating, results, since, game)
    for player, seat in zip(losers, ("N", "E")):
        moved[player] = Seat(new_tail, seat)
        next_since[player] = game
    return moved, next_since
