"""Blind held-out letters of Thuringia, Saxony-Anhalt and Franconia (set 50q)."""
