"""A pool of long-lived sandbox worker processes.

:class:`PythonSandbox` hands each ``run(code)`` to an idle worker (``_worker.py``,
started as ``python -I`` with an empty environment in a private temporary
directory), waits at most the wall-clock limit, and kills and replaces a worker
that hangs, dies or asks to be recycled. It is thread-safe; ``arun`` is the
asyncio variant. Errors always come back as text, never as exceptions.

    from medmcp_calc.sandbox import get_default_sandbox
    get_default_sandbox().run("import math\\nmath.sqrt(2)")   # -> '1.4142135623730951\\n'
"""
from __future__ import annotations

import asyncio
import atexit
import json
import os
import select
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

WORKER_SCRIPT = str(Path(__file__).with_name("_worker.py"))
DEFAULT_TIMEOUT_S = 10.0
DEFAULT_OUTPUT_CAP = 10_000
DEFAULT_MEMORY_MB = 1024
MAX_CODE_CHARS = 100_000
_START_TIMEOUT_S = 60.0
_GRACE_S = 1.0


class SandboxUnavailable(RuntimeError):
    pass


class _Worker:
    """One worker process and its pipes."""

    def __init__(self, memory_mb: int, lifetime_cpu_s: int, max_calls: int):
        self.calls = 0
        self.max_calls = max_calls
        self.eof = False
        self.workdir = tempfile.mkdtemp(prefix="medmcp-sandbox-")
        os.chmod(self.workdir, 0o700)
        if os.geteuid() == 0:
            try:
                os.chown(self.workdir, 65534, 65534)  # the worker drops to 'nobody'
            except OSError:
                pass
        env = {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1",
               "NUMEXPR_NUM_THREADS": "1", "PYTHONDONTWRITEBYTECODE": "1", "LANG": "C.UTF-8"}
        self.proc = subprocess.Popen(
            [sys.executable, "-I", "-B", WORKER_SCRIPT, str(memory_mb), str(lifetime_cpu_s)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            cwd=self.workdir, env=env, close_fds=True, start_new_session=True, bufsize=0,
        )
        self.rfd = self.proc.stdout.fileno()
        self.wfd = self.proc.stdin.fileno()
        self.info: dict = {}
        msg = self._recv(time.monotonic() + _START_TIMEOUT_S)
        if msg is None or not msg.get("ready"):
            why = (msg or {}).get("fatal", "no answer")
            self.kill()
            raise SandboxUnavailable(f"sandbox worker failed to start: {why}")
        self.info = msg.get("info", {})

    # -- protocol ------------------------------------------------------------------------
    def _recv(self, deadline: float) -> dict | None:
        head = self._read_exact(4, deadline)
        if head is None:
            return None
        (n,) = struct.unpack(">I", head)
        body = self._read_exact(n, deadline)
        if body is None:
            return None
        return json.loads(body.decode("utf-8"))

    def _read_exact(self, n: int, deadline: float) -> bytes | None:
        chunks = []
        while n:
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            r, _, _ = select.select([self.rfd], [], [], left)
            if not r:
                return None
            b = os.read(self.rfd, min(n, 1 << 20))
            if not b:
                self.eof = True
                return None
            chunks.append(b)
            n -= len(b)
        return b"".join(chunks)

    def request(self, code: str, timeout_s: float, cap: int, persist: bool = False) -> tuple[str | None, bool, bool]:
        """Send one snippet; return (output or None when the worker hung/died, recycle?, retryable?).

        ``retryable`` is true when the worker was found dead before it could run the snippet
        (broken pipe, or end-of-file within a few milliseconds)."""
        data = json.dumps({"code": code, "timeout": timeout_s, "cap": cap, "persist": persist}).encode("utf-8")
        msg = memoryview(struct.pack(">I", len(data)) + data)
        t0 = time.monotonic()
        try:
            while msg:
                msg = msg[os.write(self.wfd, msg):]
        except (BrokenPipeError, OSError):
            return None, True, True
        self.calls += 1
        self.eof = False
        reply = self._recv(time.monotonic() + timeout_s + _GRACE_S)
        if reply is None:
            return None, True, self.eof and time.monotonic() - t0 < 0.05
        out = str(reply.get("output", "")).encode("utf-8", "replace").decode("utf-8")  # no lone surrogates
        return out, bool(reply.get("recycle")) or self.calls >= self.max_calls, False

    def alive(self) -> bool:
        return self.proc.poll() is None

    def kill(self) -> None:
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError, OSError):
            pass
        try:
            self.proc.kill()
        except OSError:
            pass
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass
        for f in (self.proc.stdin, self.proc.stdout):
            try:
                f.close()
            except OSError:
                pass
        shutil.rmtree(self.workdir, ignore_errors=True)

    def close(self) -> None:
        try:
            self.proc.stdin.close()
            self.proc.wait(timeout=2)
        except (OSError, subprocess.TimeoutExpired):
            pass
        self.kill()


class PythonSandbox:
    """Runs restricted Python snippets in a pool of long-lived worker processes.

    ``run(code, timeout_s)`` returns the printed output plus the ``repr`` of a trailing
    expression, or the error as text; the output is capped at ``output_cap`` characters.
    A worker that runs past the deadline, dies (CPU/memory limit, crash) or has served
    ``max_calls_per_worker`` calls is killed and replaced; the pool keeps ``size`` workers.
    Every call starts from fresh globals and fresh module proxies: nothing set by one
    call is visible to the next.
    """

    def __init__(self, size: int | None = None, *, timeout_s: float = DEFAULT_TIMEOUT_S,
                 output_cap: int = DEFAULT_OUTPUT_CAP, memory_mb: int = DEFAULT_MEMORY_MB,
                 lifetime_cpu_s: int = 600, max_calls_per_worker: int = 500):
        if size is None:
            size = int(os.environ.get("MEDMCP_SANDBOX_WORKERS", "0") or 0) or max(1, min(4, os.cpu_count() or 1))
        self.size = max(1, int(size))
        self.timeout_s = float(timeout_s)
        self.output_cap = int(output_cap)
        self.memory_mb = int(memory_mb)
        self.lifetime_cpu_s = int(lifetime_cpu_s)
        self.max_calls = int(max_calls_per_worker)
        self._idle: list[_Worker] = []
        self._live = 0  # workers existing (idle or busy) + being started
        self._cv = threading.Condition()
        self._closed = False
        self.restarts = 0  # workers replaced after a hang/death/recycle

    # -- pool management -------------------------------------------------------------------
    def _acquire(self) -> _Worker:
        with self._cv:
            while True:
                if self._closed:
                    raise SandboxUnavailable("the sandbox is closed")
                while self._idle:
                    w = self._idle.pop()
                    if w.alive():
                        return w
                    self._live -= 1  # died while idle (killed from outside): replace it
                    self.restarts += 1
                    threading.Thread(target=w.kill, daemon=True).start()
                if self._live < self.size:
                    self._live += 1
                    break
                self._cv.wait()
        try:
            return _Worker(self.memory_mb, self.lifetime_cpu_s, self.max_calls)
        except BaseException:
            with self._cv:
                self._live -= 1
                self._cv.notify()
            raise

    def _release(self, w: _Worker, healthy: bool) -> None:
        if healthy and w.alive():
            with self._cv:
                if not self._closed:
                    self._idle.append(w)
                    self._cv.notify()
                    return
        w.kill()
        with self._cv:
            self._live -= 1
            self.restarts += 0 if self._closed else 1
            self._cv.notify()

    def warm(self) -> None:
        """Start all workers now (otherwise they start on first use)."""
        ws = []
        try:
            for _ in range(self.size - len(self._idle)):
                with self._cv:
                    if self._live >= self.size:
                        break
                ws.append(self._acquire())
        finally:
            for w in ws:
                self._release(w, True)

    def worker_pids(self) -> list[int]:
        with self._cv:
            return [w.proc.pid for w in self._idle]

    def worker_info(self) -> list[dict]:
        with self._cv:
            return [dict(w.info) for w in self._idle]

    def close(self) -> None:
        with self._cv:
            self._closed = True
            idle, self._idle = self._idle, []
            self._cv.notify_all()
        for w in idle:
            w.close()

    def __enter__(self) -> "PythonSandbox":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- running code ----------------------------------------------------------------------
    def run(self, code: str, timeout_s: float | None = None) -> str:
        """Run ``code``; return its output (or error) as text. Never raises for bad code."""
        bad = _check_code(code)
        if bad:
            return bad
        t = self.timeout_s if timeout_s is None else float(timeout_s)
        t = min(max(t, 0.05), 120.0)
        for attempt in range(2):
            try:
                w = self._acquire()
            except SandboxUnavailable as e:
                return f"Error: {e}"
            out, recycle, retry = None, True, False
            try:
                out, recycle, retry = w.request(code, t, self.output_cap)
            finally:
                self._release(w, healthy=out is not None and not recycle)
            if out is not None or not retry:
                break
        if out is None:
            return (f"Error: the code was stopped: it exceeded the time limit ({t:g} s wall clock) or the "
                    f"sandbox's CPU/memory limits, or crashed the interpreter. Simplify the computation.")
        return out

    async def arun(self, code: str, timeout_s: float | None = None) -> str:
        return await asyncio.to_thread(self.run, code, timeout_s)

    def session(self) -> "SandboxSession":
        """An explicit session whose variables persist between its calls (see :class:`SandboxSession`)."""
        return SandboxSession(self)


def _check_code(code) -> str | None:
    if not isinstance(code, str):
        return f"Error: code must be a string of Python source, got {type(code).__name__}"
    if len(code) > MAX_CODE_CHARS:
        return f"Error: code is too long ({len(code)} characters; the limit is {MAX_CODE_CHARS})"
    if not code.strip():
        return "Error: no code given; pass Python source such as: print(2 + 2)"
    return None


class SandboxSession:
    """Opt-in persistence: variables, functions and imports survive between this session's calls.

    Isolation: a session runs on its *own* worker process (same limits as the pool's), never
    shared with the pool or another session, and killed on :meth:`close`. If the worker has to
    be killed (time limit, crash) the session's variables are lost and the reply says so.
    Calls of one session are serialised. Use as a context manager, one per rollout.
    """

    def __init__(self, sandbox: PythonSandbox):
        self._sb = sandbox
        self._worker: _Worker | None = None
        self._lock = threading.Lock()
        self._closed = False

    def run(self, code: str, timeout_s: float | None = None) -> str:
        bad = _check_code(code)
        if bad:
            return bad
        t = self._sb.timeout_s if timeout_s is None else float(timeout_s)
        t = min(max(t, 0.05), 120.0)
        with self._lock:
            if self._closed:
                return "Error: this Python session is closed"
            if self._worker is None or not self._worker.alive():
                lost = self._worker is not None
                if lost:
                    self._worker.kill()
                    self._worker = None
                try:
                    self._worker = _Worker(self._sb.memory_mb, self._sb.lifetime_cpu_s, 1 << 30)
                except SandboxUnavailable as e:
                    return f"Error: {e}"
            out, recycle, _ = self._worker.request(code, t, self._sb.output_cap, persist=True)
            if out is None or recycle:
                self._worker.kill()
                self._worker = None
                note = "[the session was reset: its variables are lost; define them again]"
                if out is None:
                    return (f"Error: the code was stopped: it exceeded the time limit ({t:g} s wall clock) or the "
                            f"sandbox's CPU/memory limits, or crashed the interpreter. {note}")
                return out + ("" if out.endswith("\n") else "\n") + note
            return out

    async def arun(self, code: str, timeout_s: float | None = None) -> str:
        return await asyncio.to_thread(self.run, code, timeout_s)

    def close(self) -> None:
        with self._lock:
            self._closed = True
            if self._worker is not None:
                self._worker.close()
                self._worker = None

    def __enter__(self) -> "SandboxSession":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


_default: PythonSandbox | None = None
_default_lock = threading.Lock()


def get_default_sandbox() -> PythonSandbox:
    """The process-wide sandbox pool (created on first use, closed at exit)."""
    global _default
    if _default is None:
        with _default_lock:
            if _default is None:
                _default = PythonSandbox()
                atexit.register(_default.close)
    return _default


def run_python(code: str, timeout_s: float | None = None) -> str:
    """Run ``code`` in the default sandbox pool (what the ``run_python`` tool calls)."""
    return get_default_sandbox().run(code, timeout_s)
