"""Grade one answer to one question variant.

Every question type has a grader with three operations:

* ``read(text, variant)`` turns learner text into a value, raising ``FormatError`` if it cannot be read;
* ``reference(raw, variant, role)`` turns what the author wrote (``answer``, an ``accept`` item or a
  ``misconceptions`` key) into a value, evaluating expressions in the variant's parameters;
* ``same(learner, reference, question)`` decides whether the two agree.

The same comparison decides correctness and finds the misconception a wrong answer matches.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

import sympy

from .expressions import FormatError, parse_expression, parse_shape, time_limit
from .model import Question, Variant

SYMPY_SECONDS = 2.0
_DIGIT_GROUPS = re.compile(r"(?<=\d)[,_' \u2009\u202f](?=\d{3}(?!\d))")
_SCIENTIFIC = re.compile(r"(\d+(?:\.\d+)?)[eE]([+-]?\d+)")
_SUFFIXES = {"k": 10**3, "thousand": 10**3, "m": 10**6, "million": 10**6, "b": 10**9, "g": 10**9,
             "billion": 10**9, "t": 10**12, "trillion": 10**12}


@dataclass(frozen=True)
class Outcome:
    """The verdict on one readable answer, with the feedback to show (a misconception's, or a shape hint)."""
    correct: bool
    feedback: str = ""


def normalise_text(text: str) -> str:
    """Lower case, single spaces, no surrounding spaces or final full stop."""
    return " ".join(str(text).casefold().split()).rstrip(".").strip()


def _number_text(text: str, suffixes: bool) -> tuple[str, int]:
    """Digit groups removed (``109,482,240``), ``1.75e11`` spelled out, and an optional ``175B`` multiplier."""
    text = _DIGIT_GROUPS.sub("", str(text).strip())
    text = _SCIENTIFIC.sub(lambda m: f"({m.group(1)}*10^({int(m.group(2))}))", text)
    if suffixes:
        match = re.fullmatch(r"(.*?\d\)?)\s*([A-Za-z]+)", text)
        if match and match.group(2).lower() in _SUFFIXES:
            return match.group(1), _SUFFIXES[match.group(2).lower()]
    return text, 1


def _exact_number(text: str, values: dict | None = None) -> sympy.Expr:
    number = parse_expression(text, values=values)
    if not number.is_Rational:
        raise FormatError(f"expected a number, got {text!r}")
    return number


def _sympy_equal(a: sympy.Expr, b: sympy.Expr) -> bool:
    with time_limit(SYMPY_SECONDS):
        return sympy.simplify(a - b) == 0


class IntegerGrader:
    """An exact whole number; learners may write ``109,482,240`` or an arithmetic expression such as ``14^2``."""

    def read(self, text: str, variant: Variant) -> sympy.Expr:
        return _exact_number(_number_text(text, suffixes=False)[0])

    def reference(self, raw: object, variant: Variant, role: str) -> sympy.Expr:
        value = _exact_number(str(raw), variant.params)
        if not value.is_Integer:
            raise ValueError(f"{raw!r} is not a whole number for params {variant.params}")
        return value

    def same(self, learner: sympy.Expr, reference: sympy.Expr, question: Question) -> bool:
        return learner == reference

    def show(self, value: sympy.Expr) -> str:
        return f"{int(value):,}"


class NumericGrader:
    """A number within the question's ``tolerance`` ({abs, rel}); ``175B``, ``1.75e11`` and ``65 million`` read."""

    def read(self, text: str, variant: Variant) -> float:
        body, multiplier = _number_text(text, suffixes=True)
        return float(_exact_number(body)) * multiplier

    def reference(self, raw: object, variant: Variant, role: str) -> float:
        body, multiplier = _number_text(str(raw), suffixes=True)
        return float(_exact_number(body, variant.params)) * multiplier

    def same(self, learner: float, reference: float, question: Question) -> bool:
        error = abs(learner - reference)
        return (error <= question.tolerance.get("abs", 0.0)
                or error <= question.tolerance.get("rel", 0.0) * abs(reference))

    def show(self, value: float) -> str:
        return f"{value:,.6g}" if abs(value) < 1e6 else f"{value:.4g}"


class ChoiceGrader:
    """One option, answered by letter (``b``), number (``2``) or its text."""

    def pick(self, token: str, choices: tuple[str, ...]) -> str:
        for choice in choices:
            if normalise_text(choice) == normalise_text(token):
                return choice
        token = token.strip().rstrip(").").lower()
        if len(token) == 1 and "a" <= token <= "z" and ord(token) - ord("a") < len(choices):
            return choices[ord(token) - ord("a")]
        if token.isdigit() and 1 <= int(token) <= len(choices):
            return choices[int(token) - 1]
        raise FormatError(f"answer with a letter from a to {chr(ord('a') + len(choices) - 1)}")

    def read(self, text: str, variant: Variant) -> str:
        return self.pick(text, variant.choices)

    def reference(self, raw: object, variant: Variant, role: str) -> str:
        rendered = variant.render(str(raw))
        if rendered not in variant.choices:
            raise ValueError(f"{raw!r} is not one of the choices")
        return rendered

    def same(self, learner: str, reference: str, question: Question) -> bool:
        return learner == reference

    def show(self, value: str) -> str:
        return value


class MultiChoiceGrader(ChoiceGrader):
    """A set of options: ``a, c`` or ``a c`` or ``ac``. A misconception key names one option to get right."""

    def read(self, text: str, variant: Variant) -> frozenset[str]:
        texts = {normalise_text(choice) for choice in variant.choices}
        phrases = [p for p in re.split(r"[,;]", text) if p.strip()]
        if phrases and all(normalise_text(p) in texts for p in phrases):  # "beam search, top-k sampling"
            return frozenset(self.pick(p, variant.choices) for p in phrases)
        tokens = [t for t in re.split(r"[,\s;]+", text.strip()) if t]
        letters = "abcdefghijklmnopqrstuvwxyz"[:len(variant.choices)]
        if len(tokens) == 1 and normalise_text(tokens[0]) not in texts and set(tokens[0].lower()) <= set(letters):
            tokens = list(tokens[0])  # "ac" means a and c
        if not tokens:
            raise FormatError("pick one or more letters, e.g. a, c")
        return frozenset(self.pick(token, variant.choices) for token in tokens)

    def reference(self, raw: object, variant: Variant, role: str) -> frozenset[str] | str:
        one = super().reference
        return one(raw, variant, role) if role == "misconception" else frozenset(one(x, variant, role) for x in raw)

    def misjudged(self, learner: frozenset[str], answer: frozenset[str], option: str) -> bool:
        """A misconception key names one option: it applies when the learner chose it wrongly or missed it."""
        return (option in learner) != (option in answer)

    def show(self, value: frozenset[str]) -> str:
        return "; ".join(sorted(value))


class TextGrader:
    """A short phrase: the answer matches after case and space normalisation; ``accept`` items are regexes."""

    def read(self, text: str, variant: Variant) -> str:
        normalised = normalise_text(text)
        if not normalised:
            raise FormatError("the answer is empty")
        return normalised

    def reference(self, raw: object, variant: Variant, role: str) -> str | re.Pattern:
        if role == "answer":
            return normalise_text(variant.render(str(raw)))
        return re.compile(variant.render(str(raw)), re.IGNORECASE)

    def same(self, learner: str, reference: str | re.Pattern, question: Question) -> bool:
        if isinstance(reference, re.Pattern):
            return reference.fullmatch(learner) is not None
        return learner == reference

    def show(self, value: str) -> str:
        return value


class SymbolicGrader:
    """A formula in the declared symbols, equal to the answer after simplification."""
    big_o = False

    def read(self, text: str, variant: Variant) -> sympy.Expr:
        return parse_expression(text, variant.question.symbols, big_o=self.big_o)

    def reference(self, raw: object, variant: Variant, role: str) -> sympy.Expr:
        return parse_expression(str(raw), variant.question.symbols, variant.params, big_o=self.big_o)

    def same(self, learner: sympy.Expr, reference: sympy.Expr, question: Question) -> bool:
        return _sympy_equal(learner, reference)

    def show(self, value: sympy.Expr) -> str:
        return str(value).replace("**", "^")


class BigOGrader(SymbolicGrader):
    """A growth rate: right when answer/learner tends to a positive finite limit as each symbol → ∞ (and all)."""
    big_o = True

    def same(self, learner: sympy.Expr, reference: sympy.Expr, question: Question) -> bool:
        with time_limit(SYMPY_SECONDS):
            return same_order(learner, reference, question.symbols)

    def show(self, value: sympy.Expr) -> str:
        return f"O({super().show(value)})"


def same_order(f: sympy.Expr, g: sympy.Expr, symbols: tuple[str, ...]) -> bool:
    """True if f = Θ(g) as every declared symbol grows, one at a time and all together."""
    ratio = sympy.simplify(f / g)
    names = sorted(set(symbols) | {s.name for s in ratio.free_symbols})
    variables = [s for s in ratio.free_symbols if s.name in names]
    limits = [sympy.limit(ratio, s, sympy.oo) for s in variables]
    if variables:
        t = sympy.Symbol("t_all", positive=True)
        limits.append(sympy.limit(ratio.subs({s: t for s in variables}), t, sympy.oo))
    else:
        limits.append(ratio)
    return all(limit.is_positive is True and limit.is_finite is True for limit in limits)


class ShapeGrader:
    """A tensor shape, compared rank first and then dimension by dimension."""

    def read(self, text: str, variant: Variant) -> tuple[sympy.Expr, ...]:
        return parse_shape(text, variant.question.symbols)

    def reference(self, raw: object, variant: Variant, role: str) -> tuple[sympy.Expr, ...]:
        return parse_shape(str(raw), variant.question.symbols, variant.params)

    def same(self, learner: tuple, reference: tuple, question: Question) -> bool:
        return len(learner) == len(reference) and all(map(_sympy_equal, learner, reference))

    def difference(self, learner: tuple, reference: tuple) -> str:
        if len(learner) != len(reference):
            return (f"Your shape has {len(learner)} dimension{'s' * (len(learner) != 1)}; the answer has "
                    f"{len(reference)}.")
        wrong = [str(i + 1) for i, (a, b) in enumerate(zip(learner, reference)) if not _sympy_equal(a, b)]
        return f"The rank is right; dimension {', '.join(wrong)} (counting from 1) is not."

    def show(self, value: tuple) -> str:
        return "(" + ", ".join(str(d).replace("**", "^") for d in value) + (",)" if len(value) == 1 else ")")


GRADERS = {"integer": IntegerGrader(), "numeric": NumericGrader(), "choice": ChoiceGrader(),
           "multi_choice": MultiChoiceGrader(), "text": TextGrader(), "symbolic": SymbolicGrader(),
           "big_o": BigOGrader(), "shape": ShapeGrader()}


def answer_text(variant: Variant) -> str:
    """The right answer as shown to the learner."""
    grader = GRADERS[variant.question.type]
    return grader.show(grader.reference(variant.question.answer, variant, "answer"))


def is_right(grader, learner: object, variant: Variant) -> bool:
    question = variant.question
    if grader.same(learner, grader.reference(question.answer, variant, "answer"), question):
        return True
    return any(grader.same(learner, grader.reference(alt, variant, "accept"), question) for alt in question.accept)


def grade(variant: Variant, text: str) -> Outcome:
    """Grade learner ``text``; raises ``FormatError`` (no attempt used) when it cannot be read."""
    question = variant.question
    grader = GRADERS[question.type]
    learner = grader.read(text, variant)
    if is_right(grader, learner, variant):
        return Outcome(True)
    for key, feedback in question.misconceptions.items():
        if isinstance(grader, MultiChoiceGrader):
            answer = grader.reference(question.answer, variant, "answer")
            matched = grader.misjudged(learner, answer, grader.reference(key, variant, "misconception"))
        else:
            matched = grader.same(learner, grader.reference(key, variant, "misconception"), question)
        if matched:
            return Outcome(False, variant.render(feedback))
    if isinstance(grader, ShapeGrader):
        return Outcome(False, grader.difference(learner, grader.reference(question.answer, variant, "answer")))
    return Outcome(False)
