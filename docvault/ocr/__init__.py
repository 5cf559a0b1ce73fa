"""OCR engines, the loop guard, model profiles and the retry schedule."""
