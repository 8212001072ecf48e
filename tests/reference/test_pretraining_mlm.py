"""BERT's pre-training tasks (``reference.pretraining``) and heads (``BertEncoder.pretraining_logits``/``_loss``)
against Hugging Face: ``DataCollatorForLanguageModeling`` (exactly, draw for draw, with the same seed; exactly on
which positions are eligible; and in distribution) and ``BertForPreTraining`` with copied weights (float64 ≤ 1e-10,
float32 ≤ 2e-5 of the largest value).

Statistical checks use Hoeffding's bound, valid for any number of draws n: a rate estimated from n independent
draws strays from its probability by more than t = sqrt(ln(2/δ) / 2n) with probability at most δ. Each check here
uses δ = 5e-8 and this file makes 10 of them (8 for the 80/10/10 rates, ours and the collator's, 1 for the random
tokens, 1 for the NSP labels), so a correct implementation fails one, for a fresh seed, with probability below
10 · 5e-8 = 5e-7 < 1e-6 (the checks are seeded, so a given run is deterministic).
"""
from __future__ import annotations

import copy
import math

import pytest
import torch
from tokenizers import Tokenizer, models
from transformers import BertConfig, BertForPreTraining, DataCollatorForLanguageModeling, PreTrainedTokenizerFast

from reference.convention import key_padding_mask, to_rows
from reference.models.hf import config_from_hf, load_bert
from reference.pretraining import IGNORE_INDEX, IS_NEXT, NOT_NEXT, mlm_corrupt, nsp_pairs, pretraining_batch

DELTA = 5e-8                                                            # per check; 10 checks in all
VOCAB = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"] + [f"w{i}" for i in range(25)]
PAD, CLS, SEP, MASK = 0, 2, 3, 4


def hoeffding(n: int) -> float:
    """The deviation t that a rate over n draws exceeds with probability ≤ DELTA."""
    return math.sqrt(math.log(2 / DELTA) / (2 * n))


@pytest.fixture(scope="module")
def tokenizer() -> PreTrainedTokenizerFast:
    word_level = Tokenizer(models.WordLevel({token: i for i, token in enumerate(VOCAB)}, unk_token="[UNK]"))
    return PreTrainedTokenizerFast(tokenizer_object=word_level, pad_token="[PAD]", unk_token="[UNK]",
                                   cls_token="[CLS]", sep_token="[SEP]", mask_token="[MASK]")


def sentences(num: int, length: int, seed: int) -> list[list[int]]:
    """[CLS] a [SEP] b [SEP] rows of ordinary ids, of different lengths (the collator pads them with [PAD])."""
    g = torch.Generator().manual_seed(seed)
    rows = []
    for _ in range(num):
        n = int(torch.randint(length // 2, length + 1, (), generator=g))
        words = torch.randint(5, len(VOCAB), (n - 3,), generator=g).tolist()
        rows.append([CLS, *words[: n // 2], SEP, *words[n // 2:], SEP])
    return rows


def collate(tokenizer, rows: list[list[int]], seed: int, **probabilities) -> tuple[torch.Tensor, torch.Tensor]:
    collator = DataCollatorForLanguageModeling(tokenizer, seed=seed, **probabilities)
    batch = collator([torch.tensor(row) for row in rows])
    return batch["input_ids"], batch["labels"]


def padded(rows: list[list[int]]) -> torch.Tensor:
    width = max(map(len, rows))
    return torch.tensor([row + [PAD] * (width - len(row)) for row in rows])


# ------------------------------------------------------------------ MLM corruption

def test_mlm_corruption_equals_hf_collator_draw_for_draw_with_the_same_seed(tokenizer):
    rows = sentences(40, 30, seed=0)
    theirs_ids, theirs_labels = collate(tokenizer, rows, seed=1)
    ours_ids, ours_labels = mlm_corrupt(padded(rows), len(tokenizer), tokenizer.all_special_ids,
                                        tokenizer.mask_token_id, torch.Generator().manual_seed(1))
    assert torch.equal(ours_labels, theirs_labels), "the chosen positions differ from the collator's"
    assert torch.equal(ours_ids, theirs_ids), "the corrupted ids differ from the collator's"


def test_mlm_eligible_positions_are_exactly_the_collators(tokenizer):
    """With every eligible position chosen, both choose exactly the non-special ones ([CLS], [SEP], [PAD] never)."""
    rows = sentences(20, 25, seed=2)
    _, theirs = collate(tokenizer, rows, seed=3, mlm_probability=1.0)
    ids = padded(rows)
    _, ours = mlm_corrupt(ids, len(tokenizer), tokenizer.all_special_ids, tokenizer.mask_token_id,
                          torch.Generator().manual_seed(4), mask_prob=1.0)
    eligible = ~torch.isin(ids, torch.tensor([PAD, CLS, SEP]))
    assert torch.equal(theirs != IGNORE_INDEX, eligible)
    assert torch.equal(ours != IGNORE_INDEX, eligible), "special tokens must never be chosen, all others may"


def test_mlm_labels_mark_exactly_the_chosen_positions_and_nothing_else_changes():
    ids = padded(sentences(50, 40, seed=5))
    before = ids.clone()
    corrupted, labels = mlm_corrupt(ids, len(VOCAB), [PAD, 1, CLS, SEP, MASK], MASK,
                                    torch.Generator().manual_seed(6))
    chosen = labels != IGNORE_INDEX
    assert torch.equal(ids, before), "the input ids must not be modified"
    assert torch.equal(labels[chosen], ids[chosen]), "a label is the original id"
    assert torch.equal(corrupted[~chosen], ids[~chosen]), "positions not chosen are left alone"
    assert torch.all(labels[~chosen] == -100) and labels.dtype == torch.long


def rates(ids: torch.Tensor, corrupted: torch.Tensor, labels: torch.Tensor) -> dict[str, tuple[float, int]]:
    """Each observable rate and the number of draws behind it."""
    eligible = ~torch.isin(ids, torch.tensor([PAD, CLS, SEP]))
    chosen = labels != IGNORE_INDEX
    n_eligible, n_chosen = int(eligible.sum()), int(chosen.sum())
    changed = chosen & (corrupted != MASK) & (corrupted != ids)
    return {"chosen": (n_chosen / n_eligible, n_eligible),
            "[MASK]": (float((corrupted[chosen] == MASK).float().mean()), n_chosen),
            "unchanged": (float((corrupted[chosen] == ids[chosen]).float().mean()), n_chosen),
            "random other": (float(changed.sum()) / n_chosen, n_chosen)}


def test_mlm_corruption_is_distributed_as_the_collators_80_10_10(tokenizer):
    rows = sentences(1000, 512, seed=7)
    ids = padded(rows)
    theirs = rates(ids, *collate(tokenizer, rows, seed=8))
    ours = rates(ids, *mlm_corrupt(ids, len(VOCAB), tokenizer.all_special_ids, MASK, torch.Generator().manual_seed(9)))
    V = len(VOCAB)
    # a random replacement may draw [MASK] or the original token itself (1/V each)
    expected = {"chosen": 0.15, "[MASK]": 0.8 + 0.1 / V, "unchanged": 0.1 + 0.1 / V, "random other": 0.1 * (V - 2) / V}
    for name, p in expected.items():
        for who, observed in (("ours", ours), ("HF", theirs)):
            rate, n = observed[name]
            bound = hoeffding(n)
            assert abs(rate - p) <= bound, f"{who}: {name} rate {rate:.4f}, expected {p:.4f} ± {bound:.4f}"
        bound = hoeffding(ours[name][1]) + hoeffding(theirs[name][1])   # implied by the two checks above
        assert abs(ours[name][0] - theirs[name][0]) <= bound, f"{name}: ours and the collator's rates disagree"


def test_mlm_random_replacements_are_uniform_over_the_whole_vocabulary():
    ids = padded(sentences(1000, 512, seed=10))
    corrupted, labels = mlm_corrupt(ids, len(VOCAB), [PAD, 1, CLS, SEP, MASK], MASK,
                                    torch.Generator().manual_seed(11), mask_prob=1.0)
    chosen = labels != IGNORE_INDEX
    replaced = corrupted[chosen & (corrupted != MASK) & (corrupted != ids)]
    special_rate = float((replaced < 5).float().mean())                 # ids 0 .. 4 are the special ones
    expected = 4 / (len(VOCAB) - 2)                                      # [MASK] and the original are not counted
    assert abs(special_rate - expected) <= hoeffding(replaced.numel()), \
        f"random tokens come from the whole vocabulary, specials included: rate {special_rate:.4f} vs {expected:.4f}"


def test_mlm_bad_input_raises_value_errors():
    ids = torch.tensor([[2, 7, 8, 3]])
    with pytest.raises(ValueError, match="ids"):
        mlm_corrupt(ids.float(), 30, [0, 2, 3], 4)
    with pytest.raises(ValueError, match="ids"):
        mlm_corrupt(ids, 8, [0, 2, 3], 4)                               # id 8 outside [0, 8)
    with pytest.raises(ValueError, match="mask_id"):
        mlm_corrupt(ids, 30, [0, 2, 3], 30)
    with pytest.raises(ValueError, match="mask_prob"):
        mlm_corrupt(ids, 30, [0, 2, 3], 4, mask_prob=1.5)


# ------------------------------------------------------------------ NSP pairs

def corpus(num_documents: int, seed: int) -> list[list[tuple[int, int]]]:
    """Documents of distinct sentences (document, index), 1 to 30 sentences each."""
    g = torch.Generator().manual_seed(seed)
    return [[(d, k) for k in range(int(torch.randint(1, 31, (), generator=g)))] for d in range(num_documents)]


def test_mlm_nsp_pairs_are_true_successors_or_sentences_of_other_documents():
    documents = corpus(50, seed=12)
    pairs = nsp_pairs(documents, torch.Generator().manual_seed(13))
    expected_a = [sentence for document in documents for sentence in document[:-1]]
    assert [a for a, _, _ in pairs] == expected_a, "one example per sentence that has a successor, in order"
    for a, b, label in pairs:
        if label == IS_NEXT:
            assert b == (a[0], a[1] + 1), "label 0: B is A's next sentence"
        else:
            assert label == NOT_NEXT and b[0] != a[0], "label 1: B comes from another document"


def test_mlm_nsp_pairs_are_half_true_half_random_and_seeded():
    documents = corpus(400, seed=14)
    pairs = nsp_pairs(documents, torch.Generator().manual_seed(15))
    rate = sum(label == IS_NEXT for _, _, label in pairs) / len(pairs)
    assert abs(rate - 0.5) <= hoeffding(len(pairs)), f"is-next rate {rate:.4f} over {len(pairs)} pairs"
    assert nsp_pairs(documents, torch.Generator().manual_seed(15)) == pairs, "the same seed gives the same pairs"
    assert nsp_pairs(documents, torch.Generator().manual_seed(16)) != pairs


def test_mlm_nsp_bad_input_raises_value_errors():
    with pytest.raises(ValueError, match="two"):
        nsp_pairs([[1, 2, 3]])
    with pytest.raises(ValueError, match="at least one sentence"):
        nsp_pairs([[1, 2], []])
    with pytest.raises(ValueError, match="pairs"):
        pretraining_batch([], CLS, SEP, PAD)


# ------------------------------------------------------------------ BERT's heads vs BertForPreTraining

@pytest.mark.parametrize("dtype", [torch.float64, torch.float32])
def test_bert_mlm_and_nsp_heads_match_hf_bert_for_pretraining(dtype):
    """An end-to-end batch: NSP pairs -> [CLS] A [SEP] B [SEP] -> MLM corruption -> both models."""
    config = BertConfig(vocab_size=len(VOCAB), hidden_size=16, num_hidden_layers=2, num_attention_heads=4,
                        intermediate_size=24, max_position_embeddings=32, type_vocab_size=2, hidden_act="gelu")
    theirs = BertForPreTraining(config).double().eval()
    generator = torch.Generator().manual_seed(17)
    with torch.no_grad():
        for parameter in theirs.parameters():
            parameter.copy_(torch.randn(parameter.shape, generator=generator, dtype=torch.float64) * 0.5)
    theirs.tie_weights()
    ours = load_bert(theirs.state_dict(), config_from_hf(config, "small-bert")).double()
    ours, theirs = copy.deepcopy(ours).to(dtype), copy.deepcopy(theirs).to(dtype)

    documents = [[[5 + (7 * d + k) % 25 for k in range(1 + s % 4)] for s in range(4)] for d in range(3)]
    pairs = nsp_pairs(documents, torch.Generator().manual_seed(18))
    assert {label for _, _, label in pairs} == {IS_NEXT, NOT_NEXT}, "the batch should hold both kinds of pair"
    ids, segments, lengths, nsp_labels = pretraining_batch(pairs, CLS, SEP, PAD)
    corrupted, mlm_labels = mlm_corrupt(ids, len(VOCAB), [PAD, 1, CLS, SEP, MASK], MASK,
                                        torch.Generator().manual_seed(19), mask_prob=0.3)
    with torch.no_grad():
        peer = theirs(input_ids=corrupted, token_type_ids=segments,
                      attention_mask=~key_padding_mask(lengths, ids.shape[1]), labels=mlm_labels,
                      next_sentence_label=nsp_labels)
        mlm_logits, nsp_logits = ours.pretraining_logits(corrupted, segments, lengths)
        loss = ours.pretraining_loss(corrupted, mlm_labels, nsp_labels, segments, lengths)
    tolerance = {torch.float64: 1e-10, torch.float32: 2e-5}[dtype]
    for name, mine, peers in (("MLM logits", to_rows(mlm_logits), peer.prediction_logits),
                              ("NSP logits", nsp_logits, peer.seq_relationship_logits), ("loss", loss, peer.loss)):
        error = (mine - peers).abs().max().item()
        assert error <= tolerance * max(1.0, peers.abs().max().item()), f"{name} differ by {error:.2e}"
