"""The letters the CPU engine reads in place of others, measured: each class as one letter.

A vocabulary leaf: the index's folded field (``docvault.search.confusions``) and the word
corrector (``docvault.corrections``) share these classes, so a word the index finds through
folding is a word the corrector may put right, and no other.
"""

from __future__ import annotations

# Measured with bench/confusions_bench.py (its table is in bench/README.md): on 14 faxes of
# the independent corpus's dev split the engine read l for t 11 times, l for i 8 times, i
# for l 4 times, i for t and 1 for l once; on 16 pages of bench/letters.py's dev letters
# (faxes, scans) and the real fixtures, l for i 3 times, i for l twice, 1 for i twice. So
# the stroke letters i, l, 1 and t fold to one (upper-case I and the accented í are i
# before this: the index lower-cases and folds accents). Rarer confusions (c and e twice,
# f and t twice) are not folded: they would merge common words ("sich" and "sieh") for
# few misreads. o/0, rn/m and cl/d were not seen at all there. On the faxes of the second
# held-out set of issue 47 (bench/heldout47b, 32 pages) the engine read the letter o for
# the digit 0 and the other way round 16 times ("to" as "t0", the post code "97070" as
# "97o70", "4410" as "441o"), so 0 and o fold to one too; rn/m was not seen, cl/d once.
_LETTERS = str.maketrans({"l": "i", "1": "i", "t": "i", "0": "o"})


def fold(word: str) -> str:
    """An index word (lower case, accents folded) with each confusion class as one letter."""
    return word.translate(_LETTERS)
