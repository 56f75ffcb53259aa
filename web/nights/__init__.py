"""Progressive euchre nights: the director's pages, the table pages, and the projector and print
screens. The night's steps are in ``services.night``; ``access`` says who may take them."""
