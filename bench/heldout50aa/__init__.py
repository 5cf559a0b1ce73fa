"""Held-out set aa: clinic letters of the Rhine-Neckar area and Baden, with exact truth."""
