"""Team events: fixed partners in Grand Prix, Swiss or round-robin rounds, and a playoff bracket."""
