"""The service layer: every change of state, each in one place (docs/architecture.md). It asks the
referee, stores through the models, and never imports ``web`` or ``forms``."""
