"""The third blind facts set (see README.md): letters, their truth and a patient register."""
