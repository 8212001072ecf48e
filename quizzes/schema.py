"""The quiz file format as one JSON Schema, and the one validator the loader and lint both use.

``json_schema()`` builds the schema (draft 2020-12) from the common keys below and, for each registered question
type, its own keys and the JSON type of its answer. ``attn quiz schema`` prints it for editors. ``validate_quiz``
checks a loaded file against it with a small interpreter of the keywords the schema uses, so every problem is
reported as ``file:line: message`` in words an author understands; the tests check that the ``jsonschema``
package reaches the same verdicts. Unknown keys are errors, so a typo such as ``hint:`` for ``hints:`` is caught.
"""
from __future__ import annotations

import functools
import re
from pathlib import Path

from .loader import QuizFileError, line_of
from .question_types import TYPES

ID_PATTERN = r"^[a-z0-9][a-z0-9_-]*$"
SEEDS = ("000", "001", "002", "003", "004", "contract")
CHECK_KINDS = ("config", "module", "call", "formula")
MEASURES = ("shape", "numel", "count", "item", "column-sum", "len")

_STRING = {"type": "string"}
_STRINGS = {"type": "array", "items": _STRING}

QUIZ_KEYS = {
    "title": {"type": "string", "description": "shown in `attn quiz list`"},
    "topic": {"type": "string", "description": "one line: what the quiz covers"},
    "attempts": {"type": "integer", "description": "tries per question before the answer is shown (default 2)"},
    "questions": {"type": "array", "description": "the questions, in order"},
}

QUESTION_KEYS = {
    "id": {"type": "string", "pattern": ID_PATTERN, "x-message": f"id must match {ID_PATTERN}",
           "description": "stable identifier, unique in the quiz (progress is stored under it)"},
    "type": {"type": "string", "description": "the question type"},
    "prompt": {"type": "string", "description": "the question; {name} is replaced by the variant's parameter"},
    "answer": {"description": "the right answer; an expression in the params for computed answers"},
    "accept": {"type": "array", "description": "other answers that are also right (regexes for text questions)"},
    "misconceptions": {"type": "object", "additionalProperties": _STRING,
                       "description": "likely wrong answer (or option) -> feedback explaining the mistake"},
    "explanation": {"type": "string", "description": "shown after the question is answered"},
    "hints": {**_STRINGS, "description": "shown one at a time on request or after a wrong try"},
    "source": {"type": "string", "pattern": "^(" + "|".join(SEEDS) + ")( |$)",
               "x-message": f"source must start with one of {', '.join(SEEDS)} (the seed note), then the section",
               "description": "seed note and section: '000 Part II', '004 scaling table', 'contract §6'"},
    "params": {"type": "object", "description": "name -> list of numbers; each attempt draws one combination",
               "additionalProperties": {"type": "array", "minItems": 1, "items": {"type": "number"}}},
    "check": {"$ref": "#/$defs/check"},
    "tags": {**_STRINGS, "description": "free labels; 'spec' (a published size) and 'example' (a worked example's "
                                        "fixed data) exempt a computed answer from params"},
    "verbatim": {"type": "string", "description": "this item reproduces data of the notes that cannot be said "
                                                  "otherwise (a table, a worked corpus): say which"},
}
REQUIRED = ("id", "type", "prompt", "answer", "explanation", "source")

CHECK_KEYS = {
    "config": {"type": "string", "description": "a name in reference.configs.CONFIGS; `value` uses its fields"},
    "module": {"type": "string", "description": "a torch.nn.* or reference.* class; its parameters are counted"},
    "call": {"type": "string", "description": "a reference.* function; its result is measured"},
    "formula": {"type": ["string", "integer", "number"],
                "description": "a self-contained formula in the params, for what the reference lacks yet"},
    "value": {"type": ["string", "integer", "number"],
              "description": "config: expression in its fields and `parameters`; module and call: in `result` "
                       "(the count or measurement) and the params"},
    "args": {"type": ["array", "object"], "description": "module: constructor arguments; call: name -> argument"},
    "kwargs": {"type": "object", "description": "module: keyword arguments of the constructor"},
    "output": {"type": "integer", "description": "call: which element of a returned tuple to measure"},
    "parameter": {"type": "string", "description": "module: the parameter whose shape is compared (e.g. weight)"},
    "index": {"type": "array", "items": {"type": ["integer", "string"]},
              "description": "call: the element to measure (numbers or expressions in the params)"},
    "measure": {"type": "string", "enum": list(MEASURES), "description": "call: what to take of the result "
                "(default: its shape for shape questions, else its only element)"},
    "sizes": {"type": "object", "additionalProperties": {"type": "integer"},
              "description": "numbers for the question's symbols, used by args and the answer"},
    "note": {"type": "string", "description": "formula: the reference function that should check this later"},
}


@functools.lru_cache(maxsize=1)
def json_schema() -> dict:
    """The format as a JSON Schema (draft 2020-12), built from the keys above and the registered types."""
    type_keys: dict[str, dict] = {}
    for qtype in TYPES.values():
        for key, schema in qtype.keys.items():
            if type_keys.setdefault(key, schema) != schema:
                raise ValueError(f"two question types define {key!r} differently")
    question = {"type": "object", "x-where": "question", "additionalProperties": False,
                "properties": {**QUESTION_KEYS, **type_keys}, "required": list(REQUIRED)}
    question["properties"]["type"] = {**QUESTION_KEYS["type"], "enum": list(TYPES)}
    rules = []
    for name, qtype in TYPES.items():
        then: dict = {"properties": {"answer": qtype.answer_schema}}
        then["properties"].update({key: False for key in type_keys if key not in qtype.keys})
        if qtype.required:
            then["required"] = list(qtype.required)
        rules.append({"if": {"properties": {"type": {"const": name}}, "required": ["type"]}, "then": then})
    question["allOf"] = rules
    check = {"type": "object", "additionalProperties": False, "properties": CHECK_KEYS,
             "oneOf": [{"required": [kind]} for kind in CHECK_KINDS],
             "x-message": f"needs exactly one of {', '.join(CHECK_KINDS)}"}
    quiz = {"type": "object", "additionalProperties": False, "properties": dict(QUIZ_KEYS),
            "required": ["title", "topic", "questions"]}
    quiz["properties"]["questions"] = {**QUIZ_KEYS["questions"], "items": {"$ref": "#/$defs/question"}}
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "attn quiz file", **quiz,
            "$defs": {"question": question, "check": check}}


_ITEM_KEYS = {"type": "array", "minItems": 1,
              "items": {"type": "string", "pattern": r"^[a-z0-9][a-z0-9_-]*/[a-z0-9][a-z0-9_-]*$",
                        "x-message": "items are named quiz/id"}}


@functools.lru_cache(maxsize=1)
def coverage_schema() -> dict:
    """The schema of the coverage map (``bank/_coverage.yaml``): which items cover each checklist point and drill."""
    def entry(name: str, schema: dict) -> dict:
        return {"type": "object", "additionalProperties": False, "required": [name, "about", "parts", "computed"],
                "properties": {name: schema, "about": {"type": "string"},
                               "parts": {"type": "object", "minProperties": 1, "additionalProperties": _ITEM_KEYS},
                               "computed": _ITEM_KEYS}}
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "attn quiz coverage map",
            "type": "object", "additionalProperties": False, "required": ["checklist", "drills"],
            "properties": {
                "checklist": {"type": "array", "items": entry("point", {"type": "integer"})},
                "drills": {"type": "array", "items": entry("drill", {"type": "string", "pattern": r"^§\d+ D\d+$",
                                                                   "x-message": "drills are named like §3 D2"})}}}


# ---------------------------------------------------------------------------------------------- the validator

_JSON_TYPES = ("boolean", "integer", "number", "string", "array", "object")


def _type_name(value: object) -> str:
    if isinstance(value, bool):
        return "boolean"
    for name, types in (("integer", int), ("number", float), ("string", str), ("array", list), ("object", dict)):
        if isinstance(value, types):
            return name
    return "null" if value is None else type(value).__name__


def _is(value: object, json_type: str) -> bool:
    found = _type_name(value)
    return found == json_type or (json_type == "number" and found == "integer")


class _Validator:
    """Interprets the keywords ``json_schema`` uses: type, enum, const, pattern, properties, required,
    additionalProperties, items, minItems, minProperties, oneOf, allOf of if/then rules, $ref and false schemas.
    ``x-message`` (ignored by other validators) words an error for authors; ``x-where`` marks a question."""

    def __init__(self, root: dict, path: Path):
        self.root, self.path = root, path
        self.errors: list[QuizFileError] = []

    def error(self, container: object, key: object, message: str) -> None:
        self.errors.append(QuizFileError(self.path, line_of(container, key), message))

    def resolve(self, schema: dict) -> dict:
        while isinstance(schema, dict) and "$ref" in schema:
            schema = self.root["$defs"][schema["$ref"].rsplit("/", 1)[1]]
        return schema

    def passes(self, value: object, schema: dict) -> bool:
        """Whether ``value`` is valid, without recording anything."""
        probe = _Validator(self.root, self.path)
        probe.value(value, schema, "", None, None, "")
        return not probe.errors

    def value(self, value: object, schema: dict | bool, where: str, container: object, key: object,
              label: str, context: str = "") -> None:
        """Check one value; ``container[key]`` locates it, ``label`` names it in messages."""
        schema = self.resolve(schema)
        if schema is False:
            self.error(container, key, f"{where}{label} is not used by {context} questions")
            return
        types = schema.get("type")
        if types is not None:
            types = [types] if isinstance(types, str) else types
            if not any(_is(value, t) for t in types):
                self.error(container, key, f"{where}{label} must be {' or '.join(types)}, got {_type_name(value)}")
                return
        if "enum" in schema and value not in schema["enum"]:
            self.error(container, key, f"{where}{label.strip(chr(39))} must be one of "
                                       f"{', '.join(map(str, schema['enum']))}, got {value!r}")
        if "const" in schema and value != schema["const"]:
            self.error(container, key, f"{where}{label} must be {schema['const']!r}")
        if "pattern" in schema and isinstance(value, str) and not re.search(schema["pattern"], value):
            self.error(container, key, where + schema.get("x-message", f"{label} must match {schema['pattern']}"))
        if isinstance(value, list):
            self.array(value, schema, where, container, key, label)
        if isinstance(value, dict):
            if schema.get("x-where") == "question":
                qid = value.get("id")
                where = f"question {qid!r}: " if isinstance(qid, str) else f"{label}: "
            elif where and "properties" in schema:
                where = f"{where}{label.strip(chr(39))}: "
            self.mapping(value, schema, where, context)

    def array(self, value: list, schema: dict, where: str, container: object, key: object, label: str) -> None:
        if len(value) < schema.get("minItems", 0):
            self.error(container, key, f"{where}{label} must have at least {schema['minItems']} item(s)")
        items = schema.get("items")
        if items is not None:
            for index, item in enumerate(value):
                self.value(item, items, where, value, index, f"item {index + 1} of {label}")

    def mapping(self, value: dict, schema: dict, where: str, context: str) -> None:
        """The object keywords, and the rules (allOf, if/then, oneOf) that apply to the same mapping."""
        properties = schema.get("properties", {})
        extra = schema.get("additionalProperties", True)
        for key in value:
            if key in properties:
                self.value(value[key], properties[key], where, value, key, repr(key), context)
            elif extra is False:
                close = [name for name in properties if name.startswith(str(key)[:3])]
                suggestion = f" (did you mean {close[0]!r}?)" if close else ""
                self.error(value, key, f"{where}unknown key {key!r}{suggestion}")
            elif isinstance(extra, dict):
                self.value(value[key], extra, where, value, key, f"the value of {key!r}")
        for key in schema.get("required", ()):
            if key not in value:
                message = f"{context} questions need {key!r}" if context else f"missing required key {key!r}"
                self.error(value, None, where + message)
        if len(value) < schema.get("minProperties", 0):
            self.error(value, None, where + schema.get("x-message", f"needs at least {schema['minProperties']} key(s)"))
        for rule in schema.get("allOf", ()):
            condition = rule["if"]
            if self.passes(value, condition):
                const = next(s["const"] for s in condition["properties"].values() if "const" in s)
                self.mapping(value, rule["then"], where, str(const))
        if "oneOf" in schema and sum(self.passes(value, branch) for branch in schema["oneOf"]) != 1:
            self.error(value, None, where + schema.get("x-message", "must match exactly one of its forms"))


def validate(data: object, schema: dict, path: str | Path) -> list[QuizFileError]:
    """All errors of ``data`` (loaded from ``path``) against ``schema``, in file order."""
    validator = _Validator(schema, Path(path))
    validator.value(data, schema, "", data, None, "")
    return sorted(validator.errors, key=lambda error: error.line)


def validate_quiz(data: object, path: str | Path) -> list[QuizFileError]:
    """All schema errors of a loaded quiz file (empty when it is well formed), in file order."""
    if not isinstance(data, dict):
        return [QuizFileError(path, 1, "a quiz file must be a mapping with title, topic and questions")]
    return validate(data, json_schema(), path)
