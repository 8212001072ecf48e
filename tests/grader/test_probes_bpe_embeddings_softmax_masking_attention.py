"""Red-team probes for the hidden suites of bpe, embeddings, softmax, masking and attention: plausible learner
implementations that are in NEITHER the catalogue nor the model answers. Each wrong one slipped through an earlier
version of the suites, or was caught there only by one hand-picked or lucky random case (the check named next to it
is the one added or widened to catch it in general); each right one must keep full marks. The probes are grouped
so that one submission carries several, each overriding a different function that no other probe of its group
calls: four gradings in all.
"""
import shutil
import textwrap
from pathlib import Path

import pytest

from grader.api import grade

ROOT = Path(__file__).resolve().parents[2]
EXERCISES = ["bpe", "embeddings", "softmax", "masking", "attention"]

# name -> (exercise, the check that must fail, source appended to the model answer's module)
WRONG_A = {
    "one_hot_ignores_dtype": ("embeddings", "test_one_hot_dtype_argument", """
        def one_hot(token_ids, vocab_size, dtype=None):
            check_token_ids(token_ids, vocab_size)
            return (token_ids.unsqueeze(-2) == torch.arange(vocab_size)[:, None]).float()
    """),
    "self_attention_applies_only_2d_masks": ("attention", "test_self_attention_random_shapes", """
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            Q, K, V = linear(X, Wq, bq), linear(X, Wk, bk), linear(X, Wv, bv)
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is not None and mask.dim() == 2:               # batched masks silently ignored
                scores = apply_mask(scores, mask)
            weights = softmax_cols(scores)
            return V @ weights, weights
    """),
    "decode_drops_empty_words": ("bpe", "test_decode", """
        def bpe_decode(tokens):
            return " ".join(word for word in "".join(tokens).split("</w>") if word)
    """),
    "train_bpe_ties_scanned_position_first": ("bpe", "test_random_corpora", """
        def train_bpe(corpus, num_merges):
            from collections import Counter
            words = split_words(corpus, "corpus")
            counts = Counter(tuple(word) for word in words)
            segmentation = {word: list(word) for word in counts}
            merges = []
            for _ in range(num_merges):
                pairs = Counter()
                longest = max((len(symbols) for symbols in segmentation.values()), default=0)
                for position in range(longest):                    # position-major: ties differ from the rule
                    for word, frequency in counts.items():
                        symbols = segmentation[word]
                        if position + 1 < len(symbols):
                            pairs[symbols[position], symbols[position + 1]] += frequency
                if not pairs:
                    break
                best = max(pairs, key=pairs.get)
                merges.append(best)
                for word in segmentation:
                    segmentation[word] = merge_pair(segmentation[word], best)
            return merges
    """),
    "attention_max_trick_per_matrix": ("attention", "test_large_scores_do_not_overflow", """
        def scaled_dot_product_attention(Q, K, V, mask=None):
            scores = K.transpose(-2, -1) @ Q / math.sqrt(Q.shape[-2])
            if mask is not None:
                scores = apply_mask(scores, mask)
            top = scores.amax(dim=(-2, -1), keepdim=True).clamp(min=-1e30)   # one max per matrix, not per query
            exps = torch.exp(scores - top)
            total = exps.sum(dim=-2, keepdim=True)
            weights = exps / torch.where(total == 0, torch.ones_like(total), total)
            return V @ weights, weights
    """),
}

WRONG_B = {
    "causal_mask_from_a_fixed_buffer": ("masking", "test_causal_mask", """
        _BUFFER = torch.ones(16, 16, dtype=torch.bool).triu()      # like a registered buffer of block_size 16

        def causal_mask(n):
            return _BUFFER[:n, :n].clone() if n <= 16 else torch.ones(n, n, dtype=torch.bool)
    """),
    "padding_mask_sized_by_longest": ("masking", "test_padding_mask", """
        def padding_mask(lengths, n):
            keys = torch.arange(int(lengths.max()))                # the longest length, not n
            return (keys[None, :] < lengths[:, None])[:, :, None]
    """),
    "one_hot_vocabulary_from_the_ids": ("embeddings", "test_one_hot", """
        def one_hot(token_ids, vocab_size, dtype=None):
            check_token_ids(token_ids, vocab_size)
            return torch.nn.functional.one_hot(token_ids).movedim(-1, -2).to(dtype or torch.get_default_dtype())
    """),
    "train_bpe_merges_at_least_once": ("bpe", "test_training_stops_when_no_pair_is_left", """
        def train_bpe(corpus, num_merges):
            from collections import Counter
            words = split_words(corpus, "corpus")
            counts = Counter(tuple(word) for word in words)
            segmentation = {word: list(word) for word in counts}
            merges = []
            while True:                                            # do-while: one merge even for num_merges = 0
                pairs = Counter()
                for word, frequency in counts.items():
                    symbols = segmentation[word]
                    for pair in zip(symbols, symbols[1:]):
                        pairs[pair] += frequency
                if not pairs:
                    break
                best = max(pairs, key=pairs.get)
                merges.append(best)
                for word in segmentation:
                    segmentation[word] = merge_pair(segmentation[word], best)
                if len(merges) >= num_merges:
                    break
            return merges
    """),
    "positions_from_a_fixed_table": ("embeddings", "test_sinusoidal_positions", """
        _TABLES = {}

        def sinusoidal_positions(num_positions, dim):              # a max_len = 128 cache, like a module buffer
            if dim not in _TABLES:
                n = torch.arange(128, dtype=torch.float64)
                pairs = torch.arange(0, dim, 2, dtype=torch.float64)
                angles = n[None, :] / 10000 ** (pairs[:, None] / dim)
                table = torch.zeros(dim, 128, dtype=torch.float64)
                table[0::2] = angles.sin()
                table[1::2] = angles[: dim // 2].cos()
                _TABLES[dim] = table.float()
            return _TABLES[dim][:, :num_positions]
    """),
    "value_and_query_biases_cut_from_autograd": ("attention", "test_self_attention_gradients", """
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            bq, bv = torch.tensor(bq.tolist(), dtype=X.dtype), torch.tensor(bv.tolist(), dtype=X.dtype)
            return scaled_dot_product_attention(linear(X, Wq, bq), linear(X, Wk, bk), linear(X, Wv, bv), mask)
    """),
}

# Softmax and apply_mask on their own: the attention probes above would call them.
WRONG_C = {
    "apply_mask_writes_into_its_input": ("masking", "test_apply_mask_gradient_and_inputs_untouched", """
        def apply_mask(scores, mask):
            return scores.masked_fill_(~mask, float("-inf"))        # the caller's scores are overwritten
    """),
    "dead_columns_found_on_axis_0": ("softmax", "test_minus_infinity_gets_zero_weight", """
        def softmax_cols(scores):
            weights = torch.softmax(scores, dim=-2)
            dead = torch.isneginf(scores).all(dim=0)               # right for one matrix, not for a batch
            return torch.where(dead, torch.zeros_like(weights), weights)
    """),
}

# Correct, written differently from the model answers and the catalogue: full marks.
RIGHT = {
    "softmax": """
        def softmax_cols(scores):
            dead = torch.isneginf(scores).all(dim=-2, keepdim=True)
            safe = torch.where(dead, torch.zeros_like(scores), scores)
            return torch.where(dead, torch.zeros_like(scores), torch.softmax(safe, dim=-2))
    """,
    "masking": """
        def apply_mask(scores, mask):
            return scores + torch.log(mask.to(scores.dtype))        # log 1 = 0, log 0 = -inf

        def padding_mask(lengths, n):
            return torch.arange(n).expand(len(lengths), n).lt(lengths.unsqueeze(1)).unsqueeze(-1)
    """,
    "embeddings": """
        def one_hot(token_ids, vocab_size, dtype=None):
            if token_ids.numel() and (token_ids.min() < 0 or token_ids.max() >= vocab_size):
                raise ValueError(f"token_ids: ids must lie in [0, {vocab_size})")
            out = torch.zeros(*token_ids.shape[:-1], vocab_size, token_ids.shape[-1],
                              dtype=dtype or torch.get_default_dtype())
            return out.scatter_(-2, token_ids.unsqueeze(-2), 1)

        def embed(omega_e, token_ids):
            check_token_ids(token_ids, omega_e.shape[-1])            # the stub's range check (ValueError)
            return torch.nn.functional.embedding(token_ids, omega_e.T).movedim(-1, -2)
    """,
    "attention": """
        def scaled_dot_product_attention(Q, K, V, mask=None):
            q, k, v = Q.mT, K.mT, V.mT                              # row convention inside, float64 internals
            scores = (q.double() @ k.double().mT) / math.sqrt(q.shape[-1])
            if mask is not None:
                scores = scores.masked_fill(~mask.mT, float("-inf"))
            weights = torch.softmax(scores, dim=-1).nan_to_num(0.0)
            return (weights @ v.double()).mT.to(Q.dtype), weights.mT.to(Q.dtype)
    """,
    "bpe": """
        def bpe_decode(tokens):
            return " ".join("".join(tokens).split("</w>")).rstrip()

        def train_bpe(corpus, num_merges):
            from collections import Counter
            words = split_words(corpus, "corpus")
            counts = Counter(tuple(word) for word in words)
            segmentation = {word: list(word) for word in counts}
            merges = []
            for _ in range(num_merges):
                pairs = Counter()
                for word, frequency in counts.items():
                    symbols = segmentation[word]
                    for pair in zip(symbols, symbols[1:]):
                        pairs[pair] += frequency
                if not pairs:
                    break
                best = pairs.most_common(1)[0][0]                  # most_common keeps insertion order on ties
                merges.append(best)
                for word in segmentation:
                    segmentation[word] = merge_pair(segmentation[word], best)
            return merges
    """,
}


def submission(folder: Path, overrides: dict[str, str]) -> Path:
    """The model answers with ``overrides[exercise]`` appended to that module (later definitions win)."""
    shutil.copytree(ROOT / "solutions", folder, ignore=shutil.ignore_patterns("__pycache__"))
    for exercise, source in overrides.items():
        module = folder / f"{exercise}.py"
        module.write_text(module.read_text(encoding="utf-8") + "\n\nimport math\n\nimport torch\n\n"
                          + textwrap.dedent(source), encoding="utf-8")
    return folder


@pytest.mark.slow
@pytest.mark.parametrize("group", ["A", "B", "C"])
def test_wrong_probes_fail_the_widened_checks(group, tmp_path):
    probes = {"A": WRONG_A, "B": WRONG_B, "C": WRONG_C}[group]
    overrides: dict[str, str] = {}
    for exercise, _, source in probes.values():
        overrides[exercise] = overrides.get(exercise, "") + textwrap.dedent(source)
    folder = submission(tmp_path / "sub", overrides)
    report = grade(folder, exercises=sorted({exercise for exercise, _, _ in probes.values()}))
    failed = {check.id: check for check in report.checks if not check.passed}
    for name, (exercise, check, _) in probes.items():
        assert f"{exercise}::{check}" in failed, f"{name} passed {exercise}::{check}"
        assert failed[f"{exercise}::{check}"].diagnosis, f"{name}: the failed check has no diagnosis"
    for check in failed.values():
        assert len(check.message) < 600


@pytest.mark.slow
def test_right_probes_get_full_marks(tmp_path):
    report = grade(submission(tmp_path / "sub", RIGHT), exercises=EXERCISES)
    failed = {check.id: check.message for check in report.checks if not check.passed}
    assert {check.exercise for check in report.checks} == set(EXERCISES)
    assert not failed
