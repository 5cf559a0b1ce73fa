"""Held-out set w: generated clinic letters of the Aachen/Cologne/Bonn/Eifel/Lower Rhine region."""
