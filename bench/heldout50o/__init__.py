"""Held-out set 50o: clinic letters of the Ruhr and the Rhine-Main area with exact truth."""
