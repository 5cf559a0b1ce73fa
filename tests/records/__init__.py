"""Tests of docvault.records."""
