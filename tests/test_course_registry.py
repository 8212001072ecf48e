"""The course registry (`course/`): its entries agree with the files they describe, and bad entries are refused."""
from __future__ import annotations

import ast

import pytest

import course
from course import files, markers
from course.model import Exercise, Function
from course.axes import axis_name


def entry(**changes) -> dict:
    base = dict(name="demo", title="Demo", summary="a demo", difficulty=1, minutes=10,
                functions=(Function("f", 1),), lesson="What\n    A demo.\n", hints=("a hint",))
    return {**base, **changes}


@pytest.mark.parametrize("name", course.NAMES)
def test_each_exercise_has_its_files(name):
    written = (files.solution(name), files.stub(name)) if course.get(name).writes_code else ()
    for path in (*written, files.visible_tests(name), files.hidden_suite(name), files.hidden_dir(name) / "catalogue.py"):
        assert path.is_file(), f"{name}: {path} is missing"


@pytest.mark.parametrize("name", [name for name in course.NAMES if not course.get(name).writes_code])
def test_a_given_module_exercise_has_no_model_answer_and_names_its_module(name):
    """The capstone: its functions are the given module's (course code), there is no answer to leak or stub."""
    import importlib

    exercise = course.get(name)
    assert not files.solution(name).exists() and not files.stub(name).exists()
    module = importlib.import_module(exercise.given_module)
    assert all(callable(getattr(module, function.name, None)) for function in exercise.functions)


@pytest.mark.parametrize("name", course.CODED)
def test_functions_and_builds_on_match_the_model_answer(name):
    """The registry lists exactly the functions with solution markers, and `builds_on` exactly the sibling imports."""
    text = files.solution(name).read_text()
    marked = list(dict.fromkeys(region.function for region in markers.regions(text)))
    assert [function.name for function in course.get(name).functions] == marked
    tree = ast.parse(text)
    siblings = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.level == 1}
    assert set(course.get(name).builds_on) == siblings


@pytest.mark.parametrize("name", [name for name in course.NAMES if not course.get(name).writes_code])
def test_a_given_module_builds_on_exactly_the_exercises_it_imports(name):
    """The capstone's `builds_on` is what its course code imports from the learner's modules (`from .x import f`,
    also inside functions): the grader replaces failed functions of exactly those."""
    import importlib.util

    text = open(importlib.util.find_spec(course.get(name).given_module).origin, encoding="utf-8").read()
    siblings = {node.module for node in ast.walk(ast.parse(text)) if isinstance(node, ast.ImportFrom) and node.level == 1}
    assert set(course.get(name).builds_on) == siblings


@pytest.mark.parametrize("name", course.NAMES)
def test_quiz_topics_are_quizzes_of_the_bank(name):
    bank = files.package_dir("quizzes") / "bank"
    missing = [topic for topic in course.get(name).quiz_topics if not (bank / f"{topic}.yaml").is_file()]
    assert not missing, f"{name}: no quiz {missing} in {bank}"


def test_numbers_are_positions_and_order_keys_sort_unknown_names_last():
    assert [course.number(name) for name in course.NAMES] == list(range(1, len(course.NAMES) + 1))
    assert sorted(["zzz", course.NAMES[-1], course.NAMES[0]], key=course.order_key) == \
        [course.NAMES[0], course.NAMES[-1], "zzz"]
    with pytest.raises(ValueError, match="unknown exercise"):
        course.get("nope")


@pytest.mark.parametrize("changes, problem", [
    (dict(name="Bad-Name"), "snake_case"), (dict(difficulty=4), "difficulty"), (dict(minutes=0), "minutes"),
    (dict(functions=()), "functions"), (dict(functions=(Function("f", 0),)), "points"),
    (dict(lesson="unindented body\n"), "lesson line"), (dict(hints=()), "hint"),
    (dict(title="two\nlines"), "one non-empty line"),
])
def test_bad_entries_are_refused_with_the_reason(changes, problem):
    with pytest.raises(ValueError, match=problem):
        Exercise(**entry(**changes))


def test_the_registry_refuses_repeats_and_later_prerequisites():
    first, second = Exercise(**entry(name="a")), Exercise(**entry(name="b", builds_on=("a",)))
    course._check((first, second))
    with pytest.raises(ValueError, match="listed twice"):
        course._check((first, first))
    with pytest.raises(ValueError, match="must come before"):
        course._check((second, first))


def test_the_lesson_text_numbers_and_ladders():
    text = course.lesson_text("softmax")
    assert text.startswith(f"Exercise {course.number('softmax')} · {course.get('softmax').title}")
    assert "\nHints (one at a time)\n    1. " in text


def test_axes_are_named_from_the_right():
    assert axis_name(1, 3, "D") == "axis -2 (D)" and axis_name(-1, 2) == "axis -1"
