"""The `translate` capstone: an encoder–decoder built from the learner's embeddings, sinusoidal positions, padding
and causal masks, layers and cross-attention, translating numbers from English words to French words
("three hundred ninety seven" -> "trois cent quatre vingt dix sept"), with the learner's beam search at the end.
Goal: at least 95% of 200 held-out numbers translated exactly.

Source and target share one vocabulary and one tied embedding; two post-LN encoder layers and two decoder layers
of width 64 with 4 heads. The 800 training numbers never include a held-out one, so every held-out translation
recombines pieces seen in other numbers. The picture of the cross-attention shows which English word each French
word reads.
"""
from __future__ import annotations

from pathlib import Path

import torch
import torch.nn.functional as F

from reference.models import EncoderDecoder, ModelConfig

from . import pictures
from .data import english_number, french_number, number_split
from .parts import Parts
from .train import Progress, Schedule, Step, train, trainable

MODULES = ("embeddings", "masking", "transformer_layer", "cross_attention", "sampling")
GOAL = 0.95
SPECIALS = ("<pad>", "<s>", "</s>")
BEAM_WIDTH = 4
MAX_NEW_TOKENS = 8  # the longest French number has 6 words, then </s>
CONFIG = ModelConfig("capstone-translate", "encoder_decoder", d_model=64, num_layers=2, num_heads=4, d_ff=128,
                     vocab_size=1, num_decoder_layers=2, activation="relu")
SCHEDULE = Schedule(steps=1200, batch_size=64, lr=2e-3, warmup=100, weight_decay=0.01)


class Vocabulary:
    """The shared word vocabulary: the specials, then every English and French word of 0 … 999."""

    def __init__(self) -> None:
        words = {word for n in range(1000) for word in english_number(n).split() + french_number(n).split()}
        self.words = [*SPECIALS, *sorted(words)]
        self.ids = {word: index for index, word in enumerate(self.words)}

    def encode(self, text: str) -> list[int]:
        return [self.ids[word] for word in text.split()]

    def decode(self, ids: list[int]) -> str:
        return " ".join(self.words[i] for i in ids if self.words[i] not in SPECIALS)

    def id(self, word: str) -> int:
        return self.ids[word]


def run(parts: Parts, out: Path, schedule: Schedule = SCHEDULE, seed: int = 0, stream=None) -> dict:
    generator = torch.Generator().manual_seed(seed)
    vocabulary = Vocabulary()
    train_numbers, test_numbers = number_split(generator)
    torch.manual_seed(seed)
    config = _config(len(vocabulary.words))
    weights = trainable(EncoderDecoder(config))
    A, H = parts.assembly, CONFIG.num_heads

    def step(index: int) -> Step:
        chosen = torch.randint(len(train_numbers), (schedule.batch_size,), generator=generator)
        src, lengths, tgt_in, tgt_out = batch(vocabulary, [train_numbers[i] for i in chosen])
        logits = A.translation_logits(src, lengths, tgt_in, H, **weights)
        loss = F.cross_entropy(logits, tgt_out)
        real = tgt_out != -100
        correct = int((logits.argmax(1)[real] == tgt_out[real]).sum())
        return Step(loss, correct, int(real.sum()), src.numel() + tgt_in.numel())

    history = train(weights, step, schedule, Progress(schedule.steps, "translate", stream))
    sampling = parts.module("sampling")
    with torch.no_grad():
        beams = [translate(A, sampling, vocabulary, weights, n, beam_width=BEAM_WIDTH) for n in test_numbers]
        greedy = [translate(A, sampling, vocabulary, weights, n) for n in test_numbers]
        exact = _share(beams, test_numbers)
        draw(A, parts, vocabulary, weights, test_numbers, out, history)
    return {
        "metrics": {"exact_match": round(exact, 4), "exact_match_greedy": round(_share(greedy, test_numbers), 4),
                    "beam_width": BEAM_WIDTH, "held_out_numbers": len(test_numbers),
                    "final_loss": round(history.final_loss(), 4), "vocabulary": len(vocabulary.words)},
        "goal": {"metric": "exact_match", "at_least": GOAL, "reached": exact >= GOAL},
        "examples": [{"english": english_number(n), "beam": got, "right": french_number(n)}
                     for n, got in list(zip(test_numbers, beams))[:5]],
        "wrong": [{"english": english_number(n), "beam": got, "right": french_number(n)}
                  for n, got in zip(test_numbers, beams) if got != french_number(n)][:10],
        "timings": {"train_seconds": round(history.seconds, 1),
                    "tokens_per_second": round(history.tokens / history.seconds)},
        "history": history,
        "config": config,
    }


def _config(vocab_size: int) -> ModelConfig:
    from dataclasses import replace

    return replace(CONFIG, vocab_size=vocab_size)


def _share(translations: list[str], numbers: list[int]) -> float:
    return sum(got == french_number(n) for got, n in zip(translations, numbers)) / len(numbers)


def batch(vocabulary: Vocabulary, numbers: list[int]):
    """(src (B, N_s), src_lengths (B,), tgt_in (B, N_t), tgt_out (B, N_t)): padded sources, "<s> French" as the
    decoder's input and "French </s>" as its targets, -100 on the padding."""
    pad, start, end = (vocabulary.id(word) for word in SPECIALS)
    sources = [vocabulary.encode(english_number(n)) for n in numbers]
    targets = [vocabulary.encode(french_number(n)) for n in numbers]
    src = torch.full((len(numbers), max(map(len, sources))), pad)
    tgt_in = torch.full((len(numbers), max(map(len, targets)) + 1), pad)
    tgt_out = torch.full_like(tgt_in, -100)
    for row, (source, target) in enumerate(zip(sources, targets)):
        src[row, :len(source)] = torch.tensor(source)
        tgt_in[row, :len(target) + 1] = torch.tensor([start, *target])
        tgt_out[row, :len(target) + 1] = torch.tensor([*target, end])
    return src, torch.tensor([len(s) for s in sources]), tgt_in, tgt_out


def translate(A, sampling, vocabulary: Vocabulary, weights: dict, number: int, beam_width: int = 0) -> str:
    """The French for one number: the source encoded once, then the learner's ``beam_search`` (or greedy
    ``generate`` when ``beam_width`` is 0) over the decoder."""
    src = torch.tensor([vocabulary.encode(english_number(number))])
    memory = A.encode(src, None, CONFIG.num_heads, **weights)[-1]
    model = lambda tgt: A.decode(tgt[None], memory, None, CONFIG.num_heads, **weights)[-1][0]  # noqa: E731
    start = torch.tensor([vocabulary.id("<s>")])
    end = vocabulary.id("</s>")
    if beam_width:
        ids = sampling.beam_search(model, start, beam_width, MAX_NEW_TOKENS, eos_id=end)
    else:
        ids = sampling.generate(model, start, MAX_NEW_TOKENS, temperature=0.0, eos_id=end)
    return vocabulary.decode(ids.tolist())


def draw(A, parts: Parts, vocabulary: Vocabulary, weights: dict, numbers: list[int], out: Path, history) -> list[Path]:
    """loss.png, alignment.png (cross-attention of four held-out numbers), attention.png (the encoder's
    self-attention on one), positions.png (the sinusoidal table)."""
    H = CONFIG.num_heads
    chosen = examples(numbers)
    maps, sources, targets = [], [], []
    for n in chosen:
        src = torch.tensor([vocabulary.encode(english_number(n))])
        tgt = torch.tensor([[vocabulary.id("<s>"), *vocabulary.encode(french_number(n))]])
        memory = A.encode(src, None, H, **weights)[-1]
        last = A.cross_attention_maps(tgt, memory, None, H, **weights)[-1][0]          # (H, N_s, N_t)
        maps.append(last.mean(dim=0))
        sources.append(english_number(n).split())
        targets.append(["<s>", *french_number(n).split()])
    src = torch.tensor([vocabulary.encode(english_number(chosen[0]))])
    states = A.encode(src, None, H, **weights)
    encoder_maps = [m[0] for m in _encoder_self_attention(A, states, weights)]
    table = parts.module("embeddings").sinusoidal_positions(32, CONFIG.d_model)
    return [
        pictures.loss_curve(history.loss, history.accuracy, out / "loss.png", "English -> French numbers"),
        pictures.alignments(maps, sources, targets, out / "alignment.png",
                            "cross-attention of the last decoder layer (mean over heads): which English word each "
                            "French word reads"),
        pictures.attention_grid(encoder_maps, sources[0], out / "attention.png",
                                "the encoder's self-attention on a held-out number (rows: keys, columns: queries)"),
        pictures.position_image(table, out / "positions.png", "sinusoidal positions (D = 64, 32 positions)"),
    ]


def examples(numbers: list[int]) -> list[int]:
    """Four numbers worth looking at: the two with the longest French, one from 70 to 99, one below 70."""
    longest = sorted(numbers, key=lambda n: (-len(french_number(n).split()), n))[:2]
    return longest + [n for n in numbers if 70 <= n < 100][:1] + [n for n in numbers if n < 70][:1]


def _encoder_self_attention(A, states: list[torch.Tensor], weights: dict) -> list[torch.Tensor]:
    """Per post-LN encoder layer, its self-attention weights (B, H, N, N) on the layer's input."""
    maps = []
    for index in range(A.num_layers(weights, "encoder_layers")):
        params = A.prefixed(weights, f"encoder_layers.{index}.")
        maps.append(A.head_weights(states[index], states[index], params, CONFIG.num_heads))
    return maps
