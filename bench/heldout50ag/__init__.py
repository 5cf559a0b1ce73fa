"""Held-out set 50ag: generated post of Hessian general practices (blind, independent)."""
