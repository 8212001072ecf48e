"""The capstones' data: two synthetic languages with exactly one right answer, and scikit-learn's bundled digits.

- `digit_task`: "sort seven one four = one four seven ." or "reverse two nine four = four nine two ." — digit
  words in, the same words sorted or reversed out (the GPT).
- `english_number` / `french_number`: 0 … 999 in English and French words, "three hundred ninety seven" ->
  "trois cent quatre vingt dix sept" (the translator). French counts in twenties from 60 up (soixante dix = 70,
  quatre vingts = 80) and inflects ("deux cents" but "deux cent un"), so the alignment is not one word to one word.
- `digits`: the 8×8 handwritten digits of scikit-learn (1797 images, grey levels 0 … 16, no download), split into a
  fixed training and held-out set.
"""
from __future__ import annotations

import torch

DIGIT_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
COMMANDS = ("sort", "reverse")
END = "."  # the last word of every digit-task sentence: the GPT's end of answer

ENGLISH_UNITS = DIGIT_WORDS + ("ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
                               "eighteen", "nineteen")
ENGLISH_TENS = ("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
FRENCH_UNITS = ("zéro", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix", "onze", "douze",
                "treize", "quatorze", "quinze", "seize", "dix sept", "dix huit", "dix neuf")
FRENCH_TENS = ("", "", "vingt", "trente", "quarante", "cinquante", "soixante")


# ------------------------------------------------------------------------------------------------ the digit task

def digit_task(command: str, digits: list[int]) -> tuple[str, str]:
    """(prompt, answer): prompt "sort d1 … dn =", answer "e1 … en ." with the digits sorted or reversed."""
    if command not in COMMANDS:
        raise ValueError(f"command: expected one of {COMMANDS}, got {command!r}")
    result = sorted(digits) if command == "sort" else digits[::-1]
    prompt = " ".join([command, *(DIGIT_WORDS[d] for d in digits), "="])
    return prompt, " ".join([*(DIGIT_WORDS[d] for d in result), END])


def random_digit_tasks(count: int, generator: torch.Generator, min_length: int = 3,
                       max_length: int = 7) -> list[tuple[str, str]]:
    """`count` random (prompt, answer) pairs: a random command and min_length … max_length random digits."""
    tasks = []
    for _ in range(count):
        length = int(torch.randint(min_length, max_length + 1, (1,), generator=generator))
        command = COMMANDS[int(torch.randint(len(COMMANDS), (1,), generator=generator))]
        digits = torch.randint(10, (length,), generator=generator).tolist()
        tasks.append(digit_task(command, digits))
    return tasks


# ------------------------------------------------------------------------------------------------ numbers in words

def english_number(n: int) -> str:
    """0 … 999 in English words, American style: 342 -> "three hundred forty two"."""
    _check_number(n)
    hundreds, rest = divmod(n, 100)
    words = [ENGLISH_UNITS[hundreds], "hundred"] if hundreds else []
    if rest or not hundreds:
        tens, units = divmod(rest, 10)
        if rest < 20:
            words.append(ENGLISH_UNITS[rest])
        else:
            words += [ENGLISH_TENS[tens]] + ([ENGLISH_UNITS[units]] if units else [])
    return " ".join(words)


def french_below_hundred(n: int, last: bool) -> list[str]:
    """1 … 99 in French words (spaces for hyphens); `last`: nothing follows, so 80 is "quatre vingts"."""
    if n < 20:
        return FRENCH_UNITS[n].split()
    tens, units = divmod(n, 10)
    if tens in (7, 9):                                   # 70-79: soixante + 10-19; 90-99: quatre vingt + 10-19
        head = ["soixante"] if tens == 7 else ["quatre", "vingt"]
        return head + (["et"] if n == 71 else []) + FRENCH_UNITS[10 + units].split()
    head = ["quatre", "vingts" if last and not units else "vingt"] if tens == 8 else [FRENCH_TENS[tens]]
    if not units:
        return head
    return head + (["et"] if units == 1 and tens != 8 else []) + [FRENCH_UNITS[units]]


def french_number(n: int) -> str:
    """0 … 999 in French words (traditional spelling, spaces for hyphens): 280 -> "deux cent quatre vingts"."""
    _check_number(n)
    if n == 0:
        return FRENCH_UNITS[0]
    hundreds, rest = divmod(n, 100)
    words = []
    if hundreds:
        words += ([] if hundreds == 1 else [FRENCH_UNITS[hundreds]]) + ["cents" if hundreds > 1 and not rest
                                                                          else "cent"]
    if rest:
        words += french_below_hundred(rest, last=True)
    return " ".join(words)


def _check_number(n: int) -> None:
    if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 999:
        raise ValueError(f"n: expected an integer in 0 … 999, got {n!r}")


def number_split(generator: torch.Generator, held_out: int = 200) -> tuple[list[int], list[int]]:
    """A fixed random split of 0 … 999: (training numbers, held-out numbers)."""
    order = torch.randperm(1000, generator=generator).tolist()
    return sorted(order[held_out:]), sorted(order[:held_out])


# ------------------------------------------------------------------------------------------------ digits

def digits(generator: torch.Generator, held_out: int = 360) -> dict[str, torch.Tensor]:
    """scikit-learn's 8×8 digits scaled to [0, 1]: images (M, 1, 8, 8) float32 and labels (M,), split at random
    into "train_images", "train_labels", "test_images", "test_labels" (``held_out`` images held out)."""
    from sklearn.datasets import load_digits

    data = load_digits()
    images = torch.tensor(data.images, dtype=torch.float32)[:, None] / 16.0
    labels = torch.tensor(data.target, dtype=torch.long)
    order = torch.randperm(len(images), generator=generator)
    test, train = order[:held_out], order[held_out:]
    return {"train_images": images[train], "train_labels": labels[train],
            "test_images": images[test], "test_labels": labels[test]}


def shift_images(images: torch.Tensor, generator: torch.Generator, max_shift: int = 1) -> torch.Tensor:
    """Each image (M, C, H, W) moved by a random whole number of pixels in −max_shift … max_shift along each axis,
    the border filled with 0 (background): augmentation that keeps the digit."""
    count, _, height, width = images.shape
    padded = torch.nn.functional.pad(images, (max_shift,) * 4)
    rows = torch.randint(0, 2 * max_shift + 1, (count,), generator=generator)
    cols = torch.randint(0, 2 * max_shift + 1, (count,), generator=generator)
    index_h = (rows[:, None] + torch.arange(height))[:, None, :, None]              # (M, 1, H, 1)
    index_w = (cols[:, None] + torch.arange(width))[:, None, None, :]               # (M, 1, 1, W)
    batch = torch.arange(count)[:, None, None, None]
    channel = torch.arange(images.shape[1])[None, :, None, None]
    return padded[batch, channel, index_h, index_w]
