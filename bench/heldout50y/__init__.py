"""A blind, held-out set of clinic letters from Thuringia and abroad, with exact truth."""
