"""Blind held-out set 50af: generated letters to Saxon general practices, with exact truth."""
