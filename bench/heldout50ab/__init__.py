"""heldout50ab: a blind, held-out set of generated Ruhr-area clinic letters (see README.md)."""
