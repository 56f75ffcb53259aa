"""The hand-entry form, built for one variant from what it reads (``Variant.hand_fields``)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from flask_wtf import FlaskForm
from wtforms import BooleanField, HiddenField, IntegerField
from wtforms.validators import InputRequired, NumberRange, Optional, Regexp

from referee.allpass import HOLDER_FORCED, THROWN_IN, AllPass
from referee.cards import SUITS, TRUMP_LABELS

from forms.common import Buttons, Toggles, bid_label

OUTCOMES = [("played", "Played"), ("passed", "All passed"), ("void", "Thrown in")]
# Hasenpfeffer's all-pass rule (referee.allpass: holder): the joker's holder bids 3, or, with the
# joker in the widow, the hand is void. Offered under "All passed" for that rule only.
WIDOW = ("widow", "The joker was in the widow")


@dataclass(frozen=True)
class Table:
    """What the form needs to know about the match it belongs to."""

    fields: frozenset[str]
    players: tuple[str, ...]
    tricks: int
    tricks_by: str
    bids: tuple[Any, ...]
    trumps: tuple[str, ...]
    partnership: bool
    all_pass: AllPass = THROWN_IN   # the referee's rule for a hand everybody passed
    club_upcard_rules_out: frozenset[str] = frozenset()  # keys a club upcard takes away (referee.entry)

    @property
    def allpass_kind(self) -> str:
        """referee.allpass: void, dealer, holder, no-maker, never (the page shows the matching taps)."""
        return self.all_pass.kind

    @property
    def allpass_message(self) -> str:
        return self.all_pass.message

    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def teams(self) -> int:
        return 2 if self.partnership else self.n

    def tricks_slots(self) -> list[tuple[str, str]]:
        """(field name, label) for each tricks stepper."""
        if self.tricks_by == "maker":
            return [("tricks", "Makers took")]
        if self.tricks_by == "team":
            return [(f"tricks_{t}", " & ".join(self.players[t::self.teams])) for t in range(self.teams)]
        return [(f"tricks_{s}", name) for s, name in enumerate(self.players)]


class HandFormBase(FlaskForm):
    """Fields every hand form has; ``hand_form`` adds the variant's own."""

    token = HiddenField(validators=[InputRequired("This form is missing its token; reload the page."),
                                    Regexp(r"^[A-Za-z0-9_-]{8,64}$", message="This form's token is damaged; reload the page.")])
    version = IntegerField(validators=[Optional()])
    outcome = Buttons("What happened", choices=OUTCOMES, default="played",
                      validators=[InputRequired("Say whether the hand was played, all passed, or thrown in.")])

    table: Table
    # Who deals this hand, when first asked: working it out scores the match, and only a hand in which
    # everybody passed needs it (a forced dealer becomes the maker).
    dealer_source: Callable[[], int | None] | None = None
    _dealer: int | None = None
    flag_event: str | None = None  # the referee's error code, so the page can show the rule behind it
    partner_answers: str = ""  # how to answer the partner question, in words

    @property
    def dealer(self) -> int | None:
        """The seat dealing this hand (``dealer_source`` asked once, the first time it is needed)."""
        if self.dealer_source is not None:
            self._dealer, self.dealer_source = self.dealer_source(), None
        return self._dealer

    @dealer.setter
    def dealer(self, seat: int | None) -> None:
        self._dealer, self.dealer_source = seat, None

    # -- turning the form into a match-document hand ---------------------------------------
    def has(self, key: str) -> bool:
        return key in self.table.fields and key in self._fields

    def to_hand(self) -> dict[str, Any]:
        """The match-document hand this form describes (only keys the variant reads).

        "All passed" follows the variant's all-pass rule: thrown in, the dealer forced, the
        joker's holder forced, or played with no maker (Buck Euchre).
        """
        outcome = self.outcome.data or "played"
        if outcome == "widow" and "joker_in_widow" in self.table.fields:
            return {"void": True, "joker_in_widow": True}  # why it was thrown in: the referee says so
        if outcome in ("void", "widow"):
            return {"void": True}
        hand: dict[str, Any] = {}
        club_upcard = self.has("upcard") and self.upcard.data == "C"
        ruled_out = self.table.club_upcard_rules_out if club_upcard else frozenset()
        if self.has("upcard") and self.upcard.data:
            hand["upcard"] = self.upcard.data
        if self.has("maker") and self.maker.data not in (None, ""):
            hand["maker"] = int(self.maker.data)
        if self.has("bid") and self.bid.data not in (None, ""):
            hand["bid"] = self._bid_value(self.bid.data)
        if self.has("trump") and self.trump.data:
            hand["trump"] = self.trump.data
        for key in ("alone", "defender_alone", "sat_out"):
            if self.has(key) and self[key].data:
                hand[key] = True
        if self.has("dropped") and self.dropped.data:
            hand["dropped"] = sorted(int(s) for s in self.dropped.data)
        if outcome == "passed":  # the referee's all-pass rule says what the hand was
            hand = self.table.all_pass.hand(hand, self.dealer, self.table.fields)
            if "void" in hand:
                return hand
        if self.has("partner") and "maker" in hand and self.partner.data not in (None, ""):
            hand["partner"] = None if self.partner.data in ("none", "alone") else int(self.partner.data)
            if self.partner.data == "alone":
                hand["alone"] = True
        if self.has("renege") and self.renege.data not in (None, "", "none"):
            hand["renege"] = int(self.renege.data)
        if "tricks" in self.table.fields:
            tricks = self._tricks()
            if tricks is not None:
                hand["tricks"] = tricks
        return {key: value for key, value in hand.items() if key not in ruled_out}

    def validate(self, extra_validators: Any = None) -> bool:
        if not super().validate(extra_validators):
            return False
        # Call-ace and call-partner: a hand with a maker says who the partner was (a seat, the maker
        # held the card, or alone); a blank is not read as "no partner". Asked once every field is
        # valid, since it reads the whole hand.
        if self.has("partner") and self.partner.data in (None, "") and "maker" in self.to_hand():
            self.partner.errors = list(self.partner.errors) + [
                f"Who was the maker's partner? Tap {self.partner_answers}."]
            return False
        return True

    def is_blank(self) -> bool:
        """Nothing tapped yet (a fresh form): no preview to show."""
        if (self.outcome.data or "played") != "played":
            return False
        keys = ("maker", "bid", "trump", "upcard", "partner", "dropped", "renege")
        if any(self.has(k) and self[k].data not in (None, "", []) for k in keys):
            return False
        if any(self.has(k) and self[k].data for k in ("alone", "defender_alone", "sat_out")):
            return False
        return self._tricks() is None

    def _bid_value(self, raw: str) -> Any:
        for value in self.table.bids:
            if str(value) == raw:
                return value
        return raw

    def _tricks(self) -> int | list[int] | None:
        slots = self.table.tricks_slots()
        values = [self[name].data for name, _ in slots]
        if self.table.tricks_by == "maker":
            return values[0]
        if all(v is None for v in values):
            return None
        return [v or 0 for v in values]

    # -- filling the form from a stored hand ------------------------------------------------
    @classmethod
    def data_from_hand(cls, hand: dict[str, Any], table: Table) -> dict[str, Any]:
        if hand.get("void"):
            return {"outcome": WIDOW[0] if hand.get("joker_in_widow") else "void"}
        passed = table.all_pass.passed(hand)
        data: dict[str, Any] = {"outcome": "passed" if passed else "played"}
        for key in ("maker", "renege"):
            if hand.get(key) is not None:
                data[key] = str(hand[key])
        for key in ("bid", "trump", "upcard"):
            if hand.get(key) is not None:
                data[key] = str(hand[key])
        for key in ("alone", "defender_alone", "sat_out"):
            data[key] = bool(hand.get(key))
        if "partner" in hand:
            alone = hand["partner"] is None and hand.get("alone") and "alone" in table.fields
            data["partner"] = "alone" if alone else ("none" if hand["partner"] is None else str(hand["partner"]))
        if hand.get("dropped"):
            data["dropped"] = [str(s) for s in hand["dropped"]]
        tricks = hand.get("tricks")
        slots = table.tricks_slots()
        if isinstance(tricks, list):
            for (name, _), value in zip(slots, tricks):
                data[name] = value
        elif isinstance(tricks, int):
            if table.tricks_by == "maker":
                data["tricks"] = tricks
            elif table.tricks_by == "team" and hand.get("maker") is not None:
                team = hand["maker"] % table.teams
                for t, (name, _) in enumerate(slots):
                    data[name] = tricks if t == team else table.tricks - tricks
        return data


def hand_form(table: Table, formdata: Any = None, data: dict[str, Any] | None = None,
              **kwargs: Any) -> HandFormBase:
    """A hand form for ``table``: ``formdata`` from a request, or ``data`` to prefill it."""
    seats = [(str(s), name) for s, name in enumerate(table.players)]
    attrs: dict[str, Any] = {}
    fields = table.fields
    if table.allpass_kind == "holder":
        attrs["outcome"] = Buttons("What happened", choices=OUTCOMES + [WIDOW], default="played",
                                   validators=HandFormBase.outcome.kwargs["validators"])
    if "maker" in fields:
        attrs["maker"] = Buttons("Maker", choices=seats, message="Tap the seat of the player who made trump.")
    if "bid" in fields and table.bids:
        attrs["bid"] = Buttons("Bid", choices=[(str(b), bid_label(b)) for b in table.bids],
                               message="Choose one of the bids shown.")
    if "trump" in fields:
        attrs["trump"] = Buttons("Trump", choices=[(t, TRUMP_LABELS.get(t, t)) for t in table.trumps],
                                 message="Choose a trump suit shown.")
    if "upcard" in fields:
        attrs["upcard"] = Buttons("Turned card", choices=[(s, TRUMP_LABELS[s]) for s in SUITS],
                                  message="Choose the suit of the turned card.")
    if "alone" in fields:
        attrs["alone"] = BooleanField("Maker alone")
    if "defender_alone" in fields:
        attrs["defender_alone"] = BooleanField("Defender alone")
    if "sat_out" in fields:
        attrs["sat_out"] = BooleanField("Defenders sat out")
    if "partner" in fields:
        # the maker's own seat is hidden by the page once the maker is tapped (the referee refuses it)
        answers = [("none", "The maker held it")] + ([("alone", "Alone")] if "alone" in fields else [])
        ways = ["their seat"] + [f"“{label}”" for _, label in answers]
        hint = ", ".join(ways[:-1]) + " or " + ways[-1]  # their seat, “The maker held it” or “Alone”
        attrs["partner"] = Buttons("Partner", choices=seats + answers, message=f"Tap {hint}.")
        attrs["partner_answers"] = hint
    if "dropped" in fields:
        attrs["dropped"] = Toggles("Dropped out", choices=seats, message="Tap the seats that dropped out.")
    if "renege" in fields:
        attrs["renege"] = Buttons("Renege by", choices=[("none", "Nobody")] + seats,
                                  message="Tap the seat that reneged, or Nobody.")
    if "tricks" in fields:
        for name, label in table.tricks_slots():
            attrs[name] = IntegerField(label, validators=[
                Optional(), NumberRange(0, table.tricks, f"Tricks must be between 0 and {table.tricks}.")])
    cls = type("HandForm", (HandFormBase,), attrs)
    cls.table = table
    return cls(formdata=formdata, data=data, **kwargs)
