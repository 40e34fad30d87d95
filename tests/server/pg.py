"""A real PostgreSQL server for the tests: Debian's binaries, in a temporary folder.

``initdb`` makes a cluster in a fresh folder and ``pg_ctl`` starts it on a
Unix socket in that folder (no TCP port to collide with). PostgreSQL refuses
to run as root: as root, the folder belongs to the ``postgres`` user and the
binaries run through ``runuser -u postgres --``. :func:`find_bin` says where
the binaries are, or why the tests must skip.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
import uuid
from pathlib import Path

__all__ = ["PostgresServer", "find_bin"]


def find_bin() -> tuple[Path | None, str]:
    """The folder of ``initdb`` and ``pg_ctl``, or ``None`` and the reason they cannot run."""
    candidates = sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True)
    found = shutil.which("initdb")
    if found:
        candidates.insert(0, str(Path(found).parent))
    for folder in candidates:
        if (Path(folder) / "initdb").exists() and (Path(folder) / "pg_ctl").exists():
            if os.geteuid() == 0:
                try:
                    pwd.getpwnam("postgres")
                except KeyError:
                    return None, "running as root and no 'postgres' user to run PostgreSQL as"
            return Path(folder), ""
    return None, "PostgreSQL is not installed (Debian: apt-get install postgresql)"


class PostgresServer:
    """One PostgreSQL cluster in a temporary folder, reached on its Unix socket."""

    def __init__(self, bin_dir: Path, *, fsync: bool = False) -> None:
        self.fsync = fsync
        self.bin = bin_dir
        self.folder = Path(tempfile.mkdtemp(prefix="tongiaki-pg-"))
        self.data = self.folder / "data"
        self.log = self.folder / "server.log"
        self.port = 5432
        self._as_root = os.geteuid() == 0
        if self._as_root:
            os.chown(self.folder, pwd.getpwnam("postgres").pw_uid, -1)
        self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres", "--no-sync")
        self.start()

    def _run(self, program: str, *args: str) -> None:
        command = [str(self.bin / program), *args]
        if self._as_root:
            command = ["runuser", "-u", "postgres", "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            log = self.log.read_text() if self.log.exists() else ""
            raise RuntimeError(f"{program} failed: {done.stderr or done.stdout}\n{log[-2000:]}")

    def start(self) -> None:
        """Start (or start again) the server; waits until it takes connections."""
        # the tests need no durability across a power cut: fsync off (a benchmark keeps it on)
        durability = "" if self.fsync else "-c fsync=off -c full_page_writes=off "
        options = (
            f"-k {self.folder} -p {self.port} -c listen_addresses='' {durability}"
            "-c max_connections=200"
        )
        self._run("pg_ctl", "-D", str(self.data), "-o", options, "-l", str(self.log), "-w", "start")

    def stop(self, mode: str = "fast") -> None:
        """Stop the server (``immediate``: as a crash would)."""
        self._run("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "stop")

    def url(self, database: str = "postgres") -> str:
        """The libpq URL of ``database`` on this server's socket."""
        return f"postgresql://postgres@/{database}?host={self.folder}&port={self.port}"

    def new_database(self) -> str:
        """A fresh empty database; its URL."""
        import psycopg

        name = "t_" + uuid.uuid4().hex[:16]
        with psycopg.connect(self.url(), autocommit=True) as db:
            db.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def drop_database(self, url: str) -> None:
        import psycopg

        name = url.split("/")[3].split("?")[0]
        with psycopg.connect(self.url(), autocommit=True) as db:
            db.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")

    def close(self) -> None:
        try:
            self.stop("immediate")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)
