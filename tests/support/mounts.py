"""Small file systems made by a test, for the faults a clinic server's disks have.

- `tmpfs`: a size-limited tmpfs, a disk that fills for real (`fill`) and that an admin can
  remount read-only and read-write again (`remount`) while nothing holds a file on it open
  for writing.
- `ext4_image`: an ext4 file system in an image file on a loop device, mounted with
  errors=remount-ro, and `fail_ext4`: the kernel's own test hook for a file-system error
  (/sys/fs/ext4/<device>/trigger_fs_error), after which the kernel refuses every write, as
  it does after a real disk error. Only `fsck` and a fresh mount make it writable again.

Each context manager unmounts what it mounted when the test ends, failed or not; a mount
still busy (a process of the test not yet reaped) is detached lazily so that nothing stays
mounted after the session.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

CHUNK_BYTES = 1024 * 1024
SMALL_CHUNK_BYTES = 4096


def mount_problem() -> str | None:
    """Why this machine cannot mount file systems for a test, or None."""
    if os.geteuid() != 0:
        return "mounting a small file system needs root (the CI machine runs the tests as root)"
    if shutil.which("mount") is None:
        return "the mount command is not installed (util-linux)"
    return None


def loop_problem() -> str | None:
    """Why this machine cannot mount an ext4 image on a loop device, or None."""
    if (problem := mount_problem()) is not None:
        return problem
    if shutil.which("mkfs.ext4") is None or shutil.which("fsck.ext4") is None:
        return "e2fsprogs (mkfs.ext4, fsck.ext4) is not installed"
    if not Path("/dev/loop-control").exists():
        return "this machine has no loop devices (/dev/loop-control)"
    return None


def _run(*command: str) -> None:
    subprocess.run(command, check=True, capture_output=True, text=True, timeout=60)


def _unmount(path: Path) -> None:
    try:
        _run("umount", str(path))
    except subprocess.CalledProcessError:
        _run("umount", "--lazy", str(path))


@contextlib.contextmanager
def tmpfs(path: Path, size_bytes: int) -> Iterator[Path]:
    """A tmpfs of `size_bytes` mounted on `path` (made if missing) for the block's length."""
    path.mkdir(parents=True, exist_ok=True)
    _run("mount", "-t", "tmpfs", "-o", f"size={size_bytes},mode=0755", "tmpfs", str(path))
    try:
        yield path
    finally:
        _unmount(path)


def remount(path: Path, mode: str) -> None:
    """Remount the file system on `path` read-only ("ro") or read-write ("rw")."""
    _run("mount", "-o", f"remount,{mode}", str(path))


def fill(folder: Path) -> Path:
    """Write a file into `folder` until its disk is full; the file is returned (remove it to
    free the space). Written in large chunks, then small ones to take the last blocks."""
    filler = folder / "filler"
    descriptor = os.open(filler, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        for chunk in (b"\0" * CHUNK_BYTES, b"\0" * SMALL_CHUNK_BYTES):
            with contextlib.suppress(OSError):
                while True:
                    os.write(descriptor, chunk)
    finally:
        os.close(descriptor)
    assert shutil.disk_usage(folder).free < SMALL_CHUNK_BYTES, "the disk should be full now"
    return filler


@contextlib.contextmanager
def ext4_image(image: Path, path: Path, size_bytes: int) -> Iterator[Path]:
    """An ext4 file system in `image`, mounted on `path` with errors=remount-ro."""
    with image.open("wb") as handle:
        handle.truncate(size_bytes)
    _run("mkfs.ext4", "-q", "-F", str(image))
    path.mkdir(parents=True, exist_ok=True)
    mount_ext4(image, path)
    try:
        yield path
    finally:
        if path.is_mount():
            _unmount(path)


def mount_ext4(image: Path, path: Path) -> None:
    _run("mount", "-o", "loop,errors=remount-ro", str(image), str(path))


def fail_ext4(path: Path) -> None:
    """Make the kernel meet an error on the ext4 file system mounted on `path`: from now on
    it refuses every write with EROFS, as after a real disk error."""
    device = next(
        line.split()[0] for line in Path("/proc/mounts").read_text().splitlines()
        if line.split()[1] == str(path)
    )  # fmt: skip
    Path(f"/sys/fs/ext4/{Path(device).name}/trigger_fs_error").write_text("docvault test\n")


def repair_ext4(image: Path, path: Path) -> None:
    """What an admin does after the error: unmount, check and repair, mount again."""
    _unmount(path)
    subprocess.run(["fsck.ext4", "-f", "-y", str(image)], capture_output=True, timeout=120)
    mount_ext4(image, path)
