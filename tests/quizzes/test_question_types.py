"""Question types are registered classes: a new type is one class, and the schema, the loader, lint and the session
pick it up with no other edit."""
from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from quizzes import schema
from quizzes.cli import main
from quizzes.expressions import FormatError
from quizzes.lint import lint_files
from quizzes.model import load_quiz
from quizzes.question_types import TYPES, QuestionType, register

YES_NO_QUIZ = """\
title: Yes or no
topic: a toy question type
questions:
  - id: equivariant
    type: yes_no
    prompt: Is self-attention without positions permutation-equivariant?
    answer: "yes"
    misconceptions: {"no": "Reorder the tokens and the outputs are reordered the same way."}
    explanation: Only positional information breaks the symmetry.
    source: 000 Part III
"""


@pytest.fixture
def yes_no():
    """A toy type, registered for one test and removed afterwards."""

    class YesNoType(QuestionType):
        name = "yes_no"
        answer_schema = {"type": "string", "enum": ["yes", "no"]}
        examples = "`yes`, `no`, `y`, `n`"

        def read(self, text, variant):
            word = text.strip().lower()[:1]
            if word not in {"y", "n"}:
                raise FormatError("answer yes or no")
            return "yes" if word == "y" else "no"

        def value(self, raw, variant, role):
            return str(raw)

        def lines(self, variant):
            return ["   (yes or no)"]

    register(YesNoType)
    schema.json_schema.cache_clear()
    yield TYPES["yes_no"]
    del TYPES["yes_no"]
    schema.json_schema.cache_clear()


def test_a_new_type_is_one_class(yes_no, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("ATTN_QUIZ_HOME", str(tmp_path / "home"))
    path = tmp_path / "yes-no.yaml"
    path.write_text(YES_NO_QUIZ)
    assert "yes_no" in schema.json_schema()["$defs"]["question"]["properties"]["type"]["enum"]
    assert lint_files([path], reference=False) == []
    variant = load_quiz(path).question("equivariant").variant("ada")
    assert variant.grade("Y").correct
    assert variant.grade("nope").feedback == "Reorder the tokens and the outputs are reordered the same way."
    answers = tmp_path / "answers.json"
    answers.write_text(json.dumps({"equivariant": ["maybe", "no", "yes"]}))
    assert main(["take", str(path), "--answers", str(answers), "--json", "--user", "ada"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["score"] == 1 and report["questions"][0]["format_errors"] == ["maybe"]


def test_a_new_type_gets_the_schema_rules_of_the_others(yes_no, tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text(YES_NO_QUIZ.replace('answer: "yes"', "answer: perhaps") + "    choices: [a, b]\n")
    problems = lint_files([path], reference=False)
    assert any("answer must be one of yes, no" in p for p in problems), problems
    assert any("'choices' is not used by yes_no questions" in p for p in problems), problems


def test_a_name_cannot_be_registered_twice():
    class Again(QuestionType):
        name = "integer"

    with pytest.raises(ValueError, match="registered twice"):
        register(Again)


def test_every_registered_type_states_how_to_answer_it_in_the_docs():
    """docs/quizzes.md's table of accepted input says what each type's `examples` says."""
    docs = (Path(__file__).resolve().parents[2] / "docs" / "quizzes.md").read_text(encoding="utf-8")
    for name, qtype in TYPES.items():
        assert f"| {name} | {qtype.examples} |" in docs, f"docs/quizzes.md does not show how to answer {name}"


@pytest.mark.parametrize("name", sorted(TYPES))
def test_lint_holds_each_type_to_its_promises(name, tmp_path):
    """A minimal question of each type without what its type demands is reported."""
    extra = {"choice": "choices: [a, b]\n", "multi_choice": "choices: [a, b]\n", "numeric": "tolerance: {abs: 1}\n",
             "symbolic": "symbols: [D]\n", "big_o": "symbols: [D]\n", "shape": ""}.get(name, "")
    answer = {"multi_choice": "[a]", "choice": "a", "shape": "(2, 3)", "text": "x", "symbolic": "2D",
              "big_o": "D"}.get(name, "3")
    path = tmp_path / "q.yaml"
    path.write_text("title: t\ntopic: t\nquestions:\n" + textwrap.indent(
        f"- id: q\n  type: {name}\n  prompt: p\n  answer: {answer}\n  explanation: e\n  source: 000 x\n"
        + textwrap.indent(extra, "  "), "  "))
    problems = lint_files([path], reference=False)
    qtype = TYPES[name]
    if qtype.computed:
        assert any("needs a check" in p for p in problems), problems
    if name in {"choice", "multi_choice"}:
        assert any("wrong option 'b' has no feedback" in p for p in problems), problems
    elif qtype.needs_misconception:
        assert any("typical wrong answer" in p for p in problems), problems
    else:
        assert problems == [], problems
