"""docvault's tests: folders mirror the package (tests/intake/ for docvault/intake/, ...)."""
