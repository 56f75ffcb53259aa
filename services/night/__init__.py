"""A progressive night's steps, one job a module; the referee (``referee.tournament``) decides seating,
ties, sit-out points and prizes, and these store its decisions and write the audit trail.

- ``setup``: setting a night up, check-in, leaving, coming back, renaming, the number of games.
- ``games``: starting a game, moving on when every table is done, ending the night.
- ``bell``: ringing the bell, taking it back, the bell timer.
- ``table_game``: a table's result: sent, confirmed or rejected, closed or corrected by the director.
- ``tables``: the night's tables and their codes.
- ``queries``: reading the night (no changes); ``wording``: its words for places at the tables.
- ``audit``: the audit trail's entries; ``errors``: the error a step raises when it cannot be taken.

Each step leaves committing to the caller, except ``games.advance_if_done`` (its own transaction, after
a table's result is in) and ``bell.ring_if_timer_due``. Nothing here imports ``web``.
"""
