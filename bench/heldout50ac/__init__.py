"""Held-out set 50ac: generated clinic letters (Aachen, Düren, Eifel, Cologne, Bonn, borders)."""
