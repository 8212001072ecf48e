"""The `imagegpt` capstone: ImageGPT on scikit-learn's 8×8 digits, quantised to a palette of 8 grey levels.

The learner's `quantize_pixels` turns each digit into palette ids and `pixel_sequence` into a next-pixel problem
(the start token, then 64 pixels in raster order); a GPT-style decoder built from their embeddings, causal mask,
attention and layers, with its own head over the 8 colours, learns it. Then:

- test negative log-likelihood per pixel, against a per-position unigram baseline (the colour frequencies of each
  pixel position in the training digits): the decoder must beat it clearly (goal: at most 0.75 of it);
- completion: the top halves of held-out digits completed by the learner's `generate` (temperature 1), shown with
  `dequantize_pixels` and read by a scikit-learn classifier trained on the quantised training digits — the share
  completed as the right digit;
- a linear probe: a classifier on the mean of the decoder's final token features (`average_pool_head`), the way
  ImageGPT's paper measures what the model learned without labels.
The palette is fitted by k-means (`reference.imagegpt.fit_palette`, library code rather than an exercise).
"""
from __future__ import annotations

from pathlib import Path

import torch
import torch.nn.functional as F

from reference.imagegpt import fit_palette
from reference.models import GPTDecoder, ModelConfig

from . import pictures
from .data import digits
from .parts import Parts
from .train import Progress, Schedule, Step, train, trainable

MODULES = ("imagegpt", "embeddings", "masking", "transformer_layer", "sampling")
COLOURS = 8
SIDE = 8
GOAL = 0.75  # test NLL at most this fraction of the unigram baseline's
COMPLETIONS = 100
CONFIG = ModelConfig("capstone-imagegpt", "decoder", d_model=64, num_layers=3, num_heads=4, d_ff=256,
                     vocab_size=COLOURS + 1, max_positions=SIDE * SIDE, norm_first=True, activation="relu")
SCHEDULE = Schedule(steps=1500, batch_size=32, lr=3e-3, warmup=100, weight_decay=0.01)


def initial_weights(seed: int) -> dict[str, torch.Tensor]:
    """A GPT decoder's weights (palette ids and the start token) plus the untied head ``lm_head`` (K, D)."""
    torch.manual_seed(seed)
    weights = trainable(GPTDecoder(CONFIG))
    weights["lm_head"] = (0.02 * torch.randn(COLOURS, CONFIG.d_model)).requires_grad_(True)
    return weights


def run(parts: Parts, out: Path, schedule: Schedule = SCHEDULE, seed: int = 0, stream=None) -> dict:
    generator = torch.Generator().manual_seed(seed)
    data = digits(generator)
    pixels = parts.module("imagegpt")
    palette = fit_palette(data["train_images"], num_colours=COLOURS, seed=seed)         # (1, K)
    train_ids = pixels.quantize_pixels(data["train_images"], palette)                     # (M, 8, 8)
    test_ids = pixels.quantize_pixels(data["test_images"], palette)
    train_inputs, train_targets = pixels.pixel_sequence(train_ids, COLOURS)              # (M, 64) each
    test_inputs, test_targets = pixels.pixel_sequence(test_ids, COLOURS)
    weights = initial_weights(seed)
    A, H = parts.assembly, CONFIG.num_heads

    def step(index: int) -> Step:
        chosen = torch.randint(len(train_inputs), (schedule.batch_size,), generator=generator)
        logits = A.imagegpt_logits(train_inputs[chosen], H, **weights)                   # (B, K, 64)
        loss = F.cross_entropy(logits, train_targets[chosen])
        correct = int((logits.argmax(1) == train_targets[chosen]).sum())
        return Step(loss, correct, train_targets[chosen].numel(), train_inputs[chosen].numel())

    history = train(weights, step, schedule, Progress(schedule.steps, "imagegpt", stream))
    with torch.no_grad():
        nll = float(torch.cat([F.cross_entropy(A.imagegpt_logits(x, H, **weights), y, reduction="none")
                               for x, y in zip(test_inputs.split(128), test_targets.split(128))]).mean())
        baseline = unigram_nll(train_targets, test_targets)
        classifier = pixel_classifier(pixels.dequantize_pixels(train_ids, palette), data["train_labels"])
        sampler = torch.Generator().manual_seed(seed)
        completed = torch.stack([complete(A, parts.module("sampling"), weights, row, sampler)
                                 for row in test_targets[:COMPLETIONS]])                  # (M, 64)
        completed_images = pixels.dequantize_pixels(completed.reshape(-1, SIDE, SIDE), palette)
        halves = pixels.dequantize_pixels(test_ids[:COMPLETIONS], palette).clone()
        halves[..., SIDE // 2:, :] = 0.0
        labels = data["test_labels"][:COMPLETIONS]
        completion_accuracy = _accuracy(classifier, completed_images, labels)
        probe = linear_probe(A, pixels, weights, train_inputs, data["train_labels"], test_inputs, data["test_labels"],
                             seed)
        metrics = {
            "test_nll_per_pixel": round(nll, 4), "unigram_nll_per_pixel": round(baseline, 4),
            "nll_ratio": round(nll / baseline, 4), "completion_accuracy": round(completion_accuracy, 4),
            "classifier_on_top_halves_only": round(_accuracy(classifier, halves, labels), 4),
            "classifier_on_quantised_test_digits": round(_accuracy(
                classifier, pixels.dequantize_pixels(test_ids[:COMPLETIONS], palette), labels), 4),
            "linear_probe_accuracy": round(probe, 4), "completed_digits": COMPLETIONS, "palette": COLOURS,
            "final_loss": round(history.final_loss(), 4)}
        originals = pixels.dequantize_pixels(test_ids[:10], palette)[:, 0]
        draw(weights, originals, halves[:10, 0], completed_images[:10, 0],
             [str(int(c)) for c in classifier.predict(_rows(completed_images[:10]))], out, history)
    return {"metrics": metrics, "goal": {"metric": "nll_ratio", "at_most": GOAL, "reached": nll / baseline <= GOAL},
            "timings": {"train_seconds": round(history.seconds, 1),
                        "tokens_per_second": round(history.tokens / history.seconds)},
            "history": history}


def unigram_nll(train_targets: torch.Tensor, test_targets: torch.Tensor) -> float:
    """Mean −log p(colour | position) on the test pixels, p from each position's colour counts in the training
    pixels plus one (add-one smoothing)."""
    counts = torch.ones(train_targets.shape[1], COLOURS)                                   # (N, K)
    counts.scatter_add_(1, train_targets.T, torch.ones(train_targets.T.shape))
    log_p = (counts / counts.sum(dim=1, keepdim=True)).log()
    return float(-log_p.gather(1, test_targets.T).mean())


def complete(A, sampling, weights: dict, targets: torch.Tensor, generator: torch.Generator) -> torch.Tensor:
    """One digit's 64 pixel ids: its top half (32 pixels) given, the bottom half drawn by the learner's
    ``generate`` at temperature 1."""
    prompt = torch.cat([torch.tensor([COLOURS]), targets[:SIDE * SIDE // 2]])
    model = lambda ids: A.imagegpt_logits(ids[None], CONFIG.num_heads, **weights)[0]   # noqa: E731 - (K, N)
    return sampling.generate(model, prompt, SIDE * SIDE // 2, temperature=1.0, generator=generator)[1:]


def _rows(images: torch.Tensor):
    return images.reshape(len(images), -1).numpy()


def pixel_classifier(images: torch.Tensor, labels: torch.Tensor):
    """A logistic regression on the 64 pixel values of the (dequantised) training digits."""
    from sklearn.linear_model import LogisticRegression

    return LogisticRegression(max_iter=2000).fit(_rows(images), labels.numpy())


def _accuracy(classifier, images: torch.Tensor, labels: torch.Tensor) -> float:
    return int((torch.tensor(classifier.predict(_rows(images))) == labels).sum()) / len(labels)


def linear_probe(A, pixels, weights: dict, train_inputs, train_labels, test_inputs, test_labels, seed: int) -> float:
    """Held-out accuracy of ``average_pool_head(features, W, b)`` with W (10, D), b (10,) fitted by Adam on the
    frozen decoder's final features (the mean over each digit's 64 token columns)."""
    features = [torch.cat([A.decoder_states(x, CONFIG.num_heads, **weights)[-1] for x in inputs.split(256)])
                for inputs in (train_inputs, test_inputs)]
    torch.manual_seed(seed)
    W = (0.01 * torch.randn(10, CONFIG.d_model)).requires_grad_(True)
    b = torch.zeros(10, requires_grad=True)
    optimiser = torch.optim.Adam([W, b], lr=0.05)
    with torch.enable_grad():
        for _ in range(300):
            loss = F.cross_entropy(pixels.average_pool_head(features[0], W, b), train_labels)
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
    predictions = pixels.average_pool_head(features[1], W, b).argmax(-1)
    return int((predictions == test_labels).sum()) / len(test_labels)


def draw(weights: dict, originals, halves, completions, labels, out: Path, history) -> list[Path]:
    """loss.png, completions.png (held-out digits, their top halves, the completions), positions.png."""
    return [
        pictures.loss_curve(history.loss, history.accuracy, out / "loss.png", "ImageGPT on 8×8 digits, 8 grey levels"),
        pictures.completions_grid(originals, halves, completions, out / "completions.png",
                                  "ImageGPT completes the bottom halves of held-out digits (read as: digit below)",
                                  labels),
        pictures.position_image(weights["position_embedding"], out / "positions.png",
                                "ImageGPT's learned positions (64 pixels in raster order)"),
    ]
