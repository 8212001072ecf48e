"""Hidden checks of the exercise 'imagegpt': each compares the learner with a trusted implementation.

The starter check compares with the model answer; once `reference/imagegpt.py` holds the library's version, drop the
`reference=` argument so that the learner is judged against the reference, as in every other exercise.
"""
import pytest

import solutions.imagegpt as model_answer
from grader.judge import Judge, Tolerance, generator, randn


@pytest.mark.grades("quantize_pixels")
def test_quantize_pixels_random_inputs(learner):
    """Random float32 inputs of a few shapes give the expected result."""
    gen = generator(1)
    with Judge(learner, "imagegpt", reference=model_answer) as judge:
        for shape in [(3, 4), (2, 5, 1)]:
            judge.expect("quantize_pixels", randn(gen, *shape), tol=Tolerance.float32(16))
