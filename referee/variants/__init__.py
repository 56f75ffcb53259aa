"""One module per variant: its sources and rulings (module docstring), its named scoring function,
and its data as a ``VARIANT``."""
