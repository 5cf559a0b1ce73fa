"""The patient and their date of birth: labelled lines, salutations, name fields."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from datetime import date

from docvault.facts.extract.base import (
    _ACADEMIC,
    _BIRTH,
    _DOCUMENT_KIND,
    _INITIAL,
    _LAST_FIRST_FIELDS,
    _PARTICLES,
    _PATIENT_LABEL,
    _PERSON_IN_CARE,
    _SALUTATION,
    _SALUTATION_LINE,
    _TOKEN,
    NAME_CHARACTERS,
    NATIONAL_NUMBER_LABEL,
    OLDEST_PATIENT_YEARS,
    Candidate,
    Line,
    _checked,
    _name_word,
    _name_words,
    is_rank,
    particle,
    read_name,
    surname_first,
)
from docvault.facts.extract.dates import (
    DateOrder,
    _with_century,
    _years_before,
    dates_in,
)

# A name's label, the given names first: the weaker reading of a patient (rank 1).
_NAME_LABEL = re.compile(
    r"(?:^|¦)\s*(?:Name|Full name|Navn|Namn|Naam|Nom et prénom|Prénom et nom|Nome e cognome|"
    r"Nombre y apellidos|Imię i nazwisko|Jméno a příjmení|Meno a priezvisko)\s*[:¦]\s*",
    re.IGNORECASE,
)


_SURNAME_LABEL = re.compile(
    r"(?:^|¦)\s*(?:Nachname|Familienname|Surname|Last name|Name|Efternavn|Efternamn|Etternavn|"
    r"Achternaam|Nom de famille|Nom|Cognome|Apellidos?|Nazwisko|Příjmení|Priezvisko|"
    r"Vezetéknév)\s*[:¦]\s*",
    re.I,
)


_GIVEN_LABEL = re.compile(
    r"(?:^|¦)\s*(?:Vorname|First name|Given names?|Forename|Fornavn|Förnamn|Voornaam|Prénom|"
    r"Nome|Nombre|Imię|Jméno|Meno|Keresztnév|Utónév)\s*[:¦]\s*",
    re.I,
)


# "Ihre Patientin Frau Erika Mustermann", "your patient Mr John Smith", "Re: Mrs Jane Doe".
_PATIENT_PHRASE = re.compile(
    rf"(?:Patient(?:in|en)?|patient|Re:|RE:|Betr(?:eff|ifft)?\.?:)\s*,?\s*(?={_SALUTATION}\s)"
)


_SALUTED = re.compile(rf"(?<!\w){_SALUTATION}\s+(?=[^\W\d_])")


_NOT_A_PATIENT = re.compile(
    r"Sehr geehrte|Dear|Liebe|Grüße|Grüßen|Gruß|regards|sincerely|Kollegin|Kollege|Oberarzt|"
    r"Chefarzt|Assistenzarzt|Ärztin|Arzt|Doctor|Consultant|Dr\.|Prof\.",
    re.IGNORECASE,
)


_TITLES_BEFORE = re.compile(
    # The salutation may come first: "Frau Dipl.-Ing. Agathe Friesen", "Herr Mag. Aigner".
    r"^(?P<salutation>\s*(?:(?:Herrn?|Frau|Mr|Mrs|Ms)\.?\s+)?)"
    # Austria's and Switzerland's titles too: "Mag.", "Mag. (FH)", "MMag.", "Ing.", "DI".
    r"(?:(?:Prof\.|Dr\.|PD|Priv\.-Doz\.|Dipl\.-[^\W\d_]+\.?|Mag\.(?:\s?\(FH\))?|MMag\.|"
    r"Ing\.|DI\b|Dkfm\.)\s*"
    r"(?:(?:med\.|rer\. nat\.|phil\.|dent\.|h\.\s?c\.)\s*)*)+"
)


# The labels of a person in care (a client, a resident, an employee), whose forms write the
# surname first as often as not: a name is read there only where its order shows, by a
# comma right after the surname (its particles before it: "von Brandt, Eva"), the surname in
# capitals, or a salutation before the given name.
_IN_CARE = re.compile(_PERSON_IN_CARE, re.IGNORECASE)
_ORDER_SHOWN = re.compile(
    rf"^\s*(?:(?:{'|'.join(sorted(_PARTICLES))})\s+)*[^\W\d_][\w'’-]*,|"
    rf"^\s*{_SALUTATION}\s"
)


def _order_shown(value: str) -> bool:
    """Whether a name's order shows: a comma after the surname, a salutation, or the surname
    in capitals ("KOVÁCS János": any alphabet's capitals)."""
    words = re.findall(r"[^\W\d_]{2,}", value)
    return bool(_ORDER_SHOWN.search(value)) or any(word.isupper() for word in words[:4])


# A relative's or a guardian's line ("Sorgeberechtigte: Frau Claudia Förster, geb. ..."):
# another person than the patient, with a birth date of their own.
_RELATIVE_LINE = re.compile(
    r"^\s*(?:Sorgeberechtigte[rn]?|Erziehungsberechtigte[rn]?|Mutter|Vater|Eltern|"
    r"Betreuer(?:in)?|Bevollmächtigte[rn]?|Angehörige[rn]?|Ehe(?:frau|mann|partner(?:in)?)|"
    # Who cares for or goes with the patient: "Pflegeperson: Sandra Schütz, geb. ...".
    r"Pflegeperson|Pflegende[rn]?|Begleitperson|Betreuungsperson|Lebensgefährt(?:e|in)|"
    r"Vormund|Notfallkontakt|Tochter|Sohn|Caregiver|Carer|Emergency contact|Spouse|"
    r"Kontaktperson|Parents?|Guardian|Next of kin|Mother|Father)"
    # A form's both genders: "Betreuer/in", "Bevollmächtigte(r)".
    r"(?:/(?:in|r|n)|\((?:in|r|n)\))?\s*[:¦]",
    re.IGNORECASE,
)
# A relative named in a sentence ("Ansprechpartnerin der Familie ist Rosi Guggenmos (geb.
# 05.07.1948), Ehefrau"; "his daughter Jane Miles, born 1980"): the line is the relative's
# unless it also carries the patient's label.
_RELATIVE_MENTION = re.compile(
    r"\b(?:Ehefrau|Ehemann|Ehepartner(?:in)?|Lebensgefährt(?:e|in)|Tochter|Sohn|Mutter|Vater|"
    r"Angehörige[rn]?|Familie|Enkel(?:in)?|Betreuer(?:in)?|Bevollmächtigte[rn]?|"
    r"wife|husband|daughter|son|mother|father|next of kin)\b",
    re.IGNORECASE,
)


def relatives_line(text: str) -> bool:
    """Whether the line names a relative's or a guardian's particulars, not the patient's
    (a relative's own message may name the patient as theirs, "für meinen Vater X, geb. …";
    but "Mein Sohn Peter, geb. …, holt das Rezept ab" is the patient's own: the line stays
    unread, and the first sentence's weak evidence names the person)."""
    if _RELATIVE_LINE.match(text):
        return True
    return bool(_RELATIVE_MENTION.search(text)) and not _PATIENT_LABEL.search(text)


# A relative's message about the patient, in its first sentence: "ich schreibe für meinen
# Vater Maximilian Rüger", "mein Frau Margarete Fischer braucht …" (a writer's grammar as
# written), "my mother Jane Miles".
_MY_RELATIVE = re.compile(
    r"\b(?:[Mm]ein(?:e[nmr]?)?|[Mm]y)\s+(?:Ehe)?(?:Frau|Mann|frau|mann)\s+(?!Dr\b|Doktor\b)"
    r"(?P<spouse>[^\W\d_][\w'’-]+(?:\s+[^\W\d_][\w'’-]+){1,2})|"
    r"\b(?:[Mm]ein(?:e[nmr]?)?|[Mm]y)\s+(?:Vater|Mutter|Sohn|Tochter|Schwester|Bruder|"
    r"Großmutter|Großvater|Oma|Opa|Schwiegermutter|Schwiegervater|wife|husband|father|mother|"
    r"son|daughter)\s+(?P<relative>[^\W\d_][\w'’-]+(?:\s+[^\W\d_][\w'’-]+){1,2})"
)


# Hungarian writes the surname first, always ("Név: Kovács Eszter").
# So do Ukrainian and Russian records ("Пацієнт: Мельник Сергій", "Ф.И.О.: Смирнов Дмитрий").
_SURNAME_FIRST_LABEL = re.compile(
    r"(?:^|¦)\s*(?:Név|Beteg neve|Páciens neve|Пацієнт|Пацієнтка|Пациент|Пациентка|Ф\.\s?И\.\s?О\.|"
    r"П\.\s?І\.\s?Б\.)\s*[:¦]\s*",
    re.I,
)


def _surname_first_named(line: Line) -> Iterator[Candidate]:
    label = _SURNAME_FIRST_LABEL.search(line.text)
    value = line.text[label.end() :] if label else ""
    name = read_name(value)
    if name is None:
        return
    if name.split()[0].casefold() != value.split()[0].casefold():
        yield Candidate(name, line.text, 0)  # "Kovács, Eszter", "KOVÁCS Eszter": turned
        return
    words = name.split()
    yield Candidate(" ".join([*words[1:], words[0]]), line.text, 0)


def patient_candidates(lines: Sequence[Line]) -> Iterator[Candidate]:
    for line in lines:
        if relatives_line(line.text):
            continue
        if _SURNAME_FIRST_LABEL.search(line.text):
            yield from _surname_first_named(line)
            continue
        for match in _PATIENT_LABEL.finditer(line.text):
            last_first = bool(_LAST_FIRST_FIELDS.fullmatch(match.group("label").strip()))
            # After a patient label, "Dr." is the patient's own title, not a doctor's name.
            # (The salutation stays: it shows which name is the given one.)
            value = _TITLES_BEFORE.sub(r"\g<salutation>", line.text[match.end() :])
            if _IN_CARE.fullmatch(match.group("label").strip()) and not _order_shown(value):
                continue  # a care form's "Klient/in: Krause Klaus": which name is which, unsaid
            name = read_name(value, last_first)
            if name:
                yield Candidate(name, line.text, 0)
        for match in _PATIENT_PHRASE.finditer(line.text):
            name = read_name(line.text[match.end() :])
            if name:
                yield Candidate(name, line.text, 0)
        yield from _kind_name_and_birth(line)
        yield from _for_person(line)
        yield from _saluted_with_birth(line)
        yield from _named_before_birth(line)
        yield from _named_in_subject(line)
        yield from _kind_then_name_in_subject(line)
        yield from _name_alone_in_subject(line)
        yield from _our_patient_line(line)
        yield from _surname_line_with_birth(line)
        name_label = _NAME_LABEL.search(line.text)
        if name_label and not _PATIENT_LABEL.search(line.text):
            name = read_name(line.text[name_label.end() :])
            if name:
                yield Candidate(name, line.text, 1)
    yield from _split_name_fields(lines)
    yield from _named_under_heading(lines)
    yield from _named_after_salutation(lines)
    yield from _addressed_patient(lines)


_SUBJECT = re.compile(
    r"^(?:Re|RE|Betreff|Betr\.|Betrifft|Subject|Betreft|Onderwerp|Objet|Vedr\.?|Vedrørende|"
    r"Angående|Ärende|Dotyczy|Věc|Vec|Tárgy|Asunto|Oggetto|Emne)\s*:\s*(?=[^\W\d_])",
    re.IGNORECASE,  # "betr.: Frau Gisela Richter", "BETREFF:"
)


# "Sprechstundenbericht: Frau Anna Roth, 02.07.1938": a report's kind, its patient and
# the patient's birth date after a comma, unlabelled (Swiss and Austrian reports).
_KIND_HEADING = re.compile(
    rf"^(?P<kind>(?:[^\W\d_][\w-]*\s){{0,3}}[^\W\d_][\w-]*)\s*:\s*(?:{_SALUTATION}\s+)?"
    r"(?P<name>[^\W\d_][^,:\d]{2,80}),\s*(?:(?:geb\.|geboren(?:\s+am)?|born|DOB:?|\*)\s*)?"
    r"(?P<born>\d[\w./ ]{5,24}\d)\s*$"
)


def kind_heading(text: str) -> tuple[str, str, str] | None:
    """A heading ``Kind: [Herr] Name, birth date`` as (kind, name, birth date written)."""
    match = _KIND_HEADING.match(text)
    if match is None or not _DOCUMENT_KIND.search(match.group("kind").split()[-1]):
        return None
    name = read_name(match.group("name"))
    if name is None or len(name.split()) != len(match.group("name").split()):
        return None
    return match.group("kind"), name, match.group("born")


# A request's line naming its patient alone: "für Herrn Maximilian Guggenmos", "für Frau
# Veronika Zehetmair-Rasp (09.09.1967)"; not a doctor ("für Frau Dr. Bergmann").
_FOR_PERSON_LINE = re.compile(
    rf"^(?:für|for)\s+{_SALUTATION}\s+(?P<name>[^\W\d_][^,:\d()]{{2,60}}?)\s*"
    r"(?:\(\s*(?P<born>\d{1,2}\.\d{1,2}\.\d{2,4})\s*\)|"
    r",\s*(?:geb\.|geboren|born|\*)\s*\d[\d.]{5,9}\d)?\s*$",
)


def requested_for(text: str) -> re.Match[str] | None:
    """The request's line naming its patient alone ("für Herrn Maximilian Guggenmos",
    "für Frau X (09.09.1967)"), where it names a person and no doctor, else None."""
    found = _FOR_PERSON_LINE.match(text.strip())
    if found is None or re.match(r"(?:Dr|Prof|PD)\b", found["name"]):
        return None
    name = read_name(found["name"])
    return found if name is not None and len(name.split()) == len(found["name"].split()) else None


def _for_person(line: Line) -> Iterator[Candidate]:
    found = requested_for(line.text)
    if found is not None:
        yield Candidate(read_name(found["name"]) or "", line.text, 1)


def _for_person_birth(
    line: Line, order: DateOrder, earliest: date, today: date
) -> Iterator[Candidate]:
    """The date in brackets after a request's patient: "für Frau X (09.09.1967)"."""
    found = requested_for(line.text)
    if found is None or not found["born"]:
        return
    written = dates_in(found["born"], order)
    if written and written[0].value is not None and earliest <= written[0].value <= today:
        yield Candidate(written[0].value.isoformat(), line.text, 1)


def _kind_name_and_birth(line: Line) -> Iterator[Candidate]:
    found = kind_heading(line.text)
    if found:
        yield Candidate(found[1], line.text, 0)


def _saluted_with_birth(line: Line) -> Iterator[Candidate]:
    """``Frau Erika Mustermann, geb. 12.03.1961``, ``Re: John Smith, DOB 12 Mar 1961``: a
    named person with a birth date."""
    subject = _SUBJECT.match(line.text)
    if subject:
        after = line.text[subject.end() :]
        name = read_name(after)
        # "Betreff: Neurologischer Befundbericht – Frau ...": a heading, not a name; so is
        # any subject's first part where a person, saluted, follows the dash.
        headed = re.search(rf"\s[–—-]\s+(?:{_SALUTATION}|Dr\.?|Prof\.?)\s", after[:NAME_CHARACTERS])
        if headed:
            name = None
        if name is not None and not _DOCUMENT_KIND.search(name) and _birth_date_follows(after[:80]):
            yield Candidate(name, line.text, 0)
    for match in _SALUTED.finditer(line.text):
        before = line.text[max(0, match.start() - 30) : match.start()]
        if _NOT_A_PATIENT.search(before):
            continue
        after = line.text[match.end() :]
        name = read_name(after)
        if name is None:
            continue
        if _birth_date_follows(after[:80]):
            yield Candidate(name, line.text, 0)


# "SMITH, Sean   NHS: 707 799 5624   DOB: 19/09/1990": a record's line, its patient's
# surname in capitals first.
_SURNAME_COMMA = re.compile(r"^[A-ZÄÖÜ][A-ZÄÖÜ'’-]+(?:\s[A-ZÄÖÜ][A-ZÄÖÜ'’-]+)?,\s+[A-ZÄÖÜ]")


def _surname_line_with_birth(line: Line) -> Iterator[Candidate]:
    """A line opening with ``SURNAME, Given`` that gives a birth date further on."""
    birth = _BIRTH.search(line.text)
    if (
        _SURNAME_COMMA.match(line.text)
        and birth
        and _birth_date_follows(line.text[birth.start() :])
    ):
        name = read_name(line.text)
        if name:
            yield Candidate(name, line.text, 0)


def _named_before_birth(line: Line) -> Iterator[Candidate]:
    """``This is to certify that Deborah Müller (date of birth 28/06/1970)``, ``Wójcik,
    Agnieszka, geb. am 30.08.1982``: the name right before a birth date is the patient's
    (a doctor's name before it, ``Dr. Anna Berger, born``, is nobody's)."""
    for match in _BIRTH.finditer(line.text):
        if match.group().strip() == "*" and not _STARRED.fullmatch(line.text):
            continue  # a footnote's star; but "Kai Wolff *29.10.61" alone on its line
        if not _birth_date_follows(line.text[match.start() :]):
            continue
        name = _name_ending(line.text[max(0, match.start() - NAME_CHARACTERS) : match.start()])
        if name:
            yield Candidate(name, line.text, 0)
    for number in _NATIONAL_NUMBER.finditer(line.text):
        # "Vedr.: Torben Müller, CPR-nr. 120118-9221": the name before the number that
        # holds its birth date (weaker: a number's owner is named by the letter's labels).
        name = _name_ending(line.text[max(0, number.start() - NAME_CHARACTERS) : number.start()])
        if name:
            yield Candidate(name, line.text, 1)


# A line that is a name and its birth date after a star, and nothing else.
_STARRED = re.compile(r"[^\W\d_][^*\d]{3,60}\s\*\s?\d{1,2}\.\d{1,2}\.\d{2,4}")


# Nouns naming a person's role right before the name ("das Kind Ella Schreiber", "der
# Versicherte Jonas Weber"): capitalised, but never a given name.
_ROLE_NOUNS = frozenset(
    re.split(
        r"\s+",
        "Kind Kindes Sohn Tochter Säugling Neugeborene Neugeborenes Patient Patientin Patienten "
        "Versicherte Versicherten Betroffene Betroffenen Bewohner Bewohnerin Klient Klientin "
        "Mutter Vater Schüler Schülerin Enkel Enkelin Child Son Daughter Baby Infant Resident",
    )
)


# A kind of letter's word right before the name ("Befundbericht Krause, Sabine, geb. ..."):
# capitalised too, but no one's surname ends so.
_KIND_OF_LETTER_WORD = re.compile(
    r"[A-ZÄÖÜ][a-zäöüß]*(?:brief|bericht|befund|epikrise|gutachten|bescheinigung|überweisung)"
    r"|Befund|Bericht"
)


def _name_ending(text: str) -> str | None:
    """The person's name that ``text`` ends with (``Surname, Given`` turned round)."""
    tokens = _TOKEN.findall(re.sub(r"[\s,(\[–—-]+$", "", text))
    taken: list[str] = []
    for part in reversed(tokens):
        if _ACADEMIC.match(part):
            return None  # a doctor's name
        if part in _ROLE_NOUNS or is_rank(part) or (part == "M." and taken and taken[0].isupper()):
            break  # "für das Kind Thomas Huber", "M. FREI Mehmet": a role, a salutation, a rank
        if _KIND_OF_LETTER_WORD.fullmatch(part) and part != "Brief":
            break  # "Befundbericht Krause, Sabine": the letter's kind (a "Brief" may be a name)
        if part == "," and "," not in taken and taken:
            taken.insert(0, part)
        elif (_name_word(part) and not re.fullmatch(_SALUTATION, part)) or particle(part):
            taken.insert(0, part if particle(part) else part.rstrip("."))
        elif _INITIAL.fullmatch(part) and taken:
            taken.insert(0, part)
        else:
            break
    while taken and taken[0] == ",":
        taken.pop(0)
    if "," in taken:
        comma = taken.index(",")
        surname = taken[:comma]
        if len([word for word in surname if not particle(word)]) != 1:
            return None  # "de Souza, Johanna": one surname word (and its particles) first
        taken = [*taken[comma + 1 :], *surname]
    elif surname_first(taken):
        taken = [*taken[1:], taken[0]]  # "Monsieur BUSCH Klaus, né le ..."
    while taken and particle(taken[0]):
        taken.pop(0)
    return _checked(taken)


# A line that is the phrase and the name alone: "unseren gemeinsamen Patienten Arturas
# Vaitkus", "your patient Jane Doe" (the salutation left out).
_OUR_PATIENT_LINE = re.compile(
    r"^(?:unsere[nrm]?|Ihre[nrm]?|your|our)\s+(?:gemeinsame[nrm]?\s+|mutual\s+|joint\s+)?"
    r"[Pp]atient(?:in|en)?\s+(?P<name>[^\W\d_][^\d,:;()]{2,60})$",
    re.IGNORECASE,
)


def _our_patient_line(line: Line) -> Iterator[Candidate]:
    found = _OUR_PATIENT_LINE.match(line.text.strip())
    if found is None or _ACADEMIC.match(found["name"]) or _SALUTED.match(found["name"]):
        return  # a doctor's name; with its salutation the patient phrase reads it already
    name = read_name(found["name"])
    if name and len(name.split()) == len(found["name"].split()):
        yield Candidate(name, line.text, 1)


_DASHED_NAME = re.compile(r"\s[–—-]\s+(?P<rest>.+)$")


def _named_in_subject(line: Line) -> Iterator[Candidate]:
    """``Re: Imaging report – James Featherstonehaugh``: a subject line that ends with a
    person's name after its dash (the name alone, or with a birth date after it)."""
    subject = _SUBJECT.match(line.text)
    dash = _DASHED_NAME.search(line.text) if subject else None
    if dash is None:
        return
    rest = re.sub(rf"^{_SALUTATION}\s+", "", dash.group("rest").strip())
    name = read_name(rest)
    # The name alone before a comma and its birth date, or the whole rest as "Surname, Given".
    whole = len(rest.replace(",", " ").split())
    if name and len(name.split()) in (len(rest.split(",")[0].split()), whole):
        yield Candidate(name, line.text, 1)


# A subject's words that name a field, an examination or a place in the house, no person.
_SUBJECT_NOUN = re.compile(
    r"(?:ung|heit|keit|schaft|tion|ologie|medizin|funktion|therapie|chirurgie|befund|bericht|"
    r"station|ambulanz|abteilung|klinik)$|^(?:Innere|Allgemeine|links|rechts|Station|Echo|EKG|"
    r"MRT|CT|Sono|Röntgen|Labor|Doppler|Duplex)$",
    re.IGNORECASE,
)


def _kind_then_name_in_subject(line: Line) -> Iterator[Candidate]:
    """``Betreff: Befund Jessica Classen``, ``Betreff: Befund Zimmermann-Wirtz, Ursula``: a
    mail's subject of a kind of letter and a person's name, nothing else after them."""
    subject = _SUBJECT.match(line.text)
    if subject is None:
        return
    kind, _, rest = line.text[subject.end() :].strip().partition(" ")
    if not _DOCUMENT_KIND.search(kind) or not rest or re.search(r"\d", rest):
        return
    rest = _without_what(rest)
    if any(_SUBJECT_NOUN.search(word) for word in rest.replace(",", " ").split()):
        return  # "Befund Innere Medizin", "Befund Lungenfunktion": what, not whom
    name = read_name(rest)
    # Two words, or a surname before its comma: a third word may be the examination's
    # ("Befund Echo Anna-Lena Ramelow"), which no rule tells from a given name.
    shown = "," in rest or len(rest.split()) == 2
    if name and shown and len(name.split()) == len(rest.replace(",", " ").split()):
        yield Candidate(name, line.text, 1)


def _without_what(rest: str) -> str:
    """A subject's words after its kind less what the letter is about, where a name of two
    words ends it: "zur Verordnung Gülsüm Doğan" is about a prescription, for Gülsüm Doğan."""
    words = rest.split()
    if "," in rest or len(words) <= 2:
        return rest
    about, named = words[:-2], words[-2:]
    if any(_SUBJECT_NOUN.search(word) for word in named):
        return rest
    # A phrase ("zur Verordnung"), not an examination's word alone ("Echo Anna-Lena Ramelow":
    # which word is the examination's no rule tells).
    phrase = any(word in _SUBJECT_SMALL_WORDS for word in about)
    if phrase and all(word in _SUBJECT_SMALL_WORDS or _SUBJECT_NOUN.search(word) for word in about):
        return " ".join(named)
    return rest


_SUBJECT_SMALL_WORDS = frozenset(
    {"zur", "zum", "zu", "der", "des", "die", "den", "für", "von", "vom", "bei"}
)


def _name_alone_in_subject(line: Line) -> Iterator[Candidate]:
    """``betr.: von Einsiedel, Hans-Christoph``, ``betr.: Frau Gisela Richter``: a subject
    line that is a person's name and nothing else, its order shown (a comma, a salutation,
    capitals: "Betreff: Termin Absage" is two nouns). No doctor: a title is read apart."""
    subject = _SUBJECT.match(line.text)
    if subject is None:
        return
    rest = line.text[subject.end() :].strip().rstrip(".")
    words = rest.replace(",", " ").split()
    if not 2 <= len(words) <= 4 or re.search(r"[\d:;()/]", rest) or rest.count(",") > 1:
        return
    if not _order_shown(rest):
        return
    if any(_SUBJECT_NOUN.search(word) or _DOCUMENT_KIND.search(word) for word in words):
        return  # "Betreff: Innere Medizin", "Betreff: Befund Lungenfunktion": what, not whom
    if any(_MESSAGE_NOUN.fullmatch(word) for word in words):
        return  # "Betreff: Termin, Absage"
    name = read_name(rest)
    named = re.sub(rf"^\s*{_SALUTATION}\s+", "", rest).replace(",", " ").split()
    if name and len(name.split()) == len(named):
        yield Candidate(name, line.text, 1)


# A short message's subject nouns, which a comma may set out as a name's two parts would.
_MESSAGE_NOUN = re.compile(
    r"Termin|Absage|Anfrage|Rückfrage|Nachfrage|Rezept|Bitte|Info|Frage|Antrag|Auskunft|"
    r"Nachricht|Hinweis|Dringend|Eilt|Wichtig|Urgent|Appointment|Request|Query|Reminder",
    re.IGNORECASE,
)


_SALUTED_ADDRESSEE = re.compile(rf"^{_SALUTATION}\s*$|^{_SALUTATION}\s+(?=[^\W\d_])")


def _addressed_patient(lines: Sequence[Line]) -> Iterator[Candidate]:
    """A letter to the patient: ``Mr Oliver Williams`` in the address and ``Dear Mr
    Williams`` as its salutation (weakest evidence: any named patient overrules it)."""
    salutation = next((line for line in lines if _SALUTATION_LINE.match(line.text)), None)
    if salutation is None:
        return
    for position, line in enumerate(lines[: salutation.number]):
        if not _SALUTED_ADDRESSEE.match(line.text) or _NOT_A_PATIENT.search(line.text):
            continue
        text = line.text
        if re.fullmatch(rf"{_SALUTATION}\s*", text):
            # "Frau" on a line of its own, the name below (a reading of two columns may
            # put the reference block's lines in between).
            below = [following.text for following in lines[position + 1 : position + 4]]
            text = next((found for found in below if read_name(found) == found), "")
        name = read_name(text)
        if name is None or _NOT_A_PATIENT.search(text):
            continue
        surname = name.split()[-1]
        if re.search(rf"{_SALUTATION}\s+{re.escape(surname)}\b", salutation.text):
            yield Candidate(name, f"{text} · {salutation.text}", 2)
            return


# The subject's line or a heading of a kind of letter ("Betr.: Befundbericht", "BEFUNDBERICHT").
_SUBJECT_OR_KIND = re.compile(r"^(?:Betr\.|Betreff|Betrifft|Re|Subject)\s*:|^(?:\S+\s+){0,7}\S+$")
# The patient on a line of their own under it: "Frau Ildikó Molnár", "Herrn Richter, Thomas",
# "für: Frank Fromm".
_PERSON_UNDER_HEADING = re.compile(
    rf"^(?:(?:für|for)\s*:?\s*(?:{_SALUTATION}\s+)?|{_SALUTATION}\s+)(?P<name>[^\W\d_][^:\d()]{{2,60}})$"
)


_LABELLED = re.compile(r"^[^\W\d_][\w. -]{1,20}:\s")
_STREET_OR_TOWN = re.compile(
    r"^\s*(?:[A-Z]{1,2}-)?\d{4,5}\s+[^\W\d_]|(?:straße|strasse|str\.|weg|platz|gasse)\s+\d",
    re.IGNORECASE,
)


def _named_under_heading(lines: Sequence[Line]) -> Iterator[Candidate]:
    """The person a line names alone, with a salutation or "für:", right under the letter's
    subject or its heading of a kind of letter and over no address: whom the letter is about
    (a recipient's window has its street under the name)."""
    for position, line in enumerate(lines[1:30], start=1):
        found = _PERSON_UNDER_HEADING.match(line.text.strip())
        above = lines[position - 1].text.strip()
        if found is None or not (_SUBJECT_OR_KIND.match(above) and _DOCUMENT_KIND.search(above)):
            continue
        below = [following.text for following in lines[position + 1 : position + 3]]
        if any(_STREET_OR_TOWN.search(text) and not _LABELLED.match(text) for text in below):
            continue  # a window's name over its street and post code ("Anschrift: …" is theirs)
        name = read_name(found["name"])
        if name and not _ACADEMIC.match(found["name"]):
            yield Candidate(name, line.text, 1)


# The person the letter's first sentence is about: "bei Herrn Uwe Köhler ist der
# Unterschenkel …", "wir berichten über Frau Andrea Becker, geb. …" (no doctor: "mit Frau
# Dr. Roth besprochen" names a colleague).
_ABOUT_PERSON = re.compile(
    r"\b(?:bei|für|über|von|betreffend)\s+(?:Herrn?|Frau)\s+(?!Dr\b|Prof\b|Dipl\b)"
    r"(?P<name>[^\W\d_][\w'’-]+(?:\s+[^\W\d_][\w'’-]+){1,2})|"
    # Without a salutation, a birth date right after the name: "wir berichten über Anna-Lena
    # Nikolaidis (* 13.01.83)", "für Jonas Weber, geb. 02.03.1961".
    r"\b(?:bei|für|über|betreffend)\s+(?P<born_name>[A-ZÄÖÜ][\w'’-]+(?:\s+[A-ZÄÖÜ][\w'’-]+){1,2})"
    r"\s*(?:\(\s*(?:\*|geb\.)|(?:,\s*)?(?:\*|geb\.|geboren))\s?\d|"
    # A note's line naming whom it concerns and nothing else: "betrifft Mehmet Yılmaz,".
    r"^\W*(?:[Bb]etrifft|[Bb]etreffend|[Bb]etr\.)\s+"
    r"(?P<concerning>[A-ZÄÖÜ][\w'’-]+(?:\s+[A-ZÄÖÜ][\w'’-]+){1,2})\s*[,:.]?\s*$|"
    # Whom the writer saw: "ich habe heute Frau Julia Schmidt gesehen", "I saw Mrs Jane Doe".
    r"\b(?:Herrn?|Frau)\s+(?!Dr\b|Prof\b)(?P<seen_name>[^\W\d_][\w'’-]+(?:\s+[^\W\d_][\w'’-]+){1,2})"
    r"\s+(?:gesehen|untersucht|behandelt|besucht|versorgt)\b|"
    r"\b(?:saw|seen|reviewed|examined)\s+(?:Mr|Mrs|Ms|Miss)\.?\s+"
    r"(?P<seen_english>[^\W\d_][\w'’-]+(?:\s+[^\W\d_][\w'’-]+){1,2})"
)
_FIRST_SENTENCE_LINES = 2


def _named_after_salutation(lines: Sequence[Line]) -> Iterator[Candidate]:
    """A person with a salutation and a given name in the first two lines under the letter's
    salutation, after "bei", "für" or "über", or the writer's relative: whom a short message
    is about (weak evidence: a labelled patient overrules it)."""
    start = next((at + 1 for at, line in enumerate(lines) if _SALUTATION_LINE.match(line.text)), 0)
    if not start:
        return
    for line in lines[start : start + _FIRST_SENTENCE_LINES]:
        found = _ABOUT_PERSON.search(line.text)
        mine = _MY_RELATIVE.search(line.text)
        named = _about_whom(found) if found else mine and (mine["spouse"] or mine["relative"])
        name = read_name(named) if named else None
        if name and len(name.split()) >= 2:
            yield Candidate(name, line.text, 2)
            return


def _about_whom(found: re.Match[str]) -> str:
    return next(value for value in found.groupdict().values() if value)


def _birth_date_follows(text: str) -> bool:
    """Whether a birth label with a date right after it is in ``text`` ("geb. 12.03.1961")."""
    for match in _BIRTH.finditer(text):
        found = dates_in(text[match.end() : match.end() + 24])
        if found and found[0].start == 0:
            return True
    return False


def _split_name_fields(lines: Sequence[Line]) -> Iterator[Candidate]:
    """``Name: Mustermann`` and ``Vorname: Erika`` as two labels (lab forms)."""
    surname = given = None
    evidence: list[str] = []
    for line in lines:
        for cell in line.text.split("¦"):
            given_match = _GIVEN_LABEL.match(cell.strip())
            if given_match and given is None:
                given = _single_name_word(cell.strip()[given_match.end() :])
                evidence.append(line.text)
                continue
            surname_match = _SURNAME_LABEL.match(cell.strip())
            if surname_match and surname is None:
                surname = _single_name_word(cell.strip()[surname_match.end() :])
                evidence.append(line.text)
    if surname and given:
        yield Candidate(f"{given} {surname}", " · ".join(dict.fromkeys(evidence)), 0)


def _single_name_word(text: str) -> str | None:
    words, _ = _name_words(_TOKEN.findall(text.strip()))
    if len(words) != 1 and not (len(words) > 1 and all(_name_word(w) for w in words[:2])):
        return None
    return " ".join(word.title() if word.isupper() else word for word in words) or None


def _heading_birth(
    line: Line, order: DateOrder, earliest: date, today: date
) -> Iterator[Candidate]:
    """The birth date of a heading ``Konsiliarbericht: Frau Anna Roth, 02.07.1938``; not one
    of this year or the last, which may be the visit's (``Befund: Anna Roth, 03.11.2026``)."""
    heading = kind_heading(line.text)
    written = heading[2] if heading else ""
    found = dates_in(written, order)
    if not found or found[0].value is None or found[0].end != len(written):
        return
    value = _with_century(found[0], earliest, today)
    if value is None or value.year < today.year - 1:
        yield Candidate(value.isoformat() if value else "", line.text, 0)


_NATIONAL_NUMBER = re.compile(
    # "Personnummer/reservnummer:": the label with its other name.
    rf"(?<!\w)(?P<label>{NATIONAL_NUMBER_LABEL})(?:/[^\W\d_]+)?\s*[:¦]?\s*"
    r"(?P<birth>\d{6}|\d{8})\s?(?P<sign>[-+]?)\s?(?P<serial>\d{4,5})(?!\d)",
    re.IGNORECASE,
)


def _national_birth(match: re.Match[str], today: date) -> date | None:
    """The birth date a Scandinavian identity number holds: Sweden's personnummer
    ([YY]YYMMDD-SSSS), Denmark's CPR number (DDMMYY-SSSS), Norway's fødselsnummer (DDMMYY
    and five digits); each country's own rule gives the century."""
    birth, serial = match.group("birth"), match.group("serial")
    label = match.group("label").casefold()
    if label.startswith("person") and len(serial) == 4:
        return _swedish_birth(birth, match.group("sign") == "+", today)
    if len(birth) != 6:
        return None
    short = int(birth[4:6])
    if label.startswith("cpr"):
        century = _danish_century(serial, short) if len(serial) == 4 else None
    else:
        century = _norwegian_century(serial, short) if len(serial) == 5 else None
    return _real_day(century + short, int(birth[2:4]), int(birth[:2])) if century else None


def _swedish_birth(birth: str, hundred: bool, today: date) -> date | None:
    """The year first; a two-digit year's century the one that makes its owner younger than a
    hundred, or (``+`` before the serial) a hundred or older."""
    year_text, month, day = birth[:-4], int(birth[-4:-2]), int(birth[-2:])
    if len(year_text) == 4:
        return _real_day(int(year_text), month, day)
    years = [century + int(year_text) for century in (1800, 1900, 2000)]
    plausible = [
        year for year in years if year <= today.year and (today.year - year >= 100) == hundred
    ]
    return _real_day(max(plausible), month, day) if plausible else None


def _danish_century(serial: str, short: int) -> int:
    """The CPR number's century, from the serial's first digit and the two-digit year."""
    first = int(serial[0])
    if first <= 3:
        return 1900
    if first in (4, 9):
        return 2000 if short <= 36 else 1900
    return 2000 if short <= 57 else 1800


def _norwegian_century(serial: str, short: int) -> int | None:
    """The fødselsnummer's century, from its individual number (the serial's first three
    digits) and the two-digit year; None for a combination no number is given."""
    individual = int(serial[:3])
    if individual <= 499 or (individual >= 900 and short >= 40):
        return 1900
    if individual >= 500 and short <= 39:
        return 2000
    if individual <= 749 and short >= 54:
        return 1800
    return None


def national_birth_dates(text: str, today: date) -> set[date]:
    """The birth dates the identity numbers written in ``text`` hold."""
    found = (_national_birth(number, today) for number in _NATIONAL_NUMBER.finditer(text))
    return {born for born in found if born is not None and born <= today}


def _real_day(year: int, month: int, day: int) -> date | None:
    try:
        return date(year, month, day)
    except ValueError:
        return None  # a D-number's or a coordination number's shifted day: no birth date


def birth_candidates(lines: Sequence[Line], order: DateOrder, today: date) -> Iterator[Candidate]:
    earliest = _years_before(today, OLDEST_PATIENT_YEARS)
    for line in lines:
        if relatives_line(line.text):
            continue  # a mother's, a guardian's birth date
        yield from _heading_birth(line, order, earliest, today)
        yield from _for_person_birth(line, order, earliest, today)
        for number in _NATIONAL_NUMBER.finditer(line.text):
            born = _national_birth(number, today)
            if born is not None and earliest <= born <= today:
                yield Candidate(born.isoformat(), line.text, 1)  # weaker than a birth label
        for match in _BIRTH.finditer(line.text):
            if match.group().strip() == "*" and not re.match(r"\d", line.text[match.end() :]):
                continue
            found = dates_in(line.text[match.end() : match.end() + 24], order)
            if not found or found[0].start != 0:
                continue
            if found[0].value is None:
                yield Candidate("", line.text, 0)  # ambiguous: blocks the field
                continue
            value = _with_century(found[0], earliest, today)
            yield Candidate(value.isoformat() if value else "", line.text, 0)


def expand_initial(name: str, text: str) -> str | None:
    """``William G Murphy`` (read from ``MURPHY, William G``) as the letter writes it in full
    elsewhere (``cc: Mr William Gareth Murphy``); None where it does not: a given name cut
    to its initial is no name to file a letter under."""
    words = name.split()
    short = [index for index, word in enumerate(words) if re.fullmatch(r"[A-ZÄÖÜ]", word)]
    if not short:
        return name
    index = short[0]
    pattern = (
        rf"(?<!\w){re.escape(' '.join(words[:index]))}\s+({words[index]}[^\W\d_]+)\s+"
        rf"{re.escape(' '.join(words[index + 1 :]))}(?!\w)"
    )
    found = {match.group(1) for match in re.finditer(pattern, text, re.IGNORECASE)}
    if len(found) != 1 or len(short) > 1:
        return None
    return " ".join([*words[:index], found.pop(), *words[index + 1 :]])
