"""Held-out set 50v: generated clinic letters of Mecklenburg-Vorpommern with exact truth."""
