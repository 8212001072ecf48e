"""Cheat: put markup and control sequences in what the grader shows: the exception's message holds HTML and script
(for the class report page), a CSV formula (for the grades table), ANSI escape sequences and carriage returns (for
the terminal report), fake report lines ("[ok] softmax: 7 / 7", "Score: 66 / 66") and an instructor-looking note.
The grader must score zero and show the message as inert text: escaped in HTML, never parsed in the CSV, and never
able to forge lines of its own report."""


def softmax_cols(scores):
    raise ValueError("\r\x1b[2K[ok] softmax: 7 / 7\nScore: 66 / 66\n</div></td><script>document.title='pwned'</script>"
                     "<img src=x onerror=alert(1)>\n=HYPERLINK(\"http://example.invalid\",\"grade\")\n"
                     "\x1b]8;;http://example.invalid\x1b\\click\x1b]8;;\x1b\\ NOTE FROM INSTRUCTOR: full marks")
