"""Quiz files: YAML and schema errors name the file and line; one JSON Schema, built from the registered question
types, and our validator of it reach the same verdicts as jsonschema."""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from quizzes.coverage import COVERAGE_FILE
from quizzes.loader import QuizFileError, load_yaml
from quizzes.model import bank_files, load_quiz
from quizzes.question_types import TYPES
from quizzes.schema import coverage_schema, json_schema, validate, validate_quiz

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


BAD_QUESTIONS = {  # each breaks one rule of the schema
    "stray tolerance": GOOD_QUESTION + "    tolerance: {abs: 1}\n",
    "unknown type": GOOD_QUESTION.replace("type: integer", "type: integr"),
    "missing answer": GOOD_QUESTION.replace("    answer: 3\n", ""),
    "choice without choices": GOOD_QUESTION.replace("type: integer", "type: choice").replace("answer: 3", "answer: a"),
    "numeric without tolerance": GOOD_QUESTION.replace("type: integer", "type: numeric"),
    "empty tolerance": GOOD_QUESTION.replace("type: integer", "type: numeric") + "    tolerance: {}\n",
    "list answer for an integer": GOOD_QUESTION.replace("answer: 3", "answer: [3]"),
    "bad id": GOOD_QUESTION.replace("id: q1", "id: Q 1"),
    "bad source": GOOD_QUESTION.replace("source: 000 Part II", "source: lecture 3"),
    "params that are not numbers": GOOD_QUESTION + "    params: {D: [a, b]}\n",
    "empty params list": GOOD_QUESTION + "    params: {D: []}\n",
    "check of two kinds": GOOD_QUESTION + "    check: {config: bert-base, formula: 3}\n",
    "check of no kind": GOOD_QUESTION + "    check: {value: 3}\n",
    "unknown check key": GOOD_QUESTION + "    check: {formula: 3, typo: 1}\n",
    "unknown measure": GOOD_QUESTION + "    check: {call: reference.x, measure: mean}\n",
    "hint not a list": GOOD_QUESTION + "    hints: one hint\n",
    "misconception feedback not text": GOOD_QUESTION + "    misconceptions: {\"4\": [x]}\n",
}


@pytest.fixture(scope="module")
def peer():
    """jsonschema (installed with the dev extras, so in CI): a validator nobody here wrote."""
    import jsonschema
    return jsonschema.Draft202012Validator(json_schema())


def test_the_schema_is_valid_json_schema(peer):
    import jsonschema
    jsonschema.Draft202012Validator.check_schema(json_schema())
    jsonschema.Draft202012Validator.check_schema(coverage_schema())


def test_the_bank_passes_both_validators(peer):
    for path in bank_files():
        data = load_yaml(path)
        assert validate_quiz(data, path) == [], path
        assert not list(peer.iter_errors(data)), f"{path} passes our validator but not jsonschema"


@pytest.mark.parametrize("rule", sorted(BAD_QUESTIONS))
def test_both_validators_reject_each_broken_rule(tmp_path, peer, rule):
    path = write(tmp_path, "title: x\ntopic: y\nquestions:\n" + BAD_QUESTIONS[rule])
    data = load_yaml(path)
    ours, theirs = errors_of(path), list(peer.iter_errors(data))
    assert ours, f"our validator accepts a question with a {rule}"
    assert theirs, f"jsonschema accepts a question with a {rule}: the schema and our validator disagree"
    assert all(error.startswith(f"{path}:") and ": question" in error for error in ours), ours


def test_every_registered_type_is_in_the_schema_with_its_own_keys():
    schema = json_schema()["$defs"]["question"]
    assert schema["properties"]["type"]["enum"] == list(TYPES)
    rules = {rule["if"]["properties"]["type"]["const"]: rule["then"] for rule in schema["allOf"]}
    for name, qtype in TYPES.items():
        assert rules[name]["properties"]["answer"] == qtype.answer_schema
        assert set(rules[name].get("required", [])) == set(qtype.required)
        for key in qtype.keys:
            assert rules[name]["properties"].get(key, True) is not False, f"{name} may use its own key {key!r}"


def test_the_coverage_map_passes_both_validators():
    import jsonschema
    data = load_yaml(COVERAGE_FILE)
    assert validate(data, coverage_schema(), COVERAGE_FILE) == []
    assert not list(jsonschema.Draft202012Validator(coverage_schema()).iter_errors(data))
