"""Grading each question type: right answers, wrong ones, misconception feedback, unreadable input."""
from __future__ import annotations

from pathlib import Path

import pytest

from quizzes.expressions import FormatError, parse_expression
from quizzes.question_types import same_order
from quizzes.model import Question, load_quiz

MINI = load_quiz(Path(__file__).parent / "data" / "mini.yaml")


def variant(qid: str, seed: str = "tester"):
    return MINI.question(qid).variant(seed)


def test_variant_is_stable_per_seed_and_answer_follows_params():
    first, again = variant("tokens", "ada"), variant("tokens", "ada")
    assert first.params == again.params, "the same learner must see the same variant again"
    seen = {variant("tokens", f"user{i}").params["S"] for i in range(40)}
    assert seen == {224, 384}, "different seeds should reach both variants"
    for v in MINI.question("tokens").all_variants():
        expected = (v.params["S"] // 16) ** 2 + 1
        assert v.grade(str(expected)).correct, "the answer must be computed from the variant's params"


def test_integer_accepts_digit_groups_and_arithmetic_and_reports_misconception():
    v = MINI.question("tokens").all_variants()[0]  # S = 224
    assert v.grade("197").correct and v.grade("(224/16)^2 + 1").correct
    outcome = v.grade("196")
    assert not outcome.correct and "[CLS]" in outcome.feedback
    with pytest.raises(FormatError):
        v.grade("one hundred")


def test_numeric_reads_suffixes_and_respects_tolerance():
    v = variant("gpt3")
    for text in ("175B", "175 billion", "1.75e11", "175,000,000,000", "174.9e9"):
        assert v.grade(text).correct, f"{text!r} is within 1% of 175e9"
    assert not v.grade("150B").correct


def test_shape_is_compared_rank_first_then_by_dimension():
    v = variant("scores")
    assert v.grade("N_k × N_q").correct and v.grade("(N_k, N_q)").correct
    assert "Rows are keys" in v.grade("(N_q, N_k)").feedback
    assert v.grade("(N_k, N_q, 1)").feedback == "Your shape has 3 dimensions; the answer has 2."
    assert "dimension 2" in v.grade("(N_k, N_k)").feedback


@pytest.mark.parametrize("text,right", [("O(N^2 D)", True), ("D N^2", True), ("3 N^2 D + N D", True),
                                        ("N^2", False), ("N^2 D + N D^2", False), ("N^3 D", False),
                                        ("N D", False)])
def test_big_o_compares_growth_in_every_symbol(text, right):
    assert variant("cost").grade(text).correct is right


def test_same_order_needs_each_symbol_and_all_together():
    f = parse_expression("N^2 D + N D^2", ("N", "D"))
    g = parse_expression("N^2 D", ("N", "D"))
    assert not same_order(f, g, ("N", "D")), "D could grow faster than N; N D² is not dominated"
    assert same_order(g, 5 * g, ("N", "D")), "constant factors do not matter"


def test_choice_by_letter_number_or_text_and_misconception():
    v = variant("mixer")
    letter = "abc"[v.choices.index("attention")]
    number = str(v.choices.index("attention") + 1)
    assert v.grade(letter).correct and v.grade(number).correct and v.grade("Attention").correct
    wrong = "abc"[v.choices.index("MLP")]
    assert v.grade(wrong).feedback == "The MLP works per token."
    with pytest.raises(FormatError):
        v.grade("z")


def test_multi_choice_needs_exactly_the_right_set():
    v = variant("encoders")
    letters = {c: "abc"[i] for i, c in enumerate(v.choices)}
    assert v.grade(f"{letters['BERT']}, {letters['ViT']}").correct
    assert v.grade(letters["ViT"] + letters["BERT"]).correct
    assert not v.grade(letters["BERT"]).correct and not v.grade("ViT").correct, "a subset is not enough"


def test_text_is_normalised_and_accepts_regex_alternatives():
    v = variant("bpe")
    assert v.grade("  Byte   Pair Encoding. ").correct and v.grade("BPE").correct
    assert not v.grade("wordpiece").correct
    with pytest.raises(FormatError):
        v.grade("   ")


def test_symbolic_is_equality_after_simplification():
    v = variant("mha")
    assert v.grade("4D(D+1)").correct and v.grade("4*D**2+4*D").correct
    assert v.grade("4D^2").feedback == "Biases!"


def test_answer_text_is_readable_back():
    for question in MINI.questions:
        if question.type in {"multi_choice", "text"}:
            continue
        v = question.variant("x")
        assert v.grade(v.answer_text()).correct, f"{question.id}: the shown answer must grade right"


def test_choice_order_is_shuffled_per_learner():
    orders = {variant("mixer", f"u{i}").choices for i in range(30)}
    assert len(orders) > 1, "choices should be shuffled (seeded per learner)"


def test_question_key_names_quiz_and_id():
    assert isinstance(MINI.question("mha"), Question) and MINI.question("mha").key == "mini/mha"
