"""Run one capstone: load the parts, train, evaluate, write ``metrics.json`` and the pictures to the output folder.

``metrics.json`` holds the capstone, the parts and where each came from, the model and training sizes, the metrics,
the goal and whether it was reached — all of it the same for the same command — and, under "timings", the wall
time and speed, which are not.
"""
from __future__ import annotations

import importlib
import json
from dataclasses import asdict, replace
from pathlib import Path
from types import ModuleType

import torch

from .parts import load_parts

CAPSTONES = ("gpt", "vit", "translate", "imagegpt")


def capstone_module(name: str) -> ModuleType:
    if name not in CAPSTONES:
        raise ValueError(f"capstone: expected one of {', '.join(CAPSTONES)}, got {name!r}")
    return importlib.import_module(f"capstone.{name}")


def run_capstone(name: str, parts: str = "mine", out: Path | str = "capstone-out", steps: int | None = None,
                 seed: int = 0, stream=None, echo=print) -> dict:
    """Train and evaluate capstone ``name`` on ``parts`` ("mine", "solutions" or "reference"); ``steps`` shortens
    (or lengthens) the training. Returns what ``metrics.json`` holds."""
    module = capstone_module(name)
    loaded = load_parts(parts, module.MODULES)
    for line in loaded.describe():
        echo(line)
    schedule = module.SCHEDULE if steps is None else replace(module.SCHEDULE, steps=steps,
                                                              warmup=min(module.SCHEDULE.warmup, max(1, steps // 5)))
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    threads = torch.get_num_threads()
    try:
        result = module.run(loaded, out, schedule, seed=seed, stream=stream)
    except NotImplementedError as error:
        raise SystemExit(f"{name}: a part is still TODO and raised NotImplementedError ({error}); finish it, or run "
                         "with --parts reference") from None
    result.pop("history")
    config = result.pop("config", module.CONFIG)  # the sizes that depend on the data (a vocabulary) filled in
    record = {"capstone": name, "parts": loaded.kind, "package": loaded.package, "seed": seed,
              "from_reference": loaded.fallbacks, "problems": loaded.problems,
              "model": {key: value for key, value in asdict(config).items()
                        if value not in (0, "", None) and (key != "num_channels" or config.kind == "vit")},
              "training": asdict(schedule), **result}
    record["timings"]["threads"] = threads
    (out / "metrics.json").write_text(json.dumps(record, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return record
