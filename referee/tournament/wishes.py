"""Seating wishes at a progressive night: who must never partner, who must not share a table, who must
stay at one table, and couples kept apart or together.

The documents are silent on all of this: [002] Progressive Euchre describes the movement only, and
nothing in it lets a host steer who sits where. So every rule here is a product ruling, written down
where it is made:

- A wish is a hard constraint on one game's seating; the movement proposes, :func:`honour_wishes`
  repairs the proposal with as few changes as it can, and says in plain words what it changed.
- The repair only exchanges two seated players (or, in the chart movement, renumbers whole tables,
  which changes nobody's partners or opponents). Who sits out is never changed: sit-out fairness
  comes first, and a player sitting out meets nobody.
- Among exchanges that meet more wishes, the one that disturbs least is taken: a change of seat at
  the same table (a new partner, same table) before a move to another table; never a partnership
  repeated from the game before when another exchange does as well.
- A wish that no exchange can meet (table 5 asked for when four tables play, say) is left unmet for
  that game and named in the notes; the seating still goes ahead.
- Couples are a director's choice: "apart" means never partners and never at one table, "together"
  means at one table every game (as partners or opponents, as the movement has it).
"""
from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from referee.tournament.movement import Seat
from referee.tournament.seats import PARTNER_SEAT, SEAT_NAMES, SEATS

P = Hashable
COUPLE_CHOICES = ("apart", "together")
# Exchanges are weighed by what they disturb: a repeat partnership from last game costs more than a
# move to another table, which costs more than a change of seat at the same table.
REPEAT_PARTNER_COST = 5
MOVE_TABLE_COST = 2
CHANGE_SEAT_COST = 1


@dataclass(frozen=True)
class Wishes:
    """The night's seating wishes. Pairs are unordered; ``stay`` maps a player to their table."""

    never_partners: frozenset[frozenset] = frozenset()
    apart: frozenset[frozenset] = frozenset()
    together: frozenset[frozenset] = frozenset()
    stay: tuple[tuple[P, int], ...] = ()

    @classmethod
    def build(cls, *, never_partners: Iterable[Sequence[P]] = (), apart: Iterable[Sequence[P]] = (),
              stay: Mapping[P, int] | Iterable[tuple[P, int]] = (),
              couples: Iterable[tuple[P, P, str]] = ()) -> Wishes:
        """Wishes from plain lists; ``couples`` are ``(a, b, "apart" | "together")``, the director's
        choice for each couple (see the module's rulings). Contradictions raise ValueError
        (:func:`contradictions`)."""
        never = {frozenset(p) for p in never_partners}
        away = {frozenset(p) for p in apart}
        close: set[frozenset] = set()
        for a, b, keep in couples:
            if keep not in COUPLE_CHOICES:
                raise ValueError(f"a couple is kept 'apart' or 'together', not {keep!r}")
            (away if keep == "apart" else close).add(frozenset((a, b)))
        pins = dict(stay.items() if isinstance(stay, Mapping) else stay)
        wishes = cls(frozenset(never), frozenset(away), frozenset(close), tuple(sorted(pins.items(), key=str)))
        problems = contradictions(wishes)
        if problems:
            raise ValueError(problems[0])
        return wishes

    def __bool__(self) -> bool:
        return bool(self.never_partners or self.apart or self.together or self.stay)

    @property
    def tables(self) -> dict[P, int]:
        return dict(self.stay)

    def without(self, players: Iterable[P]) -> Wishes:
        """The wishes that do not name any of ``players`` (those who left, say)."""
        gone = set(players)
        return Wishes(frozenset(p for p in self.never_partners if not p & gone),
                      frozenset(p for p in self.apart if not p & gone),
                      frozenset(p for p in self.together if not p & gone),
                      tuple((p, t) for p, t in self.stay if p not in gone))


def contradictions(wishes: Wishes, name: Callable[[P], str] = str) -> list[str]:
    """Wishes that cannot all hold at once, in plain words (empty when they can).

    Product rulings: a pair cannot be kept together and apart; a pair cannot be at one table when they
    stay at two different ones; nobody is paired with themselves; at most four players can be kept at
    one table (directly or through couples kept together)."""
    out = []
    for pair in wishes.never_partners | wishes.apart | wishes.together:
        if len(pair) != 2:
            out.append(f"{name(next(iter(pair)))} is paired with themselves.")
    for pair in wishes.together & wishes.apart:
        a, b = sorted(pair, key=str)
        out.append(f"{name(a)} and {name(b)} cannot be kept both together and apart.")
    pins = wishes.tables
    for pair in wishes.together | wishes.apart:
        if len(pair) != 2:
            continue
        a, b = sorted(pair, key=str)
        if pair in wishes.together and a in pins and b in pins and pins[a] != pins[b]:
            out.append(f"{name(a)} and {name(b)} are kept together, but stay at tables {pins[a]} and {pins[b]}.")
        if pair in wishes.apart and a in pins and b in pins and pins[a] == pins[b]:
            out.append(f"{name(a)} and {name(b)} are kept apart, but both stay at table {pins[a]}.")
    for group in _together_groups(wishes):
        tables = {pins[p] for p in group if p in pins}
        at_table = {p for p, t in pins.items() if t in tables} | group
        if len(group) > 4 or len(at_table) > 4:
            names = ", ".join(name(p) for p in sorted(at_table, key=str))
            out.append(f"One table seats four, but {names} are all kept at one table.")
    per_table: dict[int, list[P]] = {}
    for p, t in wishes.stay:
        if isinstance(t, bool) or not isinstance(t, int) or t < 1:
            out.append(f"{name(p)} stays at table {t}, which is no table.")
        per_table.setdefault(t, []).append(p)
    for t, players in sorted(per_table.items(), key=lambda item: str(item[0])):
        if len(players) > 4:
            out.append(f"Table {t} seats four, but {len(players)} players are asked to stay there.")
    return list(dict.fromkeys(out))


def _together_groups(wishes: Wishes) -> list[set]:
    """Players linked by "kept together" wishes (a and b together, b and c together: one group)."""
    groups: list[set] = []
    for pair in wishes.together:
        joined = [g for g in groups if g & pair]
        merged = set(pair).union(*joined)
        groups = [g for g in groups if not g & pair] + [merged]
    return groups


# --------------------------------------------------------------------------------------------------
# Repairing one game's seating
# --------------------------------------------------------------------------------------------------

@dataclass
class Repair:
    """The outcome of :func:`honour_wishes`: the seating, what changed (plain words), and the wishes
    left unmet this game (plain words)."""

    seating: dict[P, Seat]
    notes: list[str] = field(default_factory=list)
    unmet: list[str] = field(default_factory=list)
    exchanges: int = 0


def _describe(kind: str, pair: Sequence[P], name) -> str:
    if kind == "stay":
        player, table = pair
        return f"{name(player)} stays at table {table}"
    a, b = sorted(pair, key=lambda p: name(p))
    return {"never": f"{name(a)} and {name(b)} never partner",
            "apart": f"{name(a)} and {name(b)} are not at one table",
            "together": f"{name(a)} and {name(b)} are at one table"}[kind]


class _Board:
    """A seating being repaired, with the wishes indexed by player so an exchange is weighed locally."""

    def __init__(self, seating: Mapping[P, Seat], wishes: Wishes, last_partner: Mapping[P, P]):
        self.seating = dict(seating)
        self.start = dict(seating)
        self.last_partner = last_partner
        self.at = {(s.table, s.seat): p for p, s in self.seating.items()}
        self.tables = max((s.table for s in self.seating.values()), default=0)
        self.rules: list[tuple[str, tuple]] = []
        for kind, pairs in (("never", wishes.never_partners), ("apart", wishes.apart),
                            ("together", wishes.together)):
            for pair in sorted(pairs, key=lambda p: sorted(map(str, p))):
                if len(pair) == 2 and pair <= self.seating.keys():
                    self.rules.append((kind, tuple(sorted(pair, key=str))))
        for player, table in wishes.stay:
            if player in self.seating:
                self.rules.append(("stay", (player, table)))
        self.touching: dict[P, list[int]] = {}
        for i, (kind, args) in enumerate(self.rules):
            for p in (args[:1] if kind == "stay" else args):
                self.touching.setdefault(p, []).append(i)

    def partner(self, p: P) -> P | None:
        s = self.seating[p]
        return self.at.get((s.table, PARTNER_SEAT[s.seat]))

    def broken(self, i: int) -> bool:
        kind, args = self.rules[i]
        if kind == "stay":
            player, table = args
            return table <= self.tables and self.seating[player].table != table
        a, b = args
        if kind == "never":
            return self.partner(a) == b
        same = self.seating[a].table == self.seating[b].table
        return same if kind == "apart" else not same

    def out_of_reach(self, i: int) -> bool:
        kind, args = self.rules[i]
        return kind == "stay" and args[1] > self.tables

    def disturbance(self, players: Iterable[P]) -> int:
        cost = 0
        for p in players:
            s, was = self.seating[p], self.start[p]
            if s.table != was.table:
                cost += MOVE_TABLE_COST
            elif s.seat != was.seat:
                cost += CHANGE_SEAT_COST
            if self.last_partner.get(p) is not None and self.last_partner.get(p) == self.partner(p):
                cost += REPEAT_PARTNER_COST
        return cost

    def local(self, players: set) -> tuple[int, int]:
        rules = {i for p in players for i in self.touching.get(p, ())}
        return sum(self.broken(i) for i in rules), self.disturbance(players)

    def exchange(self, x: P, y: P) -> None:
        sx, sy = self.seating[x], self.seating[y]
        self.seating[x], self.seating[y] = sy, sx
        self.at[(sy.table, sy.seat)], self.at[(sx.table, sx.seat)] = x, y

    def affected(self, x: P, y: P) -> set:
        return {p for p in (x, y, self.partner(x), self.partner(y)) if p is not None}

    def gain(self, x: P, y: P) -> tuple[int, int]:
        """What exchanging ``x`` and ``y`` changes: (wishes broken, disturbance), lower is better."""
        touched = self.affected(x, y)
        self.exchange(x, y)
        touched |= self.affected(x, y)
        after = self.local(touched)
        self.exchange(x, y)
        before = self.local(touched)
        return after[0] - before[0], after[1] - before[1]

    def at_table(self, table: int) -> list[P]:
        return [self.at[(table, s)] for s in SEATS if (table, s) in self.at]

    def candidates(self, i: int):
        """Exchanges that may mend rule ``i``: first the few that can (the players at the table a
        player must reach, or the opponents at the table of two partners who must not be), then
        everybody seated, in seat order (deterministic)."""
        kind, args = self.rules[i]
        movers = args[:1] if kind == "stay" else args
        if kind == "stay":
            yield [(args[0], y) for y in self.at_table(args[1])]
        elif kind == "never":
            yield [(x, y) for x in movers for y in self.at_table(self.seating[x].table) if y not in args]
        elif kind == "together":
            a, b = args
            yield [(a, y) for y in self.at_table(self.seating[b].table) if y != b] + \
                  [(b, y) for y in self.at_table(self.seating[a].table) if y != a]
        order = sorted(self.seating, key=lambda p: (self.seating[p].table, SEATS.index(self.seating[p].seat)))
        yield [(x, y) for x in movers for y in order if y != x]


def honour_wishes(seating: Mapping[P, Seat], wishes: Wishes | None, *, last_partners: Mapping[P, P] | None = None,
                  renumber_tables: bool = False, name: Callable[[P], str] = str, max_exchanges: int = 200) -> Repair:
    """The seating of one game repaired to meet ``wishes`` (product rulings: see the module).

    ``last_partners`` (each player's partner last game) steers exchanges away from repeating a
    partnership. ``renumber_tables`` (the chart movement, whose table numbers carry no meaning) lets a
    whole table take the number a player must stay at before anybody is exchanged; the winners
    movement's table numbers are its ladder, so there a player who must stay is exchanged instead.
    """
    seating = dict(seating)
    if not wishes:
        return Repair(seating)
    notes: list[str] = []
    if renumber_tables:
        seating, renumbered = _renumber_for_stays(seating, wishes)
        if renumbered:
            notes.append("Tables are numbered so that the players who stay at one table find it.")
    board = _Board(seating, wishes, last_partners or {})
    exchanges = 0
    given_up: set[int] = set()
    while exchanges < max_exchanges:
        i = next((i for i in range(len(board.rules)) if i not in given_up and board.broken(i)), None)
        if i is None:
            break
        best = None
        for candidates in board.candidates(i):  # the likely exchanges first; everybody only if none helps
            for x, y in candidates:
                gain = board.gain(x, y)
                if gain[0] < 0 and (best is None or gain < best[0]):
                    best = (gain, x, y)
            if best is not None:
                break
        moves = [(best[1], best[2])] if best is not None else _two_step(board, i)
        if not moves:
            given_up.add(i)
            continue
        for x, y in moves:
            was_x, was_y = board.seating[x], board.seating[y]
            board.exchange(x, y)
            exchanges += 1
            notes.append(f"Seating wish ({_describe(*board.rules[i], name)}): {name(x)} takes "
                         f"{_seat_words(was_y)} and {name(y)} takes {_seat_words(was_x)}.")
    unmet = []
    for i in range(len(board.rules)):
        if board.broken(i) or board.out_of_reach(i):
            kind, args = board.rules[i]
            why = (f" (only {board.tables} tables play)" if board.out_of_reach(i) else "")
            unmet.append(f"{_describe(kind, args, name)}{why}")
    if unmet:
        notes.append("Seating wishes that cannot be met this game: " + "; ".join(unmet) + ".")
    return Repair(board.seating, notes, unmet, exchanges)


def _two_step(board: _Board, i: int) -> list[tuple[P, P]]:
    """Two exchanges that together meet more wishes, when no single one does: one that mends rule ``i``
    but breaks another wish (the player it displaces had a wish of their own), then one that mends
    that, without moving the player just placed. The first such pair in seat order; none: []."""
    before = sum(board.broken(j) for j in range(len(board.rules)))
    kind, args = board.rules[i]
    for x, y in next(iter(board.candidates(i))):
        board.exchange(x, y)
        try:
            if board.broken(i):
                continue
            for j in [j for j in range(len(board.rules)) if board.broken(j)]:
                for candidates in board.candidates(j):
                    for u, v in candidates:
                        if x in (u, v) or (args[-1] in (u, v) and kind != "stay"):
                            continue
                        board.exchange(u, v)
                        after = sum(board.broken(k) for k in range(len(board.rules)))
                        board.exchange(u, v)
                        if after < before:
                            return [(x, y), (u, v)]
        finally:
            board.exchange(x, y)
    return []


def _seat_words(seat: Seat) -> str:
    return f"{SEAT_NAMES[seat.seat]} at table {seat.table}"


def _renumber_for_stays(seating: dict[P, Seat], wishes: Wishes) -> tuple[dict[P, Seat], bool]:
    """Give whole tables new numbers so that players who stay at a table are at it, as far as one
    renumbering can (two players at one table who stay at different tables: the first keeps it)."""
    tables = sorted({s.table for s in seating.values()})
    wanted: dict[int, int] = {}
    used: set[int] = set()
    for player, table in wishes.stay:
        seat = seating.get(player)
        if seat is None or table not in tables or seat.table in wanted or table in used:
            continue
        wanted[seat.table] = table
        used.add(table)
    if not wanted or all(a == b for a, b in wanted.items()):
        return seating, False
    free = [t for t in tables if t not in used]
    number = {}
    for t in tables:
        if t in wanted:
            number[t] = wanted[t]
        elif t in free and t not in number.values():
            number[t] = t
    leftover = iter(t for t in tables if t not in number.values())
    for t in tables:
        if t not in number:
            number[t] = next(leftover)
    return {p: Seat(number[s.table], s.seat) for p, s in seating.items()}, True


def partners_of(seating: Mapping[P, Seat]) -> dict[P, P]:
    """Each seated player's partner in ``seating``."""
    at = {(s.table, s.seat): p for p, s in seating.items()}
    return {p: at[(s.table, PARTNER_SEAT[s.seat])] for p, s in seating.items()
            if (s.table, PARTNER_SEAT[s.seat]) in at}


# --------------------------------------------------------------------------------------------------
# What the wishes cost a rotation chart
# --------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class WishesCost:
    """A chart graded as drawn and as played with the wishes honoured game by game (the same repair
    the night runs), and the wishes that some game could not meet."""

    plain: object       # ChartQuality
    with_wishes: object  # ChartQuality
    exchanges: int
    unmet: tuple[str, ...]

    @property
    def extra_repeat_partners(self) -> int:
        return self.with_wishes.repeat_partners - self.plain.repeat_partners

    @property
    def extra_repeat_opponents(self) -> int:
        return self.with_wishes.repeat_opponents - self.plain.repeat_opponents


def chart_games(chart, roster: Sequence[P]) -> list[tuple[dict[P, Seat], tuple[P, ...]]]:
    """A chart's games as seatings of ``roster`` (place ``i`` is ``roster[i]``): chart table ``i``
    ``((n, s), (e, w))`` is table ``i + 1``, seats N, S, E, W."""
    out = []
    for r, tables in enumerate(chart.games):
        seating = {}
        for i, ((n, s), (e, w)) in enumerate(tables):
            for place, seat in ((n, "N"), (s, "S"), (e, "E"), (w, "W")):
                seating[roster[place]] = Seat(i + 1, seat)
        out.append((seating, tuple(roster[i] for i in chart.sit_outs[r])))
    return out


def _as_tables(seating: Mapping[P, Seat]) -> list[tuple[tuple[P, P], tuple[P, P]]]:
    at = {(s.table, s.seat): p for p, s in seating.items()}
    tables = sorted({s.table for s in seating.values()})
    return [((at[(t, "N")], at[(t, "S")]), (at[(t, "E")], at[(t, "W")])) for t in tables]


def repaired_games(chart, roster: Sequence[P], wishes: Wishes | None,
                   name: Callable[[P], str] = str) -> list[tuple[dict[P, Seat], tuple[P, ...], Repair]]:
    """A chart's games as the chart movement plays them with ``wishes``: each game's seating repaired
    (tables renumbered, then exchanges, last game's partners avoided), its sit-outs, and the repair."""
    out = []
    last: dict[P, P] = {}
    for seating, sit_outs in chart_games(chart, roster):
        fixed = honour_wishes(seating, wishes, last_partners=last, renumber_tables=True, name=name)
        out.append((fixed.seating, sit_outs, fixed))
        last = partners_of(fixed.seating)
    return out


def chart_cost(chart, roster: Sequence[P], wishes: Wishes | None, name: Callable[[P], str] = str) -> WishesCost:
    """What honouring ``wishes`` costs ``chart`` played by ``roster``: every game repaired as the chart
    movement repairs it (:func:`repaired_games`), graded with
    :func:`referee.tournament.rotation.grade_schedule` against the chart as drawn."""
    from referee.tournament.rotation import grade_schedule

    plain = chart_games(chart, roster)
    repaired = repaired_games(chart, roster, wishes, name)
    outs = [out for _, out in plain]
    unmet = [u for _, _, fixed in repaired for u in fixed.unmet]
    return WishesCost(grade_schedule(roster, [_as_tables(s) for s, _ in plain], outs),
                      grade_schedule(roster, [_as_tables(s) for s, _, _ in repaired], outs),
                      sum(fixed.exchanges for _, _, fixed in repaired), tuple(dict.fromkeys(unmet)))
