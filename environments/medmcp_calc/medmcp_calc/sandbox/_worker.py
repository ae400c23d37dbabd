"""Sandbox worker process: runs restricted Python snippets sent over a pipe.

Started by :mod:`medmcp_calc.sandbox.pool` as ``python -I <this file>`` with an empty
environment, a private temporary working directory and no inherited descriptors.
It is deliberately self-contained (stdlib + RestrictedPython + numpy) so that it
imports nothing of the host application.

Layers, from the inside out:

1. RestrictedPython compiles the snippet with a policy that also routes ``**``
   and ``<<`` through size checks; at run time the guards ``full_write_guard``,
   ``safer_getattr`` (plus a deny list and "no real module objects"), guarded
   getitem/getiter/unpack and a capped print collector apply.
2. ``import`` returns *fresh, read-only proxies* built for every call from an
   allow-list (math, statistics, datetime, fractions, decimal, numpy without its
   file/FFI/ctypes surface); real module objects never reach the snippet.
3. After start-up an audit hook refuses process creation, sockets, ctypes, file
   writes, reads outside the Python installation, new code objects and imports of
   system modules.
4. rlimits: address space, CPU seconds (per call), file size 0, no new
   processes, few descriptors; as root the worker also drops to ``nobody``.
5. The parent enforces a wall-clock deadline and kills/replaces the worker.

Protocol: 4-byte big-endian length + UTF-8 JSON, both directions.
Request ``{"code", "timeout", "cap", "persist"}``; reply ``{"output", "recycle"}``. The worker
answers ``{"ready": true, "info": {...}}`` (or ``{"fatal": ...}``) once it is locked down.
"""
from __future__ import annotations

import ast
import datetime
import decimal
import fractions
import json
import math
import operator
import os
import resource
import signal
import statistics
import struct
import sys
import types

import numpy
from RestrictedPython import compile_restricted_exec
from RestrictedPython.Guards import (
    full_write_guard,
    guarded_iter_unpack_sequence,
    guarded_unpack_sequence,
    safe_builtins,
    safer_getattr,
)
from RestrictedPython.Guards import raise_ as _RAISE
from RestrictedPython.PrintCollector import PrintCollector
from RestrictedPython.transformer import RestrictingNodeTransformer

FILENAME = "<python>"
MAX_INT_BITS = 1 << 20  # results of ** and << above ~1M bits (~315k digits) are refused
MAX_CODE_CHARS = 100_000


# --------------------------------------------------------------------------------------------
# compile policy
# --------------------------------------------------------------------------------------------
class SandboxPolicy(RestrictingNodeTransformer):
    """RestrictedPython's policy plus: ``a ** b`` -> ``_pow_(a, b)``, ``a << b`` -> ``_lshift_(a, b)``,
    and the module's trailing expression is stored in ``_echo_`` so it can be shown."""

    def visit_BinOp(self, node: ast.BinOp):
        node = self.node_contents_visit(node)
        fn = {ast.Pow: "_pow_", ast.LShift: "_lshift_"}.get(type(node.op))
        if fn is None:
            return node
        call = ast.Call(func=ast.Name(fn, ast.Load()), args=[node.left, node.right], keywords=[])
        return ast.fix_missing_locations(ast.copy_location(call, node))

    def visit_Module(self, node: ast.Module):
        node = super().visit_Module(node)
        if node.body and isinstance(node.body[-1], ast.Expr):
            last = node.body[-1]
            node.body[-1] = ast.copy_location(
                ast.Assign(targets=[ast.Name("_echo_", ast.Store())], value=last.value), last)
            ast.fix_missing_locations(node)
        return node


def _too_big(base, exp) -> bool:
    if type(base) in (int, bool) and type(exp) in (int, bool) and exp > 0 and abs(base) > 1:
        return exp * math.log2(abs(base)) > MAX_INT_BITS
    return False


def guarded_pow(base, exp, mod=None):
    if mod is None and _too_big(base, exp):
        raise OverflowError(f"integer result of {type(base).__name__} ** {exp} would exceed the sandbox's "
                            f"size limit (~{MAX_INT_BITS} bits); use floats (e.g. 9.0 ** x) or logarithms")
    return pow(base, exp) if mod is None else pow(base, exp, mod)


def guarded_lshift(a, b):
    if type(a) in (int, bool) and type(b) in (int, bool) and a and b > 0 and a.bit_length() + b > MAX_INT_BITS:
        raise OverflowError(f"shift result would exceed the sandbox's size limit (~{MAX_INT_BITS} bits)")
    return a << b


_INPLACE = {
    "+=": operator.iadd, "-=": operator.isub, "*=": operator.imul, "/=": operator.itruediv,
    "//=": operator.ifloordiv, "%=": operator.imod, "**=": guarded_pow, "<<=": guarded_lshift,
    ">>=": operator.irshift, "&=": operator.iand, "|=": operator.ior, "^=": operator.ixor,
    "@=": operator.imatmul,
}


def guarded_inplacevar(op, x, y):
    fn = _INPLACE.get(op)
    if fn is None:
        raise SyntaxError(f"augmented assignment {op} is not supported")
    return fn(x, y)


# --------------------------------------------------------------------------------------------
# attribute access
# --------------------------------------------------------------------------------------------
# Names refused on any object (file/FFI surface of numpy objects, frame/code introspection).
DENY_ATTRS = frozenset({
    "ctypes", "cffi", "tofile", "dump", "dumps", "load", "loads", "save", "savez", "savez_compressed",
    "savetxt", "loadtxt", "genfromtxt", "fromfile", "fromregex", "memmap", "ctypeslib", "DataSource",
    "lib", "f2py", "testing", "distutils", "os", "sys", "subprocess", "builtins", "importlib",
    "gi_frame", "gi_code", "gi_yieldfrom", "cr_frame", "cr_code", "ag_frame", "ag_code", "f_globals",
    "f_locals", "f_builtins", "f_back", "f_code", "tb_frame", "tb_next", "func_globals", "func_code",
    "im_func", "im_self", "mro", "register", "show_config", "show_runtime", "info", "get_include",
    "set_printoptions", "seterr", "seterrcall", "setbufsize", "format_map",
})


def guarded_getattr(obj, name, default=_RAISE):
    if isinstance(obj, types.ModuleType):
        raise AttributeError("module objects are not accessible in the sandbox")
    if type(name) is str and name in DENY_ATTRS:
        raise AttributeError(f"attribute {name!r} is not available in the sandbox")
    return safer_getattr(obj, name, default)


def guarded_getattr_builtin(obj, name, *default):
    return guarded_getattr(obj, name, default[0] if default else _RAISE)


def guarded_hasattr(obj, name):
    try:
        guarded_getattr(obj, name)
    except Exception:
        return False
    return True


def write_guard(ob):
    """``full_write_guard`` that also lets the snippet assign into numpy arrays and into instances of
    classes it defined itself (both exist only for this call); modules, module proxies, functions,
    classes and library objects stay read-only."""
    t = type(ob)
    if t is numpy.ndarray or getattr(t, "__module__", None) == "__sandbox__" and t is not type:
        return ob
    return full_write_guard(ob)


def guarded_getitem(ob, index):
    if isinstance(ob, types.ModuleType):
        raise TypeError("module objects are not accessible in the sandbox")
    return ob[index]


def guarded_apply(fn, *args, **kwargs):
    return fn(*args, **kwargs)


# --------------------------------------------------------------------------------------------
# read-only module proxies (fresh per call)
# --------------------------------------------------------------------------------------------
class SandboxModule:
    """A read-only stand-in for a module exposing only allow-listed attributes."""

    __slots__ = ("_name", "_attrs")

    def __init__(self, name: str, attrs: dict):
        object.__setattr__(self, "_name", name)
        object.__setattr__(self, "_attrs", attrs)

    def __getattr__(self, item):
        try:
            return self._attrs[item]
        except KeyError:
            raise AttributeError(
                f"module {self._name!r} has no attribute {item!r} in the sandbox (only pure-computation "
                f"functions are available; file, FFI and process functions are not)") from None

    def __setattr__(self, key, value):
        raise TypeError(f"sandbox module {self._name!r} is read-only")

    def __delattr__(self, key):
        raise TypeError(f"sandbox module {self._name!r} is read-only")

    def __dir__(self):
        return sorted(self._attrs)

    def __repr__(self):
        return f"<module {self._name!r} (sandboxed)>"


def _public(mod, exclude=()) -> dict:
    out = {}
    for k in getattr(mod, "__all__", None) or dir(mod):
        if k.startswith("_") or k in exclude:
            continue
        v = getattr(mod, k)
        if isinstance(v, types.ModuleType):
            continue
        out[k] = v
    return out


NUMPY_NAMES = """
abs absolute add all allclose amax amin angle any append arange arccos arccosh arcsin arcsinh arctan arctan2
arctanh argmax argmin argsort argwhere around array array_equal asarray atleast_1d atleast_2d average bincount
bool_ broadcast_to cbrt ceil clip column_stack concatenate conj convolve copy copysign corrcoef cos cosh
count_nonzero cov cross cumprod cumsum deg2rad degrees diag diagonal diff digitize divide dot dtype e einsum
empty empty_like equal exp exp2 expm1 eye fabs finfo flatnonzero flip float32 float64 floor floor_divide fmax
fmin fmod full full_like gcd geomspace gradient greater greater_equal histogram hstack hypot identity iinfo inf
inner int16 int32 int64 int8 integer floating number interp intersect1d isclose isfinite isin isinf isnan kron
lcm less less_equal linspace log log10 log1p log2 logaddexp logical_and logical_not logical_or logical_xor
logspace matmul max maximum mean median meshgrid min minimum mod modf multiply nan nan_to_num nanargmax nanargmin
nancumsum nanmax nanmean nanmedian nanmin nanpercentile nanprod nanquantile nanstd nansum nanvar ndarray ndim
negative nonzero not_equal ones ones_like outer pad percentile pi piecewise poly polyder polyfit polyint polyval
positive power prod ptp quantile rad2deg radians ravel reciprocal remainder repeat reshape rint roll roots round
searchsorted select setdiff1d shape sign sin sinc sinh size sort sqrt square squeeze stack std subtract sum
swapaxes take tan tanh tile trace transpose trapezoid tril triu trunc uint8 uint16 uint32 uint64 union1d unique
var vstack where zeros zeros_like complex128 float16 bool isscalar array_split split linalg random
vectorize fix newaxis expand_dims poly1d frompyfunc apply_along_axis fromfunction datetime64 timedelta64 busday_count
is_busday busday_offset lexsort histogram_bin_edges divmod true_divide insert delete real imag heaviside cumulative_sum
""".split()
NUMPY_LINALG = "det inv solve norm eig eigh eigvals eigvalsh lstsq pinv matrix_power matrix_rank svd qr cholesky " \
               "LinAlgError".split()
NUMPY_RANDOM = ["default_rng"]


def _numpy_attrs() -> dict:
    attrs = {}
    for n in NUMPY_NAMES:
        if n in ("linalg", "random") or not hasattr(numpy, n):
            continue
        v = getattr(numpy, n)
        if not isinstance(v, types.ModuleType):
            attrs[n] = v
    return attrs


_NUMPY_ATTRS = _numpy_attrs()
_LINALG_ATTRS = {n: getattr(numpy.linalg, n) for n in NUMPY_LINALG if hasattr(numpy.linalg, n)}
_RANDOM_ATTRS = {n: getattr(numpy.random, n) for n in NUMPY_RANDOM}
_MODULE_ATTRS = {
    "math": _public(math),
    "statistics": _public(statistics),
    "datetime": _public(datetime, exclude=("datetime_CAPI",)),
    "fractions": {"Fraction": fractions.Fraction},
    "decimal": _public(decimal, exclude=("setcontext", "DefaultContext", "BasicContext", "ExtendedContext")),
}
ALLOWED_MODULES = ("math", "statistics", "datetime", "fractions", "decimal", "numpy")
# what the allowed modules' C code may import lazily on its own behalf
INTERNAL_IMPORT_ROOTS = frozenset({"numpy", "_strptime", "datetime", "_datetime", "decimal", "_decimal", "_pydecimal",
                                   "fractions", "statistics", "math", "time", "locale", "calendar", "numbers",
                                   "encodings", "re", "collections", "operator", "functools", "warnings", "copyreg"})
_REAL_IMPORT = __import__


def _make_module(name: str) -> SandboxModule:
    if name == "numpy":
        attrs = dict(_NUMPY_ATTRS)
        attrs["linalg"] = SandboxModule("numpy.linalg", dict(_LINALG_ATTRS))
        attrs["random"] = SandboxModule("numpy.random", dict(_RANDOM_ATTRS))
        return SandboxModule("numpy", attrs)
    return SandboxModule(name, dict(_MODULE_ATTRS[name]))


def make_importer():
    cache: dict[str, SandboxModule] = {}

    def get(name):
        if name not in cache:
            cache[name] = _make_module(name)
        return cache[name]

    def guarded_import(name, globals=None, locals=None, fromlist=(), level=0):
        if type(fromlist) is list and type(name) is str and level == 0:
            # C-level PyImport_Import() (numpy's lazy numpy._core._methods, datetime's _strptime...)
            # passes a list; import statements pass None or a tuple. The module goes to C code,
            # never to the snippet.
            if name.split(".")[0] in INTERNAL_IMPORT_ROOTS:
                return _REAL_IMPORT(name, globals, locals, fromlist, level)
            raise ImportError(f"module {name!r} is not available in the sandbox")
        if level != 0:
            raise ImportError("relative imports are not available in the sandbox")
        if type(name) is not str:
            raise ImportError("module name must be a string")
        parts = name.split(".")
        top = parts[0]
        if top not in ALLOWED_MODULES or (len(parts) > 1 and (top != "numpy" or name not in (
                "numpy.linalg", "numpy.random"))):
            raise ImportError(
                f"module {name!r} is not available in the sandbox; allowed: {', '.join(ALLOWED_MODULES)} "
                f"(numpy without file/FFI functions; numpy.linalg, numpy.random.default_rng)")
        mod = get(top)
        if fromlist and len(parts) > 1:
            return getattr(mod, parts[1])
        return mod

    return guarded_import


# --------------------------------------------------------------------------------------------
# output
# --------------------------------------------------------------------------------------------
class OutputBuffer:
    def __init__(self, cap: int):
        self.cap = cap
        self.parts: list[str] = []
        self.size = 0
        self.dropped = 0

    def write(self, text: str) -> None:
        if not isinstance(text, str):
            text = str(text)
        room = self.cap + 1 - self.size
        if room <= 0:
            self.dropped += len(text)
            return
        if len(text) > room:
            self.dropped += len(text) - room
            text = text[:room]
        self.parts.append(text)
        self.size += len(text)

    def text(self) -> str:
        return "".join(self.parts)


def make_print_factory(buf: OutputBuffer):
    class SandboxPrint(PrintCollector):
        """RestrictedPython's print collector writing into one capped buffer per call."""

        def write(self, text):
            buf.write(text)

        def __call__(self):
            return buf.text()

        def _call_print(self, *objects, **kwargs):
            kwargs.pop("file", None)
            kwargs.pop("flush", None)
            print(*objects, file=self, **kwargs)

    return SandboxPrint


# --------------------------------------------------------------------------------------------
# builtins
# --------------------------------------------------------------------------------------------
def _safe_builtins() -> dict:
    import builtins as _b

    b = dict(safe_builtins)
    for n in ("abs", "all", "any", "bool", "dict", "divmod", "enumerate", "filter", "float", "frozenset", "int",
              "isinstance", "len", "list", "map", "max", "min", "range", "repr", "reversed", "round", "set",
              "sorted", "str", "sum", "tuple", "zip", "complex", "chr", "ord", "hex", "oct", "bin", "iter",
              "next", "slice", "callable", "StopIteration", "ArithmeticError", "ZeroDivisionError",
              "OverflowError", "ValueError", "TypeError", "KeyError", "IndexError", "Exception",
              "NotImplementedError", "AssertionError", "RuntimeError", "NameError", "AttributeError",
              "ImportError", "LookupError"):
        b[n] = getattr(_b, n)
    b["pow"] = guarded_pow
    b["getattr"] = guarded_getattr_builtin
    b["hasattr"] = guarded_hasattr
    for n in ("setattr", "delattr", "issubclass", "id", "hash"):
        b.pop(n, None)
    return b


BUILTINS = _safe_builtins()


# --------------------------------------------------------------------------------------------
# one call
# --------------------------------------------------------------------------------------------
class SandboxTimeout(BaseException):
    """Raised inside the snippet when its time is up."""


_in_user_code = False
_allow_code = 0  # >0 while the worker itself parses/compiles (the audit hook lets "compile" through)
_allow_exec = 0  # one-shot permission for the worker's own exec() of the compiled snippet


def _on_alarm(signum, frame):
    if _in_user_code:
        raise SandboxTimeout("the code ran past the time limit")


def _clip(s: str, n: int) -> str:
    return s if len(s) <= n else s[:n] + f"... [{len(s) - n} more characters]"


def _format_error(exc: BaseException, source_lines: list[str]) -> str:
    frames = []
    tb = exc.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == FILENAME:
            frames.append(tb.tb_lineno)
        tb = tb.tb_next
    out = []
    if frames:
        out.append("Traceback (most recent call last):")
        for ln in frames[-5:]:
            src = source_lines[ln - 1].strip() if 0 < ln <= len(source_lines) else ""
            out.append(f"  line {ln}: {_clip(src, 200)}")
    name = "TimeoutError" if isinstance(exc, SandboxTimeout) else type(exc).__name__
    try:
        msg = str(exc)
    except BaseException:  # a broken __str__ must not take the worker down
        msg = "<unprintable message>"
    if isinstance(exc, MemoryError) and not msg:
        msg = "the code needed more memory than the sandbox allows"
    out.append(f"{name}: {_clip(msg, 2000)}" if msg else name)
    return "\n".join(out)


_SESSION_GLOBALS: dict | None = None  # variables kept between calls of one explicit session


def run_code(code: str, timeout: float, cap: int, persist: bool = False) -> str:
    global _in_user_code, _allow_code, _allow_exec, _SESSION_GLOBALS
    if not isinstance(code, str):
        return "Error: code must be a string"
    if len(code) > MAX_CODE_CHARS:
        return f"Error: code is too long ({len(code)} characters; the limit is {MAX_CODE_CHARS})"
    if "\x00" in code:
        return "Error: code contains a NUL byte"
    _allow_code = 1
    try:
        tree = ast.parse(code, FILENAME, "exec")
        res = compile_restricted_exec(tree, FILENAME, policy=SandboxPolicy)
    except SyntaxError as e:
        return f"SyntaxError: {e.msg} (line {e.lineno})"
    except Exception as e:  # noqa: BLE001 - e.g. RecursionError/MemoryError on absurd nesting
        return f"SyntaxError: could not compile the code ({type(e).__name__}: {_clip(str(e), 200)})"
    finally:
        _allow_code = 0
    if res.errors or res.code is None:
        return "Error: the code uses constructs that are not allowed in the sandbox:\n" + "\n".join(
            _clip(str(e), 300) for e in res.errors[:10])

    buf = OutputBuffer(cap)
    glb = _SESSION_GLOBALS if persist and _SESSION_GLOBALS is not None else {}
    if persist:
        _SESSION_GLOBALS = glb
    fresh_builtins = "__builtins__" not in glb
    glb.update({
        "__builtins__": glb.get("__builtins__", BUILTINS),
        "__name__": "__sandbox__",
        "__metaclass__": type,
        "_getattr_": guarded_getattr,
        "_getitem_": guarded_getitem,
        "_getiter_": iter,
        "_iter_unpack_sequence_": guarded_iter_unpack_sequence,
        "_unpack_sequence_": guarded_unpack_sequence,
        "_write_": write_guard,
        "_inplacevar_": guarded_inplacevar,
        "_apply_": guarded_apply,
        "_print_": make_print_factory(buf),
        "_pow_": guarded_pow,
        "_lshift_": guarded_lshift,
    })
    if fresh_builtins:
        glb["__builtins__"] = dict(BUILTINS)
        glb["__builtins__"]["__import__"] = make_importer()

    lines = code.splitlines()
    err = None
    _allow_exec = 1
    signal.setitimer(signal.ITIMER_REAL, max(0.01, timeout))
    _in_user_code = True
    try:
        try:
            exec(res.code, glb)
            echo = glb.get("_echo_")
            if isinstance(echo, numpy.generic):
                echo = echo.item()
            if echo is not None:
                buf.write(_clip(repr(echo), cap + 1) + "\n")
            echo = None
        except BaseException as e:  # noqa: BLE001 - everything the snippet raises becomes text
            try:
                err = _format_error(e, lines)
            except BaseException:
                err = type(e).__name__
            e.__traceback__ = None
            del e
        # Drop the snippet's objects while its clock still runs: finalizers of suspended generators
        # (``finally`` blocks) execute here, under the time limit, and nothing survives the call
        # (unless this worker serves one explicit session, which keeps its variables).
        glb.pop("_echo_", None)
        if not persist:
            glb.clear()
    finally:
        _in_user_code = False
        _allow_exec = 0
        signal.setitimer(signal.ITIMER_REAL, 0)
    text = buf.text()
    if err is not None:
        text = (text + ("\n" if text and not text.endswith("\n") else "") + err)
    dropped = buf.dropped + max(0, len(text) - cap)
    if len(text) > cap:
        text = text[:cap]
    if dropped:
        text += f"\n[output truncated: {dropped} more characters not shown]"
    if not text.strip():
        text = "(no output: use print() or end the code with an expression to see a value)"
    return text


def _reset_state() -> None:
    decimal.setcontext(decimal.Context())


# --------------------------------------------------------------------------------------------
# process hardening
# --------------------------------------------------------------------------------------------
_ALLOWED_READ_ROOTS: tuple[str, ...] = ()
_BLOCKED_IMPORTS = frozenset({
    "os", "posix", "subprocess", "socket", "_socket", "ssl", "ctypes", "_ctypes", "cffi", "multiprocessing",
    "_posixsubprocess", "pty", "tty", "shutil", "tempfile", "glob", "pathlib", "mmap", "fcntl", "resource",
    "signal", "threading", "_thread", "asyncio", "selectors", "select", "importlib", "runpy", "code", "codeop",
    "pickle", "_pickle", "marshal", "shelve", "dbm", "sqlite3", "urllib", "http", "ftplib", "smtplib",
    "webbrowser", "pwd", "grp", "io", "builtins", "gc", "inspect", "traceback", "linecache", "zipimport",
})
_hook_on = False


def _audit(event: str, args) -> None:
    global _allow_exec
    if not _hook_on:
        return
    if event == "compile":
        if _allow_code > 0:
            return
        raise PermissionError("sandbox: compiling code is not allowed")
    if event == "exec":
        if _allow_exec > 0:
            _allow_exec = 0
            return
        # a library's lazy import of a stdlib/site-packages module (e.g. statistics.mode -> heapq)
        fn = getattr(args[0], "co_filename", None) if args else None
        if isinstance(fn, str) and os.path.isabs(fn) and os.path.realpath(fn).startswith(_ALLOWED_READ_ROOTS):
            return
        raise PermissionError("sandbox: exec is not allowed")
    if event == "open":
        path, mode, flags = (list(args) + [None, None, None])[:3]
        write = (isinstance(mode, str) and any(c in mode for c in "wax+")) or (
            isinstance(flags, int) and flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND))
        if isinstance(path, int):
            raise PermissionError("sandbox: opening file descriptors is not allowed")
        p = os.path.realpath(os.fsdecode(path)) if path is not None else ""
        if write or not p.startswith(_ALLOWED_READ_ROOTS):
            raise PermissionError("sandbox: file access is not allowed")
        return
    if event == "import":
        top = str(args[0]).split(".")[0] if args else ""
        if top in _BLOCKED_IMPORTS:
            raise PermissionError(f"sandbox: importing {top} is not allowed")
        return
    if event.startswith(("os.", "subprocess.", "socket.", "ctypes.", "shutil.", "pty.", "_posixsubprocess",
                         "sys._getframe", "sys.settrace", "sys.setprofile", "sys.addaudithook", "code.__new__",
                         "function.__new__", "object.__delattr__", "sys._current_frames", "mmap.", "fcntl.",
                         "resource.", "signal.", "winreg.", "webbrowser.", "urllib.", "http.", "ftplib.",
                         "smtplib.", "sqlite3.", "pickle.", "shelve.", "glob.", "tempfile.",
                         "cpython.run_", "cpython.remote_debugger", "sys.remote_exec", "setopencodehook",
                         "sys.unraisablehook", "sys.excepthook", "gc.get_referrers", "gc.get_referents",
                         "gc.get_objects")):
        raise PermissionError(f"sandbox: {event} is not allowed")


def _harden(mem_mb: int, lifetime_cpu: int) -> dict:
    global _ALLOWED_READ_ROOTS, _hook_on
    info = {}
    roots = {sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix,
             os.path.dirname(os.path.dirname(numpy.__file__))}
    roots |= {p for p in sys.path if p and os.path.isdir(p)}
    _ALLOWED_READ_ROOTS = tuple(sorted({os.path.realpath(r).rstrip("/") + "/" for r in roots}))
    # warm lazily-imported helpers before the doors close
    datetime.datetime.strptime("2020-01-02", "%Y-%m-%d")
    statistics.NormalDist(0, 1).cdf(0.5)
    numpy.linalg.det(numpy.eye(2))
    numpy.random.default_rng(0).normal()
    repr(numpy.arange(3.0))
    a = numpy.arange(6.0).reshape(2, 3)
    a.mean(), a.std(), a.var(), a.sum(), a.max(), a.round(1), numpy.median(a), numpy.percentile(a, 50)
    "x".encode("utf-16")
    statistics.mode([1, 1, 2])
    import heapq  # noqa: F401 - used lazily by collections.Counter.most_common
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    signal.signal(signal.SIGALRM, _on_alarm)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    base_vm = 0
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmSize:"):
                    base_vm = int(line.split()[1]) * 1024
    except OSError:
        pass
    as_limit = base_vm + mem_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (as_limit, as_limit))
    resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    resource.setrlimit(resource.RLIMIT_CPU, (lifetime_cpu, lifetime_cpu + 5))
    nofile = 32
    resource.setrlimit(resource.RLIMIT_NOFILE, (nofile, nofile))
    resource.setrlimit(resource.RLIMIT_NPROC, (0, 0))
    info["as_limit"] = as_limit
    if os.geteuid() == 0:
        try:  # root ignores RLIMIT_NPROC and can raise limits: drop to nobody
            os.setgroups([])
            os.setgid(65534)
            os.setuid(65534)
            info["uid"] = 65534
        except OSError as e:
            info["uid_drop_failed"] = str(e)
    else:
        info["uid"] = os.geteuid()
    _install_import_guard()
    sys.addaudithook(_audit)
    _hook_on = True
    return info


# Modules that nothing the snippet may call needs at run time; refused even when already loaded
# (the audit hook's "import" event only fires for modules not yet in sys.modules).
_NEVER_IMPORT = frozenset({"ctypes", "_ctypes", "socket", "_socket", "subprocess", "_posixsubprocess", "pty",
                           "multiprocessing", "_multiprocessing", "mmap", "fcntl", "resource", "pickle", "_pickle",
                           "marshal", "shutil", "tempfile", "importlib", "runpy", "code", "codeop", "gc",
                           "inspect", "posix", "nt", "_thread", "threading", "signal", "faulthandler"})


def _install_import_guard() -> None:
    import builtins

    real = builtins.__import__

    def hardened_import(name, globals=None, locals=None, fromlist=(), level=0):
        if _hook_on and level == 0 and type(name) is str and name.split(".")[0] in _NEVER_IMPORT:
            raise ImportError(f"sandbox: importing {name} is not allowed")
        return real(name, globals, locals, fromlist, level)

    builtins.__import__ = hardened_import


# --------------------------------------------------------------------------------------------
# main loop
# --------------------------------------------------------------------------------------------
def _read_exact(fd: int, n: int) -> bytes:
    chunks = []
    while n:
        b = os.read(fd, n)
        if not b:
            raise EOFError
        chunks.append(b)
        n -= len(b)
    return b"".join(chunks)


def _send(fd: int, obj: dict) -> None:
    data = json.dumps(obj).encode("utf-8")
    msg = struct.pack(">I", len(data)) + data
    while msg:
        k = os.write(fd, msg)
        msg = msg[k:]


def _set_cpu_limit(soft: int, hard: int) -> None:
    global _hook_on
    _hook_on = False  # the worker's own call, between snippets
    try:
        resource.setrlimit(resource.RLIMIT_CPU, (soft, hard))
    finally:
        _hook_on = True


def main() -> None:
    mem_mb = int(sys.argv[1]) if len(sys.argv) > 1 else 1024
    lifetime_cpu = int(sys.argv[2]) if len(sys.argv) > 2 else 300
    rfd, wfd = os.dup(0), os.dup(1)
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(devnull, fd)
    os.close(devnull)
    sys.stdout = sys.stderr = open(os.devnull, "w")
    try:
        info = _harden(mem_mb, lifetime_cpu)
    except BaseException as e:  # report and quit
        _send(wfd, {"fatal": f"{type(e).__name__}: {e}"})
        return
    _send(wfd, {"ready": True, "info": info})
    try:
        _serve(rfd, wfd, lifetime_cpu)
    finally:
        _remove_workdir()


def _remove_workdir() -> None:
    """Remove the (empty) private working directory when the worker ends, even if the parent died."""
    global _hook_on
    _hook_on = False
    try:
        os.rmdir(os.getcwd())
    except OSError:
        pass


def _serve(rfd: int, wfd: int, lifetime_cpu: int) -> None:
    while True:
        try:
            (n,) = struct.unpack(">I", _read_exact(rfd, 4))
            req = json.loads(_read_exact(rfd, n).decode("utf-8"))
        except (EOFError, OSError, ValueError):
            return
        timeout = float(req.get("timeout", 10.0))
        cap = int(req.get("cap", 10_000))
        cpu_now = resource.getrusage(resource.RUSAGE_SELF)
        used = cpu_now.ru_utime + cpu_now.ru_stime
        soft = int(used + timeout) + 2
        recycle = False
        if soft >= lifetime_cpu:
            recycle = True
        else:
            try:
                _set_cpu_limit(soft, lifetime_cpu + 5)
            except (ValueError, OSError):
                recycle = True
        try:
            out = run_code(req.get("code", ""), timeout, cap, bool(req.get("persist")))
        except MemoryError:
            out = "MemoryError: the code used more memory than the sandbox allows"
            recycle = True
        except BaseException as e:  # noqa: BLE001
            out = f"Error: {type(e).__name__}"
            recycle = True
        try:
            _reset_state()
        except BaseException:
            recycle = True
        _send(wfd, {"output": out, "recycle": recycle})
        if recycle:
            return


if __name__ == "__main__":
    main()
