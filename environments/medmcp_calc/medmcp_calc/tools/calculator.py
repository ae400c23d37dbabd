"""The ``calculator`` and ``convert_units`` tools (plain-Python core).

``calculator(expression)`` evaluates one arithmetic expression with :mod:`simpleeval`
after an AST allow-list check: numbers, ``+ - * / // % **`` (``^`` is read as a
power), parentheses, the names ``pi`` and ``e``, and a few math functions. No
attribute access (``allowed_attrs`` is empty), no strings, no subscripts, no
comprehensions; every intermediate result must stay a finite number of
magnitude <= 1e308, exponents are bounded, and the expression is at most
:data:`MAX_EXPRESSION_CHARS` characters.

``convert_units(value, from_unit, to_unit, analyte=None)`` wraps
:func:`medmcp_calc.calculators.units.convert` (mass, length, volume, time,
temperature, pressure, cell counts, and concentrations, where mass <-> molar needs
the analyte). Both return text and never raise: errors start with ``Error:``.
"""
from __future__ import annotations

import ast
import math
import operator
import warnings
from typing import Any

from simpleeval import SimpleEval

MAX_EXPRESSION_CHARS = 500
MAX_MAGNITUDE = 1e308
MAX_INT_DIGITS = 40  # integer literals
MAX_EXPONENT = 10_000
MAX_DEPTH = 60


class CalculatorToolError(ValueError):
    pass


def _num(x: Any) -> float | int:
    if isinstance(x, bool) or not isinstance(x, (int, float)):
        raise CalculatorToolError(f"expected a number, got {type(x).__name__}")
    return x


def _check(x: Any) -> Any:
    if isinstance(x, bool):
        return int(x)
    if isinstance(x, int):
        if x.bit_length() > 1024 and abs(x) > MAX_MAGNITUDE:
            raise CalculatorToolError("result is too large (magnitude above 1e308)")
        return x
    if isinstance(x, float):
        if math.isnan(x):
            raise CalculatorToolError("result is not a number (NaN); check the domain of the functions used")
        if math.isinf(x) or abs(x) > MAX_MAGNITUDE:
            raise CalculatorToolError("result is too large (magnitude above 1e308)")
        return x
    if isinstance(x, complex):
        raise CalculatorToolError("result is a complex number (e.g. the root of a negative number)")
    raise CalculatorToolError(f"unsupported value of type {type(x).__name__}")


def _checked(fn, name: str | None = None):
    name = name or getattr(fn, "__name__", "function")

    def wrapped(*args):
        for a in args:
            _num(a)
        try:
            return _check(fn(*args))
        except ZeroDivisionError:
            raise CalculatorToolError("division by zero") from None
        except OverflowError:
            raise CalculatorToolError("result is too large (magnitude above 1e308)") from None
        except ValueError as e:
            if isinstance(e, CalculatorToolError):
                raise
            raise CalculatorToolError(f"math domain error in {name}(): {e}") from None

    wrapped.__name__ = name
    return wrapped


def _power(a, b):
    _num(a), _num(b)
    if abs(b) > MAX_EXPONENT:
        raise CalculatorToolError(f"exponent {b!r} is too large (|exponent| <= {MAX_EXPONENT})")
    if a == 0 and b < 0:
        raise CalculatorToolError("division by zero (0 raised to a negative power)")
    if isinstance(a, int) and isinstance(b, int) and b >= 0 and a not in (0, 1, -1):
        if b * math.log10(abs(a)) > 308:
            raise CalculatorToolError("result is too large (magnitude above 1e308)")
        return a ** b
    if a < 0 and not float(b).is_integer():
        raise CalculatorToolError("a negative number raised to a fractional power is not a real number")
    return float(a) ** float(b)


def _round(x, ndigits=0):
    _num(x), _num(ndigits)
    if not isinstance(ndigits, int) or not -20 <= ndigits <= 20:
        raise CalculatorToolError("round(x, n): n must be a whole number between -20 and 20")
    # half away from zero, as published calculators round
    q = 10.0 ** ndigits
    r = math.floor(abs(x) * q + 0.5 + 1e-9) / q
    r = math.copysign(r, x)
    return int(r) if ndigits <= 0 else r


def _log(x, base=None):
    if base is None:
        return math.log(x)
    return math.log(x, base)


def _exp(x):
    if x > 709:
        raise CalculatorToolError("exp(x) overflows for x > 709")
    return math.exp(x)


def _minmax(fn):
    def wrapped(*args):
        if not args:
            raise CalculatorToolError(f"{fn.__name__}() needs at least one number")
        if len(args) > 100:
            raise CalculatorToolError(f"{fn.__name__}() takes at most 100 numbers")
        return fn(*args)

    wrapped.__name__ = fn.__name__
    return wrapped


FUNCTIONS = {
    "sqrt": math.sqrt, "exp": _exp, "log": _log, "ln": math.log, "log10": math.log10, "log2": math.log2,
    "pow": _power, "abs": abs, "round": _round, "min": _minmax(min), "max": _minmax(max),
    "sin": math.sin, "cos": math.cos, "tan": math.tan, "asin": math.asin, "acos": math.acos, "atan": math.atan,
    "atan2": math.atan2, "degrees": math.degrees, "radians": math.radians, "floor": math.floor,
    "ceil": math.ceil, "hypot": math.hypot, "cbrt": lambda x: math.copysign(abs(x) ** (1 / 3), x),
}
FUNCTIONS = {k: _checked(v, k) for k, v in FUNCTIONS.items()}
FUNCTION_ARITY = {"log": (1, 2), "round": (1, 2), "pow": (2, 2), "atan2": (2, 2), "hypot": (2, 2),
                  "min": (1, 100), "max": (1, 100)}
NAMES = {"pi": math.pi, "e": math.e}

OPERATORS = {
    ast.Add: _checked(operator.add), ast.Sub: _checked(operator.sub), ast.Mult: _checked(operator.mul),
    ast.Div: _checked(operator.truediv), ast.FloorDiv: _checked(operator.floordiv),
    ast.Mod: _checked(operator.mod), ast.Pow: _checked(_power), ast.USub: _checked(operator.neg),
    ast.UAdd: _checked(operator.pos),
}
_ALLOWED_NODES = (ast.Expression, ast.BinOp, ast.UnaryOp, ast.Call, ast.Constant, ast.Name, ast.Load,
                  ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Mod, ast.Pow, ast.USub, ast.UAdd)

_TRANSLATE = str.maketrans({"^": "**", "×": "*", "·": "*", "÷": "/", "−": "-", "–": "-", "—": "-", "，": ","})


def _depth(node: ast.AST, d: int = 0) -> int:
    if d > MAX_DEPTH:
        return d
    return max([_depth(c, d + 1) for c in ast.iter_child_nodes(node)] or [d])


def _validate(tree: ast.Expression) -> None:
    if _depth(tree) > MAX_DEPTH:
        raise CalculatorToolError("expression is nested too deeply")
    for node in ast.walk(tree):
        if not isinstance(node, _ALLOWED_NODES):
            what = {ast.Attribute: "attribute access (a.b)", ast.Subscript: "indexing (a[b])",
                    ast.Compare: "comparisons", ast.Lambda: "lambda", ast.BoolOp: "and/or",
                    ast.IfExp: "if/else"}.get(type(node), type(node).__name__)
            raise CalculatorToolError(f"{what} is not supported; use numbers, + - * / // % ** ( ), "
                                      f"pi, e and the functions {', '.join(sorted(FUNCTIONS))}")
        if isinstance(node, ast.Constant):
            v = node.value
            if isinstance(v, bool) or not isinstance(v, (int, float)):
                raise CalculatorToolError(f"only numbers are allowed, got the literal {v!r:.40}")
            if isinstance(v, int) and len(str(abs(v))) > MAX_INT_DIGITS:
                raise CalculatorToolError(f"number literal too long (more than {MAX_INT_DIGITS} digits)")
        elif isinstance(node, ast.Name) and node.id not in NAMES and node.id not in FUNCTIONS:
            raise CalculatorToolError(f"unknown name {node.id!r}; available: pi, e and the functions "
                                      f"{', '.join(sorted(FUNCTIONS))}")
        elif isinstance(node, ast.Call):
            if not isinstance(node.func, ast.Name) or node.func.id not in FUNCTIONS:
                raise CalculatorToolError("only the functions " + ", ".join(sorted(FUNCTIONS)) + " can be called")
            if node.keywords:
                raise CalculatorToolError("keyword arguments are not supported")
            lo, hi = FUNCTION_ARITY.get(node.func.id, (1, 1))
            if not lo <= len(node.args) <= hi:
                n = f"{lo}" if lo == hi else f"{lo} to {hi}"
                raise CalculatorToolError(f"{node.func.id}() takes {n} argument(s), got {len(node.args)}")


def _fmt(x: float | int) -> str:
    if isinstance(x, int):
        return str(x)
    if x == int(x) and abs(x) < 1e15:
        return str(int(x)) if abs(x) >= 1 or x == 0 else format(x, ".15g")
    return format(x, ".15g")


def evaluate(expression: str) -> float | int:
    """Evaluate an expression; raise :class:`CalculatorToolError` with a readable message."""
    if not isinstance(expression, str):
        raise CalculatorToolError(f"expression must be text, got {type(expression).__name__}")
    expr = expression.strip().translate(_TRANSLATE)
    if not expr:
        raise CalculatorToolError("empty expression; pass arithmetic such as 70 / (1.75 ** 2)")
    if len(expr) > MAX_EXPRESSION_CHARS:
        raise CalculatorToolError(f"expression too long ({len(expr)} characters; at most {MAX_EXPRESSION_CHARS})")
    if expr.endswith("="):
        expr = expr[:-1].rstrip()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # e.g. "invalid decimal literal" SyntaxWarnings
            tree = ast.parse(expr, mode="eval")
    except SyntaxError as e:
        raise CalculatorToolError(f"could not parse the expression: {e.msg}") from None
    except (ValueError, RecursionError, MemoryError):
        raise CalculatorToolError("could not parse the expression") from None
    _validate(tree)
    ev = SimpleEval(operators=OPERATORS, functions=FUNCTIONS, names=NAMES, allowed_attrs={})
    try:
        value = ev.eval(expr, previously_parsed=tree.body)
    except CalculatorToolError:
        raise
    except ZeroDivisionError:
        raise CalculatorToolError("division by zero") from None
    except (OverflowError, MemoryError):
        raise CalculatorToolError("result is too large (magnitude above 1e308)") from None
    except RecursionError:
        raise CalculatorToolError("expression is nested too deeply") from None
    except Exception as e:  # simpleeval's own errors (FeatureNotAvailable, NameNotDefined...)
        raise CalculatorToolError(f"{type(e).__name__}: {str(e)[:300]}") from None
    return _check(value)


def _clean(text: str) -> str:
    """Tool output is always valid UTF-8 (lone surrogates from odd input become '?')."""
    return text.encode("utf-8", "replace").decode("utf-8")


def _text_result(fn):
    import functools

    @functools.wraps(fn)
    def wrapped(*args, **kwargs) -> str:
        return _clean(fn(*args, **kwargs))

    return wrapped


@_text_result
def calculator(expression: str) -> str:
    """Evaluate an arithmetic expression and return the result as text (``Error: ...`` on bad input)."""
    try:
        return _fmt(evaluate(expression))
    except CalculatorToolError as e:
        return f"Error: {e}"
    except Exception as e:  # never let a tool call raise
        return f"Error: could not evaluate the expression ({type(e).__name__})"


@_text_result
def convert_units(value: Any, from_unit: str, to_unit: str, analyte: str | None = None) -> str:
    """Convert ``value`` from ``from_unit`` to ``to_unit`` (``analyte`` for mass <-> molar concentrations)."""
    from medmcp_calc.calculators.units import convert, supported_units

    try:
        if isinstance(value, bool):
            raise ValueError
        v = float(value.strip()) if isinstance(value, str) else float(value)
        if not math.isfinite(v) or abs(v) > MAX_MAGNITUDE:
            raise ValueError
    except (TypeError, ValueError, AttributeError):
        return f"Error: value must be a finite number, got {str(value)[:60]!r}"
    for name, u in (("from_unit", from_unit), ("to_unit", to_unit)):
        if not isinstance(u, str) or not u.strip() or len(u) > 40:
            return f"Error: {name} must be a unit such as 'mg/dL', 'kg' or 'F'. Supported units: {supported_units()}"
    if analyte is not None and (not isinstance(analyte, str) or len(analyte) > 60):
        return "Error: analyte must be a name such as 'creatinine' or 'glucose'"
    if isinstance(analyte, str) and not analyte.strip():
        analyte = None
    try:
        out = convert(v, from_unit, to_unit, analyte=analyte)
    except ValueError as e:  # UnitError is a ValueError
        msg = str(e)
        if "Supported units" not in msg and "analyte" not in msg:
            msg += f". Supported units: {supported_units()}"
        return f"Error: {msg}"
    except Exception as e:
        return f"Error: could not convert ({type(e).__name__}: {str(e)[:200]}). Supported units: {supported_units()}"
    if not isinstance(out, (int, float)) or not math.isfinite(out):
        return "Error: the conversion did not give a finite number"
    tail = f" ({analyte})" if analyte else ""
    return f"{_fmt_conv(v)} {from_unit.strip()} = {_fmt_conv(out)} {to_unit.strip()}{tail}"


def _fmt_conv(x: float) -> str:
    return format(x, ".10g")
