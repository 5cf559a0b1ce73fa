"""Each part's plain values, built once from the settings at the root.

The settings (`docvault.config`) are read by the root alone: the composition root
(`docvault.service`), the command (`docvault.cli*`, `docvault doctor`) and this module, their
builders. A part below is handed the values it needs (a frozen dataclass of its own, or plain
arguments), checked here at start with the sentence an admin acts on.
"""

from __future__ import annotations

import logging
import shlex
import stat
from collections.abc import Mapping
from pathlib import Path
from urllib.parse import urlsplit

from docvault.calendar_log import Planned
from docvault.config import Settings
from docvault.delivery import HandoverConfig, command_environment
from docvault.errors import ConfigError
from docvault.plans import parse_plan
from docvault.scheduler import JOBS
from docvault.setting_types import GdtReceiverSettings

logger = logging.getLogger(__name__)


def handover_config(settings: Settings, environ: Mapping[str, str]) -> HandoverConfig | None:
    """Where finished documents are handed over (None: nowhere), checked at start.

    `environ` is the service's environment, of which the command gets only a few names.
    """
    url = settings.handover_url.strip()
    command = tuple(shlex.split(settings.handover_command))
    if not url and not command and settings.fhir is None and settings.gdt is None:
        return None
    if url:
        _check_receiver_url(
            "handover_url",
            settings.sources["handover_url"],
            url,
            "https://praxis.example/docvault/hook",
            "patients' letters (the signature proves origin, not secrecy)",
        )
    if settings.fhir is not None:
        _check_receiver_url(
            "handover.fhir.url",
            f"config file {settings.config_file}",
            settings.fhir.url,
            "https://fhir.praxis.example/fhir (the FHIR server's base URL)",
            "letters and the bearer token",
        )
    if settings.handover_retry_first_seconds > settings.handover_retry_max_seconds:
        raise ConfigError(
            "handover_retry_first_seconds",
            settings.sources["handover_retry_first_seconds"],
            f"is {settings.handover_retry_first_seconds:g}, more than "
            f"handover_retry_max_seconds ({settings.handover_retry_max_seconds:g}); make it "
            "smaller or raise the maximum.",
        )
    return HandoverConfig(
        url=url,
        secret=handover_secret(settings) if url else b"",
        command=command,
        timeout_seconds=settings.handover_timeout_seconds,
        retry_first_seconds=settings.handover_retry_first_seconds,
        retry_max_seconds=settings.handover_retry_max_seconds,
        page_texts=settings.handover_page_texts,
        link_base_url=link_base_url(settings),
        environment=command_environment(environ),
        fhir=settings.fhir,
        fhir_token=_fhir_token(settings) if settings.fhir is not None else b"",
        gdt=_checked_gdt(settings),
        gdt_markers=settings.data_path / "handover" / "gdt",
    )


def _check_receiver_url(name: str, source: str, url: str, example: str, crossing: str) -> None:
    """A receiver's URL: http(s) with a host, else the setting's sentence; plain http to
    another host is allowed (a clinic's own network) but said, naming what crosses it."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ConfigError(
            name, source, f"is {url!r}; allowed: an http:// or https:// URL such as {example}."
        )
    if parts.scheme == "http" and parts.hostname not in ("127.0.0.1", "localhost", "::1"):
        logger.warning(
            "%s %s is plain http to another host: %s cross the network unencrypted; use https://",
            name,
            url,
            crossing,
        )


def _fhir_token(settings: Settings) -> bytes:
    assert settings.fhir is not None
    source = f"config file {settings.config_file}"
    token = _secret_file("handover.fhir.token_file", source, str(settings.fhir.token_file), 16)
    if not token.isascii() or any(byte in b" \r\n\t" for byte in token):
        raise ConfigError(
            "handover.fhir.token_file",
            source,
            f"({settings.fhir.token_file}) must hold the bearer token alone: one line of "
            "printable ASCII without spaces.",
        )
    return token


def _checked_gdt(settings: Settings) -> GdtReceiverSettings | None:
    """The GDT receiver, its import folder checked at start (it must exist: docvault never
    makes a practice system's folder)."""
    gdt = settings.gdt
    if gdt is not None and not gdt.folder.is_dir():
        raise ConfigError(
            "handover.gdt.folder",
            f"config file {settings.config_file}",
            f"({gdt.folder}) is not a folder; name the practice system's GDT import folder "
            "(it must exist, writable by docvault's user).",
        )
    return gdt


def link_base_url(settings: Settings) -> str:
    """The address a reader reaches the web view at, for links in a document's JSON (the
    hand-over's and `docvault documents --json`'s): handover_link_base_url, else the web
    view's own host and port."""
    scheme = "https" if settings.web_https else "http"
    return (
        settings.handover_link_base_url.strip()
        or f"{scheme}://{settings.web_host}:{settings.web_port}"
    )


def handover_secret(settings: Settings) -> bytes:
    """The webhook's shared secret, from a file only docvault's user may read."""
    name, source = "handover_secret_file", settings.sources["handover_secret_file"]
    text = settings.handover_secret_file.strip()
    if not text:
        raise ConfigError(
            name,
            source,
            "is empty but handover_url is set; every webhook is signed: put a long random "
            "secret (e.g. `openssl rand -hex 32`) in a file readable only by the docvault "
            "user and name it here.",
        )
    return _secret_file(name, source, text, 16)


def _secret_file(name: str, source: str, text: str, least: int) -> bytes:
    """A secret (the webhook's, the FHIR server's token) from a file only docvault's user
    may read, at least `least` bytes."""
    path = Path(text)
    if not path.is_absolute():
        raise ConfigError(name, source, f"is {text!r}; allowed: an absolute path.")
    try:
        mode = path.stat().st_mode
        secret = path.read_bytes().strip()
    except OSError as error:
        raise ConfigError(
            name, source, f"cannot be read ({error.strerror}); check the path and its owner."
        ) from None
    if mode & (stat.S_IRWXG | stat.S_IRWXO):
        raise ConfigError(
            name,
            source,
            f"({path}) may be read by other users (mode {stat.S_IMODE(mode):04o}); it holds "
            f"a secret: chmod 600 {path} (owner: the docvault user).",
        )
    if len(secret) < least:
        raise ConfigError(
            name,
            source,
            f"({path}) holds {len(secret)} bytes; a secret needs at least {least} "
            "(e.g. `openssl rand -hex 32`).",
        )
    return secret


def planned_jobs(settings: Settings) -> tuple[Planned, ...]:
    """Every calendar job with its plan as the settings give it (checked when read)."""
    return tuple(
        Planned(name, title, parse_plan(getattr(settings, setting)))
        for name, title, setting in JOBS
    )
