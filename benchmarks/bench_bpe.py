"""Time reference.bpe's trainer against Hugging Face `tokenizers` and a naive full-recount trainer.

Run: python benchmarks/bench_bpe.py [--merges 1000] [--chars 1000000] [--repeats 5]
All timings come from this one run, on the same corpus; each is the best of --repeats runs.
Goals: reference within 2x of tokenizers' time, and at least 30x faster than the naive trainer.
"""

import argparse
import time

from reference._bpe_testing import naive_train_bpe, run_tokenizers_trainer, zipf_corpus
from reference.bpe import END_OF_WORD, train_bpe


def best_time(function, repeats: int) -> tuple[float, object]:
    """The shortest wall-clock time of `repeats` calls, and what the last call returned."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        result = function()
        times.append(time.perf_counter() - start)
    return min(times), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--merges", type=int, default=1000)
    parser.add_argument("--chars", type=int, default=1_000_000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--naive-merges", type=int, nargs=2, default=(5, 20), metavar=("FEW", "MORE"))
    args = parser.parse_args()

    corpus = zipf_corpus(args.chars)
    words = corpus.split()
    print(f"corpus: {len(corpus):,} chars, {len(words):,} words, {len(set(words)):,} distinct; {args.merges} merges")

    first, _ = best_time(lambda: train_bpe(corpus, args.merges), args.repeats)
    rank, _ = best_time(lambda: train_bpe(corpus, args.merges, tie_break="rank"), args.repeats)

    # tokenizers as one would run it: the raw lines, "</w>" glued to each word's last character.
    initial_vocab_size = len(set("".join(words))) + len({word[-1] + END_OF_WORD for word in words})
    lines = corpus.splitlines()
    peer, peer_merges = best_time(lambda: run_tokenizers_trainer(lines, initial_vocab_size + args.merges), args.repeats)

    # The naive trainer costs about the same per merge throughout, so it is timed on a few merges and extrapolated:
    # total = time(FEW) + per-merge slope * (merges - FEW), the slope from time(MORE) - time(FEW).
    few, more = args.naive_merges
    naive_few, _ = best_time(lambda: naive_train_bpe(corpus, few), args.repeats)
    naive_more, _ = best_time(lambda: naive_train_bpe(corpus, more), args.repeats)
    per_merge = (naive_more - naive_few) / (more - few)
    naive = naive_few + per_merge * (args.merges - few)

    print(f"reference, tie_break='first': {first:8.3f} s")
    print(f"reference, tie_break='rank':  {rank:8.3f} s")
    print(f"tokenizers BpeTrainer:        {peer:8.3f} s  ({len(peer_merges)} merges; fed raw lines, default threads)")
    print(f"naive full recount:           {naive:8.3f} s  (extrapolated: {few} and {more} merges timed, "
          f"{per_merge * 1000:.1f} ms per merge)")
    print(f"reference / tokenizers: {first / peer:.2f}x ('first'), {rank / peer:.2f}x ('rank')  [goal <= 2x]")
    print(f"naive / reference:      {naive / first:.0f}x ('first'), {naive / rank:.0f}x ('rank')  [goal >= 30x]")
    print()
    print("| corpus | merges | reference first (s) | reference rank (s) | tokenizers (s) | naive, extrapolated (s) "
          "| ref/tokenizers | naive/ref |")
    print("|---|---|---|---|---|---|---|---|")
    print(f"| {len(corpus) / 1e6:.1f} MB Zipf | {args.merges} | {first:.3f} | {rank:.3f} | {peer:.3f} | {naive:.1f} "
          f"| {first / peer:.2f}x / {rank / peer:.2f}x | {naive / first:.0f}x / {naive / rank:.0f}x |")


if __name__ == "__main__":
    main()
