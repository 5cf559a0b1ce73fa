"""Tests of docvault.search."""
