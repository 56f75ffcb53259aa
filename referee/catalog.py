"""Every variant the product supports, in display order (shared/spec/variants.md lists the keys)."""
from __future__ import annotations

from referee.errors import RefereeError
from referee.variant import Variant
from referee.variants import (bacon, bid_euchre, buck_euchre, call_ace, call_partner, dirty_clubs,
                              double_deck_bid_euchre, double_hasenpfeffer, eau_claire_clubs, euchre, euchre_3hand,
                              euchre_6hand, grinnell_pepper, hasenpfeffer, midwest_pepper, pepper,
                              progressive_bid_euchre, progressive_euchre)

VARIANTS: dict[str, Variant] = {module.VARIANT.key: module.VARIANT for module in (
    euchre, euchre_3hand, euchre_6hand, call_ace, bacon,
    hasenpfeffer, pepper, midwest_pepper, grinnell_pepper, bid_euchre,
    progressive_euchre, progressive_bid_euchre,
    double_deck_bid_euchre, double_hasenpfeffer, call_partner,
    buck_euchre, dirty_clubs, eau_claire_clubs,
)}


def get_variant(key: object) -> Variant:
    """The variant for ``key``, or an error that lists the keys."""
    if isinstance(key, str) and key in VARIANTS:
        return VARIANTS[key]
    raise RefereeError(f"Unknown variant {key!r}; the variants are {', '.join(VARIANTS)}.", field="variant")
