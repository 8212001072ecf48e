"""`attn capstone NAME` and `attn show WHAT`: the command lines of the capstones and of the one-off pictures."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .parts import KINDS
from .run import CAPSTONES, run_capstone

GOALS = {"test_accuracy": "held-out accuracy", "exact_match": "exact match on held-out prompts",
         "nll_ratio": "test NLL per pixel / the unigram baseline's"}


def capstone_main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="attn capstone", description="Assemble a model from your exercise functions (or the reference's), "
        "train it on the CPU, evaluate it, and write metrics.json and pictures.")
    parser.add_argument("name", choices=CAPSTONES, help="gpt, vit, translate or imagegpt")
    parser.add_argument("--parts", choices=KINDS, default="mine",
                        help="whose functions: mine (your exercises/, or $ATTN_TARGET; TODO functions fall back to "
                             "the reference), solutions (the model answers) or reference (default: mine)")
    parser.add_argument("--out", type=Path, default=None, help="output folder (default: capstone-NAME)")
    parser.add_argument("--steps", type=int, default=None, help="training steps (default: the capstone's own)")
    parser.add_argument("--seed", type=int, default=0, help="the seed of data, weights and sampling (default 0)")
    args = parser.parse_args(argv)
    if args.steps is not None and args.steps < 1:
        parser.error("--steps must be at least 1")
    out = args.out or Path(f"capstone-{args.name}")
    record = run_capstone(args.name, args.parts, out, args.steps, args.seed)
    for key, value in record["metrics"].items():
        print(f"  {key}: {value}")
    goal = record["goal"]
    reached = "reached" if goal["reached"] else "NOT reached"
    bound = f"≥ {goal['at_least']}" if "at_least" in goal else f"≤ {goal['at_most']}"
    print(f"goal: {GOALS.get(goal['metric'], goal['metric'])} {bound}: {reached}")
    print(f"wrote {out / 'metrics.json'} and the pictures " + ", ".join(sorted(p.name for p in out.glob("*.png"))))
    return 0


def show_main(argv: list[str]) -> int:
    from .show import PICTURES, show

    parser = argparse.ArgumentParser(prog="attn show", description="Draw one picture from the reference's or your "
                                     "parts, without training.")
    parser.add_argument("what", choices=sorted(PICTURES), help="; ".join(f"{k}: {v[1]}" for k, v in
                                                                        sorted(PICTURES.items())))
    parser.add_argument("--parts", choices=KINDS, default="mine", help="whose functions (default: mine)")
    parser.add_argument("--out", type=Path, default=None, help="the PNG to write (default: WHAT.png)")
    parser.add_argument("--text", default=None, help="attention, bpe: the text to use (default: a built-in one)")
    parser.add_argument("--seed", type=int, default=0, help="attention: the seed of the random weights")
    args = parser.parse_args(argv)
    path = show(args.what, args.parts, args.out or Path(f"{args.what}.png"), text=args.text, seed=args.seed)
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(capstone_main(sys.argv[1:]))
