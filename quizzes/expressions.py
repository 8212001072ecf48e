"""Read formulas safely: our own tokenizer, a whitelisted Python AST, and values built by hand.

Learner text is never given to ``eval``, ``sympify`` or ``parse_expr`` (those execute code). Instead:

1. ``tokenize`` accepts only numbers, *declared* names (symbols and parameters), a few functions, operators and
   brackets. ``^`` means power, ``×``/``·`` mean times, and juxtaposition multiplies: ``2N^2D`` = ``2*N**2*D``.
   Names are matched longest first, so multi-letter symbols such as ``d_k`` must be declared.
2. The tokens are joined into Python source and parsed with ``ast``; only a handful of node types are allowed.
3. A builder turns the tree into values itself, refusing oversized literals, exponents and trees, so nothing
   expensive can be constructed. Two builders share that walk: ``evaluate`` computes exact numbers (``Fraction``,
   or ``float`` once a logarithm or an irrational root appears) without importing sympy, which keeps the quiz
   tool's start fast; ``parse_expression`` builds sympy objects (``N`` is ``Symbol("N")``, never sympy's ``N()``)
   for formulas in symbols.

Malformed input raises ``FormatError``: a reading problem, which never costs the learner an attempt.
"""
from __future__ import annotations

import ast
import math
import re
import signal
import threading
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Union

if TYPE_CHECKING:
    import sympy

Number = Union[Fraction, float]
MAX_INPUT_CHARS = 200
MAX_LITERAL_DIGITS = 15
MAX_NODES = 80
MAX_EXPONENT = 64
MAX_RESULT_DIGITS = 40
FUNCTIONS = ("log", "sqrt", "exp", "sin", "cos")
MAX_EXP_ARGUMENT = 700  # exp(700) is near the largest float
_TIMES = {"×", "·", "⋅", "∙"}


class FormatError(ValueError):
    """Input that cannot be read as an answer (costs no attempt)."""


@dataclass(frozen=True)
class Token:
    kind: str  # "num", "name", "func", "op", "(", ")", "sep"
    text: str


def symbol(name: str) -> "sympy.Symbol":
    """The sympy symbol for a declared name: a positive integer, as sizes in this course are."""
    import sympy
    return sympy.Symbol(name, positive=True, integer=True)


def tokenize(text: str, names: frozenset[str], shape: bool = False, big_o: bool = False) -> list[Token]:
    """Split ``text`` into tokens; in ``shape`` mode ``,``, ``×`` and a bare ``x`` separate dimensions."""
    if len(text) > MAX_INPUT_CHARS:
        raise FormatError(f"the answer is too long (over {MAX_INPUT_CHARS} characters)")
    words = set(names) | set(FUNCTIONS) | ({"O"} if big_o and "O" not in names else set())
    by_length = sorted(words, key=len, reverse=True)
    tokens: list[Token] = []
    i = 0
    while i < len(text):
        char = text[i]
        if char.isspace():
            i += 1
        elif char.isdigit() or (char == "." and text[i + 1:i + 2].isdigit()):
            number = re.match(r"\d*\.?\d*", text[i:]).group()
            if len(number.replace(".", "")) > MAX_LITERAL_DIGITS:
                raise FormatError(f"the number {number[:20]}… is too long (at most {MAX_LITERAL_DIGITS} digits)")
            tokens.append(Token("num", number))
            i += len(number)
        elif char.isalpha() or char == "_":
            word = next((w for w in by_length if text.startswith(w, i)), None)
            if word is None and shape and char == "x":
                tokens.append(Token("sep", "x"))
                i += 1
                continue
            if word is None:
                run = re.match(r"\w+", text[i:]).group()
                if not names:
                    raise FormatError(f"expected a number or arithmetic such as 14^2 + 1, not {run!r}")
                raise FormatError(f"unknown name {run!r} (symbols you may use: {', '.join(sorted(names))}; "
                                  f"functions: {', '.join(FUNCTIONS)})")
            kind = "func" if word in FUNCTIONS or (word == "O" and word not in names) else "name"
            tokens.append(Token(kind, word))
            i += len(word)
        elif text.startswith("**", i):
            tokens.append(Token("op", "**"))
            i += 2
        elif char in "+-*/^" or char in _TIMES:
            op = {"^": "**"}.get(char, "*" if char in _TIMES else char)
            tokens.append(Token("sep", char) if shape and char in _TIMES else Token("op", op))
            i += 1
        elif char in "([":
            tokens.append(Token("(", "("))
            i += 1
        elif char in ")]":
            tokens.append(Token(")", ")"))
            i += 1
        elif char == ",":
            tokens.append(Token("sep", ","))
            i += 1
        else:
            raise FormatError(f"unexpected character {char!r}")
    return tokens


def _to_source(tokens: list[Token]) -> str:
    """Python source for one expression: implicit products made explicit, ``log N`` made ``log(N)``."""
    out: list[str] = []
    previous: Token | None = None
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if token.kind == "sep":
            raise FormatError("expected a single expression, not a list of dimensions")
        ends_value = previous is not None and previous.kind in {"num", "name", ")"}
        if token.kind == "num" and ends_value:
            raise FormatError(f"a number cannot follow {previous.text!r} directly; write N^2 or 2*N")
        if token.kind in {"name", "func", "("} and ends_value:
            out.append("*")
        if token.kind == "func" and i + 1 < len(tokens) and tokens[i + 1].kind in {"name", "num"}:
            if i + 2 < len(tokens) and tokens[i + 2].text == "**":
                raise FormatError(f"ambiguous power after {token.text}: write {token.text}(...)^k or "
                                  f"{token.text}(...^k)")
            out += [token.text, "(", tokens[i + 1].text, ")"]
            previous = Token(")", ")")
            i += 2
            continue
        if token.kind == "func" and (i + 1 == len(tokens) or tokens[i + 1].kind != "("):
            raise FormatError(f"{token.text} needs an argument, e.g. {token.text}(N)")
        out.append(token.text)
        previous = token
        i += 1
    if not out:
        raise FormatError("the answer is empty")
    return " ".join(out)


class _Builder:
    """Walk a whitelisted ``ast`` tree, counting nodes; subclasses say what numbers, powers and functions become."""

    def __init__(self, env: Mapping[str, object]):
        self.env = env
        self.nodes = 0

    def build(self, node: ast.AST):
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise FormatError(f"the expression is too large (over {MAX_NODES} parts)")
        if isinstance(node, ast.Expression):
            return self.build(node.body)
        if isinstance(node, ast.Constant) and type(node.value) in (int, float):
            return self.constant(node.value)
        if isinstance(node, ast.Name) and node.id in self.env:
            return self.env[node.id]
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.UAdd, ast.USub)):
            value = self.build(node.operand)
            return -value if isinstance(node.op, ast.USub) else value
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.Pow)):
            left, right = self.build(node.left), self.build(node.right)
            if isinstance(node.op, ast.Pow):
                return self.power(left, right)
            if isinstance(node.op, ast.Div) and right == 0:
                raise FormatError("division by zero")
            operations = {ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b, ast.Mult: lambda a, b: a * b,
                          ast.Div: lambda a, b: a / b}
            return operations[type(node.op)](left, right)
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in FUNCTIONS
                and len(node.args) == 1 and not node.keywords):
            return self.function(node.func.id, self.build(node.args[0]))
        raise FormatError(f"{type(node).__name__} is not allowed in an answer")

    def constant(self, value: int | float):
        raise NotImplementedError

    def power(self, base, exponent):
        raise NotImplementedError

    def function(self, name: str, argument):
        raise NotImplementedError


def _check_power(base: Fraction, exponent: Fraction) -> None:
    """Refuse exponents above MAX_EXPONENT and numeric results above 10^MAX_RESULT_DIGITS."""
    if abs(exponent) > MAX_EXPONENT:
        raise FormatError(f"the exponent {exponent} is too large (at most {MAX_EXPONENT})")
    size = max(abs(base.numerator), abs(base.denominator))
    if base != 0 and size > 1 and float(abs(exponent)) * math.log10(size) > MAX_RESULT_DIGITS:
        raise FormatError(f"the number {base}^{exponent} is too large")
    if base == 0 and exponent < 0:
        raise FormatError("division by zero")


def _exact_root(value: int, degree: int) -> int | None:
    """The whole ``degree``-th root of a non-negative int, or None if it is not whole."""
    root = round(value ** (1 / degree)) if value < 2**1000 else None
    if root is None:
        return None
    for candidate in (root - 1, root, root + 1):
        if candidate >= 0 and candidate**degree == value:
            return candidate
    return None


class _NumberBuilder(_Builder):
    """Exact arithmetic with ``Fraction``; a root that is not whole, a log or an exp gives a ``float``."""

    def constant(self, value: int | float) -> Fraction:
        return Fraction(repr(value)) if isinstance(value, float) else Fraction(value)

    def power(self, base: Number, exponent: Number) -> Number:
        if isinstance(exponent, float):
            raise FormatError("exponents must be exact numbers, e.g. 2 or 1/2")
        if isinstance(base, float):
            if abs(exponent) > MAX_EXPONENT:
                raise FormatError(f"the exponent {exponent} is too large (at most {MAX_EXPONENT})")
            try:
                result = base ** float(exponent)
            except (OverflowError, ZeroDivisionError):
                raise FormatError(f"{base:g}^{exponent} cannot be computed") from None
            if isinstance(result, complex):
                raise FormatError(f"{base:g} has no real root of degree {exponent.denominator}")
            return result
        _check_power(base, exponent)
        if exponent.denominator == 1:
            return base ** exponent.numerator
        if base < 0:
            raise FormatError(f"{base} has no real root of degree {exponent.denominator}")
        top, bottom = (_exact_root(part, exponent.denominator) for part in (base.numerator, base.denominator))
        if top is not None and bottom is not None:
            return Fraction(top, bottom) ** exponent.numerator
        return float(base) ** float(exponent)

    def function(self, name: str, argument: Number) -> Number:
        if name == "sqrt":
            return self.power(argument, Fraction(1, 2))
        if name == "log":
            if argument <= 0:
                raise FormatError("log needs a positive argument")
            return math.log(argument)
        if name in ("sin", "cos"):
            return getattr(math, name)(argument)
        if argument > MAX_EXP_ARGUMENT:
            raise FormatError(f"exp({float(argument):g}) is too large")
        return math.exp(argument)


class _SymbolicBuilder(_Builder):
    """sympy objects: formulas in declared symbols (the symbols arrive through ``env``)."""

    def __init__(self, env: Mapping[str, object]):
        import sympy
        super().__init__(env)
        self.sympy = sympy

    def constant(self, value: int | float) -> "sympy.Expr":
        return self.sympy.Rational(repr(value)) if isinstance(value, float) else self.sympy.Integer(value)

    def power(self, base: "sympy.Expr", exponent: "sympy.Expr") -> "sympy.Expr":
        if not exponent.is_Rational:
            raise FormatError("exponents must be numbers, e.g. N^2")
        exact = Fraction(int(exponent.p), int(exponent.q))
        if base.is_Rational:
            _check_power(Fraction(int(base.p), int(base.q)), exact)
        elif abs(exact) > MAX_EXPONENT:
            raise FormatError(f"the exponent {exponent} is too large (at most {MAX_EXPONENT})")
        return self.sympy.Pow(base, exponent)

    def function(self, name: str, argument: "sympy.Expr") -> "sympy.Expr":
        return getattr(self.sympy, name)(argument)


def _environment(symbols: tuple[str, ...], values: Mapping[str, object] | None, builder: type[_Builder]) -> dict:
    """Names -> values: declared symbols (sympy only) and numeric parameters."""
    env: dict[str, object] = {name: symbol(name) for name in symbols}
    for name, value in (values or {}).items():
        if isinstance(value, (int, float, Fraction)) and not isinstance(value, bool):
            number = Fraction(repr(value)) if isinstance(value, float) else Fraction(value)
            if builder is _SymbolicBuilder:
                import sympy
                number = sympy.Rational(number.numerator, number.denominator)
            env[name] = number
    return env


def _strip_brackets(tokens: list[Token]) -> list[Token]:
    """Drop one pair of brackets that encloses everything: ``(B, N, D)`` -> ``B, N, D``."""
    if len(tokens) < 2 or tokens[0].kind != "(" or tokens[-1].kind != ")":
        return tokens
    depth = 0
    for i, token in enumerate(tokens):
        depth += {"(": 1, ")": -1}.get(token.kind, 0)
        if depth == 0 and i < len(tokens) - 1:
            return tokens
    return tokens[1:-1]


def _build(tokens: list[Token], env: Mapping[str, object], builder: type[_Builder]):
    source = _to_source(tokens)
    try:
        tree = ast.parse(source, mode="eval")
    except SyntaxError:
        raise FormatError("could not read this as a formula (check brackets and operators)") from None
    with time_limit(1.0):
        return builder(env).build(tree)


def evaluate(text: str, values: Mapping[str, object] | None = None) -> Number:
    """The value of an arithmetic expression in numeric ``values``: exact (``Fraction``) when it can be; no sympy."""
    env = _environment((), values, _NumberBuilder)
    return _build(tokenize(str(text), frozenset(env)), env, _NumberBuilder)


def parse_expression(text: str, symbols: tuple[str, ...] = (), values: Mapping[str, object] | None = None,
                     big_o: bool = False) -> "sympy.Expr":
    """One sympy expression in the declared ``symbols`` and numeric ``values``; with ``big_o`` an ``O(...)`` is
    unwrapped."""
    env = _environment(tuple(symbols), values, _SymbolicBuilder)
    tokens = tokenize(str(text), frozenset(env), big_o=big_o)
    if big_o and tokens[:1] == [Token("func", "O")]:
        inner = _strip_brackets(tokens[1:])
        if inner is tokens[1:]:
            raise FormatError("write O(...) around the whole expression")
        tokens = inner
    if any(token.text == "O" and token.kind == "func" for token in tokens):
        raise FormatError("O(...) may only wrap the whole answer")
    return _build(tokens, env, _SymbolicBuilder)


def parse_shape(text: str, symbols: tuple[str, ...] = (), values: Mapping[str, object] | None = None) -> tuple:
    """A shape such as ``(B, N, D)``, ``[B, N, D]``, ``B×N×D`` or ``2 x 512 x 10``: one value per dimension.

    With declared ``symbols`` the dimensions are sympy expressions; without, exact numbers (no sympy import).
    """
    builder = _SymbolicBuilder if symbols else _NumberBuilder
    env = _environment(tuple(symbols), values, builder)
    tokens = _strip_brackets(tokenize(str(text), frozenset(env), shape=True))
    dims: list[list[Token]] = [[]]
    depth = 0
    for token in tokens:
        depth += {"(": 1, ")": -1}.get(token.kind, 0)
        if token.kind == "sep" and depth == 0:
            dims.append([])
        elif token.kind == "sep":
            raise FormatError("separate dimensions only at the top level, e.g. (B, D, N)")
        else:
            dims[-1].append(token)
    if dims[-1] == [] and len(dims) > 1 and tokens[-1].text == ",":
        dims.pop()  # a trailing comma, as in the one-dimensional (D,)
    if any(not dim for dim in dims):
        raise FormatError("a dimension is missing between separators")
    return tuple(_build(dim, env, builder) for dim in dims)


class Timeout(FormatError):
    """A computation on learner input ran past its time limit."""


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise ``Timeout`` after ``seconds`` using SIGALRM, restoring any timer already running (e.g. pytest-timeout).

    Only the main thread receives signals; elsewhere the size bounds of the parser are the only protection.
    """
    if not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
        yield
        return
    outer_remaining, outer_interval = signal.getitimer(signal.ITIMER_REAL)
    if 0 < outer_remaining <= seconds:  # an enclosing deadline fires first anyway
        yield
        return

    def expire(signum, frame):
        raise Timeout(f"this took longer than {seconds:g} s to check; simplify the answer")

    started = time.monotonic()
    outer_handler = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, outer_handler)
        if outer_remaining > 0:
            left = max(outer_remaining - (time.monotonic() - started), 1e-3)
            signal.setitimer(signal.ITIMER_REAL, left, outer_interval)
