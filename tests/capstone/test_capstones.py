"""Each capstone in a short mode (a few hundred steps), on the reference's parts: the loss falls below a stated bound
and every picture is a real PNG of its stated size; the same command twice writes the same metrics.json (timings
aside); attn show draws its four pictures; `--parts mine` on untouched stubs says which functions fell back."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from capstone import pictures
from capstone.parts import load_parts
from capstone.run import run_capstone

# capstone -> (steps, bound on the mean loss of the last 50 steps, the pictures it draws). Chance level for
# comparison: gpt ln 15 = 2.7, vit (smoothed labels) 2.3, translate ln 57 = 4.0, imagegpt ln 8 = 2.1.
SHORT = {
    "gpt": (300, 0.5, ("loss", "attention", "positions", "bpe")),
    "vit": (300, 1.9, ("loss", "attention", "positions", "patches")),
    "translate": (300, 1.0, ("loss", "alignment", "attention", "positions")),
    "imagegpt": (300, 1.1, ("loss", "completions", "positions")),
}


def assert_png(path: Path, kind: str) -> None:
    """A real picture: PNG of the stated size, and not one flat colour."""
    from PIL import Image

    with Image.open(path) as image:
        assert image.format == "PNG"
        assert image.size == pictures.pixel_size(kind), (path.name, image.size)
        colours = image.convert("RGB").getcolors(maxcolors=1 << 20)
    background = max(colours)[1]
    inked = sum(count for count, colour in colours if colour != background)
    width, height = image.size
    assert len(colours) > 20 and inked > 0.02 * width * height, f"{path.name} is nearly blank"


@pytest.mark.slow
@pytest.mark.parametrize("name", list(SHORT))
def test_short_run_learns_and_draws(name, tmp_path):
    steps, bound, drawn = SHORT[name]
    record = run_capstone(name, "reference", tmp_path, steps=steps, echo=lambda line: None)
    assert record["metrics"]["final_loss"] < bound, record["metrics"]
    for kind in drawn:
        assert_png(tmp_path / f"{kind}.png", kind)
    assert json.loads((tmp_path / "metrics.json").read_text())["metrics"] == record["metrics"]


def test_the_same_command_writes_the_same_metrics(tmp_path):
    first, second = (run_capstone("gpt", "solutions", tmp_path / name, steps=20, echo=lambda line: None)
                     for name in ("a", "b"))
    texts = [json.loads((tmp_path / name / "metrics.json").read_text()) for name in ("a", "b")]
    for text in texts:
        text.pop("timings")
    assert texts[0] == texts[1]


def test_todo_functions_fall_back_to_the_reference_and_are_named(tmp_path):
    """Untouched stubs: every function the model needs comes from the reference, and the line says which."""
    package = tmp_path / "learner"
    package.mkdir()
    root = Path(__file__).resolve().parents[2]
    for name in ("__init__", "softmax", "masking", "attention", "multihead", "transformer_layer", "embeddings"):
        source = root / ("solutions" if name == "softmax" else "exercises") / f"{name}.py"
        (package / f"{name}.py").write_text(source.read_text())
    sys.path.insert(0, str(tmp_path))
    try:
        parts = load_parts("mine", ("embeddings", "masking", "transformer_layer"), package="learner")
    finally:
        sys.path.remove(str(tmp_path))
    assert "multihead.multi_head_attention" in parts.fallbacks and "embeddings.embed" in parts.fallbacks
    assert not any(name.startswith("softmax.") for name in parts.fallbacks), "softmax is written: it is used"
    assert "reference's version is used: " in "\n".join(parts.describe())
    from capstone.models import tiny_cases
    import torch

    _, args, weights, _ = next(tiny_cases(torch.float64))
    assert parts.assembly.gpt_logits(*args, **weights).shape == (2, 11, 7)


def test_a_missing_module_is_replaced_and_said(tmp_path):
    package = tmp_path / "learner2"
    package.mkdir()
    (package / "__init__.py").write_text("")
    sys.path.insert(0, str(tmp_path))
    try:
        parts = load_parts("mine", ("imagegpt",), package="learner2")
    finally:
        sys.path.remove(str(tmp_path))
    assert parts.problems == ["learner2/imagegpt.py does not exist: the reference's imagegpt stands in for it"]
    assert callable(parts.module("imagegpt").quantize_pixels)


@pytest.mark.parametrize("what", ["attention", "positions", "bpe", "patches"])
def test_attn_show_draws(what, tmp_path):
    from capstone.show import show

    path = show(what, "solutions", tmp_path / f"{what}.png")
    assert_png(path, {"bpe": "bpe", "patches": "patches", "positions": "positions", "attention": "attention"}[what])


def test_the_command_line_runs_a_capstone(tmp_path):
    result = subprocess.run([sys.executable, "-m", "attn", "capstone", "vit", "--parts", "reference", "--steps", "3",
                             "--out", str(tmp_path)], capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr
    assert "parts: the reference library (reference/)" in result.stdout
    assert "goal: held-out accuracy ≥ 0.95: NOT reached" in result.stdout
    assert (tmp_path / "metrics.json").is_file() and "vit 3/3 ███" in result.stderr  # the progress bar
