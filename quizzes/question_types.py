"""Question types as registered classes: each one holds how its answers are read, compared, shown, rendered, given
feedback and linted.

A type is a subclass of ``QuestionType`` decorated with ``@register``. Everything else finds it by the question's
``type:`` in ``TYPES``: the schema (``keys``, ``required``, ``answer_schema``), the session (``lines``, ``grade``),
lint (``problems``, ``question_problems``) and the reference checks (``agrees``). Adding a type is one class here
and its tests.

Three operations carry the grading:

* ``read(text, variant)`` turns learner text into a value, raising ``FormatError`` if it cannot be read;
* ``value(raw, variant, role)`` turns what the author wrote (``answer``, an ``accept`` item or a
  ``misconceptions`` key) into a value, evaluating expressions in the variant's parameters;
* ``same(learner, expected, question)`` decides whether two values agree.

The same comparison decides correctness and finds the misconception a wrong answer matches. Only the symbolic
types import sympy, and only when they grade, so showing a question never does.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar

from .expressions import FormatError, Number, evaluate, parse_expression, parse_shape, time_limit

if TYPE_CHECKING:
    from .model import Question, Variant

SYMPY_SECONDS = 2.0
LETTERS = "abcdefghijklmnopqrstuvwxyz"
_DIGIT_GROUPS = re.compile(r"(?<=\d)[,_' \u2009\u202f](?=\d{3}(?!\d))")
_SCIENTIFIC = re.compile(r"(\d+(?:\.\d+)?)[eE]([+-]?\d+)")
_SUFFIXES = {"k": 10**3, "thousand": 10**3, "m": 10**6, "million": 10**6, "b": 10**9, "g": 10**9,
             "billion": 10**9, "t": 10**12, "trillion": 10**12}
_STRING = {"type": "string"}
_STRINGS = {"type": "array", "items": _STRING}


@dataclass(frozen=True)
class Outcome:
    """The verdict on one readable answer, with the feedback to show (a misconception's, or a hint)."""
    correct: bool
    feedback: str = ""


TYPES: dict[str, "QuestionType"] = {}


def register(cls: type["QuestionType"]) -> type["QuestionType"]:
    """Class decorator: make ``cls`` the type named ``cls.name``."""
    if cls.name in TYPES:
        raise ValueError(f"question type {cls.name!r} is registered twice")
    TYPES[cls.name] = cls()
    return cls


class QuestionType:
    """One kind of question. Subclasses set the class attributes and the three grading operations."""
    name: ClassVar[str] = ""
    answer_schema: ClassVar[dict] = _STRING           # JSON Schema of `answer`
    keys: ClassVar[dict[str, dict]] = {}              # keys only this type uses -> their JSON Schema
    required: ClassVar[tuple[str, ...]] = ()          # which of those it must have
    computed: ClassVar[bool] = False                  # a number or shape: needs a check, and variants unless fixed
    needs_misconception: ClassVar[bool] = True        # must name at least one typical wrong answer
    examples: ClassVar[str] = ""                      # accepted input, as docs/quizzes.md shows it

    # ------------------------------------------------------------------ reading and comparing (per subclass)
    def read(self, text: str, variant: Variant) -> object:
        raise NotImplementedError

    def value(self, raw: object, variant: Variant, role: str) -> object:
        raise NotImplementedError

    def same(self, learner: object, expected: object, question: Question) -> bool:
        return learner == expected

    def show(self, value: object) -> str:
        return str(value)

    # ------------------------------------------------------------------ grading and feedback
    def answer(self, variant: Variant) -> object:
        return self.value(variant.question.answer, variant, "answer")

    def answer_text(self, variant: Variant) -> str:
        """The right answer as shown to the learner."""
        return self.show(self.answer(variant))

    def is_right(self, learner: object, variant: Variant) -> bool:
        question = variant.question
        if self.same(learner, self.answer(variant), question):
            return True
        return any(self.same(learner, self.value(alt, variant, "accept"), question) for alt in question.accept)

    def matches(self, learner: object, key: object, variant: Variant) -> bool:
        """Whether a wrong answer is the misconception written as ``key``."""
        return self.same(learner, self.value(key, variant, "misconception"), variant.question)

    def feedback(self, learner: object, variant: Variant) -> str:
        """For a wrong answer: the first matching misconception's feedback, else what ``hint_for`` can tell."""
        for key, text in variant.question.misconceptions.items():
            if self.matches(learner, key, variant):
                return variant.render(text)
        return self.hint_for(learner, variant)

    def hint_for(self, learner: object, variant: Variant) -> str:
        """Feedback for a wrong answer that matches no misconception (none by default)."""
        return ""

    def grade(self, variant: Variant, text: str) -> Outcome:
        """Grade learner ``text``; raises ``FormatError`` (no attempt used) when it cannot be read."""
        learner = self.read(text, variant)
        if self.is_right(learner, variant):
            return Outcome(True)
        return Outcome(False, self.feedback(learner, variant))

    # ------------------------------------------------------------------ rendering
    def lines(self, variant: Variant) -> list[str]:
        """What is shown under the prompt (options, how to answer)."""
        return []

    # ------------------------------------------------------------------ lint
    def question_problems(self, question: Question) -> list[str]:
        """Authoring problems of the question as a whole (its variants are linted by ``problems``)."""
        problems = []
        if self.computed:
            if not question.check:
                problems.append(f"{_article(self.name)} answer needs a check against the reference (or a formula)")
            fixed = {"spec", "example"} & set(question.tags)
            if not question.params and not fixed:
                problems.append(f"{_article(self.name)} question needs params (new numbers each attempt), or the tag "
                                "'spec' (a published size) or 'example' (a worked example's fixed data)")
        if self.needs_misconception and not question.misconceptions:
            problems.append("give at least one typical wrong answer under 'misconceptions', with its explanation")
        return problems

    def problems(self, variant: Variant) -> list[str]:
        """Authoring problems of one variant: the answer parses and grades right as shown, every accepted
        alternative grades right, every misconception grades wrong and gets its own feedback."""
        question = variant.question
        try:
            self.answer_text(variant)
        except (FormatError, ValueError) as error:
            return [f"the answer {question.answer!r} does not parse: {error}"]
        problems = []
        typed = self.typed_answer(variant)
        if not self.grade(variant, typed).correct:
            problems.append(f"the answer typed as {typed!r} does not grade right")
        for alternative in question.accept:
            try:
                right = self.is_right(self.value(alternative, variant, "accept"), variant)
            except (FormatError, ValueError, re.error) as error:
                problems.append(f"accepted alternative {alternative!r} does not parse: {error}")
                continue
            if not right:
                problems.append(f"accepted alternative {alternative!r} does not grade right")
        for key, text in question.misconceptions.items():
            problems += self.misconception_problems(variant, key, text)
        return problems

    def typed_answer(self, variant: Variant) -> str:
        """What a learner types to answer right (lint checks that it grades right)."""
        return self.answer_text(variant)

    def misconception_problems(self, variant: Variant, key: str, text: str) -> list[str]:
        try:
            wrong = self.value(key, variant, "misconception")
        except (FormatError, ValueError, re.error) as error:
            return [f"misconception {key!r} does not parse: {error}"]
        if self.is_right(wrong, variant):
            return [f"misconception {key!r} grades right"]
        if self.feedback(wrong, variant) != variant.render(text):
            return [f"misconception {key!r} is shadowed by an earlier one that matches the same answer"]
        return []

    def agrees(self, computed: object, variant: Variant) -> bool:
        """Whether what a check computed is this variant's answer."""
        raise ValueError(f"checks are for computed answers (numbers and shapes), not {self.name} questions")


def _article(name: str) -> str:
    return f"{'an' if name[0] in 'aeiou' else 'a'} {name}"


# ---------------------------------------------------------------------------------------------- numbers

def _number_text(text: str, suffixes: bool) -> tuple[str, int]:
    """Digit groups removed (``109,482,240``), ``1.75e11`` spelled out, and an optional ``175B`` multiplier."""
    text = _DIGIT_GROUPS.sub("", str(text).strip())
    text = _SCIENTIFIC.sub(lambda m: f"({m.group(1)}*10^({int(m.group(2))}))", text)
    if suffixes:
        match = re.fullmatch(r"(.*?\d\)?)\s*([A-Za-z]+)", text)
        if match and match.group(2).lower() in _SUFFIXES:
            return match.group(1), _SUFFIXES[match.group(2).lower()]
    return text, 1


@register
class IntegerType(QuestionType):
    """An exact whole number; learners may write ``109,482,240`` or arithmetic such as ``14^2 + 1``."""
    name = "integer"
    answer_schema = {"type": ["integer", "string"]}
    computed = True
    examples = "`197`, `109,482,240`, `1 048 576`, `14^2 + 1`, `(224/16)^2`"

    def read(self, text: str, variant: Variant) -> Number:
        return evaluate(_number_text(text, suffixes=False)[0])

    def value(self, raw: object, variant: Variant, role: str) -> Number:
        """The answer must be whole; a misconception may be any number a learner could type (``0.15 * N``)."""
        value = evaluate(_number_text(str(raw), suffixes=False)[0], variant.params)
        if role == "misconception":
            return value
        if not isinstance(value, Fraction) or value.denominator != 1:
            raise ValueError(f"{raw!r} is not a whole number for params {variant.params}")
        return int(value)

    def show(self, value: int) -> str:
        return f"{int(value):,}"

    def hint_for(self, learner: Number, variant: Variant) -> str:
        return _factor_hint(float(learner), float(self.answer(variant)))

    def agrees(self, computed: object, variant: Variant) -> bool:
        answer = self.answer(variant)
        if isinstance(computed, float):  # a sum of floats from a tensor
            return abs(computed - answer) <= 1e-6 * max(1, abs(answer))
        return isinstance(computed, (int, Fraction)) and computed == answer


@register
class NumericType(QuestionType):
    """A number within the question's ``tolerance`` ({abs, rel}); ``175B``, ``1.75e11`` and ``65 million`` read."""
    name = "numeric"
    answer_schema = {"type": ["number", "string"]}
    keys = {"tolerance": {"type": "object", "description": "numeric: {abs: x} and/or {rel: y}",
                          "properties": {"abs": {"type": "number"}, "rel": {"type": "number"}},
                          "additionalProperties": False, "minProperties": 1,
                          "x-message": "tolerance needs abs or rel (numbers)"}}
    required = ("tolerance",)
    computed = True
    examples = "`0.75`, `3/4`, `175B`, `175 billion`, `1.75e11`, `65M`, `3.3e9`"

    def read(self, text: str, variant: Variant) -> float:
        body, multiplier = _number_text(text, suffixes=True)
        return float(evaluate(body)) * multiplier

    def value(self, raw: object, variant: Variant, role: str) -> float:
        body, multiplier = _number_text(str(raw), suffixes=True)
        return float(evaluate(body, variant.params)) * multiplier

    def same(self, learner: float, expected: float, question: Question) -> bool:
        error = abs(learner - expected)
        return (error <= question.tolerance.get("abs", 0.0)
                or error <= question.tolerance.get("rel", 0.0) * abs(expected))

    def show(self, value: float) -> str:
        return f"{value:,.6g}" if abs(value) < 1e6 else f"{value:.4g}"

    def hint_for(self, learner: float, variant: Variant) -> str:
        return _factor_hint(learner, self.answer(variant))

    def agrees(self, computed: object, variant: Variant) -> bool:
        return isinstance(computed, (int, float, Fraction)) and self.same(float(computed), self.answer(variant),
                                                                           variant.question)


def _factor_hint(learner: float, answer: float) -> str:
    """Say so when a wrong number is off by a power of ten or a small whole factor (a slip worth naming)."""
    if learner == 0 or answer == 0 or learner == answer:
        return ""
    ratio = learner / answer
    for factor in (10, 100, 1000, 10**6, 10**9):
        for value, word in ((factor, "too large"), (1 / factor, "too small")):
            if abs(ratio - value) < 1e-9 * value:
                return f"Your number is {factor:,} times {word}: check the units or a power of ten."
    for factor in (2, 3, 4):
        for value, word in ((factor, "too large"), (1 / factor, "too small")):
            if abs(ratio - value) < 1e-9 * value:
                return f"Your number is {factor} times {word}."
    return ""


# ---------------------------------------------------------------------------------------------- options

def normalise_text(text: str) -> str:
    """Lower case, single spaces, no surrounding spaces or final full stop."""
    return " ".join(str(text).casefold().split()).rstrip(".").strip()


@register
class ChoiceType(QuestionType):
    """One option, answered by letter (``b``), number (``2``) or its text; every wrong option has its feedback."""
    name = "choice"
    keys = {"choices": {"type": "array", "items": _STRING, "minItems": 2,
                        "description": "choice/multi_choice: the options (shown shuffled)"}}
    required = ("choices",)
    examples = "the letter (`b`), the number (`2`) or the text of the option"

    def pick(self, token: str, choices: tuple[str, ...]) -> str:
        for choice in choices:
            if normalise_text(choice) == normalise_text(token):
                return choice
        token = token.strip().rstrip(").").lower()
        if len(token) == 1 and "a" <= token <= "z" and ord(token) - ord("a") < len(choices):
            return choices[ord(token) - ord("a")]
        if token.isdigit() and 1 <= int(token) <= len(choices):
            return choices[int(token) - 1]
        raise FormatError(f"answer with a letter from a to {LETTERS[len(choices) - 1]}")

    def read(self, text: str, variant: Variant) -> str:
        return self.pick(text, variant.choices)

    def value(self, raw: object, variant: Variant, role: str) -> str:
        rendered = variant.render(str(raw))
        if rendered not in variant.choices:
            raise ValueError(f"{raw!r} is not one of the choices")
        return rendered

    def lines(self, variant: Variant) -> list[str]:
        return [f"   {letter}) {choice}" for letter, choice in zip(LETTERS, variant.choices)]

    def wrong_options(self, question: Question) -> list[str]:
        return [choice for choice in question.choices if choice != question.answer]

    def question_problems(self, question: Question) -> list[str]:
        problems = super().question_problems(question)
        if len(set(question.choices)) != len(question.choices):
            problems.append("two choices are the same")
        keys = {str(key) for key in question.misconceptions}
        missing = [option for option in self.wrong_options(question) if option not in keys]
        if missing:
            problems.append(f"wrong option {missing[0]!r} has no feedback under 'misconceptions' "
                            "(every wrong option needs its own explanation)")
        return problems


@register
class MultiChoiceType(ChoiceType):
    """A set of options: ``a, c`` or ``a c`` or ``ac``. A misconception key names one option to get right."""
    name = "multi_choice"
    answer_schema = {"type": "array", "items": _STRING, "minItems": 1}
    examples = "letters: `a, c` or `a c` or `ac`"

    def read(self, text: str, variant: Variant) -> frozenset[str]:
        texts = {normalise_text(choice) for choice in variant.choices}
        phrases = [p for p in re.split(r"[,;]", text) if p.strip()]
        if phrases and all(normalise_text(p) in texts for p in phrases):  # "beam search, top-k sampling"
            return frozenset(self.pick(p, variant.choices) for p in phrases)
        tokens = [t for t in re.split(r"[,\s;]+", text.strip()) if t]
        letters = LETTERS[:len(variant.choices)]
        if len(tokens) == 1 and normalise_text(tokens[0]) not in texts and set(tokens[0].lower()) <= set(letters):
            tokens = list(tokens[0])  # "ac" means a and c
        if not tokens:
            raise FormatError("pick one or more letters, e.g. a, c")
        return frozenset(self.pick(token, variant.choices) for token in tokens)

    def value(self, raw: object, variant: Variant, role: str) -> frozenset[str] | str:
        one = super().value
        return one(raw, variant, role) if role == "misconception" else frozenset(one(x, variant, role) for x in raw)

    def matches(self, learner: frozenset[str], key: object, variant: Variant) -> bool:
        """A key names one option: it applies when the learner chose it wrongly or missed it."""
        option = self.value(key, variant, "misconception")
        return (option in learner) != (option in self.answer(variant))

    def show(self, value: frozenset[str]) -> str:
        return "; ".join(sorted(value))

    def lines(self, variant: Variant) -> list[str]:
        return super().lines(variant) + ["   (pick every right option, e.g. a, c)"]

    def wrong_options(self, question: Question) -> list[str]:
        return [choice for choice in question.choices if choice not in question.answer]

    def misconception_problems(self, variant: Variant, key: str, text: str) -> list[str]:
        try:
            self.value(key, variant, "misconception")
        except ValueError as error:
            return [f"misconception {key!r} does not parse: {error}"]
        return []

    def typed_answer(self, variant: Variant) -> str:
        answer = self.answer(variant)
        return ", ".join(LETTERS[i] for i, choice in enumerate(variant.choices) if choice in answer)


# ---------------------------------------------------------------------------------------------- text

@register
class TextType(QuestionType):
    """A short phrase: the answer matches after case and space normalisation; ``accept`` items are regexes."""
    name = "text"
    needs_misconception = False
    examples = "a short phrase; case, spacing and a final full stop do not matter"

    def read(self, text: str, variant: Variant) -> str:
        normalised = normalise_text(text)
        if not normalised:
            raise FormatError("the answer is empty")
        return normalised

    def value(self, raw: object, variant: Variant, role: str) -> str | re.Pattern:
        if role == "answer":
            return normalise_text(variant.render(str(raw)))
        return re.compile(variant.render(str(raw)), re.IGNORECASE)

    def same(self, learner: str, expected: str | re.Pattern, question: Question) -> bool:
        if isinstance(expected, re.Pattern):
            return expected.fullmatch(learner) is not None
        return learner == expected

    def problems(self, variant: Variant) -> list[str]:
        """The answer is readable; accepted alternatives and misconceptions are regexes, and no misconception
        matches the answer."""
        question = variant.question
        problems = [] if self.grade(variant, self.answer_text(variant)).correct else ["the answer is empty"]
        for role, patterns in (("accepted alternative", question.accept), ("misconception", question.misconceptions)):
            for pattern in patterns:
                try:
                    compiled = self.value(pattern, variant, role)
                except re.error as error:
                    problems.append(f"{role} {pattern!r} does not parse: {error}")
                    continue
                if role == "misconception" and self.same(self.answer(variant), compiled, question):
                    problems.append(f"misconception {pattern!r} matches the answer")
        return problems


# ---------------------------------------------------------------------------------------------- formulas

_SYMBOLS = {"symbols": {"type": "array", "items": _STRING, "minItems": 1,
                        "description": "symbolic/big_o/shape: the symbol names learners may use"}}


def _sympy_equal(a: object, b: object) -> bool:
    import sympy
    with time_limit(SYMPY_SECONDS):
        return sympy.simplify(a - b) == 0


@register
class SymbolicType(QuestionType):
    """A formula in the declared symbols, equal to the answer after simplification."""
    name = "symbolic"
    keys = _SYMBOLS
    required = ("symbols",)
    big_o = False
    examples = "`4D^2 + 4D`, `4*D**2+4*D`, `4D(D+1)`, `sqrt(d_k)`, `N log N`"

    def read(self, text: str, variant: Variant) -> object:
        return parse_expression(text, variant.question.symbols, big_o=self.big_o)

    def value(self, raw: object, variant: Variant, role: str) -> object:
        return parse_expression(str(raw), variant.question.symbols, variant.params, big_o=self.big_o)

    def same(self, learner: object, expected: object, question: Question) -> bool:
        return _sympy_equal(learner, expected)

    def show(self, value: object) -> str:
        return str(value).replace("**", "^")


@register
class BigOType(SymbolicType):
    """A growth rate: right when answer/learner tends to a positive finite limit as each symbol → ∞ (and all)."""
    name = "big_o"
    big_o = True
    examples = "`O(N^2 D)`, `N^2 D`, `D N^2` (constant factors do not matter)"

    def same(self, learner: object, expected: object, question: Question) -> bool:
        with time_limit(SYMPY_SECONDS):
            return same_order(learner, expected, question.symbols)

    def show(self, value: object) -> str:
        return f"O({super().show(value)})"


def same_order(f: object, g: object, symbols: tuple[str, ...]) -> bool:
    """True if f = Θ(g) as every declared symbol grows, one at a time and all together."""
    import sympy
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


@register
class ShapeType(QuestionType):
    """A tensor shape, compared rank first and then dimension by dimension; in numbers when the question has
    params, in its ``symbols`` otherwise."""
    name = "shape"
    keys = _SYMBOLS
    computed = True
    examples = "`(2, 64, 10)`, `[2, 64, 10]`, `2×64×10`, `2 x 64 x 10`, `(64,)`; with symbols `(B, D, N)`"

    def read(self, text: str, variant: Variant) -> tuple:
        return parse_shape(text, variant.question.symbols)

    def value(self, raw: object, variant: Variant, role: str) -> tuple:
        return parse_shape(str(raw), variant.question.symbols, variant.params)

    def same(self, learner: tuple, expected: tuple, question: Question) -> bool:
        equal = _sympy_equal if question.symbols else (lambda a, b: a == b)
        return len(learner) == len(expected) and all(map(equal, learner, expected))

    def hint_for(self, learner: tuple, variant: Variant) -> str:
        answer = self.answer(variant)
        if len(learner) != len(answer):
            return (f"Your shape has {len(learner)} dimension{'s' * (len(learner) != 1)}; the answer has "
                    f"{len(answer)}.")
        if sorted(map(str, learner)) == sorted(map(str, answer)):
            return "The sizes are right but in the wrong order: which axis holds the tokens (columns)?"
        equal = _sympy_equal if variant.question.symbols else (lambda a, b: a == b)
        wrong = [str(i + 1) for i, (a, b) in enumerate(zip(learner, answer)) if not equal(a, b)]
        return f"The rank is right; dimension {', '.join(wrong)} (counting from 1) is not."

    def show(self, value: tuple) -> str:
        dims = [str(int(d)) if isinstance(d, Fraction) and d.denominator == 1 else str(d).replace("**", "^")
                for d in value]
        return "(" + ", ".join(dims) + (",)" if len(value) == 1 else ")")

    def problems(self, variant: Variant) -> list[str]:
        problems = super().problems(variant)
        try:
            answer = self.answer(variant)
        except (FormatError, ValueError):
            return problems
        numbers = [d for d in answer if not hasattr(d, "free_symbols") or not d.free_symbols]
        if any(not (d == int(d) and d > 0) for d in numbers):
            problems.append(f"the shape {self.show(answer)} has a dimension that is not a positive whole number")
        return problems

    def agrees(self, computed: object, variant: Variant) -> bool:
        return tuple(computed) == tuple(self.answer(variant))
