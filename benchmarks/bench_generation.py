"""GPT generation of 256 new tokens: the KV cache (``GPTDecoder.generate``) vs recomputing the whole sequence every
step (``reference.sampling.generate`` on ``GPTDecoder.sequence_logits``), float32, random weights.

Both draw the same tokens (checked: greedy, and sampling with the same seeded generator); prints the times and their
ratio measured in one run (goal: the cache ≥ 5× faster). Run with
``OMP_NUM_THREADS=1 python benchmarks/bench_generation.py [--config gpt2-small]`` for stable numbers; the default is
a small GPT (width 256, 4 layers, 8192 tokens) that runs in seconds on one core.
"""
from __future__ import annotations

import argparse
import time

import torch

from reference.configs import ModelConfig, build_model, get_config
from reference.sampling import generate

SMALL_GPT = ModelConfig("bench-gpt", "decoder", d_model=256, num_layers=4, num_heads=4, d_ff=1024, vocab_size=8192,
                        max_positions=512, norm_first=True)


def timed(fn) -> tuple[torch.Tensor, float]:
    start = time.perf_counter()
    result = fn()
    return result, time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--config", help="a named configuration (default: a small GPT)")
    parser.add_argument("--new-tokens", type=int, default=256)
    parser.add_argument("--prompt-tokens", type=int, default=16)
    args = parser.parse_args(argv)

    torch.manual_seed(0)
    config = get_config(args.config) if args.config else SMALL_GPT
    model = build_model(config, device="cpu").eval()
    prompt = torch.randint(0, config.vocab_size, (args.prompt_tokens,))
    print(f"{config.name}: D={config.d_model} layers={config.num_layers} heads={config.num_heads} "
          f"V={config.vocab_size}; prompt {args.prompt_tokens} + {args.new_tokens} new tokens; "
          f"threads={torch.get_num_threads()} float32")
    print("| decoding | recompute s | KV cache s | speed-up (goal ≥ 5) | same tokens |")
    print("|---|---|---|---|---|")
    all_same = True
    with torch.inference_mode():
        generate(model.sequence_logits, prompt, 2), model.generate(prompt, 2)  # warm-up: lazy imports, allocator
        for label, sampling in [("greedy", dict(temperature=0.0)), ("sampled, T=1", dict(temperature=1.0))]:
            recomputed, slow = timed(lambda: generate(model.sequence_logits, prompt, args.new_tokens,
                                                      generator=torch.Generator().manual_seed(1), **sampling))
            cached, fast = timed(lambda: model.generate(prompt, args.new_tokens,
                                                        generator=torch.Generator().manual_seed(1), **sampling))
            same = torch.equal(recomputed, cached)
            all_same &= same
            print(f"| {label} | {slow:.2f} | {fast:.2f} | {slow / fast:.1f}× | {'yes' if same else 'NO'} |")
    return 0 if all_same else 1


if __name__ == "__main__":
    raise SystemExit(main())
