"""A blind, held-out set of clinic letters: Berlin and Brandenburg (issue 50, set u)."""
