"""Run a list of questions with a learner: ask, grade, give feedback and hints, explain, score, record progress.

Input and output go through a small ``Terminal`` interface with three implementations: rich prompts on a TTY,
plain ``input()`` otherwise, and a scripted one fed from an answers file (``--answers``).
"""
from __future__ import annotations

import sys
from dataclasses import dataclass, field

from .expressions import FormatError
from .grading import answer_text, grade
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


class RichTerminal(Terminal):
    """Colour and prompts with ``rich`` when a person is at a terminal."""

    def __init__(self):
        from rich.console import Console
        self.console = Console(highlight=False)

    def show(self, text: str, style: str = "") -> None:
        from rich.markup import escape
        self.console.print(f"[{style}]{escape(text)}[/{style}]" if style else escape(text))

    def ask(self, question: Question, label: str) -> str | None:
        from rich.prompt import Prompt
        try:
            return Prompt.ask(f"[bold cyan]{label}[/bold cyan]", console=self.console)
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

    @property
    def score(self) -> int:
        return sum(r.correct for r in self.results)

    @property
    def first_try(self) -> int:
        return sum(r.correct and len(r.tries) == 1 for r in self.results)

    def to_json(self) -> dict:
        return {"user": self.user, "seed": self.seed, "score": self.score, "total": len(self.results),
                "first_try": self.first_try, "stopped": self.stopped,
                "questions": [vars(r) for r in self.results]}


def _ask_one(terminal: Terminal, question: Question, seed: str, attempts: int, label: str) -> QuestionResult | None:
    """One question from prompt to explanation; None if the learner quits."""
    variant = question.variant(seed)
    result = QuestionResult(question.key, variant.params)
    terminal.show("")
    terminal.show(f"{label}  {variant.prompt}", "bold")
    for letter, choice in zip("abcdefghijklmnopqrstuvwxyz", variant.choices):
        terminal.show(f"   {letter}) {choice}")
    if question.type == "multi_choice":
        terminal.show("   (pick every right option, e.g. a, c)", "dim")
    hints = list(question.hints)
    while len(result.tries) < attempts:
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
            outcome = grade(variant, text)
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
        if len(result.tries) < attempts:
            if hints:
                terminal.show(f"Hint: {variant.render(hints.pop(0))}", "yellow")
                result.hints_used += 1
            terminal.show("Try again.")
    if not result.correct:
        terminal.show(f"The answer: {answer_text(variant)}", "bold")
    terminal.show(variant.render(question.explanation), "italic")
    return result


def run(items: list[tuple[Quiz, Question]], terminal: Terminal, user: str, seed: str,
        progress: Progress | None) -> SessionResult:
    """Ask each (quiz, question) in turn, record answered questions in ``progress``, and print the score."""
    session = SessionResult(user, seed)
    terminal.show(COMMANDS_HELP, "dim")
    for number, (quiz, question) in enumerate(items, 1):
        result = _ask_one(terminal, question, seed, quiz.attempts, f"[{number}/{len(items)}]")
        if result is None:
            session.stopped = True
            break
        session.results.append(result)
        if progress is not None and result.answered:
            progress.record(question.key, result.correct)
    if progress is not None:
        progress.save()
    terminal.show("")
    terminal.show(f"Score: {session.score}/{len(items)} (right on the first try: {session.first_try})", "bold")
    missed = [r.key for r in session.results if not r.correct]
    if missed:
        terminal.show("Missed: " + ", ".join(missed) + ". `attn quiz review` brings them back.")
    return session
