"""Embedded server lifecycle and surviving a server restart (private server in a temp dir)."""
from __future__ import annotations

import os
import shutil
import tempfile
import threading
from pathlib import Path
import time

import pytest

from medmcp_calc.db import embedded
from medmcp_calc.db.builder import build_database
from medmcp_calc.db.core import EHRDatabase
from medmcp_calc.db.sample import sample_tables

Q = "SELECT count(*) FROM laboratory_result WHERE patient_id = 'P0001'"


@pytest.fixture(scope="module")
def private_dir():
    # not pytest's tmp_path: /tmp/pytest-of-<user> is reset to 0700 (and pruned) by concurrent pytest runs,
    # which would lock the unprivileged server account out when tests run as root
    d = Path(tempfile.mkdtemp(prefix="medmcp-pgtest-"))
    yield d / "data"
    try:
        embedded.stop_server(d / "data")
    finally:
        shutil.rmtree(d, ignore_errors=True)


@pytest.fixture(scope="module")
def private_server(private_dir):
    return private_dir, embedded.ensure_server(private_dir)


def test_embedded_start_attach_status(private_server):
    pgdata, url = private_server
    assert embedded.ensure_server(pgdata) == url                     # attach, same server
    st = embedded.status(pgdata)
    assert st["running"] and st["initialized"] and st["url"] == url and st["version"] == "18"
    if os.geteuid() == 0:                                            # PostgreSQL refuses root: runs unprivileged
        assert pgdata.stat().st_uid != 0
        assert st["run_as"] == embedded.PG_SYSTEM_USER or st["run_as"] == "nobody"


def test_server_restart_only_fails_inflight_call(private_server):
    pgdata, url = private_server
    info = build_database(url, sample_tables(), dbname="medmcp_restart")
    db = EHRDatabase(info.agent_url, statement_timeout_ms=8000, pool_size=3, connect_timeout_s=2)
    try:
        assert db.run_query(Q).splitlines()[1] == "5"
        # warm several pooled connections so stale ones exist after the restart
        threads = [threading.Thread(target=db.run_query, args=(Q,)) for _ in range(6)]
        [t.start() for t in threads]
        [t.join() for t in threads]

        inflight: dict = {}

        def long_call():
            inflight["out"] = db.run_query(
                "SELECT count(*) FROM generate_series(1, 100000) a, generate_series(1, 100000) b")
        t = threading.Thread(target=long_call)
        t.start()
        time.sleep(0.5)
        assert embedded.stop_server(pgdata)
        t.join(20)
        assert inflight["out"].startswith("Error:"), inflight["out"]

        down = db.run_query(Q)                                       # server down: clear error, no exception
        assert down.startswith("Error:"), down

        assert embedded.ensure_server(pgdata)
        outs = [db.run_query(Q) for _ in range(5)]                   # stale connections replaced transparently
        assert all(o.splitlines()[1] == "5" for o in outs), outs
    finally:
        db.close()


def test_stop_is_clean_and_idempotent(private_server):   # runs last in this module
    pgdata, _ = private_server
    embedded.ensure_server(pgdata)
    assert embedded.stop_server(pgdata) is True
    assert embedded.stop_server(pgdata) is False
    assert not embedded.status(pgdata)["running"]
    assert not (pgdata / "postmaster.pid").exists()
