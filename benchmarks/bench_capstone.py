"""The reference models the capstones stand on, against peers of the same size, float32 on the CPU:

1. one training step (forward, backward, AdamW) of the reference GPT (``GPTDecoder``) and ViT (``VisionTransformer``)
   vs a model of the same shape built from ``torch.nn.TransformerEncoderLayer`` (goal: at most 1.3× its time);
2. generation: tokens per second of the reference GPT with its KV cache (``GPTDecoder.generate``, greedy) vs Hugging
   Face's ``GPT2LMHeadModel.generate`` (greedy, its own cache) holding the same weights (``reference.models.hf``),
   which must draw the same tokens (goal: faster).

Timings interleave the two sides and take the median of repeats. Run with
``OMP_NUM_THREADS=1 .venv/bin/python benchmarks/bench_capstone.py``.
"""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

import torch
from torch import nn

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
import peers  # noqa: E402  (torchvision's operator schemas, needed before transformers is imported)

from reference.models import GPTDecoder, ModelConfig, VisionTransformer

GPT = ModelConfig("bench-gpt", "decoder", d_model=256, num_layers=4, num_heads=8, d_ff=1024, vocab_size=4096,
                  max_positions=256, norm_first=True, activation="gelu")
VIT = ModelConfig("bench-vit", "vit", d_model=192, num_layers=4, num_heads=6, d_ff=768, image_size=32, patch_size=4,
                  num_channels=3, num_classes=10, norm_first=True, activation="gelu")


class TorchGPT(nn.Module):
    """The same decoder from PyTorch's layers: embeddings, pre-LN encoder layers with a causal mask, tied head."""

    def __init__(self, config: ModelConfig) -> None:
        super().__init__()
        self.embedding = nn.Embedding(config.vocab_size, config.d_model)
        self.positions = nn.Parameter(torch.zeros(config.max_positions, config.d_model))
        self.layers = nn.ModuleList(nn.TransformerEncoderLayer(config.d_model, config.num_heads, config.d_ff,
                                                               dropout=0.0, activation="gelu", batch_first=True,
                                                               norm_first=True) for _ in range(config.num_layers))
        self.norm = nn.LayerNorm(config.d_model)

    def forward(self, ids: torch.Tensor) -> torch.Tensor:
        X = self.embedding(ids) + self.positions[: ids.shape[1]]
        mask = nn.Transformer.generate_square_subsequent_mask(ids.shape[1])
        for layer in self.layers:
            X = layer(X, src_mask=mask, is_causal=True)
        return self.norm(X) @ self.embedding.weight.T                     # (B, N, V)


class TorchViT(nn.Module):
    """The same ViT from PyTorch's layers: a stride-P convolution, [CLS], learned positions, pre-LN layers."""

    def __init__(self, config: ModelConfig) -> None:
        super().__init__()
        D = config.d_model
        self.patches = nn.Conv2d(config.num_channels, D, config.patch_size, stride=config.patch_size)
        self.cls = nn.Parameter(torch.zeros(1, 1, D))
        self.positions = nn.Parameter(torch.zeros(1, config.num_patches + 1, D))
        self.layers = nn.ModuleList(nn.TransformerEncoderLayer(D, config.num_heads, config.d_ff, dropout=0.0,
                                                               activation="gelu", batch_first=True, norm_first=True)
                                    for _ in range(config.num_layers))
        self.norm = nn.LayerNorm(D)
        self.head = nn.Linear(D, config.num_classes)

    def forward(self, images: torch.Tensor) -> torch.Tensor:
        X = self.patches(images).flatten(2).transpose(1, 2)
        X = torch.cat([self.cls.expand(len(images), -1, -1), X], dim=1) + self.positions
        for layer in self.layers:
            X = layer(X)
        return self.head(self.norm(X)[:, 0])


def step_timer(model: nn.Module, loss_of) -> callable:
    optimiser = torch.optim.AdamW(model.parameters(), lr=1e-4)

    def step() -> float:
        start = time.perf_counter()
        optimiser.zero_grad(set_to_none=True)
        loss_of(model).backward()
        optimiser.step()
        return time.perf_counter() - start
    return step


def compare(name: str, ours, peer, repeats: int = 15) -> tuple[float, float]:
    for _ in range(3):
        ours(), peer()
    times = [(ours(), peer()) for _ in range(repeats)]
    mine, theirs = statistics.median(t[0] for t in times), statistics.median(t[1] for t in times)
    print(f"{name:<44} {1e3 * mine:8.1f} ms vs {1e3 * theirs:8.1f} ms: {mine / theirs:.2f}× (goal ≤ 1.3×)")
    return mine, theirs


def training_steps() -> None:
    torch.manual_seed(0)
    ids = torch.randint(GPT.vocab_size, (8, 128))
    gpt_loss_ours = lambda m: nn.functional.cross_entropy(m(ids[:, :-1]), ids[:, 1:])                  # noqa: E731
    gpt_loss_peer = lambda m: nn.functional.cross_entropy(m(ids[:, :-1]).transpose(1, 2), ids[:, 1:])  # noqa: E731
    compare("training step, GPT (B=8, N=127, D=256, L=4)", step_timer(GPTDecoder(GPT), gpt_loss_ours),
            step_timer(TorchGPT(GPT), gpt_loss_peer))
    images, labels = torch.randn(32, 3, 32, 32), torch.randint(10, (32,))
    vit_loss = lambda m: nn.functional.cross_entropy(                                                   # noqa: E731
        m.classify(images) if isinstance(m, VisionTransformer) else m(images), labels)
    compare("training step, ViT (B=32, 65 tokens, D=192, L=4)", step_timer(VisionTransformer(VIT), vit_loss),
            step_timer(TorchViT(VIT), vit_loss))


def generation(new_tokens: int = 128, repeats: int = 5) -> None:
    peers.register_torchvision_operators()
    from transformers import GPT2Config, GPT2LMHeadModel

    from reference.models.hf import load_gpt2

    hf_config = GPT2Config(vocab_size=GPT.vocab_size, n_positions=GPT.max_positions, n_embd=GPT.d_model,
                           n_layer=GPT.num_layers, n_head=GPT.num_heads, n_inner=GPT.d_ff,
                           activation_function="gelu_new", resid_pdrop=0.0, embd_pdrop=0.0, attn_pdrop=0.0)
    torch.manual_seed(0)
    hf = GPT2LMHeadModel(hf_config).eval()
    config = ModelConfig("bench-gpt2", "decoder", GPT.d_model, GPT.num_layers, GPT.num_heads, GPT.d_ff,
                         vocab_size=GPT.vocab_size, max_positions=GPT.max_positions, norm_first=True,
                         activation="gelu_tanh")
    ours = load_gpt2(hf.state_dict(), config).eval()
    prompt = torch.randint(GPT.vocab_size, (16,))

    def run_ours() -> tuple[torch.Tensor, float]:
        start = time.perf_counter()
        out = ours.generate(prompt, new_tokens, temperature=0.0)
        return out, time.perf_counter() - start

    def run_hf() -> tuple[torch.Tensor, float]:
        start = time.perf_counter()
        with torch.no_grad():
            out = hf.generate(prompt[None], max_new_tokens=new_tokens, min_new_tokens=new_tokens, do_sample=False,
                              use_cache=True, pad_token_id=0)[0]
        return out, time.perf_counter() - start

    run_ours(), run_hf()
    pairs = [(run_ours(), run_hf()) for _ in range(repeats)]
    same = all(torch.equal(a[0], b[0]) for a, b in pairs)
    mine = statistics.median(a[1] for a, _ in pairs)
    theirs = statistics.median(b[1] for _, b in pairs)
    print(f"generation, {new_tokens} tokens greedy (same weights)     {new_tokens / mine:8.0f} tok/s vs "
          f"{new_tokens / theirs:8.0f} tok/s (HF generate): {theirs / mine:.2f}× faster (goal > 1); same tokens: {same}")


if __name__ == "__main__":
    print(f"torch {torch.__version__}, {torch.get_num_threads()} thread(s)")
    training_steps()
    generation()
