"""Real small and read-only disks for the storage and command-line tests.

A full disk is a tmpfs of a few hundred KiB, filled to the last byte; a read-only disk is
a tmpfs remounted read-only (root ignores file modes) or, without root, a folder and files
without write permission. Where neither mounting nor permissions can make the case (not
Linux, not root for a mount), the test is skipped with the reason.
"""

from __future__ import annotations

import errno
import os
import shutil
import stat
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest


def _is_root() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


def _mount(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["mount", *arguments], capture_output=True, text=True, check=False)


@contextmanager
def small_disk(folder: Path, size_kib: int) -> Iterator[Path]:
    """A file system of `size_kib` KiB mounted at `folder` for the test's duration."""
    if not sys.platform.startswith("linux") or not _is_root() or not shutil.which("mount"):
        pytest.skip("a small disk is mounted as a tmpfs, which needs root on Linux")
    folder.mkdir(parents=True, exist_ok=True)
    mounted = _mount("-t", "tmpfs", "-o", f"size={size_kib}k", "tmpfs", str(folder))
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.strip()}")
    try:
        yield folder
    finally:
        if subprocess.run(["umount", str(folder)], capture_output=True, check=False).returncode:
            subprocess.run(["umount", "-l", str(folder)], capture_output=True, check=False)


def fill(folder: Path, leave: int = 0) -> Path:
    """Fill the disk of `folder` up to the last `leave` bytes (0: completely)."""
    filler = folder / "filler.bin"
    with filler.open("wb") as handle:
        free = shutil.disk_usage(folder).free - leave
        block = b"\0" * 4096
        try:
            while free > 0:
                handle.write(block[:max(1, min(len(block), free))])
                handle.flush()
                free = shutil.disk_usage(folder).free - leave
        except OSError as error:
            assert error.errno == errno.ENOSPC
    return filler


@contextmanager
def read_only_folder(folder: Path, prepare: Callable[[Path], None]) -> Iterator[Path]:
    """`folder`, filled by `prepare`, then made read-only: a tmpfs remounted read-only
    for root, the folder and its files without write permission for anyone else."""
    if _is_root():
        with small_disk(folder, 8192):
            prepare(folder)
            remounted = _mount("-o", "remount,ro", str(folder))
            if remounted.returncode != 0:
                pytest.skip(f"cannot remount read-only: {remounted.stderr.strip()}")
            try:
                yield folder
            finally:
                _mount("-o", "remount,rw", str(folder))
        return
    folder.mkdir(parents=True, exist_ok=True)
    prepare(folder)
    modes = {path: path.stat().st_mode for path in [folder, *folder.iterdir()]}
    for path, mode in modes.items():
        path.chmod(mode & ~(stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH))
    try:
        yield folder
    finally:
        for path, mode in modes.items():
            path.chmod(mode)


@contextmanager
def read_only_file(path: Path) -> Iterator[Path]:
    """`path` without write permission in a folder that can be written; root writes
    any file whatever its mode, so the case cannot be made for root."""
    if _is_root():
        pytest.skip("root writes a file whatever its mode; the read-only folder test covers it")
    mode = path.stat().st_mode
    path.chmod(mode & ~(stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH))
    try:
        yield path
    finally:
        path.chmod(mode)
