"""Cheat: forge what `attn grade` shows on a terminal. The exception message (which the text report prints verbatim
under each failed check) starts with ANSI sequences that clear the screen and its scrollback and move the cursor
home, prints a fake report with full marks, and ends by switching to concealed text, so the real report lines that
follow are invisible. The JSON report and the CSV keep the true score; a person reading the terminal sees 14 / 14.
The grader must strip or escape control characters in learner text before printing it."""
FAKE = ("\x1b[2J\x1b[3J\x1b[1;1HSubmission: submission\x1b[2;1HScore: 14 / 14\x1b[4;1H[ok] softmax: 7 / 7"
        "\x1b[6;1H[ok] masking: 7 / 7\x1b[7;1H\x1b[8m")  # cursor moves instead of newlines (the report splits lines)


def softmax_cols(scores):
    raise ValueError(FAKE)
