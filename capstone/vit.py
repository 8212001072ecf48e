"""The `vit` capstone: a small Vision Transformer built from the learner's patch embedding, [CLS] token, attention
and layers, trained on scikit-learn's 8×8 digits. Goal: at least 95% of the held-out digits right.

Patches of 2×2 pixels make 16 tokens plus [CLS]; three pre-LN layers of width 64 with 4 heads; the [CLS] column's
final state is classified. Training shifts each digit by up to one pixel (the only augmentation) and smooths the
labels by 0.1.
"""
from __future__ import annotations

from pathlib import Path

import torch
import torch.nn.functional as F

from reference.models import ModelConfig, VisionTransformer

from . import pictures
from .data import digits, shift_images
from .parts import Parts
from .train import Progress, Schedule, Step, train, trainable

MODULES = ("patch_embedding", "transformer_layer")
GOAL = 0.95
CONFIG = ModelConfig("capstone-vit", "vit", d_model=64, num_layers=3, num_heads=4, d_ff=128, image_size=8,
                     patch_size=2, num_channels=1, num_classes=10, norm_first=True, activation="relu")
SCHEDULE = Schedule(steps=3000, batch_size=64, lr=3e-3, warmup=100, weight_decay=0.05)


def run(parts: Parts, out: Path, schedule: Schedule = SCHEDULE, seed: int = 0, stream=None) -> dict:
    """Train, evaluate, draw; returns the metrics (``metrics.json`` without timings, plus "timings")."""
    generator = torch.Generator().manual_seed(seed)
    data = digits(generator)
    torch.manual_seed(seed)
    weights = trainable(VisionTransformer(CONFIG))
    A, P, H = parts.assembly, CONFIG.patch_size, CONFIG.num_heads
    images, labels = data["train_images"], data["train_labels"]

    def step(index: int) -> Step:
        batch = torch.randint(len(images), (schedule.batch_size,), generator=generator)
        logits = A.vit_logits(shift_images(images[batch], generator), P, H, **weights)
        loss = F.cross_entropy(logits, labels[batch], label_smoothing=0.1)
        correct = int((logits.argmax(-1) == labels[batch]).sum())
        return Step(loss, correct, schedule.batch_size, schedule.batch_size * (CONFIG.num_patches + 1))

    history = train(weights, step, schedule, Progress(schedule.steps, "vit", stream))
    with torch.no_grad():
        test_accuracy = accuracy(A, weights, data["test_images"], data["test_labels"])
        train_accuracy = accuracy(A, weights, images, labels)
        draw(parts, weights, data["test_images"][0], out, history)
    return {
        "metrics": {"test_accuracy": round(test_accuracy, 4), "train_accuracy": round(train_accuracy, 4),
                    "test_images": len(data["test_labels"]), "final_loss": round(history.final_loss(), 4)},
        "goal": {"metric": "test_accuracy", "at_least": GOAL, "reached": test_accuracy >= GOAL},
        "timings": {"train_seconds": round(history.seconds, 1),
                    "tokens_per_second": round(history.tokens / history.seconds)},
        "history": history,
    }


def accuracy(A, weights: dict, images: torch.Tensor, labels: torch.Tensor) -> float:
    predictions = torch.cat([A.vit_logits(chunk, CONFIG.patch_size, CONFIG.num_heads, **weights).argmax(-1)
                             for chunk in images.split(256)])
    return int((predictions == labels).sum()) / len(labels)  # exact: 342/360 is 0.95, not float32's 0.9499999


def draw(parts: Parts, weights: dict, image: torch.Tensor, out: Path, history) -> list[Path]:
    """loss.png, attention.png (every head of every layer on one held-out digit), positions.png, patches.png."""
    A, P, H = parts.assembly, CONFIG.patch_size, CONFIG.num_heads
    states = A.vit_states(image[None], P, H, **weights)
    maps = [m[0] for m in A.self_attention_maps(states, H, None, **weights)]
    labels = ["CLS"] + [f"p{n + 1}" for n in range(CONFIG.num_patches)]
    patches = parts.module("patch_embedding").patchify(image[None], P)[0]
    return [
        pictures.loss_curve(history.loss, history.accuracy, out / "loss.png", "ViT on 8×8 digits"),
        pictures.attention_grid(maps, labels, out / "attention.png",
                                "ViT attention on one held-out digit (rows: keys, columns: queries)"),
        pictures.position_image(weights["positions"], out / "positions.png",
                                "ViT's learned positions ([CLS], then patches 1-16)"),
        pictures.patches_figure(image[0], patches, P, out / "patches.png", "one digit cut into 2×2 patches"),
    ]
