"""Tests of docvault.render."""
