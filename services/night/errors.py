"""The error every step of a night raises when it cannot be taken now: the service layer's, so the
table game's state machine (``services.table_game``), shared with other kinds of event, refuses alike."""
from __future__ import annotations

from services.errors import StepRefused

NightError = StepRefused
