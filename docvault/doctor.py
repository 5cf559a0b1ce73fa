"""`docvault doctor`: checks a server's setup and says, one line each, what is wrong and the fix.

Every check returns a `CheckResult`; none raises. The outside world (mount table, clock,
HTTP transport, programs on PATH, the GPU probe) is passed in through `Probes`, so each
failing check can be produced on a deliberately broken setup in a test.
"""

from __future__ import annotations

import os
import pwd
import shutil
import sqlite3
import stat
import subprocess
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from urllib.parse import urlsplit

import httpx

from docvault import db
from docvault.config import Settings, hide_credentials
from docvault.corrections import MEDICAL_LISTS
from docvault.delivery import HandoverConfig
from docvault.errors import ConfigError, DocvaultError
from docvault.from_settings import handover_config
from docvault.names import inbox_named
from docvault.ocr import get_profile
from docvault.search import SearchIndex, needs_rebuild

NETWORK_FILE_SYSTEMS = frozenset({"cifs", "smb3", "smbfs", "nfs", "nfs4", "fuse.sshfs", "9p"})
# The archive grows by the originals' size and a backup or VACUUM needs a whole copy of the
# database; below this a nightly backup is the first thing to fail.
MINIMUM_FREE_BYTES = 1024**3
ENGINE_TIMEOUT_SECONDS = 5.0
# docvault was written in 2025; a clock before this is a server without a time source.
EARLIEST_SANE_YEAR = 2024
# Rows are stamped by this server's clock; a little skew between threads is not a problem.
CLOCK_TOLERANCE = timedelta(minutes=5)
LOOPBACK_HOSTS = frozenset({"127.0.0.1", "localhost", "::1", "[::1]"})
# The shipped unit makes this file inaccessible inside the service (InaccessiblePaths=): it
# is the source of the hand-over credential, which docvault reads under /run/credentials.
CREDENTIAL_SOURCE = Path("/etc/docvault/handover.secret")


@dataclass(frozen=True)
class CheckResult:
    """One check: its name, whether it passed, the line shown and the fix when it failed."""

    name: str
    ok: bool
    line: str
    fix: str = ""

    def render(self) -> str:
        mark = "ok  " if self.ok else "FAIL"
        shown = f"{mark} {self.name}: {self.line}" + (f" Fix: {self.fix}" if self.fix else "")
        return hide_credentials(shown)  # a URL's user and password are never printed


def _gpu_visible() -> bool:
    if Path("/dev/nvidia0").exists():
        return True
    nvidia_smi = shutil.which("nvidia-smi")
    if nvidia_smi is None:
        return False
    result = subprocess.run([nvidia_smi, "-L"], capture_output=True, timeout=20, check=False)
    return result.returncode == 0 and b"GPU" in result.stdout


@dataclass
class Probes:
    """The outside world the checks look at; tests replace any of them."""

    mounts: Path = Path("/proc/self/mounts")
    clock: Callable[[], datetime] = field(default=lambda: datetime.now(UTC))
    which: Callable[[str], str | None] = shutil.which
    gpu_visible: Callable[[], bool] = _gpu_visible
    transport: httpx.BaseTransport | None = None
    service_user: str = "docvault"
    # The service's environment, of which the hand-over command gets a few names.
    environ: Mapping[str, str] = field(default_factory=lambda: dict(os.environ))
    minimum_free_bytes: int = MINIMUM_FREE_BYTES
    # The medical word lists the dictionary check of words reads (correct_words).
    word_lists: tuple[Path, ...] = MEDICAL_LISTS


def check_config(load: Callable[[], Settings]) -> tuple[CheckResult, Settings | None]:
    """Load the settings; the first check, and the only one possible when they are invalid."""
    try:
        settings = load()
    except ConfigError as error:
        return CheckResult("config", False, error.message, "Correct that setting."), None
    source = str(settings.config_file or "built-in defaults")
    if settings.config_file is not None and settings.config_file.is_file():
        mode = stat.S_IMODE(settings.config_file.stat().st_mode)
        if mode & stat.S_IROTH:
            return CheckResult(
                "config",
                False,
                f"{source} is readable by every user on this server (mode {mode:04o}).",
                f"chmod 0640 {source} && chown root:docvault {source}",
            ), settings
    return CheckResult("config", True, f"settings from {source} are valid."), settings


def run_checks(settings: Settings, probes: Probes | None = None) -> list[CheckResult]:
    """Every check after the configuration, in the order an admin would fix them."""
    probes = probes or Probes()
    results = [check_folder("data folder", settings.data_path, probes)]
    for inbox in settings.inboxes:
        results.append(check_folder(inbox_named(inbox.name), inbox.path, probes))
        # A folder that does not exist is on no file system (issue 48: the mount check then
        # said it was on ext4, the file system of the folder above it).
        if inbox.path.is_dir():
            results.append(check_network_mount(inbox.name, inbox.path, inbox.polling, probes))
    results.append(
        check_disk_space(settings.data_path, settings.database_path, probes.minimum_free_bytes)
    )
    results.extend(check_database(settings.database_path))
    results.append(check_index(settings))
    results.extend(check_engine(settings, probes))
    results.extend(check_word_lists(settings, probes))
    results.extend(check_handover(settings, probes))
    results.append(check_clock(settings.database_path, probes))
    return results


def _service_account(name: str) -> pwd.struct_passwd | None:
    try:
        return pwd.getpwnam(name)
    except KeyError:
        return None


def _writable_by(path: Path, account: pwd.struct_passwd) -> bool:
    """Whether `account` may create files in `path`, from the mode bits (ACLs not read)."""
    info = path.stat()
    groups = set(os.getgrouplist(account.pw_name, account.pw_gid))
    if info.st_uid == account.pw_uid:
        return bool(info.st_mode & stat.S_IWUSR and info.st_mode & stat.S_IXUSR)
    if info.st_gid in groups:
        return bool(info.st_mode & stat.S_IWGRP and info.st_mode & stat.S_IXGRP)
    return bool(info.st_mode & stat.S_IWOTH and info.st_mode & stat.S_IXOTH)


def check_folder(name: str, path: Path, probes: Probes) -> CheckResult:
    """The folder exists and the service user may write in it."""
    user = probes.service_user
    if not path.is_dir():
        return CheckResult(
            name,
            False,
            f"{path} does not exist (or is not mounted).",
            f"mkdir -p {path} && chown {user}:{user} {path}",
        )
    account = _service_account(user) if os.geteuid() == 0 else None
    writable = _writable_by(path, account) if account else os.access(path, os.W_OK | os.X_OK)
    who = user if account else "this user"
    if not writable:
        return CheckResult(
            name,
            False,
            f"{path} is not writable by {who}.",
            f"chown {user}:{user} {path} (or give group {user} write access: chmod g+rwx).",
        )
    return CheckResult(name, True, f"{path} exists and {who} can write in it.")


def mount_of(path: Path, mounts_text: str) -> tuple[str, str]:
    """(mount point, file-system type) of the mount that holds `path`."""
    best = ("/", "unknown")
    resolved = str(path.resolve())
    for line in mounts_text.splitlines():
        fields = line.split()
        if len(fields) < 3:
            continue
        # /proc/self/mounts escapes spaces in mount points as \040.
        point = fields[1].replace("\\040", " ")
        inside = resolved == point or resolved.startswith(point.rstrip("/") + "/")
        if inside and len(point) >= len(best[0]):
            best = (point, fields[2])
    return best


def check_network_mount(name: str, path: Path, polling: bool, probes: Probes) -> CheckResult:
    """An inbox on SMB/NFS delivers no file events: polling makes that explicit."""
    label = f"{inbox_named(name)} mount"
    try:
        mounts_text = probes.mounts.read_text(encoding="utf-8")
    except OSError as error:
        return CheckResult(label, True, f"mount table not readable ({error}); not checked.")
    point, kind = mount_of(path, mounts_text)
    if kind not in NETWORK_FILE_SYSTEMS:
        return CheckResult(label, True, f"{path} is on a local {kind} file system.")
    if polling:
        return CheckResult(label, True, f"{path} is on {kind} ({point}) and polling is set.")
    return CheckResult(
        label,
        False,
        f"{path} is on a {kind} network mount ({point}), which delivers no file events; new "
        "files wait for the full rescan.",
        f"set polling = true for {inbox_named(name)} in the config file, and make sure the "
        f"unit has RequiresMountsFor={point}.",
    )


def check_disk_space(
    data_path: Path, database_path: Path, minimum_free_bytes: int = MINIMUM_FREE_BYTES
) -> CheckResult:
    folder = data_path if data_path.exists() else data_path.parent
    if not folder.exists():
        return CheckResult("disk space", True, f"{data_path} does not exist yet; not checked.")
    free = shutil.disk_usage(folder).free
    database_bytes = database_path.stat().st_size if database_path.exists() else 0
    needed = max(minimum_free_bytes, 2 * database_bytes)
    gib = 1024**3
    if free < needed:
        return CheckResult(
            "disk space",
            False,
            f"{free / gib:.1f} GiB free under {folder}; docvault needs at least "
            f"{needed / gib:.1f} GiB (backups need a whole copy of the database).",
            "free space on that disk or move data_dir to a larger one.",
        )
    return CheckResult("disk space", True, f"{free / gib:.1f} GiB free under {folder}.")


def check_database(database_path: Path) -> list[CheckResult]:
    """`PRAGMA integrity_check` and the migration level."""
    if not database_path.is_file():
        return [
            CheckResult(
                "database",
                False,
                f"{database_path} does not exist yet.",
                "run `docvault db upgrade` as the docvault user (the service also creates it).",
            )
        ]
    connection = sqlite3.connect(f"file:{database_path}?mode=ro", uri=True)
    try:
        rows = [str(row[0]) for row in connection.execute("PRAGMA integrity_check").fetchall()]
    except sqlite3.DatabaseError as error:
        rows = [str(error)]
    finally:
        connection.close()
    results = [_integrity_result(database_path, rows)]
    if rows == ["ok"]:
        results.append(_migration_result(database_path))
    return results


def _integrity_result(database_path: Path, rows: list[str]) -> CheckResult:
    if rows == ["ok"]:
        return CheckResult("database integrity", True, f"{database_path} passes integrity_check.")
    return CheckResult(
        "database integrity",
        False,
        f"{database_path} fails integrity_check: {'; '.join(rows[:3])}.",
        "stop docvault and restore the newest backup: `docvault restore "
        "/var/lib/docvault/backups/<newest>` (the damaged file is kept beside it).",
    )


def _migration_result(database_path: Path) -> CheckResult:
    database = db.make_engine(database_path)
    try:
        current, head = db.schema_revision(database)
    finally:
        database.dispose()
    if current == head:
        return CheckResult("database schema", True, f"at the newest revision {head}.")
    return CheckResult(
        "database schema",
        False,
        f"at revision {current or 'none'}, this docvault needs {head}.",
        "run `docvault db upgrade` as the docvault user (the service also does it at start).",
    )


def check_index(settings: Settings) -> CheckResult:
    """The index version marker, and its page count against the database's."""
    if not settings.index_path.exists() and not _has_indexable_pages(settings):
        # A fresh install: the service creates the index at its first start.
        return CheckResult(
            "search index", True, "not created yet; the service creates it at its first start."
        )
    reason = needs_rebuild(settings.index_path, settings.stemming_language, settings.index_engine)
    if reason is not None:
        return CheckResult(
            "search index",
            False,
            reason,
            "start the docvault service: it rebuilds the index from the database at start.",
        )
    if not settings.database_path.is_file():
        return CheckResult("search index", True, "readable; no database to compare with yet.")
    return _index_consistency(settings)


def _has_indexable_pages(settings: Settings) -> bool:
    if not settings.database_path.is_file():
        return False
    connection = sqlite3.connect(f"file:{settings.database_path}?mode=ro", uri=True)
    try:
        query = "SELECT count(*) FROM pages WHERE status IN ('done', 'incomplete', 'looped')"
        return bool(int(connection.execute(query).fetchone()[0]))
    except sqlite3.DatabaseError:
        return True  # an unreadable database: let the index check say what it finds
    finally:
        connection.close()


def _index_consistency(settings: Settings) -> CheckResult:
    searcher = SearchIndex.open_or_none(settings.index_path)
    indexed = searcher.page_count() if searcher is not None else 0
    if searcher is not None:
        searcher.close()
    connection = sqlite3.connect(f"file:{settings.database_path}?mode=ro", uri=True)
    try:
        wanted = int(
            connection.execute(
                "SELECT count(*) FROM pages WHERE status IN ('done', 'incomplete', 'looped')"
            ).fetchone()[0]
        )
        waiting = int(connection.execute("SELECT count(*) FROM index_outbox").fetchone()[0])
    finally:
        connection.close()
    if abs(wanted - indexed) > waiting:
        return CheckResult(
            "search index",
            False,
            f"holds {indexed} pages, the database {wanted} ({waiting} waiting to be indexed).",
            "start the docvault service: its hourly consistency check repairs the difference.",
        )
    return CheckResult(
        "search index", True, f"{indexed} pages indexed, {waiting} waiting in the outbox."
    )


def check_engine(settings: Settings, probes: Probes) -> list[CheckResult]:
    """Engine reachable and serving the profile's model; ninja and the GPU when local."""
    if settings.engine == "cpu":
        return [CheckResult("engine", True, "cpu engine (rapidocr): no server to reach.")]
    model = get_profile(settings.effective_profile()).model
    results = [_check_endpoint(url, model, probes) for url in settings.engine_url]
    if settings.vllm_start:
        results.append(_check_ninja(probes))
    local = any(urlsplit(url).hostname in LOOPBACK_HOSTS for url in settings.engine_url)
    if settings.vllm_start or local:
        results.append(_check_gpu(probes))
    return results


def check_word_lists(settings: Settings, probes: Probes) -> list[CheckResult]:
    """The medical word lists, where the dictionary check of words is on (nothing if off)."""
    if not settings.correct_words or settings.engine != "cpu":
        return []
    missing = [str(path) for path in probes.word_lists if not path.is_file()]
    if missing:
        return [
            CheckResult(
                "word lists",
                False,
                f"correct_words is on, but the medical word list(s) {', '.join(missing)} are "
                "missing: misread medical words are not put right (the German and English "
                "lists still are).",
                "apt-get install wgerman-medical hunspell-en-med (Debian's packages; "
                "`make wordlists` in a checkout), then restart docvault.",
            )
        ]
    return [CheckResult("word lists", True, "German and English medical word lists found.")]


def _check_endpoint(url: str, model: str, probes: Probes) -> CheckResult:
    name = f"engine {url}"
    try:
        with httpx.Client(transport=probes.transport, timeout=ENGINE_TIMEOUT_SECONDS) as client:
            response = client.get(url.rstrip("/") + "/models")
            response.raise_for_status()
            served = [str(entry.get("id")) for entry in response.json().get("data", [])]
    except (httpx.HTTPError, ValueError, AttributeError) as error:
        return CheckResult(
            name,
            False,
            f"does not answer GET /models ({type(error).__name__}: {error}).",
            "start the engine (`systemctl status docvault-vllm`, `journalctl -u "
            "docvault-vllm`) or correct engine_url.",
        )
    if model not in served:
        return CheckResult(
            name,
            False,
            f"serves {', '.join(served) or 'no model'}, not {model}.",
            f"serve {model} there, or set profile to the one that matches the served model.",
        )
    return CheckResult(name, True, f"reachable, serves {model}.")


def _check_ninja(probes: Probes) -> CheckResult:
    if probes.which("ninja") is None:
        return CheckResult(
            "ninja",
            False,
            "not on PATH; vLLM's triton prefill path dies at start with a bare "
            "FileNotFoundError without it.",
            "/opt/docvault/bin/pip install ninja (or apt-get install ninja-build).",
        )
    return CheckResult("ninja", True, f"found at {probes.which('ninja')}.")


def _check_gpu(probes: Probes) -> CheckResult:
    if not probes.gpu_visible():
        return CheckResult(
            "gpu",
            False,
            "no NVIDIA GPU visible (no /dev/nvidia0, nvidia-smi finds none).",
            "install the NVIDIA driver and check `nvidia-smi`; or set engine_url to the "
            "host that has the GPU.",
        )
    return CheckResult("gpu", True, "an NVIDIA GPU is visible.")


def check_handover(settings: Settings, probes: Probes) -> list[CheckResult]:
    """The hand-over settings as `docvault run` will check them, and what start-up cannot see.

    Start-up refuses a bad URL or secret file; the doctor says so before a restart does, and
    adds what only shows later: a command that is not there, plain http to another host,
    links that a receiver on another host cannot follow.
    """
    if Path(settings.handover_secret_file.strip()) == CREDENTIAL_SOURCE:
        return [
            CheckResult(
                "hand-over",
                False,
                f"handover_secret_file names {CREDENTIAL_SOURCE}, which docvault.service makes "
                "inaccessible inside the service (the inbox's trust boundary): the service "
                "would not start.",
                "Uncomment LoadCredential=handover-secret:/etc/docvault/handover.secret in the "
                "unit and set handover_secret_file = "
                '"/run/credentials/docvault.service/handover-secret".',
            )
        ]
    try:
        config = handover_config(settings, probes.environ)
    except ConfigError as error:
        return [CheckResult("hand-over", False, error.message, "Correct that setting.")]
    if config is None:
        return [CheckResult("hand-over", True, "none set; documents stay in docvault.")]
    results = []
    if config.url:
        results.append(_check_webhook(settings, config))
    if config.command:
        results.append(_check_handover_command(config, probes))
    return results


def _check_webhook(settings: Settings, config: HandoverConfig) -> CheckResult:
    host = urlsplit(config.url).hostname or ""
    if urlsplit(config.url).scheme == "http" and host not in LOOPBACK_HOSTS:
        return CheckResult(
            "hand-over webhook",
            False,
            f"{config.url} is plain http to another host: letters would cross the network "
            "unencrypted.",
            "Give the receiver a TLS certificate and use an https:// URL in handover_url.",
        )
    link_host = urlsplit(config.link_base_url).hostname or ""
    if (
        settings.handover_page_texts == "link"
        and link_host in LOOPBACK_HOSTS
        and (host not in LOOPBACK_HOSTS)
    ):
        return CheckResult(
            "hand-over webhook",
            False,
            f"page texts are sent as links to {config.link_base_url}, which the receiver at "
            f"{host} cannot reach.",
            "Set handover_link_base_url to the address the practice system reaches docvault "
            'at, or handover_page_texts = "inline".',
        )
    return CheckResult("hand-over webhook", True, f"signed POSTs to {config.url}.")


def _check_handover_command(config: HandoverConfig, probes: Probes) -> CheckResult:
    program = config.command[0]
    path = config.environment.get("PATH", "")
    found = program if "/" in program else shutil.which(program, path=path)
    if found is None or not Path(found).is_file():
        return CheckResult(
            "hand-over command",
            False,
            f"{program} does not exist"
            + ("" if "/" in program else f" on the command's PATH ({path})")
            + "; every hand-over would be refused and retried.",
            "Install the import program or correct handover_command (an absolute path is safest).",
        )
    if not os.access(found, os.X_OK):
        return CheckResult(
            "hand-over command",
            False,
            f"{found} is not executable; every hand-over would be refused and retried.",
            f"chmod 755 {found}",
        )
    return CheckResult("hand-over command", True, f"runs {found} with the JSON on its input.")


def newest_database_time(database_path: Path) -> datetime | None:
    """The newest timestamp the database holds (rows are stamped in UTC)."""
    if not database_path.is_file():
        return None
    connection = sqlite3.connect(f"file:{database_path}?mode=ro", uri=True)
    try:
        row = connection.execute(
            "SELECT max(stamp) FROM (SELECT max(received_at) AS stamp FROM documents "
            "UNION ALL SELECT max(updated_at) FROM pages "
            "UNION ALL SELECT max(created_at) FROM attempts)"
        ).fetchone()
    except sqlite3.DatabaseError:
        return None
    finally:
        connection.close()
    if row is None or row[0] is None:
        return None
    return datetime.fromisoformat(str(row[0])).replace(tzinfo=UTC)


def check_clock(database_path: Path, probes: Probes) -> CheckResult:
    now = probes.clock()
    fix = "enable time synchronisation: `timedatectl set-ntp true` (systemd-timesyncd or chrony)."
    if now.year < EARLIEST_SANE_YEAR:
        return CheckResult("clock", False, f"the clock says {now:%Y-%m-%d %H:%M} UTC.", fix)
    newest = newest_database_time(database_path)
    if newest is not None and now + CLOCK_TOLERANCE < newest:
        return CheckResult(
            "clock",
            False,
            f"the clock says {now:%Y-%m-%d %H:%M} UTC, behind the newest database entry "
            f"({newest:%Y-%m-%d %H:%M} UTC).",
            fix,
        )
    return CheckResult("clock", True, f"{now:%Y-%m-%d %H:%M} UTC.")


def diagnose(load: Callable[[], Settings], probes: Probes | None = None) -> list[CheckResult]:
    """Every check, in order; `docvault doctor` prints them and exits 1 if any failed."""
    config_result, settings = check_config(load)
    if settings is None:
        return [config_result]
    try:
        return [config_result, *run_checks(settings, probes)]
    except DocvaultError as error:
        return [config_result, CheckResult("doctor", False, error.message)]
