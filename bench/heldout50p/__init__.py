"""A blind, held-out set of clinic letters from Baden-Württemberg and the Upper Rhine."""
