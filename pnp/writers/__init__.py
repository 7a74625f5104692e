"""Output writers: each reads the imposition plan (and the drawings) and writes one format."""
