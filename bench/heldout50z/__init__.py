"""A blind, held-out set of clinic letters: Munich, Upper Bavaria and the Allgäu (set "z")."""
