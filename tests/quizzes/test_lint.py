"""`attn quiz lint`: the bank is clean, covers the course, and each kind of authoring mistake is caught."""
from __future__ import annotations

import dataclasses
import textwrap
from collections import Counter
from pathlib import Path

import pytest

from quizzes.lint import _check_problems, lint_files
from quizzes.model import Variant, bank_files, load_bank
from quizzes.question_types import TYPES


def lint_text(tmp_path: Path, questions: str, reference: bool = False) -> list[str]:
    path = tmp_path / "bad.yaml"
    path.write_text("title: t\ntopic: t\nquestions:\n" + textwrap.indent(textwrap.dedent(questions), "  "))
    return lint_files([path], reference=reference)


def test_bank_is_large_and_covers_every_question_type():
    quizzes = load_bank()
    questions = [q for quiz in quizzes for q in quiz.questions]
    assert len(quizzes) >= 10 and len(questions) >= 250, f"{len(quizzes)} quizzes, {len(questions)} questions"
    types = Counter(q.type for q in questions)
    assert set(types) == set(TYPES), f"types used: {types}"
    seeds = Counter(q.source.split()[0] for q in questions)
    assert {"000", "001", "002", "003", "004", "contract"} <= set(seeds), f"sources: {seeds}"


def test_every_number_in_the_bank_is_checked_and_every_wrong_option_explained():
    """The bank-wide promises, stated directly (lint enforces them per question)."""
    for quiz in load_bank():
        for q in quiz.questions:
            if q.kind.computed:
                assert q.check, f"{q.key}: a number or shape without a check"
                assert q.params or {"spec", "example"} & set(q.tags), f"{q.key}: fixed numbers without a reason"
            if q.type in {"choice", "multi_choice"}:
                wrong = [c for c in q.choices if c != q.answer and c not in q.answer]
                assert all(c in q.misconceptions for c in wrong), f"{q.key}: a wrong option without feedback"
            elif q.type != "text":
                assert q.misconceptions, f"{q.key}: no typical wrong answer"


def test_bank_lints_clean_without_the_reference():
    assert lint_files(bank_files(), reference=False) == []


@pytest.mark.slow
def test_bank_agrees_with_the_reference():
    """Every spec and parameter count recomputed from reference.configs / torch modules, every shape by running it."""
    pytest.importorskip("reference.configs")
    assert lint_files(bank_files(), reference=True) == []


def test_duplicate_ids_and_unparsable_answers(tmp_path):
    problems = lint_text(tmp_path, """\
        - {id: a, type: integer, prompt: p, answer: "3 +", explanation: e, source: 000 x}
        - {id: a, type: integer, prompt: p, answer: 3, explanation: e, source: 000 x}
        """)
    assert any(":5: question 'a': duplicate id (first on line 4)" in p for p in problems), problems
    assert any(":4: question 'a': the answer '3 +' does not parse" in p for p in problems), problems


def test_misconception_that_grades_right_and_alternative_that_grades_wrong(tmp_path):
    problems = lint_text(tmp_path, """\
        - id: q
          type: symbolic
          symbols: [D]
          prompt: p
          answer: 4D^2 + 4D
          accept: ["4D^", "4D(D + 1)"]
          misconceptions: {"4D(D+1)": "wrong?"}
          explanation: e
          source: 000 x
        """)
    assert any("accepted alternative '4D^' does not parse" in p for p in problems), problems
    assert not any("'4D(D + 1)'" in p for p in problems), "an equivalent alternative is fine"
    assert any("misconception '4D(D+1)' grades right" in p for p in problems), problems


def test_every_variant_must_render_and_give_whole_shapes(tmp_path):
    problems = lint_text(tmp_path, """\
        - id: q
          type: shape
          params: {D: [512, 500], H: [8]}
          prompt: "Split ({D}) into {H} heads of {D/H} rows; {typo}"
          answer: (H, D / H)
          explanation: e
          source: contract x
        """)
    assert any("{typo} is neither a parameter" in p for p in problems), problems
    assert any("(params {'D': 500, 'H': 8})" in p and "not a positive whole number" in p for p in problems)
    assert not any("'D': 512" in p and "whole number" in p for p in problems)


def test_computed_answers_need_a_check_and_variants(tmp_path):
    problems = lint_text(tmp_path, """\
        - {id: bare, type: integer, prompt: p, answer: 3, explanation: e, source: 000 x, misconceptions: {"4": f}}
        - {id: spec, type: integer, tags: [spec], prompt: p, answer: 3, explanation: e, source: 000 x,
           misconceptions: {"4": f}, check: {formula: 3}}
        """)
    bare = [p for p in problems if "'bare'" in p]
    assert any("an integer answer needs a check" in p for p in bare), bare
    assert any("needs params (new numbers each attempt)" in p for p in bare), bare
    assert not any("question 'spec'" in p for p in problems), "a published size with a check needs no params"


def test_every_wrong_option_needs_its_feedback_and_numbers_a_typical_mistake(tmp_path):
    problems = lint_text(tmp_path, """\
        - {id: c, type: choice, prompt: p, choices: [a, b, c], answer: a, misconceptions: {b: fb}, explanation: e,
           source: 000 x}
        - {id: s, type: symbolic, symbols: [D], prompt: p, answer: 2D, explanation: e, source: 000 x}
        """)
    assert any("'c': wrong option 'c' has no feedback" in p for p in problems), problems
    assert not any("wrong option 'b'" in p for p in problems), problems
    assert any("'s': give at least one typical wrong answer" in p for p in problems), problems


def test_a_misconception_shadowed_by_an_earlier_one_is_reported(tmp_path):
    problems = lint_text(tmp_path, """\
        - id: q
          type: integer
          params: {D: [2, 3]}
          prompt: p
          answer: D^3
          misconceptions: {2 * D: twice, D + 2: plus}
          explanation: e
          source: 000 x
          check: {formula: D * D * D}
        """)
    assert any("(params {'D': 2}) misconception 'D + 2' is shadowed" in p for p in problems), problems
    assert not any("'D': 3" in p for p in problems), problems


def test_checks_catch_wrong_spec_counts_and_shapes(tmp_path):
    pytest.importorskip("reference.configs")
    problems = lint_text(tmp_path, """\
        - {id: heads, type: integer, prompt: p, answer: 16, explanation: e, source: 000 x,
           check: {config: bert-base, value: num_heads}}
        - {id: mha, type: integer, prompt: p, answer: 1048576, explanation: e, source: 001 x,
           check: {module: torch.nn.MultiheadAttention, args: [512, 8]}}
        - id: scores
          type: shape
          symbols: [N_k, N_q]
          prompt: p
          answer: (N_q, N_k)
          explanation: e
          source: contract x
          check:
            call: reference.attention.scaled_dot_product_attention
            sizes: {N_k: 5, N_q: 3}
            args: {Q: "(4, N_q)", K: "(4, N_k)", V: "(2, N_k)"}
            output: 1
        - {id: evil, type: integer, prompt: p, answer: 0, explanation: e, source: 000 x,
           check: {module: os.system, args: [1]}}
        """, reference=True)
    assert any("'heads': the reference gives 12, the answer says 16" in p for p in problems), problems
    assert any("'mha': the reference gives 1050624" in p for p in problems), problems
    assert any("'scores': the reference gives (5, 3), the answer says (3, 5)" in p for p in problems), problems
    assert any("'evil': check failed to run" in p and "not allowed" in p for p in problems), problems


def test_checks_of_every_kind_catch_a_wrong_answer():
    """One bank question per kind of check and measure, with its answer spoiled: lint must notice."""
    pytest.importorskip("reference.configs")
    seen: dict[tuple, object] = {}
    for quiz in load_bank():
        for q in quiz.questions:
            if q.check:
                kind = next(k for k in ("config", "module", "call", "formula") if k in q.check)
                seen.setdefault((kind, q.check.get("measure"), "value" in q.check, q.type), q)
    assert len(seen) >= 12, sorted(seen)
    for question in seen.values():
        spoiled = str(question.answer)
        spoiled = f"{spoiled[:-1]}, 2)" if question.type == "shape" else f"2 * ({spoiled}) + 1"
        variant = Variant(dataclasses.replace(question, answer=spoiled), question.all_variants()[0].params, 0.0)
        assert _check_problems(Variant(question, variant.params, 0.0)) == [], question.key
        assert any("the reference gives" in p for p in _check_problems(variant)), question.key


def test_call_checks_measure_values_and_nested_calls(tmp_path):
    pytest.importorskip("reference.configs")
    problems = lint_text(tmp_path, """\
        - id: weight
          type: numeric
          tags: [example]
          prompt: p
          answer: 0.5
          tolerance: {abs: 0.001}
          misconceptions: {"1": f}
          explanation: e
          source: 000 x
          check:
            call: reference.softmax.softmax_cols
            args: {scores: {tensor: [[0], ["log(3)"]]}}
            index: [1, 0]
        - id: merges
          type: integer
          tags: [example]
          prompt: p
          answer: 2
          misconceptions: {"1": f}
          explanation: e
          source: 000 x
          check:
            call: reference.bpe.bpe_encode
            args:
              text: {text: ab}
              merges: {call: reference.bpe.train_bpe, args: {corpus: {text: ab ab}, num_merges: 1}}
            measure: len
        """, reference=True)
    assert any("'weight': the reference gives 0.75" in p for p in problems), problems
    assert not any("'merges'" in p for p in problems), "ab with the merge a + b is 'ab </w>': 2 tokens"
