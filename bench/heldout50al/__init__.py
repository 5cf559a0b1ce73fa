"""A blind, held-out set of generated clinic letters received by Swiss general practices."""
