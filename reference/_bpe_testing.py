"""What tests and benchmarks check `reference.bpe` against: a seeded corpus and two independent trainers.

- `zipf_corpus`: deterministic synthetic text. Words are built from syllables (so sub-words repeat across words,
  as in real text) and drawn with Zipf-like frequencies: the word of popularity rank r has weight 1 / r**exponent.
- `naive_train_bpe`: the textbook trainer, a full recount with `Counter` and `max` before every merge. Its ties
  go to the pair counted first, which is the contract's rule; it shares no logic with `reference.bpe`.
- `tokenizers_train_bpe`: Hugging Face `tokenizers`' BpeTrainer, fed so that its merges use our symbols
  (`run_tokenizers_trainer` is the bare trainer, which the benchmark times on raw text).
"""

import itertools
import json
import random
from collections import Counter

from reference.bpe import END_OF_WORD

_ONSETS = ["", "b", "d", "f", "g", "k", "l", "m", "n", "p", "r", "s", "t", "v", "st", "tr", "sh", "ch", "ñ", "ß"]
_VOWELS = ["a", "e", "i", "o", "u", "ea", "ou", "é", "ö"]
_CODAS = ["", "", "n", "r", "s", "t", "ng", "ck"]

# Appended to every word before `tokenizers` sees it; must not occur in the corpus (see tokenizers_train_bpe).
_SENTINEL = "\U0010ffff"


def zipf_corpus(num_chars: int = 1_000_000, vocab_size: int = 20_000, exponent: float = 1.1, seed: int = 0) -> str:
    """Return exactly `num_chars` characters of space-separated words (a newline every 16 words)."""
    rng = random.Random(seed)
    syllables = [o + v + c for o, v, c in itertools.product(_ONSETS, _VOWELS, _CODAS)]
    vocabulary = ["".join(rng.choices(syllables, k=rng.randint(1, 4))) for _ in range(vocab_size)]
    cumulative_weights = list(itertools.accumulate(1.0 / rank**exponent for rank in range(1, vocab_size + 1)))

    words: list[str] = []
    length = 0
    while length < num_chars:
        batch = rng.choices(vocabulary, cum_weights=cumulative_weights, k=4096)
        words.extend(batch)
        length += sum(len(word) + 1 for word in batch)
    lines = (" ".join(words[start : start + 16]) for start in range(0, len(words), 16))
    return "\n".join(lines)[:num_chars]


def naive_train_bpe(corpus: str, num_merges: int) -> list[tuple[str, str]]:
    """Recount every pair before each merge; `max` over the Counter breaks ties by first occurrence."""
    vocab = {tuple(word) + (END_OF_WORD,): freq for word, freq in Counter(corpus.split()).items()}
    merges = []
    for _ in range(num_merges):
        pair_counts: Counter = Counter()
        for symbols, freq in vocab.items():
            for pair in zip(symbols, symbols[1:]):
                pair_counts[pair] += freq
        if not pair_counts:
            break
        best = max(pair_counts, key=pair_counts.__getitem__)
        merges.append(best)
        vocab = {_replace_pair(symbols, best): freq for symbols, freq in vocab.items()}
    return merges


def _replace_pair(symbols: tuple[str, ...], pair: tuple[str, str]) -> tuple[str, ...]:
    out, i = [], 0
    while i < len(symbols):
        if symbols[i : i + 2] == pair:
            out.append(pair[0] + pair[1])
            i += 2
        else:
            out.append(symbols[i])
            i += 1
    return tuple(out)


def run_tokenizers_trainer(sequences: list[str], vocab_size: int) -> list[tuple[str, str]]:
    """Train `tokenizers`' BpeTrainer as configured for the comparison and read its merges from the model JSON.

    WhitespaceSplit pre-tokenizer, end_of_word_suffix "</w>", no min_frequency pruning, no special tokens.
    """
    from tokenizers import Tokenizer, models, pre_tokenizers, trainers

    tokenizer = Tokenizer(models.BPE())
    tokenizer.pre_tokenizer = pre_tokenizers.WhitespaceSplit()
    trainer = trainers.BpeTrainer(
        vocab_size=vocab_size, min_frequency=0, show_progress=False, special_tokens=[], end_of_word_suffix=END_OF_WORD
    )
    tokenizer.train_from_iterator(sequences, trainer)
    return [tuple(merge) for merge in json.loads(tokenizer.to_str())["model"]["merges"]]


def tokenizers_train_bpe(corpus: str, num_merges: int) -> list[tuple[str, str]]:
    """The first `num_merges` merges `tokenizers` learns from `corpus`, written in `reference.bpe`'s symbols.

    With end_of_word_suffix="</w>" the trainer glues the suffix to the last character ("w</w>" is one initial
    symbol), so it could never learn our merges such as ("w", "</w>"). Appending a sentinel character to every word
    makes the glued symbol "<sentinel></w>", which plays our separate "</w>": it is the first symbol created after
    the alphabet, so its id comes right after every character's, the rank `reference.bpe` gives "</w>".
    (Fed plain words, tokenizers numbers its glued symbols "a</w>", "b</w>", ... in hash-map order, which changes
    from one process to the next, so its own tie-breaks between them are not even reproducible.)
    Words are split by Python (str.split) and rejoined with single spaces, so both sides see the same words.
    """
    if _SENTINEL in corpus:
        raise ValueError("corpus must not contain the sentinel character U+10FFFF")
    lines = [" ".join(word + _SENTINEL for word in line.split()) for line in corpus.splitlines()]
    # Every merge adds at most one symbol, so this vocabulary size allows at least `num_merges` merges.
    initial_vocab_size = len(set("".join(lines)) - {" "}) + 1  # the characters, the sentinel, "<sentinel></w>"
    merges = run_tokenizers_trainer(lines, initial_vocab_size + num_merges)
    glued = _SENTINEL + END_OF_WORD
    return [(left.replace(glued, END_OF_WORD), right.replace(glued, END_OF_WORD)) for left, right in merges[:num_merges]]
