"""Byte-level BPE as in GPT-2 and tiktoken: any Unicode string in, token ids out, and back.

Encoding has two stages:
  1. a regular expression splits the text into pieces (words with their leading space, numbers of up to three
     digits, punctuation runs, whitespace runs, contractions such as "'ll"), so no token straddles two pieces;
  2. each piece's UTF-8 bytes start as single-byte tokens, and the adjacent pair whose concatenation has the lowest
     rank is merged (the leftmost if several) until no adjacent pair is a known token.
A token's id is its rank. Every one of the 256 bytes is a token, so nothing is ever out of vocabulary.

The pattern needs \\p{L} and possessive quantifiers, hence the `regex` package (a dependency of tiktoken).
Letters and digits are classified by the `regex` package's Unicode tables, tiktoken's by its Rust regex crate's:
on code points assigned in a Unicode version only one of them knows, the two can split text differently.
"""

import base64
from functools import lru_cache
from pathlib import Path

import regex

# tiktoken's cl100k_base split pattern (GPT-3.5 / GPT-4), verbatim.
CL100K_PATTERN = (
    r"""'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+| ?[^\s\p{L}\p{N}]++[\r\n]*+|\s++$|\s*[\r\n]|"""
    r"""\s+(?!\S)|\s"""
)


@lru_cache(maxsize=1)
def bytes_to_unicode() -> dict[int, str]:
    """GPT-2's map from each byte to a printable character, used to show byte tokens as text.

    Bytes that are printable Latin-1 characters ("!".."~", "¡".."¬", "®".."ÿ") stand for themselves; the other 68
    (controls, space, soft hyphen, ...) take the characters from U+0100 on, in byte order: space is "Ġ", "\\n" is "Ċ".
    """
    printable = [*range(ord("!"), ord("~") + 1), *range(ord("¡"), ord("¬") + 1), *range(ord("®"), ord("ÿ") + 1)]
    mapping = {byte: chr(byte) for byte in printable}
    substitutes = (chr(256 + n) for n in range(256))
    for byte in range(256):
        if byte not in mapping:
            mapping[byte] = next(substitutes)
    return mapping


def load_tiktoken_ranks(path: str | Path) -> dict[bytes, int]:
    """Read a `.tiktoken` file: one "<base64 token> <rank>" per line."""
    ranks: dict[bytes, int] = {}
    with open(path, "rb") as lines:
        for line_number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            fields = line.split()
            if len(fields) != 2 or not fields[1].isdigit():
                raise ValueError(f"{path}:{line_number}: expected '<base64 token> <rank>', got {line[:60]!r}")
            ranks[base64.b64decode(fields[0], validate=True)] = int(fields[1])
    return ranks


def _merge_lowest_rank_pairs(piece: bytes, ranks: dict[bytes, int]) -> list[bytes]:
    """Start from single bytes; merge the adjacent pair with the lowest rank (leftmost on ties) until none is left."""
    parts = [piece[i : i + 1] for i in range(len(piece))]
    while len(parts) > 1:
        best_rank, best_index = None, -1
        for index in range(len(parts) - 1):
            rank = ranks.get(parts[index] + parts[index + 1])
            if rank is not None and (best_rank is None or rank < best_rank):
                best_rank, best_index = rank, index
        if best_rank is None:
            break
        parts[best_index : best_index + 2] = [parts[best_index] + parts[best_index + 1]]
    return parts


class ByteLevelBPE:
    """Encoder/decoder from mergeable ranks (token bytes -> rank, the rank being the id) and a split pattern.

    Special tokens such as "<|endoftext|>" are not recognised: text is always encoded as ordinary text.
    """

    def __init__(self, mergeable_ranks: dict[bytes, int], pattern: str = CL100K_PATTERN) -> None:
        missing = [byte for byte in range(256) if bytes([byte]) not in mergeable_ranks]
        if missing:
            raise ValueError(f"mergeable_ranks must contain all 256 single bytes; missing e.g. byte {missing[0]}")
        self.ranks = mergeable_ranks
        self.decoder = {rank: token for token, rank in mergeable_ranks.items()}
        if len(self.decoder) != len(mergeable_ranks):
            raise ValueError("mergeable_ranks must give every token a different rank")
        self.pattern = regex.compile(pattern)
        self._piece_cache: dict[str, list[int]] = {}

    @classmethod
    def from_tiktoken_file(cls, path: str | Path, pattern: str = CL100K_PATTERN) -> "ByteLevelBPE":
        return cls(load_tiktoken_ranks(path), pattern)

    def _encode_piece(self, piece: str) -> list[int]:
        ids = self._piece_cache.get(piece)
        if ids is None:
            data = piece.encode("utf-8")
            if data in self.ranks:  # a whole piece that is a token stays one token (as in tiktoken)
                ids = [self.ranks[data]]
            else:
                ids = [self.ranks[part] for part in _merge_lowest_rank_pairs(data, self.ranks)]
            self._piece_cache[piece] = ids
        return ids

    def split(self, text: str) -> list[str]:
        """The pre-tokenisation pieces of `text`; they concatenate back to `text`."""
        return self.pattern.findall(text)

    def encode(self, text: str) -> list[int]:
        """Token ids of `text`. ValueError if it holds a lone surrogate (not encodable as UTF-8)."""
        try:
            text.encode("utf-8")
        except UnicodeEncodeError as error:
            raise ValueError(f"text must be valid Unicode; lone surrogate at index {error.start}") from None
        return [token for piece in self.split(text) for token in self._encode_piece(piece)]

    def decode_bytes(self, ids: list[int]) -> bytes:
        try:
            return b"".join(self.decoder[token] for token in ids)
        except KeyError as error:
            raise ValueError(f"ids must be ranks of this vocabulary; unknown id {error.args[0]}") from None

    def decode(self, ids: list[int]) -> str:
        """The text of `ids`; a sequence that splits a UTF-8 character shows U+FFFD there."""
        return self.decode_bytes(ids).decode("utf-8", errors="replace")

    def token_strings(self, ids: list[int]) -> list[str]:
        """Each token's bytes shown through `bytes_to_unicode`, as in GPT-2's vocabulary ("Ġthe" for " the")."""
        visible = bytes_to_unicode()
        return ["".join(visible[byte] for byte in self.decode_bytes([token])) for token in ids]
