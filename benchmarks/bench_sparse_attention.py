"""Sparse local attention at N=4096, window w=128 on each side (float32, B=1, D=256, H=4): the reference's blocked
``sparse_attention`` against dense ``F.scaled_dot_product_attention`` with the same (N, N) mask, and the
multi-head layer ``sparse_self_attention`` against Hugging Face's ``LongformerSelfAttention`` (+ its output dense
layer, our W_o), with and without one global token.

Time: median of repeated calls, each pair interleaved in one process. Peak memory: each call runs once in a fresh
process, after a small warm-up; the figure is the growth of that process's resident set size at its peak during the
call, which counts every allocation (torch's included, which ``tracemalloc`` does not see): the process's peak
(``VmHWM``) is reset once inputs, weights and the dense mask are built, and the figure is that peak after the call
minus the resident size before it (Linux only). Goal: the sparse core ≥ 4× less memory and faster than dense
SDPA. Run with ``OMP_NUM_THREADS=1 python benchmarks/bench_sparse_attention.py``.
"""
from __future__ import annotations

import argparse
import os

os.environ.setdefault("HF_HUB_OFFLINE", "1")

import statistics
import subprocess
import sys
import time
from typing import Callable

import torch
from torch import nn

from reference.convention import allowed_rows_mask, longformer_attention_mask, to_rows
from reference.masking import local_mask
from reference.sparse_attention import sparse_attention, sparse_self_attention

B, N, D, H, WINDOW = 1, 4096, 256, 4, 128
CASES = ("sdpa_dense", "sparse_core", "longformer", "sparse_layer", "longformer_global", "sparse_layer_global")


def setup(case: str, n: int) -> Callable[[], object]:
    """The call to measure for ``case`` at length n, with every input already built."""
    generator = torch.Generator().manual_seed(0)
    if case in ("sdpa_dense", "sparse_core"):
        Q, K, V = (torch.randn(B, H, D // H, n, generator=generator) for _ in range(3))   # columns
        if case == "sparse_core":
            return lambda: sparse_attention(Q, K, V, WINDOW)
        q, k, v = (to_rows(X).contiguous() for X in (Q, K, V))
        mask = allowed_rows_mask(local_mask(n, WINDOW))
        return lambda: nn.functional.scaled_dot_product_attention(q, k, v, attn_mask=mask)
    from transformers import LongformerConfig
    from transformers.models.longformer.modeling_longformer import LongformerAttention

    config = LongformerConfig(hidden_size=D, num_attention_heads=H, attention_window=[2 * WINDOW],
                              attention_probs_dropout_prob=0.0, num_hidden_layers=1)
    attention = LongformerAttention(config, layer_id=0).eval()
    X = torch.randn(B, D, n, generator=generator)
    is_global = torch.zeros(B, n, dtype=torch.bool)
    is_global[:, 0] = case.endswith("_global")                                       # one [CLS]-like token
    module = attention.self
    params = {f"{w}{c}": getattr(getattr(module, name), part)
              for c, name in zip("qkv", ("query", "key", "value")) for w, part in (("W", "weight"), ("b", "bias"))}
    params |= dict(Wo=attention.output.dense.weight, bo=attention.output.dense.bias)
    if case.startswith("sparse_layer"):
        global_params = {f"{w}{c}": getattr(getattr(module, f"{name}_global"), part)
                         for c, name in zip("qkv", ("query", "key", "value"))
                         for w, part in (("W", "weight"), ("b", "bias"))}
        return lambda: sparse_self_attention(X, params, H, WINDOW, is_global=is_global, global_params=global_params)
    rows = to_rows(X).contiguous()
    mask = longformer_attention_mask(torch.ones(B, n, dtype=torch.bool), is_global, torch.float32)
    flags = dict(is_index_masked=mask < 0, is_index_global_attn=mask > 0, is_global_attn=bool((mask > 0).any()))
    return lambda: attention.output.dense(module(rows, attention_mask=mask, **flags)[0])


def peak_memory_mib(case: str) -> float:
    """Run ``case`` once in a fresh process and return the growth of its peak RSS in MiB."""
    result = subprocess.run([sys.executable, __file__, "--memory", case], capture_output=True, text=True, check=True)
    return float(result.stdout.strip().splitlines()[-1])


def _status_kib(field: str) -> int:
    """A memory figure of this process from /proc/self/status, in KiB (VmRSS: now; VmHWM: the peak so far)."""
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith(field + ":"))


def measure_memory(case: str) -> None:
    with torch.inference_mode():
        setup(case, 4 * WINDOW)()                                                     # warm-up: load the kernels
        call = setup(case, N)
        with open("/proc/self/clear_refs", "w") as clear:                             # reset the peak to now, so
            clear.write("5")                                                          # setup's temporaries drop out
        before = _status_kib("VmRSS")
        call()
        peak = _status_kib("VmHWM")
    print((peak - before) / 1024)


def median_seconds(calls: list[Callable[[], object]], repeats: int) -> list[float]:
    """Median time of each call, the calls interleaved so that a busy machine slows them alike."""
    samples: list[list[float]] = [[] for _ in calls]
    for call in calls:
        call()                                                                        # warm-up
    for _ in range(repeats):
        for call, times in zip(calls, samples):
            start = time.perf_counter()
            call()
            times.append(time.perf_counter() - start)
    return [statistics.median(times) for times in samples]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--memory", choices=CASES, help=argparse.SUPPRESS)           # internal: one measurement
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args()
    if args.memory:
        measure_memory(args.memory)
        return
    rows = [("sparse_core", "sdpa_dense", "`sparse_attention`", "SDPA with the (N, N) mask"),
            ("sparse_layer", "longformer", "`sparse_self_attention`", "`LongformerSelfAttention` + dense"),
            ("sparse_layer_global", "longformer_global", "… 1 global token", "… 1 global token")]
    seconds, mib = {}, {}
    with torch.inference_mode():
        for ours, theirs, _, _ in rows:
            seconds[ours], seconds[theirs] = median_seconds([setup(ours, N), setup(theirs, N)], args.repeats)
    for case in CASES:
        mib[case] = peak_memory_mib(case)
    print(f"threads={torch.get_num_threads()}  B={B} N={N} D={D} H={H} window ±{WINDOW} float32")
    print("| reference | peer | reference ms | peer ms | time ratio (peer/ref) | reference MiB | peer MiB "
          "| memory ratio (peer/ref) |")
    print("|---|---|---|---|---|---|---|---|")
    for ours, theirs, our_label, their_label in rows:
        print(f"| {our_label} | {their_label} | {seconds[ours] * 1e3:.0f} | {seconds[theirs] * 1e3:.0f} "
              f"| {seconds[theirs] / seconds[ours]:.1f} | {mib[ours]:.0f} | {mib[theirs]:.0f} "
              f"| {mib[theirs] / max(mib[ours], 0.1):.1f} |")


if __name__ == "__main__":
    main()
