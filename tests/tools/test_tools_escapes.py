"""Escape suite: hostile payloads for run_python and the calculator tools.

Every payload must be contained: the tool returns text (an error or a bounded result),
the host canary file is unchanged, no file appears at the paths the payloads target,
no secret leaks into the output, and the worker pool answers correctly afterwards.
"""
from __future__ import annotations

import glob
import os

import pytest

from medmcp_calc.tools.calculator import calculator, convert_units

from medmcp_tools_support import CANARY_TEXT

TARGET = "/tmp/medmcp_escape_target"  # payloads try to create files with this prefix
LEAK_MARKERS = ("root:x:0:0", "medmcp canary", "MEDMCP_ESCAPE_SECRET", "<module 'os'", "<module 'sys'",
                "<module 'subprocess'", "<module 'builtins'", "<built-in function open>", "<built-in function system>",
                "<function system", "posix.", "ctypes.CDLL", "f_globals': {", "'__name__': '")


@pytest.fixture(autouse=True)
def _secret_env(monkeypatch):
    monkeypatch.setenv("MEDMCP_ESCAPE_SECRET", "hunter2-db-password")


def _payloads(canary: str) -> list[tuple[str, str]]:
    T = TARGET
    return [
        # --- files -------------------------------------------------------------------------
        ("open_read", "open('/etc/passwd').read()"),
        ("open_write", f"open('{T}_open', 'w').write('x')"),
        ("open_canary", f"open('{canary}', 'w').write('pwned')"),
        ("builtins_open_getattr", "getattr(__builtins__, 'open')"),
        ("io_import", "import io\nio.open('/etc/passwd').read()"),
        ("pathlib", "import pathlib\npathlib.Path('/etc/passwd').read_text()"),
        # --- os / sys / subprocess via any path ------------------------------------------------
        ("import_os", f"import os\nos.system('touch {T}_os')"),
        ("import_sys", "import sys\nsys.modules['os']"),
        ("import_subprocess", f"import subprocess\nsubprocess.run(['touch', '{T}_sp'])"),
        ("dunder_import", "__import__('os').system('id')"),
        ("import_ctypes", "import ctypes\nctypes.CDLL(None)"),
        ("import_socket", "import socket\nsocket.socket()"),
        ("import_importlib", "import importlib\nimportlib.import_module('os')"),
        ("import_builtins", "import builtins\nbuiltins.open"),
        ("import_pickle", "import pickle\npickle.loads(b'cos\\nsystem\\n(S\"id\"\\ntR.')"),
        ("relative_import", "from . import os"),
        ("star_import", "from math import *"),
        ("datetime_sys", "import datetime\ndatetime.sys"),
        ("statistics_random", "import statistics\nstatistics.random.__dict__"),
        ("numpy_os", "import numpy as np\nnp.os"),
        ("numpy_testing", "import numpy as np\nnp.testing"),
        ("numpy_f2py", "import numpy as np\nnp.f2py"),
        ("numpy_lib_npyio", "import numpy.lib.npyio"),
        ("numpy_show_config", "import numpy as np\nnp.show_config()"),
        # --- dunder walks --------------------------------------------------------------------
        ("subclasses", "().__class__.__bases__[0].__subclasses__()"),
        ("getattr_dunder", "getattr(getattr((), '__cl' + 'ass__'), '__ba' + 'ses__')"),
        ("getattr_globals", "def f():\n  pass\ngetattr(f, '__glo' + 'bals__')"),
        ("lambda_code", "getattr(lambda: 0, '__code__')"),
        ("mro_walk", "getattr(int, 'mro')()"),
        ("class_magic_methods", "class A:\n  def __init__(self):\n    pass"),
        ("type_builtin", "type(1).__subclasses__"),
        ("globals_builtin", "globals()"),
        ("vars_builtin", "vars()"),
        ("eval_exec", "eval('1+1')"),
        ("exec_builtin", "exec('import os')"),
        ("compile_builtin", "compile('1', 'x', 'eval')"),
        ("underscore_names", "_getattr_(1, '__class__')"),
        ("printed_collector", "print(1)\n_print.__dict__"),
        ("module_proxy_attrs", "from numpy import _attrs"),
        ("module_proxy_getattr", "import math\ngetattr(math, '_attrs')"),
        ("exception_traceback", "try:\n  1/0\nexcept Exception as e:\n  getattr(e, '__traceback__')"),
        ("exception_tb_frame", "try:\n  1/0\nexcept Exception as e:\n  e.__traceback__.tb_frame.f_globals"),
        ("str_getattr_class", "getattr('', '__class__')"),
        # --- format / format_map leaks --------------------------------------------------------
        ("format_class", "'{0.__class__.__mro__}'.format(1)"),
        ("format_map", "'{a.__class__}'.format_map({'a': 1})"),
        ("str_format_unbound", "str.format('{0.__class__}', 1)"),
        ("getattr_format", "getattr('{0.__class__}', 'format')(1)"),
        ("fstring_dunder", "f'{(1).__class__}'"),
        ("string_formatter", "import string\nstring.Formatter().format('{0.__class__}', 1)"),
        # --- try/except*, generator and frame tricks ----------------------------------------------
        ("except_star", "try:\n  raise ValueError(1)\nexcept* ValueError as eg:\n  eg"),
        ("gen_gi_frame", "g = (x for x in [1])\ng.gi_frame.f_globals"),
        ("gen_getattr_frame", "g = (x for x in [1])\ngetattr(g, 'gi_' + 'frame')"),
        ("gen_def_frame", "def f():\n  yield 1\ngetattr(f(), 'gi_frame')"),
        ("coroutine", "async def f():\n  pass"),
        ("gen_finalizer_hang", "def g():\n  try:\n    yield 1\n  finally:\n    while True:\n      pass\nit = g()\nnext(it)"),
        # --- numpy file / FFI / ctypes surface ----------------------------------------------------
        ("np_load", "import numpy as np\nnp.load('/etc/passwd', allow_pickle=True)"),
        ("np_save", f"import numpy as np\nnp.save('{T}_np', np.zeros(3))"),
        ("np_savez", f"import numpy as np\nnp.savez('{T}_npz', a=np.zeros(3))"),
        ("np_loadtxt", "import numpy as np\nnp.loadtxt('/etc/passwd')"),
        ("np_genfromtxt", "import numpy as np\nnp.genfromtxt('/etc/passwd', dtype=str)"),
        ("np_savetxt", f"import numpy as np\nnp.savetxt('{T}_txt', np.zeros(3))"),
        ("np_fromfile", "import numpy as np\nnp.fromfile('/etc/passwd', dtype='u1')"),
        ("np_memmap", f"import numpy as np\nnp.memmap('{T}_mm', mode='w+', shape=(10,))"),
        ("np_ctypeslib", "import numpy as np\nnp.ctypeslib.load_library('libc', '/lib')"),
        ("np_tofile", f"import numpy as np\nnp.zeros(3).tofile('{T}_tofile')"),
        ("np_dump", f"import numpy as np\nnp.zeros(3).dump('{T}_dump')"),
        ("np_array_ctypes", "import numpy as np\nnp.zeros(3).ctypes.data_as"),
        ("np_rng_ctypes", "import numpy as np\nnp.random.default_rng().bit_generator.ctypes"),
        ("np_from_import_load", "from numpy import load"),
        ("np_getattr_load", "import numpy as np\ngetattr(np, 'lo' + 'ad')"),
        ("np_ndarray_tofile", f"import numpy as np\nnp.ndarray.tofile(np.zeros(2), '{T}_nd')"),
        ("np_lib", "import numpy as np\nnp.lib.format.open_memmap"),
        ("np_ctypeslib_import", "import numpy.ctypeslib"),
        ("np_typecodes_poison", "import numpy as np\nnp.typecodes['All'] = ''"),
        ("np_seterr", "import numpy as np\nnp.seterr(all='raise')"),
        ("np_printoptions", "import numpy as np\nnp.set_printoptions(precision=1)"),
        # --- module poisoning ----------------------------------------------------------------
        ("poison_math_pi", "import math\nmath.pi = 3"),
        ("poison_setattr", "import math\nsetattr(math, 'pi', 3)"),
        ("poison_numpy_mean", "import numpy as np\nnp.mean = None"),
        ("poison_decimal_ctx", "import decimal\ndecimal.getcontext().prec = 2"),
        ("poison_decimal_setcontext", "import decimal\ndecimal.setcontext(decimal.Context(prec=2))"),
        ("poison_fraction_class", "import fractions\nfractions.Fraction.limit_denominator = None"),
        ("poison_decimal_traps", "import decimal\ndecimal.getcontext().clear_traps()"),
        ("poison_decimal_traps_item", "import decimal\ndecimal.getcontext().traps[decimal.DivisionByZero] = False"),
        ("poison_module_dict", "import statistics\nstatistics.__dict__['mean'] = None"),
        # --- resources -----------------------------------------------------------------------
        ("infinite_loop", "while True:\n  pass"),
        ("swallowed_timeout", "while True:\n  try:\n    while True:\n      pass\n  except BaseException:\n    pass"),
        ("fork_bomb", "import os\nwhile True:\n  os.fork()"),
        ("alloc_list_10gb", "x = [0] * (10 ** 10)"),
        ("alloc_str_10gb", "x = 'a' * (10 ** 10)"),
        ("alloc_numpy_10gb", "import numpy as np\nx = np.ones(10 ** 10 // 8)"),
        ("alloc_grow", "x = []\nwhile True:\n  x.append('y' * 10 ** 6)"),
        ("huge_print", "print('x' * 10 ** 8)"),
        ("print_loop", "while True:\n  print('spam' * 1000)"),
        ("huge_pow", "9 ** 9 ** 9"),
        ("huge_pow_builtin", "pow(9, 9 ** 9)"),
        ("huge_pow_inplace", "x = 9\nx **= 10 ** 9"),
        ("huge_shift", "1 << 10 ** 10"),
        ("huge_factorial", "import math\nmath.factorial(10 ** 8)"),
        ("deep_recursion", "def f(n):\n  return f(n + 1)\nf(0)"),
        ("deep_nesting_repr", "x = []\nfor i in range(200000):\n  x = [x]\nx"),
        ("parser_bomb", "(" * 50000 + ")" * 50000),
        ("huge_code", "x = 1\n" * 30000),
        ("sys_exit", "raise SystemExit(0)"),
        ("keyboard_interrupt", "raise KeyboardInterrupt"),
        ("null_byte", "print(1)\x00"),
    ]


PYTHON_IDS = [name for name, _ in _payloads("/x")]


def _assert_host_clean(canary):
    assert canary.read_text() == CANARY_TEXT, "the canary file was modified"
    assert sorted(canary.parent.iterdir()) == [canary], "a file appeared next to the canary"
    created = glob.glob(TARGET + "*")
    assert not created, f"payload created files: {created}"


@pytest.fixture(autouse=True)
def _no_targets():
    for f in glob.glob(TARGET + "*"):
        os.remove(f)
    yield


@pytest.mark.parametrize("name", PYTHON_IDS)
def test_python_payload_is_contained(sandbox, canary, name):
    code = dict(_payloads(str(canary)))[name]
    out = sandbox.run(code, timeout_s=2.0)
    assert isinstance(out, str) and out
    assert len(out) <= sandbox.output_cap + 300
    for marker in LEAK_MARKERS:
        assert marker not in out, f"{name}: output leaks {marker!r}: {out[:300]}"
    assert "hunter2" not in out
    _assert_host_clean(canary)
    # the pool is healthy and state did not leak
    assert sandbox.run("import math\nprint(math.pi, 6 * 7)") == "3.141592653589793 42\n"


def test_python_payload_count():
    assert len(PYTHON_IDS) >= 50 and len(set(PYTHON_IDS)) == len(PYTHON_IDS)


def test_poisoning_has_no_effect_on_later_calls(sandbox):
    for code in ("import math\nmath.pi = 3", "import decimal\ndecimal.getcontext().prec = 2",
                 "import numpy as np\nnp.mean = None", "import decimal\ndecimal.getcontext().clear_traps()"):
        for _ in range(sandbox.size + 1):
            sandbox.run(code)
    for _ in range(sandbox.size + 1):
        assert sandbox.run("import math, decimal\nimport numpy as np\nprint(math.pi, decimal.Decimal(2) / 3, "
                           "np.mean([1, 3]))") == "3.141592653589793 0.6666666666666666666666666667 2.0\n"
        assert "DivisionByZero" in sandbox.run("import decimal\ndecimal.Decimal(1) / 0")


def test_specific_refusals(sandbox):
    assert "OverflowError" in sandbox.run("9 ** 9 ** 9")
    assert "not allowed" in sandbox.run("try:\n  pass\nexcept* ValueError:\n  pass")
    assert "not available" in sandbox.run("import numpy as np\nnp.load")
    assert "ImportError" in sandbox.run("import os")
    assert "MemoryError" in sandbox.run("x = [0] * (10 ** 10)")
    assert "output truncated" in sandbox.run("print('x' * 10 ** 6)")


def test_pool_recovers_after_suite(sandbox):
    outs = [sandbox.run(f"{i} ** 2") for i in range(2 * sandbox.size)]
    assert outs == [f"{i * i}\n" for i in range(2 * sandbox.size)]


# ----------------------------------------------------------------------------------------------
# calculator and convert_units
# ----------------------------------------------------------------------------------------------
CALC_PAYLOADS = [
    "__import__('os').system('id')",
    "().__class__.__bases__[0].__subclasses__()",
    "(1).real",
    "open('/etc/passwd').read()",
    "'a' * 10 ** 9",
    "9 ** 9 ** 9",
    "10 ** 10 ** 10",
    "pow(2, 10 ** 9)",
    "2 ^ 99999",
    "exp(exp(100))",
    "1e400",
    "-1e400 * 0",
    "[x for x in range(10 ** 9)]",
    "(lambda: 1)()",
    "f'{1}'",
    "1 if True else 0",
    "max(*[1] * 10 ** 7)",
    "round(1, 10 ** 9)",
    "sqrt(-1)",
    "log(0)",
    "(" * 5000 + "1" + ")" * 5000,
    "1" * 10000,
    "x = 1",
    "import os",
    "sqrt.__globals__",
    "'{0.__class__}'.format(1)",
    "globals()",
    "e ** 1000",
    "10 ** 308 * 10",
    "min()",
    "sin(1, 2, 3)",
    "max(" + ",".join(["1"] * 500) + ")",
]


@pytest.mark.parametrize("expr", CALC_PAYLOADS, ids=[f"calc{i}" for i in range(len(CALC_PAYLOADS))])
def test_calculator_payload_is_contained(canary, expr):
    out = calculator(expr)
    assert isinstance(out, str) and out.startswith("Error:"), out[:200]
    assert len(out) < 2000
    _assert_host_clean(canary)


@pytest.mark.parametrize("args", [
    (float("nan"), "mg/dL", "umol/L", "creatinine"),
    (float("inf"), "kg", "lb", None),
    (1e400, "kg", "lb", None),
    ("1; import os", "kg", "lb", None),
    (1, "__class__", "kg", None),
    (1, "kg", "lb" * 1000, None),
    (1, "mg/dL", "mmol/L", "x" * 10000),
    (1, "mg/dL", "mmol/L", "__import__('os')"),
    (True, "kg", "lb", None),
    ([1], "kg", "lb", None),
    (1, None, "lb", None),
])
def test_convert_units_payload_is_contained(canary, args):
    out = convert_units(*args)
    assert isinstance(out, str) and out.startswith("Error:"), out
    assert len(out) < 3000
    _assert_host_clean(canary)
