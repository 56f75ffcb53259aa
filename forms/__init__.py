"""Flask-WTF forms. Forms check what a form can check (a choice is one of the buttons, a name is
given); whether a hand or a match makes sense is the referee's call."""
from forms.common import apply_referee_error
from forms.hand import HandFormBase, hand_form
from forms.match import ImportForm, MatchSetupForm, match_form

__all__ = ["apply_referee_error", "HandFormBase", "hand_form", "MatchSetupForm", "match_form", "ImportForm"]
