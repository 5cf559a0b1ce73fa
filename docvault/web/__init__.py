"""The web view: login, search, document viewer, problems with re-run, status, audit, API."""
