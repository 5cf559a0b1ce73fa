"""The held-out evaluation set: letters, their truth and a patient register (README.md)."""
