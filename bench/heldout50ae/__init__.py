"""A blind, held-out set of generated clinic letters.

Region: Mecklenburg-Vorpommern and northern Brandenburg.
"""
