"""Load YAML keeping line numbers, so every problem in a quiz file is reported as ``file:line: message``."""
from __future__ import annotations

from pathlib import Path

import yaml


class QuizFileError(ValueError):
    """A problem in a quiz file, located by file and (1-based) line."""

    def __init__(self, path: str | Path, line: int, message: str):
        super().__init__(f"{path}:{line}: {message}")
        self.path, self.line, self.message = str(path), line, message


class LineDict(dict):
    """A mapping from YAML that remembers its own line and the line of each key."""
    line: int = 0
    key_lines: dict


class LineList(list):
    """A sequence from YAML that remembers its own line and the line of each item."""
    line: int = 0
    item_lines: list


class _LineLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
    """SafeLoader (libyaml's C parser when present: several times faster) whose mappings and sequences carry line
    numbers and which rejects duplicate keys."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> LineDict:
        mapping = LineDict()
        mapping.line, mapping.key_lines = node.start_mark.line + 1, {}
        for key_node, value_node in node.value:
            key = self.construct_object(key_node, deep=True)
            if key in mapping:
                raise yaml.constructor.ConstructorError(
                    None, None, f"duplicate key {key!r} (first on line {mapping.key_lines[key]})",
                    key_node.start_mark)
            mapping[key] = self.construct_object(value_node, deep=True)
            mapping.key_lines[key] = key_node.start_mark.line + 1
        return mapping

    def construct_sequence(self, node: yaml.SequenceNode, deep: bool = False) -> LineList:
        sequence = LineList(self.construct_object(child, deep=True) for child in node.value)
        sequence.line, sequence.item_lines = node.start_mark.line + 1, [c.start_mark.line + 1 for c in node.value]
        return sequence


_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _LineLoader.construct_mapping)
_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _LineLoader.construct_sequence)


def load_yaml(path: str | Path) -> object:
    """Parse ``path``; YAML syntax errors become ``QuizFileError`` naming the file and line."""
    text = Path(path).read_text(encoding="utf-8")
    try:
        return yaml.load(text, Loader=_LineLoader)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line = mark.line + 1 if mark else 1
        raise QuizFileError(path, line, f"invalid YAML: {error.problem or error}") from None


def line_of(container: object, key: object = None) -> int:
    """The line of ``container[key]`` (or of the container itself when ``key`` is None or unknown)."""
    if isinstance(container, LineDict) and key in container.key_lines:
        return container.key_lines[key]
    if isinstance(container, LineList) and isinstance(key, int) and 0 <= key < len(container.item_lines):
        return container.item_lines[key]
    return getattr(container, "line", 1)
