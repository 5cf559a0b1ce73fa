"""A real IMAP server for the mail tests: Dovecot from Debian's packages, on loopback.

Everything it keeps lies in one temporary folder of its own, removed when it stops: its
configuration, its base_dir (sockets, pid file), state_dir, log, a passwd-file with the test
user, the mail (maildir) and a self-signed certificate made with openssl for TLS. It
listens on free loopback ports for plain IMAP (with STARTTLS) and for implicit TLS.

Dovecot refuses to run its login processes or to read mail as root. Run as root (CI is),
the master stays root, the login processes run as Debian's `dovenull` and the mail
processes as `nobody`, who owns the mail folder; the folder itself sits under /tmp (not in
pytest's tmp_path, whose parents only root may enter). Run as another user, every
process is that user.
"""

from __future__ import annotations

import contextlib
import imaplib
import os
import pwd
import shutil
import signal
import socket
import ssl
import subprocess
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

DOVECOT = shutil.which("dovecot") or "/usr/sbin/dovecot"
USER = "clerk"
PASSWORD = "a long mail password"
START_SECONDS = 20.0


def dovecot_missing() -> str | None:
    """Why the server cannot run here (None: it can)."""
    if not Path(DOVECOT).exists():
        return (
            "dovecot is not installed (apt-get install dovecot-imapd); the mail tests need a "
            "real IMAP server"
        )
    if shutil.which("openssl") is None:
        return "openssl is not installed; the mail tests make a certificate with it"
    return None


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class Dovecot:
    """One Dovecot in a folder of its own; `start()`, `stop()`, and start it again."""

    folder: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="docvault-imap-")))
    imap_port: int = field(default_factory=free_port)
    imaps_port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None

    @property
    def certificate(self) -> Path:
        return self.folder / "cert.pem"

    @property
    def mail(self) -> Path:
        return self.folder / "mail" / USER

    @property
    def log(self) -> Path:
        return self.folder / "dovecot.log"

    def prepare(self) -> None:
        self.folder.chmod(0o755)  # the login and mail processes enter it
        for name in ("run", "state", "mail"):
            (self.folder / name).mkdir(exist_ok=True)
        subprocess.run(
            ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
             "-keyout", str(self.folder / "key.pem"), "-out", str(self.certificate),
             "-subj", "/CN=localhost",
             "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"],
            check=True, capture_output=True, timeout=60,
        )  # fmt: skip
        (self.folder / "passwd").write_text(f"{USER}:{{PLAIN}}{PASSWORD}:::::\n")
        (self.folder / "dovecot.conf").write_text(self._configuration())
        if os.geteuid() == 0:
            nobody = pwd.getpwnam("nobody")
            os.chown(self.folder / "mail", nobody.pw_uid, nobody.pw_gid)

    def _configuration(self) -> str:
        folder = self.folder
        if os.geteuid() == 0:
            users = (
                "default_internal_user = root\ndefault_internal_group = root\n"
                "default_login_user = dovenull\nmail_uid = nobody\nmail_gid = nogroup\n"
            )
        else:
            name = pwd.getpwuid(os.geteuid()).pw_name
            users = f"default_internal_user = {name}\ndefault_login_user = {name}\n"
        return f"""\
base_dir = {folder}/run
state_dir = {folder}/state
instance_name = docvault-test-{folder.name}
log_path = {self.log}
listen = 127.0.0.1
protocols = imap
ssl = yes
ssl_cert = <{self.certificate}
ssl_key = <{folder}/key.pem
disable_plaintext_auth = no
auth_mechanisms = plain login
auth_failure_delay = 0
mail_location = maildir:{folder}/mail/%u
{users}
passdb {{
  driver = passwd-file
  args = scheme=PLAIN username_format=%u {folder}/passwd
}}
userdb {{
  driver = passwd-file
  args = username_format=%u {folder}/passwd
}}
service imap-login {{
  inet_listener imap {{
    address = 127.0.0.1
    port = {self.imap_port}
  }}
  inet_listener imaps {{
    address = 127.0.0.1
    port = {self.imaps_port}
    ssl = yes
  }}
}}
"""

    def start(self) -> None:
        """Start the server and wait until it answers a login."""
        assert self.process is None or self.process.poll() is not None
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                [DOVECOT, "-F", "-c", str(self.folder / "dovecot.conf")],
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"dovecot exited at start:\n{self.log.read_text()}")
            with contextlib.suppress(OSError, imaplib.IMAP4.error):
                self.client().logout()
                return
            time.sleep(0.1)  # polling its port: dovecot says nothing when it listens
        raise AssertionError(f"dovecot did not answer within {START_SECONDS:g} s")

    def stop(self) -> None:
        """Stop the server and every process of it; the folder stays (start it again)."""
        if self.process is None or self.process.poll() is not None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)
        # Its children (login, imap, auth) end with the master; wait for the group to go.
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and _group_alive(self.process.pid):
            time.sleep(0.05)

    def remove(self) -> None:
        self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)

    # --- a client of the test's own, to put mail in and look at it ------------------------

    def client(self) -> imaplib.IMAP4:
        client = imaplib.IMAP4("127.0.0.1", self.imap_port, timeout=10)
        try:
            client.login(USER, PASSWORD)
        except BaseException:
            client.shutdown()
            raise
        return client

    def append(self, message: bytes, folder: str = "INBOX") -> int:
        """Put a message into a folder (made if missing); its UID."""
        client = self.client()
        try:
            client.create(_quoted(folder))  # answers NO when it is there already
            typ, data = client.append(folder, "", imaplib.Time2Internaldate(time.time()), message)
            assert typ == "OK", data
            answer = data[0].decode() if isinstance(data[0], bytes) else str(data[0])
            return int(answer.split("APPENDUID", 1)[1].split()[1].rstrip("]"))
        finally:
            client.logout()

    def append_many(self, messages: list[bytes], folder: str) -> None:
        """Put many messages into a folder over one connection (the benchmark's setup)."""
        client = self.client()
        try:
            client.create(_quoted(folder))
            for message in messages:
                typ, data = client.append(_quoted(folder), "", None, message)
                assert typ == "OK", data
        finally:
            client.logout()

    def messages(self, folder: str = "INBOX") -> dict[int, tuple[str, ...]]:
        """Every message of a folder: its UID and flags."""
        client = self.client()
        try:
            typ, _ = client.select(_quoted(folder), readonly=True)
            if typ != "OK":
                return {}
            typ, data = client.uid("FETCH", "1:*", "(UID FLAGS)")
            found: dict[int, tuple[str, ...]] = {}
            for line in data:
                if not isinstance(line, bytes) or b"UID" not in line:
                    continue
                text = line.decode()
                uid = int(text.split("UID ", 1)[1].split()[0].rstrip(")"))
                flags = text.split("FLAGS (", 1)[1].split(")", 1)[0].split()
                found[uid] = tuple(flags)
            return found
        finally:
            client.logout()

    def message_ids(self, folder: str = "INBOX") -> list[str]:
        """The Message-ID of every message of a folder (none if the folder is not there)."""
        client = self.client()
        try:
            typ, _ = client.select(_quoted(folder), readonly=True)
            if typ != "OK":
                return []
            typ, data = client.uid("FETCH", "1:*", "(BODY.PEEK[HEADER.FIELDS (MESSAGE-ID)])")
            found = []
            for item in data:
                if isinstance(item, tuple):
                    header = item[1].decode(errors="replace").strip()
                    found.append(header.split(":", 1)[1].strip() if ":" in header else "")
            return found
        finally:
            client.logout()

    def uidvalidity(self, folder: str = "INBOX") -> int:
        client = self.client()
        try:
            client.select(_quoted(folder), readonly=True)
            _, values = client.response("UIDVALIDITY")
            return int(values[0])
        finally:
            client.logout()

    def recreate(self, folder: str, messages: list[bytes]) -> None:
        """Delete a folder and make it again with these messages: the server numbers it
        anew (a new UIDVALIDITY), as after a restore or a migration of the server."""
        client = self.client()
        try:
            if folder == "INBOX":
                client.select("INBOX")
                client.store("1:*", "+FLAGS.SILENT", r"(\Deleted)")
                client.expunge()
                client.logout()
                # The INBOX cannot be deleted: forget its numbering instead (dovecot makes
                # a new UIDVALIDITY when its uidlist and indexes are gone).
                for name in ("dovecot-uidlist", "dovecot.index", "dovecot.index.log",
                             "dovecot.index.cache"):  # fmt: skip
                    (self.mail / name).unlink(missing_ok=True)
            else:
                client.delete(folder)
                client.create(folder)
                client.logout()
        except BaseException:
            with contextlib.suppress(Exception):
                client.logout()
            raise
        for message in messages:
            self.append(message, folder)

    def renumber_keeping_validity(self, messages: list[bytes]) -> None:
        """Empty the INBOX and number it from UID 1 again with the UIDVALIDITY it had, as a
        mail store restored from an old copy (or a broken server) does against RFC 3501;
        then deliver these messages. Dovecot takes the numbering from its uidlist once its
        indexes are gone."""
        validity = self.uidvalidity()
        client = self.client()
        try:
            client.select("INBOX")
            client.store("1:*", "+FLAGS.SILENT", r"(\Deleted)")
            client.expunge()
        finally:
            client.logout()
        for name in ("dovecot.index", "dovecot.index.log", "dovecot.index.cache"):
            (self.mail / name).unlink(missing_ok=True)
        uidlist = self.mail / "dovecot-uidlist"
        owner = uidlist.stat()
        uidlist.write_text(f"3 V{validity} N1\n")
        os.chown(uidlist, owner.st_uid, owner.st_gid)
        for message in messages:
            self.append(message)
        assert self.uidvalidity() == validity

    def ssl_context(self) -> ssl.SSLContext:
        return ssl.create_default_context(cafile=str(self.certificate))


def _group_alive(group: int) -> bool:
    try:
        os.killpg(group, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _quoted(folder: str) -> str:
    return '"' + folder.replace('"', '\\"') + '"'


@contextlib.contextmanager
def running_dovecot() -> Iterator[Dovecot]:
    server = Dovecot()
    try:
        server.prepare()
        server.start()
        yield server
    finally:
        server.remove()


@pytest.fixture
def imap_server() -> Iterator[Dovecot]:
    """A Dovecot on loopback for this test, stopped and removed after it."""
    reason = dovecot_missing()
    if reason is not None:
        pytest.skip(reason)
    with running_dovecot() as server:
        yield server
