"""Quiz files: YAML and schema errors name the file and line; the JSON Schema says the same as the validator."""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from quizzes.loader import QuizFileError, load_yaml
from quizzes.model import bank_files, load_quiz
from quizzes.schema import json_schema, validate_quiz

GOOD_QUESTION = """\
  - id: q1
    type: integer
    prompt: How many?
    answer: 3
    explanation: Because.
    source: 000 Part II
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "quiz.yaml"
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def errors_of(path: Path) -> list[str]:
    return [str(e) for e in validate_quiz(load_yaml(path), path)]


def test_malformed_yaml_names_file_and_line(tmp_path):
    path = write(tmp_path, "title: x\ntopic: y\nquestions:\n  - id: q1\n    prompt: [unclosed\n")
    with pytest.raises(QuizFileError) as info:
        load_quiz(path)
    assert str(info.value).startswith(f"{path}:"), "the message must start with file:line"
    assert info.value.line in (5, 6), f"line {info.value.line}: the error is at the unclosed bracket"


def test_unknown_key_is_reported_at_its_line_with_a_suggestion(tmp_path):
    path = write(tmp_path, "title: x\ntopic: y\nquestions:\n" + GOOD_QUESTION + "    hint: [typo]\n")
    assert errors_of(path) == [f"{path}:10: question 'q1': unknown key 'hint' (did you mean 'hints'?)"]


def test_missing_and_mistyped_keys(tmp_path):
    path = write(tmp_path, """\
        title: x
        questions:
          - id: q1
            type: numeric
            prompt: 3
            answer: 3
            explanation: e
            source: 000 Part II
        """)
    errors = errors_of(path)
    assert f"{path}:1: missing required key 'topic'" in errors
    assert f"{path}:3: question 'q1': numeric questions need 'tolerance'" in errors
    assert f"{path}:5: question 'q1': 'prompt' must be string, got integer" in errors


def test_type_specific_fields_and_sources(tmp_path):
    path = write(tmp_path, "title: x\ntopic: y\nquestions:\n" + GOOD_QUESTION.replace(
        "source: 000 Part II", "source: lecture 3\n    choices: [a, b]"))
    errors = errors_of(path)
    assert any(":9: question 'q1': source must start with" in e for e in errors)
    assert any(":10: question 'q1': 'choices' is not used by integer questions" in e for e in errors)


def test_duplicate_yaml_keys_are_errors(tmp_path):
    path = write(tmp_path, "title: x\ntitle: y\ntopic: z\nquestions: []\n")
    with pytest.raises(QuizFileError, match=r":2: invalid YAML: duplicate key 'title' \(first on line 1\)"):
        load_yaml(path)


def test_json_schema_agrees_with_the_validator(tmp_path):
    jsonschema = pytest.importorskip("jsonschema")
    validator = jsonschema.Draft202012Validator(json_schema())
    for path in bank_files():
        assert not list(validator.iter_errors(load_yaml(path))), f"{path} passes the validator but not the schema"
    bad = write(tmp_path, "title: x\ntopic: y\nquestions:\n" + GOOD_QUESTION + "    tolerance: {abs: 1}\n")
    assert errors_of(bad) and list(validator.iter_errors(load_yaml(bad))), "both must reject a stray tolerance"
