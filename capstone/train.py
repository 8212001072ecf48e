"""Training a capstone model on the CPU: weights as a flat dict of tensors, AdamW with warm-up and a cosine decay,
a seeded stream of batches, and a progress bar (loss, accuracy, tokens per second, time left)."""
from __future__ import annotations

import math
import sys
import time
from dataclasses import dataclass, field
from typing import Callable, TextIO

import torch
from torch import nn


@dataclass(frozen=True)
class Schedule:
    """How long and how fast to train: ``steps`` AdamW steps of ``batch_size`` examples, learning rate ``lr`` after
    ``warmup`` linear steps, then a cosine decay to 0; weight decay on matrices only."""

    steps: int
    batch_size: int
    lr: float
    warmup: int = 100
    weight_decay: float = 0.01

    def lr_at(self, step: int) -> float:
        warm = min(1.0, (step + 1) / self.warmup)
        return self.lr * warm * 0.5 * (1 + math.cos(math.pi * step / self.steps))


def trainable(model: nn.Module) -> dict[str, torch.Tensor]:
    """A freshly initialised reference model's parameters as the assembly's flat weights dict (leaf tensors)."""
    return {name: parameter.detach().clone().requires_grad_(True) for name, parameter in model.named_parameters()}


@dataclass
class Step:
    """What one training step reports: the loss, and how many of ``count`` predictions were right."""

    loss: torch.Tensor
    correct: int
    count: int
    tokens: int


@dataclass
class History:
    """Per step: the loss and the batch accuracy; and the wall time of the whole run."""

    loss: list[float] = field(default_factory=list)
    accuracy: list[float] = field(default_factory=list)
    seconds: float = 0.0
    tokens: int = 0

    def final_loss(self, window: int = 50) -> float:
        """The mean loss of the last ``window`` steps (one batch is noisy)."""
        tail = self.loss[-window:]
        return sum(tail) / len(tail)


def train(weights: dict[str, torch.Tensor], step: Callable[[int], Step], schedule: Schedule,
          progress: Progress | None = None) -> History:
    """Run ``schedule.steps`` optimiser steps; ``step(i)`` draws batch i, runs the model and returns its loss."""
    matrices = [w for w in weights.values() if w.dim() >= 2]
    others = [w for w in weights.values() if w.dim() < 2]
    optimiser = torch.optim.AdamW([{"params": matrices, "weight_decay": schedule.weight_decay},
                                   {"params": others, "weight_decay": 0.0}], lr=schedule.lr)
    history = History()
    start = time.perf_counter()
    for index in range(schedule.steps):
        for group in optimiser.param_groups:
            group["lr"] = schedule.lr_at(index)
        result = step(index)
        optimiser.zero_grad(set_to_none=True)
        result.loss.backward()
        torch.nn.utils.clip_grad_norm_(list(weights.values()), 1.0)
        optimiser.step()
        history.loss.append(float(result.loss.detach()))
        history.accuracy.append(result.correct / max(result.count, 1))
        history.tokens += result.tokens
        if progress is not None:
            progress.update(index + 1, history, time.perf_counter() - start)
    history.seconds = time.perf_counter() - start
    if progress is not None:
        progress.close()
    return history


class Progress:
    """One line that redraws itself: step, bar, loss, accuracy, tokens/s, time left. On a stream that is not a
    terminal (a log, a test) it prints a plain line every tenth of the run instead."""

    def __init__(self, total: int, label: str, stream: TextIO | None = None, width: int = 24) -> None:
        self.total, self.label, self.width = total, label, width
        self.stream = stream or sys.stderr
        self.live = self.stream.isatty()
        self.every = max(1, total // 10)
        self.last_draw = 0.0

    def update(self, done: int, history: History, elapsed: float) -> None:
        now = time.perf_counter()
        if self.live and done < self.total and now - self.last_draw < 0.1:
            return
        if not self.live and done % self.every and done < self.total:
            return
        self.last_draw = now
        recent = history.loss[-20:]
        loss = sum(recent) / len(recent)
        accuracy = 100 * sum(history.accuracy[-20:]) / len(history.accuracy[-20:])
        filled = round(self.width * done / self.total)
        bar = "█" * filled + "░" * (self.width - filled)
        left = elapsed / done * (self.total - done)
        line = (f"{self.label} {done:>{len(str(self.total))}}/{self.total} {bar} loss {loss:.3f} "
                f"acc {accuracy:5.1f}% {history.tokens / max(elapsed, 1e-9):,.0f} tok/s "
                f"{_clock(elapsed)} elapsed, {_clock(left)} left")
        self.stream.write(("\r" + line + "\x1b[K") if self.live else line + "\n")
        self.stream.flush()

    def close(self) -> None:
        if self.live:
            self.stream.write("\n")
            self.stream.flush()


def _clock(seconds: float) -> str:
    minutes, seconds = divmod(int(round(seconds)), 60)
    return f"{minutes}:{seconds:02d}"
