"""Visible tests of the capstone: the four models of capstone/assembly.py, built from YOUR functions (no reference
stands in for a TODO one here), run, train and respect their masks. `attn capstone NAME` trains them for real."""
import pytest
import torch

from capstone.models import HEADS, tiny_cases
from capstone.parts import load_parts

MODULES = ("embeddings", "masking", "transformer_layer", "cross_attention", "patch_embedding")


@pytest.fixture
def assembly(request):
    """The capstone's assembly beside the package the board checks (your exercises/, or --target)."""
    from exercises.tests.plugin import target_package

    return load_parts("mine", MODULES, package=target_package(request.config), fallback=False).assembly


CASES = {case[0]: case for case in tiny_cases(torch.float64)}


@pytest.mark.parametrize("model", list(CASES))
def test_every_weight_learns(assembly, model):
    """One training step reaches every weight: a finite loss, and a non-zero gradient for each of them (a zero one
    means a function of yours cut the graph, e.g. with torch.tensor(W) or .detach())."""
    _, args, weights, loss = CASES[model]
    leaves = {name: value.clone().requires_grad_(True) for name, value in weights.items()}
    value = loss(getattr(assembly, f"{model}_logits")(*args, **leaves))
    assert torch.isfinite(value), f"{model}: the loss is {value}"
    value.backward()
    dead = [name for name, leaf in leaves.items() if leaf.grad is None or not leaf.grad.abs().max() > 0]
    assert not dead, f"{model}: no gradient reaches {dead}"


def test_gpt_does_not_look_ahead(assembly):
    """Changing the last token of a sequence changes no earlier column of the GPT's logits (the causal mask)."""
    _, (ids, heads), weights, _ = CASES["gpt"]
    changed = ids.clone()
    changed[:, -1] = (changed[:, -1] + 1) % weights["token_embedding"].shape[1]
    before, after = (assembly.gpt_logits(x, heads, **weights) for x in (ids, changed))
    assert torch.allclose(before[..., :-1], after[..., :-1], atol=1e-12)
    assert not torch.allclose(before[..., -1], after[..., -1])


def test_translation_ignores_padding(assembly):
    """A padded source token (beyond its sentence's length) changes nothing in the translator's logits."""
    _, (src, lengths, tgt, heads), weights, _ = CASES["translation"]
    changed = src.clone()
    changed[1, lengths[1]:] = (changed[1, lengths[1]:] + 1) % weights["token_embedding"].shape[1]
    before, after = (assembly.translation_logits(x, lengths, tgt, heads, **weights) for x in (src, changed))
    assert torch.allclose(before, after, atol=1e-12)


def test_vit_classifies_every_image(assembly):
    """The ViT gives one row of class logits per image, and an image's logits do not depend on the others'."""
    _, (images, patch, heads), weights, _ = CASES["vit"]
    together = assembly.vit_logits(images, patch, heads, **weights)
    alone = assembly.vit_logits(images[1:], patch, heads, **weights)
    assert together.shape == (2, weights["head.bias"].shape[0])
    assert torch.allclose(together[1:], alone, atol=1e-12)
