"""The hidden suites as a whole: the model answers get full marks, the untouched stubs get zero, mistakes that are
NOT in the catalogue still fail (the checks are general, not tuned to the catalogue), and the messages stay short
and learner-facing. Plus the generic diagnoses, tested without a sandbox."""
import ast
import shutil
import textwrap
from pathlib import Path

import pytest
import torch

import course
from course import files
from grader.api import grade
from grader.diagnose import Observation, Tolerance, generic

ROOT = Path(__file__).resolve().parents[2]

# Wrong implementations written for this test only (none of them is in a catalogue):
# name -> (exercise, a check that must fail, source appended to the model answer's module, redefining one function).
UNSEEN_MISTAKES = {
    "rotary_complex64_float32_angles": ("positions", "test_clause_rotary_embedding_float64", """
        def rotary_embedding(Q, K, positions_q=None, positions_k=None, base=10000.0):   # float32 inside, as LLaMA
            def turn(X, positions):
                dim, n = X.shape[-2], X.shape[-1]
                if dim % 2:
                    raise ValueError(f"D must be even, got {dim}")
                positions = torch.arange(n) if positions is None else positions
                frequencies = base ** (-torch.arange(0, dim, 2).float() / dim)
                rotor = torch.polar(torch.ones(dim // 2, n), frequencies[:, None] * positions.float()[None, :])
                pairs = torch.view_as_complex(torch.stack([X[..., : dim // 2, :], X[..., dim // 2:, :]], -1)
                                              .float().contiguous()) * rotor
                return torch.cat([pairs.real, pairs.imag], dim=-2).to(X.dtype)
            return turn(Q, positions_q), turn(K, positions_k)
    """),
    "softmax_over_axis_0": ("softmax", "test_random_shapes_float32", """
        def softmax_cols(scores):
            return torch.softmax(scores, dim=0)   # right for one matrix, wrong once there is a batch axis
    """),
    "mask_transposed_inside_apply": ("masking", "test_apply_mask", """
        def apply_mask(scores, mask):
            return scores.masked_fill(~mask.transpose(-2, -1), float("-inf"))
    """),
    "sinusoid_base_1000": ("embeddings", "test_sinusoidal_positions", """
        def sinusoidal_positions(num_positions, dim):
            n = torch.arange(num_positions, dtype=torch.float64)
            pairs = torch.arange(0, dim, 2, dtype=torch.float64)
            angles = n[None, :] / 1000.0 ** (pairs[:, None] / dim)
            table = torch.zeros(dim, num_positions, dtype=torch.float64)
            table[0::2] = torch.sin(angles)
            table[1::2] = torch.cos(angles[: dim // 2])
            return table.float()
    """),
    "scaled_by_value_width": ("attention", "test_sdpa_random_shapes_float32", """
        def scaled_dot_product_attention(Q, K, V, mask=None):
            scores = K.transpose(-2, -1) @ Q / V.shape[-2] ** 0.5
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = torch.nan_to_num(torch.softmax(scores, dim=-2))
            return V @ weights, weights
    """),
    "keys_projected_with_wq": ("multihead", "test_random_shapes_float32", """
        _right = multi_head_attention

        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            return _right(Xq, Xkv, {**params, "Wk": params["Wq"], "bk": params["bq"]}, num_heads, mask)
    """),
    "layer_norm_without_gamma_beta": ("transformer_layer", "test_layer_norm_random_shapes", """
        def layer_norm(X, gamma, beta, eps=1e-5):
            mean = X.mean(dim=-2, keepdim=True)
            return (X - mean) / torch.sqrt(X.var(dim=-2, unbiased=False, keepdim=True) + eps)
    """),
    "ffn_block_without_residual": ("cross_attention", "test_decoder_layer", """
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            from .masking import causal_mask
            from .multihead import multi_head_attention
            from .transformer_layer import feed_forward, layer_norm
            p = params
            X = layer_norm(X_dec + multi_head_attention(X_dec, X_dec, p["self_attn"], num_heads,
                           causal_mask(X_dec.shape[-1])), p["gamma1"], p["beta1"])
            X = layer_norm(X + cross_attention(X, X_enc, p["cross_attn"], num_heads, enc_mask), p["gamma2"], p["beta2"])
            return layer_norm(feed_forward(X, p["W1"], p["b1"], p["W2"], p["b2"]), p["gamma3"], p["beta3"])
    """),
    "beam_search_is_greedy": ("sampling", "test_beam_search", """
        def beam_search(model, prompt, beam_width, max_new_tokens, eos_id=None):
            ids = prompt.long()
            for _ in range(max_new_tokens):
                token = int(torch.argmax(model(ids)[:, -1]))
                ids = torch.cat([ids, torch.tensor([token])])
                if token == eos_id:
                    break
            return ids
    """),
    "patch_pixels_column_by_column": ("patch_embedding", "test_patch_order", """
        def patchify(images, patch_size):
            B, C, H, W = images.shape
            P = patch_size
            if H % P or W % P:
                raise ValueError("images: H and W must be multiples of patch_size")
            grid = images.reshape(B, C, H // P, P, W // P, P)
            return grid.permute(0, 1, 5, 3, 2, 4).reshape(B, C * P * P, (H // P) * (W // P))
    """),
    "ties_to_the_last_pair": ("bpe", "test_lecture_example", """
        def train_bpe(corpus, num_merges):
            from collections import Counter
            if "</w>" in corpus:
                raise ValueError("corpus: must not contain '</w>'")
            counts = Counter(corpus.split())
            words = {w: list(w) + ["</w>"] for w in counts}
            merges = []
            for _ in range(num_merges):
                pairs = Counter()
                for w, freq in counts.items():
                    for pair in zip(words[w], words[w][1:]):
                        pairs[pair] += freq
                if not pairs:
                    break
                best = max(reversed(list(pairs)), key=pairs.get)
                merges.append(best)
                for w, symbols in words.items():
                    out, i = [], 0
                    while i < len(symbols):
                        if tuple(symbols[i:i + 2]) == best:
                            out.append(best[0] + best[1])
                            i += 2
                        else:
                            out.append(symbols[i])
                            i += 1
                    words[w] = out
            return merges
    """),
    "additive_state_outside_the_tanh": ("rnn_attention", "test_additive_random_shapes", """
        def additive_attention(s, H, W, U, v, mask=None):
            scores = v @ torch.tanh(U @ H) + v @ (W @ s.unsqueeze(-1))     # W s added after the tanh
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = torch.nan_to_num(torch.softmax(scores, dim=-1))
            return weights, (H @ weights.unsqueeze(-1)).squeeze(-1)
    """),
    "global_cost_counts_only_the_global_rows": ("sparse_attention", "test_cost_of_each_pattern", """
        _right_cost = sparse_attention_cost

        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            if pattern == "global" and num_global is not None:
                return num_global * n
            return _right_cost(pattern, n, window=window, stride=stride, num_global=num_global)
    """),
    "rotary_frequencies_shifted_by_one_pair": ("positions", "test_rotary_random_shapes", """
        def rotate_columns(X, positions, base):
            dim, n = X.shape[-2], X.shape[-1]
            positions = torch.arange(n) if positions is None else positions
            theta = base ** (-(torch.arange(0, dim, 2, dtype=torch.float64) + 2) / dim)
            angles = theta[:, None] * positions.double()[None, :]
            cos, sin = angles.cos().to(X.dtype), angles.sin().to(X.dtype)
            top, bottom = X[..., : dim // 2, :], X[..., dim // 2:, :]
            return torch.cat([top * cos - bottom * sin, bottom * cos + top * sin], dim=-2)
    """),
    "mlm_mask_and_random_shares_swapped": ("pretraining", "test_mlm_eighty_ten_ten", """
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            eligible = ~torch.isin(ids, torch.as_tensor(special_ids, dtype=ids.dtype))
            chosen = eligible & (torch.rand(ids.shape, generator=generator) < mask_prob)
            u = torch.rand(ids.shape, generator=generator)
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (u < 0.8), random_ids, ids)
            corrupted = torch.where(chosen & (u >= 0.8) & (u < 0.9), torch.full_like(ids, mask_id), corrupted)
            return corrupted, torch.where(chosen, ids.long(), -100)
    """),
}

# Correct implementations written differently from the model answers and the catalogue: each must get full marks.
UNSEEN_CORRECT = {
    "softmax_through_functional_rows": ("softmax", """
        def softmax_cols(scores):
            rows = torch.nn.functional.softmax(scores.transpose(-1, -2), dim=-1)
            return rows.transpose(-1, -2).nan_to_num(0.0)
    """),
    "layer_norm_module": ("transformer_layer", """
        def layer_norm(X, gamma, beta, eps=1e-5):
            norm = torch.nn.LayerNorm(X.shape[-2], eps=eps, dtype=X.dtype)
            with torch.no_grad():
                norm.weight.zero_()
                norm.bias.zero_()
            out = torch.nn.functional.layer_norm(X.transpose(-1, -2), (X.shape[-2],), norm.weight + gamma,
                                                 norm.bias + beta, eps)
            return out.transpose(-1, -2)
    """),
    "patchify_with_tensor_unfold": ("patch_embedding", """
        def patchify(images, patch_size):
            B, C, H, W = images.shape
            P = patch_size
            if H % P or W % P:
                raise ValueError(f"images: H={H}, W={W} must be multiples of patch_size={P}")
            tiles = images.unfold(2, P, P).unfold(3, P, P)            # (B, C, H/P, W/P, P, P)
            return tiles.permute(0, 1, 4, 5, 2, 3).reshape(B, C * P * P, -1)
    """),
    "nucleus_by_shifted_cumsum_and_cross_entropy": ("sampling", """
        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            if temperature == 0:
                return torch.nn.functional.one_hot(logits.argmax(), logits.numel()).to(logits.dtype)
            probs = torch.softmax(logits / temperature, dim=-1)
            order = torch.argsort(probs, descending=True, stable=True)
            keep = torch.ones_like(probs, dtype=torch.bool)
            if top_k is not None:
                keep[order[top_k:]] = False
                probs = probs * keep / (probs * keep).sum()
            if top_p is not None:
                before = torch.cumsum(probs[order], dim=0) - probs[order]   # mass strictly before each token
                keep[order[before >= top_p]] = False
                probs = probs * keep / (probs * keep).sum()
            return probs

        def sequence_log_prob(model, ids):
            logits = model(ids)
            return -torch.nn.functional.cross_entropy(logits[:, :-1].T, ids[1:], reduction="sum")
    """),
    "grid_attention_cells_last": ("rnn_attention", """
        def grid_attention(s, features, W, U, v):
            cells = features.movedim(-3, -1)                                  # (..., H, W, C)
            hidden = torch.tanh(cells @ U.T + (s @ W.T)[..., None, None, :])  # (..., H, W, D_a)
            scores = hidden @ v                                               # (..., H, W)
            weights = torch.softmax(scores.flatten(-2), dim=-1).view_as(scores)
            return weights, (weights[..., None] * cells).sum(dim=(-3, -2))
    """),
    "strided_mask_by_fmod": ("sparse_attention", """
        def strided_mask(n, stride):
            if stride < 1:
                raise ValueError(f"stride must be positive, got {stride}")
            position = torch.arange(n)
            return torch.fmod(position[None, :] - position[:, None], stride) == 0
    """),
    "mlm_one_uniform_per_position": ("pretraining", """
        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            # a single uniform u decides everything: chosen iff u < p; then u/p is uniform again on [0, 1)
            eligible = ~torch.isin(ids, torch.as_tensor(special_ids, dtype=ids.dtype))
            u = torch.rand(ids.shape, generator=generator, dtype=torch.float64)
            chosen = eligible & (u < mask_prob)
            within = u / mask_prob if mask_prob > 0 else u
            random_ids = torch.randint(0, vocab_size, ids.shape, generator=generator, dtype=ids.dtype)
            corrupted = torch.where(chosen & (within < 0.8), torch.full_like(ids, mask_id), ids)
            corrupted = torch.where(chosen & (within >= 0.8) & (within < 0.9), random_ids, corrupted)
            return corrupted, torch.where(chosen, ids.long(), -100)
    """),
}


def submission_with(folder: Path, exercise: str, extra_source: str) -> Path:
    shutil.copytree(ROOT / "solutions", folder, ignore=shutil.ignore_patterns("__pycache__"))
    module = folder / f"{exercise}.py"
    module.write_text(module.read_text(encoding="utf-8") + "\n\n" + textwrap.dedent(extra_source), encoding="utf-8")
    return folder


@pytest.mark.slow
def test_model_answers_get_full_marks():
    report = grade(ROOT / "solutions")
    failed = {check.id: check.message for check in report.checks if not check.passed}
    assert len({check.exercise for check in report.checks}) == len(course.NAMES)
    assert not failed


@pytest.mark.slow
def test_untouched_stubs_get_zero():
    report = grade(ROOT / "exercises")
    assert report.checks
    passed = [check.id for check in report.checks if check.passed]
    assert not passed


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(UNSEEN_MISTAKES))
def test_mistakes_outside_the_catalogue_fail_with_a_diagnosis(name, tmp_path):
    exercise, must_fail, source = UNSEEN_MISTAKES[name]
    report = grade(submission_with(tmp_path / "sub", exercise, source), exercises=[exercise])
    failed = [check for check in report.checks if not check.passed]
    assert f"{exercise}::{must_fail}" in {check.id for check in failed}, f"{name} passed {must_fail}"
    assert any(check.diagnosis for check in failed), f"{name}: no failed check explains what is wrong"
    for check in failed:
        assert len(check.message) < 600
        for leak in ("tensor(", "judge.", "assert ", "def test", "reference."):
            assert leak not in check.message, f"{check.id} message leaks {leak!r}: {check.message}"


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(UNSEEN_CORRECT))
def test_correct_implementations_outside_the_catalogue_get_full_marks(name, tmp_path):
    exercise, source = UNSEEN_CORRECT[name]
    report = grade(submission_with(tmp_path / "sub", exercise, source), exercises=[exercise])
    failed = {check.id: check.message for check in report.checks if not check.passed}
    assert report.checks and not failed


def test_every_hidden_check_names_its_function_and_has_a_docstring():
    suites = [files.hidden_suite(name) for name in course.NAMES]
    assert all(suite.is_file() for suite in suites), "every exercise of the registry has a hidden suite"
    for suite in suites:
        tree = ast.parse(suite.read_text(encoding="utf-8"))
        tests = [node for node in tree.body if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")]
        assert tests, f"{suite} has no check"
        for node in tests:
            assert ast.get_docstring(node), f"{suite.name}::{node.name} has no docstring (the check's description)"
            markers = [ast.unparse(d) for d in node.decorator_list]
            assert any(m.startswith("pytest.mark.grades(") for m in markers), f"{suite.name}::{node.name}"


def test_the_registry_points_are_what_the_suites_give():
    """Every check's points follow from the registry: the model answers earn exactly each function's points."""
    report = grade(files.package_dir("solutions"))
    earned: dict[tuple[str, str], float] = {}
    for check in report.checks:
        earned[(check.exercise, check.function)] = earned.get((check.exercise, check.function), 0) + check.points
    expected = {(e.name, f.name): f.points for e in course.EXERCISES for f in e.functions if f.points}
    assert earned == pytest.approx(expected)


# ------------------------------------------------------------------------------ generic diagnoses (no sandbox)

def diagnosis_of(got, expected):
    return generic(Observation("f", (), {}, got, tol=Tolerance.float32(64)), expected)[0]


def test_generic_diagnosis_reads_shapes_dimension_by_dimension():
    name, text = generic(Observation("f", (), {}, torch.zeros(2, 5, 3)), torch.zeros(2, 3, 5))
    assert name == "wrong_shape" and "swapped" in text
    name, text = generic(Observation("f", (), {}, torch.zeros(2, 4, 3)), torch.zeros(2, 5, 3))
    assert name == "wrong_shape" and "axis -2 is 4 instead of 5" in text


def test_generic_diagnosis_finds_wrong_axis_transpose_factor_and_order():
    scores = torch.randn(4, 4, generator=torch.Generator().manual_seed(0))
    expected = torch.softmax(scores, dim=-2)
    assert diagnosis_of(torch.softmax(scores, dim=-1), expected) == "columns_not_normalised"
    assert diagnosis_of(expected.T.contiguous(), expected) == "transposed"
    assert diagnosis_of(expected / 8 ** 0.5, expected) == "constant_factor"
    assert diagnosis_of(expected[:, [1, 0, 3, 2]], expected) == "columns_permuted"
    # Off by a little more than the elementwise tolerance on the small entries (atol = rtol = 64u ≈ 3.8e-6), yet
    # within the column-wise one: every column still matches its own expected column, which is no reordering.
    slightly_off = expected + 4.5e-6
    assert diagnosis_of(slightly_off, expected) != "columns_permuted", "values a little off are not a reordering"
    assert diagnosis_of(torch.full_like(expected, float("nan")), expected) == "not_finite"
    assert diagnosis_of(expected.double(), expected) == "wrong_dtype"
