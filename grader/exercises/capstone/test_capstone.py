"""Hidden checks of the capstone: the four models of `capstone/assembly.py`, built from the learner's functions and
from the reference's with the same random weights, must agree — stage by stage, in their logits, and in the gradient
of one training step for every weight.

The assembly is course code: the grader places it in the sandbox beside the learner's modules as `_course_capstone`
(`grader.plugin.given_modules`), where it imports their functions relatively; the reference side is the same file
loaded beside `reference/` (`capstone.parts`). These checks use the learner's own functions throughout, also those that
failed their own checks (the registry's `builds_on` is empty, so nothing is substituted): their points pay for a
model that works, which an empty submission whose parts were all replaced would otherwise earn.

Tolerances: float64 weights and inputs, so a correct composition differs from the reference only by the order of
float64 operations (relative 1e-10 would do; 1e-7 of the stage's own magnitude is allowed). float32: each stage is a
few hundred float32 operations deep, 1e-3 of its magnitude.
"""
from __future__ import annotations

import pytest
import torch
import torch.nn.functional as F

from capstone.parts import load_parts
from grader.diagnose import Misconception
from reference.models import EncoderDecoder, GPTDecoder, ModelConfig, VisionTransformer

MODULE = "_course_capstone"
HEADS = 2
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


def random_weights(model: torch.nn.Module, seed: int, dtype: torch.dtype, extra: dict | None = None) -> dict:
    """Every weight of the model random and non-trivial: matrices N(0, 1/fan_in), biases and shifts N(0, 0.1²),
    layer-norm gains 1 + N(0, 0.1²), embeddings and positions N(0, 1)."""
    generator = torch.Generator().manual_seed(seed)
    shapes = {name: tuple(p.shape) for name, p in model.named_parameters()} | (extra or {})
    weights = {}
    for name, shape in shapes.items():
        leaf = name.rsplit(".", 1)[-1]
        noise = torch.randn(shape, generator=generator, dtype=torch.float64)
        if leaf.startswith("gamma"):
            value = 1 + 0.1 * noise
        elif leaf.startswith("b") or leaf == "bias":
            value = 0.1 * noise
        elif len(shape) == 2 and leaf not in ("token_embedding", "position_embedding", "positions"):
            value = noise / shape[1] ** 0.5
        else:
            value = noise
        weights[name] = value.to(dtype)
    return weights


def cases(dtype: torch.dtype):
    """(model, args, weights, loss of the logits): one small instance of each capstone model, batch of 2."""
    gen = torch.Generator().manual_seed(7)
    gpt = ModelConfig("g", "decoder", 16, 2, HEADS, 32, vocab_size=11, max_positions=9, norm_first=True,
                      activation="relu")
    ids = torch.randint(11, (2, 7), generator=gen)
    yield ("gpt", (ids, HEADS), random_weights(GPTDecoder(gpt), 1, dtype),
           lambda logits: F.cross_entropy(logits[..., :-1], ids[:, 1:]))
    vit = ModelConfig("v", "vit", 16, 2, HEADS, 32, image_size=4, patch_size=2, num_channels=2, num_classes=5,
                      norm_first=True, activation="relu")
    images = torch.randn(2, 2, 4, 6, generator=gen, dtype=torch.float64).to(dtype)  # not square: 6 patches
    model = VisionTransformer(vit)
    shapes = {"positions": (16, 7)}
    labels = torch.tensor([1, 3])
    yield ("vit", (images, 2, HEADS), random_weights(model, 2, dtype, shapes),
           lambda logits: F.cross_entropy(logits, labels))
    translation = ModelConfig("t", "encoder_decoder", 16, 2, HEADS, 32, vocab_size=13, num_decoder_layers=2,
                              activation="relu")
    src, tgt = torch.randint(13, (2, 6), generator=gen), torch.randint(13, (2, 5), generator=gen)
    lengths = torch.tensor([6, 4])
    yield ("translation", (src, lengths, tgt, HEADS), random_weights(EncoderDecoder(translation), 3, dtype),
           lambda logits: F.cross_entropy(logits[..., :-1], tgt[:, 1:]))
    imagegpt = ModelConfig("i", "decoder", 16, 2, HEADS, 32, vocab_size=6, max_positions=9, norm_first=True,
                           activation="relu")
    pixels = torch.cat([torch.full((2, 1), 5), torch.randint(5, (2, 8), generator=gen)], dim=1)
    yield ("imagegpt", (pixels, HEADS), random_weights(GPTDecoder(imagegpt), 4, dtype, {"lm_head": (5, 16)}),
           lambda logits: F.cross_entropy(logits[..., :-1], pixels[:, 1:]))


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
    want = dict(zip(leaves, torch.autograd.grad(logits, list(leaves.values()), cotangent, allow_unused=True)))
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
    return next(case for case in cases(dtype) if case[0] == model)


MODELS = ("gpt", "vit", "translation", "imagegpt")


def graded(weight: int = 1) -> list:
    """The four models as parameters, each check grading its model's function."""
    return [pytest.param(model, marks=pytest.mark.grades(f"{model}_logits", weight=weight), id=model)
            for model in MODELS]


@pytest.mark.parametrize("model", graded())
@pytest.mark.parametrize("dtype", [torch.float64, torch.float32], ids=["float64", "float32"])
def test_forward(learner, reference_side, model, dtype):
    """The model built from your functions computes what the same model built from the reference's computes, with
    the same random weights: every stage (embeddings, each layer, the final norm) and the logits, float64 and
    float32."""
    _, args, weights, _ = _case(model, dtype)
    check_forward(learner, reference_side, model, args, weights, TOLERANCE[dtype])


@pytest.mark.parametrize("model", graded(weight=2))
def test_training_step_gradients(learner, reference_side, model):
    """One training step: the gradient of the cross-entropy loss for every weight of the model built from your
    functions equals the reference's (float64), so your model trains as the reference's does."""
    _, args, weights, loss = _case(model, torch.float64)
    check_gradients(learner, reference_side, model, args, weights, loss, TOLERANCE[torch.float64])
