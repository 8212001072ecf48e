"""The report after a quiz session: the score per topic (quiz), the questions missed with their answers and
explanations, and what to review next according to the learner's spaced-repetition store (``progress.py``)."""
from __future__ import annotations

import time
from typing import TYPE_CHECKING

from .model import Quiz, bank_files, load_bank
from .progress import Progress

if TYPE_CHECKING:
    from .session import SessionResult, Terminal

SHOWN_KEYS = 5


def topic_scores(session: SessionResult, quizzes: list[Quiz]) -> list[dict]:
    """Right and asked per quiz, in the order the quizzes came up."""
    titles = {quiz.name: quiz.title for quiz in quizzes}
    scores: dict[str, dict] = {}
    for result in session.results:
        entry = scores.setdefault(result.quiz, {"quiz": result.quiz, "title": titles.get(result.quiz, result.quiz),
                                                "right": 0, "total": 0})
        entry["right"] += result.correct
        entry["total"] += 1
    return list(scores.values())


def review_next(progress: Progress, quizzes: list[Quiz], now: float | None = None) -> dict:
    """The questions of the bank (and of this session's quizzes) due now, and the next ones to come due."""
    now = time.time() if now is None else now
    bank = load_bank() if bank_files() else []
    keys = list(dict.fromkeys(q.key for quiz in [*bank, *quizzes] for q in quiz.questions))
    due = progress.due(keys, now)
    upcoming = progress.upcoming(keys, now)
    return {"due_now": due, "upcoming": [{"key": key, "due": time.strftime("%Y-%m-%d", time.localtime(when))}
                                         for key, when in upcoming[:SHOWN_KEYS]],
            "upcoming_count": len(upcoming)}


def build_report(session: SessionResult, quizzes: list[Quiz], progress: Progress | None) -> dict:
    missed = [{"key": r.key, "prompt": r.prompt, "answer": r.answer, "explanation": r.explanation}
              for r in session.results if not r.correct]
    report = {"topics": topic_scores(session, quizzes), "missed": missed}
    if progress is not None:
        report["review_next"] = review_next(progress, quizzes)
    return report


def _listing(keys: list[str]) -> str:
    more = f" and {len(keys) - SHOWN_KEYS} more" if len(keys) > SHOWN_KEYS else ""
    return ", ".join(keys[:SHOWN_KEYS]) + more


def show_report(session: SessionResult, quizzes: list[Quiz], progress: Progress | None,
                terminal: Terminal) -> None:
    """Store the report on ``session`` (for ``--json``) and show it."""
    session.report = report = build_report(session, quizzes, progress)
    terminal.show("")
    terminal.show(f"Score: {session.score}/{len(session.results)} (right on the first try: {session.first_try})",
                  "bold")
    if len(report["topics"]) > 1 or session.stopped:
        terminal.show("By topic:")
        for topic in report["topics"]:
            terminal.show(f"  {topic['right']}/{topic['total']}  {topic['title']}")
    if report["missed"]:
        terminal.show("Missed, with the answer and why:", "bold")
        for entry in report["missed"]:
            terminal.show(f"  {entry['key']}: {entry['answer']}")
            terminal.show(f"    {entry['explanation']}", "italic")
    plan = report.get("review_next")
    if plan is None:
        return
    if plan["due_now"]:
        terminal.show(f"Review next: {len(plan['due_now'])} question(s) due now ({_listing(plan['due_now'])}); "
                      "`attn quiz review` asks them.")
    else:
        terminal.show("Review next: nothing is due now.")
    if plan["upcoming"]:
        first = plan["upcoming"][0]
        terminal.show(f"Then {plan['upcoming_count']} question(s) come due again, the first on {first['due']} "
                      f"({first['key']}).")
