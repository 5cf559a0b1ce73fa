"""The sender by the letter's layout: its letter head, else its signer; never its addressee."""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterator, Sequence

from babel import Locale

from docvault.facts.extract.base import (
    _BIRTH,
    _DOCUMENT_KIND,
    _PATIENT_LABEL,
    _SALUTATION,
    _SALUTATION_LINE,
    _TITLE_LABEL,
    Candidate,
    Line,
    read_name,
    same_person,
)
from docvault.facts.extract.dates import (
    dates_in,
)
from docvault.misreadings import fold as fold_misreadings
from docvault.textutil import without_accents

_ORGANISATION = re.compile(
    r"\b(?:Klinik\w*|\w*[Kk]linik\b|\w*[Kk]linikum|\w*[Kk]rankenhaus|\w*[Kk]liniken|Uni(?:versitäts)?klinik\w*|"
    r"Universitätsmedizin|Charité|\w*[Pp]raxis|MVZ|Medizinisches Versorgungszentrum|"
    r"\w*[Zz]entrum|\w*[Ss]pital\b|Hospital|Clinic\b|Infirmary|Surgery|Medical Cent(?:re|er)|"
    r"Health Cent(?:re|er)|"
    r"Practice|NHS|Trust|Labor\b|Laborgemeinschaft|Laboratorium|Laboratory|Laboratories|Institut|Institute|"
    r"Radiolog\w+|Patholog\w+|Diakonie|St\.\s|Associates|Group|Partners|P\.C\.|Imaging|"
    r"Diagnostics|Department|Cent(?:re|er)\b|Cardiology|Medicine\b|\w*[Zz]iekenhuis|"
    # "Zuyderland Medisch Centrum", "Centrum Medyczne …": a centre in Dutch and Polish.
    r"Medisch Centrum|Centrum\b|"
    # The Dutch university hospitals: "Maastricht UMC+", "Amsterdam UMC", "Radboudumc".
    r"\bM?UMC\b|\w+umc\b|"
    r"\w*[Pp]raktijk|Kliniek|Clinique|H[ôo]pital|H[ôo]pitaux|Centre [Hh]ospitalier|Cabinet|"
    r"Laboratoire|"
    r"CHU\b)",
)


# What else writes to a practice: pharmacies, insurers, pension and accident funds,
# authorities, courts, care services and homes, in the languages its letters come in.
_OTHER_ORGANISATION = re.compile(
    # "Linden-Apotheke", "Stadtapotheke", "Regionshospitalet"
    r"(?:[Aa]potheke|[Pp]flegedienst|[Pp]flegestation|[Hh]ospitalet)\b|"
    r"(?:[Ss]jukhus|[Ss]ykehus|[Ss]ygehus|[Vv]årdcentral)\w*|"
    r"\b(?:Pharmacy|Chemists?\b|Pharmacie|Apotheek|Apotek|Farmacia|Apteka|Eczane\w*|"
    r"(?:Renten|Kranken|Unfall|Pflege|Sozial|Reise)?[Vv]ersicherung\b|"
    r"(?:Kranken|Ersatz|Pflege|Unfall|Betriebskranken|Innungskranken)kasse\b|"
    # Austria's insurers: "Österreichische Gesundheitskasse", "Wiener Gebietskrankenkasse".
    # (Not AOK's slogan "Die Gesundheitskasse", which follows its name.)
    r"\b(?:Österreichische|Oesterreichische)\s+Gesundheitskasse\b|\w*[Gg]ebietskrankenkasse\b|"
    # The rescue and care charities: "Rotes Kreuz Burgenland", "Hilfswerk Niederösterreich –
    # Mobile Pflege Baden", "Caritas Socialis Mobile Pflege Wien".
    r"Rotes Kreuz|Roten Kreuz\w*|Red Cross|Croix-Rouge|Arbeiter-Samariter-Bund|Johanniter\w*|"
    r"Malteser\w*|Volkshilfe|Hilfswerk|Caritas|Mobile Pflege|Hauskrankenpflege|"
    # Switzerland's home care, accident insurer and disability insurance offices: "Spitex
    # Bern", "Suva", "IV-Stelle Luzern".
    r"Spitex\b|\bSuva\b|\bSUVA\b|IV-Stelle\b|"
    r"AOK\b|BKK\b|IKK\b|DAK\b|Barmer|BARMER|Knappschaft|Berufsgenossenschaft|Medizinischer Dienst|"
    r"(?:Landrats|Gesundheits|Versorgungs|Sozial|Jugend|Ordnungs|Standes|Bürger)?[Aa]mt\b|"
    r"(?:Amts|Land|Sozial|Verwaltungs|Arbeits|Familien)?[Gg]ericht\b|"
    r"(?:Gesundheits|Sozial)?[Bb]ehörde\b|Jobcenter|"
    # The district or town council that writes for an office ("Kreis Viersen", "Der Landrat").
    r"\b(?:Land|Rhein-\w+-)?[Kk]reis\b|Städte[Rr]egion\b|Kreisverwaltung|Stadtverwaltung|Gemeinde\b|Bezirksamt|"
    r"Magistrat\b|Regierungspräsidium|Landschaftsverband|Agentur für Arbeit|Kassenärztliche|"
    r"Ärztekammer|Sozialstation|(?:Pflege|Alten|Senioren|Wohn)heim\b|Seniorenresidenz|Hospiz|"
    r"Hospice|Insurance\s+(?:Ltd|Limited|plc|Inc|AG|GmbH|Company|Co\.?)|Assurance|Mutuelle|"
    r"Zorgverzekeraar|Council\b|Court\b|Authority|Agency|Nursing Home|Care Home|Home Care|"
    r"Health System|Healthcare|Ltd\b|Limited\b|Inc\.|LLC\b|GmbH\b|gGmbH\b|e\.\s?V\.|"
    r"Ospedale|Azienda|Clínica|Clinica\b|Szpital\b|Przychodnia|Hastane\w*|Lægehus|"
    r"Legekontor|Legesenter|[Nn]emocnic[ea]|Poliklinika|Ordinace|Ambulancia|Kórház|"
    r"B[ỆệE]NH VI[ỆệE]N|Bệnh viện|"
    # Estonian, Finnish and Latvian hospitals: "Tallinna Keskhaigla", "Meilahden sairaala".
    r"\w*[Hh]aigla\b|\w*[Ss]airaala\b|[Ss]limnīca\b|"
    r"Rendelő\w*|Centro de Salud|Centro Médico|Kommune\b|Kommun\b|Egyetem\b|Univerzit\w*|"
    r"Uniwersytet\w*|[Uu]niversitet\w*|[Ll]igoninė|[Kk]linikos|\w*[Лл]ікарня|\w*[Бб]ольница|\w*[Кк]лініка|"
    r"\w*[Кк]линика|[Пп]олікліні\w*|[Пп]оликлини\w*|[Гг]оспиталь|"
    # Serbian, Croatian, Bosnian, Slovenian, Romanian, Bulgarian, Greek hospitals and centres
    r"[Bb]olnic[aei]\b|[Bb]olnišnic\w*|[Bb]olnički|[Kk]linični center|[Cc]entar\b|"
    r"Dom zdravlja|Zdravstveni dom|Spitalul\b|\w*[Бб]олница|Νοσοκομε[ίι]\w*|Κλινική|"
    # Bulgaria's hospitals by their kind's letters: "УМБАЛ „Света Марина“", "МБАЛ Бургас".
    r"\bУ?МБАЛ\w*|"
    r"Kindertagesstätte|Kita\b|Schule\b|"
    # A therapists' practice by its craft and its name: "Physiotherapie Bewegungsraum".
    # "Physiotherapie am Kiebitzmarkt".
    r"(?:Physiotherapie|Physio|Ergotherapie|Logopädie|Podologie)"
    r"(?=\s+(?:(?:am|an der|im|in der|auf der)\s+)?[A-ZÄÖÜ])|"
    # A prison's, a works' or an office's medical service: "Justizvollzugsanstalt Celle",
    # "Werksärztlicher Dienst der …", "Sozialmedizinischer Dienst"; a company ("… AG").
    r"\w*[Aa]nstalt\b|\w*(?:ärztlich|medizinisch)er Dienst\b|\bAG\b|"
    # The doctors' out-of-hours service ("Ärztlicher Bereitschaftsdienst Erbach"); Portugal's
    # local health units ("Unidade Local de Saúde de São João").
    r"Bereitschaftsdienst\b|Unidade Local de Saúde|"
    # Albanian: "Spitali Universitar i Traumës".
    r"\bSpitali\b|"
    # A specialty's practice by its place: "Orthopädie am Rathaus", "Kardiologie im Zentrum".
    r"\b[A-ZÄÖÜ]\w+(?:logie|pädie|medizin|chirurgie|iatrie)\s+(?:am|an der|im|in der|auf der)\s+"
    r"[A-ZÄÖÜ])"
)


def _an_organisation(text: str) -> bool:
    """Whether a line names an organisation by a word the rules know (a capitals-only head,
    "LAKEVIEW REGIONAL MEDICAL CENTER", as its words capitalised)."""
    forms = (text, text.title()) if text.isupper() else (text,)
    return any(_ORGANISATION.search(form) or _OTHER_ORGANISATION.search(form) for form in forms)


RECIPIENT_START = re.compile(
    # Whole words: "TopPharm Apotheke", "Frauenklinik am Park", "Herrnhuter Diakonie" are heads.
    r"^(?:(?:Herrn?|Frau|An|An die|To|z\.\s?Hd|Mr|Mrs|Ms|Miss)\b:?|Dr\.? med\. .* \d{5})"
)


_CLOSING = re.compile(
    r"(?:Mit (?:freundlichen|kollegialen|besten|herzlichen) Gr(?:üß|üss|ues)en|Freundliche Grüße|"
    r"(?:Beste|Viele|Herzliche|Liebe) Grüße|Yours (?:sincerely|faithfully|truly)|"
    r"(?:Kind|Best|With best|Warm) regards|Sincerely|^(?:With )?[Bb]est(?: wishes)?,?$|"
    r"^Many thanks,?$|Met (?:vriendelijke|collegiale|hartelijke) groet(?:en)?|"
    r"(?:Bien )?[Cc]ordialement|Salutations (?:distinguées|confraternelles)|"
    r"(?:Bien )?[Cc]onfraternellement|Mat (?:beschte|frëndleche|frëndlechen) Gréiss|"
    r"Freundliche Gr(?:üss|ues)e|Mit freundlichem Gru(?:ß|ss)|Hochachtungsvoll|"
    # The closings of the letters from abroad.
    r"Med venlig hilsen|Med vennlig hilsen|Med vänlig(?:a)? hälsning(?:ar)?|"
    r"Vänliga hälsningar|Z poważaniem|Z wyrazami szacunku|S pozdravem|S pozdravom|S úctou|"
    r"Tisztelettel|Üdvözlettel|Atentamente|Saludos cordiales|Un saludo|Cordiali saluti|"
    r"Distinti saluti)",
    re.IGNORECASE,
)


_SIGNER = re.compile(
    r"^(?:(?:Prof\.|Dr\.|Dr\b|PD|Priv\.-Doz\.|Dipl\.-Med\.|Dipl\.-Psych\.)\s*"
    r"(?:(?:Dr\.|med\.|rer\. nat\.|habil\.)\s*)*)"
)


# A form's field labels: never a sender's name.
_FORM_LABEL = re.compile(
    r"\b(?:Krankenkasse|Kostenträger|Versicherte[rn]?|Vorname|Geb\.-?Datum|Arzt-Nr|"
    r"Betriebsstätten|Unterschrift|Stempel|Empfänger|Absender|Name des|Name der|Signature|"
    r"Insurance|Insurer|Policy|Member ID|Recipient|Addressee)\b|:\s*$|"
    # A reference block's labels, whose values stand beside them in another column:
    # "Versichertennummer", "Kundennummer", "Aktenzeichen", "Unser Zeichen", "Ansprechpartner/in".
    r"^[^\W\d_]*(?:nummer|zeichen)\b|^(?:Unser|Ihr|Ihre)\s+(?:Zeichen|Nachricht)\b|"
    r"^(?:Ansprechpartner|Sachbearbeiter|Bearbeiter)(?:/?in)?\b|^Durchwahl\b",
    re.IGNORECASE,
)
# A fund named by its own word before "Krankenkasse" ("Techniker Krankenkasse", "Hanseatische
# Krankenkasse"): a sender, not the form's field "Krankenkasse bzw. Kostenträger".
_NAMED_FUND = re.compile(r"\b(?!(?:Name|Ihre?|Unsere?)\b)[A-ZÄÖÜ][\w-]+\s+Krankenkasse\b")


def _form_label(text: str) -> bool:
    return bool(_FORM_LABEL.search(text)) and not _NAMED_FUND.search(text)


# A part of an organisation or a specialty, as a letter head's second line names it (the
# organisation's own name may be a logo, which the text does not carry): never the sender.
_SUBDIVISION = re.compile(
    r"^(?:Department|Dept\.?|Division|Section|Unit|Service|Directorate|Abteilung|Sektion|"
    r"Bereich|Sprechstunde|Ambulanz|Poliklinik|Klinik f(?:ü|ue)r|"
    r"Fach(?:ä|ae)rzt(?:e|in)? f(?:ü|ue)r|Facharzt f(?:ü|ue)r|"
    r"Institut f(?:ü|ue)r)\b|"
    # A hospital's department by its kind: "Medizinische Klinik", "Chirurgische Klinik II".
    r"^(?:Medizinische|Chirurgische|Neurologische|Psychiatrische|Urologische|Orthopädische|"
    r"Gynäkologische|Geriatrische|Kardiologische|Radiologische)\s+Klinik(?:\s+[IVX]+)?$|"
    r"^(?:General Practice|Family (?:Medicine|Practice)|Primary Care|Internal Medicine|"
    r"Allgemeinmedizin|Innere Medizin)$|"
    r"^[^\W\d_]*(?:logie|logy|graphy|graphie|medizin|medicine|chirurgie|surgery|iatrie|iatry)$",
    re.IGNORECASE,
)
# A labelled field ("Überweiser: Dr. med. …", "Laboratory Director: …"): not the letter head.
_LABELLED = re.compile(r"^[^:¦]{1,40}:\s")
# The CPU engine may glue a middle dot to the word before it ("BKK Rheinwerk· Postfach").
_SENDER_PARTS = re.compile(r"\s*[·•¦]\s*|\s+(?:[|–—]|-\s)\s*")


# A street, road or square: an address line, never a title.
STREET = re.compile(
    r"(?:stra(?:ß|ss)e|str\.|weg|allee|platz|gasse|ring|damm|ufer|chaussee)\b|"
    r"\b(?:Road|Street|Lane|Avenue|Drive|Close|Way|Square|Crescent|Place|Terrace|Rd|St|Ave)\b",
    re.IGNORECASE,
)


POSTCODE_LINE = re.compile(
    r"(?:^|\s)(?:D-)?\d{5}\s+[A-ZÄÖÜ]|\b[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}\b|"
    # Four digits before a town at an address part's start (CH, AT, DK, BE, AU, NZ; "1017 AB"
    # in the Netherlands), a state before its post code (AU "NSW 2010", US "TX 78704").
    r"(?:^|[,·•|]\s*)(?:[A-Z]{1,2}-)?\d{4}(?:\s?[A-Z]{2})?\s+[A-ZÄÖÜ][a-zäöüéè]|"
    r"\b(?:NSW|VIC|QLD|SA|WA|TAS|ACT|NT|[A-Z]{2})\s+\d{4}(?:\d(?:-\d{4})?)?\s*$|"
    # Poland's "45-061 Opole", Portugal's "1000-001 Lisboa" at an address part's start.
    r"(?:^|[,·•|]\s*)\d{2,4}-\d{3}\s+[A-ZÄÖÜŁŚŻ][a-zäöüéèąćęłńóśźż]"
)


# A letter head's tag line ("A member of Northshore Health Partners", "Akademisches
# Lehrkrankenhaus der Universität"): the group or the university, not the sender.
_TAGLINE = re.compile(
    r"^(?:An?\s+)?(?:member of|part of|affiliated|in (?:partnership|cooperation) with|"
    r"Teil (?:der|des)|Ein Unternehmen|Mitglied|In Kooperation|Akademisches Lehr|Lehrkrankenhaus|"
    r"Lehrpraxis|Kooperationspartner)",
    re.IGNORECASE,
)
# A heading of a compound German form ("Medikationsplan", "Therapieplan", "Laborauftrag"),
# which the title's words do not all name: never a sender.
_HEADING_COMPOUND = re.compile(
    r"^\w*(?:plan|schein|antrag|auftrag|formular|anfrage|auskunft|nachweis|protokoll|pass|"
    r"ausweis|bogen|blatt|übersicht|rechnung|kostenvoranschlag)$",
    re.IGNORECASE,
)
# The small words a name may hold in lower case; any other lower-case word makes a sentence
# or a heading ("Your appointment with the Cardiology Clinic"), not a name.
_NAME_SMALL_WORDS = frozenset(
    re.split(
        r"\s+",
        "für fuer of the and und & de der den des du la le les van von zu zum zur am an im in "
        "auf bei for et di del della e y en w na im. św. med. rer. nat. dent. univ. h.c. mbH "
        "gGmbH GmbH eG e.V. e. V. eK e.K. plc ve och og",
    )
)


# A word of a person's name: a capital and small letters ("Anna", "Müller-Lüdenscheidt",
# "O'Neill"); "SAPV-Team", "Orthopaedics" with its specialty ending, "Bay" of a place are
# told apart by `_a_person`.
_PERSON_WORD = re.compile(r"[A-ZÄÖÜ][a-zäöüßéèçñ]+(?:['’-][A-ZÄÖÜ]?[a-zäöüßéèçñ]+)*")
_PLACE_OR_SPECIALTY = re.compile(
    r"(?:logy|logie|paedics|pedics|iatrie|iatrics|medizin|medicine|chirurgie|surgery|Bay|"
    r"diagnostik|diagnostics|therapie|therapy|"
    r"Hill|Valley|Park|See|Tal|Berg|Team|Service|Dienst|Care|Pflege|Doctors|Ärzte|"
    # A town's name: "Landeshauptstadt Potsdam", "Hansestadt Lübeck"
    r"stadt)$",
    re.IGNORECASE,
)


def is_person_line(text: str) -> bool:
    """Whether a line is a person's name alone, with a title ("Dr. med. Selin Aydın") or
    without ("Jonas Brenner"): an address window's first line."""
    stripped = text.strip()
    title = _SIGNER.match(stripped)
    rest = stripped[title.end() :] if title else stripped
    return bool(rest) and (_a_person(rest) or bool(title and title.end() and read_name(rest)))


def _a_person(name: str) -> bool:
    """Whether a letter head's line is a person's name alone ("Anna Berger"), not an
    organisation the rules know no word of ("SAPV-Team Breisgau", "Hawke's Bay
    Orthopaedics")."""
    if _an_organisation(name) or read_name(name) != name:
        return False
    words = name.split()
    return all(_PERSON_WORD.fullmatch(word) for word in words) and not any(
        _PLACE_OR_SPECIALTY.search(word) for word in words
    )


def _small_words_after_organisation(name: str, words: Sequence[str]) -> bool:
    """A few words written small in an organisation's name, after (or in) the word that makes
    it one: "Klinikum rechts der Isar", "Univerzitetni klinični center Ljubljana" (not "Your
    visit to the Fracture Clinic", a sentence that names one at its end)."""
    small = [word for word in words if word.islower() and word not in _NAME_SMALL_WORDS]
    if not 1 <= len(small) <= 2 or not words[0][0].isupper():
        return False
    if not all(re.fullmatch(r"[^\W\d_]+", word) for word in small):
        return False
    found = [match.start() for pattern in (_ORGANISATION, _OTHER_ORGANISATION)
             if (match := pattern.search(name))]  # fmt: skip
    first_small = re.search(rf"(?<!\S){re.escape(small[0])}(?!\S)", name)
    return bool(found) and first_small is not None and min(found) <= first_small.start()


def _shaped_across_dash(name: str) -> bool:
    """`_name_shaped`, a dash between the name's parts ("Kurhaus Baden – Reha-Zentrum")."""
    return _name_shaped(name.replace(" – ", " "))


def _name_shaped(name: str) -> bool:
    """Whether ``name`` reads as an organisation's name: its words capitalised (or the
    small words a name holds), neither a tag line nor a form's heading, no logo's acronym
    alone ("NHS")."""
    if any(unicodedata.category(character) == "Cf" for character in name):
        return True  # a hidden control: the proposal's check refuses it, saying why
    words = name.split()
    if not words or _TAGLINE.match(name) or (len(words) == 1 and _HEADING_COMPOUND.match(name)):
        return False
    if len(words) == 1 and name.isupper() and len(name) <= 5:
        return False
    if words[0].isalpha() and words[0].islower():
        return False  # a logo's words written small ("tirol kliniken"), over the name
    cyrillic_named = bool(re.search(r"[А-Яа-яІЇЄҐЁ]", name)) and _an_organisation(name)
    # A hospital's word written small at the name's end, its adjectives small before it:
    # "Paula Stradiņa klīniskā universitātes slimnīca", "Helsingin yliopistollinen sairaala".
    small_noun_last = words[-1].islower() and _an_organisation(words[-1])
    if _small_words_after_organisation(name, words):
        return True
    return all(
        word[0].isupper()
        or word[0].isdigit()
        or word in _NAME_SMALL_WORDS
        or word[0] in "(&+-/«„“\"'"  # "«Γ. Παπανικολάου»", "„St. Marien“"
        # An operator's acronym in small letters before the name: "kbo-Inn-Salzach-Klinikum".
        or (re.match(r"[a-z]{2,5}-[A-ZÄÖÜ]", word) is not None and _an_organisation(word))
        # The languages that write a name's nouns small: "Fakultní nemocnice Plzeň",
        # "Skånes universitetssjukhus".
        or (word.islower() and _an_organisation(word))
        # An article elided before a name's word: "Azienda Sanitaria dell'Alto Adige".
        or re.fullmatch(r"(?:d|l|dell|dall|nell|all|sull|degl)['’][A-ZÀ-Ý][^\W\d_]+", word)
        is not None
        # A legal form written small: "Krajská nemocnice Liberec, a.s.", "s.r.o.", "p.o."
        or re.fullmatch(r"(?:[a-z]{1,3}\.){1,3}", word) is not None
        # A Cyrillic name's adjectives written small, its number sign: "Львівська міська
        # клінічна лікарня № 5", in a name that holds an organisation's word.
        # (a town's "м." or "г.", written small before its name, too).
        or ((word == "№" or re.fullmatch(r"[а-яіїєґё-]+\.?", word) is not None) and cyrillic_named)
        or (small_noun_last and re.fullmatch(r"[^\W\d_]+,?", word) is not None)
        for word in words
    )


_CONTACT = re.compile(
    r"\b(?:Tel|Telefon|Fax|Phone|Ph|E-?Mail|www)\b|@|http|\s[·•|¦]\s", re.IGNORECASE
)


def _address_blocks(lines: Sequence[Line]) -> set[int]:
    """Blocks that look like a recipient's address: a post code and no telephone, mail or
    web address (a letter head gives a way to answer; an address window does not)."""
    by_block: dict[int, list[str]] = {}
    for line in lines:
        by_block.setdefault(line.block, []).append(line.text)
    return {
        block
        for block, texts in by_block.items()
        if any(POSTCODE_LINE.search(text) for text in texts)
        and not any(_CONTACT.search(text) for text in texts)
    }


def sender_candidates(lines: Sequence[Line]) -> Iterator[Candidate]:
    """The letter head's organisation; else the signer. An organisation named in what may
    be the recipient's address (and no other letter head) leaves the sender open."""
    for candidate in _sender_candidates(lines):
        name = _tidied(candidate.value)
        if name and _GLUED_PAGE.search(candidate.evidence):
            name = _spelled_in_full(name, candidate.evidence, lines)
        yield Candidate(name, candidate.evidence, candidate.rank)


def letters_of(text: str) -> str:
    """A name's letters as the engine's misreads leave them comparable: no case, accent,
    space or punctuation, and each confusion class (i, l, 1, t; o, 0) one letter."""
    text = without_accents(text.casefold().replace("ß", "ss"))
    return re.sub(r"[^a-z0-9]", "", fold_misreadings(text))


def _spelled_in_full(name: str, evidence: str, lines: Sequence[Line]) -> str:
    """The name a fax machine's line cut at its width ("Kreiskrankenhaus Rendsburg-E S.
    1/2"), as the letter itself spells it in full ("Kreiskrankenhaus Rendsburg-Eckernförde"
    in its head, its "Von:" line or its footer); the name as read where it spells none."""
    cut = letters_of(name)
    for line in lines:
        if line.text == evidence or _GLUED_PAGE.search(line.text):
            continue
        for part in _SENDER_PARTS.split(line.text):
            part = re.sub(r"^[^\W\d_]{2,12}\s?:\s*", "", part.strip(" ,"))  # "Von: ..."
            whole = letters_of(part)
            if len(part) <= 80 and whole.startswith(cut) and len(whole) > len(cut):
                return part
    return name


# What the CPU engine glues to a letter head's name: the fax machine's page count
# ("Lakeside Cardiology Associates. S. 2/2", "St. Josefs-KrankenhausS. 2/2"), a telephone
# number before it ("03 88 45 21 99 Clinique Sainte-Odile"), a sentence's full stop.
# A fax machine's page count: "S. 2/2", "P.001/002", "Page 1 of 2", "Seite 1 von 3".
# (The CPU engine reads "S." as "S," or "5."; "Str." is a Czech or Polish machine's.)
_PAGE_COUNT = (
    r"(?:S[.,]|5\.|Str[.,]|Strana|Strona|Seite|P\.|Page|Blatt|Side|Sida)\s?\d{1,3}\s?"
    r"(?:/|of|von|af|av|z|ze)\s?\d{1,3}"
)
_GLUED_PAGE = re.compile(rf"\.?\s*{_PAGE_COUNT}\s*$", re.I)
_GLUED_NUMBER = re.compile(r"^\+?[\d()][\d ()/-]{6,}\.?\s+(?=[^\W\d_])")


# A kind of organisation alone ("Amt" over "Amt für Soziales" in a reference block): no
# one's name.
_KIND_ALONE = re.compile(
    r"(?:Amt|Behörde|Verwaltung|Gericht|Klinik|Klinikum|Krankenhaus|Praxis|Labor|Zentrum|"
    r"Hospital|Clinic|Practice|Surgery|Spital|Apotheke|Pharmacy|Kasse|Versicherung|"
    # A kind of practice in one word ("Hautarztpraxis", "Gemeinschaftspraxis"): no name.
    r"[^\W\d_]*praxis|Praxisgemeinschaft|"
    # A care service by its kind alone ("Ambulanter Pflegedienst" under "Caritas-Pflegestation
    # Nordeifel"): what it does, not who.
    r"(?:(?:Ambulante[rs]?|Häusliche[rs]?|Mobile[rs]?)\s+)?(?:Pflegedienst|Krankenpflege|Pflege|"
    r"Pflegestation|Sozialstation|Hospizdienst))\W*",
    re.IGNORECASE,
)


# A doctor named after the practice's name ("Herz- und Gefäßpraxis Leipzig-Süd, Dr. med. Ulf
# Sommerfeld"): the person is the practice's, not part of its name.
_PERSON_AFTER = re.compile(r",\s*(?:Dr\.|Prof\.|PD\b|Dipl\.-[^\W\d_]+\.).*$")


# A mailing's "Ihre AOK PLUS", "Your NHS": the organisation without the possessive.
_POSSESSIVE = re.compile(r"^(?:Ihre?|Your)\s+(?=[A-ZÄÖÜ])")


def _without_acronym(name: str) -> str:
    """``BGHM Berufsgenossenschaft Holz und Metall`` less its leading acronym, where the
    acronym is the initials of the name that follows (a logo's letters, then the name)."""
    words = name.split()
    if len(words) < 3 or not re.fullmatch(r"[A-ZÄÖÜ]{2,6}", words[0]):
        return name
    initials = [word[0] for word in words[1:] if word[0].isupper()]
    letters = iter(words[0])
    if not words[1][0].isupper():
        return name  # "CHR de la Citadelle": the acronym is the name's first word
    if initials and initials[0] == words[0][0] and all(i in letters for i in initials):
        return " ".join(words[1:])
    return name


# The words of a practice's or an organisation's name that tell no one from another: its
# kind, its doctors' titles, its fields and the small words ("Hausarztpraxis Dr. med. ... für
# Allgemeinmedizin und Innere Medizin"), and what a mail program prints over a mail.
NAMELESS_WORDS = frozenset(
    {"praxis", "hausarztpraxis", "gemeinschaftspraxis", "landarztpraxis", "arztpraxis",
     "praxisgemeinschaft", "hausarztzentrum", "hausarzt", "hausarztin", "hausarzte", "arzte",
     "medizinisches",
     "versorgungszentrum", "mvz", "gmbh", "ggmbh", "fur", "und", "allgemeinmedizin", "innere",
     "medizin", "med", "dres", "kolleginnen", "kollegen", "partner", "zentrum", "klinik",
     "clinic", "practice", "surgery", "webmail", "mail", "inbox", "portal", "nachricht",
     "message", "postfach", "the", "der", "die", "das", "dem", "den", "von", "and", "for"}
)  # fmt: skip


def name_words(name: str) -> set[str]:
    """The words of a name that tell it from others (four letters or more, each part of a
    hyphenated one too: "Nürnberg-Gostenhof" is also "Gostenhof"), without their accents."""
    # Turkish's dotless "ı" is no accent Unicode takes off: "Yıldırım" is "Yildirim" too.
    folded = without_accents(name.casefold()).replace("ı", "i")
    words = re.findall(r"[^\W\d_]+(?:-[^\W\d_]+)*", folded)
    found = {part for word in words for part in (word, *word.split("-")) if len(part) >= 4}
    return found - NAMELESS_WORDS


# Latin letters, and Greek or Cyrillic ones: a word with both is a misreading, no name.
_LATIN_LETTER = re.compile(r"[A-Za-z]")
_GREEK_OR_CYRILLIC = re.compile(r"[\u0370-\u03ff\u0400-\u04ff]")


def _mixed_scripts(word: str) -> bool:
    return bool(_LATIN_LETTER.search(word) and _GREEK_OR_CYRILLIC.search(word))


def _nameless(name: str) -> bool:
    """Words that name no one: "Gemeinschaftspraxis" under a receipt stamp, the "Praxis-
    Webmail" a mail program prints over a mail, a web or mail address."""
    if re.search(r"://|\bwww\.|@", name):
        return True
    if any(_mixed_scripts(word) for word in name.split()):
        return True  # "NOΣOKOMEIO": Greek capitals the CPU engine read half as Latin ones
    words = re.findall(r"[^\W\d_]+", without_accents(name.casefold()))
    return bool(words) and all(word in NAMELESS_WORDS for word in words)


# Viet Nam's motto ("Độc lập - Tự do - Hạnh phúc"), printed right of the hospital's name.
_STATE_MOTTO = re.compile(r"\s+Độc lập\b.*$|\s+ĐỘC LẬP\b.*$")


def _tidied(name: str) -> str:
    name = _STATE_MOTTO.sub("", name)
    name = _GLUED_NUMBER.sub("", _GLUED_PAGE.sub("", name)).strip()
    if _an_organisation(_PERSON_AFTER.sub("", name)):
        name = _PERSON_AFTER.sub("", name)
    name = _without_acronym(_POSSESSIVE.sub("", name))
    if _KIND_ALONE.fullmatch(name) or _nameless(name):
        return ""
    last = name.split()[-1] if name.split() else ""
    if len(name.split()) >= 3 and re.fullmatch(r"[A-ZÄÖÜ]", last):
        return ""  # cut at a column ("University of Cambridge Occupational H"): unsure
    if name.endswith(".") and last.count(".") == 1 and len(last) > 4:
        name = name[:-1]  # "... Health Service.", but "e.V.", "St." and "Dr." keep theirs
    return name


def _sender_candidates(lines: Sequence[Line]) -> Iterator[Candidate]:
    if _mail_printout(lines):
        yield _mail_signature(lines)
        return
    requested = _insurer_request(lines)
    if requested is not None:
        yield requested
        return
    head = _letterhead(lines)
    if head is not None and not head.value:
        # A head whose name the rules do not know: a sender the letter labels, else none.
        yield _form_stamp(lines) or _labelled_sender(lines) or head
        return
    letterhead = head and _fuller_in_return_line(head, lines)
    letterhead = letterhead or _form_stamp(lines) or _labelled_sender(lines)
    if letterhead is not None:
        yield letterhead
        return
    named, unsure = _first_organisation(lines)
    returned = _return_line(lines)
    if named is not None and not _above(returned, named, lines):
        yield _fuller_in_return_line(named, lines)
        return
    # The return address names the sender where the head's first organisation may be the
    # recipient's, comes only under the return line (a reference block's "Amt für Soziales"
    # under "Kreis Viersen · Rathausmarkt 3 · 41747 Viersen"), or is none the rules know.
    if returned is not None:
        yield returned
        return
    # A letter without a head, signed with its sender's stamp: "Mit freundlichen Grüßen"
    # over "Rehazentrum Eifelhöhe · Kurallee 4 · 53902 Bad Münstereifel".
    stamped = _closing_stamp(lines)
    if stamped is not None:
        yield stamped
        return
    doctor = _doctor_heading(lines)
    if doctor is not None:
        yield doctor
        return
    if unsure is not None and (abroad := _head_without_street(unsure, lines)) is not None:
        yield Candidate(abroad, unsure.text, 0)
        return
    if unsure is not None:
        yield Candidate("", unsure.text, 0)  # perhaps the recipient's: propose no sender
        return
    signers = list(_signers_of_unnamed_head(lines))
    yield from signers or _private_signer(lines)


def _private_signer(lines: Sequence[Line]) -> Iterator[Candidate]:
    """A note with no head, only a salutation (and perhaps its date) over its text, signed
    with a person's name under its thanks ("Vielen Dank!" over "Sabine Kunze"): a relative's
    or a neighbour's note, whose writer is its sender."""
    first = _first_line_under_fax_header(lines)
    below = lines[lines.index(first) :] if first is not None else []
    opening = next((line for line in below if not _dated_only(line.text)), None)
    if opening is None or not _SALUTATION_LINE.match(opening.text):
        return
    start = lines.index(opening)
    thanks = [at for at, line in enumerate(lines) if at > start and _THANKS.search(line.text)]
    if not thanks:
        return
    for at in range(thanks[-1] + 1, min(thanks[-1] + 4, len(lines))):
        line = lines[at]
        if _YOURS_ALONE.fullmatch(line.text.strip()):
            continue  # "Ihre" over the name
        signed = line.text.split(",")[0]  # "Anneliese Bauer, Nachbarin"
        name = read_name(signed)
        under = lines[at + 1].text if at + 1 < len(lines) else ""
        if _BIRTH.search(f"{line.text} {under}"):
            return  # "Wolfgang Nguyen" over "(geb. 4.1.1931)": the patient's own note
        if name and len(name.split()) >= 2 and len(name.split()) == len(signed.split()):
            yield Candidate(name, line.text, 1)
        return


def _dated_only(text: str) -> bool:
    """A note's own date over its salutation: "07.09.26", "Ebermannstadt, 30.9.2026"."""
    return bool(dates_in(text)) and len(text.split()) <= _DATE_LINE_WORDS


_DATE_LINE_WORDS = 4  # "Bad Elster, den 3.9.2026"
# The thanks or the closing a note's writer signs under (a line's last words too: "Wir
# holen es Freitag ab. Danke!").
_THANKS = re.compile(
    rf"{_CLOSING.pattern}|^(?:Vielen|Herzlichen|Besten|Tausend) Dank\b|^Danke\b|"
    r"^Thank you\b|^Thanks\b|\b(?:Vielen Dank|Danke(?: schön)?|Thank you|Thanks)\s*[!.]\s*$",
    re.IGNORECASE,
)
_YOURS_ALONE = re.compile(r"(?:Ihre?|Deine?|Eure?|Yours)[,.!]?", re.IGNORECASE)


# A street and its house number alone on a line ("Am Dom 2", "Lindenhof 12a").
_HOUSE_NUMBER_LINE = re.compile(r"[^\W\d_][^\d,·]*\s\d{1,4}[a-z]?\s*$")


def _head_without_street(line: Line, lines: Sequence[Line]) -> str | None:
    """The name of an organisation that may be an address's, where it is the page's first
    line and the lines under it give a department and a town but no street with its number
    and no person ("Mercy General Hospital" over "Department of Emergency Medicine, Boston,
    MA 02114"): a head from abroad, which names no recipient. A recipient's window gives
    its street ("Praxis am Markt" over "Marktstraße 4")."""
    if line is not _first_line_under_fax_header(lines):
        return None
    below = lines[line.number + 1 : line.number + 3]
    for following in below:
        text = following.text
        if (STREET.search(text) and re.search(r"\d", text)) or RECIPIENT_START.match(text):
            return None
        if _HOUSE_NUMBER_LINE.match(text):
            return None  # "Am Dom 2": a street the rules know no word of
        if _titled(text):
            return None  # "Dr. med. Anna Roth": a person's line, an address's
    name = head_name(line)
    return None if name is None else _with_hospital_below(name, lines, line.number)


def _fuller_in_return_line(named: Candidate, lines: Sequence[Line]) -> Candidate:
    """The return-address line's name where it spells the head's more fully: the name the
    head breaks over two lines ("Deutsche Rentenversicherung" / "Rheinland"), or a logo's
    name the head gives apart from its description ("Haus Wiesengrund" over "Kurklinik für
    Mutter/Vater und Kind"; the return line: "Kurklinik Haus Wiesengrund")."""
    returned = _return_line(lines)
    if returned is None or returned.value == named.value:
        return named
    fuller = named.value.casefold() in returned.value.casefold()
    first = _first_line_under_fax_header(lines)
    logo = first is not None and first.text != named.evidence and len(first.text) >= 4
    if fuller or (logo and first is not None and first.text in returned.value):
        return returned
    return named


def _above(upper: Candidate | None, lower: Candidate, lines: Sequence[Line]) -> bool:
    """Whether ``upper``'s line comes before ``lower``'s on the page."""
    texts = [line.text for line in lines]
    return upper is not None and texts.index(upper.evidence) < texts.index(lower.evidence)


def _closing_stamp(lines: Sequence[Line]) -> Candidate | None:
    """The organisation a letter's end names with its address, under the closing formula
    or in the last lines (a stamp, a footer): the sender, where the head names none."""
    closings = [position for position, line in enumerate(lines) if _CLOSING.search(line.text)]
    start = closings[-1] + 1 if closings else max(len(lines) - _STAMP_LINES, 0)
    # Only past the letter's body (its salutation, its patient): the address window over it
    # names an organisation with its address too, the recipient's.
    body = next(
        (position for position, line in enumerate(lines) if _BODY_START.search(line.text)), None
    )
    if body is None:
        return None
    start = max(start, body + 1)
    for position in range(start, min(start + _STAMP_LINES, len(lines))):
        line = lines[position]
        if position and _ROLE_FIELD.match(lines[position - 1].text):
            continue  # "Kopie an" over the practice: the copy's addressee
        head = _organisation_named(line)
        below = [line.text, *(other.text for other in lines[position + 1 : position + 3])]
        if head and any(POSTCODE_LINE.search(text) for text in below):
            return Candidate(head, line.text, 0)
    return None


# A stamp's or a signature's lines after the closing: the signer, a role, the organisation.
_STAMP_LINES = 6


# Where a letter's body has begun: its salutation, its patient's name or birth date.
_BODY_START = re.compile(
    rf"{_SALUTATION_LINE.pattern}|{_PATIENT_LABEL.pattern}|{_BIRTH.pattern}", re.IGNORECASE
)


# A form's field naming another doctor or place, its value on the line under it.
_ROLE_FIELD = re.compile(
    r"^(?:Usual GP|GP|General practitioner|Family doctor|Referring \w+|Referred by|Referrer|"
    r"Transferred to|Hausarzt|Hausärztin|Hausarzt/-ärztin|Überweiser\w*|Einsender\w*|"
    r"Empfänger\w*|Verlegt nach|Ziel|Kopie an|cc|Recipient|Addressee|"
    # the addressee's label alone on its line, in one language or two: "To / An:", "À :"
    r"(?:To|An|À|Aan|Destinataire)(?:\s*/\s*(?:To|An|À|Aan))?)\s*[:/]?\s*$",
    re.IGNORECASE,
)


def _address_follows(lines: Sequence[Line], position: int) -> bool:
    """Whether a post code's line comes within the four lines under ``position``."""
    return any(POSTCODE_LINE.search(line.text) for line in lines[position + 1 : position + 5])


def _answered(lines: Sequence[Line], position: int) -> bool:
    """Whether the lines under ``position`` give a way to answer: a letter head's address."""
    return any(_ANSWER_BY.search(line.text) for line in lines[position + 1 : position + 7])


def _doctor_first(head: str) -> bool:
    """A line naming a doctor first ("Dr Tom Ngata, Harbourside General Practice"): a
    person with their practice, as a form's field or an address gives it; the line under
    it is their role ("Médecin généraliste"), no letter's heading."""
    title = _SIGNER.match(head)
    return bool(title and title.end() and read_name(head[title.end() :]))


def _fax_machine_part(lines: Sequence[Line], position: int) -> bool:
    """Whether a line at the page's top is part of the fax machine's line as the CPU engine
    splits it: the line with the machine's number or time ("FAX +48 71 788 33 01 SZPITAL
    FALKIEWICZA"), or its owner's name between that and the page count ("LHD
    GESUNDHEITSAMT" over "S. 1/1"), which names the owner cut short."""
    if position >= 6:
        return False
    if _MACHINE_LINE.search(lines[position].text):
        return True  # (a page count alone may be glued to the head's name: "… Associates. S. 2/2")
    above = lines[position - 1].text if position else ""
    if not _MACHINE_LINE.search(above):
        return False
    # Its owner's name with the page count on the same line ("9 Landkreis Goslar S. 2/2",
    # "Berufsgenossenschaft Holz un S. 1/1"), unless the letter spells that name in full
    # (then the cut name is the sender's, as the letter spells it), or with the count on the
    # next line.
    text = lines[position].text
    if _PAGE_AT_END.search(text):
        name = _GLUED_PAGE.sub("", text).strip()
        return _spelled_in_full(name, text, lines) == name
    return _page_count_follows(lines, position)


# The machine's time or its own number on a line: the fax machine's, never a head's.
_MACHINE_LINE = re.compile(
    # Its own number in capitals, as the machine prints it ("FAX 05321 76-509"; a letter
    # head's "Fax: 05321 ..." is written small).
    r"\b\d\d?:\d[\dOBS]\b|^\W*(?:Tele)?fax\s*:?\s*\+\d|^\W*(?-i:FAX)\s*:?\s*\d",
    re.I,
)


def _to_whom(text: str) -> bool:
    """A line that says whom the letter is for ("An Praxis Zschornack" on a note with no
    address, "To: Harbourside Medical Centre"), not "An der Alster" as a name's start."""
    return bool(re.match(r"(?:An|To|z\.\s?Hd\.?)\s*:?\s+(?!der\b|dem\b|den\b)", text))


def _doctor_heading(lines: Sequence[Line]) -> Candidate | None:
    """The doctor whose name heads the page, with a way to answer under it, who signs the
    letter too ("Dr. med. Elisabeth Wenzel" over "Hautarztpraxis · Allergologie" and her
    telephone): her own letter head, not an address window's first line."""
    first = _first_line_under_fax_header(lines)
    if first is None or not _titled(first.text) or not is_person_line(first.text):
        return None
    below = lines[first.number + 1 : first.number + 4]
    if not any(_ANSWER_BY.search(line.text) for line in below):
        return None
    name = first.text.strip()
    if any(same_person(signer.value, name) for signer in _signers(lines)):
        return Candidate(name, first.text, 0)
    if _signed_with_initial(name, lines):
        return Candidate(name, first.text, 0)
    return None


def _signed_with_initial(name: str, lines: Sequence[Line]) -> bool:
    """Whether the head's doctor signs with her given name's initial ("Dr Carole
    Wagner-Thill" signs "Dr C. Wagner-Thill") on one of the letter's last lines."""
    words = _SIGNER.sub("", name).split()
    if len(words) < 2:
        return False
    initial, surname = re.escape(words[0][0]), re.escape(words[-1])
    signed = re.compile(rf"(?:(?:Dr|Prof)\.?\s*(?:med\.\s*)?)?{initial}\.\s*{surname}")
    return any(signed.fullmatch(line.text.strip()) for line in lines[-_LAST_LINES_SIGNED:])


# A slogan after a sender's name: a phrase that starts with an article or a possessive
# ("Die Gesundheitskasse", "Ihre Pflege zu Hause", "Your health, our care"), no place or
# campus. (An office so written, "Der Landrat", is the same sender's too.)
SLOGAN = re.compile(r"(?:Die|Der|Das|Ihre?|Unsere?|Wir|Für|Your|Our|We)\s", re.IGNORECASE)


def _acronym_with_slogan(parts: Sequence[str]) -> str | None:
    """ "AOK – Die Gesundheitskasse in Hessen": an insurer's letters alone, which name no one
    without the slogan its head prints them with; the two are its name."""
    if len(parts) == 2 and re.fullmatch(r"[A-ZÄÖÜ]{2,5}", parts[0]) and SLOGAN.match(parts[1]):
        return f"{parts[0]} – {parts[1]}" if _an_organisation(parts[0]) else None
    return None


# An English hospital's trust line under its name, naming no trust of its own.
_TRUST_ALONE = re.compile(r"(?:NHS\s+)?(?:Foundation\s+)?Trust|NHS")


def _first_organisation(lines: Sequence[Line]) -> tuple[Candidate | None, Line | None]:
    """The first organisation the page's head names outside what may be an address, and
    the first one inside such a block (which may be the recipient)."""
    recipient_blocks = {line.block for line in lines if RECIPIENT_START.match(line.text)}
    recipient_blocks |= _address_blocks(lines)
    if len({line.block for line in lines[:15]}) < 3:
        recipient_blocks = set()  # no paragraphs (the CPU engine): the lines alone tell
    addressed = recipients = _recipient_lines(lines)
    unsure = None
    address_given = False  # the head has given an address: a later one is the recipient's
    heads_over = False
    for position, line in enumerate(lines):
        if _fax_machine_part(lines, position):
            continue
        if _SALUTATION_LINE.match(line.text) or line.number > 15 or _running_text(line.text):
            break  # the letter's text has begun: no head below it
        if address_given and _address_follows(lines, position):
            addressed = addressed | {position}
        if _PATIENT_LABEL.search(line.text) or _BIRTH.search(line.text):
            heads_over = True  # the patient's address is no letter head's
        if not heads_over and position not in recipients:  # the letter head's own address
            address_given = address_given or bool(POSTCODE_LINE.search(line.text))
        head = _group_and_hospital(line.text) or _portals_owner(line.text)
        parts = _head_parts(line.text)
        if not head and _town_after_dash(parts, line.text):
            head = line.text.strip()  # "УМБАЛ „Света Марина“ – Варна"
        head = head or _acronym_with_slogan(parts) or parts[0]
        if (office := _town_and_office(line.text)) is not None and position not in addressed:
            return Candidate(office, line.text, 0), unsure
        if _RUN_INTO_STREET.search(head):
            continue  # "… Braunschweig-Hannoverweihe 2": the name ran into its street's end
        if _KIND_ALONE.fullmatch(head):
            continue  # "Hautarztpraxis · Allergologie" under its doctor's name: what, not who
        if _TRUST_ALONE.fullmatch(head):
            continue  # "NHS Foundation Trust" under "Chelsea and Westminster Hospital": its kind
        kind = _DOCUMENT_KIND.search(head)
        if (kind and not _named_past_kind(head, kind)) or _PATIENT_LABEL.search(line.text):
            # "Radiologischer Befund" is the letter's title, not its sender ("Orotta
            # National Referral Hospital" is one: its kind's word comes before the hospital)
            continue
        if not (
            _an_organisation(head)
            and not re.search(r"\d{4,}|@|\b(?:Tel|Telefon|Fax|Telefax)\b", head)
        ):
            continue
        if _form_label(head) or _LABELLED.match(line.text):
            continue
        if _SUBDIVISION.search(head) and not _named_institute(head, line, lines):
            continue
        if not _shaped_across_dash(head):
            continue  # a sentence, a tag line or a logo's letters
        if (position and _ROLE_FIELD.match(lines[position - 1].text)) or _doctor_first(head):
            continue  # "Usual GP" over "Dr Tom Ngata, Harbourside General Practice"
        if position and _FORM_LABEL.search(lines[position - 1].text):
            continue  # "Krankenkasse bzw. Kostenträger" over "AOK Hessen": the form's value
        named = _with_hospital_below(_with_word_above(head, lines, position), lines, position)
        if _abroad_address_under(lines, position) and len(head) <= 80:
            return Candidate(named, line.text, 0), unsure
        if line.block in recipient_blocks or position in addressed or _to_whom(line.text):
            unsure = unsure or line
            continue
        if (
            unsure is not None
            and _address_follows(lines, position)
            and not _answered(lines, position)
        ):
            continue  # two organisations over bare addresses, one the recipient's: which, unknown
        if len(head) <= 80:
            return Candidate(named, line.text, 0), unsure
    return None, unsure


# A name's part that ends in a house number after a word written small: where the CPU engine
# lost the separator and the street's first word between them.
_RUN_INTO_STREET = re.compile(r"[a-zäöüß]\s\d{1,4}[a-z]?$")


# The languages of the letters a practice gets from abroad, for the names of their countries.
_COUNTRY_LOCALES = (
    "de en fr it es pt nl pl cs sk hu ro bg uk ru sr hr bs sl sq el tr da sv nb fi et lv lt vi"
)


@functools.cache
def _countries_abroad() -> frozenset[str]:
    """Every country's name but Germany's, in the languages of the letters from abroad
    ("Österreich", "България", "Україна"), folded for comparison."""
    names = set()
    for locale in _COUNTRY_LOCALES.split():
        for code, name in Locale.parse(locale).territories.items():
            if len(code) == 2 and code.isalpha() and code != "DE":
                names.add(name.casefold())
    return frozenset(names)


def _abroad_address_under(lines: Sequence[Line], position: int) -> bool:
    """Whether the address under an organisation's line ends with a country abroad ("…, 6020
    Innsbruck, Österreich"): a letter head from abroad, never the practice's own address
    window (a practice writes no country into its own address)."""
    for following in lines[position + 1 : position + 3]:
        last = re.split(r",|·", following.text)[-1].strip(" .").casefold()
        if re.search(r"\b\d{3,6}\b", following.text) and last in _countries_abroad():
            return True
        if _FOREIGN_POSTCODE.search(following.text):
            return True  # "…, Oldham OL1 2JH", "Boston, MA 02114": no German post code
    return False


# A British post code, or a US state's ZIP code, ending an address line.
_FOREIGN_POSTCODE = re.compile(
    # (The US forces' "APO AE 09136" too.)
    r"\b[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}\s*$|,\s*(?:[AF]PO\s+)?[A-Z]{2}\s+\d{5}(?:-\d{4})?\s*$"
)


def _running_text(text: str) -> bool:
    """A sentence's line ("Zu der Meldung mit Erkrankungsbeginn am 22.11.2025 bitten wir
    um Angaben zu"): eight words or more, no separator a head's parts have, ending small or
    on a stop."""
    words = text.split()
    if len(words) < 8 or _SENDER_PARTS.search(text):
        return False
    return text.rstrip().endswith((".", ",")) or words[-1][0].islower()


def _named_past_kind(head: str, kind: re.Match[str]) -> bool:
    """Whether a kind of letter's word stands inside an organisation's name, two words or
    more into it and before its organisation's word ("Orotta National Referral Hospital";
    not "Message Center", "Kurze Nachricht von Praxis zu Praxis")."""
    return len(head[: kind.start()].split()) >= 2 and _an_organisation(head[kind.end() :])


# An institute named beyond its specialty: "Institut für Pathologie Nordhessen".
_NAMED_INSTITUTE = re.compile(
    # "Institut für Pathologie Dreisamtal", "Institut für Pathologie am Holstentor"
    r"Institut für [^\W\d_]+(?:\s+(?:am|an der|im|in der|auf der|zu)?\s*[A-ZÄÖÜ][\w-]+)+"
)


def _named_institute(head: str, line: Line, lines: Sequence[Line]) -> bool:
    """Whether the head's first line is an institute with a name of its own (not a
    department under a hospital's name above it)."""
    return line is _first_line_under_fax_header(lines) and bool(_NAMED_INSTITUTE.fullmatch(head))


# A practice's description under its name: "Praxis für Krankengymnastik, Manuelle Therapie".
_DESCRIPTION = re.compile(
    r"(?:Praxis|Gemeinschaftspraxis|Zentrum|Fachklinik|Privatpraxis|Facharztpraxis)\s+(?:für|for)\s"
)


def _name_over_description(word: str) -> bool:
    """Whether the head's first line is a name (not a person, a kind, a number or a label)."""
    if not _name_shaped(word) or _DOCUMENT_KIND.search(word) or _a_person(word):
        return False
    return len(word) <= 60 and not re.search(r"\d|@|[·|:]", word)


# A town's or a district's administration, on the head's first line over the office that
# writes ("Landeshauptstadt Dresden" over "Gesundheitsamt · Infektionsschutz").
_MUNICIPALITY = re.compile(
    r"(?:Landeshauptstadt|Freie und Hansestadt|Hansestadt|Stadt|Große Kreisstadt|Landkreis|"
    r"Kreis|Bezirksamt|Gemeinde|Markt)\s+[A-ZÄÖÜ][\w.-]*"
    # "Frankfurt am Main", "Neustadt an der Weinstraße"
    r"(?:[\s-](?:(?:am|an der|im|in der|ob der)\s)?[A-ZÄÖÜ][\w.-]*){0,3}"
)
_OFFICE = re.compile(r"[A-ZÄÖÜ][\wäöüß-]*(?:amt|behörde)|Amt für [^\d]{3,60}")


def _town_and_office(text: str) -> str | None:
    """A town and its office on one line, as two lines give them too: "Stadt Dortmund –
    Versorgungsamt · Rheinische Straße 173" names "Stadt Dortmund – Versorgungsamt"."""
    parts = [part.strip(" ,") for part in _SENDER_PARTS.split(text)]
    if len(parts) > 1 and _MUNICIPALITY.fullmatch(parts[0]) and _OFFICE.fullmatch(parts[1]):
        return f"{parts[0]} – {parts[1]}"
    return None


def _with_word_above(head: str, lines: Sequence[Line], position: int) -> str:
    """The name with the page's first line where that is one word of it over the rest: a
    name broken over the head's lines ("ORTHOPÄDIE" over "ZENTRUM LINDENTHAL", "BKK" over
    "Rheinwerk")."""
    first = _first_line_under_fax_header(lines)
    if first is None or position == 0 or lines[position - 1].number > first.number:
        return head  # the word above is no head's first line (a fax header's capitals are)
    word = lines[position - 1].text.strip()
    if _state_alone(word):
        return head  # "Bundeswehr" over its unit: the forces, as a state over its hospital
    if _DESCRIPTION.match(head) and _name_over_description(word):
        return word  # the name over its description: "Physiotherapie Bewegungsraum"
    if _MUNICIPALITY.fullmatch(word) and _OFFICE.fullmatch(head):
        return f"{word} – {head}"  # "Landeshauptstadt Dresden" over its "Gesundheitsamt"
    # "RHEINISCHE PRIVATE" over "Krankenversicherung AG": the name's adjectives in capitals.
    words = word.split()
    adjectives = 2 <= len(words) <= 3 and word.isupper() and re.search(r"(?:E|ER|ES)$", word)
    one_word = re.fullmatch(r"[^\W\d_][^\W\d_-]*", word)
    if not (one_word or adjectives) or _DOCUMENT_KIND.search(word):
        return head
    if _HEADING_COMPOUND.match(word):
        return head  # "Pflegeüberleitungsbogen" over the name: the form's heading
    if word.casefold() in head.casefold().split():
        return head  # "Rheinwerk" over "BKK Rheinwerk": the name is whole already
    joined = f"{word} {head}"
    return joined if len(joined) <= 80 and _name_shaped(joined) else head


# A form's field for the sending doctor's stamp, printed under it.
_STAMP_FIELD = re.compile(r"(?:Vertragsarzt|Arzt|Praxis)?stempel\b|Stamp of", re.IGNORECASE)


def _form_stamp(lines: Sequence[Line]) -> Candidate | None:
    """A form's sender: the organisation its stamp names, in the lines right above the
    stamp's field (``Vertragsarztstempel / Unterschrift des Arztes``)."""
    fields = [index for index, line in enumerate(lines) if _STAMP_FIELD.search(line.text)]
    if not fields:
        return None
    # Printed over its field, or (a form filled in under the field) on the lines under it.
    above, below = lines[max(fields[-1] - 6, 0) : fields[-1]], lines[fields[-1] + 1 :][:4]
    for line in [*above, *below]:
        if head := _organisation_named(line):
            return Candidate(head, line.text, 0)
    return None


# The form an insurer sends a practice to report on a patient (Muster 52: "Bericht für die
# Krankenkasse bei Fortbestehen der Arbeitsunfähigkeit", "Anfrage der Krankenkasse").
_INSURER_REQUEST = re.compile(
    r"Muster\s*52\b|Anfrage der Krankenkasse|Bericht für die Krankenkasse", re.IGNORECASE
)
_INSURER_FIELD = re.compile(r"Krankenkasse bzw\. Kostentr\w*\s*:?\s*", re.IGNORECASE)


def _insurer_request(lines: Sequence[Line]) -> Candidate | None:
    """The insurer an insurer's request names in its insurance field: the form's sender
    (on a referral form the same field names the patient's insurer, who sent nothing)."""
    head = lines[:_REQUEST_LINES]
    if not any(_INSURER_REQUEST.search(line.text) for line in head):
        return None
    for position, line in enumerate(head):
        field = _INSURER_FIELD.search(line.text)
        if field is None:
            continue
        value = line.text[field.end() :].strip() or (
            lines[position + 1].text.strip() if position + 1 < len(lines) else ""
        )
        if _an_organisation(value) and _name_shaped(value) and len(value) <= 80:
            return Candidate(value, line.text, 0)
        return None
    return None


# Where an insurer's request names itself and its field: the form's first lines.
_REQUEST_LINES = 20


# A field that names the sender: the medication plan's "ausgedruckt von", a form's
# "Absender" (never "Einsender", which a laboratory prints for the practice it answers).
_SENDER_LABEL = re.compile(r"^(?:ausgedruckt von|Absender(?:in)?)\s*:\s*", re.IGNORECASE)


def _labelled_sender(lines: Sequence[Line]) -> Candidate | None:
    """The organisation a sender's field names, in the page's first lines."""
    for line in lines[:20]:
        label = _SENDER_LABEL.match(line.text)
        if label is None:
            continue
        value = _SENDER_PARTS.split(line.text[label.end() :])[0].strip(" ,")
        # "Brüderkrankenhaus St. Matthias Trier, Klinik für Geriatrie, Tel. ...": the name
        # before its department and its numbers.
        first = re.split(r",\s+", value)[0]
        value = first if _an_organisation(first) else value
        if _an_organisation(value) and _name_shaped(value) and len(value) <= 80:
            return Candidate(value, line.text, 0)
    return None


# The return address over a window envelope's address ("Praxis Roth · Seeweg 3 · 8002
# Zürich", "Deutsche Rentenversicherung Westfalen, 28195 Bremen"): the sender's own line.
_RETURN_PARTS = re.compile(r"\s*[·•]\s*|\s+\|\s+|,\s+")


def _return_line(lines: Sequence[Line]) -> Candidate | None:
    """The sender a return-address line names: an organisation's name, then its street or
    post box and its town, with an address (the recipient's) in the lines under it."""
    for position, line in enumerate(lines[:16]):
        parts = _RETURN_PARTS.split(line.text.strip())
        if (
            len(parts) < 2
            or _LABELLED.match(line.text)
            or _CONTACT.search(line.text.replace("·", ""))
        ):
            continue
        name = parts[0].strip()
        addressed = any(
            POSTCODE_LINE.search(part) or part.startswith(("Postfach", "P.O. Box"))
            for part in parts[1:]
        )
        # "Justizvollzugsanstalt Wolfenbüttel · Wolfenbüttel": the head's first line again
        # with its town alone, over an address window that an information block interleaves.
        repeated = _repeats_head(name, parts[1:], lines[:position])
        reach = _REPEATED_REACH if repeated else _RETURN_REACH
        recipient = any(
            POSTCODE_LINE.search(below.text) for below in lines[position + 1 : position + reach]
        )
        if repeated and recipient:
            return Candidate(name, line.text, 0)
        if not (addressed and recipient) or _a_person(name) or re.search(r"\d", name):
            continue
        # "Chicago, IL 60614": a town before its state is an address's line, not a name.
        named = _an_organisation(name) or len(parts) >= 3 or len(name.split()) >= 2
        if not named or re.match(r"[A-Z]{2}\s+\d{5}", parts[1]):
            continue
        # A return line may shorten the name ("Kardiol. GP am Wall"): it counts only where the
        # letter head above it spells the same words.
        above = {
            word
            for other in lines[:position]
            # The fax machine's line shortens the name too ("PNEUMOLOGISCHE GP BIELEFEL").
            if not (_FAX_HEADER.search(other.text) or other.text.isupper())
            for word in other.text.split()
        }
        confirmed = set(name.split()) <= above
        if confirmed and _name_shaped(name) and not _SUBDIVISION.search(name) and len(name) <= 80:
            return Candidate(_spelled_out(name, lines[:position]), line.text, 0)
    return None


_RETURN_REACH = 7  # the lines under a return line that hold the recipient's post code
_REPEATED_REACH = 12
_TOWN_ALONE = re.compile(
    r"[A-ZÄÖÜ][\w.-]+(?:\s(?:an der|am|im|in|bei|ob der)?\s?[A-ZÄÖÜ(][\w.()-]+){0,2}"
)


def _repeats_head(name: str, rest: Sequence[str], head: Sequence[Line]) -> bool:
    """Whether a return line is the head's first line again (a name the rules may know no
    word of, a person's too) with its town alone after it."""
    first = _first_line_under_fax_header(head)
    return (
        first is not None
        and len(rest) == 1
        and _TOWN_ALONE.fullmatch(rest[0].strip()) is not None
        and _without_logo(first.text).strip() == name
        and _name_shaped(name)
        and len(name) <= 80
    )


def _spelled_out(name: str, head: Sequence[Line]) -> str:
    """The letter head's line that a return line's shortened name begins ("Landratsamt"
    for "Landratsamt Breisgau-Hochschwarzwald"), else the name as the return line has it."""
    for line in head:
        text = line.text.strip()
        office = _town_and_office(text)
        if text.startswith(f"{name} ") and len(text) <= 80 and office is not None:
            return office  # "Stadt Frankfurt am Main" for its "– Ausländerbehörde"
        if text.startswith(f"{name} ") and len(text) <= 80 and _name_shaped(text):
            return text if not re.search(r"\d|@|[·|]", text) else name
    return name


def _organisation_named(line: Line) -> str | None:
    """The organisation a stamp's or a signature's line names (not a department, a field
    label, a number or an address), or None."""
    if _LABELLED.match(line.text):
        return None  # "Überweisung an: Praxis Roth": a field's value, the addressee's
    if re.search(r"https?://|www\.|\w\.\w{2,4}/", line.text):
        return None  # a web address (a browser's printed page: "https://webmail.…/inbox")
    parts = _head_parts(line.text)
    if len(parts) == 1:
        parts = [part.strip() for part in line.text.split(" / ")]  # "Schwester Dorota / …"
    head = parts[0]
    if len(parts) > 1 and not _an_organisation(head) and _an_organisation(parts[1]):
        head = parts[1]  # "Team – Ambulanter Pflegedienst Neckarblick": the service
    named = _an_organisation(head) and not re.search(r"\d|@", head) and len(head) <= 80
    # "Department of Clinical Biochemistry, Leeds Royal Infirmary": the department with its
    # organisation after the comma is a name; the department alone is none.
    whole = _an_organisation(head.split(",")[-1]) and "," in head
    if named and not _FORM_LABEL.search(head) and (whole or not _SUBDIVISION.search(head)):
        return head if _name_shaped(head) else None
    return None


_MAIL_FROM = re.compile(r"^(?:Von|From)\s*:", re.IGNORECASE)


_MAIL_SENT = re.compile(r"^(?:Gesendet|Sent|Date|Datum)\s*:", re.IGNORECASE)


def _mail_printout(lines: Sequence[Line]) -> bool:
    """Whether the page is a printed e-mail (``Von:``/``From:`` and ``Gesendet:``/``Sent:``
    in its first lines): its first line is the mailbox it was printed from, the reader's."""
    head = [line.text for line in lines[:12]]
    senders = [index for index, text in enumerate(head) if _MAIL_FROM.match(text)]
    # The sender's mail address on the "From:" line or the line under it.
    addressed = any("@" in " ".join(head[index : index + 2]) for index in senders)
    return addressed and any(_MAIL_SENT.match(text) for text in head)


def _mail_signature(lines: Sequence[Line]) -> Candidate:
    """A printed e-mail's sender: the organisation its signature names (under the closing
    and the signer; with no closing, the message's first line under the mail's fields
    first), else the one its "Von:" line names, else a doctor or therapist the
    "Von:" line names with a title; where there is none, no sender (an empty value
    abstains)."""
    closings = [index for index, line in enumerate(lines) if _CLOSING.search(line.text)]
    if not closings and (message_head := _head_under_mail_fields(lines)) is not None:
        return message_head  # no signature to find: the message's own letter head
    first = closings[-1] + 1 if closings else len(lines) - 8
    for line in lines[max(first, 0) : first + 4]:
        if head := _organisation_named(line):
            # The "Von:" line's name where it is the signature's in full ("Zechen-Apotheke"
            # signed, "Zechen-Apotheke Recklinghausen-Süd <info@…>" sent).
            sent = _mail_from(lines)
            if sent is not None and sent.value.startswith(f"{head} "):
                return sent
            return Candidate(head, line.text, 0)
    stamped = _closing_stamp(lines)
    if stamped is not None:
        return stamped
    return _mail_from(lines) or Candidate("", lines[0].text if lines else "", 0)


# A printed mail's fields over its message: "Von:", "An:", "Betreff:", "Anhang:" …
_MAIL_FIELD = re.compile(
    r"^(?:Von|An|Cc|Kopie|Datum|Gesendet|Betreff|Anhang|Anhänge|From|To|Sent|Date|Subject|"
    r"Attachments?)\s*:\s*",
    re.IGNORECASE,
)
_MAIL_FIELD_LINES = 16


def _head_under_mail_fields(lines: Sequence[Line]) -> Candidate | None:
    """The organisation the message's first line names, right under the mail's fields: a
    hospital's mail whose "Von:" line is an address alone, its letter head the message's
    ("Zentralklinik Bad Berka GmbH · Klinik für Kardiologie" under "Anhang: eArztbrief.pdf")."""
    fields = [
        at for at, line in enumerate(lines[:_MAIL_FIELD_LINES]) if _MAIL_FIELD.match(line.text)
    ]
    if not fields:
        return None
    last = fields[-1]
    alone = _MAIL_FIELD.fullmatch(lines[last].text.strip()) is not None  # its value below
    first = last + (2 if alone else 1)
    if first >= len(lines):
        return None
    name = head_name(lines[first])
    if name is None or not _an_organisation(name) or _SALUTATION_LINE.match(lines[first].text):
        return None
    return Candidate(name, lines[first].text, 0)


# The display name before a mail address: "Reha-Klinik am Kyffhäuser <info@…>".
_DISPLAY_NAME = re.compile(r"^[\"']?(?P<name>[^<>@\"']{3,80}?)[\"']?\s*<[^<>@\s]+@[^<>\s]+>")


def _mail_from(lines: Sequence[Line]) -> Candidate | None:
    """The organisation, or the titled person, a printed e-mail's "Von:" line names (its
    value on the line or, where the label stands alone, on the next)."""
    for position, line in enumerate(lines[:12]):
        label = _MAIL_FROM.match(line.text)
        if label is None:
            continue
        value = line.text[label.end() :].strip(" ¦")  # "Von: ¦ …": a column's gap
        if not value and position + 1 < len(lines):
            value = lines[position + 1].text.strip()
        found = _DISPLAY_NAME.match(value)
        if found is None:
            return None
        name = found["name"].strip()
        person, comma, organisation = name.partition(", ")
        if comma and _titled(person) and _an_organisation(organisation):
            name = organisation  # "Dr. med. Petra Jennes, Neurologie am Hansaring …": hers
        if _an_organisation(name) and _shaped_across_dash(name) and not _form_label(name):
            return Candidate(name, line.text, 0)
        signer = _SIGNER.match(name)
        if signer and signer.end() and read_name(name[signer.end() :]):
            return Candidate(name, line.text, 0)  # "Dipl.-Psych. Karin Weidemann <…>"
        return None
    return None


# The letter head: where a letter gives its sender's way to answer.
_HEAD_LINES = 10


def _signers_of_unnamed_head(lines: Sequence[Line]) -> Iterator[Candidate]:
    """The signer, unless the letter has a head with a way to answer that does not name
    them: then the head's clinic sent it (which the rules could not name), not its doctor."""
    head = lines[:_HEAD_LINES]
    answered = any(_ANSWER_BY.search(line.text) for line in head)
    for signer in _signers(lines):
        surname = signer.value.split()[-1].casefold()
        if answered and not any(surname in line.text.casefold() for line in head):
            yield Candidate("", signer.evidence, signer.rank)  # the head's clinic: unnamed
        else:
            yield signer


# A fax machine's line over the page: its time, its number, its page count.
# A fax machine's page count at its line's end, and its time before it.
_PAGE_AT_END = re.compile(r"\b(?:S|P|Seite|Page)[.,]?\s?\d+\s?(?:/|of|von)\s?\d+\s*$")
_CLOCK = re.compile(r"\b\d\d?:\d\d\b")


def _whole_fax_line(text: str) -> bool:
    """Whether a fax machine's line is given whole on one line: its time, then its page
    count at the end (two searches, each linear: one pattern spanning both backtracked for
    seconds over a hostile line of times)."""
    count = _PAGE_AT_END.search(text)
    return count is not None and _CLOCK.search(text, 0, count.start()) is not None


_FAX_HEADER = re.compile(
    # The machine's time ("11:4B" as the CPU engine may read "11:48"), its page count, the
    # line with its own number ("FAX +48.71.788 33 01 SZPITAL FALKIEWICZA").
    r"\b\d\d?:\d[\dOBS]\b|\b(?:S|Str)[.,]\s?\d+/\d+|\bP\.\d{3}|\bPage \d+ of \d+|"
    r"^\W*(?:Tele)?fax\s*:?\s*\+\d",
    re.I,
)


# A state's or its ministry's line over a public hospital's own name ("T.C. SAĞLIK
# BAKANLIĞI", "Royaume du Maroc", "Republic of Ghana – Ministry of Health"): not the sender.
_STATE_LINE = re.compile(
    r"^(?:T\.\s?C\.|Royaume|Kingdom|Republi[ck]|Republika|Repubblica|République|"
    r"República|Rzeczpospolita|Ministry|Ministère|Ministerio|Ministero|Ministerstvo|"
    r"Department of the (?:Army|Navy|Air Force)|Bundeswehr|State of|Government of)\b|"
    r"\bBakanlığı\b",
    re.IGNORECASE,
)


def _state_alone(text: str) -> bool:
    """Whether a line names a state or its ministry and no organisation after it ("T.C.
    Sağlık Bakanlığı" over its hospital; not "T.C. Sağlık Bakanlığı Antalya Eğitim ve
    Araştırma Hastanesi", the hospital's whole name on one line)."""
    states = list(_STATE_LINE.finditer(text))
    return bool(states) and not _an_organisation(text[states[-1].end() :])


def _letterhead(lines: Sequence[Line]) -> Candidate | None:
    """The first line of the page (under a fax machine's line and a state's line) when the
    lines under it give a way to answer (a telephone, a fax, a mail or web address): a letter
    head's name. A recipient's address gives none; a date, a salutation or a heading is no
    name."""
    line = _first_line_under_fax_header(lines)
    if line is not None and _state_alone(line.text) and line.number + 1 < len(lines):
        line = lines[line.number + 1]
    name = head_name(line) if line is not None else None
    if line is None or name is None:
        return None
    below = lines[line.number + 1 : line.number + 6]
    answered = any(_ANSWER_BY.search(following.text) for following in below)
    if not answered and not (_a_named_sender(name) and _head_address_under(lines, line.number)):
        # No way to answer, nor a named sender over its letter head's address line ("AZ
        # Maasland" over "Algemeen Ziekenhuis · Rijksweg 250 · 3630 Maasmechelen"; an
        # address window's lines are the recipient's).
        return None
    if not (_a_named_sender(name) or _address_under(lines, line.number)):
        # Whatever else stands first ("Versichertennummer" of a reference block beside the
        # logo, a state's line abroad) passed every test of what a name is not: only a name
        # the rules know as an organisation's or a titled person's, or one with its postal
        # address under it ("Harbour Spine & Joint"), is the head's. Another line lower down
        # is no better a guess (the addressee's, often): no sender.
        return Candidate("", line.text, 0)
    return Candidate(_with_hospital_below(name, lines, line.number), line.text, 0)


# A practice's own words, as its receipt stamp names it.
_PRACTICE_WORD = re.compile(r"praxis|\bMVZ\b|hausarzt|ärzte|\bDres?\b", re.IGNORECASE)


def heads_letter(text: str, below: Sequence[Line]) -> bool:
    """Whether a line in capitals under a receipt stamp begins the letter's head, not the
    practice's name in the stamp: an organisation other than a practice ("LANDRATSAMT
    EICHSFELD", "AOK PLUS"), or a name its return line begins with ("HELIOS" over "Helios
    Klinikum Erfurt · Nordhäuser Straße 74 · 99089 Erfurt")."""
    if _an_organisation(text) and not _PRACTICE_WORD.search(text):
        return True
    start = f"{text.casefold()} "
    return any(
        line.text.casefold().startswith(start)
        and "·" in line.text
        and POSTCODE_LINE.search(line.text)
        for line in below[:_HEAD_LINES]
    )


def _a_named_sender(name: str) -> bool:
    return bool(_an_organisation(name) or _HEAD_PROVIDER.search(name) or _titled(name))


def _address_under(lines: Sequence[Line], position: int) -> bool:
    """Whether one of the two lines under a head's name gives its address: a post code and
    town, or a street with its number ("4 Quay Road · Napier 4110")."""
    return any(
        POSTCODE_LINE.search(line.text) or _street_with_number(line.text)
        for line in lines[position + 1 : position + 3]
    )


def _street_with_number(text: str) -> bool:
    return bool(STREET.search(text) and re.search(r"\d", text))


def _head_address_under(lines: Sequence[Line], position: int) -> bool:
    """Whether the line under a head's name is a letter head's address line: its parts set
    apart by dots or bars, a street with its number and a post code among them."""
    if position + 1 >= len(lines):
        return False
    text = lines[position + 1].text
    parts = re.split(r"\s[·•|]\s", text)
    return (
        len(parts) >= 3
        and any(_street_with_number(part) for part in parts)
        and any(POSTCODE_LINE.search(part) for part in parts)
    )


def _titled(text: str) -> bool:
    """Whether a line starts with a doctor's or psychologist's title ("Dr. med.",
    "Dipl.-Psych."): the signer's pattern."""
    signer = _SIGNER.match(text)
    return signer is not None and signer.end() > 0


# What else names a letter head's sender (read in the head only: in a heading these words
# name a subject, "Neurology Consultation", "Behandlung im Bereitschaftsdienst"): Austria's
# practice ("Ordination Dr. ..."), Switzerland's home care, a service or a team ("After
# Hours Home Doctor Service", "SAPV-Team Breisgau", "Werksärztlicher Dienst"), a
# university ("University of Leeds Occupational Health"), a specialty
# in English ("Riverbend Endocrinology", "Summit Pulmonary & Sleep"), a fund ("NordKasse"),
# Belgium's and France's hospitals by their acronyms ("AZ Maasland", "CHR Metz-Thionville").
_HEAD_PROVIDER = re.compile(
    r"\b(?:Ordination|Spitex|University|Universit[äa]t|Universit[ée]|Universidad|\w*[Dd]ienst|Service|\w+-Team|\w+ology|Orthopa?edics|Pulmonary|"
    r"Paediatrics|Pediatrics|\w*[Kk]asse|AZ|CHR|CH)\b"
)


# A hospital group that runs the hospital named after it on the letter head.
_OPERATOR = re.compile(
    r"\b(?:AG|GmbH|gGmbH|Holding|Verbund|Gruppe|Group|Kliniken|Klinikverbund|University|"
    # A trade's accident insurer ("BG Verkehr", "BG BAU"); a district ("Landkreis Emsland").
    r"BG|Landkreis|Kreis|Kreisausschuss|Stadt|"
    r"Universität|CHR|CHU|CHRU|Centre Hospitalier|Hôpitaux|Universitätsklinikum|Klinikum|"
    r"Azienda|"
    # A charity that runs care services: "Hilfswerk Niederösterreich – Mobile Pflege Baden".
    r"Hilfswerk|Volkshilfe|Caritas|Diakonie|Johanniter|Malteser)\b|"
    r"verbund\b"
)
_ONE_HOSPITAL = re.compile(
    r"(?:Klinikum|Krankenhaus|Klinik|Kreisklinik|Spital|Hospital|Landeskrankenhaus|"
    r"H[ôo]pital|Clinique|Campus|Ospedale|Policlinico)\s+(?:[A-ZÄÖÜ]|d[eu]s?\s|la\s|di\s|del\w*\s)|"
    # A company's medical service: "Fraport AG – Medical Services, Flughafenklinik".
    r"(?:Medical|Health|Occupational Health)\s+Services?\b|\w*ärztlicher Dienst\b|"
    # A charity's care service: "Mobile Pflege Baden", "Sozialstation Nord".
    r"(?:Mobile Pflege|Hauskrankenpflege|Sozialstation|Pflegedienst)\b|"
    # An authority's office for health: "Landkreis Emsland – Fachbereich Gesundheit".
    r"(?:Fachbereich|Fachdienst|Fachabteilung|Abteilung|Dezernat|Referat|Geschäftsbereich)\s"
    r"(?:\w+\s)?Gesundheit|"
    # "Al Mouwasat University Hospital": a hospital named before its word
    r"(?:[A-ZÄÖÜ][\w-]*\s){1,4}(?:Hospital|Klinikum|Krankenhaus)$"
)


# An Italian health trust by its kinds alone ("Azienda Ospedaliera Universitaria"): the
# words of every such trust, whose name goes on with its hospital on the next line.
_TRUST_BY_KIND = re.compile(
    r"Azienda(?:\s+(?:Ospedaliera|Ospedaliero-Universitaria|Universitaria|Sanitaria|"
    r"Socio-Sanitaria|Unità|Locale|Territoriale|Integrata|Provinciale|Regionale))+",
    re.IGNORECASE,
)


def _with_hospital_below(head: str, lines: Sequence[Line], position: int) -> str:
    """A trust named by its kinds alone with the hospital on the next line, as the letter
    names the two ("Azienda Ospedaliera Universitaria" over "Policlinico di Bari"); a trust
    with a name of its own ("… di Bologna") is named whole already."""
    if not _TRUST_BY_KIND.fullmatch(head) or position + 1 >= len(lines):
        return head
    hospital = _head_parts(lines[position + 1].text)[0]
    if not _ONE_HOSPITAL.match(hospital) or re.search(r"\d", hospital):
        return head
    return f"{head} {hospital}"


def _portals_owner(text: str) -> str | None:
    """ "Zuweiserportal · Universitätsklinikum des Saarlandes", a portal printout's title:
    the organisation whose portal it is; None for any other line."""
    parts = [part.strip(" ,") for part in _SENDER_PARTS.split(text)]
    if len(parts) == 2 and re.fullmatch(r"\w*[Pp]ortal", parts[0]) and _an_organisation(parts[1]):
        return parts[1]
    return None


def _group_and_hospital(text: str) -> str | None:
    """ "Kliniken Südostbayern AG – Klinikum Traunstein", "Damascus University – Al Mouwasat
    University Hospital": the group and its hospital, as the head prints them (the group
    alone names many hospitals); None for any other line."""
    parts = [part.strip(" ,") for part in _SENDER_PARTS.split(text)]
    if len(parts) > 1 and _OPERATOR.search(parts[0]) and _ONE_HOSPITAL.match(parts[1]):
        return text[: text.index(parts[1]) + len(parts[1])].strip()
    return None


# A logo's letters in brackets before the name: "[ LZR ]  Laborzentrum Rheinland MVZ".
_BRACKETED_LOGO = re.compile(r"^\[\s*[^\]\s]{1,12}\s*\]\s*")


# A logo's mark before the name, as printed ("▌", "◆") or as the CPU engine reads it ("I",
# "+", "|"): one character apart from the name's first word.
_LOGO_MARK = re.compile(r"^(?:[+*#|•■◆▌►▪●▶]|[Il](?=\s+[A-ZÄÖÜ][a-zäöüß]))\s+(?=\S)")


def _without_logo(text: str) -> str:
    return _LOGO_MARK.sub("", _BRACKETED_LOGO.sub("", text))


def _head_parts(text: str) -> list[str]:
    """A head line's parts, apart where a separator stands, its logo left out ("Zentrale
    Notaufnahme · Klinikum Rheinbogen": two parts)."""
    return [part.strip(" ,") for part in _SENDER_PARTS.split(_without_logo(text))]


def _specialty_and_doctor(parts: Sequence[str], text: str) -> bool:
    return (
        len(parts) == 2 and " – " in text and _titled(parts[1]) and not _an_organisation(parts[0])
    )


def _town_after_dash(parts: Sequence[str], text: str) -> bool:
    """Whether a head's line is an organisation's name, a dash and one word more that names
    no department, specialty or organisation: its town, part of the name it goes by."""
    if len(parts) != 2 or text.count(" – ") != 1 or not _an_organisation(parts[0]):
        return False
    town = parts[1]
    return (
        re.fullmatch(r"[^\W\d_][^\W\d_-]+(?:-[^\W\d_]+)?", town) is not None
        and town[0].isupper()
        and not town.isupper()
        and not _an_organisation(town)
        and not _SUBDIVISION.search(town)
        and not _PLACE_OR_SPECIALTY.search(town)
    )


def head_name(line: Line) -> str | None:
    """The name a letter head's first line gives, or None where the line is no name: a
    number, markup or a label, a person, a heading, a department, a form's field."""
    parts = _head_parts(line.text)
    name = parts[0]
    if (office := _town_and_office(line.text)) is not None:
        return office
    if (group := _group_and_hospital(line.text)) is not None:
        name = group
    elif _specialty_and_doctor(parts, line.text):
        # "Neurologie Stralsund – Dr. med. Anja Peckholz": a practice named by its specialty
        # and town, then its doctor: the whole line is its name.
        name = line.text.strip()
    elif (
        len(parts) > 1
        and _an_organisation(parts[1])
        and not (_an_organisation(name) and _name_shaped(name))
    ):
        # (A logo's words written small before it, "tirol kliniken – Landeskrankenhaus
        # Innsbruck", are no name either.)
        signer = _SIGNER.match(name)
        if RECIPIENT_START.match(name) or (signer and signer.end()):
            return None  # "Frau Dr. Roth · Praxis am Markt": a person's line, no letter head
        name = parts[1]  # "Zentrale Notaufnahme · Klinikum Rheinbogen": the hospital's name
    elif _town_after_dash(parts, line.text):
        name = line.text.strip()  # "УМБАЛ „Света Марина“ – Варна": its town is its name's
    # OCR drops the space after an abbreviation's dot: "St.Elisabeth-Krankenhaus".
    name = re.sub(r"\b(St|Dr|Prof)\.(?=[^\W\d_])", r"\1. ", name)
    words = name.split()
    # A name may start with its operator's acronym in small letters: "kbo-Inn-Salzach-Klinikum".
    small_acronym = re.match(r"[a-z]{2,5}-[A-ZÄÖÜ]", name) and _an_organisation(name)
    if not 1 <= len(words) <= 10 or len(name) > 80 or not (name[0].isupper() or small_acronym):
        return None
    if not re.fullmatch(r"[^\W\d_«„](?:[^\W\d_]|[ .,'’&()/+«»„“-])*", name.replace(" – ", " ")):
        return None  # a name is words: no number, no markup, no label
    if (name.isupper() and len(words) == 1) or not _shaped_across_dash(name):
        return None  # "FAX", "Medikationsplan", "A member of ...": no name
    kind = _DOCUMENT_KIND.search(name)
    if kind and (not _an_organisation(name) or len(name[: kind.start()].split()) <= 1):
        return None  # "Referral letter", "Kurze Nachricht von Praxis zu Praxis": a heading
    if RECIPIENT_START.match(name) or _SALUTATION_LINE.match(name) or _SIGNER.match(name):
        return None
    if _form_label(name):
        return None  # a form's field label ("Krankenkasse bzw. Kostenträger")
    if _state_alone(name):
        return None  # the state over its hospital: the hospital is the sender
    if _SUBDIVISION.search(name) and not _NAMED_INSTITUTE.fullmatch(name):
        # "Department of Respiratory Medicine": the sender's name is elsewhere ("Institut für
        # Radiologie Winterthur" heading its own letter is a name of its own).
        return None
    if re.match(rf"(?:{_SALUTATION}|Dr|Prof)\.?\s", name):
        return None  # a person: the recipient's address written above the letter head
    if _PATIENT_LABEL.search(line.text) or _TITLE_LABEL.match(name) or _a_person(name):
        return None  # a patient's line, a subject, or a person's name alone
    return None if _nameless(name) else name


# A way to answer a letter head gives: a telephone, a fax, a mail address.
_ANSWER_BY = re.compile(
    # A telephone number without its label too ("0800 24 7 999", "0761 2927410").
    r"\b(?:Tel|Telefon|Telefax|Fax|Phone|Ph|E-?Mail)\b|@|(?<![\d.])0\d{2,4}\s\d{2,}|"
    # France's numbers in pairs ("03 88 45 21 90"), its "Secrétariat" and "Standard".
    r"(?<![\d.])0\d(?:[ .]\d\d){4}\b|\b(?:Secrétariat|Standard|Téléphone|Tél)\b",
    re.IGNORECASE,
)


_NUMBER_ALONE = re.compile(r"^[\d\s()+/.-]+$")


def _first_line_under_fax_header(lines: Sequence[Line]) -> Line | None:
    """The page's first line, past a fax machine's line (which a text layer may give as
    several: its date, ``FROM: 4155550109``, the sender's name cut short in capitals)."""
    faxed = whole = False
    for position, line in enumerate(lines[:6]):
        if _FAX_HEADER.search(line.text) or re.match(r"(?:FROM|VON|TO|AN)\s*:", line.text):
            # A machine's line whole, its time and number to its page count: the line under
            # it is the letter's, in capitals or not ("CENTRO HOSPITALAR ... DE SÃO JOÃO").
            faxed, whole = True, _whole_fax_line(line.text)
            continue
        pieces = dates_in(line.text) or line.text.isupper() or _NUMBER_ALONE.match(line.text)
        if faxed and not whole and pieces:
            continue  # the machine's date, its number, its owner's name cut short
        if faxed and _page_count_follows(lines, position):
            continue  # the owner's name cut short in any case, over the machine's page count
        if _FORM_CODE.fullmatch(line.text.strip()):
            continue  # a form's number over its sender's name: "S0051", "G0600"
        if position + 1 < len(lines) and _logo_of(line.text, lines[position + 1].text):
            continue  # a logo over the name it stands for: "IRW" over "Institut …", "suva"
        return line
    return None


def _logo_of(logo: str, name: str) -> bool:
    """Whether ``logo`` alone on a line stands for ``name`` under it: the initials of its
    capitalised words ("IRW" over "Institut für Radiologie Winterthur"), or its first word
    set in other letters ("suva" over "Suva")."""
    logo, words = logo.strip(), name.split()
    if not words or not re.fullmatch(r"[^\W\d_]{2,8}", logo):
        return False
    if logo.isupper() and logo == "".join(word[0] for word in words if word[0].isupper()):
        return True
    return logo != words[0] and logo.casefold() == words[0].casefold()


# A form's number printed alone at the top of the page (the pension insurance's "S0051").
_FORM_CODE = re.compile(r"[A-Z]{1,3}\s?\d{3,5}[A-Z]?")


# The page count on a line of its own.
_PAGE_COUNT_ALONE = re.compile(rf"^\W*{_PAGE_COUNT}\W*$", re.I)


def _page_count_follows(lines: Sequence[Line], position: int) -> bool:
    """Whether the fax machine's page count is on the next line: the line between is the
    rest of the machine's line, as the CPU engine splits it."""
    following = lines[position + 1 : position + 2]
    return bool(following) and bool(_PAGE_COUNT_ALONE.match(following[0].text))


def _recipient_lines(lines: Sequence[Line]) -> set[int]:
    """Positions of lines that may be an address (for text without paragraphs, as the CPU
    engine writes it): from "Herrn"/"An"/"To" to its post code, and an organisation whose
    next lines reach a post code without a telephone, mail or web address."""
    marked: set[int] = set()
    for position, line in enumerate(lines[:40]):
        window = list(lines[position : position + 5])
        for index, following in enumerate(window[1:], start=1):
            if following.block != line.block or RECIPIENT_START.match(following.text):
                window = window[:index]  # an address does not run into the next one
                break
        ends = [index for index, text in enumerate(window) if POSTCODE_LINE.search(text.text)]
        if not ends:
            continue
        address = window[: ends[0] + 1]
        starts = bool(RECIPIENT_START.match(line.text))
        bare = _an_organisation(line.text) and not any(
            _CONTACT.search(text.text) for text in window[: ends[0] + 2]
        )
        # (An organisation over its address abroad is a head: the practice's window is home.)
        bare = bare and not _abroad_address_under(lines, position)
        # Another organisation's name over the street: the address is that one's, and the
        # line above it a head with no address of its own ("Berufsgenossenschaft …" over
        # "Bezirksverwaltung Hamburg" over the practice's window).
        bare = bare and not _named_again_below(address)
        if starts or bare:
            marked.update(range(position, position + len(address)))
    return marked


def _named_again_below(address: Sequence[Line]) -> bool:
    """Whether a line inside the address names an organisation of its own, with a street
    under it: the address begins there."""
    for index in range(2, len(address) - 1):
        streets = address[index + 1 : -1]
        if _an_organisation(address[index].text) and any(
            _street_with_number(line.text) for line in streets
        ):
            return True
    return False


def _signers(lines: Sequence[Line]) -> Iterator[Candidate]:
    """The doctor who signed: under the closing formula, or (a certificate, a note, which
    close with none) among the letter's last lines."""
    closings = [line.number for line in lines if _CLOSING.search(line.text)]
    if closings:
        after = [line for line in lines if closings[-1] < line.number <= closings[-1] + 4]
    else:
        after = [line for line in lines if line.number >= len(lines) - _LAST_LINES_SIGNED]
        if any(_ANSWER_BY.search(line.text) or POSTCODE_LINE.search(line.text) for line in after):
            return  # an address under the name: a form's stamp, not a signature
    by_number = {line.number: line for line in lines}
    for line in after:
        previous = by_number.get(line.number - 1)
        if previous is not None and _ROLE_FIELD.match(previous.text):
            continue  # "Usual GP" over "Dr Tom Ngata, ...": a field's doctor, not the signer
        title = _SIGNER.match(line.text)
        text = _SENDER_PARTS.split(line.text)[0].strip(" ,")
        rest = text[title.end() :] if title else text
        name = read_name(rest) if title else None
        if title and _ANOTHER_TITLE.search(rest):
            return  # several doctors sign side by side: a hospital's letter, not one doctor's
        if title and name:
            yield Candidate(f"{text[: title.end()].strip()} {name}", line.text, 1)
            return


# A second doctor's title on the signer's line.
_ANOTHER_TITLE = re.compile(r"(?:^|\s)(?:Prof\.|Dr\.?|PD|Priv\.-Doz\.|Dipl\.-Med\.)\s")


# A letter without a closing formula is signed in its last lines, under the signature.
_LAST_LINES_SIGNED = 4
