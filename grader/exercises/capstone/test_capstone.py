"""Hidden checks of the capstone: the four models of `capstone/assembly.py`, built from the learner's functions and
from the reference's with the same random weights, must agree — stage by stage, in their logits, and in the gradient
of one training step for every weight.

The assembly is course code: the grader places it in the sandbox beside the learner's modules as `_course_capstone`
(`grader.plugin.given_modules`), where it imports their functions relatively; the reference side is the same file
loaded beside `reference/` (`capstone.parts`). As in every later exercise, a function that failed its own checks is
replaced by the model answer (the registry's `builds_on` lists what the assembly imports), so a mistake costs once and
these checks grade how the parts compose; a function still TODO, or a module that never ran, is not replaced
(`grader.plugin.failed_prerequisites`): their points pay for models built from the learner's code, which an empty
submission whose parts were all replaced would otherwise earn.

Tolerances: float64 weights and inputs, so a correct composition differs from the reference only by the order of
float64 operations (relative 1e-10 would do; 1e-7 of the stage's own magnitude is allowed). float32: each stage is a
few hundred float32 operations deep, 1e-3 of its magnitude.
"""
from __future__ import annotations

import pytest
import torch

from capstone.assembly import MODULES
from capstone.models import HEADS, tiny_cases
from capstone.parts import load_parts
from grader.diagnose import Misconception
from grader.sandbox import LearnerError

MODULE = "_course_capstone"
TOLERANCE = {torch.float64: 1e-7, torch.float32: 1e-3}
COMPOSES_WRONGLY = ("composes_wrongly", "Your functions pass their own checks, but the model built from them computes "
                    "something else than the same model built from the reference's functions, at the stage the message "
                    "names. Call the functions that run there on that stage's inputs (shapes and dtypes in the message): "
                    "a batch axis, a float64 input or a mask that their own checks did not try is the usual cause.")
GRADIENT_CUT = ("gradient_cut", "Your model's outputs are right but no gradient reaches some of its weights, so "
                "training never changes them: a function that uses them re-wraps or detaches them (torch.tensor(W), "
                "W.detach(), W.data, W.numpy(), or a computation under torch.no_grad()). Use the tensors you are "
                "given as they are.")
WRONG_GRADIENT = ("wrong_gradient", "Your model's outputs are right but the gradients of some weights differ from the "
                  "reference's, so it trains differently: a function computes its output in a way autograd cannot "
                  "follow (an in-place write into a tensor that needs grad, a value computed outside the graph and "
                  "put back).")


@pytest.fixture(scope="module")
def reference_side():
    """The assembly beside the reference's functions: the truth."""
    return load_parts("reference", ("embeddings", "masking", "transformer_layer", "cross_attention",
                                    "patch_embedding")).assembly


STATES = {"gpt": "decoder_states", "imagegpt": "decoder_states", "vit": "vit_states",
          "translation": "translation_states"}


def stage_names(model: str, weights: dict) -> list[str]:
    """What each entry of the model's states is, and which of the learner's functions computed it."""
    def layers(stack: str) -> int:
        return len({name.split(".")[1] for name in weights if name.startswith(stack + ".")})

    if model in ("gpt", "imagegpt"):
        return (["the token embeddings plus positions (embed)"]
                + [f"layer {k + 1} (transformer_layer, pre-LN, with causal_mask)" for k in range(layers("layers"))]
                + ["the final layer_norm"])
    if model == "vit":
        return (["the patch embedding (patch_embedding: patches, [CLS], positions)"]
                + [f"layer {k + 1} (transformer_layer, pre-LN, no mask)" for k in range(layers("layers"))]
                + ["the final layer_norm"])
    return (["the encoder's input (embed times sqrt(D) plus sinusoidal_positions)"]
            + [f"encoder layer {k + 1} (transformer_layer, post-LN, with padding_mask)"
               for k in range(layers("encoder_layers"))]
            + ["the decoder's input (embed times sqrt(D) plus sinusoidal_positions)"]
            + [f"decoder layer {k + 1} (decoder_layer: causal self-attention, cross_attention with padding_mask, "
               "feed_forward)" for k in range(layers("decoder_layers"))]
            + ["the logits (the tied output projection)"])


def difference(got, want) -> float | None:
    """The largest |got - want| relative to want's magnitude, or None when shapes or dtypes already differ."""
    if not isinstance(got, torch.Tensor) or got.shape != want.shape or got.dtype != want.dtype:
        return None
    return float((got.double() - want.double()).abs().max()) / (1.0 + float(want.double().abs().max()))


def describe(value) -> str:
    if isinstance(value, torch.Tensor):
        return f"{str(value.dtype).removeprefix('torch.')} {tuple(value.shape)}"
    return type(value).__name__


def check_forward(learner, reference_side, model: str, args: tuple, weights: dict, tolerance: float) -> None:
    """The first stage where the learner's model leaves the reference's, named; then the logits."""
    states = learner.call(MODULE, STATES[model], *args, **weights)
    truth = getattr(reference_side, STATES[model])(*args, **weights)
    names = stage_names(model, weights)
    if not isinstance(states, list) or len(states) != len(truth):
        raise Misconception(*COMPOSES_WRONGLY, f"{model}: the model's stages came back as {describe(states)}")
    agreed = "nothing (the very first stage)"
    for name, got, want in zip(names, states, truth):
        gap = difference(got, want)
        if gap is None or gap > tolerance:
            found = f"{describe(got)} where {describe(want)} was expected" if gap is None else \
                f"differs by up to {gap:.2g} of its magnitude"
            raise Misconception(*COMPOSES_WRONGLY, f"{model} ({describe(args[0])} in): your parts agree with the "
                                f"reference's up to {agreed}, then {name} {found}.")
        agreed = name
    logits = learner.call(MODULE, f"{model}_logits", *args, **weights)
    gap = difference(logits, getattr(reference_side, f"{model}_logits")(*args, **weights))
    if gap is None or gap > tolerance:
        raise Misconception(*COMPOSES_WRONGLY, f"{model}: every stage agrees, but the logits differ ({describe(logits)})")


def check_gradients(learner, reference_side, model: str, args: tuple, weights: dict, loss, tolerance: float) -> None:
    """One training step: the gradient of the loss for every weight, the learner's against the reference's."""
    leaves = {name: value.detach().clone().requires_grad_(True) for name, value in weights.items()}
    logits = getattr(reference_side, f"{model}_logits")(*args, **leaves)
    cotangent = torch.autograd.grad(loss(logits), logits, retain_graph=True)[0]
    # the vector-Jacobian product as the gradient of a scalar: autograd.grad with grad_outputs imports sympy
    want = dict(zip(leaves, torch.autograd.grad((logits * cotangent).sum(), list(leaves.values()), allow_unused=True)))
    _, got = learner.call_with_grad(MODULE, f"{model}_logits", args, weights, list(weights), cotangent)
    missing, wrong = [], []
    for name, expected in want.items():
        if expected is None or not expected.abs().max() > 0:
            continue
        actual = got.get(name)
        if actual is None or not actual.abs().max() > 0:
            missing.append(name)
        elif (gap := difference(actual, expected)) is None or gap > tolerance:
            wrong.append(name)
    if missing:
        raise Misconception(*GRADIENT_CUT, f"{model}: no gradient reaches {_names(missing)} (the reference's "
                            "gradients there are not zero)")
    if wrong:
        raise Misconception(*WRONG_GRADIENT, f"{model}: the gradients of {_names(wrong)} differ from the reference's")


USED_BY = {"Wq": "multi_head_attention", "Wk": "multi_head_attention", "Wv": "multi_head_attention",
           "Wo": "multi_head_attention", "bq": "multi_head_attention", "bk": "multi_head_attention",
           "bv": "multi_head_attention", "bo": "multi_head_attention", "W1": "feed_forward", "b1": "feed_forward",
           "W2": "feed_forward", "b2": "feed_forward", "token_embedding": "embed", "patch_weight": "patch_embedding",
           "patch_bias": "patch_embedding", "cls_token": "patch_embedding", "positions": "patch_embedding"}


def _names(names: list[str]) -> str:
    """Weight names, grouped: "Wq, bq, Wk of layers.0, layers.1 (used by your multi_head_attention)"."""
    stacks = list(dict.fromkeys(name.rpartition(".")[0] for name in names))
    leaves = list(dict.fromkeys(name.rpartition(".")[2] for name in names))
    users = dict.fromkeys(USED_BY.get(leaf, "layer_norm" if leaf.startswith(("gamma", "beta")) else "")
                          for leaf in leaves)
    users = [user for user in users if user]
    where = f" of {', '.join(stacks)}" if any(stacks) and len(names) == len(stacks) * len(leaves) else ""
    listed = ", ".join(leaves) if where else ", ".join(names[:12]) + (" ..." if len(names) > 12 else "")
    return listed + where + (f" (used by your {', '.join(users)})" if users else "")


def _case(model: str, dtype: torch.dtype):
    return next(case for case in tiny_cases(dtype) if case[0] == model)


DTYPES = pytest.mark.parametrize("dtype", [torch.float64, torch.float32], ids=["float64", "float32"])


def require_parts(learner, model: str) -> None:
    """A model whose modules are not all in the submission is missing (not broken): say which."""
    missing = [name for name in MODULES[model] if name not in learner.modules]
    if missing:
        raise LearnerError("missing", f"the {model} needs {', '.join(f'{name}.py' for name in missing)}, which the "
                           "submission does not have")


def forward(learner, reference_side, model: str, dtype: torch.dtype) -> None:
    require_parts(learner, model)
    _, args, weights, _ = _case(model, dtype)
    check_forward(learner, reference_side, model, args, weights, TOLERANCE[dtype])


def training_step(learner, reference_side, model: str) -> None:
    require_parts(learner, model)
    _, args, weights, loss = _case(model, torch.float64)
    check_gradients(learner, reference_side, model, args, weights, loss, TOLERANCE[torch.float64])


@pytest.mark.grades("gpt_logits")
@DTYPES
def test_gpt(learner, reference_side, dtype):
    """The GPT built from your functions (embed, causal_mask, pre-LN transformer_layer, layer_norm, a tied head)
    computes what the reference's does with the same random weights: every stage and the logits."""
    forward(learner, reference_side, "gpt", dtype)


@pytest.mark.grades("gpt_logits", weight=2)
def test_gpt_training_step(learner, reference_side):
    """One training step of your GPT: the gradient of the loss for every weight equals the reference's."""
    training_step(learner, reference_side, "gpt")


@pytest.mark.grades("vit_logits")
@DTYPES
def test_vit(learner, reference_side, dtype):
    """The ViT built from your functions (patch_embedding, pre-LN transformer_layer without a mask, layer_norm, a
    head on [CLS]) computes what the reference's does, on images that are not square: every stage and the logits."""
    forward(learner, reference_side, "vit", dtype)


@pytest.mark.grades("vit_logits", weight=2)
def test_vit_training_step(learner, reference_side):
    """One training step of your ViT: the gradient of the loss for every weight equals the reference's."""
    training_step(learner, reference_side, "vit")


@pytest.mark.grades("translation_logits")
@DTYPES
def test_translation(learner, reference_side, dtype):
    """The encoder-decoder built from your functions (embed, sinusoidal_positions, padding_mask, post-LN
    transformer_layer, decoder_layer with cross_attention) computes what the reference's does on a padded batch."""
    forward(learner, reference_side, "translation", dtype)


@pytest.mark.grades("translation_logits", weight=2)
def test_translation_training_step(learner, reference_side):
    """One training step of your translator: the gradient of the loss for every weight equals the reference's."""
    training_step(learner, reference_side, "translation")


@pytest.mark.grades("imagegpt_logits")
@DTYPES
def test_imagegpt(learner, reference_side, dtype):
    """ImageGPT's decoder built from your functions (a pre-LN causal stack with its own head over the palette)
    computes what the reference's does on pixel sequences: every stage and the logits."""
    forward(learner, reference_side, "imagegpt", dtype)


@pytest.mark.grades("imagegpt_logits", weight=2)
def test_imagegpt_training_step(learner, reference_side):
    """One training step of your ImageGPT: the gradient of the loss for every weight equals the reference's."""
    training_step(learner, reference_side, "imagegpt")
