"""Settings: each a typed field of `Settings`, read from defaults, a TOML file and the environment.

Sources, later ones winning: the built-in defaults (which run on a laptop with no GPU), a
TOML file (`--config PATH`, else `$DOCVAULT_CONFIG`, else `./docvault.toml`, else
`/etc/docvault/docvault.toml`), then `DOCVAULT_<NAME>` environment variables. Everything is
validated once, at start; an invalid value stops start-up with a `ConfigError` naming the
setting, the source it came from and what is allowed.

Only the root (`service` and its builders in `from_settings`, the command) reads the
settings; everything else receives plain values, typed in `docvault.setting_types` (the
choices and the tables) or a part's own frozen dataclass.
"""

from __future__ import annotations

import math
import os
import re
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any, Literal, get_args, get_origin, get_type_hints
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from docvault.errors import ConfigError
from docvault.plans import parse_plan
from docvault.setting_types import (
    DEFAULT_INDEX_ENGINE,
    AfterArchive,
    AfterTaking,
    CountedFrom,
    DateFormat,
    EngineKind,
    FhirContent,
    FhirReceiverSettings,
    GdtCharset,
    GdtReceiverSettings,
    GdtVersion,
    InboxSettings,
    IndexEngine,
    LogLevel,
    MailboxSettings,
    MailTls,
    PageTexts,
    ProfileChoice,
    RegisterFormat,
    RetentionRule,
    StemmingChoice,
    TextLayerUse,
)

DEFAULT_CONFIG_PATHS = (Path("docvault.toml"), Path("/etc/docvault/docvault.toml"))
ENVIRONMENT_PREFIX = "DOCVAULT_"


@dataclass(frozen=True)
class Setting:
    """One setting as `docvault config`, the loader and the README check see it."""

    name: str
    kind: str  # "str", "int", "float", "bool", "path", "list", "choice"
    default: Any
    help: str
    choices: tuple[str, ...] = ()
    minimum: float | None = None
    maximum: float | None = None


_DECLARED = "docvault setting"  # the key of a declaration in a Settings field's metadata


@dataclass(frozen=True)
class _Declaration:
    default: Any
    help: str
    minimum: float | None
    maximum: float | None


def declare(
    default: Any,
    help: str,
    *,
    minimum: float | None = None,
    maximum: float | None = None,
) -> Any:
    """Declare one field of `Settings`: its raw default (before conversion), help and limits.

    The field has no dataclass default: `load_settings` always passes the converted value
    (a relative path default is resolved against the working folder at load time).
    """
    declaration = _Declaration(default, help, minimum, maximum)
    return field(metadata={_DECLARED: declaration})


# The keys of an [[inboxes]] table are InboxSettings' fields, path (the one it needs) first.
INBOX_KEYS = (
    "path",
    *(declared.name for declared in fields(InboxSettings) if declared.name != "path"),
)


RETENTION_KEYS = ("keep_years", "inbox", "tag", "counted_from")
MAILBOX_KEYS = ("host", "user", "password_file", "name",
                *(declared.name for declared in fields(MailboxSettings)
                  if declared.name not in ("name", "host", "user", "password_file")))  # fmt: skip
LOOPBACK_HOSTS = ("127.0.0.1", "::1", "localhost")


# The keys of a [[handover]] table, per target; `target` and the first keys are needed.
FHIR_KEYS = ("target", *(declared.name for declared in fields(FhirReceiverSettings)))
GDT_KEYS = ("target", *(declared.name for declared in fields(GdtReceiverSettings)))
HANDOVER_TABLE_TARGETS = ("fhir", "gdt")
# A GDT-ID is at most 8 characters (fields 8315, 8316); the file name takes its first 4.
GDT_ID_CHARACTERS = 8


@dataclass(frozen=True, kw_only=True)
class Settings:
    """The effective settings: one typed field per setting, and where each value came from.

    Every setting is declared here once, as a field; `SETTINGS` (for the loader, `docvault
    config` and the README check) is read from these fields, so a misspelt setting is an
    attribute mypy does not know.
    """

    data_dir: Path = declare(
        "./docvault-data",
        "Folder for the database, the archive of originals, the index and backups.",
    )
    inbox: Path = declare(
        "./inbox", "The single inbox folder, used when no [[inboxes]] tables are configured."
    )
    after_archive: AfterArchive = declare(
        "move",
        "What happens to an inbox file once its copy in the archive is verified: 'move' "
        "it to a processed/ folder beside the inbox, or 'delete' it.",
    )
    settle_seconds: float = declare(
        2.0,
        "How long a file's size and modification time must hold still before it is taken.",
        minimum=0.0,
    )
    empty_grace_seconds: float = declare(
        300.0,
        "How long a zero-byte file may wait for its content before it is rejected.",
        minimum=0.0,
    )
    unreadable_retry_seconds: float = declare(
        3600.0,
        "How long a file that cannot be read (permissions, a writer's lock) is retried "
        "quietly, with backoff; after that each failed try is logged as an error (it is "
        "still retried, and the file stays in the inbox).",
        minimum=0.0,
    )
    max_file_mb: int = declare(
        200,
        "The largest inbox file intake takes, in MB (apparent size, checked before "
        "copying); a larger file is refused with a sentence and left in the inbox.",
        minimum=1,
        maximum=1048576,
    )
    hidden_report_seconds: float = declare(
        300.0,
        "How long a file whose name starts with '.' (never taken: scanners write under "
        "such names) may stay unchanged before the status page reports it.",
        minimum=0.0,
    )
    rescan_seconds: float = declare(
        60.0,
        "Interval of the full inbox rescan, the source of truth (SMB and NFS shares "
        "deliver no file events).",
        minimum=1.0,
    )
    polling: bool = declare(
        False, "Use only the periodic rescan for every inbox, no file-system events."
    )
    engine: EngineKind = declare(
        "cpu",
        "The OCR engine: 'cpu' (rapidocr, no GPU needed) or 'openai' (vLLM or SGLang "
        "through the OpenAI-compatible API at engine_url).",
    )
    engine_url: list[str] = declare(
        ["http://127.0.0.1:8000/v1"],
        "Base URL(s) of the OpenAI-compatible engine(s), separated by commas.",
    )
    profile: ProfileChoice = declare(
        "auto",
        "Model profile: prompt, sampling and retry schedule. 'auto' picks 'cpu' for the "
        "cpu engine and 'ovisocr2' for the openai engine.",
    )
    engine_timeout_seconds: float = declare(300.0, "Hard timeout of one engine call.", minimum=1.0)
    concurrency: int = declare(
        32,
        "Requests kept in flight per engine endpoint (32 is the measured elbow of "
        "OvisOCR2 on vLLM).",
        minimum=1,
        maximum=1024,
    )
    cpu_threads: int = declare(
        1, "Pages the CPU engine reads at the same time.", minimum=1, maximum=64
    )
    correct_words: bool = declare(
        False,
        "Put right the CPU engine's misread words where exactly one word of the German, "
        "English and medical word lists fits its measured confusions (i/l/1/t, accents): "
        "'Beurtellung' is shown as 'Beurteilung', marked, with the text as the engine read "
        "it one click away; search finds the page by both words. The reading itself is "
        "never changed. Pages read by a vision model are left alone. Needs Debian's "
        "wgerman-medical and hunspell-en-med (make wordlists); the lists take about six "
        "seconds and 170 MB to load, once. Off by default: a proposal, measured "
        "(bench/README.md), not yet reviewed by clinic staff.",
    )
    vllm_start: bool = declare(
        False,
        "Start and supervise 'vllm serve' from docvault instead of using an engine run "
        "by its own systemd unit.",
    )
    vllm_model: str = declare(
        "",
        "The model 'vllm serve' loads when docvault starts it (a hub name or a local folder); "
        "empty means the profile's model. Pass --served-model-name in vllm_extra_args when "
        "a local folder serves the profile's model name.",
    )
    vllm_command: str = declare(
        "vllm",
        "The vllm command docvault starts (several words allowed, e.g. 'python3 -m "
        "vllm.entrypoints.cli.main').",
    )
    vllm_port: int = declare(
        8000, "Port of the vLLM engine docvault starts.", minimum=1, maximum=65535
    )
    # Measured on an H200 with vLLM 0.22.1 (bench/gpu/RESULTS.md): four API server
    # processes and a 16k-token step budget gave 1.45x the pages/min of the seed's flags at
    # 32 in flight; the limit there is host-side image preprocessing, not the GPU.
    # --stream-interval 16: vLLM sends a streamed answer (ovisocr2 streams every page so that a
    # loop can be cut early) as one event per 16 tokens instead of one per token, ~40 events
    # for a page of 600 tokens instead of ~600, each of which costs CPU in vLLM's API servers
    # and in docvault's daemon (README, "host-capacity"). docvault's loop check counts the
    # characters received, not events, so it cuts a loop as soon as before; an answer asked
    # for in one piece is unaffected.
    vllm_extra_args: str = declare(
        "--api-server-count 4 --max-num-batched-tokens 16384 --stream-interval 16",
        "Extra command-line arguments for 'vllm serve', after the tuned flags (a flag given "
        "here replaces the tuned flag of the same name). --stream-interval 16 sends a streamed "
        "answer in events of 16 tokens instead of one per token: less host CPU in vLLM's API "
        "servers and in docvault for the same text.",
    )
    vllm_replicas: int = declare(
        1,
        "How many 'vllm serve' processes docvault starts, on ports vllm_port, vllm_port+1, "
        "...; on one GPU (or on each GPU of vllm_gpus) started one after another, each "
        "restarted on its own, balanced by requests in flight. Two on an H200 read 2.41-2.58x the "
        "pages/min of the seed's one engine end to end (bench/gpu/RESULTS.md, issue 17, two "
        "runs).",
        minimum=1,
        maximum=8,
    )
    vllm_memory_share: float = declare(
        0.0,
        "Share of the GPU's memory each replica may use (its --gpu-memory-utilization); 0 "
        "means automatic, per GPU: 0.9 for a replica alone on its GPU, 0.84 split evenly "
        "among several on one GPU (0.42 each for two, as measured). The replicas on one GPU "
        "together may use at most 0.95.",
        minimum=0.0,
        maximum=0.95,
    )
    vllm_gpus: str = declare(
        "",
        "GPUs for the engine replicas docvault starts, as nvidia-smi numbers them, separated "
        'by commas (e.g. "0,1"); replica i runs on the i-th (round-robin: vllm_replicas = '
        "4 puts two on each of two), with its own CUDA_VISIBLE_DEVICES, and replicas on "
        "different GPUs start at the same time. With --data-parallel-size N in "
        "vllm_extra_args, the one server gets all N. Empty: every replica on the GPU(s) "
        "docvault sees.",
    )
    vllm_cache_dir: str = declare(
        "",
        "Folder for vLLM's compile and Triton autotuning caches of the engines docvault starts "
        "(their VLLM_CACHE_ROOT), kept across restarts and shared by the replicas; empty means "
        "data_dir/engine-cache. With the cache kept, a restarted engine skips the ~100 s of "
        "kernel autotuning a cold start spends (bench/gpu/RESULTS.md, issue 53).",
    )
    render_dpi: int = declare(
        150,
        "Resolution PDF pages are rendered at; below 150 table cells merge (measured "
        "on 827 letters), so lower values are refused.",
        minimum=150,
        maximum=600,
    )
    render_long_side: int = declare(
        1700,
        "Longest side in pixels for raster inputs (photos, TIFFs), ~150 DPI on A4.",
        minimum=500,
        maximum=10000,
    )
    render_max_side: int = declare(
        2880,
        "Largest side sent to the model (OvisOCR2 accepts at most 2880x2880).",
        minimum=500,
        maximum=10000,
    )
    render_grid: int = declare(
        0,
        "Round both sides of every page image to a multiple of this many pixels. 0: the "
        "model's own patch grid (32 for OvisOCR2; none for DeepSeek-OCR-2 and the CPU "
        "engine), so that the engine need not resize each page again (+12 % pages/min "
        "measured on an H200); 1: keep the rendered size.",
        minimum=0,
        maximum=256,  # below render_max_side's least (500), so RenderOptions always accepts it
    )
    render_max_pixels: int = declare(
        200_000_000,
        "Source images with more pixels than this are refused as too large.",
        minimum=1_000_000,
    )
    # A clinic's letters have 1-20 pages and a thick scanned patient record a few hundred;
    # 2,000 pages is several times that, and still only ~2 hours of the CPU engine's work.
    # A 12 MB PDF can hold 100,000 pages (issue 25): 57 hours of work, refused at intake.
    max_pages: int = declare(
        2000,
        "Documents with more pages than this are refused at intake with a sentence (the "
        "original is kept in the archive); split such a file, or raise this limit.",
        minimum=1,
        maximum=1_000_000,
    )
    render_workers: int = declare(
        2, "Processes that render pages (PyMuPDF is not thread-safe).", minimum=1, maximum=64
    )
    # A page that cannot be drawn took a reading worker for the whole render limit at every
    # look at the arrivals list (issue 44): the web view draws in workers of its own.
    web_render_workers: int = declare(
        1,
        "Processes that draw page images and thumbnails for the web view, apart from those "
        "that read pages: a look never takes a worker from reading nor waits behind it. A "
        "page that cannot be drawn within render_timeout_seconds is remembered and shown as "
        "a placeholder from then on, until it is re-run.",
        minimum=1,
        maximum=16,
    )
    # The slowest real page in tests/fixtures renders in 2.1 s (ocrmypdf__enormous.pdf)
    # and a 600-dpi A3 scan as a PDF in 0.3 s on a 2-core machine: 60 s is ~30 times
    # the slowest, and still bounds a file built to render forever.
    render_timeout_seconds: float = declare(
        60.0,
        "Longest time opening or rendering one page may take; past it the render worker "
        "is stopped and the page fails with a sentence (the original is kept).",
        minimum=1.0,
    )
    # A render worker peaked at 1.15 GB of address space over the real fixtures with the
    # orientation models loaded (0.93 GB without); onnxruntime's threads grow with the
    # cores, so the default leaves room beyond that.
    render_memory_limit_mb: int = declare(
        3072,
        "Address-space limit of each render worker in MiB, so a decompression bomb fails "
        "its own page instead of the server (0: no limit).",
        minimum=0,
    )
    part_stall_seconds: float = declare(
        120.0,
        "A part of the daemon (intake, index writer, web view, jobs) that shows no progress "
        "for this long is reported stalled, and systemd's watchdog is no longer fed.",
        minimum=1.0,
    )
    orientation: bool = declare(
        True,
        "Decide each page's orientation (0, 90, 180, 270 degrees) on the CPU and turn it "
        "upright before any engine reads it; pages with too little text stay as they are.",
    )
    text_layer: TextLayerUse = declare(
        "auto",
        "PDF pages with a trustworthy text layer: 'prefer' takes their text from the layer "
        "(no engine call), 'ocr' always reads the image. 'auto' is 'prefer' with the cpu "
        "engine and 'ocr' with the openai engine, whose Markdown keeps tables.",
    )
    accept_text_documents: bool = declare(
        False, "Also accept .txt, .docx, .epub and similar files that PyMuPDF can lay out."
    )
    lease_seconds: float = declare(
        900.0,
        "How long a running page may go without finishing before it returns to the queue.",
        minimum=10.0,
    )
    database_busy_seconds: float = declare(
        30.0,
        "How long a docvault process waits for another's write lock on the database before "
        "a command gives up with a sentence or the daemon says so and tries again. docvault's "
        "own writes take milliseconds: a longer wait means a program holds the lock (a backup, "
        "a sqlite3 shell with a transaction open).",
        minimum=1.0,
        maximum=3600.0,
    )
    stop_timeout_seconds: float = declare(
        60.0,
        "On SIGTERM, how long requests in flight may finish before the rest goes back to "
        "the queue.",
        minimum=0.0,
    )
    index_batch_size: int = declare(
        500, "Most pages written to the index in one commit.", minimum=1
    )
    index_batch_seconds: float = declare(
        2.0, "Longest time a finished page waits before the index writer commits it.", minimum=0.05
    )
    index_stemming: StemmingChoice = declare(
        "off",
        "Search by word stem, so that 'Kontrollen' also finds 'Kontrolle': 'off', or the "
        "language of the letters (de, en, fr, ...). A change rebuilds the search index from "
        "the database at the next start.",
    )
    index_engine: IndexEngine = declare(
        DEFAULT_INDEX_ENGINE,
        "The search index's engine: 'tantivy' (Rust, indexing outside the daemon's Python "
        "thread; for any archive, and a hospital's millions of pages) or 'whoosh' (pure "
        "Python; a clinic's index of up to about 100,000 pages). Both answer the same "
        "searches. A change rebuilds the search index from the database at the next start.",
    )
    web_enabled: bool = declare(True, "Serve the web view from 'docvault run'.")
    web_host: str = declare(
        "127.0.0.1",
        "Address the web view listens on; keep 127.0.0.1 unless a TLS proxy is in front.",
    )
    web_port: int = declare(8080, "Port of the web view.", minimum=0, maximum=65535)
    web_https: bool = declare(
        False,
        "The browser reaches docvault over HTTPS (directly or through a TLS proxy): session "
        "cookies are marked Secure and HSTS is sent.",
    )
    web_trusted_proxy: bool = declare(
        False,
        "A reverse proxy on this machine forwards the requests: trust its X-Forwarded-For "
        "and X-Forwarded-Proto headers (for the audit log and the login lock-out).",
    )
    web_session_idle_minutes: int = declare(
        30,
        "A login ends after this many minutes without a click (a workstation left alone).",
        minimum=1,
        maximum=24 * 60,
    )
    web_session_hours: int = declare(
        12,
        "A login ends this many hours after it began, however busy (one clinic shift).",
        minimum=1,
        maximum=7 * 24,
    )
    web_max_request_bytes: int = declare(
        1024 * 1024,
        "Largest request body the web view accepts, in bytes (forms and the JSON API; no "
        "route takes uploads): a larger one gets 413 before it is read or stored.",
        minimum=1024,
    )
    web_rereads_per_hour: int = declare(
        2000,
        "Most pages one user (with all their tokens) may have read again in an hour, by "
        "re-run or rotate; beyond it the web view answers 429 with the time to wait.",
        minimum=1,
    )
    timezone: str = declare(
        "",
        "Time zone the web view shows times in, as an IANA name such as Europe/Berlin; "
        "empty: the server's own. Stored times stay UTC. A letter's date handed over to "
        "FHIR is the start of its day in this zone.",
    )
    date_format: DateFormat = declare(
        "german",
        "How the web view shows dates: 'german' (03.12.2026) or 'iso' (2026-12-03).",
    )
    backup_keep: int = declare(
        14, "Nightly database backups kept in data_dir/backups (older ones are removed).", minimum=1
    )
    # The clinic's calendar (docvault.scheduler): each plan as docvault.plans reads it, in
    # the `timezone` above, summer time included.
    backup_at: str = declare(
        "02:00",
        'When the database backup runs, in the clinic\'s time zone: a time of day ("02:00"), '
        'days and a time ("mon,thu 02:00"), every hour ("*:15") or "off".',
    )
    verify_at: str = declare(
        "sun 03:00",
        "When the archive check (`docvault verify`) runs, written as backup_at; a problem it "
        "finds is shown on the status page to staff and the admin.",
    )
    index_check_at: str = declare(
        "*:15",
        "When the search index is compared with the database (pages missing from it are "
        "indexed again), written as backup_at.",
    )
    retention_review_at: str = declare(
        "05:00",
        "When the retention review lists the documents whose time is up ([[retention]] "
        "rules); it never deletes: an admin confirms on the page 'Due for deletion'.",
    )
    rerun_failed_at: str = declare(
        "off",
        "When failed and looped pages are read again (at night, when the engine is idle), "
        'written as backup_at; "off": only by hand.',
    )
    # The practice system's patient register (docvault.facts.register).
    register_source: str = declare(
        "",
        "The practice system's patient register export docvault refreshes its register from: "
        "a CSV file, a folder of GDT patient records (6301), or a FHIR Patient Bundle or "
        "NDJSON file; empty: no register (letters get no patient number).",
    )
    register_format: RegisterFormat = declare(
        "auto",
        "How register_source is read: 'csv', 'gdt' (a folder of .gdt files), 'fhir', or "
        "'auto' (a folder is GDT, a .csv file CSV, anything else FHIR).",
    )
    register_csv_columns: list[str] = declare(
        [],
        'CSV columns of the register export, as FIELD=COLUMN entries ("id=PatNr", '
        '"birth_date=Geburtsdatum"); a field not listed is read from the column of its own '
        "name. Fields: id, surname, given_names, birth_name, former_names, title, birth_date, "
        "street, postcode, city (the address tells namesakes born the same day apart).",
    )
    register_fhir_system: str = declare(
        "",
        "The FHIR identifier system of the practice system's patient id; empty: a Patient's "
        "only identifier that is not a national or insurance number (KVNR, SVNR, AHV, BSN, "
        "NHS, SSN), else the one typed MR.",
    )
    register_refresh_at: str = declare(
        "off",
        "When the register is refreshed from register_source, written as backup_at "
        '("06:00"); "off": only by `docvault register refresh`.',
    )
    # The clinic itself (docvault.facts.senders): the addressee of the letters it gets.
    clinic_names: list[str] = declare(
        [],
        'The clinic\'s own names as letters address it ("Praxis Dr. Berg"): never proposed '
        "as a letter's sender (also as the CPU engine misreads them, or as a stamp shortens "
        'them to their own words: "PRAXIS BERG"), and the letter head over them is the '
        "sender's.",
    )
    clinic_numbers: list[str] = declare(
        [],
        'The clinic\'s own telephone and fax numbers ("030 1234567"): on the letters it '
        "gets, so they never identify a sender in the sender directory.",
    )
    clinic_mail_domains: list[str] = declare(
        [],
        'The clinic\'s own mail domains ("praxis-berg.de"): never identify a sender.',
    )
    calendar_grace_hours: float = declare(
        20.0,
        "A calendar job missed while docvault was not running is run once at the next start "
        "if it is at most this late; later, it is reported as missed and waits for its next "
        "time.",
        minimum=0.0,
        maximum=24.0 * 7,
    )
    handover_url: str = declare(
        "",
        "URL that a document's hand-over (JSON, signed with handover_secret_file) is POSTed "
        "to when the document is done or needs attention; empty: no webhook. Use https:// "
        "for a receiver on another host.",
    )
    handover_secret_file: str = declare(
        "",
        "File holding the shared secret that signs each webhook (HMAC-SHA256), readable "
        "only by docvault's user (mode 0600 or 0400, or a systemd credential); required "
        "with handover_url.",
    )
    handover_command: str = declare(
        "",
        "Command run for each hand-over with the JSON on standard input (no shell; words "
        "split as a shell would); exit status 0 means accepted. Empty: no command.",
    )
    handover_timeout_seconds: float = declare(
        30.0,
        "Longest time one hand-over may take (the webhook's connect and each read, or the "
        "command's whole run); past it the command is killed and the hand-over retried.",
        minimum=1.0,
        maximum=3600.0,
    )
    handover_retry_first_seconds: float = declare(
        10.0,
        "Wait after a hand-over's first refusal; it doubles with every further refusal "
        "(with random jitter) up to handover_retry_max_seconds.",
        minimum=0.1,
    )
    handover_retry_max_seconds: float = declare(
        900.0,
        "Longest wait between two tries of a refused hand-over; it is retried until the "
        "receiver accepts it, never given up.",
        minimum=0.1,
    )
    handover_page_texts: PageTexts = declare(
        "inline",
        "Whether a hand-over carries the pages' text ('inline') or a link to each page in "
        "the JSON API ('link', fetched with an API token).",
    )
    handover_link_base_url: str = declare(
        "",
        "Address the receiver reaches docvault's web view at, for the hand-over's links; "
        "empty: http://web_host:web_port.",
    )
    log_level: LogLevel = declare("info", "How much docvault logs.")
    mail_timeout_seconds: float = declare(
        60.0,
        "Longest wait for a mail server: connecting, the TLS handshake, the login and each "
        "answer; past it the connection is dropped and the mailbox's part starts again with "
        "back-off. Mailboxes are [[mailboxes]] tables (README, Mail intake).",
        minimum=1.0,
        maximum=3600.0,
    )
    mail_max_message_mb: int = declare(
        300,
        "The largest message a mailbox's part downloads, in MB (as the server reports its "
        "size, before downloading); a larger one is left on the server untouched and "
        "reported on the status page.",
        minimum=1,
        maximum=4096,
    )
    # Python's mail parser reads a header of 4,000 characters in 0.3 s, one of 100,000 in
    # minutes (it is quadratic), and an ordinary message in milliseconds: 60 s bounds the
    # hostile ones and leaves a 300 MB message with thousands of parts room (issue 44).
    mail_read_timeout_seconds: float = declare(
        60.0,
        "Longest time reading one message (its headers, or its parts) may take in the mail "
        "reader's worker process; past it the worker is stopped and the message refused "
        "with a sentence, kept whole, and not read again by itself.",
        minimum=1.0,
        maximum=3600.0,
    )
    # Python's parser holds the message's lines, the decoded attachments and their copy back
    # to the daemon. Measured with one attachment of random bytes: a 17 MB
    # message needed more than 300 MiB of address space, a 42 MB one more than 1,024, an
    # 85 MB one more than 1,536 and less than 2,048: about 20 times the message. So 2,048
    # reads messages up to about 85 MB, not all that mail_max_message_mb (300) downloads;
    # a larger one is kept whole with the sentence that names this setting.
    mail_read_memory_mb: int = declare(
        2048,
        "Address-space limit of the mail reader's worker process in MiB, so that a message "
        "built to exhaust memory is refused alone (0: no limit). Reading a message takes "
        "about 20 times its size: 2048 reads messages up to about 85 MB; a larger one is "
        "kept whole and refused with a sentence.",
        minimum=0,
    )
    # Labs and fax gateways send one to a few dozen letters per message; 3,000 one-page PDFs
    # in one message queued 3,000 documents ahead of every other sender's (issue 44).
    mail_max_attachments: int = declare(
        100,
        "The most attachments one message may carry; a message with more is kept whole and "
        "refused with a sentence (none of its attachments becomes a document).",
        minimum=1,
        maximum=100_000,
    )
    # A message's pages are one sender's turn in the queue (records.claim), yet 100 attachments
    # of 2,000 pages each would still be 200,000 pages from one message: a message may carry
    # as many pages as one document may (max_pages).
    mail_max_pages: int = declare(
        2000,
        "The most pages all attachments of one message may have together; a message with "
        "more is kept whole and refused with a sentence (none of its attachments becomes a "
        "document).",
        minimum=1,
        maximum=1_000_000,
    )
    mail_poll_seconds: float = declare(
        60.0,
        "Default interval of a mailbox's rescan (one UID SEARCH for messages newer than the "
        "last taken); a [[mailboxes]] table's poll_seconds overrides it. IDLE, where the "
        "server offers it, delivers new mail sooner.",
        minimum=1.0,
    )

    sources: Mapping[str, str]
    inboxes: tuple[InboxSettings, ...]
    mailboxes: tuple[MailboxSettings, ...] = ()
    fhir: FhirReceiverSettings | None = None  # a [[handover]] table with target = "fhir"
    gdt: GdtReceiverSettings | None = None  # a [[handover]] table with target = "gdt"
    retention: tuple[RetentionRule, ...] = ()
    config_file: Path | None = None
    inbox_source: str = "default"

    @property
    def data_path(self) -> Path:
        return self.data_dir

    @property
    def database_path(self) -> Path:
        return self.data_path / "docvault.sqlite3"

    @property
    def archive_path(self) -> Path:
        return self.data_path / "archive"

    @property
    def index_path(self) -> Path:
        return self.data_path / "index"

    @property
    def stemming_language(self) -> str | None:
        return None if self.index_stemming == "off" else self.index_stemming

    def prefers_text_layer(self) -> bool:
        """Whether trustworthy PDF text layers replace reading the image (text_layer)."""
        if self.text_layer == "auto":
            # The CPU engine needs seconds a page and writes plain lines: the layer is exact
            # and free. A vision model's Markdown keeps a table's structure, worth its GPU time.
            return self.engine == "cpu"
        return self.text_layer == "prefer"

    def effective_profile(self) -> str:
        if self.profile != "auto":
            return self.profile
        return "cpu" if self.engine == "cpu" else "ovisocr2"


# The kind of a setting follows from its field's type (a Literal is a "choice").
_KINDS: Mapping[object, str] = {
    str: "str",
    int: "int",
    float: "float",
    bool: "bool",
    Path: "path",
    list[str]: "list",
}


def _declared_settings() -> tuple[Setting, ...]:
    types = get_type_hints(Settings)
    table = []
    for declared in fields(Settings):
        declaration = declared.metadata.get(_DECLARED)
        if declaration is None:
            continue  # sources, inboxes, mailboxes: where the values came from, not settings
        declared_type = types[declared.name]
        choices = get_args(declared_type) if get_origin(declared_type) is Literal else ()
        kind = "choice" if choices else _KINDS[declared_type]
        table.append(
            Setting(
                name=declared.name,
                kind=kind,
                default=declaration.default,
                help=declaration.help,
                choices=choices,
                minimum=declaration.minimum,
                maximum=declaration.maximum,
            )
        )
    return tuple(table)


SETTINGS = _declared_settings()
SETTINGS_BY_NAME = {setting.name: setting for setting in SETTINGS}
# The settings that hold a calendar plan (docvault.plans).
PLAN_SETTINGS = frozenset(
    {
        "backup_at",
        "verify_at",
        "index_check_at",
        "retention_review_at",
        "rerun_failed_at",
        "register_refresh_at",
    }
)


def default(name: str) -> Any:
    """A setting's declared default: the one place it is written (the stages' own option
    types, such as `RenderOptions`, take theirs from here)."""
    return SETTINGS_BY_NAME[name].default


def _parse_bool(text: str) -> bool | None:
    lowered = text.strip().lower()
    if lowered in ("1", "true", "yes", "on"):
        return True
    if lowered in ("0", "false", "no", "off"):
        return False
    return None


def _convert(setting: Setting, raw: Any, source: str, base: Path) -> Any:
    """Turn a raw value (TOML value or environment string) into the setting's type."""
    problem = _problem_with(setting, raw)
    if problem:
        raise ConfigError(setting.name, source, problem)
    converters: dict[str, Callable[[Any], Any]] = {
        "str": str,
        "choice": str,
        "int": int,
        "float": float,
        "bool": lambda value: value if isinstance(value, bool) else _parse_bool(str(value)),
        "path": lambda value: (base / Path(str(value)).expanduser()).resolve(),
        "list": lambda value: (
            value
            if isinstance(value, list)
            else [part.strip() for part in str(value).split(",") if part.strip()]
        ),
    }
    return converters[setting.kind](raw)


def _problem_with(setting: Setting, raw: Any) -> str | None:
    """Say what is wrong with a raw value, or None when it is acceptable."""
    if setting.kind == "bool":
        if isinstance(raw, bool) or _parse_bool(str(raw)) is not None:
            return None
        return f"is {raw!r}; allowed: true or false."
    if setting.kind in ("int", "float"):
        return _number_problem(setting, raw)
    if setting.kind == "choice" and str(raw) not in setting.choices:
        return f"is {raw!r}; allowed: {', '.join(setting.choices)}."
    is_list_of_text = isinstance(raw, list) and all(isinstance(item, str) for item in raw)
    if setting.kind == "list" and not (is_list_of_text or isinstance(raw, str)):
        # engine_url = [0] was taken, a number for an engine's address (issue 29).
        return f"is {raw!r}; allowed: a list of strings or one comma-separated string."
    if setting.kind in ("str", "path") and not isinstance(raw, str):
        return f"is {raw!r}; allowed: a string."
    if setting.kind == "path" and not str(raw).strip():
        return "is empty; allowed: a folder path."
    if setting.name == "timezone":
        return _zone_problem(str(raw))
    if setting.name in PLAN_SETTINGS:
        return _plan_problem(str(raw))
    return None


def _plan_problem(text: str) -> str | None:
    try:
        parse_plan(text)
    except ValueError as error:
        return str(error)
    return None


def _zone_problem(name: str) -> str | None:
    if not name.strip():
        return None
    try:
        ZoneInfo(name.strip())
    except (ZoneInfoNotFoundError, ValueError, OSError):
        # OSError: a name longer than a file name may be ("File name too long").
        shown = name if len(name) <= 80 else f"{name[:60]}... ({len(name):,} characters)"
        return f"is {shown!r}; allowed: an IANA time zone name such as Europe/Berlin, or empty."
    return None


def _number(raw: Any, kind: str) -> float | None:
    """The raw value as the number a setting of this kind holds, or None when it is none:
    NaN and the infinities are no setting's value (TOML writes them: settle_seconds = nan
    was taken, max_pages = inf ended in an OverflowError), and a whole number is not 2.5."""
    if isinstance(raw, bool):
        return None
    try:
        number = float(raw) if kind == "float" or isinstance(raw, float) else int(raw)
    except (TypeError, ValueError):
        return None
    if not math.isfinite(number) or (kind == "int" and not float(number).is_integer()):
        return None
    return number


def _number_problem(setting: Setting, raw: Any) -> str | None:
    wanted = "a whole number" if setting.kind == "int" else "a finite number"
    number = _number(raw, setting.kind)
    if number is None:
        return f"is {raw!r}; allowed: {wanted}."
    if setting.minimum is not None and number < setting.minimum:
        return f"is {number}; allowed: {wanted} of at least {setting.minimum:g}."
    if setting.maximum is not None and number > setting.maximum:
        return f"is {number}; allowed: {wanted} of at most {setting.maximum:g}."
    return None


def find_config_file(explicit: Path | None, environ: Mapping[str, str]) -> Path | None:
    """The TOML file to read: --config, else $DOCVAULT_CONFIG, else the usual places.

    DOCVAULT_CONFIG set to an empty string means "no file at all": the built-in defaults
    and the environment only (tests and scripts use it so that a server's
    /etc/docvault/docvault.toml can never leak into them).
    """
    if explicit is not None:
        return explicit
    if "DOCVAULT_CONFIG" in environ:
        return Path(environ["DOCVAULT_CONFIG"]) if environ["DOCVAULT_CONFIG"] else None
    for candidate in DEFAULT_CONFIG_PATHS:
        try:
            if candidate.is_file():
                return candidate
        except PermissionError:
            raise ConfigError(
                "config",
                f"config file {candidate}",
                "exists but this user may not read it; run docvault as the service user "
                "(runuser -u docvault -- ...) or pass --config with a readable file.",
            ) from None
    return None


def _read_toml(path: Path) -> dict[str, Any]:
    source = f"config file {path}"
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except FileNotFoundError:
        raise ConfigError(
            "config",
            source,
            "does not exist; create it or point --config / DOCVAULT_CONFIG at an existing file.",
        ) from None
    except tomllib.TOMLDecodeError as error:
        raise ConfigError("config", source, f"is not valid TOML: {error}.") from None
    except PermissionError:
        raise ConfigError(
            "config",
            source,
            "cannot be read by this user; check its owner and mode (0640, group docvault).",
        ) from None


def load_settings(
    config_path: Path | None = None,
    environ: Mapping[str, str] | None = None,
    cwd: Path | None = None,
) -> Settings:
    """Read and validate every setting; raise ConfigError on the first invalid one."""
    environ = os.environ if environ is None else environ
    cwd = Path.cwd() if cwd is None else cwd
    path = find_config_file(config_path, environ)
    file_values = _read_toml(path) if path is not None else {}
    file_base = (cwd / path).parent if path is not None else cwd
    values: dict[str, Any] = {}
    sources: dict[str, str] = {}
    for setting in SETTINGS:
        values[setting.name] = _convert(setting, setting.default, "default", cwd)
        sources[setting.name] = "default"
    _apply_file(values, sources, file_values, path, file_base)
    _apply_environment(values, sources, environ, cwd)
    inboxes, inbox_source = _inboxes(values, sources, file_values, path, environ, file_base)
    mailboxes = _mailboxes(values, file_values, path, file_base, inboxes)
    receivers = _handover_tables(file_values, path, file_base)
    settings = Settings(
        **values,
        sources=sources,
        inboxes=inboxes,
        mailboxes=mailboxes,
        fhir=receivers.get("fhir"),
        gdt=receivers.get("gdt"),
        retention=_retention(file_values, path),
        config_file=path,
        inbox_source=inbox_source,
    )
    check_together(settings)
    return settings


def check_together(settings: Settings) -> None:
    """Settings each valid alone that only make sense together, checked where the settings
    are loaded: `docvault run` would otherwise fail half-started (issue 45), and
    `docvault config` and `docvault doctor` say the same sentence."""
    sources = settings.sources
    if settings.engine == "cpu" and settings.vllm_start:
        raise ConfigError(
            "vllm_start",
            sources["vllm_start"],
            "is true but engine is 'cpu'; set engine = \"openai\" to read pages with the "
            "vLLM engine docvault starts, or vllm_start = false.",
        )
    if settings.engine == "cpu" and settings.effective_profile() != "cpu":
        raise ConfigError(
            "profile",
            sources["profile"],
            f"is {settings.profile!r} but engine is 'cpu'; the cpu engine only runs the "
            '\'cpu\' profile. Set engine = "openai" or profile = "auto".',
        )
    if settings.engine == "openai" and not settings.vllm_start and not settings.engine_url:
        raise ConfigError(
            "engine_url",
            sources["engine_url"],
            "is empty but engine is 'openai', so docvault would have no engine to send pages "
            'to. Set engine_url to the engine\'s address (e.g. "http://127.0.0.1:8000/v1"), '
            'set vllm_start = true to have docvault start one, or set engine = "cpu".',
        )


def _apply_file(
    values: dict[str, Any],
    sources: dict[str, str],
    file_values: dict[str, Any],
    path: Path | None,
    base: Path,
) -> None:
    source = f"config file {path}"
    for key, raw in file_values.items():
        if key in ("inboxes", "mailboxes", "handover", "retention"):
            continue
        setting = SETTINGS_BY_NAME.get(key)
        if setting is None:
            raise ConfigError(
                key,
                source,
                "is not a docvault setting; see `docvault config` for the list of settings.",
            )
        values[key] = _convert(setting, raw, source, base)
        sources[key] = source


def _apply_environment(
    values: dict[str, Any], sources: dict[str, str], environ: Mapping[str, str], cwd: Path
) -> None:
    for setting in SETTINGS:
        variable = ENVIRONMENT_PREFIX + setting.name.upper()
        if variable in environ:
            source = f"environment variable {variable}"
            values[setting.name] = _convert(setting, environ[variable], source, cwd)
            sources[setting.name] = source


def _inboxes(
    values: dict[str, Any],
    sources: dict[str, str],
    file_values: dict[str, Any],
    path: Path | None,
    environ: Mapping[str, str],
    base: Path,
) -> tuple[tuple[InboxSettings, ...], str]:
    """The inbox list: DOCVAULT_INBOX, else [[inboxes]] tables, else the `inbox` setting."""
    tables = file_values.get("inboxes")
    if tables is None or "DOCVAULT_INBOX" in environ:
        single = InboxSettings(
            name="inbox",
            path=values["inbox"],
            after_archive=values["after_archive"],
            settle_seconds=values["settle_seconds"],
            polling=values["polling"],
        )
        return (single,), sources["inbox"]
    source = f"config file {path}"
    if not isinstance(tables, list) or not tables:
        raise ConfigError("inboxes", source, "must be one or more [[inboxes]] tables.")
    inboxes = tuple(
        _inbox_from_table(table, number, values, source, base)
        for number, table in enumerate(tables, start=1)
    )
    names = [inbox.name for inbox in inboxes]
    if len(set(names)) != len(names):
        raise ConfigError(
            "inboxes",
            source,
            f"has duplicate names {names}; give each [[inboxes]] table its own name.",
        )
    return inboxes, source


def _inbox_from_table(
    table: Any, number: int, values: dict[str, Any], source: str, base: Path
) -> InboxSettings:
    label = f"inboxes[{number}]"
    if not isinstance(table, dict) or "path" not in table:
        raise ConfigError(label, source, 'needs at least a path, e.g. path = "/srv/fax".')
    unknown = sorted(set(table) - set(INBOX_KEYS))
    if unknown:
        raise ConfigError(
            f"{label}.{unknown[0]}",
            source,
            f"is not an inbox setting; allowed: {', '.join(INBOX_KEYS)}.",
        )
    # Each value refused names its key in the table (an [[inboxes]] path of false was
    # refused as the setting 'inbox', which the file did not hold: issue 29), typed as a
    # mailbox's table is (name = 5 was taken as "5", recursive = "no" as true).
    read = _TableReader(table, label, source, required=("path",))
    inbox_path = read.path("path", base)
    settle = SETTINGS_BY_NAME["settle_seconds"]
    return InboxSettings(
        name=read.text("name", inbox_path.name),
        path=inbox_path,
        recursive=read.flag("recursive", False),
        after_archive=read.choice(  # type: ignore[arg-type]
            "after_archive", get_args(AfterArchive), values["after_archive"]
        ),
        tags=read.words("tags", '["fax"]'),
        settle_seconds=float(
            read.number("settle_seconds", values["settle_seconds"], settle.minimum or 0.0)
        ),
        polling=read.flag("polling", values["polling"]),
    )


def _retention(file_values: dict[str, Any], path: Path | None) -> tuple[RetentionRule, ...]:
    """The [[retention]] tables: none (every document kept for ever) unless the file has
    some."""
    tables = file_values.get("retention")
    if tables is None:
        return ()
    source = f"config file {path}"
    if not isinstance(tables, list) or not all(isinstance(table, dict) for table in tables):
        raise ConfigError("retention", source, "must be one or more [[retention]] tables.")
    return tuple(
        _retention_rule(table, f"retention[{number}]", source)
        for number, table in enumerate(tables, start=1)
    )


def _retention_rule(table: dict[str, Any], label: str, source: str) -> RetentionRule:
    unknown = sorted(set(table) - set(RETENTION_KEYS))
    if unknown:
        raise ConfigError(
            f"{label}.{unknown[0]}",
            source,
            f"is not a retention setting; allowed: {', '.join(RETENTION_KEYS)}.",
        )
    read = _TableReader(table, label, source)
    inbox, tag = read.text("inbox", "").strip(), read.text("tag", "").strip()
    if bool(inbox) == bool(tag):
        raise ConfigError(
            label,
            source,
            'names either an inbox or a tag, e.g. inbox = "fax" or tag = "xray", not both.',
        )
    if "keep_years" not in table:
        raise ConfigError(f"{label}.keep_years", source, "is missing, e.g. keep_years = 10.")
    return RetentionRule(
        keep_years=read.number("keep_years", 0, 1, 200, whole=True),
        inbox=inbox,
        tag=tag,
        counted_from=CountedFrom(
            read.choice("counted_from", tuple(CountedFrom), CountedFrom.letter_date)
        ),
    )


def _mailboxes(
    values: dict[str, Any],
    file_values: dict[str, Any],
    path: Path | None,
    base: Path,
    inboxes: tuple[InboxSettings, ...],
) -> tuple[MailboxSettings, ...]:
    """The [[mailboxes]] tables: none unless the TOML file has some."""
    tables = file_values.get("mailboxes")
    if tables is None:
        return ()
    source = f"config file {path}"
    if not isinstance(tables, list) or not tables:
        raise ConfigError("mailboxes", source, "must be one or more [[mailboxes]] tables.")
    mailboxes = tuple(
        _mailbox_from_table(table, number, values, source, base)
        for number, table in enumerate(tables, start=1)
    )
    # A mailbox's documents carry its name as their inbox: one name, one place.
    names = [mailbox.name for mailbox in mailboxes] + [inbox.name for inbox in inboxes]
    if len(set(names)) != len(names):
        raise ConfigError(
            "mailboxes",
            source,
            f"has names used twice among the inboxes and mailboxes ({names}); give each "
            "[[mailboxes]] table a name of its own.",
        )
    return mailboxes


def _mailbox_from_table(
    table: Any, number: int, values: dict[str, Any], source: str, base: Path
) -> MailboxSettings:
    label = f"mailboxes[{number}]"
    if not isinstance(table, dict) or not all(key in table for key in MAILBOX_KEYS[:3]):
        raise ConfigError(
            label,
            source,
            'needs at least host, user and password_file, e.g. host = "mail.example.org", '
            'user = "fax@example.org", password_file = "/etc/docvault/fax-mail.password".',
        )
    unknown = sorted(set(table) - set(MAILBOX_KEYS))
    if unknown:
        raise ConfigError(
            f"{label}.{unknown[0]}",
            source,
            f"is not a mailbox setting; allowed: {', '.join(MAILBOX_KEYS)}.",
        )
    read = _TableReader(table, label, source)
    tls = MailTls(read.choice("tls", tuple(MailTls), MailTls.implicit.value))
    host = read.text("host", "")
    if tls is MailTls.none and host.strip().lower() not in LOOPBACK_HOSTS:
        raise ConfigError(
            f"{label}.tls",
            source,
            f'is "none" for the host {host!r}; the password would cross the network '
            'unencrypted. Use tls = "implicit" (port 993) or "starttls" (port 143); "none" '
            "is for a server on this machine only (127.0.0.1).",
        )
    after = AfterTaking(read.choice("after_taking", tuple(AfterTaking), AfterTaking.seen.value))
    move_to = read.text("move_to", "")
    if after is AfterTaking.move and not move_to.strip():
        raise ConfigError(
            f"{label}.move_to",
            source,
            'is needed with after_taking = "move": the folder taken messages go to, e.g. '
            'move_to = "Archive/docvault".',
        )
    return MailboxSettings(
        name=read.text("name", f"mail-{read.text('user', '')}"),
        host=host,
        user=read.text("user", ""),
        password_file=read.path("password_file", base),
        port=read.number("port", 0, 0, 65535, whole=True),
        tls=tls,
        tls_ca_file=read.path("tls_ca_file", base) if read.text("tls_ca_file", "") else None,
        tls_unverified_host=read.text("tls_unverified_host", ""),
        folder=read.text("folder", "INBOX"),
        senders=read.words("senders"),
        subject_contains=read.words("subject_contains"),
        require_attachment=read.flag("require_attachment", True),
        after_taking=after,
        move_to=move_to,
        tags=read.words("tags"),
        poll_seconds=float(
            read.number(
                "poll_seconds",
                values["mail_poll_seconds"],
                1.0,
                24 * 3600.0,
                default_from="taken from mail_poll_seconds",
            )
        ),
        idle=read.flag("idle", True),
    )


def _handover_tables(file_values: dict[str, Any], path: Path | None, base: Path) -> dict[str, Any]:
    """The [[handover]] tables, one receiver each, by target (at most one per target)."""
    tables = file_values.get("handover")
    if tables is None:
        return {}
    source = f"config file {path}"
    if not isinstance(tables, list) or not tables:
        raise ConfigError("handover", source, "must be one or more [[handover]] tables.")
    receivers: dict[str, Any] = {}
    for number, table in enumerate(tables, start=1):
        label = f"handover[{number}]"
        target = table.get("target") if isinstance(table, dict) else None
        if target not in HANDOVER_TABLE_TARGETS:
            raise ConfigError(
                f"{label}.target",
                source,
                f"is {target!r}; allowed: {', '.join(HANDOVER_TABLE_TARGETS)} (the webhook "
                "and the command are the settings handover_url and handover_command).",
            )
        if target in receivers:
            raise ConfigError(
                label,
                source,
                f'is a second [[handover]] table with target = "{target}"; docvault hands '
                "over to one receiver of each kind: remove one.",
            )
        read = _TableReader(
            table, label, source, required=("target", "url", "token_file", "folder")
        )
        receivers[target] = (
            _fhir_receiver(read, base) if target == "fhir" else _gdt_receiver(read, base)
        )
    return receivers


def _fhir_receiver(read: _TableReader, base: Path) -> FhirReceiverSettings:
    read.known(
        FHIR_KEYS,
        'url = "https://fhir.praxis.example/fhir", token_file = "/etc/docvault/fhir.token"',
    )
    return FhirReceiverSettings(
        url=read.text("url", ""),
        token_file=read.path("token_file", base),
        content=read.choice("content", get_args(FhirContent), "binary"),  # type: ignore[arg-type]
        patient_system=read.text("patient_system", ""),
    )


def _gdt_receiver(read: _TableReader, base: Path) -> GdtReceiverSettings:
    read.known(GDT_KEYS, 'folder = "/srv/praxis/gdt-import"')
    identities = {
        key: read.text(key, default)
        for key, default in (("receiver_id", "PRAX"), ("sender_id", "DOCV"))
    }
    for key, value in identities.items():
        if not value.isascii() or not value.isalnum() or len(value) > GDT_ID_CHARACTERS:
            raise read.refuse(key, value, '1 to 8 letters or digits (A-Z, 0-9), e.g. "PRAX"')
    procedure = read.text("procedure", "ALLG00")
    if not procedure or len(procedure) > 6 or not procedure.isascii():
        raise read.refuse(
            "procedure", procedure, 'up to 6 characters (A-Z, 0-9, "_"), e.g. "ALLG00"'
        )
    return GdtReceiverSettings(
        folder=read.path("folder", base),
        version=read.choice("version", get_args(GdtVersion), "2.1"),  # type: ignore[arg-type]
        charset=read.choice("charset", get_args(GdtCharset), "iso-8859-1"),  # type: ignore[arg-type]
        receiver_id=identities["receiver_id"],
        sender_id=identities["sender_id"],
        procedure=procedure,
        folder_as_seen=read.text("folder_as_seen", ""),
    )


@dataclass(frozen=True)
class _TableReader:
    """One table's values ([[inboxes]], [[mailboxes]], [[retention]], [[handover]]), each
    checked for its type, with the sentence that names its key (`inboxes[2].path`)."""

    table: dict[str, Any]
    label: str
    source: str
    # The keys that must be non-empty strings where the table names them (a mailbox's
    # host, user and password file; a receiver's address).
    required: tuple[str, ...] = MAILBOX_KEYS[:3]

    def known(self, keys: tuple[str, ...], example: str) -> None:
        """Refuse a key the table's kind does not have, and a needed key left out."""
        unknown = sorted(set(self.table) - set(keys))
        if unknown:
            raise ConfigError(
                f"{self.label}.{unknown[0]}",
                self.source,
                f"is not a key of this [[handover]] table; allowed: {', '.join(keys)}.",
            )
        missing = [key for key in keys[1:] if key in self.required and key not in self.table]
        if missing:
            raise ConfigError(self.label, self.source, f"needs {missing[0]}, e.g. {example}.")

    def refuse(self, key: str, value: Any, allowed: str) -> ConfigError:
        return self._refuse(key, value, allowed)

    def _refuse(
        self, key: str, value: Any, allowed: str, default_from: str = "its default"
    ) -> ConfigError:
        # The value refused may be a default the table left out: a mailbox's poll_seconds
        # comes from mail_poll_seconds, which may be longer than a mailbox allows (it was
        # looked up in the table: a KeyError, issue 29).
        shown = (
            repr(value)
            if key in self.table
            else f"{value!r} (not set in this table: {default_from})"
        )
        return ConfigError(f"{self.label}.{key}", self.source, f"is {shown}; allowed: {allowed}.")

    def text(self, key: str, default: str) -> str:
        value = self.table.get(key, default)
        if not isinstance(value, str) or (key in self.required and not value.strip()):
            allowed = "a non-empty string" if key in self.required else "a string"
            raise self._refuse(key, value, allowed)
        return value

    def choice(self, key: str, choices: tuple[str, ...], default: str) -> str:
        value = self.table.get(key, default)
        if value not in choices:
            raise self._refuse(key, value, ", ".join(choices))
        return str(value)

    def flag(self, key: str, default: bool) -> bool:
        value = self.table.get(key, default)
        if not isinstance(value, bool):
            raise self._refuse(key, value, "true or false")
        return value

    def path(self, key: str, base: Path) -> Path:
        """A file or folder, relative to the settings file's folder."""
        value = self.table.get(key, "")
        if not isinstance(value, str):
            raise self._refuse(key, value, "a string")
        if not value.strip():
            raise self._refuse(key, value, "a file or folder path")
        return (base / Path(value).expanduser()).resolve()

    def number(
        self,
        key: str,
        default: float,
        minimum: float,
        maximum: float = math.inf,
        whole: bool = False,
        default_from: str = "its default",
    ) -> Any:
        value = self.table.get(key, default)
        wanted = "a whole number" if whole else "a number"
        allowed = (
            f"{wanted} from {minimum:g} to {maximum:g}"
            if math.isfinite(maximum)
            else f"{wanted} of at least {minimum:g}"
        )
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise self._refuse(key, value, allowed, default_from)
        if not math.isfinite(value) or not minimum <= value <= maximum:
            raise self._refuse(key, value, allowed, default_from)
        if whole and not float(value).is_integer():
            raise self._refuse(key, value, allowed, default_from)
        return int(value) if whole else value

    def words(self, key: str, example: str = '["lab@example.org"]') -> tuple[str, ...]:
        value = self.table.get(key, [])
        if not isinstance(value, list) or not all(isinstance(word, str) for word in value):
            raise self._refuse(key, value, f"a list of strings, e.g. {example}")
        return tuple(word for word in value if word.strip())


# The user and password part of a URL ("https://user:secret@host/"), as RFC 3986 writes it.
_URL_CREDENTIALS = re.compile(r"(?i)\b([a-z][a-z0-9+.-]*://)[^\s/@]*@")


def hide_credentials(text: str) -> str:
    """`text` with each URL's user and password replaced by `***`: `docvault config` and
    `doctor` are pasted into tickets and screen-shared, and an engine or receiver URL may
    carry its login."""
    return _URL_CREDENTIALS.sub(r"\1***@", text)


def describe(settings: Settings) -> list[tuple[str, str, str]]:
    """(name, effective value, source) for every setting, for `docvault config`; a URL's
    user and password are never shown."""
    return [(name, hide_credentials(shown), source) for name, shown, source in _described(settings)]


def _described(settings: Settings) -> list[tuple[str, str, str]]:
    rows = []
    for setting in SETTINGS:
        value = getattr(settings, setting.name)
        shown = ",".join(value) if isinstance(value, list) else str(value)
        rows.append((setting.name, shown, settings.sources[setting.name]))
    for inbox in settings.inboxes:
        shown = (
            f"{inbox.path} (recursive={inbox.recursive}, after_archive={inbox.after_archive}"
            f", tags={','.join(inbox.tags) or '-'}, settle={inbox.settle_seconds:g}s"
            f", polling={inbox.polling})"
        )
        rows.append((f"inboxes.{inbox.name}", shown, settings.inbox_source))
    for mailbox in settings.mailboxes:
        shown = (
            f"{mailbox.address} (tls={mailbox.tls}, after_taking={mailbox.after_taking}"
            f"{' to ' + mailbox.move_to if mailbox.after_taking is AfterTaking.move else ''}"
            f", tags={','.join(mailbox.tags) or '-'}, poll={mailbox.poll_seconds:g}s"
            f", idle={mailbox.idle})"
        )
        rows.append((f"mailboxes.{mailbox.name}", shown, f"config file {settings.config_file}"))
    if settings.fhir is not None:
        fhir = settings.fhir
        shown = f"{fhir.url} (token_file={fhir.token_file}, content={fhir.content})"
        rows.append(("handover.fhir", shown, f"config file {settings.config_file}"))
    if settings.gdt is not None:
        gdt = settings.gdt
        shown = (
            f"{gdt.folder} (GDT {gdt.version}, {gdt.charset}, {gdt.receiver_id}"
            f"{gdt.sender_id}.001 and on)"
        )
        rows.append(("handover.gdt", shown, f"config file {settings.config_file}"))
    for number, rule in enumerate(settings.retention, start=1):
        shown = f"{rule.names}: {rule.keep_years} years from the {rule.counted_from.value}"
        rows.append((f"retention[{number}]", shown, f"config file {settings.config_file}"))
    return rows
