"""Tests of docvault.web."""
