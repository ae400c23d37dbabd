"""The worker's outer layers on their own: the audit hook and rlimits stop an *unrestricted*
snippet, as if RestrictedPython and the module proxies had been bypassed."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import medmcp_calc.sandbox as sandbox_pkg

PROBE = r"""
import json, os, sys
sys.path.insert(0, SANDBOX_DIR)
import _worker as w
info = w._harden(512, 60)
res = {"info": info}

def attempt(name, fn):
    try:
        fn()
        res[name] = "ALLOWED"
    except BaseException as e:
        res[name] = type(e).__name__

attempt("read_passwd", lambda: open("/etc/passwd").read())
attempt("write_tmp", lambda: open(TARGET, "w").write("x"))
attempt("os_open_write", lambda: os.open(TARGET, os.O_WRONLY | os.O_CREAT))
attempt("os_system", lambda: os.system("true"))
attempt("os_fork", lambda: os.fork())
attempt("os_listdir", lambda: os.listdir("/"))
attempt("os_remove", lambda: os.remove(TARGET))
attempt("import_socket", lambda: __import__("socket"))
attempt("import_ctypes", lambda: __import__("ctypes"))
attempt("import_subprocess", lambda: __import__("subprocess"))
attempt("compile", lambda: compile("1", "x", "eval"))
attempt("exec", lambda: exec("1"))
attempt("getframe", lambda: sys._getframe())
attempt("big_alloc", lambda: bytearray(2 * 1024 ** 3))
ok = {}
try:
    ok["lazy_stdlib_import"] = __import__("colorsys").rgb_to_hsv(1, 0, 0)[2] == 1  # libraries may still import
except BaseException as e:
    ok["lazy_stdlib_import"] = type(e).__name__
res["ok"] = ok
res["uid"] = os.getuid()
sys.stdout.write(json.dumps(res))
"""


def test_audit_hook_and_rlimits_stop_unrestricted_code(tmp_path):
    target = "/tmp/medmcp_hardening_probe_target"
    if os.path.exists(target):
        os.remove(target)
    code = PROBE.replace("SANDBOX_DIR", repr(str(Path(sandbox_pkg.__file__).parent))).replace("TARGET", repr(target))
    r = subprocess.run([sys.executable, "-I", "-c", code], capture_output=True, text=True, timeout=60,
                       cwd=tmp_path, env={"OPENBLAS_NUM_THREADS": "1"})
    assert r.returncode == 0, r.stderr[-2000:]
    res = json.loads(r.stdout)
    assert res.pop("ok") == {"lazy_stdlib_import": True}
    allowed = [k for k, v in res.items() if v == "ALLOWED"]
    assert not allowed, f"not blocked: {allowed} ({res})"
    assert res["big_alloc"] == "MemoryError"
    assert not os.path.exists(target)
    if os.geteuid() == 0 and "uid_drop_failed" not in res["info"]:
        assert res["uid"] == 65534
