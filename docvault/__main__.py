"""`python -m docvault` is the `docvault` command."""

from docvault.cli import main

main()
