"""Whether a page was drawn from a damaged file, with part of its picture lost.

MuPDF draws what it can of a damaged file and says so only in its warnings: a JPEG cut
short ("premature end of file in jpeg") comes out with noise where the rest of the scan
was, a PDF image stream cut short ("padding truncated image") as a black band, a mangled
PDF that MuPDF repairs by dropping its scanned image object ("no XObject subtype
specified") as a blank page. None of these raises, so without this check such a page was
read and `done` like any other (issue 47). A TIFF whose strips were cut short is decoded a
second time by Pillow (libtiff, `docvault.render.corrections`); libtiff tells of the lost
rows only on the process's standard error ("Fax4Decode: Bad code word at line 1737"), so
that decode's complaints are caught there and kept as a warning like MuPDF's.

`damage_sentence` says what was lost and what to do (ask the sender for the file again);
the page is flagged with it (`errors.PageDamaged`), never failed: what could be read of it
is kept and indexed, and the original is kept in the archive.
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
from collections.abc import Iterator, Sequence

# MuPDF's and libtiff's words for content lost while decoding, as they write them (lower
# case). Harmless repairs ("PDF stream Length incorrect", "trying to repair broken xref")
# lose nothing and are not here.
_LOSS_SIGNS = (
    "premature end",  # jpeg: "premature end of file"; tiff: "... of data in decoded strip"
    "truncated",  # "padding truncated image", "truncated zlib stream"
    "unexpected end",
    "no xobject subtype",  # a repaired PDF lost the object its page draws
    "is no image dict",
    "cannot find object",
    "cannot load object",
    "page may not be correct",
    "bad code word",  # libtiff's fax decoder: the rows after it are lost
    "corrupt jpeg data",
)
# A render with fewer dark pixels than this is blank (a page of text has ~1-18 %).
_BLANK_SHARE = 0.0005


def lost_content(warnings: Sequence[str]) -> str | None:
    """The first decoder warning that tells of content lost, if any."""
    for warning in warnings:
        lowered = warning.lower()
        if any(sign in lowered for sign in _LOSS_SIGNS):
            return warning
    return None


def damage_sentence(
    page_number: int,
    kind: str,
    warnings: Sequence[str],
    dark_share: float,
    draws_picture: bool,
) -> str | None:
    """What was lost on this page and what to do; None for a page drawn whole.

    `warnings` are the decoders' that still stand for the pixels the engine is given (not
    MuPDF's when Pillow's decode replaced its own); `draws_picture`: the page's content
    draws an image or form (a PDF page), so a blank render lost it.
    """
    said = lost_content(warnings)
    blank = draws_picture and dark_share < _BLANK_SHARE
    if said is None and not blank:
        return None
    if blank:
        lost = (
            "came out blank, though the file says the page holds a picture: the file is "
            "damaged and the picture was lost while it was repaired"
        )
    else:
        lost = (
            f"is damaged: its {kind.upper()} data ends early or is broken, so part of the "
            "page is missing, blank or noise"
        )
    quoted = f" (the decoder said: {said!r})" if said else ""
    return (
        f"Page {page_number} of this file {lost}{quoted}. What could be read is kept and the "
        "original is kept in the archive; ask the sender for the file again and add it anew."
    )


@contextlib.contextmanager
def standard_error_caught(caught: list[str]) -> Iterator[None]:
    """The lines a C library writes to this process's standard error meanwhile, into
    `caught` instead (libtiff's warnings reach nothing else). For a render pool process:
    one render at a time, so no other thread's output is taken."""
    sys.stderr.flush()
    saved = os.dup(2)
    with tempfile.TemporaryFile() as sink:
        os.dup2(sink.fileno(), 2)
        try:
            yield
        finally:
            sys.stderr.flush()
            os.dup2(saved, 2)
            os.close(saved)
            sink.seek(0)
            text = sink.read(64 * 1024).decode("utf-8", "replace")
            caught.extend(line.strip() for line in text.splitlines() if line.strip())
