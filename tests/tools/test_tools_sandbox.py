"""The sandboxed Python executor: behaviour, isolation between calls, limits, worker recovery."""
from __future__ import annotations

import asyncio
import os

import pytest

from medmcp_calc.sandbox import PythonSandbox, get_default_sandbox, run_python


def _proc_status(pid: int) -> dict[str, str]:
    out = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            k, _, v = line.partition(":")
            out[k] = v.strip()
    return out


def test_prints_and_echoes_last_expression(sandbox):
    assert sandbox.run("print('hi')\n1 + 2") == "hi\n3\n"
    assert sandbox.run("x = 5") .startswith("(no output")
    assert sandbox.run("print(1)\nprint(2)") == "1\n2\n"


def test_allowed_modules_compute(sandbox):
    code = """
import math, statistics, fractions, decimal
from datetime import date, timedelta
import numpy as np
print(round(math.sqrt(2), 4), statistics.median([3, 1, 2]), fractions.Fraction(1, 3) + fractions.Fraction(1, 6))
print(decimal.Decimal('1.1') + decimal.Decimal('2.2'))
print(date(2024, 1, 31) + timedelta(days=280))
a = np.array([[2.0, 0.0], [0.0, 4.0]])
print(round(float(np.linalg.det(a)), 6), np.mean([1, 2, 3, 4]), np.linalg.inv(a)[1][1])
np.polyfit([0, 1, 2], [1, 3, 5], 1).round(3).tolist()
"""
    out = sandbox.run(code)
    assert out.splitlines() == ["1.4142 2 1/2", "3.3", "2024-11-06", "8.0 2.5 0.25", "[2.0, 1.0]"], out


def test_functions_loops_and_augmented_assignment(sandbox):
    code = """
def egfr_like(cr, age):
    total = 0
    for i, v in enumerate([cr, age]):
        total += v * (i + 1)
    return total
vals = sorted([egfr_like(1.2, 60), egfr_like(0.8, 40)])
a, (b, c) = 1, (2, 3)
vals, a + b + c, 2 ** 10, [k for k in {'x': 1}]
"""
    assert sandbox.run(code).strip() == "([80.8, 121.2], 6, 1024, ['x'])"


def test_numpy_scalars_are_echoed_as_plain_numbers(sandbox):
    assert sandbox.run("import numpy as np\nnp.float64(2.5) * 2") == "5.0\n"


def test_errors_come_back_as_text_with_line(sandbox):
    out = sandbox.run("x = 1\ny = [1, 2]\ny[5]")
    assert "line 3" in out and "IndexError" in out
    assert sandbox.run("def f(:\n  pass").startswith("SyntaxError")
    assert "ZeroDivisionError" in sandbox.run("1/0")
    assert sandbox.run("").startswith("Error: no code")
    assert sandbox.run(123).startswith("Error: code must be")  # type: ignore[arg-type]


def test_module_state_does_not_leak_between_calls(sandbox):
    # attribute writes on modules are refused, and each call gets fresh module proxies
    assert "TypeError" in sandbox.run("import math\nmath.pi = 3")
    for _ in range(3):  # lands on every worker
        assert sandbox.run("import math\nmath.pi") == "3.141592653589793\n"
    sandbox.run("import decimal\nwith decimal.localcontext() as c:\n  pass\ndecimal.getcontext().prec")
    assert "TypeError" in sandbox.run("import decimal\ndecimal.getcontext().prec = 3")
    for _ in range(3):
        assert sandbox.run("import decimal\ndecimal.Decimal(1) / 7") == "Decimal('0.1428571428571428571428571429')\n"
    # variables from one call are not visible in the next
    sandbox.run("secret_value = 42")
    for _ in range(3):
        assert "NameError" in sandbox.run("secret_value")


def test_output_is_capped(sandbox):
    out = sandbox.run("print('x' * 200000)")
    assert len(out) < sandbox.output_cap + 200
    assert "output truncated" in out


def test_timeout_then_pool_still_works(sandbox):
    out = sandbox.run("while True:\n  pass", timeout_s=0.5)
    assert "TimeoutError" in out or "stopped" in out
    assert sandbox.run("print(6 * 7)") == "42\n"


def test_hung_worker_is_killed_and_replaced(sandbox):
    before = sandbox.restarts
    code = "while True:\n  try:\n    while True:\n      pass\n  except BaseException:\n    pass"
    out = sandbox.run(code, timeout_s=0.5)
    assert out.startswith("Error: the code was stopped")
    assert sandbox.restarts == before + 1
    assert [sandbox.run(f"print({i} + 1)") for i in range(4)] == [f"{i + 1}\n" for i in range(4)]


def test_memory_limit_is_contained(sandbox):
    out = sandbox.run("x = [0] * (10 ** 10)")
    assert "MemoryError" in out or "stopped" in out
    out = sandbox.run("import numpy as np\nnp.ones((100000, 100000))")
    assert "MemoryError" in out or "stopped" in out
    assert sandbox.run("2 + 2") == "4\n"


def test_worker_process_is_locked_down(sandbox):
    sandbox.warm()
    pids = sandbox.worker_pids()
    assert pids, "warm() should leave idle workers"
    for pid in pids:
        env = open(f"/proc/{pid}/environ", "rb").read().split(b"\0")
        names = {e.split(b"=", 1)[0].decode() for e in env if e}
        assert names <= {"OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS", "NUMEXPR_NUM_THREADS",
                         "PYTHONDONTWRITEBYTECODE", "LANG"}, names
        assert not any(n.startswith(("PG", "MEDMCP", "DATABASE", "OPENAI", "HF_")) for n in names)
        cwd = os.readlink(f"/proc/{pid}/cwd")
        assert "medmcp-sandbox-" in cwd and os.listdir(cwd) == []
        limits = open(f"/proc/{pid}/limits").read()
        fsize = next(ln for ln in limits.splitlines() if ln.startswith("Max file size"))
        assert fsize.split()[3] == "0", fsize
        nproc = next(ln for ln in limits.splitlines() if ln.startswith("Max processes"))
        assert nproc.split()[2] == "0", nproc
        mem = next(ln for ln in limits.splitlines() if ln.startswith("Max address space"))
        assert mem.split()[3] != "unlimited", mem
        cpu = next(ln for ln in limits.splitlines() if ln.startswith("Max cpu time"))
        assert cpu.split()[3] != "unlimited", cpu
    for pid, info in zip(pids, sandbox.worker_info()):
        if os.geteuid() == 0 and "uid_drop_failed" not in info:  # root drops to 'nobody' where it may
            uid = _proc_status(pid)["Uid"].split()
            assert uid[0] == uid[1] == "65534", uid


def test_killed_worker_is_noticed(sandbox):
    sandbox.warm()
    pid = sandbox.worker_pids()[0]
    os.kill(pid, 9)
    # whichever worker serves these calls, every call answers correctly
    assert [sandbox.run("print('ok')") for _ in range(4)] == ["ok\n"] * 4


def test_async_run_concurrent(sandbox):
    async def main():
        return await asyncio.gather(*(sandbox.arun(f"{i} * 2") for i in range(8)))

    assert asyncio.run(main()) == [f"{i * 2}\n" for i in range(8)]


def test_default_sandbox_singleton():
    assert get_default_sandbox() is get_default_sandbox()
    assert run_python("print(sum(range(10)))") == "45\n"


def test_closed_sandbox_answers_with_error():
    sb = PythonSandbox(size=1)
    sb.close()
    assert sb.run("1").startswith("Error:")


@pytest.mark.parametrize("code,expect", [
    ("import os", "ImportError"),
    ("open('/etc/hostname')", "NameError"),
    ("import numpy as np\nnp.save", "AttributeError"),
])
def test_basic_refusals(sandbox, code, expect):
    assert expect in sandbox.run(code)


def test_writes_allowed_only_on_snippet_owned_objects(sandbox):
    assert sandbox.run("import numpy as np\nx = np.zeros(3)\nx[1] = 2\nx.tolist()") == "[0.0, 2.0, 0.0]\n"
    assert sandbox.run("class P:\n  def __init__(self, a):\n    self.a = a\np = P(3)\np.a = p.a + 1\np.a") == "4\n"
    assert "TypeError" in sandbox.run("class P:\n  x = 1\nP.x = 2")
    assert "TypeError" in sandbox.run("import statistics\nstatistics.mean = 1")
    assert "TypeError" in sandbox.run("import datetime\ndatetime.date.today = 1")


def test_numpy_internals_and_strptime_work(sandbox):
    assert sandbox.run("import numpy as np\nx = np.array([1.0, 3.0])\nprint(x.mean(), x.std(), np.median(x))") \
        == "2.0 1.0 2.0\n"
    assert sandbox.run("import datetime\ndatetime.datetime.strptime('2024-02-29', '%Y-%m-%d').date()") \
        == "datetime.date(2024, 2, 29)\n"


def test_explicit_sessions_persist_and_are_isolated(sandbox):
    with sandbox.session() as s1, sandbox.session() as s2:
        assert s1.run("import math\nw = 70\ndef bmi(h):\n  return round(w / h ** 2, 1)").startswith("(no output")
        assert s1.run("bmi(1.75)") == "22.9\n"
        assert s2.run("w = 1\nw") == "1\n"
        assert s1.run("w") == "70\n"  # the other session did not touch it
        assert "NameError" in sandbox.run("w")  # nor is it visible to pool calls
        assert "TypeError" in s1.run("math.pi = 3")
        assert s1.run("math.pi") == "3.141592653589793\n"
        out = s1.run("while True:\n  try:\n    while True:\n      pass\n  except BaseException:\n    pass",
                     timeout_s=0.5)
        assert out.startswith("Error: the code was stopped") and "variables are lost" in out
        assert "NameError" in s1.run("w")  # reset after the kill
        assert s1.run("w = 2\nw * 3") == "6\n"
    assert s1.run("1").startswith("Error: this Python session is closed")


def test_workers_clean_up_when_the_parent_dies_abruptly(tmp_path):
    import subprocess
    import sys
    import time

    script = ("import os, sys\nfrom medmcp_calc.sandbox import PythonSandbox\nsb = PythonSandbox(size=1)\n"
              "sb.warm()\npid = sb.worker_pids()[0]\nprint(pid, os.readlink(f'/proc/{pid}/cwd'), flush=True)\n"
              "os._exit(0)\n")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60).stdout.split()
    pid, workdir = int(out[0]), out[1]
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and (os.path.exists(workdir) or os.path.exists(f"/proc/{pid}")):
        time.sleep(0.05)
    assert not os.path.exists(workdir), "the orphaned worker left its working directory behind"
    stat = open(f"/proc/{pid}/stat").read().split() if os.path.exists(f"/proc/{pid}") else []
    assert not stat or stat[2] == "Z", "the orphaned worker is still running"


def test_close_removes_worker_dirs():
    sb = PythonSandbox(size=1)
    sb.warm()
    pid = sb.worker_pids()[0]
    workdir = os.readlink(f"/proc/{pid}/cwd")
    assert os.path.isdir(workdir)
    sb.close()
    assert not os.path.exists(workdir)


@pytest.mark.parametrize("code,expected", [
    ("import statistics as s\ns.mode([1, 1, 2]), s.multimode([1, 1, 2, 2]), s.quantiles([1, 2, 3, 4, 5], n=4)",
     "(1, [1, 2], [1.5, 3.0, 4.5])"),
    ("import statistics as s\nround(s.NormalDist(0, 1).inv_cdf(0.975), 4), s.linear_regression([1, 2, 3], [2, 4, 6])",
     "(1.96, LinearRegression(slope=2.0, intercept=0.0))"),
    ("import numpy as np\nnp.histogram([1, 2, 2, 3], bins=3)[0].tolist(), np.vectorize(lambda v: v + 1)([1, 2]).tolist()",
     "([1, 2, 1], [2, 3])"),
    ("import numpy as np\na = np.array([[2., 1.], [1., 3.]])\nnp.linalg.solve(a, [1, 2]).round(3).tolist(), "
     "round(float(np.linalg.det(a)), 3), np.linalg.pinv(a).round(1).tolist()",
     "([0.2, 0.6], 5.0, [[0.6, -0.2], [-0.2, 0.4]])"),
    ("import numpy as np\nx = np.arange(10.)\nfloat(np.percentile(x, 90)), float(np.interp(2.5, [1, 3], [10, 30])), "
     "np.unique([3, 1, 3]).tolist()", "(8.1, 25.0, [1, 3])"),
    ("import datetime as d\n(d.date(2024, 3, 1) - d.date(2023, 3, 1)).days, "
     "d.datetime.strptime('03/01/2024', '%m/%d/%Y').date().isoformat()", "(366, '2024-03-01')"),
    ("import decimal as D\nD.Decimal('1.005').quantize(D.Decimal('0.01'), rounding=D.ROUND_HALF_UP)", "Decimal('1.01')"),
    ("import math\nmath.comb(10, 3), math.dist((0, 0), (3, 4)), math.fsum([0.1] * 10)", "(120, 5.0, 1.0)"),
])
def test_library_functions_work_inside_the_sandbox(sandbox, code, expected):
    assert sandbox.run(code) == expected + "\n"
