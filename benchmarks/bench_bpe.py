"""Time reference.bpe's trainer against Hugging Face `tokenizers` and a naive full-recount trainer.

Run: python benchmarks/bench_bpe.py [--merges 1000] [--chars 1000000] [--repeats 5]
All timings come from this one run, on the same corpus. The contenders take turns, round after round, so a burst
of load from elsewhere hits them alike; each figure is the best wall-clock time over --repeats rounds.
Goals: reference within 2x of tokenizers' time, and at least 30x faster than the naive trainer.
"""

import argparse
import time

from reference._bpe_testing import naive_train_bpe, run_tokenizers_trainer, zipf_corpus
from reference.bpe import END_OF_WORD, train_bpe


def best_times(contenders: dict, repeats: int) -> dict[str, float]:
    """The shortest wall-clock time of each contender over `repeats` rounds in which every contender runs once."""
    best = {name: float("inf") for name in contenders}
    for _ in range(repeats):
        for name, run in contenders.items():
            start = time.perf_counter()
            run()
            best[name] = min(best[name], time.perf_counter() - start)
    return best


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

    # tokenizers as one would run it: the raw lines, "</w>" glued to each word's last character.
    initial_vocab_size = len(set("".join(words))) + len({word[-1] + END_OF_WORD for word in words})
    lines = corpus.splitlines()
    peer_merges = len(run_tokenizers_trainer(lines, initial_vocab_size + args.merges))

    # The naive trainer costs about the same per merge throughout, so it is timed on a few merges and extrapolated:
    # total = time(FEW) + per-merge slope * (merges - FEW), the slope from time(MORE) - time(FEW).
    few, more = args.naive_merges
    times = best_times(
        {
            "first": lambda: train_bpe(corpus, args.merges),
            "rank": lambda: train_bpe(corpus, args.merges, tie_break="rank"),
            "tokenizers": lambda: run_tokenizers_trainer(lines, initial_vocab_size + args.merges),
            "naive_few": lambda: naive_train_bpe(corpus, few),
            "naive_more": lambda: naive_train_bpe(corpus, more),
        },
        args.repeats,
    )
    first, rank, peer = times["first"], times["rank"], times["tokenizers"]
    per_merge = (times["naive_more"] - times["naive_few"]) / (more - few)
    naive = times["naive_few"] + per_merge * (args.merges - few)

    print(f"reference, tie_break='first': {first:8.3f} s")
    print(f"reference, tie_break='rank':  {rank:8.3f} s")
    print(f"tokenizers BpeTrainer:        {peer:8.3f} s  ({peer_merges} merges; fed raw lines, default threads)")
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
