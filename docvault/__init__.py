"""docvault: clinic inbox folders turned into a searchable, trustworthy archive."""

__version__ = "0.1.0"
