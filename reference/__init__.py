"""The reference implementation: every component and model of the course, in the column convention.

Everything in this project is graded against this package, so it is tested against implementations nobody here
wrote (PyTorch's modules, Hugging Face models, a real pretrained BERT). The convention is explained in
docs/convention.md; in short:

* a sequence of N tokens with D features is X of shape (..., D, N): tokens are **columns**;
* weights are stored (out, in) like ``torch.nn.Linear.weight`` and a projection is ``W @ X + b[:, None]``;
* attention is ``A = V @ softmax_cols(K^T Q / sqrt(D_k))``: scores and masks are (..., N_k, N_q), every column (one
  query) sums to 1, and a boolean mask is True where a key is visible to a query.

One module per exercise (bpe, embeddings, softmax, masking, attention, multihead, transformer_layer,
cross_attention, sampling, patch_embedding), plus byte_bpe, models and configs. Before and beyond the classic
transformer: rnn_attention (Bahdanau's additive attention, the RNN decoder step, attention over a CNN grid),
conv_attention (SAGAN), sparse_attention (long sequences without N×N scores), positions (T5 bias, rotary) and
pretraining (BERT's MLM corruption and NSP pairs). For the vision models: imagegpt, swin and davit, where images and
grids of tokens are (..., C, H, W), each token a column.
"""
