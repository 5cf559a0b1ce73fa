"""Held-out set 50ak: generated letters to Austrian general practices (Wien, NÖ, Burgenland)."""
