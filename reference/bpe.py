"""Character-level byte-pair encoding (docs/contract.md, `bpe`).

A word is its characters followed by the end-of-word symbol ``"</w>"``. Training repeatedly merges the most frequent
adjacent pair of symbols (counts weighted by word frequency, overlapping pairs counted) into one new symbol.

The trainer is incremental: a merge only revisits the words that contain the merged pair (found through an index
pair -> words), and the most frequent pair comes from a lazily corrected heap instead of a full recount.
"""

import heapq
from bisect import bisect_right
from collections import Counter, defaultdict

END_OF_WORD = "</w>"
TIE_BREAKS = ("first", "rank")

Pair = tuple[str, str]
_KEY_NOT_SEARCHED = (-1, -1)  # stands for a first-occurrence key not looked up yet; smaller than any real one


def _split_words(text: str, argument: str) -> list[str]:
    if END_OF_WORD in text:
        raise ValueError(f"{argument} must not contain the end-of-word symbol {END_OF_WORD!r}")
    return text.split()


def _merge_word(symbols: list[str], left: str, right: str) -> list[str]:
    """Replace the non-overlapping occurrences of (left, right) in `symbols`, scanning left to right."""
    merged: list[str] = []
    i, last = 0, len(symbols) - 1
    while i <= last:
        if i < last and symbols[i] == left and symbols[i + 1] == right:
            merged.append(left + right)
            i += 2
        else:
            merged.append(symbols[i])
            i += 1
    return merged


class _IncrementalTrainer:
    """State of BPE training: word segmentations, pair counts, the pair -> words index and a max-heap of pairs.

    Heap entries are ``(-count, key, pair)``; among equal counts the smallest key wins:
      - tie_break="first": key = (word index, character offset) of the pair's first occurrence, words numbered in
        order of first appearance. The offset counts characters of the word's symbols written out ("low</w>"),
        so merges never move it.
      - tie_break="rank": key = (rank of left, rank of right) with Hugging Face ``tokenizers``' ranks: characters
        by code point, then "</w>", then every new symbol in order of creation.
    Invariant: every pair with a positive count has an entry that ranks at least as high as its true
    (count, key). Counts only rise and keys only fall when a merge creates new occurrences, and those pairs are
    pushed again; a popped entry that over-ranks its pair is corrected and pushed back.
    "first" keys cost a search, so entries start with the placeholder (-1, -1), below every real key; the search
    happens only when such an entry reaches the top while another entry has the same count (a tie to settle).
    """

    def __init__(self, word_freqs: Counter, tie_break: str) -> None:
        self.tie_break = tie_break
        self.words = [list(word) + [END_OF_WORD] for word in word_freqs]
        self.freqs = list(word_freqs.values())
        self.counts: defaultdict[Pair, int] = defaultdict(int)
        self.where: defaultdict[Pair, set[int]] = defaultdict(set)
        for index, (symbols, freq) in enumerate(zip(self.words, self.freqs)):
            for pair in zip(symbols, symbols[1:]):
                self.counts[pair] += freq
                self.where[pair].add(index)
        alphabet = sorted({char for word in word_freqs for char in word})
        self.ranks = {symbol: rank for rank, symbol in enumerate(alphabet + [END_OF_WORD])}
        self.heap = [(-count, self._optimistic_key(pair), pair) for pair, count in self.counts.items()]
        heapq.heapify(self.heap)

    def _rank_key(self, pair: Pair) -> tuple[int, int]:
        return self.ranks[pair[0]], self.ranks[pair[1]]

    def _first_occurrence(self, pair: Pair) -> tuple[int, int]:
        """(word index, offset) of the first occurrence; drops the words the index holds that lost the pair."""
        candidates = self.where[pair]
        while True:
            index = min(candidates)
            symbols, offset = self.words[index], 0
            for current in zip(symbols, symbols[1:]):
                if current == pair:
                    return index, offset
                offset += len(current[0])
            candidates.discard(index)

    def _key_is_current(self, pair: Pair, key: tuple[int, int]) -> bool:
        """Rank keys never change; a first-occurrence key is current while the pair still occurs there."""
        if self.tie_break == "rank":
            return True
        if key == _KEY_NOT_SEARCHED:
            return False
        index, target = key
        symbols, offset = self.words[index], 0
        for current in zip(symbols, symbols[1:]):
            if offset >= target:
                return offset == target and current == pair
            offset += len(current[0])
        return False

    def _optimistic_key(self, pair: Pair) -> tuple[int, int]:
        """A key no larger than the true one: "first" puts off finding the first occurrence until it is needed."""
        return _KEY_NOT_SEARCHED if self.tie_break == "first" else self._rank_key(pair)

    def best_pair(self) -> Pair | None:
        """The pair to merge next, or None when no pair is left."""
        heap = self.heap
        while heap:
            neg_count, key, pair = heap[0]
            count = self.counts.get(pair, 0)
            if count == 0:
                heapq.heappop(heap)
                self.counts.pop(pair, None)
                self.where.pop(pair, None)
            elif -neg_count != count:
                heapq.heapreplace(heap, (-count, self._optimistic_key(pair), pair))
            elif self._key_is_current(pair, key) or self._count_is_unique_top():
                return pair
            else:  # a first-occurrence key that is out of date or not looked up yet, and a tie to settle
                heapq.heapreplace(heap, (-count, self._first_occurrence(pair), pair))
        return None

    def _count_is_unique_top(self) -> bool:
        """No other entry has the top entry's count (its heap children, the next largest, have less): no tie."""
        heap = self.heap
        return all(heap[child][0] > heap[0][0] for child in (1, 2) if child < len(heap))

    def merge(self, pair: Pair) -> None:
        """Merge `pair` in every word containing it, adjusting only the counts of the neighbouring pairs.

        Each merged occurrence ``prev left right next`` turns (prev, left) and (right, next) into
        (prev, new) and (new, next); ``prev`` is read from the already merged part, so runs like "a a a" come out
        right. The index keeps words that may have lost a pair (it is a superset), never misses one that has it.
        """
        left, right = pair
        new_symbol = left + right
        self.ranks.setdefault(new_symbol, len(self.ranks))
        counts, where, words = self.counts, self.where, self.words
        gained: defaultdict[Pair, set[int]] = defaultdict(set)  # pair -> words where it got new occurrences
        for index in where.pop(pair):
            symbols, freq = words[index], self.freqs[index]
            merged: list[str] = []
            copied = i = 0  # symbols[:copied] are already in `merged`
            last = len(symbols) - 1
            unseen_lefts = symbols.count(left)  # bounds the search, so `index` never has to fail
            while unseen_lefts:
                i = symbols.index(left, i)
                unseen_lefts -= 1
                if i == last:
                    break
                if symbols[i + 1] != right:
                    i += 1
                    continue
                if right == left:  # the right half of this occurrence is a left we will not visit
                    unseen_lefts -= 1
                merged += symbols[copied:i]
                if merged:
                    counts[merged[-1], left] -= freq
                    new_pair = (merged[-1], new_symbol)
                    counts[new_pair] += freq
                    gained[new_pair].add(index)
                if i + 1 < last:
                    counts[right, symbols[i + 2]] -= freq
                    new_pair = (new_symbol, symbols[i + 2])
                    counts[new_pair] += freq
                    gained[new_pair].add(index)
                merged.append(new_symbol)
                copied = i = i + 2
            if copied:  # else the index was out of date: the word no longer holds the pair
                words[index] = merged + symbols[copied:]
        del counts[pair]
        for gained_pair, indices in gained.items():
            where[gained_pair] |= indices
            if counts[gained_pair] > 0:  # "a b a b": (ab, a) is gained, then lost to the second merge
                heapq.heappush(self.heap, (-counts[gained_pair], self._optimistic_key(gained_pair), gained_pair))


def train_bpe(corpus: str, num_merges: int, tie_break: str = "first") -> list[Pair]:
    """Learn up to `num_merges` merges from `corpus`, in the order learned (fewer if no pair is left).

    tie_break="first" (the contract): among pairs of equal count, the one seen first scanning the distinct words in
    order of first appearance, each left to right. tie_break="rank": Hugging Face ``tokenizers``' BpeTrainer rule,
    the smallest (rank of left, rank of right).
    Raises ValueError if the corpus contains "</w>" or no word at all, or if num_merges is negative.
    """
    words = _split_words(corpus, "corpus")
    if not words:
        raise ValueError("corpus must contain at least one word (it is empty or only whitespace)")
    if isinstance(num_merges, bool) or not isinstance(num_merges, int) or num_merges < 0:
        raise ValueError(f"num_merges must be a non-negative int, got {num_merges!r}")
    if tie_break not in TIE_BREAKS:
        raise ValueError(f"tie_break must be one of {TIE_BREAKS}, got {tie_break!r}")
    trainer = _IncrementalTrainer(Counter(words), tie_break)
    merges: list[Pair] = []
    while len(merges) < num_merges and (pair := trainer.best_pair()) is not None:
        trainer.merge(pair)
        merges.append(pair)
    return merges


def _encode_word(word: str, merge_indices: dict[Pair, list[int]], merges: list[Pair]) -> list[str]:
    """Apply the merges in order to one word.

    Equivalent to running through the whole list, but only visits the merges that change something: the next
    merge to apply is the one with the smallest index after the last one applied whose pair is present.
    """
    symbols = list(word) + [END_OF_WORD]
    last_applied = -1
    while True:
        next_index = len(merges)
        for pair in zip(symbols, symbols[1:]):
            indices = merge_indices.get(pair)
            if indices:
                position = bisect_right(indices, last_applied)
                if position < len(indices):
                    next_index = min(next_index, indices[position])
        if next_index == len(merges):
            return symbols
        symbols = _merge_word(symbols, *merges[next_index])
        last_applied = next_index


def bpe_encode(text: str, merges: list[Pair]) -> list[str]:
    """Split `text` like training, apply `merges` in learned order to each word; return all tokens in order."""
    words = _split_words(text, "text")
    merge_indices: dict[Pair, list[int]] = {}
    for index, pair in enumerate(merges):
        merge_indices.setdefault(tuple(pair), []).append(index)
    merges = [tuple(pair) for pair in merges]
    cache: dict[str, list[str]] = {}
    tokens: list[str] = []
    for word in words:
        if word not in cache:
            cache[word] = _encode_word(word, merge_indices, merges)
        tokens.extend(cache[word])
    return tokens


def bpe_decode(tokens: list[str]) -> str:
    """Concatenate `tokens`, turn each "</w>" into a space and strip trailing spaces."""
    return "".join(tokens).replace(END_OF_WORD, " ").rstrip(" ")
