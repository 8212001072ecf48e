"""Multi-head attention forward at B=8, N=256, D=512, H=8 (float32): reference vs nn.MultiheadAttention.

Prints the ratio of median times measured side by side in one run (goal: reference ≤ 1.5× PyTorch). Run with
``OMP_NUM_THREADS=1 python benchmarks/bench_attention.py`` for stable numbers.
"""
from __future__ import annotations

import statistics
import time

import torch
from torch import nn

from reference.multihead import multi_head_attention


def median_seconds(fn, repeats: int = 15) -> float:
    fn()  # warm-up
    samples = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def main() -> None:
    torch.manual_seed(0)
    B, N, D, H = 8, 256, 512, 8
    torch_mha = nn.MultiheadAttention(D, H, batch_first=True).eval()
    Wq, Wk, Wv = torch_mha.in_proj_weight.chunk(3)
    bq, bk, bv = torch_mha.in_proj_bias.chunk(3)
    params = dict(Wq=Wq, bq=bq, Wk=Wk, bk=bk, Wv=Wv, bv=bv, Wo=torch_mha.out_proj.weight, bo=torch_mha.out_proj.bias)
    X = torch.randn(B, D, N)
    X_rows = X.transpose(1, 2).contiguous()
    with torch.inference_mode():
        ours = median_seconds(lambda: multi_head_attention(X, X, params, H))
        theirs = median_seconds(lambda: torch_mha(X_rows, X_rows, X_rows, need_weights=False))
        theirs_weights = median_seconds(lambda: torch_mha(X_rows, X_rows, X_rows, need_weights=True,
                                                          average_attn_weights=False))
    print(f"threads={torch.get_num_threads()}  B={B} N={N} D={D} H={H} float32")
    print("| peer | peer ms | reference ms | ratio (goal ≤ 1.5) |")
    print("|---|---|---|---|")
    for name, peer in [("nn.MultiheadAttention (need_weights=False, fused)", theirs),
                       ("nn.MultiheadAttention (need_weights=True)", theirs_weights)]:
        print(f"| {name} | {peer * 1e3:.1f} | {ours * 1e3:.1f} | {ours / peer:.2f} |")


if __name__ == "__main__":
    main()
