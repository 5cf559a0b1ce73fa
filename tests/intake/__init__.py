"""Tests of docvault.intake."""
