"""`attn quiz lint`: the bank is clean, covers the course, and each kind of authoring mistake is caught."""
from __future__ import annotations

import textwrap
from collections import Counter
from pathlib import Path

import pytest

from quizzes.lint import lint_files
from quizzes.model import bank_files, load_bank


def lint_text(tmp_path: Path, questions: str, reference: bool = False) -> list[str]:
    path = tmp_path / "bad.yaml"
    path.write_text("title: t\ntopic: t\nquestions:\n" + textwrap.indent(textwrap.dedent(questions), "  "))
    return lint_files([path], reference=reference)


def test_bank_is_large_and_covers_every_question_type():
    quizzes = load_bank()
    questions = [q for quiz in quizzes for q in quiz.questions]
    assert len(quizzes) >= 6 and len(questions) >= 120, f"{len(quizzes)} quizzes, {len(questions)} questions"
    types = Counter(q.type for q in questions)
    assert set(types) == {"integer", "numeric", "choice", "multi_choice", "text", "symbolic", "big_o", "shape"}
    seeds = Counter(q.source.split()[0] for q in questions)
    assert {"000", "001", "004", "contract"} <= set(seeds), f"sources: {seeds}"


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


def test_spec_questions_need_a_check(tmp_path):
    problems = lint_text(tmp_path, "- {id: q, type: integer, tags: [spec], prompt: p, answer: 3, explanation: e, "
                                   "source: 000 x}\n")
    assert any("tagged 'spec' but has no check" in p for p in problems), problems


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
