"""The web view: search the archive (login, viewer and re-runs arrive with later issues)."""
