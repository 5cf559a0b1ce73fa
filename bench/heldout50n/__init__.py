"""Held-out set 50n: clinic letters to three practices in southern Bavaria, with exact truth.

Written blind (see README.md for what was read). Standard library, pymupdf and pillow only.
"""
