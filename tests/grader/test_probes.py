"""Structural diagnoses (`grader.probes`) and the contract's clauses (`grader.clauses`): mistakes outside the
catalogue are caught by the clause checks and told what kind of wrong they are; a diagnosis is claimed only when it
holds."""
from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

import pytest
import torch

from course.files import package_dir
from grader import probes
from grader.api import grade
from grader.diagnose import Observation, Tolerance, generic

TOL = Tolerance.float32(64)

# name -> (exercise, source appended to the model answer's module, the diagnosis some failed check must carry,
#          the clause check that must fail)
UNSEEN = {
    "mask_ignored_when_batched": ("multihead", """
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            if mask is not None and mask.dim() > 2:
                mask = None
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            heads, _ = scaled_dot_product_attention(Q, K, V, None if mask is None else mask.unsqueeze(-3))
            return linear(merge_heads(heads), params["Wo"], params["bo"])
    """, "batch_axis", "test_clause_multi_head_attention_hidden_keys_large"),
    "query_bias_forgotten": ("attention", """
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            return scaled_dot_product_attention(Wq @ X, linear(X, Wk, bk), linear(X, Wv, bv), mask)
    """, "argument_ignored", "test_clause_self_attention_batching"),
    "no_key_means_the_first_key_in_multihead": ("multihead", """
        _right = multi_head_attention

        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            if mask is not None:                    # "a query must see something": it sees the first key
                mask = mask.clone()
                mask[..., 0, :] |= ~mask.any(dim=-2)
            return _right(Xq, Xkv, params, num_heads, mask)
    """, "fully_masked_queries_wrong", "test_clause_multi_head_attention_fully_masked_query"),
    "float32_inside_layer": ("transformer_layer", """
        def feed_forward(X, W1, b1, W2, b2):
            hidden = torch.relu(W1.float() @ X.float() + b1.float()[:, None])
            return (W2.float() @ hidden + b2.float()[:, None]).to(X.dtype)
    """, "float32_accuracy", "test_clause_feed_forward_float64"),
    "top_p_keeps_the_token_at_the_threshold": ("sampling", """
        _right = next_token_probs

        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            probs = _right(logits, temperature, top_k, None)
            if top_p is None:
                return probs
            order = torch.sort(probs, descending=True, stable=True).indices
            cumulative = torch.cumsum(probs[order], dim=0)
            keep = torch.zeros_like(probs, dtype=torch.bool)
            keep[order[:int((cumulative <= top_p).sum()) + 1]] = True
            kept = torch.where(keep, probs, torch.zeros_like(probs))
            return kept / kept.sum()
    """, None, "test_clause_next_token_probs_top_p_at_the_threshold"),
    "first_weight_read_transposed": ("transformer_layer", """
        def feed_forward(X, W1, b1, W2, b2):
            return W2 @ torch.relu(W1.T @ X + b1[:, None]) + b2[:, None]
    """, "argument_transposed", "test_clause_feed_forward_batching"),
    "flattens_its_input_with_view": ("swin", """
        _right = window_partition

        def window_partition(X, window):
            X.view(-1)                              # a flatten that needs a contiguous layout
            return _right(X, window)
    """, "assumes_contiguous", "test_clause_window_partition_non_contiguous"),
    "buckets_counted_per_direction": ("positions", """
        _right = relative_position_bucket

        def relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
            if bidirectional:                       # "num_buckets on each side"
                return _right(relative_position, True, 2 * num_buckets, max_distance)
            return _right(relative_position, False, num_buckets, max_distance)
    """, "integer_argument_misread", "test_buckets_random_offsets"),
    "mask_folded_on_its_own": ("attention", """
        _right = scaled_dot_product_attention

        def scaled_dot_product_attention(Q, K, V, mask=None):
            if mask is not None and mask.dim() > 2:     # "give the mask the batch shape of the scores"
                mask = mask.reshape(-1, *mask.shape[-2:]).reshape(*Q.shape[:-2], *mask.shape[-2:])
            return _right(Q, K, V, mask)
    """, "mask_not_broadcast", "test_clause_scaled_dot_product_attention_mask_broadcast"),
    "parameters_renamed_in_lower_case": ("transformer_layer", """
        _right = feed_forward

        def feed_forward(x, w1, b1, w2, b2):
            return _right(x, w1, b1, w2, b2)
    """, "renamed_parameter", "test_clause_feed_forward_keywords"),
    "zero_keys_taken_for_padding": ("multihead", """
        _right = multi_head_attention

        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            if mask is None:                        # "no mask given: hide the padded (all-zero) positions"
                mask = Xkv.ne(0).any(dim=-2)[..., :, None]
            return _right(Xq, Xkv, params, num_heads, mask)
    """, "zero_token_taken_for_padding", "test_clause_multi_head_attention_zero_tokens"),
    "scores_from_squared_lengths": ("attention", """
        def scaled_dot_product_attention(Q, K, V, mask=None):
            gap = K.unsqueeze(-1) - Q.unsqueeze(-2)                     # k.q = (|k|^2 + |q|^2 - |k - q|^2) / 2
            dots = ((K * K).sum(-2)[..., :, None] + (Q * Q).sum(-2)[..., None, :] - (gap * gap).sum(-3)) / 2
            scores = dots / math.sqrt(Q.shape[-2])
            weights = softmax_cols(scores if mask is None else apply_mask(scores, mask))
            return V @ weights, weights
    """, "scores_lose_precision", "test_clause_scaled_dot_product_attention_scores_of_large_vectors"),
    "weights_detached": ("transformer_layer", """
        def feed_forward(X, W1, b1, W2, b2):
            return W2.detach() @ torch.relu(W1 @ X + b1[:, None]) + b2.detach()[:, None]
    """, "no_gradient", "test_clause_feed_forward_gradients"),
}


def submission(folder: Path, exercise: str, source: str) -> Path:
    shutil.copytree(package_dir("solutions"), folder, ignore=shutil.ignore_patterns("__pycache__"))
    module = folder / f"{exercise}.py"
    module.write_text(module.read_text() + "\n\nimport math\nimport torch\n\n" + textwrap.dedent(source))
    return folder


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(UNSEEN))
def test_an_unseen_mistake_fails_its_clause_and_is_told_what_kind_of_wrong_it_is(name, tmp_path):
    exercise, source, diagnosis, clause = UNSEEN[name]
    report = grade(submission(tmp_path / "s", exercise, source), [exercise])
    failed = {check.id.split("::")[1]: check for check in report.checks if not check.passed}
    assert clause in failed, f"{name} passed {clause}; failed: {sorted(failed)}"
    if diagnosis:
        names = {(check.diagnosis or "").split(":")[0] for check in failed.values()}
        assert diagnosis in names, f"{name}: diagnoses {names}"


# name -> (exercise, source appended to the model answer's module, the diagnosis some failed check must carry): the
# probes that call the learner again, on a call that raised and on a wrong result
CALLING_PROBES = {
    "zero_temperature_read_as_unset": ("sampling", """
        _right = next_token_probs

        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            return _right(logits, temperature or 1.0, top_k, top_p)   # 0 read as "not given"
    """, "explicit_zero_ignored"),
    "imports_the_reference": ("softmax", """
        def softmax_cols(scores):
            from reference.softmax import softmax_cols as library     # hidden from submissions: it never imports
            return library(scores)
    """, "imports_hidden_package"),
    "generator_state_restored": ("pretraining", """
        _right = mlm_corrupt

        def mlm_corrupt(ids, vocab_size, special_ids, mask_id, generator=None, mask_prob=0.15):
            saved = generator.get_state()                         # "no side effects on the caller's generator"
            try:
                return _right(ids, vocab_size, special_ids, mask_id, generator, mask_prob)
            finally:
                generator.set_state(saved)
    """, "draws_repeat_across_calls"),
    "self_attention_decided_by_identity": ("multihead", """
        _right = multi_head_attention

        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            if Xq is Xkv:                                         # "self-attention: the causal case"
                mask = torch.ones(Xq.shape[-1], Xq.shape[-1], dtype=torch.bool).tril().T
            return _right(Xq, Xkv, params, num_heads, mask)
    """, "identity_decides"),
    "mask_made_keyword_only": ("cross_attention", """
        _right = cross_attention

        def cross_attention(X_dec, X_enc, params, num_heads, *, enc_mask=None):   # "pass masks by name"
            return _right(X_dec, X_enc, params, num_heads, enc_mask)
    """, "signature_differs"),
    "float32_identity_inside": ("softmax", """
        def softmax_cols(scores):
            return torch.softmax(scores @ torch.eye(scores.shape[-1]), dim=-2)   # float32 eye: float64 raises
    """, "breaks_float64"),
    "two_dimensional_matmul": ("softmax", """
        def softmax_cols(scores):
            return torch.softmax(torch.mm(scores, torch.eye(scores.shape[-1], dtype=scores.dtype)), dim=0)
    """, "breaks_batching"),
    "mask_handed_down_transposed": ("multihead", """
        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            Q = split_heads(linear(Xq, params["Wq"], params["bq"]), num_heads)
            K = split_heads(linear(Xkv, params["Wk"], params["bk"]), num_heads)
            V = split_heads(linear(Xkv, params["Wv"], params["bv"]), num_heads)
            mask = None if mask is None else mask.mT.unsqueeze(-3)
            heads, _ = scaled_dot_product_attention(Q, K, V, mask)
            return linear(merge_heads(heads), params["Wo"], params["bo"])
    """, "raised_in_called_function"),
    "noise_from_the_global_generator": ("sampling", """
        _right = next_token_probs

        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            return _right(logits + 1e-3 * torch.rand(logits.shape, dtype=logits.dtype), temperature, top_k, top_p)
    """, "nondeterministic"),
    "even_dimensions_only": ("embeddings", """
        def sinusoidal_positions(num_positions, dim):
            angles = torch.arange(num_positions, dtype=torch.float64)[None, :] / \\
                10000 ** (torch.arange(0, dim, 2, dtype=torch.float64)[:, None] / dim)
            return torch.stack([angles.sin(), angles.cos()], dim=1).reshape(dim, num_positions).float()
    """, "breaks_for_size"),
    "ids_from_float32_distances": ("imagegpt", """
        def quantize_pixels(images, palette):
            pixels = images.float().movedim(-3, -1)[..., :, None]                # (..., H, W, C, 1)
            return (pixels - palette.float()).square().sum(dim=-2).argmin(dim=-1)
    """, "float32_accuracy"),
    "bias_added_as_a_row": ("attention", """
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            Q, K, V = Wq @ X + bq, Wk @ X + bk, Wv @ X + bv        # (D_k, N) + (D_k,): only when N == D_k
            return scaled_dot_product_attention(Q, K, V, mask)
    """, "breaks_unless_sizes_match"),
    "one_query_refused": ("softmax", """
        def softmax_cols(scores):
            if scores.shape[-1] < 2:
                raise ValueError("need at least two columns")
            return torch.softmax(scores, dim=-2).nan_to_num(0.0)
    """, "rejects_valid_input"),
    "sizes_by_true_division": ("swin", """
        def window_partition(X, window):
            *batch, channels, height, width = X.shape
            _check_grid(height, width, window)
            rows, cols = height / window, width / window                   # 8 / 4 == 2.0: reshape wants ints
            grid = X.reshape(*batch, channels, rows, window, cols, window).movedim((-4, -2), (-5, -4))
            return grid.reshape(*batch, rows * cols, channels, window * window)
    """, "float_used_as_size"),
    "temperature_squared": ("sampling", """
        _right = next_token_probs

        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            return _right(logits, temperature ** 2, top_k, top_p)
    """, "argument_misused"),
    "temperature_zero_divides": ("sampling", """
        _right = next_token_probs

        def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
            scaled = torch.distributions.Categorical(logits=logits / temperature)   # 0: inf - inf, refused
            return _right(scaled.logits, 1.0, top_k, top_p)
    """, "breaks_at_edge_value"),
    "vit_b16_patch_size_written_in": ("patch_embedding", """
        def patchify(images, patch_size):
            batch, channels, height, width = images.shape
            P = patch_size
            grid = images.reshape(batch, channels, height // P, P, width // P, P)
            return grid.permute(0, 2, 4, 1, 3, 5).reshape(batch, -1, 768).transpose(1, 2)   # 3 * 16 * 16, ViT-B/16
    """, "size_written_in_code"),
    "grid_sides_swapped_in_reshape": ("swin", """
        def window_partition(X, window):
            *batch, channels, height, width = X.shape
            _check_grid(height, width, window)
            M = window
            grid = X.reshape(*batch, channels, width // M, M, height // M, M)    # the sides swapped: right on squares
            return grid.movedim((-4, -2), (-5, -4)).reshape(*batch, -1, channels, M * M)
    """, "right_only_when_square"),
    "window_corners_looped_over_the_other_side": ("swin", """
        def window_reverse(windows, window, height, width):
            M, channels = window, windows.shape[-2]
            grid = windows.new_zeros(*windows.shape[:-3], channels, height, width)
            for k in range(windows.shape[-3]):
                top, left = divmod(k, height // M)                 # windows per row is width // M: squares only
                grid[..., top * M:(top + 1) * M, left * M:(left + 1) * M] = windows[..., k, :, :].unflatten(-1, (M, M))
            return grid
    """, "right_only_when_square"),
    "third_norm_given_the_second_beta": ("cross_attention", """
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            X = X_dec
            attended = multi_head_attention(X, X, params["self_attn"], num_heads, causal_mask(X.shape[-1]))
            X = layer_norm(X + attended, params["gamma1"], params["beta1"])
            X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            thought = feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"])
            return layer_norm(X + thought, params["gamma3"], params["beta2"])        # beta2 for beta3
    """, "first_wrong_step"),
    "last_layer_norm_computed_but_not_kept": ("cross_attention", """
        def decoder_layer(X_dec, X_enc, params, num_heads, enc_mask=None):
            X = X_dec
            attended = multi_head_attention(X, X, params["self_attn"], num_heads, causal_mask(X.shape[-1]))
            X = layer_norm(X + attended, params["gamma1"], params["beta1"])
            X = layer_norm(X + cross_attention(X, X_enc, params["cross_attn"], num_heads, enc_mask),
                           params["gamma2"], params["beta2"])
            thought = feed_forward(X, params["W1"], params["b1"], params["W2"], params["b2"])
            layer_norm(X + thought, params["gamma3"], params["beta3"])                # computed, not kept
            return X + thought
    """, "wrong_after_the_last_step"),
    "optional_bias_tested_for_truth": ("imagegpt", """
        _right = average_pool_head

        def average_pool_head(X, W, b=None):
            return _right(X, W, b if b else None)                 # if b: raises for a bias of several values
    """, "tensor_tested_for_truth"),
    "mask_returned_as_numpy": ("sparse_attention", """
        def strided_mask(n, stride):
            import numpy
            offsets = numpy.arange(n)[None, :] - numpy.arange(n)[:, None]
            return offsets % stride == 0                          # a numpy array, not a tensor
    """, "wrong_type"),
    "tokens_returned_as_tuple": ("bpe", """
        _right = bpe_encode

        def bpe_encode(text, merges):
            return tuple(_right(text, merges))
    """, "wrong_type"),
    "weights_returned_beside_the_result": ("davit", """
        _right = channel_attention

        def channel_attention(X, params, num_groups, scale=None):
            return _right(X, params, num_groups, scale), params["Wq"]
    """, "returns_extra_values"),
    "examples_yielded": ("pretraining", """
        _right = nsp_pairs

        def nsp_pairs(documents, generator=None):
            yield from _right(documents, generator)               # a generator, not a list
    """, "unreadable_result"),
    "caller_tensor_switched_off": ("cross_attention", """
        _right = cross_attention

        def cross_attention(X_dec, X_enc, params, num_heads, enc_mask=None):
            X_enc.requires_grad_(False)                           # the caller's encoder output
            return _right(X_dec, X_enc, params, num_heads, enc_mask)
    """, "gradient_switched_off"),
    "loop_over_the_wrong_size": ("masking", """
        def padding_mask(lengths, n):
            mask = torch.zeros(lengths.shape[0], n, 1, dtype=torch.bool)
            for b in range(n):                                    # the batch has len(lengths) entries, not n
                mask[b, : int(lengths[b]), 0] = True
            return mask
    """, "breaks_unless_sizes_match"),
    "lengths_squeezed": ("masking", """
        def padding_mask(lengths, n):
            lengths = lengths.squeeze()                           # a batch of one becomes a 0-d tensor
            return (torch.arange(n)[None, :] < lengths[:, None])[:, :, None]
    """, "breaks_for_axis_of_one"),
    "ties_to_the_later_half": ("imagegpt", """
        def quantize_pixels(images, palette):
            distances = (images.movedim(-3, -1)[..., :, None] - palette).square().sum(dim=-2)   # (..., H, W, K)
            half = (distances.shape[-1] + 1) // 2
            low = distances[..., :half].min(dim=-1)
            if half == distances.shape[-1]:
                return low.indices
            high = distances[..., half:].min(dim=-1)
            return torch.where(high.values <= low.values, high.indices + half, low.indices)   # a tie: the later half
    """, "tie_to_another_id"),
    "one_hot_scattered_into_an_expanded_view": ("embeddings", """
        def one_hot(token_ids, vocab_size):
            out = torch.zeros(1, 1).expand(*token_ids.shape[:-1], vocab_size, token_ids.shape[-1])
            return out.scatter_(-2, token_ids.unsqueeze(-2), 1.0)           # one memory location for every entry
    """, "writes_into_shared_memory"),
    "one_hot_of_integers_in_a_product": ("embeddings", """
        def embed(omega_e, token_ids):
            hot = (token_ids[..., None, :] == torch.arange(omega_e.shape[-1])[:, None]).long()   # (..., V, N) int64
            return torch.einsum("dv,...vn->...dn", omega_e, hot)        # matmul does not promote long to float
    """, "mixed_dtypes"),
    "masks_combined_by_a_bool_product": ("swin", """
        _right = shifted_window_mask

        def shifted_window_mask(height, width, window, shift):
            same = _right(height, width, window, shift)
            return torch.einsum("wij,wjk->wik", same, same)          # no bool matmul in torch
    """, "operation_not_for_dtype"),
    "log_probability_one_token_short": ("sampling", """
        def sequence_log_prob(model, ids):
            log_probs = torch.log_softmax(model(ids), dim=0)
            return sum(log_probs[ids[n], n - 1] for n in range(1, len(ids) - 1))   # stops before the last token
    """, "log_prob_terms_misread"),
    "log_probability_targets_read_from_column_zero": ("sampling", """
        def sequence_log_prob(model, ids):
            log_probs = torch.log_softmax(model(ids), dim=0)
            return log_probs[:, :-1].gather(0, ids[1:].unsqueeze(-1)).sum()    # an index column: column 0 only
    """, "log_prob_terms_misread"),
    "default_scale_one_over_n": ("davit", """
        _right = channel_attention

        def channel_attention(X, params, num_groups, scale=None):
            return _right(X, params, num_groups, 1 / X.shape[-1] if scale is None else scale)   # 1/N, not 1/sqrt(N)
    """, "implicit_default_differs"),
    "band_cut_short_counted_in_full": ("sparse_attention", """
        _right = sparse_attention_cost

        def sparse_attention_cost(pattern, n, *, window=None, stride=None, num_global=None):
            cost = _right(pattern, n, window=window, stride=stride, num_global=num_global)
            return cost + window if pattern == "local" else cost     # the last rows' band counted in full
    """, "count_off_at_the_edges"),
    "backward_from_module_state": ("softmax", """
        _saved = {}

        class _Softmax(torch.autograd.Function):
            @staticmethod
            def forward(ctx, scores):
                weights = torch.softmax(scores, dim=-2)
                _saved["weights"] = weights                       # kept on the module, not on ctx
                return weights

            @staticmethod
            def backward(ctx, grad):
                weights = _saved["weights"]                       # the LAST call's weights
                return weights * (grad - (grad * weights).sum(dim=-2, keepdim=True))

        def softmax_cols(scores):
            return _Softmax.apply(scores)
    """, "backward_reads_a_later_call"),
    "row_convention_projections": ("attention", """
        def self_attention(X, Wq, bq, Wk, bk, Wv, bv, mask=None):
            rows = X.transpose(-2, -1)                            # tokens as rows, then X @ W as in PyTorch's layout
            Q, K, V = ((rows @ W + b).transpose(-2, -1) for W, b in ((Wq, bq), (Wk, bk), (Wv, bv)))
            return scaled_dot_product_attention(Q, K, V, mask)
    """, "weights_transposed"),
    "positions_subtracted": ("patch_embedding", """
        _right = patch_embedding

        def patch_embedding(images, patch_size, W, b, cls_token, positions):
            return _right(images, patch_size, W, b, cls_token, -positions)    # the position table subtracted
    """, "argument_sign_flipped"),
    "random_sentence_bound_one_short": ("pretraining", """
        _right = nsp_pairs

        def nsp_pairs(documents, generator=None):
            if any(len(document) == 1 for document in documents):
                torch.randint(len(documents[0]) - 1, (1,), generator=generator)   # a bound of 0 for one sentence
            return _right(documents, generator)
    """, "draws_from_an_empty_range"),
    "layer_norm_divided_by_the_token_count": ("transformer_layer", """
        def layer_norm(X, gamma, beta, eps=1e-5):
            mean = X.sum(dim=-2, keepdim=True) / X.shape[-1]            # N where D = X.shape[-2] is meant
            variance = ((X - mean) ** 2).sum(dim=-2, keepdim=True) / X.shape[-1]
            return gamma[:, None] * (X - mean) / torch.sqrt(variance + eps) + beta[:, None]
    """, "tokens_and_width_mixed_up"),
    "window_axis_squeezed": ("swin", """
        _right = shifted_window_mask

        def shifted_window_mask(height, width, window, shift):
            same = _right(height, width, window, shift).squeeze()   # a grid of one window loses its window axis
            return same[:, :, :]
    """, "breaks_for_axis_of_one"),
    "documents_extended_in_place_of_a_copy": ("pretraining", """
        _right = nsp_pairs

        def nsp_pairs(documents, generator=None):
            pool = documents + []                                   # a list's copy; a tuple of documents refuses it
            return _right(pool, generator)
    """, "needs_a_list"),
    "layer_weights_unpacked_in_dict_order": ("transformer_layer", """
        _right = transformer_layer

        def transformer_layer(X, params, num_heads, mask=None, norm_first=False):
            names = ["Wq", "bq", "Wk", "bk", "Wv", "bv", "Wo", "bo"]
            tensors = [value for key, value in params.items() if key in names]   # in the dict's order, not by name
            return _right(X, {**params, **dict(zip(names, tensors))}, num_heads, mask, norm_first)
    """, "params_read_in_order"),
    "positions_base_made_keyword_only": ("positions", """
        _right = rotary_embedding

        def rotary_embedding(Q, K, positions_q=None, positions_k=None, *, base=10000.0):
            return _right(Q, K, positions_q, positions_k, base)
    """, "signature_differs"),
    "weights_checked_against_the_width": ("multihead", """
        _right = multi_head_attention

        def multi_head_attention(Xq, Xkv, params, num_heads, mask=None):
            width = Xq.shape[-2]
            if any(value.shape[0] != width for value in params.values()):   # every entry, not only its own
                raise ValueError("params do not fit the model width")
            return _right(Xq, Xkv, params, num_heads, mask)
    """, "params_extra_entries_refused"),
}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(CALLING_PROBES))
def test_probes_that_call_again_name_the_kind_of_mistake(name, tmp_path):
    exercise, source, diagnosis = CALLING_PROBES[name]
    report = grade(submission(tmp_path / "s", exercise, source), [exercise])
    names = {(check.diagnosis or "").split(":")[0] for check in report.checks if not check.passed}
    assert diagnosis in names, f"{name}: diagnoses {names}"


# name -> (exercise, source): state kept between calls, which the probes that change one input at a time would misread
# (a fresh cache entry for a neighbouring size, or for another dtype, is right)
STATEFUL = {
    "padding_mask_cached_by_shape": ("masking", """
        _masks = {}

        def padding_mask(lengths, n):
            key = (tuple(lengths.shape), n)                      # the lengths' values are not in the key
            if key not in _masks:
                _masks[key] = (torch.arange(n)[None, :] < lengths[:, None])[:, :, None]
            return _masks[key]
    """),
    "visible_keys_cached_by_query_count": ("softmax", """
        _visible = {}

        def softmax_cols(scores):
            n = scores.shape[-1]
            if n not in _visible:                                 # keyed by the queries only: another number of
                _visible[n] = torch.ones(scores.shape[-2], n, dtype=torch.bool)   # keys no longer broadcasts
            columns = scores.masked_fill(~_visible[n], float("-inf"))
            top = columns.amax(dim=-2, keepdim=True).masked_fill(columns.amax(dim=-2, keepdim=True) == float("-inf"), 0)
            weights = (columns - top).exp()
            return weights / weights.sum(dim=-2, keepdim=True).clamp_min(torch.finfo(scores.dtype).tiny)
    """),
}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(STATEFUL))
def test_state_kept_between_calls_is_named_and_never_misread_as_a_size_or_an_argument(name, tmp_path):
    exercise, source = STATEFUL[name]
    report = grade(submission(tmp_path / "s", exercise, source), [exercise])
    names = {check.id: (check.diagnosis or "").split(":")[0] for check in report.checks if not check.passed}
    assert "remembers_between_calls" in names.values(), names
    misread = {"wrong_for_size", "breaks_for_size", "argument_ignored", "argument_misused", "breaks_float64",
               "batch_axis", "breaks_batching"}
    assert not misread & set(names.values()), names


def test_boolean_results_say_whether_the_mask_allows_too_much_or_too_little():
    expected = torch.ones(4, 4, dtype=torch.bool).tril()                                # key j sees query i ≤ j
    loose = expected | torch.ones(4, 4, dtype=torch.bool).triu(1)
    name, text = generic(Observation("causal_mask", (4,), {}, loose), expected)
    assert name == "mask_allows_too_much" and "key before the query" in text
    assert generic(Observation("causal_mask", (4,), {}, torch.eye(4, dtype=torch.bool)), expected)[0] == \
        "mask_allows_too_little"
    mixed = expected.clone()
    mixed[0, 1], mixed[1, 0] = True, False
    assert generic(Observation("causal_mask", (4,), {}, mixed), expected)[0] == "different_values"
    assert generic(Observation("causal_mask", (4,), {}, ~expected), expected)[0] == "mask_negated"
    assert generic(Observation("sequence_log_prob", (), {}, -3.5), torch.tensor(-3.5))[0] == "wrong_type"
    nothing = generic(Observation("beam_search", (), {}, None), torch.tensor([1, 2]))
    assert nothing[0] == "wrong_type" and "returns None" in nothing[1]
    assert generic(Observation("sparse_attention_cost", (), {}, 21.0), 21)[0] == "wrong_type"
    assert generic(Observation("sparse_attention_cost", (), {}, torch.tensor(21)), 21)[0] == "wrong_type"


def test_rearranged_values_whitespace_and_segmentation_are_recognised():
    e = torch.randn(3, 4, 6, generator=torch.Generator().manual_seed(1), dtype=torch.float64)
    scrambled = e.reshape(3, 6, 4).transpose(-2, -1)                          # a view where a permute belongs
    assert generic(Observation("window_reverse", (), {}, scrambled, tol=TOL), e)[0] == "entries_rearranged"
    assert generic(Observation("window_reverse", (), {}, e + 0.5, tol=TOL), e)[0] != "entries_rearranged"
    assert generic(Observation("bpe_decode", (), {}, "low er"), "lower")[0] == "whitespace_differs"
    assert generic(Observation("bpe_decode", (), {}, "lower "), "lower")[0] == "whitespace_differs"
    lowest = generic(Observation("bpe_decode", (), {}, "lowest"), "lower")
    assert lowest[0] == "text_replaced" and "'st' where the expected text has 'r'" in lowest[1]
    marker = generic(Observation("bpe_decode", (), {}, "the</w>low</w>er"), "the low er")
    assert marker[0] == "text_replaced" and "'</w>' where the expected text has ' ' (2 times)" in marker[1]
    assert generic(Observation("bpe_decode", (), {}, "the< low<"), "the low")[0] == "text_extra"
    assert generic(Observation("bpe_decode", (), {}, "the ow"), "the low")[0] == "text_missing"
    composed = generic(Observation("bpe_decode", (), {}, "caf\u00e9"), "cafe\u0301")
    assert composed[0] == "text_normalised"
    assert generic(Observation("bpe_decode", (), {}, "\ufb01n"), "fin")[0] == "text_normalised"
    assert generic(Observation("bpe_encode", (), {}, ["lo", "w", "er"]), ["low", "er"])[0] == "segmentation_differs"
    assert generic(Observation("bpe_encode", (), {}, ["lo", "w"]), ["low", "er"])[0] == "different_sequence"
    corpus = ("low lower", 3)
    glued = [("l", "o"), ("lo", "w</w>")]                                    # the marker glued to the last letter
    right = [("l", "o"), ("lo", "w"), ("low", "</w>")]
    assert generic(Observation("train_bpe", corpus, {}, glued), right)[0] == "unexpected_symbols"
    counted_otherwise = [("l", "o"), ("w", "</w>"), ("lo", "w</w>")]        # other merges, built from the same symbols
    assert generic(Observation("train_bpe", corpus, {}, counted_otherwise), right)[0] == "different_sequence"


def test_a_factor_is_claimed_only_when_zeros_stay_zero():
    """A top-k that keeps an extra tied token is not 'the expected result times a constant'."""
    expected = torch.tensor([0.5, 0.5, 0.0, 0.0])
    kept_a_tie = torch.tensor([1 / 3, 1 / 3, 1 / 3, 0.0])
    assert probes._normalisation(kept_a_tie, expected, TOL) is None
    assert generic(Observation("next_token_probs", (), {}, kept_a_tie, tol=TOL), expected)[0] != "constant_factor"
    name, text = probes._normalisation(expected * 8 ** 0.5, expected, TOL)
    assert name == "constant_factor" and "sqrt(8)" in text


def test_output_probes_name_axes_normalisation_positions_and_float32():
    e = torch.randn(2, 3, 4, 5, generator=torch.Generator().manual_seed(0), dtype=torch.float64)
    assert probes._axes_permuted(e.transpose(1, 2), e, TOL)[0] == "axes_permuted"
    columns = torch.rand(4, 5, dtype=torch.float64) + 0.1
    weights = columns / columns.sum(dim=0)
    assert probes._normalisation(columns, weights, TOL)[0] == "right_up_to_normalisation"
    shifted = e.clone()
    shifted[..., 3:] += 1
    assert probes._first_columns(shifted, e, TOL)[0] == "right_for_first_columns"
    first = e.clone()
    first[..., 0] += 1
    assert probes._first_columns(first, e, TOL)[0] == "wrong_in_first_column_only"
    tight = Tolerance(1e-14, 1e-14)
    assert probes._float32_accuracy(e.float().double(), e, tight)[0] == "float32_accuracy"
    assert probes._float32_accuracy(e + 1e-3, e, tight) is None, "a real error is not a precision problem"


def test_a_reshape_where_a_permute_was_needed_is_read_as_such():
    """A padding mask computed as (n, B) and reshaped to (B, n, 1); a float result viewed across its last two axes."""
    lengths = torch.tensor([1, 3])
    expected = (torch.arange(3)[None, :] < lengths[:, None])[:, :, None]          # (B, n, 1)
    reshaped = (torch.arange(3)[:, None] < lengths[None, :]).reshape(-1, 3, 1)     # (n, B) read as (B, n, 1)
    name, text = probes._read_in_another_axis_order(reshaped, expected, TOL)
    assert name == "read_in_another_axis_order" and "(1, 0, 2)" in text
    e = torch.randn(2, 4, 5, generator=torch.Generator().manual_seed(1), dtype=torch.float64)
    assert probes._read_in_another_axis_order(e.transpose(1, 2).reshape(2, 4, 5), e, TOL)[0] == \
        "read_in_another_axis_order"
    assert probes._read_in_another_axis_order(e + 1, e, TOL) is None, "other values are not a reading order"
    symmetric = torch.eye(4, dtype=torch.bool)
    assert probes._read_in_another_axis_order(symmetric, symmetric.clone(), TOL) is None


def test_errors_confined_to_queries_that_see_no_key_are_recognised():
    mask = torch.ones(3, 4, dtype=torch.bool)
    mask[:, 1] = False                                                       # query 1 sees no key
    expected = torch.randn(2, 4, dtype=torch.float64)
    got = expected.clone()
    got[:, 1] = 0.3
    observation = Observation("f", (torch.zeros(2, 4), mask), {}, got, tol=TOL)
    assert probes._fully_masked_queries(observation, got, expected)[0] == "fully_masked_queries_wrong"
    got[:, 2] += 1                                                           # a seeing query is wrong too
    assert probes._fully_masked_queries(observation, got, expected) is None


@pytest.mark.slow
def test_messages_name_the_call_that_crashed_and_read_an_early_stop_as_a_sequence(tmp_path):
    crash = """
        def softmax_cols(scores):
            if scores.dim() > 2:
                raise IndexError("only matrices")
            return torch.softmax(scores, dim=-2)
    """
    report = grade(submission(tmp_path / "crash", "softmax", crash), ["softmax"])
    messages = [check.message for check in report.checks if not check.passed]
    assert messages and any("while softmax_cols(float32 (" in m and "IndexError" in m for m in messages), messages

    early = """
        _full = generate

        def generate(model, prompt, max_new_tokens, temperature=1.0, top_k=None, top_p=None, eos_id=None,
                     generator=None, context_size=None):
            ids = _full(model, prompt, max_new_tokens, temperature, top_k, top_p, eos_id, generator, context_size)
            return ids[:-1] if len(ids) > len(prompt) + 1 else ids
    """
    report = grade(submission(tmp_path / "early", "sampling", early), ["sampling"])
    failed = [check for check in report.checks if not check.passed and check.function == "generate"]
    assert failed
    assert all("wrong_shape" not in (check.diagnosis or "") for check in failed), [c.diagnosis for c in failed]
    assert any("tokens, expected" in check.message or "different_length" in (check.diagnosis or "")
               for check in failed)
