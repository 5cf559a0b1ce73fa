"""A letter's sender and title from what the clinic has confirmed before (pure, no database).

The sender directory (``docvault.facts.senders``) knows each correspondent by the marks
that identify it: its telephone and fax numbers, its mail domains, its letter head's name.
A letter that carries a mark of exactly one correspondent is from it, whatever the layout;
two correspondents' marks leave the sender to the layout rules. The clinic's own names,
numbers and domains (the addressee's, settings ``clinic_*``) never identify a sender.
Titles work alike: a heading of its own that equals a title staff confirmed before.
"""

from __future__ import annotations

import difflib
import functools
import itertools
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from docvault.facts.extract.base import MAX_TITLE_CHARACTERS, Line, Proposal
from docvault.facts.extract.base import letter_lines as all_lines
from docvault.facts.extract.dates import receipt_stamp_line, without_receipt_stamp
from docvault.facts.extract.sender import (
    _SENDER_PARTS,
    POSTCODE_LINE,
    RECIPIENT_START,
    SLOGAN,
    _an_organisation,
    _first_line_under_fax_header,
    _mail_printout,
    head_name,
    heads_letter,
    is_person_line,
    letters_of,
    name_words,
)
from docvault.textutil import strip_markup


def letter_lines(text: str) -> list[Line]:
    """The page's lines as the layout rules read them: the practice's receipt stamp left out."""
    return without_receipt_stamp(all_lines(text), heads_letter)


# A number shorter than this is an extension, a post code or a date, not a line's number.
SHORTEST_NUMBER = 7
LONGEST_NUMBER = 15
# The letter head and the footer: where a letter gives its sender's numbers.
HEAD_LINES = 14
FOOT_LINES = 8

_NUMBER = r"(?P<number>\+?\(?\d[\d ()/.\-–]{5,24}\d)"
_LABELLED_NUMBER = re.compile(
    r"(?<![\w])(?P<label>Telefax|Fax|Telefon|Tel|Fon|Phone|Ph|Mobil|Mobile|FROM|Von|T|F)"
    rf"\.?\s*[:.]?\s*{_NUMBER}",
    re.IGNORECASE,
)
_MAIL = re.compile(r"[\w.+-]+@(?P<domain>[\w-]+(?:\.[\w-]+)+)", re.UNICODE)
_WEB = re.compile(r"\bwww\.(?P<domain>[\w-]+(?:\.[\w-]+)+)", re.IGNORECASE)


@dataclass(frozen=True)
class Mark:
    """One identifying mark of a letter: a number (digits only) or a mail domain."""

    kind: str  # "phone", "fax" or "domain"
    value: str
    line: str  # the text it was read from


@dataclass(frozen=True)
class Directory:
    """The sender directory as the rules read it: each mark's correspondents by name, and
    the clinic's own marks and names (the addressee's, never a sender's)."""

    marks: Mapping[str, frozenset[str]] = field(default_factory=dict)  # value -> names
    names: Mapping[str, str] = field(default_factory=dict)  # folded name -> name
    own_marks: frozenset[str] = frozenset()
    own_names: frozenset[str] = frozenset()
    titles: frozenset[str] = frozenset()


def number_digits(text: str) -> str | None:
    """A telephone number as its national digits (``+49 (0)30 123-45`` and ``030 12345``
    are one number), or None when it is no number a line could have."""
    digits = re.sub(r"\(0\)", "", text)
    digits = re.sub(r"\D", "", digits)
    if text.strip().startswith("+") or digits.startswith("00"):
        digits = digits.lstrip("0")
        digits = re.sub(r"^(?:49|44|43|41|1)", "", digits)
    digits = digits.lstrip("0")
    if not SHORTEST_NUMBER <= len(digits) <= LONGEST_NUMBER:
        return None
    return digits


def fold(text: str) -> str:
    """A name or title as it is compared: case and spacing folded, no trailing stops."""
    return " ".join(text.casefold().replace("ß", "ss").split()).strip(" .,;:")


def marks_in(text: str, mail_sender: str = "") -> list[Mark]:
    """The letter's identifying marks: numbers after a telephone or fax label in its head,
    its foot or a fax machine's line, mail and web domains there, and the mail's sender."""
    lines = [line.text for line in letter_lines(text)]
    region = lines[:HEAD_LINES] + lines[-FOOT_LINES:] if len(lines) > HEAD_LINES else lines
    found: list[Mark] = []
    for line in dict.fromkeys(region):
        found.extend(_line_marks(line))
    if "@" in mail_sender:
        domain = mail_sender.rsplit("@", 1)[1].strip(" >").lower()
        found.append(Mark("domain", domain, f"mail from {mail_sender}"))
    return found


def _line_marks(line: str) -> Iterator[Mark]:
    for match in _LABELLED_NUMBER.finditer(line):
        digits = number_digits(match.group("number"))
        if digits is None or re.fullmatch(r"\d{1,2}[./]\d{1,2}[./]\d{2,4}", match.group("number")):
            continue
        kind = "fax" if "fax" in match.group("label").casefold() else "phone"
        yield Mark(kind, digits, line)
    # A mail address needs its "@": without one, the pattern's run of word letters before it
    # is tried from every start of a long line (2 s on a 20,000-letter line of one word).
    for pattern in (_MAIL, _WEB) if "@" in line else (_WEB,):
        for match in pattern.finditer(line):
            yield Mark("domain", match.group("domain").lower().rstrip("."), line)


# Mail domains many senders share (mail providers, the NHS's): they identify nobody.
SHARED_DOMAINS = frozenset(
    {"nhs.net", "nhs.uk", "gmail.com", "googlemail.com", "t-online.de", "web.de", "gmx.de",
     "gmx.net", "yahoo.com", "yahoo.de", "yahoo.co.uk", "outlook.com", "outlook.de",
     "hotmail.com", "hotmail.de", "hotmail.co.uk", "icloud.com", "aol.com", "freenet.de",
     "posteo.de", "mailbox.org", "kv-safenet.de", "kim.telematik"}
)  # fmt: skip


# Marks read first: a telephone or fax number is one sender's (a domain may be a group's).
STRONG_MARKS = frozenset({"phone", "fax"})


def identify_sender(text: str, directory: Directory, mail_sender: str = "") -> dict[str, Mark]:
    """The senders the letter's marks name, each with its strongest mark.

    Only marks of one correspondent count: not the clinic's own (on every letter it gets),
    not a mail provider's, not a mark two correspondents' letters carried."""
    named: dict[str, Mark] = {}
    marks = sorted(marks_in(text, mail_sender), key=lambda mark: mark.kind not in STRONG_MARKS)
    for mark in marks:  # a number first: the strongest mark is the evidence shown
        owners = directory.marks.get(mark.value, frozenset())
        if mark.value in directory.own_marks or mark.value in SHARED_DOMAINS or len(owners) != 1:
            continue  # the clinic's own, a mail provider's, or several senders' mark
        named.setdefault(next(iter(owners)), mark)
    for name, line in _known_letterhead(text, directory).items():
        named.setdefault(name, Mark("letterhead", name, line))
    return named


def _identifies(mark: Mark) -> bool:
    """Whether a mark alone names a sender: a number, a letter head, the mail's sender; a
    domain written in the letter may be a group's (one domain, many practices)."""
    return mark.kind != "domain" or mark.line.startswith("mail from ")


def _evidence(name: str, mark: Mark) -> Proposal:
    what = {"fax": "fax number", "phone": "telephone number", "domain": "mail domain"}
    evidence = (
        f"sender directory: {what.get(mark.kind, 'letter head')} {mark.value} in “{mark.line}”"
    )
    return Proposal("sender", name, evidence[:300])


def _known_letterhead(text: str, directory: Directory) -> dict[str, str]:
    """A known correspondent whose name is the page's first line (past a fax machine's):
    a letter head. A known name lower down may be the addressee's window or a copy's."""
    line = _first_line_under_fax_header(letter_lines(text))
    if line is None:
        return {}
    folded = fold(re.split(r"\s+[·•|¦–—]\s*", line.text)[0])
    if folded in directory.names and folded not in directory.own_names:
        return {directory.names[folded]: line.text}
    return {}


def is_own(value: str, directory: Directory) -> bool:
    """Whether a proposed sender is the clinic itself (the letter's addressee), as the
    letter spells it or as the CPU engine reads it ("InternistischeHausarztpraxis",
    "Hausarztpraxis am Stadtgárten", "Hausarztpraxls")."""
    read = letters_of(value)
    if any(_same_letters(letters_of(own), read) for own in directory.own_names if own):
        return True
    return _own_spelling(value, directory)


def _own_spelling(value: str, directory: Directory) -> bool:
    """Whether a name is another spelling of the clinic's own, as its receipt stamp, its
    reply form or a sender's address window shortens it ("PRAXIS DR. KIRCHLEITNER", "MVZ
    Bornheim", "Gemeinschaftspraxis Brandauer/Köhlitz"): every word of it that tells a name
    from others is a word of the clinic's name. Another practice in the clinic's town has
    a word of its own (its doctor, its field: "Kardiologie Frankfurt-Sachsenhausen")."""
    words = name_words(value)
    return bool(words) and words <= _clinic_words(directory.own_names)


@functools.lru_cache(maxsize=16)  # asked for every line of a letter: the clinic's names once
def _clinic_words(own_names: frozenset[str]) -> frozenset[str]:
    return frozenset(word for name in own_names for word in name_words(name))


# Two names whose letters differ by this share or less are one name misread: 1 letter in 10.
SAME_NAME_RATIO = 0.9


def _known_spelling(value: str, directory: Directory) -> str | None:
    """The one known correspondent a read sender is, misread or cut short at a column
    ("Praxls Dr. med. Florlan Kehr", "... Sportm"), in the directory's spelling; None where
    the name is known as read, or is none or several known ones."""
    if fold(value) in directory.names:
        return None
    read = letters_of(value)
    close = {
        name
        for folded, name in directory.names.items()
        if folded not in directory.own_names and _close_letters(letters_of(name), read)
    }
    return next(iter(close)) if len(close) == 1 else None


def _close_letters(known: str, read: str) -> bool:
    """One misread letter in ten, by the letters' share in common."""
    matcher = difflib.SequenceMatcher(None, known, read, autojunk=False)
    return matcher.quick_ratio() >= SAME_NAME_RATIO and matcher.ratio() >= SAME_NAME_RATIO


def _head_over_own(text: str, directory: Directory) -> Proposal | None:
    """The page's first line, where the clinic's own name comes under it in the head (the
    address window): the sender's letter head, named by a word the rules know or not
    ("Urologie am Ebertplatz", "North Wessex Hospitals NHS Foundation Trust")."""
    lines = letter_lines(text)
    first = _first_line_under_fax_header(lines)
    if first is None or not directory.own_names or is_own(first.text, directory):
        return None
    below = lines[first.number + 1 : first.number + HEAD_LINES]
    if not any(is_own(strip_markup(line.text), directory) for line in below):
        return None
    name = head_name(first) or _one_word_organisation(first, lines)
    if name is None or not (_an_organisation(name) or _named_again(name, lines, first)):
        return None  # a slogan over the address ("Pflege zu Hause"), not a name
    return Proposal("sender", name, first.text)


def _one_word_organisation(first: Line, lines: Sequence[Line]) -> str | None:
    """A head's one word in capitals that names an organisation the rules know ("BARMER"
    over its office's address), where the next line goes on with no name's part in small
    letters ("RADIOLOGIE" over "am Kaiserplatz" is half a name). Alone, one word in capitals
    is too often a logo's or a fax's ("FAX") to be a name; over the clinic's window it heads."""
    word = first.text.strip()
    following = lines[first.number + 1].text.strip() if first.number + 1 < len(lines) else ""
    if not (word.isupper() and re.fullmatch(r"[^\W\d_]{5,}", word) and _an_organisation(word)):
        return None
    return None if following[:1].islower() else word


# Words every organisation's name may hold: they tell no sender from another.
_COMMON_NAME_WORDS = frozenset(
    {"praxis", "klinik", "klinikum", "zentrum", "hospital", "clinic", "centre", "center",
     "medical", "health", "trust", "group", "gemeinschaftspraxis", "haus", "dienst", "service",
     "care", "team"}
)  # fmt: skip


def _named_again(name: str, lines: Sequence[Line], head: Line) -> bool:
    """Whether a word of the name (its own, not "Praxis" or "Clinic") stands as a word in
    another line of the letter: its address, its signature or its footer."""
    own_words = {
        word
        for word in re.findall(r"[^\W\d_]{4,}", name.casefold())
        if word not in _COMMON_NAME_WORDS
    }
    return any(
        own_words & set(re.findall(r"[^\W\d_]{4,}", line.text.casefold()))
        for line in lines
        if line is not head
    )


def _under_own(read: Proposal, text: str, directory: Directory) -> bool:
    """Whether the rules read the sender from a line under the clinic's own name."""
    lines = [strip_markup(line.text) for line in letter_lines(text)]
    own = next((number for number, line in enumerate(lines) if is_own(line, directory)), None)
    read_at = next((number for number, line in enumerate(lines) if line == read.evidence), None)
    return own is not None and read_at is not None and read_at > own


def _sender_past_own(text: str, directory: Directory) -> Proposal | None:
    """The sender the layout rules read where the clinic's own lines (its name in the
    address window, on a copy line) are not there: the head the rules passed over for the
    addressee's, or none."""
    from docvault.facts.extract import propose  # the package's entry: it imports this module's base

    lines = letter_lines(text)
    first = _first_line_under_fax_header(lines)
    if (
        first is not None
        and is_own(first.text, directory)
        and not (_addressed(lines, first) or _stamped(text, first))
    ):
        return None  # the clinic's own letter head: a letter it wrote, from nobody else
    rest = _without_own_window(text, directory)
    found = propose(rest).get("sender")
    if found is None and rest.splitlines() != text.splitlines():  # the window was there
        found = _first_organisation_line(rest)
    if found is None or is_own(found.value, directory):
        return None
    if is_person_line(found.value) and not _own_only_in_stamp(text, directory):
        return None  # a signer read once the window is gone: the rules' weakest reading
    return found


def _own_only_in_stamp(text: str, directory: Directory) -> bool:
    """Whether the clinic's name stands only in its receipt stamp: a relative's note, the
    stamp over it, is read as written (its writer signs it), no address window left out."""
    texts = [strip_markup(line) for line in text.splitlines()]
    own = [number for number, line in enumerate(texts) if is_own(line, directory)]
    return bool(own) and all(number and receipt_stamp_line(texts[number - 1]) for number in own)


def _stamped(text: str, line: Line) -> bool:
    """Whether ``line`` stands right under the practice's receipt stamp: its name in the
    stamp, not a letter head of its own."""
    texts = [found.text for found in all_lines(text)]
    return any(
        receipt_stamp_line(above)
        for above, below in itertools.pairwise(texts)
        if below == line.text
    )


def _first_organisation_line(text: str) -> Proposal | None:
    """The first line, where it names an organisation: with the clinic's address window
    gone, an organisation over its own address heads the letter (the rules leave it open,
    as it might have been the recipient's window)."""
    first = _first_line_under_fax_header(letter_lines(text))
    name = head_name(first) if first is not None else None
    if first is None or name is None or not _an_organisation(name):
        return None
    return Proposal("sender", name, first.text)


# The lines of an address window: a person over the name, the street, the post code's line
# and the country under it.
_WINDOW_LINES = 5


def _without_own_window(text: str, directory: Directory) -> str:
    """The text less the clinic's own lines and the address window each heads: the
    doctor's name over it, its street, post code and country lines under it."""
    texts = text.splitlines()
    dropped: set[int] = set()
    for number, line in enumerate(texts):
        if not is_own(strip_markup(line), directory):
            continue
        dropped.add(number)
        if number and receipt_stamp_line(strip_markup(texts[number - 1])):
            continue  # the practice's name in its receipt stamp: the letter's head under it
        if number and is_person_line(texts[number - 1]):
            dropped.add(number - 1)  # "Dr. med. Selin Aydın" over the practice's name
        for below in range(number + 1, min(number + _WINDOW_LINES, len(texts))):
            dropped.add(below)
            if POSTCODE_LINE.search(texts[below]):
                country = below + 1 < len(texts) and re.fullmatch(r"[^\W\d_]+", texts[below + 1])
                dropped.update({below + 1} if country else set())
                break
        else:
            dropped -= set(range(number + 1, number + _WINDOW_LINES))  # no address under it
    return "\n".join(line for number, line in enumerate(texts) if number not in dropped)


def _addressed(lines: Sequence[Line], first: Line) -> bool:
    """Whether the page's first line heads an address window ("Herrn Dr. med. ..." under
    it): the clinic as the addressee, its sender's head further down."""
    following = lines[first.number + 1] if first.number + 1 < len(lines) else None
    return following is not None and bool(RECIPIENT_START.match(following.text))


def _same_letters(own: str, read: str) -> bool:
    """Whether ``read`` is the name ``own`` or holds it ("Dr. X, Hausarztpraxis am ..."),
    allowing one misread letter in ten."""
    if not own or not read:
        return False
    return own in read or _close_letters(own, read)


def known_title(text: str, titles: Iterable[str]) -> Proposal | None:
    """A title staff confirmed before, standing as a line of its own in the letter's head."""
    wanted = {fold(title): title for title in titles if title}
    lines: Sequence[str] = [strip_markup(line.text) for line in letter_lines(text)[:25]]
    found = {wanted[fold(line)]: line for line in lines if fold(line) in wanted}
    found = {title: line for title, line in found.items() if len(title) <= MAX_TITLE_CHARACTERS}
    if len(found) != 1:
        return None
    title, line = next(iter(found.items()))
    return Proposal("title", title, f"a title confirmed before: “{line}”")


def _one_sender(known: str, read: str) -> bool:
    """Whether a known correspondent and the name the layout read are one sender: the same
    name, or the known name's last part, what its operator or logo stands before
    ("Landeskrankenhaus Innsbruck" of "tirol kliniken – Landeskrankenhaus Innsbruck"). Its
    first part is not enough: "Universitätsklinikum Spree – Campus Mitte" is one campus of
    the hospital the layout read; unless what follows it is the sender's slogan ("AOK
    Nordost – Die Gesundheitskasse"), which names no part of it."""
    parts = _SENDER_PARTS.split(known)
    if fold(known) == fold(read) or (len(parts) > 1 and fold(parts[-1]) == fold(read)):
        return True
    return len(parts) > 1 and fold(parts[0]) == fold(read) and all(map(SLOGAN.match, parts[1:]))


def _printed_whole(known: str, read: str, text: str) -> bool:
    """Whether the letter's head prints a known correspondent's whole name of several parts
    ("Kreisausschuss des Odenwaldkreises – Fachdienst Gesundheit"), of which the layout read
    the first: the part after the dash is then the page's, not another site's or office's."""
    parts = _SENDER_PARTS.split(known)
    if len(parts) < 2 or fold(parts[0]) != fold(read):
        return False
    head = [line.text for line in all_lines(text)[:HEAD_LINES]]
    return any(fold(known) in fold(line) for line in head)


def with_directory(
    proposals: Mapping[str, Proposal], text: str, directory: Directory, mail_sender: str = ""
) -> dict[str, Proposal]:
    """The rules' proposals with what the directory knows: the sender its marks identify
    where the layout rules read none (or the clinic itself), or read the same; where the
    marks name several senders, or a number names another than the layout's, none (a
    wrong sender costs more than a missing one). A confirmed title where the rules found none."""
    decided = dict(proposals)
    read = decided.pop("sender", None)
    if read is None or is_own(read.value, directory):
        # Unread, or the addressee (the clinic itself): the head over the clinic's address
        # is the sender's, else what the rules read with the clinic's lines left out.
        read = _head_over_own(text, directory) or _sender_past_own(text, directory)
    elif _under_own(read, text, directory) and not _mail_printout(letter_lines(text)):
        # Read under the clinic's address window ("Cardiology Outpatient Clinic", a heading):
        # the head over the window is the sender's, where there is one. (A printed e-mail's
        # sender is its signature's or its "Von:" line's; over the clinic's mailbox stands
        # the browser's page title, "Praxis-Webmail – Nachricht".)
        read = _head_over_own(text, directory) or read
    named = identify_sender(text, directory, mail_sender)
    if read is not None and (spelled := _known_spelling(read.value, directory)) is not None:
        read = Proposal("sender", spelled, f"sender directory: “{read.value}” is {spelled}")
    agreeing = [
        name
        for name in named
        if read is not None
        and (_one_sender(name, read.value) or _printed_whole(name, read.value, text))
    ]
    if agreeing:
        decided["sender"] = _evidence(agreeing[0], named[agreeing[0]])
    elif len(named) == 1 and read is None and _identifies(next(iter(named.values()))):
        decided["sender"] = _evidence(*next(iter(named.items())))
    elif read is not None and not any(mark.kind in STRONG_MARKS for mark in named.values()):
        decided["sender"] = read  # a domain or a name gives way to the letter head's
    if "title" not in decided and (title := known_title(text, directory.titles)) is not None:
        decided["title"] = title
    return decided
