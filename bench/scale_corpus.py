"""A seeded generator of a hospital-sized archive: a million pages of about 2 KB each.

``bench/corpus.py`` writes 100,000 rich letter pages at about 1,000 pages a second; a
million pages need a faster generator and a vocabulary that grows with the archive. Here
each page is about 2 KB of German (70 %) or English (30 %) letter text whose words are drawn
by rank from a Zipf-Mandelbrot law (the few function words on nearly every page, a tail of
300,000 words each on a handful: places, findings, OCR noise), with a letter head (sender,
date, patient and birth date), medication with doses, dates in the prose and a lab table on
some pages. Surnames are drawn by a Zipf law too, from 45 real and 8,000 made-up names, so
some names are on thousands of pages and most on a few. The facts docvault indexes beside
the text (patient, born, letter date, sender, title), the inbox and the tags come with each
page. The same seed gives the same archive, chunk by chunk (``CHUNK_PAGES``), so a page's
text does not depend on how many pages were asked for.

    from bench.scale_corpus import Archive
    archive = Archive(seed=32)
    for page in archive.pages(1_000_000): ...

Not shipped data: made on the machine that measures, in about a minute per 100,000 pages.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, datetime, timedelta

import numpy as np

from bench.corpus import DIAGNOSES, DOSES, DRUGS, FIRST_NAMES, INBOXES, LAST_NAMES, PROSE, TAGS
from bench.corpus import SENDERS as CORPUS_SENDERS
from docvault.search import IndexEntry

CHUNK_PAGES = 1000
TAIL_WORDS = 300_000
MADE_UP_SURNAMES = 8000
# Zipf-Mandelbrot: the word of rank r is drawn with weight 1 / (r + 2.7) ** 1.1, close to
# what word counts of German and English text follow.
ZIPF_EXPONENT = 1.1
ZIPF_SHIFT = 2.7
PROSE_WORDS = (190, 260)  # with the head, medication and table: about 2 KB a page
ENGLISH_SHARE = 0.3

# The most frequent words of German and English text, most frequent first (word lists of
# newspaper and letter text); then the words of clinic letters (bench/corpus.py's PROSE).
_GERMAN_COMMON_TEXT = (
    "der die und in den von zu das mit sich des auf für ist im dem nicht ein eine als auch "
    "es an werden aus er hat dass sie nach wird bei einer um am sind noch wie einem über "
    "einen so zum war haben nur oder aber vor zur bis mehr durch man sein wurde sei wenn "
    "keine kann unter wir soll worden bereits ohne heute weiter seit diese dieser ihre "
    "seine beim zwei sowie gegen schon wieder unsere dann damit hier sehr alle ab rund "
    "dort jetzt nun zwischen da weil wo immer vom ob etwa neue neuen kein ersten habe"
)
GERMAN_COMMON = _GERMAN_COMMON_TEXT.split()
_ENGLISH_COMMON_TEXT = (
    "the of and to a in is that for it on with as was be by at this are from or an have "
    "not which but had has were been their one all there can more its also will would "
    "after two other into about some first than then only these who they may over such "
    "between her his under most during any no new both each should could through our "
    "well further patient patients however without since while within because before "
    "per follow review please dear colleague kind regards history findings treatment"
)
ENGLISH_COMMON = _ENGLISH_COMMON_TEXT.split()
_CLINICAL_ENGLISH_TEXT = (
    "blood pressure heart rate chest pain dyspnoea examination unremarkable normal "
    "medication dose adjusted continue recommend recommended control visit weeks months "
    "days admission discharge diagnosis assessment plan echocardiography ejection fraction "
    "preserved laboratory values stable improved referral general practitioner symptoms "
    "fever nausea dizziness oedema bilateral ultrasound x-ray thorax infiltrate effusion "
    "mri ct contrast report summary rehabilitation physiotherapy"
)
CLINICAL_ENGLISH = _CLINICAL_ENGLISH_TEXT.split()
# The clinic letters' senders, and an English one.
SENDERS = (*CORPUS_SENDERS, "St. Mary's Hospital, Department of Cardiology")
TITLES = ("Arztbrief", "Laborbefund", "Entlassungsbericht", "Befundbericht", "Discharge summary")
_SYLLABLES_TEXT = (
    "ka ri mo ne ta lu sch ber gen hau stro pli vek dor fen mar tis ul ä ö ü an er in zel "
    "kor pa thi gra nu lo se vi dra kem sol fur wen bil gor hei mus tra"
)
_SYLLABLES = _SYLLABLES_TEXT.split()
_SURNAME_ENDINGS = ("er", "mann", "ski", "berg", "feld", "hoff", "ler", "sen", "ow", "ić", "ek")
LAB_VALUES = ("Hämoglobin", "Leukozyten", "Kreatinin", "Kalium", "Natrium", "TSH", "CRP", "HbA1c")
MONTHS = ("January", "March", "June", "September", "November")


def _made_up_words(rng: np.random.Generator, count: int, taken: set[str]) -> list[str]:
    words: list[str] = []
    seen = set(taken)
    while len(words) < count:
        syllables = rng.integers(0, len(_SYLLABLES), size=(count, 5))
        lengths = rng.integers(2, 6, size=count)
        for row, length in zip(syllables.tolist(), lengths.tolist(), strict=True):
            word = "".join(_SYLLABLES[index] for index in row[:length])
            if word not in seen:
                seen.add(word)
                words.append(word)
                if len(words) == count:
                    break
    return words


def _zipf_cumulative(size: int, exponent: float = ZIPF_EXPONENT) -> np.ndarray:
    weights = 1.0 / (np.arange(size) + ZIPF_SHIFT) ** exponent
    cumulative = np.cumsum(weights)
    return np.asarray(cumulative / cumulative[-1])


class Archive:
    """The vocabularies and laws of one seeded archive."""

    def __init__(self, seed: int = 32) -> None:
        self.seed = seed
        rng = np.random.default_rng(seed)
        clinical_german = [word.lower() for word in PROSE]
        known = set(GERMAN_COMMON) | set(ENGLISH_COMMON) | set(clinical_german)
        known |= set(CLINICAL_ENGLISH)
        self.tail = _made_up_words(rng, TAIL_WORDS, known)
        # Each language: its function words, its clinic words, then the shared tail.
        self.vocabulary = {
            "de": np.array(GERMAN_COMMON + clinical_german + self.tail, dtype=object),
            "en": np.array(ENGLISH_COMMON + CLINICAL_ENGLISH + self.tail, dtype=object),
        }
        self.cumulative = {
            language: _zipf_cumulative(len(words)) for language, words in self.vocabulary.items()
        }
        made_up = [
            word[:1].upper() + word[1:] + _SURNAME_ENDINGS[number % len(_SURNAME_ENDINGS)]
            for number, word in enumerate(_made_up_words(rng, MADE_UP_SURNAMES, known))
        ]
        # The real names first: they are the common ones (Müller on thousands of pages).
        self.surnames = np.array(LAST_NAMES + made_up, dtype=object)
        self.surname_cumulative = _zipf_cumulative(len(self.surnames), exponent=0.9)

    def tail_rank_of(self, word: str) -> int:
        """A tail word's rank in the German vocabulary (how often it is drawn)."""
        return len(GERMAN_COMMON) + len(PROSE) + self.tail.index(word)

    def pages(self, count: int) -> Iterator[IndexEntry]:
        """The archive's first ``count`` pages, chunk after chunk."""
        produced = 0
        chunk = 0
        while produced < count:
            for page in self._chunk(chunk):
                if produced == count:
                    return
                produced += 1
                yield page
            chunk += 1

    def _draw(self, rng: np.random.Generator, language: str, count: int) -> list[str]:
        ranks = np.searchsorted(self.cumulative[language], rng.random(count))
        return list(self.vocabulary[language][ranks])

    def _chunk(self, chunk: int) -> Iterator[IndexEntry]:
        """``CHUNK_PAGES`` pages whose ids and text depend only on the seed and ``chunk``."""
        rng = np.random.default_rng([self.seed, chunk])
        page_id = chunk * CHUNK_PAGES
        # Documents never cross a chunk; ids are unique because a chunk holds at most
        # CHUNK_PAGES documents.
        document_id = chunk * CHUNK_PAGES
        start = datetime(2019, 1, 2, 8, 0)
        while page_id < (chunk + 1) * CHUNK_PAGES:
            document_id += 1
            received = start + timedelta(minutes=int(rng.integers(0, 7 * 365 * 24 * 60)))
            letter = _Letter.draw(self, rng, received)
            for page_number in range(1, int(rng.integers(1, 5)) + 1):
                if page_id == (chunk + 1) * CHUNK_PAGES:
                    break
                page_id += 1
                yield letter.entry(page_id, document_id, page_number, received,
                                   letter.page(self, rng, page_number))  # fmt: skip


@dataclass(frozen=True)
class _Letter:
    language: str
    inbox: str
    tags: tuple[str, ...]
    file_name: str
    letter_date: date
    born: date
    patient: str
    sender: str
    title: str
    diagnosis: str

    @classmethod
    def draw(cls, archive: Archive, rng: np.random.Generator, received: datetime) -> _Letter:
        surname_rank = int(np.searchsorted(archive.surname_cumulative, rng.random()))
        surname = str(archive.surnames[surname_rank])
        patient = f"{FIRST_NAMES[int(rng.integers(len(FIRST_NAMES)))]} {surname}"
        inbox = INBOXES[int(rng.integers(len(INBOXES)))]
        tags = tuple(sorted({TAGS[int(index)] for index in rng.integers(0, len(TAGS), 2)}))
        return cls(
            language="en" if rng.random() < ENGLISH_SHARE else "de",
            inbox=inbox,
            tags=tags[: int(rng.integers(0, 3))],
            file_name=f"{inbox}_{received:%Y%m%d_%H%M}_{surname}.pdf",
            letter_date=received.date() - timedelta(days=int(rng.integers(0, 20))),
            born=_birth_date(rng),
            patient=patient,
            sender=SENDERS[int(rng.integers(len(SENDERS)))],
            title=TITLES[int(rng.integers(len(TITLES)))],
            diagnosis=DIAGNOSES[int(rng.integers(len(DIAGNOSES)))],
        )

    def entry(
        self, page_id: int, document_id: int, page_number: int, received: datetime, text: str
    ) -> IndexEntry:
        """The page as the index sees it: the document's facts on each of its pages."""
        return IndexEntry(
            page_id=page_id,
            document_id=document_id,
            page_number=page_number,
            inbox=self.inbox,
            tags=self.tags,
            file_name=self.file_name,
            received=received,
            document_date=self.letter_date,
            status="done",
            text=text,
            stamp=page_id,
            patient=self.patient,
            born=self.born,
            sender=self.sender,
            title=self.title,
        )

    def page(self, archive: Archive, rng: np.random.Generator, page_number: int) -> str:
        parts = []
        if page_number == 1:
            date_text = (
                f"{self.letter_date:%d.%m.%Y}"
                if self.language == "de"
                else f"{self.letter_date.day} {MONTHS[self.letter_date.month % 5]} "
                f"{self.letter_date.year}"
            )
            parts.append(f"# {self.sender}\n\nDatum: {date_text}")
            parts.append(
                f"Patient: {self.patient}, geb. {self.born:%d.%m.%Y}\n\nDiagnose: {self.diagnosis}"
            )
        else:
            parts.append(f"Seite {page_number} – {self.patient}")
        words = _sentences(archive._draw(rng, self.language, int(rng.integers(*PROSE_WORDS))))
        at = len(words) // 2
        parts.append(" ".join(words[:at]))
        parts.append(_medication(rng))
        if rng.random() < 0.3:
            parts.append(_lab_table(rng))
        earlier = self.letter_date - timedelta(days=int(rng.integers(30, 900)))
        parts.append(f"Vorbefund vom {earlier:%d.%m.%Y}. " + " ".join(words[at:]))
        return "\n\n".join(parts)


def _birth_date(rng: np.random.Generator) -> date:
    year, month, day = (
        int(rng.integers(low, high)) for low, high in ((1930, 2015), (1, 13), (1, 29))
    )
    return date(year, month, day)


def _sentences(words: list[str]) -> list[str]:
    """Words as sentences of about twelve: the first capitalised, the last with a full stop."""
    for start in range(0, len(words), 12):
        words[start] = words[start][:1].upper() + words[start][1:]
        end = min(start + 11, len(words) - 1)
        words[end] = words[end] + "."
    return words


def _medication(rng: np.random.Generator) -> str:
    lines = ["**Medikation:**"]
    for index in rng.choice(len(DRUGS), size=int(rng.integers(2, 5)), replace=False).tolist():
        lines.append(f"- {DRUGS[index]} {DOSES[int(rng.integers(len(DOSES)))]} 1-0-1")
    return "\n".join(lines)


def _lab_table(rng: np.random.Generator) -> str:
    rows = ["<table><tr><th>Parameter</th><th>Wert</th></tr>"]
    for index in rng.choice(len(LAB_VALUES), size=4, replace=False).tolist():
        rows.append(f"<tr><td>{LAB_VALUES[index]}</td><td>{rng.uniform(0.5, 15):.1f}</td></tr>")
    rows.append("</table>")
    return "".join(rows)
