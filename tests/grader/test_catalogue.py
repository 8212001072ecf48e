"""The misconception catalogue's shape (fast, no sandbox): enough variants, unique names, contract signatures, one
source per variant that runs in the grader and differs from the reference where it should."""
import inspect

import pytest
import torch

import course
from grader import catalogue


def test_every_exercise_has_enough_variants():
    assert len(catalogue.variants(correct=False)) >= 150
    assert len(catalogue.variants(correct=True)) >= 70
    for exercise in course.CODED:  # the capstone has no function of its own to get wrong
        assert len(catalogue.variants(exercise, correct=False)) >= 3, exercise
        assert len(catalogue.variants(exercise, correct=True)) >= 2, exercise


def test_names_are_unique_and_explanations_say_something():
    from grader.diagnose import GENERIC

    names = [variant.name for variant in catalogue.variants()]
    assert len(names) == len(set(names))
    assert not GENERIC & set(names), "a catalogue name collides with a generic diagnosis"
    for variant in catalogue.variants(correct=False):
        assert variant.name.isidentifier() and variant.name.islower()
        assert len(variant.explanation.split()) >= 12, f"{variant.label}: explanation too short to teach anything"


def test_every_structural_and_clause_diagnosis_is_generic():
    """What the probes find and what a failed clause says are not catalogue mistakes: the report's hint must not call
    them "the known mistake", and the class report must not count them as misconceptions."""
    import re
    from pathlib import Path

    from grader.clauses import CLAUSE_DIAGNOSES
    from grader.diagnose import GENERIC

    source = (Path(catalogue.__file__).parent / "probes.py").read_text()
    found = set(re.findall(r'return "([a-z_0-9]+)", \(', source)) | set(re.findall(r'^\s+"([a-z_0-9]+)", \(', source, re.M))
    found |= {name for name, _ in CLAUSE_DIAGNOSES.values()}
    assert len(found) > 40 and not found - GENERIC, sorted(found - GENERIC)


@pytest.mark.parametrize("variant", catalogue.variants(), ids=lambda v: v.label)
def test_variant_has_the_contract_signature(variant):
    assert variant.function in {function.name for function in course.get(variant.exercise).functions}
    from importlib import import_module

    solution = getattr(import_module(f"solutions.{variant.exercise}"), variant.function)
    mine = getattr(catalogue.load(variant), variant.function)
    assert list(inspect.signature(mine).parameters) == list(inspect.signature(solution).parameters)


def test_overlay_is_the_single_source_renamed():
    variant = next(v for v in catalogue.variants("softmax") if v.name == "softmax_over_rows")
    overlay = catalogue.overlay_source(variant)
    assert "def softmax_cols(scores)" in overlay and "softmax_over_rows" not in overlay
    module = catalogue.submission_module("X = 1\n", variant)
    namespace: dict = {}
    exec(compile(module, "<learner>", "exec"), namespace)
    scores = torch.randn(3, 4)
    assert torch.allclose(namespace["softmax_cols"](scores), torch.softmax(scores, dim=-1))


def test_loaded_variant_replaces_calls_inside_its_module():
    """self_attention of the loaded module calls the variant's scaled_dot_product_attention, as a learner's would."""
    variant = next(v for v in catalogue.variants("attention") if v.name == "no_scaling")
    module = catalogue.load(variant)
    gen = torch.Generator().manual_seed(0)
    X = torch.randn(4, 5, generator=gen)
    W = [torch.randn(4, 4, generator=gen) if i % 2 == 0 else torch.zeros(4) for i in range(6)]
    _, weights = module.self_attention(X, *W)
    Q, K = W[0] @ X, W[2] @ X
    assert torch.allclose(weights, torch.softmax(K.T @ Q, dim=0), atol=1e-6)


def test_overlay_imports_what_a_learners_module_would():
    """A variant calling an earlier exercise's function gets the relative import a learner's module has; functions of
    its own exercise need none (the learner's module defines them)."""
    variant = next(v for v in catalogue.variants("multihead") if v.name == "output_projection_forgotten")
    assert catalogue.sibling_imports(variant) == ["from .attention import scaled_dot_product_attention"]
    own = next(v for v in catalogue.variants("bpe", correct=False) if "merge_pair" in v.source)
    assert catalogue.sibling_imports(own) == []


def test_a_catalogue_that_does_not_import_fails_loudly(monkeypatch):
    """A broken catalogue module is an error, never a variant silently left out."""
    import sys

    monkeypatch.setitem(sys.modules, "grader.exercises.softmax.catalogue", None)  # import of it raises
    with pytest.raises(ImportError):
        catalogue.variants("softmax")
