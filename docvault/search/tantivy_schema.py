"""What a Tantivy index holds about a page: its schema, and a page's fields as a document.

A stage leaf: ``IndexEntry`` values in, Tantivy documents out; no database. The fields and
their words are Whoosh's (``docvault.search.schema``): each field is analysed by its own Whoosh
field, the page text by ``docvault.search.words`` (the same words, faster), so a query parsed
by ``docvault.search.language`` finds the same pages in either engine. Tantivy is given the
words, never the text: its own tokenizer only splits them apart again.

- The fields that words are searched in (the page text, the facts, the file name) keep
  positions, for phrases; the filters (inbox, tags, status, dates) keep only which pages
  have a word; ``page_id``, ``document_id`` and ``stamp`` are numbers kept column-wise.
- What a result line shows is stored as one small JSON value (``shown``).
- ``pairs`` holds, for each two neighbouring words of the page text that are both among the
  most common words (``COMMON_WORDS``), the pair as one term: a phrase of two such words
  ("in der", "of the") is then one posting list, not the positions of two words on nearly
  every page (250 ms on a million pages; ``docvault.search.tantivy_query``).
"""

from __future__ import annotations

import functools
import itertools
import json
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

import tantivy

from docvault.search.confusions import FOLDED_FIELD, PARTS_FIELD, folded_words
from docvault.search.schema import IndexEntry, build_schema, entry_fields
from docvault.search.words import field_words, page_words, part_words, stemmer

# Bump when this schema or what goes into it changes: the folder's version marker then asks
# for a rebuild (docvault.search.folder).
# (The parts field came with the shared SCHEMA_VERSION 9, which rebuilds both engines.)
TANTIVY_SCHEMA_VERSION = 1
TEXT_FIELD = "text"
PAIRS_FIELD = "pairs"
# The letters of the page text's words beyond ``PLAIN_LETTERS`` (µ, ½, Greek, ...), one term
# each: with the plain ones, every letter an index word is made of, for the spelling
# variants of a fuzzy word (``docvault.search.tantivy_query``).
LETTERS_FIELD = "letters"
PLAIN_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789._*")
# Tantivy's tokenizer for the words docvault made: split at the spaces between them.
WORDS_TOKENIZER = "docvault_words"
# The fields searched by their words, with positions (Whoosh's scored fields).
WORD_FIELDS = ("text", "patient", "sender", "title", "from", "subject", "file")
# The fields a word or phrase of the search is looked for in, with positions.
SEARCHED_FIELDS = (*WORD_FIELDS, FOLDED_FIELD, PARTS_FIELD)
# The filters: Whoosh's unscored KEYWORD and date fields.
FILTER_FIELDS = ("inbox", "tag", "status", "received", "date", "born", "patientid")

# The most frequent words of German and English letters (and of clinic letters), folded as
# the index folds them. A phrase of two of them is looked up as one term of ``pairs``.
_COMMON_TEXT = (
    "der die und in den von zu das mit sich des auf fur ist im dem nicht ein eine als "
    "auch es an werden aus er hat dass sie nach wird bei einer um am sind noch wie einem "
    "uber einen so zum war haben nur oder aber vor zur bis mehr durch man sein wurde sei "
    "wenn keine kann unter wir soll worden bereits ohne seit diese dieser ihre seine beim "
    "sowie gegen schon wieder dann damit hier sehr alle ab da weil wo immer vom ob etwa "
    "kein habe ich ihr ihm ihn uns mir mich dir du wurden hatte hatten bitte sowohl "
    "patient patientin befund therapie kontrolle verlauf diagnose frau herr dr med "
    "the of and to a in is that for it on with as was be by at this are from or an "
    "have not which but had has were been their one all there can more its also will "
    "would after other into about some than then only these who they may over such "
    "between her his under most during any no both each should could through our well "
    "further since while within because before per patients follow review dear"
)
COMMON_WORDS = frozenset(_COMMON_TEXT.split())


def build_tantivy_schema() -> tantivy.Schema:
    builder = tantivy.SchemaBuilder()
    for name in ("page_id", "document_id"):
        builder.add_unsigned_field(name, stored=True, indexed=True, fast=True)
    builder.add_unsigned_field("stamp", fast=True)
    builder.add_bytes_field("shown", stored=True)
    for name in SEARCHED_FIELDS:
        builder.add_text_field(name, tokenizer_name=WORDS_TOKENIZER, index_option="position")
    for name in (*FILTER_FIELDS, PAIRS_FIELD, LETTERS_FIELD):
        builder.add_text_field(name, tokenizer_name=WORDS_TOKENIZER, index_option="freq")
    return builder.build()


def register_tokenizer(index: tantivy.Index) -> None:
    """Tell an opened index how its fields' words are split (every opening needs it)."""
    words = tantivy.TextAnalyzerBuilder(tantivy.Tokenizer.whitespace()).build()
    index.register_tokenizer(WORDS_TOKENIZER, words)


@functools.cache
def _whoosh_fields(stemming_language: str | None) -> dict[str, Any]:
    schema = build_schema(stemming_language)
    return {name: schema[name] for name in (*WORD_FIELDS, *FILTER_FIELDS)}


@functools.cache
def common_words(stemming_language: str | None) -> frozenset[str]:
    """``COMMON_WORDS`` as the page text's words are indexed (stemmed, if it is)."""
    if stemming_language is None:
        return COMMON_WORDS
    stem = stemmer(stemming_language)
    return frozenset(stem(word) for word in COMMON_WORDS)


def pair_term(first: str, second: str) -> str:
    """Two neighbouring common words as one term of ``pairs`` (common words hold no ``_``)."""
    return f"{first}_{second}"


def common_pairs(words: Sequence[str], common: frozenset[str]) -> list[str]:
    """The terms of ``pairs`` for a page's words: each neighbouring pair of common words."""
    return [
        pair_term(first, second)
        for first, second in itertools.pairwise(words)
        if first in common and second in common
    ]


def shown_value(entry: IndexEntry) -> bytes:
    """What a result line shows of a page, stored as JSON."""
    return json.dumps(
        {
            "page_number": entry.page_number,
            "file": entry.file_name,
            "inbox": entry.inbox,
            "received_at": entry.received.isoformat(),
        }
    ).encode()


def shown_fields(stored: bytes) -> dict[str, Any]:
    """``shown_value`` read back (the received time as the datetime it was)."""
    values: dict[str, Any] = json.loads(stored)
    values["received_at"] = datetime.fromisoformat(values["received_at"])
    return values


def entry_document(entry: IndexEntry, stemming_language: str | None) -> tantivy.Document:
    """The Tantivy document of one page: Whoosh's fields (``entry_fields``) as words."""
    values = entry_fields(entry)
    fields = _whoosh_fields(stemming_language)
    document = tantivy.Document()
    document.add_unsigned("page_id", entry.page_id)
    document.add_unsigned("document_id", entry.document_id)
    document.add_unsigned("stamp", entry.stamp)
    document.add_bytes("shown", shown_value(entry))
    text_words = page_words(values["text"], stemming_language)
    document.add_text(TEXT_FIELD, " ".join(text_words))
    document.add_text(FOLDED_FIELD, " ".join(folded_words(text_words)))
    document.add_text(PARTS_FIELD, " ".join(part_words(values["text"], stemming_language)))
    pairs = common_pairs(text_words, common_words(stemming_language))
    if pairs:
        document.add_text(PAIRS_FIELD, " ".join(pairs))
    letters = set("".join(text_words)) - PLAIN_LETTERS
    if letters:
        document.add_text(LETTERS_FIELD, " ".join(sorted(letters)))
    for name in WORD_FIELDS[1:]:
        value = values.get(name)
        if value:
            document.add_text(name, " ".join(field_words(fields[name], value)))
    for name in FILTER_FIELDS:
        value = values.get(name)
        if value:
            # A filter's word may hold a space (an inbox named "scanner labor"): given as
            # tokens, not split.
            document.add_pre_tokenized_text(name, _tokens(field_words(fields[name], value)))
    return document


def _tokens(words: Iterable[str]) -> tantivy.PreTokenizedString:
    tokens = [tantivy.Token(word, position, 0, 0) for position, word in enumerate(words)]
    return tantivy.PreTokenizedString("", tokens)
