"""Held-out set 50ah: general-practice post of Saarland and the Palatinate."""
