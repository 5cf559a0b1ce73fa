"""Tests of docvault.facts."""
