# SPDX-License-Identifier: AGPL-3.0-or-later
"""A held-out, blind-written set of generated clinic letters with exact truth (see README.md)."""
