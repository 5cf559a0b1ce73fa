"""Held-out set X: generated clinic letters of eastern Lower Saxony with exact truth."""
