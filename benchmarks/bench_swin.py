"""Swin's shifted-window attention at Swin-T's first stage (B=8, a 56×56 grid of C=96 features, 3 heads, 7×7 windows,
shift 3, relative position bias; float32, forward): reference vs Hugging Face, same input and weights.

Two comparisons, each a ratio of median CPU times measured side by side in one run (goal: reference ≤ 1.2× Hugging
Face for the window attention; the whole block is reported):

* window attention alone: ``reference.swin.window_attention`` against the attention half of Hugging Face's
  ``SwinLayer`` — its own ``cyclic_shift``, ``window_partition``, ``get_attn_mask``, ``SwinAttention``,
  ``window_reverse`` and roll back, composed exactly as ``SwinLayer.forward`` composes them;
* the whole block: ``reference.models.swin.SwinBlock`` against ``SwinLayer`` (layer norms and MLP included).

Hugging Face's attention runs with its default "sdpa" implementation and with "eager". Run with
``OMP_NUM_THREADS=1 python benchmarks/bench_swin.py`` for stable numbers.
"""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

import torch

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
import peers  # noqa: E402  (torchvision's operator schemas, needed before transformers is imported)

peers.register_torchvision_operators()

from transformers import SwinConfig  # noqa: E402
from transformers.models.swin import modeling_swin  # noqa: E402

from reference.convention import grid_to_columns, grid_to_rows, to_rows  # noqa: E402
from reference.models.swin import SwinBlock  # noqa: E402
from reference.swin import window_attention  # noqa: E402

B, SIDE, C, HEADS, WINDOW, SHIFT = 8, 56, 96, 3, 7, 3


def median_seconds(pairs: dict[str, tuple], repeats: int = 21) -> dict[str, list[float]]:
    """For each named (peer, reference) pair, the median CPU time of each side. Everything is warmed up first (the
    allocator only settles on reusing its memory after the first large frees), then the two sides of a pair are
    called in turn, so a change in the machine's load hits both alike. CPU time (``time.process_time``, one thread),
    not wall time: other jobs share the machine's two cores."""
    for _ in range(3):
        for fns in pairs.values():
            for fn in fns:
                fn()
    medians = {}
    for name, fns in pairs.items():
        samples: list[list[float]] = [[] for _ in fns]
        for _ in range(repeats):
            for fn, times in zip(fns, samples):
                start = time.process_time()
                fn()
                times.append(time.process_time() - start)
        medians[name] = [statistics.median(times) for times in samples]
    return medians


def hf_layer(implementation: str) -> modeling_swin.SwinLayer:
    config = SwinConfig(window_size=WINDOW, attn_implementation=implementation, drop_path_rate=0.0)
    layer = modeling_swin.SwinLayer(config, dim=C, input_resolution=(SIDE, SIDE), num_heads=HEADS, shift_size=SHIFT)
    torch.manual_seed(0)
    with torch.no_grad():
        for parameter in layer.parameters():
            parameter.copy_(torch.randn_like(parameter) * 0.2)
    return layer.eval()


def hf_window_attention(layer: modeling_swin.SwinLayer, rows: torch.Tensor) -> torch.Tensor:
    """The attention half of ``SwinLayer.forward`` on a channels-last grid (B, H, W, C), as it composes it."""
    windows = modeling_swin.window_partition(layer.cyclic_shift(rows), WINDOW).view(-1, WINDOW * WINDOW, C)
    mask = layer.get_attn_mask(SIDE, SIDE, dtype=rows.dtype, device=rows.device)
    out = layer.attention(windows, mask)[0].view(-1, WINDOW, WINDOW, C)
    return layer.cyclic_shift(modeling_swin.window_reverse(out, WINDOW, SIDE, SIDE), reverse=True)


def our_block(layer: modeling_swin.SwinLayer) -> SwinBlock:
    block = SwinBlock(C, HEADS, 4 * C, WINDOW, SHIFT, eps=1e-5)
    attention = layer.attention
    sources = {"Wq": attention.q_proj.weight, "bq": attention.q_proj.bias, "Wk": attention.k_proj.weight,
               "bk": attention.k_proj.bias, "Wv": attention.v_proj.weight, "bv": attention.v_proj.bias,
               "Wo": attention.o_proj.weight, "bo": attention.o_proj.bias,
               "bias_table": attention.relative_position_bias.relative_position_bias_table.T,
               "gamma1": layer.layernorm_before.weight, "beta1": layer.layernorm_before.bias,
               "gamma2": layer.layernorm_after.weight, "beta2": layer.layernorm_after.bias,
               "W1": layer.mlp.fc1.weight, "b1": layer.mlp.fc1.bias,
               "W2": layer.mlp.fc2.weight, "b2": layer.mlp.fc2.bias}
    with torch.no_grad():
        for name, value in sources.items():
            getattr(block, name).copy_(value)
    return block


def main() -> None:
    # The same grid on both sides, stored token by token (each token's C features side by side): Hugging Face's
    # (B, H, W, C) rows, and ours (B, C, H, W) in PyTorch's channels_last memory format.
    X = torch.randn(B, C, SIDE, SIDE, generator=torch.Generator().manual_seed(1))
    X = X.contiguous(memory_format=torch.channels_last)                            # ours: (B, C, H, W)
    rows = grid_to_rows(X).contiguous()                                             # theirs: (B, H, W, C), no copy
    sequence_rows = rows.view(B, SIDE * SIDE, C)
    print(f"threads={torch.get_num_threads()}  B={B} grid={SIDE}×{SIDE} C={C} heads={HEADS} window={WINDOW} "
          f"shift={SHIFT} float32")
    print("| what | Hugging Face ms | reference ms | ratio (goal ≤ 1.2) |")
    print("|---|---|---|---|")
    pairs = {}
    for implementation in ("sdpa", "eager"):
        layer = hf_layer(implementation)
        block = our_block(layer)
        params = {name: getattr(block, name) for name in ("Wq", "bq", "Wk", "bk", "Wv", "bv", "Wo", "bo")}
        with torch.inference_mode():
            ours = window_attention(X, params, HEADS, WINDOW, SHIFT, block.bias_table)
            error = (ours - grid_to_columns(hf_window_attention(layer, rows))).abs().max().item()
            assert error < 1e-4, f"the two window attentions disagree by {error:.2e}"
            error = (to_rows(block(X).flatten(-2)) - layer(sequence_rows, (SIDE, SIDE))[0]).abs().max().item()
            assert error < 1e-4, f"the two blocks disagree by {error:.2e}"
        pairs[f"shifted window attention ({implementation})"] = (
            lambda layer=layer: hf_window_attention(layer, rows),
            lambda params=params, table=block.bias_table: window_attention(X, params, HEADS, WINDOW, SHIFT, table))
        pairs[f"whole block, SwinLayer ({implementation})"] = (
            lambda layer=layer: layer(sequence_rows, (SIDE, SIDE)), lambda block=block: block(X))
    with torch.inference_mode():
        medians = median_seconds(pairs)
    for what, (peer, mine) in medians.items():
        print(f"| {what} | {peer * 1e3:.1f} | {mine * 1e3:.1f} | {mine / peer:.2f} |")


if __name__ == "__main__":
    main()
