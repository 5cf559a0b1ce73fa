"""Tests of docvault.runtime."""
