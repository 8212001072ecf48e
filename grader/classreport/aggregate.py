"""A class's per-learner reports added up: a pure function from reports to plain, JSON-ready data (`class.json`).

Every failed check falls in exactly one of four groups, decided by its `error` and `diagnosis` alone:

* `not_started`: the stub was left (`todo`) or the module or function is not in the submission (`missing`);
* `broken`: the learner's code did not run: it does not import (a syntax or import error), hangs (`timeout`), runs out
  of memory, crashes, or garbles the sandbox's protocol. Listed apart, so that it is not read as a mistake;
* `misconception`: the diagnosis names a catalogue mistake (its name is not one of `grader.diagnose.GENERIC`);
* `unmatched`: failed, no misconception matched: a generic reading of the output (`wrong_shape`, `different_values`,
  ...), an exception the learner's code raised, or no diagnosis at all.

Scores are binned by the share of the points: bin k holds [10k %, 10(k+1) %) for k < 10 and bin 10 full marks.
"""
from __future__ import annotations

import re
import statistics
from collections import Counter, defaultdict
from typing import Mapping

import course
from grader.diagnose import GENERIC
from grader.report import CheckResult, Report, total

NOT_STARTED = frozenset({"todo", "missing"})
BROKEN = frozenset({"import", "timeout", "memory", "crash", "protocol"})
OUTCOMES = ("passed", "not_started", "broken", "misconception", "unmatched")
BIN_LABELS = [f"{10 * k}–{10 * k + 9}" for k in range(10)] + ["100"]  # % of the points
EXAMPLES = 2  # anonymised example messages per misconception or unmatched group
READINGS = {"exception": "raised an exception", None: "no diagnosis"}  # unmatched failures without a generic name


def outcome(check: CheckResult) -> str:
    """Which of OUTCOMES a check is (see the module docstring)."""
    if check.passed:
        return "passed"
    if check.error in NOT_STARTED:
        return "not_started"
    if check.error in BROKEN:
        return "broken"
    name = diagnosis_name(check.diagnosis)
    return "misconception" if name and name not in GENERIC else "unmatched"


def diagnosis_name(diagnosis: str | None) -> str | None:
    """A diagnosis reads "name: explanation"; the name, or None without a diagnosis."""
    return diagnosis.split(": ", 1)[0].strip() if diagnosis else None


def score_bin(score: float, maximum: float) -> int:
    """0..10: the histogram bin of score / maximum (10 = full marks)."""
    return min(int(score * 10 // maximum), 10)


def summarise(reports: Mapping[str, Report], *, descriptions: Mapping[str, str] | None = None,
              links: Mapping[str, str] | None = None, absent: Mapping[str, str] | None = None,
              names: Mapping[str, str] | None = None, title: str = "Class report") -> dict:
    """The class report's data.

    reports: learner -> that learner's report. descriptions: check id -> one line saying what the check does.
    links: learner -> where their own report is (a relative URL). absent: learner -> why they have no report.
    names: learner -> the name shown instead (anonymised reports; links are then dropped and no real name appears).
    """
    descriptions, links, absent = descriptions or {}, links or {}, absent or {}
    shown = dict(names) if names is not None else {learner: learner for learner in (*reports, *absent)}
    learners = sorted(reports, key=lambda learner: shown[learner])
    checks = [(learner, check) for learner in learners for check in reports[learner].checks]
    exercises = sorted({check.exercise for _, check in checks}, key=course.order_key)
    return {
        "title": title,
        "anonymised": names is not None,
        "learners": len(learners),
        "absent": [{"learner": shown[learner], "reason": reason} for learner, reason in
                   sorted(absent.items(), key=lambda item: shown[item[0]])],
        "bins": BIN_LABELS,
        "overall": _distribution([(r.score, r.max_score) for r in map(reports.get, learners) if r.max_score > 0]),
        "exercises": [_exercise_summary(exercise, [reports[learner] for learner in learners])
                      for exercise in exercises],
        "checks": _check_table(checks, descriptions),
        "misconceptions": _groups(checks, "misconception", shown),
        "unmatched": _groups(checks, "unmatched", shown),
        "broken": _broken(checks, shown),
        "table": [_learner_row(reports[learner], shown[learner], None if names is not None else links.get(learner),
                               exercises) for learner in learners],
    }


def _distribution(scores: list[tuple[float, float]]) -> dict:
    """Mean and median share of the points (%), and the histogram, of (score, maximum) pairs."""
    shares = [100 * score / maximum for score, maximum in scores]
    histogram = [0] * len(BIN_LABELS)
    for score, maximum in scores:
        histogram[score_bin(score, maximum)] += 1
    return {"mean": round(statistics.fmean(shares), 1) if shares else None,
            "median": round(statistics.median(shares), 1) if shares else None, "histogram": histogram}


def _exercise_summary(exercise: str, reports: list[Report]) -> dict:
    per_learner = [[check for check in report.checks if check.exercise == exercise] for report in reports]
    per_learner = [checks for checks in per_learner if checks]
    scores = [(total(c.points for c in checks), total(c.max for c in checks)) for checks in per_learner]
    kinds = [{outcome(check) for check in checks} for checks in per_learner]
    return {"exercise": exercise, "max": max((maximum for _, maximum in scores), default=0),
            "learners": len(per_learner),
            "completed": sum(score >= maximum for score, maximum in scores),
            "not_started": sum(found == {"not_started"} for found in kinds),
            "broken": sum("broken" in found for found in kinds),
            "with_misconception": sum("misconception" in found for found in kinds),
            **_distribution([pair for pair in scores if pair[1] > 0])}


def _check_table(checks: list[tuple[str, CheckResult]], descriptions: Mapping[str, str]) -> list[dict]:
    """One row per check: how many learners it was run for, how many failed it and why; most failed first."""
    rows: dict[str, dict] = {}
    for _, check in checks:
        row = rows.setdefault(check.id, {"id": check.id, "exercise": check.exercise, "points": check.max,
                                         "description": descriptions.get(check.id, ""), "learners": 0, "failed": 0,
                                         **dict.fromkeys(OUTCOMES[1:], 0)})
        row["learners"] += 1
        kind = outcome(check)
        if kind != "passed":
            row["failed"] += 1
            row[kind] += 1
    for row in rows.values():
        row["failure_rate"] = round(row["failed"] / row["learners"], 4)
        attempted = row["learners"] - row["not_started"]
        row["failure_rate_attempted"] = (round((row["failed"] - row["not_started"]) / attempted, 4) if attempted
                                         else None)
    return sorted(rows.values(),
                  key=lambda r: (-r["failure_rate"], -r["failed"], course.order_key(r["exercise"]), r["id"]))


def _groups(checks: list[tuple[str, CheckResult]], kind: str, shown: Mapping[str, str]) -> list[dict]:
    """Failed checks of one outcome grouped by (exercise, diagnosis name): misconceptions by the catalogue name,
    unmatched failures by the generic reading. Each group: learners, checks, explanation, anonymised examples.
    Examples and explanation are taken in check order, whoever the learners are (the same with or without names)."""
    groups: dict[tuple[str, str], dict] = {}
    for learner, check in sorted(checks, key=lambda item: (item[1].id, item[1].message, item[1].diagnosis or "")):
        if outcome(check) != kind:
            continue
        name = diagnosis_name(check.diagnosis) or READINGS.get(check.error, READINGS[None])
        group = groups.setdefault((check.exercise, name), {
            "exercise": check.exercise, "name": name, "explanation": _explanation(check.diagnosis),
            "learners": set(), "checks": 0, "check_ids": Counter(), "examples": []})
        group["learners"].add(learner)
        group["checks"] += 1
        group["check_ids"][check.id] += 1
        example = _scrub(check.message.strip(), learner, "<learner>")  # examples are never attributed
        if example and example not in group["examples"] and len(group["examples"]) < EXAMPLES:
            group["examples"].append(example)
    rows = [{**group, "learners": len(group["learners"]),
             "check_ids": [check_id for check_id, _ in group["check_ids"].most_common()]} for group in groups.values()]
    return sorted(rows, key=lambda r: (-r["learners"], -r["checks"], course.order_key(r["exercise"]), r["name"]))


def _explanation(diagnosis: str | None) -> str:
    return " ".join(diagnosis.split(": ", 1)[1].split()) if diagnosis and ": " in diagnosis else ""


def _broken(checks: list[tuple[str, CheckResult]], shown: Mapping[str, str]) -> list[dict]:
    """Submissions whose code did not run: one row per learner and kind of failure, with the exercises it cost and
    the message of the first check it failed."""
    rows: dict[tuple[str, str], dict] = {}
    for learner, check in checks:
        if outcome(check) != "broken":
            continue
        row = rows.setdefault((learner, check.error), {
            "learner": shown[learner], "error": check.error, "exercises": [], "checks": 0,
            "message": _scrub(check.message.strip(), learner, shown[learner])})
        row["checks"] += 1
        if check.exercise not in row["exercises"]:
            row["exercises"].append(check.exercise)
    return sorted(rows.values(), key=lambda r: (r["learner"], r["error"]))


def _learner_row(report: Report, shown: str, link: str | None, exercises: list[str]) -> dict:
    totals = {total.exercise: total for total in report.exercises()}
    kinds: dict[str, set[str]] = defaultdict(set)
    named: list[str] = []
    for check in report.checks:
        kind = outcome(check)
        kinds[check.exercise].add(kind)
        name = diagnosis_name(check.diagnosis)
        if kind == "misconception" and name not in named:
            named.append(name)
    return {"learner": shown, "score": report.score, "max": report.max_score,
            "percent": round(100 * report.score / report.max_score, 1) if report.max_score else None,
            "exercises": {e: totals[e].points if e in totals else None for e in exercises},
            "misconceptions": named,
            "broken": [e for e in exercises if "broken" in kinds[e]],
            "not_started": [e for e in exercises if kinds[e] == {"not_started"}],
            "report": link}


def _scrub(text: str, learner: str, replacement: str) -> str:
    """A message with the learner's own name (a folder name that learner code may echo) replaced."""
    if len(learner) < 3 or learner == replacement:  # a one- or two-letter name would garble every message
        return text
    return re.sub(re.escape(learner), replacement, text, flags=re.IGNORECASE)
