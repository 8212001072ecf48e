"""Deterministic synthetic corpora for testing and benchmarking BPE trainers.

Words are built from syllables (so sub-words repeat across words, as in real text) and drawn with Zipf-like
frequencies: the word of popularity rank r has weight 1 / r**exponent. The same seed always gives the same text.
"""

import itertools
import random

_ONSETS = ["", "b", "d", "f", "g", "k", "l", "m", "n", "p", "r", "s", "t", "v", "st", "tr", "sh", "ch", "ñ", "ß"]
_VOWELS = ["a", "e", "i", "o", "u", "ea", "ou", "é", "ö"]
_CODAS = ["", "", "n", "r", "s", "t", "ng", "ck"]


def zipf_corpus(num_chars: int = 1_000_000, vocab_size: int = 20_000, exponent: float = 1.1, seed: int = 0) -> str:
    """Return about `num_chars` characters of space-separated words (a newline every 16 words)."""
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
