"""The quiz file format, stated once as field tables.

``validate_quiz`` checks a loaded file against the tables (reporting ``file:line: message``) and ``json_schema``
renders the same tables as a JSON Schema for editors and documentation (``attn quiz schema``). Unknown keys are
errors, so a typo such as ``hint:`` for ``hints:`` is caught.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from .loader import QuizFileError, line_of

QUESTION_TYPES = ("integer", "numeric", "choice", "multi_choice", "text", "symbolic", "big_o", "shape")
ID_PATTERN = r"^[a-z0-9][a-z0-9_-]*$"
SEEDS = ("000", "001", "002", "003", "004", "contract")

_PY_TYPES = {"string": (str,), "integer": (int,), "number": (int, float), "array": (list,), "object": (dict,),
             "boolean": (bool,)}


@dataclass(frozen=True)
class Field:
    """One key of a mapping: allowed JSON types, whether it is required, and what its items must be."""
    types: tuple[str, ...]
    description: str
    required: bool = False
    items: str | None = None  # JSON type of every array item / object value


QUIZ_FIELDS = {
    "title": Field(("string",), "shown in `attn quiz list`", required=True),
    "topic": Field(("string",), "one line: what the quiz covers", required=True),
    "attempts": Field(("integer",), "tries per question before the answer is shown (default 2)"),
    "questions": Field(("array",), "the questions, in order", required=True, items="object"),
}

QUESTION_FIELDS = {
    "id": Field(("string",), "stable identifier, unique in the quiz (progress is stored under it)", required=True),
    "type": Field(("string",), "one of " + ", ".join(QUESTION_TYPES), required=True),
    "prompt": Field(("string",), "the question; {name} is replaced by the variant's parameter", required=True),
    "answer": Field(("string", "integer", "number", "array"),
                    "the right answer; an expression in the params for computed answers", required=True),
    "accept": Field(("array",), "other answers that are also right (regexes for text questions)"),
    "misconceptions": Field(("object",), "likely wrong answer -> feedback explaining the mistake", items="string"),
    "explanation": Field(("string",), "shown after the question is answered", required=True),
    "hints": Field(("array",), "shown one at a time on request or after a wrong try", items="string"),
    "source": Field(("string",), "seed note and section: '000 Part II', '004 scaling table', 'contract §6'",
                    required=True),
    "params": Field(("object",), "name -> list of values; each learner gets one seeded combination",
                    items="array"),
    "check": Field(("object",), "how `attn quiz lint` recomputes the answer from the reference"),
    "tags": Field(("array",), "free labels; 'spec' marks answers that must have a check", items="string"),
    "choices": Field(("array",), "choice/multi_choice: the options (shown shuffled)", items="string"),
    "tolerance": Field(("object",), "numeric: {abs: x} and/or {rel: y}", items="number"),
    "symbols": Field(("array",), "symbolic/big_o/shape: the symbol names learners may use", items="string"),
}

TYPE_FIELDS = {  # fields that only some types may (and then must) have
    "choices": ("choice", "multi_choice"),
    "tolerance": ("numeric",),
    "symbols": ("symbolic", "big_o", "shape"),
}
REQUIRED_BY_TYPE = {"choice": ("choices",), "multi_choice": ("choices",), "numeric": ("tolerance",)}
ANSWER_TYPES = {"integer": ("integer", "string"), "numeric": ("number", "string"), "choice": ("string",),
                "multi_choice": ("array",), "text": ("string",), "symbolic": ("string",), "big_o": ("string",),
                "shape": ("string",)}

CHECK_FIELDS = {
    "config": Field(("string",), "a name in reference.configs.CONFIGS; `value` is computed from its fields"),
    "module": Field(("string",), "a torch.nn.* or reference.* class; its parameters are counted (meta device)"),
    "call": Field(("string",), "a reference.* function; the shape of its result is compared"),
    "value": Field(("string", "integer"), "config: expression in the config's fields and `parameters`"),
    "args": Field(("array", "object"), "module: constructor arguments; call: name -> argument spec"),
    "kwargs": Field(("object",), "module: keyword arguments of the constructor"),
    "output": Field(("integer",), "call: index of the result to compare when the function returns a tuple"),
    "sizes": Field(("object",), "numbers for the question's symbols, used by args and the answer",
                   items="integer"),
}
CHECK_KINDS = ("config", "module", "call")
TOLERANCE_KEYS = ("abs", "rel")


def _type_name(value: object) -> str:
    for name in ("boolean", "integer", "number", "string", "array", "object"):
        if isinstance(value, _PY_TYPES[name]):
            return name
    return "null" if value is None else type(value).__name__


def _is(value: object, json_type: str) -> bool:
    return _type_name(value) == json_type or (json_type == "number" and _type_name(value) == "integer")


def _check_fields(mapping: dict, fields: dict[str, Field], where: str, path: Path,
                  errors: list[QuizFileError]) -> None:
    for key in mapping:
        if key not in fields:
            close = [name for name in fields if name.startswith(str(key)[:3])]
            suggestion = f" (did you mean {close[0]!r}?)" if close else ""
            errors.append(QuizFileError(path, line_of(mapping, key), f"{where}unknown key {key!r}{suggestion}"))
    for key, field in fields.items():
        if key not in mapping:
            if field.required:
                errors.append(QuizFileError(path, line_of(mapping), f"{where}missing required key {key!r}"))
            continue
        value = mapping[key]
        if not any(_is(value, t) for t in field.types):
            errors.append(QuizFileError(path, line_of(mapping, key), f"{where}{key!r} must be "
                                        f"{' or '.join(field.types)}, got {_type_name(value)}"))
        elif field.items and isinstance(value, (list, dict)):
            items = value.items() if isinstance(value, dict) else enumerate(value)
            for item_key, item in items:
                if not _is(item, field.items):
                    errors.append(QuizFileError(path, line_of(value, item_key), f"{where}every item of {key!r} "
                                                f"must be {field.items}, got {_type_name(item)}"))


def validate_question(question: object, index: int, path: Path) -> list[QuizFileError]:
    """Schema errors of one question mapping."""
    errors: list[QuizFileError] = []
    if not isinstance(question, dict):
        return [QuizFileError(path, 1, f"question #{index + 1} must be a mapping")]
    qid = question.get("id")
    where = f"question {qid!r}: " if isinstance(qid, str) else f"question #{index + 1}: "
    _check_fields(question, QUESTION_FIELDS, where, path, errors)
    if isinstance(qid, str) and not re.match(ID_PATTERN, qid):
        errors.append(QuizFileError(path, line_of(question, "id"), f"{where}id must match {ID_PATTERN}"))
    qtype = question.get("type")
    if qtype not in QUESTION_TYPES:
        if "type" in question:
            errors.append(QuizFileError(path, line_of(question, "type"), f"{where}type must be one of "
                                        f"{', '.join(QUESTION_TYPES)}, got {qtype!r}"))
        return errors
    for key, types in TYPE_FIELDS.items():
        if key in question and qtype not in types:
            errors.append(QuizFileError(path, line_of(question, key), f"{where}{key!r} is not used by {qtype} "
                                        "questions"))
    for key in REQUIRED_BY_TYPE.get(qtype, ()):
        if key not in question:
            errors.append(QuizFileError(path, line_of(question), f"{where}{qtype} questions need {key!r}"))
    if "answer" in question and not any(_is(question["answer"], t) for t in ANSWER_TYPES[qtype]):
        errors.append(QuizFileError(path, line_of(question, "answer"), f"{where}the answer of a {qtype} question "
                                    f"must be {' or '.join(ANSWER_TYPES[qtype])}"))
    tolerance = question.get("tolerance")
    if isinstance(tolerance, dict):
        _check_fields(tolerance, {k: Field(("number",), k) for k in TOLERANCE_KEYS}, where, path, errors)
        if not tolerance:
            errors.append(QuizFileError(path, line_of(question, "tolerance"), f"{where}tolerance needs abs or rel"))
    check = question.get("check")
    if isinstance(check, dict):
        _check_fields(check, CHECK_FIELDS, f"{where}check: ", path, errors)
        kinds = [kind for kind in CHECK_KINDS if kind in check]
        if len(kinds) != 1:
            errors.append(QuizFileError(path, line_of(question, "check"), f"{where}check needs exactly one of "
                                        f"{', '.join(CHECK_KINDS)}"))
    source = question.get("source")
    if isinstance(source, str) and not source.split(" ")[0] in SEEDS:
        errors.append(QuizFileError(path, line_of(question, "source"), f"{where}source must start with one of "
                                    f"{', '.join(SEEDS)} (the seed note), then the section"))
    return errors


def validate_quiz(data: object, path: str | Path) -> list[QuizFileError]:
    """All schema errors of a loaded quiz file (empty when it is well formed)."""
    path = Path(path)
    if not isinstance(data, dict):
        return [QuizFileError(path, 1, "a quiz file must be a mapping with title, topic and questions")]
    errors: list[QuizFileError] = []
    _check_fields(data, QUIZ_FIELDS, "", path, errors)
    for index, question in enumerate(data.get("questions") or []):
        if isinstance(data.get("questions"), list):
            errors += validate_question(question, index, path)
    return errors


def _field_schema(field: Field) -> dict:
    schema: dict = {"description": field.description}
    schema["type"] = list(field.types) if len(field.types) > 1 else field.types[0]
    if field.items and "array" in field.types:
        schema["items"] = {"type": field.items}
    if field.items and "object" in field.types:
        schema["additionalProperties"] = {"type": field.items}
    return schema


def _object_schema(fields: dict[str, Field]) -> dict:
    return {"type": "object", "additionalProperties": False,
            "properties": {name: _field_schema(field) for name, field in fields.items()},
            "required": [name for name, field in fields.items() if field.required]}


def json_schema() -> dict:
    """The format as a JSON Schema (draft 2020-12), generated from the tables above."""
    question = _object_schema(QUESTION_FIELDS)
    question["properties"]["id"]["pattern"] = ID_PATTERN
    question["properties"]["type"]["enum"] = list(QUESTION_TYPES)
    question["properties"]["source"]["pattern"] = "^(" + "|".join(SEEDS) + ")( |$)"
    question["properties"]["tolerance"] = {**_object_schema({k: Field(("number",), k) for k in TOLERANCE_KEYS}),
                                           "minProperties": 1, "description": QUESTION_FIELDS["tolerance"].description}
    question["properties"]["check"] = {**_object_schema(CHECK_FIELDS),
                                       "oneOf": [{"required": [kind]} for kind in CHECK_KINDS]}
    rules = []
    for qtype in QUESTION_TYPES:
        then: dict = {"properties": {"answer": {"type": list(ANSWER_TYPES[qtype])}}}
        then["required"] = list(REQUIRED_BY_TYPE.get(qtype, ()))
        forbidden = [key for key, types in TYPE_FIELDS.items() if qtype not in types]
        then["not"] = {"anyOf": [{"required": [key]} for key in forbidden]}
        rules.append({"if": {"properties": {"type": {"const": qtype}}}, "then": then})
    question["allOf"] = rules
    quiz = _object_schema(QUIZ_FIELDS)
    quiz["properties"]["questions"]["items"] = {"$ref": "#/$defs/question"}
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "attn quiz file",
            **quiz, "$defs": {"question": question}}
