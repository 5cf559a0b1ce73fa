"""A blind, held-out set of clinic letters from north-western Germany (set "heldout50t")."""
