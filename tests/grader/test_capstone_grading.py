"""The capstone's composition checks catch parts that go wrong together, and say where.

The planted case: a multi_head_attention that detaches its weights (`value.detach()` on every parameter) computes
the right values and the right gradients for its inputs, but no gradient reaches the attention weights of any model
built from it, so no model could learn them. Its own exercise's gradients clause (autograd reaches every weight)
fails it; the capstone then replaces it by a correct one (a mistake costs once) and passes, and under strict
composition, with the learner's own functions throughout, fails and names it.
"""
import shutil
from pathlib import Path

import pytest

from grader.api import grade

pytestmark = pytest.mark.slow
SOLUTIONS = Path(__file__).resolve().parents[2] / "solutions"
DETACH = "    params = {name: value.detach() for name, value in params.items()}  # right values, no gradient\n"


def detaching_submission(folder: Path) -> Path:
    folder.mkdir()
    for module in SOLUTIONS.glob("*.py"):
        shutil.copy(module, folder / module.name)
    text = (folder / "multihead.py").read_text()
    anchor = '    Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)'
    assert anchor in text, "the planted bug no longer applies to solutions/multihead.py"
    (folder / "multihead.py").write_text(text.replace(anchor, DETACH + anchor))
    return folder


def test_weights_cut_from_autograd_fail_their_exercise_once_and_the_strict_capstone_locates_them(tmp_path):
    submission = detaching_submission(tmp_path / "sub")
    report = grade(submission, exercises=["multihead", "capstone"])
    multihead = {check.id: check for check in report.checks if check.exercise == "multihead" and not check.passed}
    # the two checks that backpropagate through multi_head_attention: the gradients clause and structured_tokens
    assert set(multihead) == {"multihead::test_clause_multi_head_attention_gradients",
                              "multihead::test_clause_multi_head_attention_structured_tokens"}, sorted(multihead)
    for check in multihead.values():
        assert check.diagnosis.startswith("weights_cut_from_autograd:"), check.diagnosis
    capstone = [check for check in report.checks if check.exercise == "capstone"]
    assert capstone and all(check.passed and "multihead.multi_head_attention" in check.substituted
                            for check in capstone), "the mistake costs its points in multihead only"

    report = grade(submission, exercises=["multihead", "capstone"], strict_composition=True)
    failed = {check.id: check for check in report.checks if check.exercise == "capstone" and not check.passed}
    assert set(failed) == {f"capstone::test_{model}_training_step"
                           for model in ("gpt", "vit", "translation", "imagegpt")}, sorted(failed)
    for check in failed.values():
        assert check.diagnosis.startswith("gradient_cut:"), check.diagnosis
        assert "Wq, bq, Wk, bk, Wv, bv, Wo, bo of " in check.message, check.message
        assert "(used by your multi_head_attention)" in check.message, check.message
    forward = [check for check in report.checks if check.exercise == "capstone" and "training_step" not in check.id]
    assert forward and all(check.passed for check in forward), "the values are right: only the gradients are cut"


def test_a_layer_that_composes_wrongly_is_named_at_its_stage(tmp_path):
    """A transformer_layer that goes slightly wrong in pre-LN layers on a batch of several sequences (planted) is
    located: the embeddings agree, layer 1 of the GPT is named."""
    folder = tmp_path / "sub2"
    folder.mkdir()
    for module in SOLUTIONS.glob("*.py"):
        shutil.copy(module, folder / module.name)
    text = (folder / "transformer_layer.py").read_text()
    anchor = "    if norm_first:\n"
    assert anchor in text
    (folder / "transformer_layer.py").write_text(text.replace(
        anchor, anchor + "        X = X * (1 + 1e-6 * (X.shape[0] > 1))  # only batches of several sequences\n"))
    report = grade(folder, exercises=["capstone"])
    gpt = next(check for check in report.checks if check.id == "capstone::test_gpt[float64]")
    assert not gpt.passed and gpt.diagnosis.startswith("composes_wrongly:")
    assert "agree with the reference's up to the token embeddings plus positions (embed), then layer 1 " \
           "(transformer_layer, pre-LN, with causal_mask) differs" in gpt.message, gpt.message
