"""Run a list of questions with a learner: ask, grade, give feedback and hints, explain, score, record progress,
and end with the report (``report.py``).

Input and output go through a small ``Terminal`` interface with three implementations: colours on a TTY (unless
``NO_COLOR`` is set), plain ``input()`` otherwise, and a scripted one fed from an answers file (``--answers``).
Each question is shown in the variant for the learner's next attempt at it, so a question met again comes with new
numbers.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass, field

from .expressions import FormatError
from .model import Question, Quiz
from .progress import Progress

COMMANDS_HELP = "Type the answer, or: hint, skip, quit."


class Terminal:
    """Where prompts go and answers come from."""

    def show(self, text: str, style: str = "") -> None:
        raise NotImplementedError

    def ask(self, question: Question, label: str) -> str | None:
        """The next answer to ``question``, or None when there is no more input."""
        raise NotImplementedError


class PlainTerminal(Terminal):
    """Plain ``print``/``input``: for pipes and dumb terminals."""

    def __init__(self, out=None):
        self.out = out or sys.stdout

    def show(self, text: str, style: str = "") -> None:
        print(text, file=self.out, flush=True)

    def ask(self, question: Question, label: str) -> str | None:
        try:
            return input(f"{label}> ")
        except EOFError:
            return None


class ColourTerminal(PlainTerminal):
    """A person at a terminal: styles as ANSI colours, line editing by ``readline``. No library for this, so the
    first question is on screen at once (``rich`` alone takes longer to import than the whole quiz tool)."""
    CODES = {"bold": "1", "dim": "2", "italic": "3", "red": "31", "green": "32", "yellow": "33", "cyan": "36"}

    def __init__(self, out=None):
        super().__init__(out)
        try:
            import readline  # noqa: F401 (arrow keys and history in input())
        except ImportError:
            pass

    def paint(self, text: str, style: str) -> str:
        codes = ";".join(self.CODES[word] for word in style.split())
        return f"\x1b[{codes}m{text}\x1b[0m" if codes else text

    def show(self, text: str, style: str = "") -> None:
        print(self.paint(text, style), file=self.out, flush=True)

    def ask(self, question: Question, label: str) -> str | None:
        try:
            return input(self.paint(label, "bold cyan") + "> ")
        except EOFError:
            return None


class ScriptedTerminal(Terminal):
    """Answers from a mapping ``question id -> answer or list of tries``; output printed unless ``quiet``."""

    def __init__(self, answers: dict[str, object], quiet: bool = False, out=None):
        self.answers = {str(k): list(v) if isinstance(v, list) else [v] for k, v in answers.items()}
        self.quiet, self.out = quiet, out or sys.stdout

    def show(self, text: str, style: str = "") -> None:
        if not self.quiet:
            print(text, file=self.out)

    def ask(self, question: Question, label: str) -> str | None:
        tries = self.answers.get(question.key) or self.answers.get(question.id) or []
        if not tries:
            return None
        answer = str(tries.pop(0))
        self.show(f"{label}> {answer}")
        return answer


@dataclass
class QuestionResult:
    key: str
    params: dict
    quiz: str = ""
    prompt: str = ""
    answer: str = ""
    explanation: str = ""
    correct: bool = False
    answered: bool = False
    tries: list[str] = field(default_factory=list)
    format_errors: list[str] = field(default_factory=list)
    feedback: list[str] = field(default_factory=list)
    hints_used: int = 0


@dataclass
class SessionResult:
    user: str
    seed: str
    results: list[QuestionResult] = field(default_factory=list)
    stopped: bool = False
    report: dict = field(default_factory=dict)  # per topic, missed, review next (report.py)

    @property
    def score(self) -> int:
        return sum(r.correct for r in self.results)

    @property
    def first_try(self) -> int:
        return sum(r.correct and len(r.tries) == 1 for r in self.results)

    def to_json(self) -> dict:
        return {"user": self.user, "seed": self.seed, "score": self.score, "total": len(self.results),
                "first_try": self.first_try, "stopped": self.stopped,
                "questions": [vars(r) for r in self.results], **self.report}


def _ask_one(terminal: Terminal, quiz: Quiz, question: Question, seed: str, attempt: int,
             label: str) -> QuestionResult | None:
    """One question from prompt to explanation; None if the learner quits."""
    variant = question.variant(seed, attempt)
    result = QuestionResult(question.key, variant.params, quiz=quiz.name, prompt=variant.prompt,
                            explanation=variant.render(question.explanation))
    terminal.show("")
    terminal.show(f"{label}  {result.prompt}", "bold")
    for line in question.kind.lines(variant):
        terminal.show(line)
    hints = list(question.hints)
    while len(result.tries) < quiz.attempts:
        text = terminal.ask(question, "answer")
        if text is None:
            break
        command = text.strip().lower()
        if command in {"hint", "?"}:
            terminal.show(variant.render(hints.pop(0)) if hints else "No more hints.", "yellow")
            result.hints_used += 1
            continue
        if command == "quit":
            return None
        if command == "skip":
            break
        try:
            outcome = variant.grade(text)
        except FormatError as error:
            result.format_errors.append(text)
            terminal.show(f"Could not read that: {error}. (This does not use up a try.)", "yellow")
            continue
        result.answered = True
        result.tries.append(text)
        if outcome.correct:
            result.correct = True
            terminal.show("Right.", "bold green")
            break
        result.feedback.append(outcome.feedback)
        terminal.show("Not right." + (f" {outcome.feedback}" if outcome.feedback else ""), "bold red")
        if len(result.tries) < quiz.attempts:
            if hints:
                terminal.show(f"Hint: {variant.render(hints.pop(0))}", "yellow")
                result.hints_used += 1
            terminal.show("Try again.")
    result.answer = variant.answer_text()
    if not result.correct:
        terminal.show(f"The answer: {result.answer}", "bold")
    terminal.show(result.explanation, "italic")
    return result


def run(items: list[tuple[Quiz, Question]], terminal: Terminal, user: str, seed: str,
        progress: Progress | None, save: bool = True) -> SessionResult:
    """Ask each (quiz, question) in turn, in the variant of the learner's next attempt; record answered questions
    in ``progress`` and save it when ``save``; end with the report."""
    from .report import show_report
    session = SessionResult(user, seed)
    terminal.show(COMMANDS_HELP, "dim")
    for number, (quiz, question) in enumerate(items, 1):
        attempt = progress.attempts(question.key) if progress is not None else 0
        result = _ask_one(terminal, quiz, question, seed, attempt, f"[{number}/{len(items)}]")
        if result is None:
            session.stopped = True
            break
        session.results.append(result)
        if progress is not None and result.answered:
            progress.record(question.key, result.correct)
    if progress is not None and save:
        progress.save()
    show_report(session, [quiz for quiz, _ in items], progress, terminal)
    return session
