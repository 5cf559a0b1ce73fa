"""Helpers for tests that run the real daemon as a subprocess."""
