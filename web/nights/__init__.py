"""Progressive euchre nights: the director's pages, the table pages, and the projector and print
screens. ``service`` holds the night's steps, ``access`` who may take them."""
