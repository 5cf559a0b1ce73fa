"""Whether a PDF page's own text layer can stand in for reading its image.

A stage leaf: a PyMuPDF page in, a `TextLayer` verdict out; no database, no settings.
A page drawn by the program that produced it (a letter printed to PDF, a lab report) carries
its words exactly; taking them costs milliseconds instead of a seconds-long engine call.
Two kinds of layer are not trusted, and the page is read from its image as usual:

- an earlier OCR run: text drawn invisibly (render mode 3, "neither fill nor stroke") over a
  scanned picture, as scanners and OCR tools (OCRmyPDF, Tesseract's PDF renderer) write it.
  Its words are someone else's guesses, often worse than ours.
- garbage: a font without a usable Unicode map gives replacement characters, control
  characters or mojibake ("Ã©" for "é"), and few tokens look like words.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any

from docvault.vocabulary import (
    AttemptRecord,
    AttemptRequest,
    EngineReply,
    PageOutcome,
    SamplingMode,
    TextFormat,
    Verdict,
)

# The engine name of a page whose text came from its text layer (attempts.engine).
ENGINE_NAME = "text-layer"

# A page needs this many letters or digits in its layer to be worth taking from it: fewer
# and the page is a scan with a stray page number or a form with no filled-in text.
MIN_CHARACTERS = 10
# Render mode 3 (invisible) on more than this share of the characters: an OCR layer.
MAX_INVISIBLE_SHARE = 0.2
# Characters that no producing program draws on purpose: the replacement character, C0/C1
# controls other than white space, private-use code points (unmapped glyphs).
_BAD_CHARACTER = re.compile(r"[\ufffd\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ue000-\uf8ff]")
MAX_BAD_SHARE = 0.01
# UTF-8 read as Latin-1/cp1252: "Ã©", "Ã¼", "â€™", "Â " ...
_MOJIBAKE = re.compile(r"[ÃÂâ][\u0080-\u00bf\u2018-\u203a\u20ac]")
MAX_MOJIBAKE_PER_WORD = 0.02
# A word-like token: two or more letters, with a vowel or in a script without Latin vowels;
# digits and units (5mg, 12.03.2025) count too. Half of the tokens must be word-like.
_TOKEN = re.compile(r"\S+")
_LETTERS = re.compile(r"^[^\W\d_]{2,}$")
_LATIN_VOWEL = re.compile(r"[aeiouyäöüàâéèêëîïôùûáíóúåæøœ]", re.IGNORECASE)
_NUMBER_LIKE = re.compile(r"^[\d.,:/%()-]*\d[\w.,:/%()-]*$")
MIN_WORD_SHARE = 0.5
# The layer decides a page's orientation when two thirds of its characters run one way.
MAJORITY = 2 / 3
_PUNCTUATION = "\"'()[]{}.,;:!?«»„“”‘’-–—*"


@dataclass(frozen=True)
class TextLayer:
    """A page's text layer and whether docvault trusts it."""

    text: str
    trusted: bool
    reason: str  # one sentence: why (not) trusted, for the page's notes
    # The clockwise turn that makes the layer's text run left to right, as rendered (with
    # the page's /Rotate); None when the layer is not trusted or its lines run several ways.
    rotation: int | None = None


def _word_like(token: str) -> bool:
    word = token.strip(_PUNCTUATION)
    if not word:
        return False
    if _NUMBER_LIKE.match(word):
        return True
    if not _LETTERS.match(word):
        return False
    latin = all(character < "\u0250" for character in word)
    return not latin or bool(_LATIN_VOWEL.search(word))


def garbage_reason(text: str) -> str | None:
    """Why this text looks like garbage rather than words, or None when it reads as text."""
    characters = [character for character in text if not character.isspace()]
    bad = len(_BAD_CHARACTER.findall(text))
    if bad > MAX_BAD_SHARE * len(characters):
        return f"{bad} of its {len(characters)} characters are unmapped or control characters"
    tokens = _TOKEN.findall(text)
    mojibake = len(_MOJIBAKE.findall(text))
    if mojibake > MAX_MOJIBAKE_PER_WORD * len(tokens):
        return f"{mojibake} mojibake sequences (UTF-8 read as Latin-1) in {len(tokens)} words"
    words = sum(1 for token in tokens if _word_like(token))
    if words < MIN_WORD_SHARE * len(tokens):
        return f"only {words} of its {len(tokens)} tokens look like words"
    return None


def _invisible_share(page: Any) -> float:
    """The share of the page's characters drawn in render mode 3 (or fully transparent)."""
    total = invisible = 0
    for span in page.get_texttrace():
        count = len(span.get("chars", ()))
        total += count
        # PyMuPDF's span type: 0 fill, 1 stroke, 2 clip, 3 invisible (render mode 3).
        if span.get("type") == 3 or span.get("opacity", 1.0) == 0:
            invisible += count
    return invisible / total if total else 0.0


def read_layer(page: Any) -> TextLayer:
    """The text layer of a PyMuPDF page and the verdict on it."""
    # In the producing program's order: sorting by position (sort=True) cost 18 ms on a
    # dense letter page, the plain extraction 1 ms.
    text = page.get_text("text").strip()
    letters = sum(1 for character in text if character.isalnum())
    if letters < MIN_CHARACTERS:
        return TextLayer(text, False, f"the text layer has only {letters} letters or digits")
    invisible = _invisible_share(page)
    if invisible > MAX_INVISIBLE_SHARE:
        return TextLayer(
            text,
            False,
            f"{invisible:.0%} of the text layer is invisible (an earlier OCR run over a scan)",
        )
    reason = garbage_reason(text)
    if reason is not None:
        return TextLayer(text, False, f"the text layer looks like garbage: {reason}")
    return TextLayer(text, True, "text taken from the PDF's own text layer", text_rotation(page))


def text_rotation(page: Any) -> int | None:
    """The clockwise turn that makes most of the page's characters run left to right.

    Line directions come in the unrotated page's coordinates (y down): (1, 0) runs left to
    right, (0, 1) top to bottom; the page's /Rotate turns them clockwise as it is rendered.
    """
    weights = dict.fromkeys((0, 90, 180, 270), 0)
    for block in page.get_text("dict")["blocks"]:
        for line in block.get("lines", ()):
            cosine, sine = line["dir"]
            angle = round(math.degrees(math.atan2(sine, cosine)) / 90) * 90
            characters = sum(len(span["text"].strip()) for span in line["spans"])
            weights[(angle + page.rotation) % 360] += characters
    angle, weight = max(weights.items(), key=lambda item: item[1])
    if weight == 0 or weight < MAJORITY * sum(weights.values()):
        return None
    return (360 - angle) % 360


def text_layer_outcome(text: str) -> PageOutcome:
    """A page's result when its text came from the layer: one attempt, no engine call."""
    request = AttemptRequest(SamplingMode.greedy, None, extra={"source": "pdf text layer"})
    reply = EngineReply(text, "stop", 0, 0, 0.0, endpoint=ENGINE_NAME)
    record = AttemptRecord(ENGINE_NAME, request, reply, Verdict.clean, 0.0)
    return PageOutcome(text=text, looped=False, attempts=(record,), text_format=TextFormat.plain)
