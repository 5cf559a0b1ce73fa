"""The eighth blind facts set (heldout50h): generated clinic letters with exact truth."""
