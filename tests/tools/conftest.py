"""Fixtures for the tool tests: one sandbox pool per session, a canary file, MCP server launchers."""
from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from medmcp_calc.sandbox import PythonSandbox
from medmcp_tools_support import CANARY_TEXT


@pytest.fixture(scope="session")
def sandbox():
    sb = PythonSandbox(size=2, timeout_s=5.0)
    sb.warm()
    yield sb
    sb.close()


@pytest.fixture(scope="session")
def canary():
    # A world-writable directory and file directly under the temp dir (pytest's own tmp dirs are
    # private to the user, and the worker may run as 'nobody'): only the sandbox's guards stop a write.
    d = Path(tempfile.mkdtemp(prefix="medmcp-canary-"))
    p = d / "canary.txt"
    p.write_text(CANARY_TEXT)
    os.chmod(d, 0o777)
    os.chmod(p, 0o666)
    yield p
    shutil.rmtree(d, ignore_errors=True)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class HttpServer:
    def __init__(self, module: str, *extra: str):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/mcp"
        self.proc = subprocess.Popen(
            [sys.executable, "-m", module, "--transport", "http", "--port", str(self.port), *extra],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"{module} exited: {self.proc.stderr.read().decode()[-2000:]}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return
            except OSError:
                time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"{module} did not start listening on {self.port}")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        if self.proc.stderr:
            self.proc.stderr.close()


@pytest.fixture
def http_server():
    started: list[HttpServer] = []

    def start(module: str, *extra: str) -> HttpServer:
        s = HttpServer(module, *extra)
        started.append(s)
        return s

    yield start
    for s in started:
        s.stop()
