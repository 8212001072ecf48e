"""The `gpt` capstone: a small GPT built from the learner's BPE, embeddings, causal mask, multi-head attention,
layers and sampling, trained on a synthetic language with one right answer. Goal: greedy completions of held-out
prompts exactly right at least 95% of the time.

The language: "sort seven one four = one four seven ." and "reverse two nine four = four nine two ." (3 to 7 digit
words). The learner's BPE is trained on a corpus of such sentences until no pair is left (every word one token);
each training batch is freshly drawn, never one of the held-out prompts, and the loss counts only the answer's tokens.
Held-out prompts are completed by the learner's `generate` at temperature 0 and decoded by their `bpe_decode`.
"""
from __future__ import annotations

from pathlib import Path

import torch
import torch.nn.functional as F

from reference.models import GPTDecoder, ModelConfig

from . import pictures
from .data import COMMANDS, DIGIT_WORDS, END, random_digit_tasks
from .parts import Parts
from .train import Progress, Schedule, Step, train, trainable

MODULES = ("bpe", "embeddings", "masking", "transformer_layer", "sampling")
GOAL = 0.95
CORPUS_SENTENCES = 2000
NUM_MERGES = 200  # more than the language needs: training stops when every word is one token
HELD_OUT = 300
PAD = "<pad>"
MAX_DIGITS = 7
CONFIG = ModelConfig("capstone-gpt", "decoder", d_model=64, num_layers=2, num_heads=4, d_ff=256, vocab_size=1,
                     max_positions=2 * MAX_DIGITS + 3, norm_first=True, activation="relu")  # one token per word
SCHEDULE = Schedule(steps=1000, batch_size=64, lr=3e-3, warmup=100, weight_decay=0.01)


class Tokenizer:
    """The learner's BPE on the digit language: merges from ``train_bpe``, each word encoded once by
    ``bpe_encode`` (words are encoded independently, so a sentence is its words' tokens in order)."""

    def __init__(self, bpe, corpus: str) -> None:
        self.bpe = bpe
        self.merges = bpe.train_bpe(corpus, NUM_MERGES)
        words = [*COMMANDS, *DIGIT_WORDS, "=", END]
        self.word_tokens = {word: bpe.bpe_encode(word, self.merges) for word in words}
        self.vocab = [PAD] + sorted({token for tokens in self.word_tokens.values() for token in tokens})
        self.ids = {token: index for index, token in enumerate(self.vocab)}

    def tokens(self, text: str) -> list[str]:
        return [token for word in text.split() for token in self.word_tokens[word]]

    def encode(self, text: str) -> list[int]:
        return [self.ids[token] for token in self.tokens(text)]

    def decode(self, ids: list[int]) -> str:
        return self.bpe.bpe_decode([self.vocab[i] for i in ids if i != self.ids[PAD]])

    @property
    def end_id(self) -> int:
        return self.ids[self.word_tokens[END][-1]]

    @property
    def max_tokens(self) -> int:
        """The tokens of the longest sentence: the longest command, 2 × 7 of the longest digit word, "=", "."."""
        longest = max(len(self.word_tokens[word]) for word in DIGIT_WORDS)
        return (max(len(self.word_tokens[c]) for c in COMMANDS) + 2 * MAX_DIGITS * longest
                + len(self.word_tokens["="]) + len(self.word_tokens[END]))


def merge_curve(bpe, corpus: str, merges: list) -> list[tuple[int, int]]:
    """(vocabulary size, corpus length in tokens) after 0, 1, …, len(merges) merges: characters plus one symbol per
    merge, and the corpus encoded with the first k merges (each distinct word once, times its count)."""
    counts: dict[str, int] = {}
    for word in corpus.split():
        counts[word] = counts.get(word, 0) + 1
    characters = len({character for word in counts for character in word}) + 1  # and "</w>"
    return [(characters + k, sum(len(bpe.bpe_encode(word, merges[:k])) * count for word, count in counts.items()))
            for k in range(len(merges) + 1)]


def run(parts: Parts, out: Path, schedule: Schedule = SCHEDULE, seed: int = 0, stream=None) -> dict:
    generator = torch.Generator().manual_seed(seed)
    bpe, sampling, A = parts.module("bpe"), parts.module("sampling"), parts.assembly
    corpus_tasks = random_digit_tasks(CORPUS_SENTENCES, generator)
    corpus = " ".join(f"{prompt} {answer}" for prompt, answer in corpus_tasks)
    tokenizer = Tokenizer(bpe, corpus)
    held_out = list(dict.fromkeys(random_digit_tasks(HELD_OUT, generator)))
    held_out_prompts = {prompt for prompt, _ in held_out}
    torch.manual_seed(seed)
    config = _config(len(tokenizer.vocab), tokenizer.max_tokens)
    weights = trainable(GPTDecoder(config))
    H = CONFIG.num_heads

    def step(index: int) -> Step:
        tasks = [task for task in random_digit_tasks(schedule.batch_size, generator) if task[0] not in held_out_prompts]
        inputs, targets = batch(tokenizer, tasks)
        logits = A.gpt_logits(inputs, H, **weights)
        loss = F.cross_entropy(logits, targets)
        answer = targets != -100
        correct = int((logits.argmax(1)[answer] == targets[answer]).sum())
        return Step(loss, correct, int(answer.sum()), inputs.numel())

    history = train(weights, step, schedule, Progress(schedule.steps, "gpt", stream))
    with torch.no_grad():
        completions = [complete(A, sampling, tokenizer, weights, prompt) for prompt, _ in held_out]
        exact = sum(got == want for got, (_, want) in zip(completions, held_out)) / len(held_out)
        sampler = torch.Generator().manual_seed(seed)
        samples = [complete(A, sampling, tokenizer, weights, prompt, temperature=1.0, generator=sampler)
                   for prompt, _ in held_out[:3]]
        draw(A, tokenizer, weights, held_out[0], bpe, corpus, out, history)
    return {
        "metrics": {"exact_match": round(exact, 4), "held_out_prompts": len(held_out),
                    "final_loss": round(history.final_loss(), 4), "vocabulary": len(tokenizer.vocab),
                    "merges": len(tokenizer.merges)},
        "goal": {"metric": "exact_match", "at_least": GOAL, "reached": exact >= GOAL},
        "examples": [{"prompt": prompt, "greedy": got, "right": want}
                     for (prompt, want), got in list(zip(held_out, completions))[:5]],
        "samples_at_temperature_1": [f"{prompt} {text}" for (prompt, _), text in zip(held_out, samples)],
        "timings": {"train_seconds": round(history.seconds, 1),
                    "tokens_per_second": round(history.tokens / history.seconds)},
        "history": history,
        "config": config,
    }


def _config(vocab_size: int, max_positions: int) -> ModelConfig:
    """CONFIG for this tokenizer (a BPE that leaves words in pieces makes longer sentences)."""
    from dataclasses import replace

    return replace(CONFIG, vocab_size=vocab_size, max_positions=max_positions)


def batch(tokenizer: Tokenizer, tasks: list[tuple[str, str]]) -> tuple[torch.Tensor, torch.Tensor]:
    """(inputs, targets), each (B, N): a sentence minus its last token, and the next tokens with -100 (ignored) on
    the prompt's positions and the padding."""
    pad = tokenizer.ids[PAD]
    rows = [(tokenizer.encode(prompt), tokenizer.encode(answer)) for prompt, answer in tasks]
    width = max(len(p) + len(a) for p, a in rows) - 1
    inputs = torch.full((len(rows), width), pad)
    targets = torch.full((len(rows), width), -100)
    for row, (prompt, answer) in enumerate(rows):
        ids = torch.tensor(prompt + answer)
        inputs[row, :len(ids) - 1] = ids[:-1]
        targets[row, len(prompt) - 1:len(ids) - 1] = ids[len(prompt):]
    return inputs, targets


def complete(A, sampling, tokenizer: Tokenizer, weights: dict, prompt: str, temperature: float = 0.0,
             generator: torch.Generator | None = None) -> str:
    """The model's answer to a prompt, by the learner's ``generate`` (greedy at temperature 0), decoded."""
    prompt_ids = torch.tensor(tokenizer.encode(prompt))
    model = lambda ids: A.gpt_logits(ids[None], CONFIG.num_heads, **weights)[0]  # noqa: E731 - (V, N)
    ids = sampling.generate(model, prompt_ids, tokenizer.max_tokens - len(prompt_ids), temperature=temperature,
                            eos_id=tokenizer.end_id, generator=generator)
    return tokenizer.decode(ids[len(prompt_ids):].tolist())


def draw(A, tokenizer: Tokenizer, weights: dict, example: tuple[str, str], bpe, corpus: str, out: Path,
         history) -> list[Path]:
    """loss.png, attention.png (a held-out sentence), positions.png (the learned table), bpe.png (merge curve)."""
    prompt, answer = example
    ids = torch.tensor([tokenizer.encode(f"{prompt} {answer}")])
    states = A.decoder_states(ids, CONFIG.num_heads, **weights)
    mask = torch.ones(ids.shape[1], ids.shape[1], dtype=torch.bool).triu()
    maps = [m[0] for m in A.self_attention_maps(states, CONFIG.num_heads, mask, **weights)]
    labels = [token.replace("</w>", "") for token in tokenizer.tokens(f"{prompt} {answer}")]
    return [
        pictures.loss_curve(history.loss, history.accuracy, out / "loss.png", "GPT on sort / reverse"),
        pictures.attention_grid(maps, labels, out / "attention.png",
                                "GPT's causal attention on a held-out sentence (rows: keys, columns: queries)"),
        pictures.position_image(weights["position_embedding"], out / "positions.png", "GPT's learned positions"),
        pictures.bpe_curve(merge_curve(bpe, corpus, tokenizer.merges), out / "bpe.png",
                           "BPE on the digit language, merge by merge"),
    ]
