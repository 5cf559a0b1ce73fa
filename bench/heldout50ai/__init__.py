"""Blind held-out set 50ai: generated letters to North-West German general practices."""
