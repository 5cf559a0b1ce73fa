"""A blind, held-out set of generated clinic letters (Mecklenburg-Vorpommern, northern Brandenburg)."""
