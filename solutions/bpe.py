"""Model answer: byte-pair encoding (BPE). Its lesson is its entry in the course registry (course/registry.py)."""
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
    ### BEGIN SOLUTION  (todo: walk the symbols left to right; when (symbols[i], symbols[i+1]) == pair, join them)
    merged: list[str] = []
    i = 0
    while i < len(symbols):
        if i + 1 < len(symbols) and (symbols[i], symbols[i + 1]) == pair:
            merged.append(symbols[i] + symbols[i + 1])
            i += 2  # skip both halves: merges never overlap
        else:
            merged.append(symbols[i])
            i += 1
    return merged
    ### END SOLUTION


def train_bpe(corpus: str, num_merges: int) -> list[tuple[str, str]]:
    """Learn up to `num_merges` merges from `corpus`, most frequent pair first (ties: first seen).

    Shapes: none (str -> list of (left, right) pairs, in the order learned). ValueError if the corpus contains "</w>".
    """
    words = split_words(corpus, "corpus")
    ### BEGIN SOLUTION  (todo: count weighted adjacent pairs, merge the most frequent everywhere, repeat)
    # Counter keeps the order in which words first appear, which the tie rule needs.
    word_counts = Counter(tuple(word) for word in words)
    segmentation = {word: list(word) for word in word_counts}

    merges: list[tuple[str, str]] = []
    for _ in range(num_merges):
        pair_counts: Counter[tuple[str, str]] = Counter()
        for word, frequency in word_counts.items():
            symbols = segmentation[word]
            for pair in zip(symbols, symbols[1:]):
                pair_counts[pair] += frequency
        if not pair_counts:
            break  # every word is a single symbol: nothing left to merge
        best = max(pair_counts, key=pair_counts.get)  # first maximum in insertion order = the tie rule
        merges.append(best)
        for word in segmentation:
            segmentation[word] = merge_pair(segmentation[word], best)
    return merges
    ### END SOLUTION


def bpe_encode(text: str, merges: list[tuple[str, str]]) -> list[str]:
    """Tokenize `text` by replaying `merges` (any list of pairs) in the order given, on each word.

    Shapes: none (str -> list of str tokens; "</w>" appears as or inside the last token of each word).
    ValueError if the text contains "</w>".
    """
    words = split_words(text, "text")
    ### BEGIN SOLUTION  (todo: for each word, apply every merge in order with merge_pair, then collect the tokens)
    tokens: list[str] = []
    for symbols in words:
        for pair in merges:
            symbols = merge_pair(symbols, pair)
        tokens.extend(symbols)
    return tokens
    ### END SOLUTION


def bpe_decode(tokens: list[str]) -> str:
    """Join `tokens` back into text: each "</w>" becomes a space, trailing spaces are removed.

    Shapes: none (list of str -> str). bpe_decode(bpe_encode(t, m)) == " ".join(t.split()). Any sequence of
    vocabulary tokens is valid (a model's samples): "</w>" tokens in a row give spaces in a row, which stay.
    """
    ### BEGIN SOLUTION  (todo: concatenate the tokens, turn each "</w>" into a space, strip the trailing space)
    return "".join(tokens).replace(END_OF_WORD, " ").rstrip(" ")
    ### END SOLUTION
