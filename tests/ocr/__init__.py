"""Tests of docvault.ocr."""
