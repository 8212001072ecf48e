"""The safe formula reader: what it accepts, and that hostile input is refused fast with nothing executed."""
from __future__ import annotations

import time

import pytest
import sympy

from quizzes.expressions import FormatError, Timeout, parse_expression, parse_shape, symbol, time_limit

N, D, B, d_k = (symbol(name) for name in ("N", "D", "B", "d_k"))


@pytest.mark.parametrize("text", ["N^2 D", "2N^2D / 2", "N**2*D", "N^2·D", "N^2×D", "(N)(N)(D)", "D N N"])
def test_spellings_of_n_squared_d(text):
    assert sympy.simplify(parse_expression(text, ("N", "D")) - N**2 * D) == 0, (
        f"{text!r} should read as N²D: check implicit multiplication, ^ as power and ×/· as times")


def test_big_o_wrapper_is_unwrapped_only_for_big_o():
    assert parse_expression("O(N^2 D)", ("N", "D"), big_o=True) == N**2 * D
    with pytest.raises(FormatError):
        parse_expression("O(N^2 D)", ("N", "D"))  # an exact-formula question does not take O(...)
    with pytest.raises(FormatError):
        parse_expression("N + O(D)", ("N", "D"), big_o=True)


def test_n_is_a_symbol_not_sympys_numeric_evaluation():
    value = parse_expression("N", ("N",))
    assert isinstance(value, sympy.Symbol) and value.is_positive and value.is_integer, (
        "N must be a declared positive-integer Symbol, not sympy.N")


def test_multi_letter_symbols_must_be_declared():
    assert parse_expression("sqrt(d_k)", ("d_k",)) == sympy.sqrt(d_k)
    with pytest.raises(FormatError, match="unknown name"):
        parse_expression("sqrt(d_k)", ("d",))


@pytest.mark.parametrize("text", ["(B, N, D)", "[B, N, D]", "B×N×D", "B × N × D", "(B,N,D)"])
def test_shapes_parse_in_every_spelling(text):
    assert parse_shape(text, ("B", "N", "D")) == (B, N, D)


def test_numeric_shapes_and_one_dimensional_shapes():
    assert parse_shape("2 x 512 x 10") == (2, 512, 10)
    assert parse_shape("(D,)", ("D",)) == (D,)
    assert parse_shape("(B, D/H, N)", ("B", "D", "H", "N"))[1] == D / symbol("H")


def test_parameters_are_substituted():
    assert parse_expression("4*D^2 + 4*D", values={"D": 512}) == 4 * 512**2 + 4 * 512


@pytest.mark.parametrize("text", ["", "2 +", "N 2", "(N", "N,,D", "log", "N^N", "2^N"])
def test_malformed_input_is_a_format_error(text):
    with pytest.raises(FormatError):
        parse_expression(text, ("N", "D"))


ATTACKS = [
    "__import__('os').system('touch {marker}')",
    "__import__(\"os\").system(\"touch {marker}\")",
    "().__class__.__bases__[0].__subclasses__()",
    "N.__class__.__mro__",
    "[].__class__.__base__",
    "exec('open(\"{marker}\", \"w\")')",
    "lambda: 0",
    "9**9**9**9",
    "9^9^9^9",
    "10**10**10",
    "factorial(10**8)",
    "1" * 5000,
    "(" * 500 + "N" + ")" * 500,
    "N" + "*N" * 300,
    "2**64**2",
]


@pytest.mark.parametrize("attack", ATTACKS)
def test_attacks_are_rejected_quickly_and_execute_nothing(attack, tmp_path):
    marker = tmp_path / "executed"
    text = attack.format(marker=marker)
    start = time.perf_counter()
    with pytest.raises(FormatError):
        parse_expression(text, ("N",))
    assert time.perf_counter() - start < 1.0, f"rejecting {attack[:30]!r} took too long"
    assert not marker.exists(), "learner input was executed"


def test_time_limit_interrupts_runaway_work():
    start = time.perf_counter()
    with pytest.raises(Timeout):
        with time_limit(0.2):
            while True:
                pass
    assert time.perf_counter() - start < 1.0
