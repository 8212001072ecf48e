# Your exercise file: fill in the functions below, then run `pytest exercises`.
# (Generated from solutions/bpe.py by `attn exercises sync`: maintainers edit the solution instead.)
"""Exercise 1 · Byte-pair encoding (BPE)

Difficulty: ★☆☆ (gentle warm-up, no tensors) · Time: about 30 minutes

What
    A transformer never sees letters, only token ids. BPE decides what a token is: start from single characters and
    repeatedly glue together the adjacent pair of symbols that occurs most often in a training corpus. Each glue step
    is a *merge*; the list of merges, in the order they were learned, is the tokenizer.

Why
    Whole words give a huge vocabulary and no way to spell an unseen name; single characters give very long
    sequences. BPE sits in between: frequent words become one token, rare words fall apart into a few known pieces,
    and nothing is ever out of vocabulary.

The procedure
    1. Split the corpus on whitespace. Each word becomes its characters followed by an end-of-word symbol "</w>",
       so "low" is ["l", "o", "w", "</w>"]. The marker lets "er" at the end of a word differ from "er" inside one.
    2. Count every adjacent pair in every word, weighted by how often the word occurs ("aaa" holds two ("a", "a")).
    3. Merge the most frequent pair everywhere, left to right, never letting two merges overlap.
    4. Repeat until you have `num_merges` merges or no pair is left.
    Encoding a new text replays the merges in the order they were learned. Decoding glues the tokens back together
    and turns each "</w>" into a space.

Shapes
    No tensors here: a corpus is a str, merges are a list of (left, right) string pairs, tokens are a list of str.

Ties (read this before you start)
    Several pairs often share the top count. Take the pair whose first occurrence comes first when you walk the
    distinct words in order of first appearance, each word left to right. A `collections.Counter` filled in exactly
    that order, followed by `max(counts, key=counts.get)`, does this for free: `max` returns the first maximum.

Worked example
    Corpus: "low" x5, "lower" x2, "newer" x6. Counts: (w, e) 8, (e, r) 8, (r, </w>) 8, (l, o) 7, ... The three
    pairs at 8 tie; (w, e) is seen first, so merge 1 is ("w", "e"). Now "newer" is n e we r </w> and (e, r) has
    count 0 -- the next merge is ("we", "r") with count 8. (Some notes claim ("e", "r") comes next: that is the trap
    below.)

The classic trap
    Recounting from the original characters, or doing `str.replace` on a space-joined word: "e r" would then match
    inside "we r", so a merge crosses symbol boundaries. Always count and merge on the *current* list of symbols.

Hints (one at a time)
    1. Keep a dict from each distinct word to its current list of symbols, and a Counter of word frequencies.
    2. `merge_pair` walks the list with an index i: if symbols[i], symbols[i + 1] is the pair, append their
       concatenation and jump by 2, otherwise append symbols[i] and step by 1.
    3. `pair_counts[(a, b)] += freq` for `a, b in zip(symbols, symbols[1:])`; stop when the Counter is empty.
"""
from __future__ import annotations

from collections import Counter

END_OF_WORD = "</w>"


def split_words(text: str, argument: str = "text") -> list[list[str]]:
    """Split `text` on whitespace into words, each a list of characters followed by "</w>" (given, not an exercise).

    Shapes: none (str -> list of lists of str). ValueError if the text already contains "</w>".
    """
    if END_OF_WORD in text:
        raise ValueError(f"{argument} must not contain the end-of-word symbol {END_OF_WORD!r}")
    return [list(word) + [END_OF_WORD] for word in text.split()]


def merge_pair(symbols: list[str], pair: tuple[str, str]) -> list[str]:
    """Replace each non-overlapping occurrence of `pair` in `symbols` by the joined symbol, scanning left to right.

    Shapes: none (list of str -> shorter or equal list of str). Example: merge_pair(["a", "a", "a"], ("a", "a"))
    is ["aa", "a"].
    """
    raise NotImplementedError('merge_pair: walk the symbols left to right; when (symbols[i], symbols[i+1]) == pair, join them')


def train_bpe(corpus: str, num_merges: int) -> list[tuple[str, str]]:
    """Learn up to `num_merges` merges from `corpus`, most frequent pair first (ties: first seen).

    Shapes: none (str -> list of (left, right) pairs, in the order learned). ValueError if the corpus contains "</w>".
    """
    words = split_words(corpus, "corpus")
    raise NotImplementedError('train_bpe: count weighted adjacent pairs, merge the most frequent everywhere, repeat')


def bpe_encode(text: str, merges: list[tuple[str, str]]) -> list[str]:
    """Tokenize `text` by replaying `merges` in the order learned on each word.

    Shapes: none (str -> list of str tokens; "</w>" appears as or inside the last token of each word).
    ValueError if the text contains "</w>".
    """
    words = split_words(text, "text")
    raise NotImplementedError('bpe_encode: for each word, apply every merge in order with merge_pair, then collect the tokens')


def bpe_decode(tokens: list[str]) -> str:
    """Join `tokens` back into text: each "</w>" becomes a space, trailing spaces are removed.

    Shapes: none (list of str -> str). bpe_decode(bpe_encode(t, m)) == " ".join(t.split()).
    """
    raise NotImplementedError('bpe_decode: concatenate the tokens, turn each "</w>" into a space, strip the trailing space')
