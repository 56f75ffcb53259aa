"""Plays random Euchre deals in DeepMind OpenSpiel (``pyspiel``, open_spiel 2.0.2) and
records what OpenSpiel decided, in the referee's vocabulary.

This module does not import the referee: it only decodes OpenSpiel. The cross-check
(tests/test_openspiel_crosscheck.py) then asks the referee the same questions.

OpenSpiel facts relied on (open_spiel/games/euchre/euchre.{h,cc}, 2.0.2):
- game parameters ``allow_lone_defender`` (default False) and ``stick_the_dealer``
  (default True);
- card action ``c`` in 0..23 is rank ``c // 4`` of ``9 T J Q K A`` and suit ``c % 4`` of
  ``C D H S`` (OpenSpiel prints suit first, e.g. ``"DJ"``; we print rank first, ``"JD"``);
- bidding actions: 24 pass, 25/26/27/28 name clubs/diamonds/hearts/spades (in the first
  round the only suit offered is the upcard's: that is ordering it up); 29 go alone,
  30 play with partner;
- history: [dealer (chance, 0..3)] + 20 dealt cards (the i-th goes to (dealer + i) % 4)
  + [upcard] + bidding, [dealer's discard], go-alone decisions, card plays;
- players 0..3 are N, E, S, W; bidding and play go player + 1, starting left of the
  dealer; partners are p and p + 2. So OpenSpiel player p is our seat p (clockwise)
  and OpenSpiel's dealer is our ``first_dealer``;
- returns: makers +1 (3-4 tricks), +2 (march), +4 (lone march); euchred makers -2, or
  -4 when a defender went alone; the defenders get the negation (zero-sum).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

import pyspiel

RANKS = "9TJQKA"
SUITS = "CDHS"
NUM_CARDS = 24
PASS = 24
TRUMP_ACTIONS = {25: "C", 26: "D", 27: "H", 28: "S"}
GO_ALONE = 29
WITH_PARTNER = 30

# The constants above are what the pyspiel module says too.
_E = pyspiel.euchre
assert (_E.PASS_ACTION, _E.CLUBS_TRUMP_ACTION, _E.DIAMONDS_TRUMP_ACTION,
        _E.HEARTS_TRUMP_ACTION, _E.SPADES_TRUMP_ACTION, _E.GO_ALONE_ACTION,
        _E.PLAY_WITH_PARTNER_ACTION) == (24, 25, 26, 27, 28, 29, 30)
assert _E.NUM_CARDS == NUM_CARDS


def card_code(card: int) -> str:
    """OpenSpiel card action -> our two-character code, rank then suit."""
    return RANKS[card // 4] + SUITS[card % 4]


for _c in range(NUM_CARDS):  # OpenSpiel's own spelling is suit then rank
    assert _E.card_string(_c) == card_code(_c)[::-1], (_c, _E.card_string(_c))


@dataclass
class Turn:
    seat: int
    led: str | None          # first card of the current trick, None when leading
    hand: list[str]          # the player's cards at this turn
    legal: list[str]         # OpenSpiel's legal card actions, as codes


@dataclass
class TrickRecord:
    plays: list[tuple[int, str]]   # (seat, card) in play order, first one led
    winner: int                    # OpenSpiel's Trick.winner()
    card: str                      # OpenSpiel's Trick.winning_card()


@dataclass
class Deal:
    sd: bool
    ld: bool
    dealer: int
    upcard: str
    void: bool = False             # all eight passed (only possible when sd is False)
    maker: int | None = None
    trump: str | None = None
    ordered_up: bool = False       # trump made in the first round
    forced: bool = False           # stuck dealer: the dealer had no pass left
    alone: bool = False
    lone_defender: int | None = None
    turns: list[Turn] = field(default_factory=list)
    tricks: list[TrickRecord] = field(default_factory=list)
    returns: list[float] = field(default_factory=list)
    bid_checks: int = 0            # bidding turns whose legal actions were checked

    @property
    def maker_tricks(self) -> int:
        side = {self.maker, (self.maker + 2) % 4}
        return sum(1 for t in self.tricks if t.winner in side)


def _strength(card: int, trump: int) -> int:
    """A rough ordering used only to bias the makers' play (never to judge)."""
    rank, suit = card // 4, card % 4
    if rank == 2 and suit == trump:
        return 100                      # right bower
    if rank == 2 and SUITS[suit] == _SAME_COLOUR[SUITS[trump]]:
        return 99                       # left bower
    return rank + (50 if suit == trump else 0)


_SAME_COLOUR = {"C": "S", "S": "C", "D": "H", "H": "D"}


def load(sd: bool, ld: bool):
    game = pyspiel.load_game(
        "euchre", {"stick_the_dealer": sd, "allow_lone_defender": ld})
    params = game.get_parameters()
    assert params == {"stick_the_dealer": sd, "allow_lone_defender": ld}, params
    assert game.num_players() == 4
    return game


def _holder_hand(state, seat: int) -> set[int]:
    return {c for c, h in enumerate(state.card_holder()) if h == seat}


def play_deal(game, sd: bool, ld: bool, rng: random.Random, *,
              p_pass: float = 0.75, p_alone: float = 0.3,
              p_defend_alone: float = 0.2, p_strong: float = 0.9) -> Deal:
    """One random deal. Actions are random legal ones; bidding is biased toward passing
    and going alone so that thrown-in hands, stuck dealers and loners occur, and with
    probability ``p_strong`` the makers play their strongest legal card, so that
    marches (lone marches too) occur. The bias only steers the sample; every check
    compares OpenSpiel's own decisions with the referee's."""
    state = game.new_initial_state()

    # Chance: dealer, then 20 cards, then the upcard.
    assert state.is_chance_node()
    assert sorted(a for a, _ in state.chance_outcomes()) == [0, 1, 2, 3]
    dealer = rng.randrange(4)
    state.apply_action(dealer)
    deck = list(range(NUM_CARDS))
    rng.shuffle(deck)
    hands: list[set[int]] = [set() for _ in range(4)]
    for i in range(20):
        assert state.is_chance_node()
        state.apply_action(deck[i])
        hands[(dealer + i) % 4].add(deck[i])
    upcard = deck[20]
    state.apply_action(upcard)
    assert state.dealer() == dealer and state.upcard() == upcard
    for seat in range(4):
        assert _holder_hand(state, seat) == hands[seat], "deal decoding"

    deal = Deal(sd=sd, ld=ld, dealer=dealer, upcard=card_code(upcard))
    up_suit = SUITS[upcard % 4]

    # Bidding: two rounds, starting left of the dealer.
    passes = 0
    while True:
        assert state.current_phase() == _E.BIDDING
        seat = state.current_player()
        assert seat == (dealer + 1 + passes) % 4, "bidding order"
        legal = sorted(state.legal_actions())
        suits = [TRUMP_ACTIONS[a] for a in legal if a in TRUMP_ACTIONS]
        if passes < 4:
            assert suits == [up_suit]
        else:
            assert sorted(suits) == sorted(s for s in SUITS if s != up_suit)
        stuck = sd and passes == 7
        assert (PASS in legal) == (not stuck), "stick the dealer"
        deal.bid_checks += 1
        if PASS in legal and rng.random() < p_pass:
            state.apply_action(PASS)
            passes += 1
            if passes == 8:
                assert not sd
                assert state.is_terminal()
                deal.void = True
                deal.returns = list(state.returns())
                return deal
            continue
        action = rng.choice([a for a in legal if a != PASS])
        state.apply_action(action)
        deal.maker = seat
        deal.trump = TRUMP_ACTIONS[action]
        deal.ordered_up = passes < 4
        deal.forced = stuck
        break

    maker = deal.maker
    assert state.declarer() == maker
    assert SUITS[int(state.trump_suit())] == deal.trump

    if deal.ordered_up:
        # The dealer picks up the upcard and discards (never the upcard itself).
        hands[dealer].add(upcard)
        assert state.current_phase() == _E.DISCARD
        assert state.current_player() == dealer
        legal = sorted(state.legal_actions())
        assert legal == sorted(hands[dealer] - {upcard})
        discard = rng.choice(legal)
        state.apply_action(discard)
        hands[dealer].discard(discard)
        assert state.discard() == discard

    # The maker decides whether to go alone; then, if allowed, each defender in turn.
    assert state.current_phase() == _E.GO_ALONE
    assert state.current_player() == maker
    deal.alone = rng.random() < p_alone
    state.apply_action(GO_ALONE if deal.alone else WITH_PARTNER)
    assert state.declarer_go_alone() == deal.alone
    if ld:
        while state.current_phase() == _E.GO_ALONE:
            seat = state.current_player()
            assert seat % 2 != maker % 2, "only defenders decide after the maker"
            assert sorted(state.legal_actions()) == [GO_ALONE, WITH_PARTNER]
            if rng.random() < p_defend_alone:
                state.apply_action(GO_ALONE)
                deal.lone_defender = seat
            else:
                state.apply_action(WITH_PARTNER)
    lone_def = state.lone_defender()
    assert lone_def == (deal.lone_defender if deal.lone_defender is not None else -3)

    active = [True] * 4
    if deal.alone:
        active[(maker + 2) % 4] = False
    if deal.lone_defender is not None:
        active[(deal.lone_defender + 2) % 4] = False
    assert list(state.active_players()) == active
    n_active = sum(active)

    # Play: five tricks.
    trump_index = SUITS.index(deal.trump)
    plays: list[tuple[int, int]] = []
    while not state.is_terminal():
        assert state.current_phase() == _E.PLAY
        seat = state.current_player()
        assert active[seat]
        assert _holder_hand(state, seat) == hands[seat], "hand tracking"
        legal = sorted(state.legal_actions())
        assert legal and set(legal) <= hands[seat]
        deal.turns.append(Turn(
            seat=seat,
            led=card_code(plays[0][1]) if plays else None,
            hand=[card_code(c) for c in sorted(hands[seat])],
            legal=[card_code(c) for c in legal]))
        if seat % 2 == maker % 2 and rng.random() < p_strong:
            card = max(legal, key=lambda c: _strength(c, trump_index))
        else:
            card = rng.choice(legal)
        state.apply_action(card)
        hands[seat].discard(card)
        plays.append((seat, card))
        if len(plays) == n_active:
            index = len(deal.tricks)
            trick = state.tricks()[index]
            assert trick.leader() == plays[0][0]
            assert list(trick.cards()) == [c for _, c in plays]
            assert int(trick.trump_suit()) == trump_index
            winner, win_card = trick.winner(), trick.winning_card()
            assert (winner, win_card) in plays
            deal.tricks.append(TrickRecord(
                plays=[(s, card_code(c)) for s, c in plays],
                winner=winner, card=card_code(win_card)))
            plays = []
            if not state.is_terminal():
                assert state.current_player() == winner, "winner leads next"
    assert len(deal.tricks) == 5 and not plays
    assert not any(hands[s] for s in range(4) if active[s])
    deal.returns = list(state.returns())
    return deal
