"""`attn quiz` end to end: scripted runs, JSON output, progress files, review, and a start-up without torch."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from quizzes.cli import main
from quizzes.model import load_quiz
from quizzes.progress import VERSION, Progress

MINI = Path(__file__).parent / "data" / "mini.yaml"
ALL_RIGHT = {"tokens": "(S/16)^2 + 1", "scores": "(N_k, N_q)", "cost": "O(N^2 D)", "gpt3": "175B",
             "mixer": "attention", "encoders": "BERT, ViT", "bpe": "BPE", "mha": "4D^2 + 4D"}


@pytest.fixture(autouse=True)
def quiz_home(tmp_path, monkeypatch):
    monkeypatch.setenv("ATTN_QUIZ_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def run_json(tmp_path: Path, answers: dict, *extra: str, capsys) -> dict:
    path = tmp_path / "answers.json"
    path.write_text(json.dumps(answers))
    assert main(["take", str(MINI), "--answers", str(path), "--json", "--user", "ada", *extra]) == 0
    return json.loads(capsys.readouterr().out)


def test_scripted_run_gives_the_expected_score(tmp_path, capsys):
    patches = str((load_quiz(MINI).question("tokens").variant("ada").params["S"] // 16) ** 2)  # [CLS] forgotten
    answers = dict(ALL_RIGHT, scores=["(N_q, N_k)", "(N_k, N_q)"], cost="N^2", mixer="MLP",
                   tokens=[patches, "((", "9999"])  # wrong, unreadable (costs no try), wrong again
    report = run_json(tmp_path, answers, capsys=capsys)
    by_id = {q["key"].split("/")[1]: q for q in report["questions"]}
    assert (report["score"], report["total"], report["first_try"]) == (5, 8, 4)
    assert by_id["tokens"]["tries"] == [patches, "9999"] and by_id["tokens"]["format_errors"] == ["(("]
    assert by_id["tokens"]["feedback"][0] == "You forgot [CLS].", "the misconception's feedback is reported"
    assert by_id["scores"]["correct"] and len(by_id["scores"]["tries"]) == 2
    assert not by_id["cost"]["correct"] and not by_id["mixer"]["correct"]


def test_all_right_scores_full_marks_and_the_tokens_answer_uses_the_seeded_variant(tmp_path, capsys):
    size = load_quiz(MINI).question("tokens").variant("ada").params["S"]
    tokens = {224: "197", 384: "577"}
    report = run_json(tmp_path, dict(ALL_RIGHT, tokens=tokens[size]), capsys=capsys)
    assert report["score"] == report["total"] == 8


def test_human_transcript_shows_feedback_explanation_and_score(tmp_path, capsys):
    path = tmp_path / "answers.yaml"
    path.write_text("mixer: MLP\n")
    assert main(["take", str(MINI), "--answers", str(path), "--only", "mixer", "--user", "ada"]) == 0
    out = capsys.readouterr().out
    assert "The MLP works per token." in out and "Only attention mixes tokens." in out
    assert "The answer: attention" in out and "Score: 0/1" in out


def test_progress_is_versioned_atomic_and_drives_review(tmp_path, capsys, quiz_home):
    run_json(tmp_path, dict(ALL_RIGHT, mixer="MLP"), capsys=capsys)
    files = list(quiz_home.iterdir())
    assert [f.name for f in files] == ["progress-ada.json"], "one file per user and no temporary files left over"
    data = json.loads(files[0].read_text())
    assert data["version"] == VERSION and data["records"]["mini/mixer"]["box"] == 1
    assert Progress.load("ada").due(["mini/mixer", "mini/mha"]) == ["mini/mixer"], "only the missed one is due"


def test_review_brings_back_missed_bank_questions(tmp_path, capsys):
    progress = Progress("ada")
    progress.record("self-attention/weights-sum", right=False)
    progress.record("self-attention/mixed-part", right=True)
    progress.save()
    answers = tmp_path / "a.json"
    answers.write_text(json.dumps({"weights-sum": "1"}))
    assert main(["review", "--answers", str(answers), "--json", "--user", "ada"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert [q["key"] for q in report["questions"]] == ["self-attention/weights-sum"]
    assert report["score"] == 1
    assert Progress.load("ada").records["self-attention/weights-sum"].box == 2, "a right review moves it up a box"


def test_future_progress_versions_are_refused(quiz_home):
    quiz_home.mkdir(parents=True)
    (quiz_home / "progress-ada.json").write_text(json.dumps({"version": VERSION + 1, "records": {}}))
    with pytest.raises(ValueError, match="version"):
        Progress.load("ada")


def test_list_and_unknown_quiz(capsys):
    assert main(["list", "--user", "ada"]) == 0
    assert "self-attention" in capsys.readouterr().out
    assert main(["take", "no-such-quiz"]) == 2
    assert "no quiz named 'no-such-quiz'" in capsys.readouterr().err


def test_lint_reports_file_and_line(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text("title: t\ntopic: t\nquestions:\n  - {id: q, type: integr, prompt: p, answer: 1, "
                   "explanation: e, source: 000 x}\n")
    assert main(["lint", "--no-reference", str(bad)]) == 1
    assert f"{bad}:4: question 'q': type must be one of" in capsys.readouterr().err


def test_report_gives_topics_missed_items_and_what_to_review(tmp_path, capsys):
    tokens = str((load_quiz(MINI).question("tokens").variant("ada").params["S"] // 16) ** 2 + 1)
    report = run_json(tmp_path, dict(ALL_RIGHT, tokens=tokens, mixer="MLP", cost="N^2"), capsys=capsys)
    assert report["topics"] == [{"quiz": "mini", "title": "Mini quiz for the tests", "right": 6, "total": 8}]
    missed = {entry["key"]: entry for entry in report["missed"]}
    assert set(missed) == {"mini/mixer", "mini/cost"}
    assert missed["mini/mixer"]["answer"] == "attention"
    assert missed["mini/mixer"]["explanation"] == "Only attention mixes tokens."
    assert missed["mini/cost"]["explanation"] == "N² dot products of length D."
    assert set(report["review_next"]["due_now"]) == {"mini/mixer", "mini/cost"}, "the missed ones are due now"
    assert report["review_next"]["upcoming_count"] == 6, "the right ones come back later"


def test_human_report_lists_topics_when_several_quizzes_are_reviewed(tmp_path, capsys):
    progress = Progress("ada")
    for key in ("self-attention/weights-sum", "multi-head/bert-head-width"):
        progress.record(key, right=False)
    progress.save()
    answers = tmp_path / "a.yaml"
    answers.write_text("weights-sum: 1\nbert-head-width: 1024\n")
    assert main(["review", "--answers", str(answers), "--user", "ada"]) == 0
    out = capsys.readouterr().out
    assert "By topic:" in out and "1/1  Dot-product self-attention" in out and "0/1  Multi-head attention" in out
    assert "Missed, with the answer and why:" in out and "multi-head/bert-head-width: 64" in out
    assert "Review next: 1 question(s) due now (multi-head/bert-head-width)" in out


def test_a_question_met_again_comes_with_new_numbers(tmp_path, capsys):
    shown = []
    for _ in range(2):
        report = run_json(tmp_path, {"tokens": "1"}, "--only", "tokens", capsys=capsys)
        shown.append(report["questions"][0]["params"]["S"])
    assert shown[0] != shown[1], "the second attempt must draw the other image size"
    assert Progress.load("ada").attempts("mini/tokens") == 2
    question = load_quiz(MINI).question("tokens")
    assert [question.variant("ada", attempt).params["S"] for attempt in (0, 1)] == shown


def test_progress_files_of_version_1_still_load(quiz_home):
    """The format is unchanged (version 1): a file written before this version keeps its boxes and counts."""
    quiz_home.mkdir(parents=True)
    old = {"version": 1, "user": "ada", "records": {
        "self-attention/weights-sum": {"box": 3, "seen": 4, "right": 3, "last": 1_000_000.0}}}
    (quiz_home / "progress-ada.json").write_text(json.dumps(old))
    progress = Progress.load("ada")
    assert progress.records["self-attention/weights-sum"].box == 3
    assert progress.attempts("self-attention/weights-sum") == 4


def test_quiz_tool_starts_fast_without_torch(tmp_path, quiz_home):
    """`attn quiz list` and a scripted `take` must not import torch (lint may)."""
    answers = tmp_path / "a.json"
    answers.write_text(json.dumps({"mixer": "attention"}))
    script = (
        "import sys, time; t = time.perf_counter()\n"
        "from attn.cli import main\n"
        f"main(['quiz', 'list']); main(['quiz', 'take', {str(MINI)!r}, '--answers', {str(answers)!r}])\n"
        "print('ELAPSED', time.perf_counter() - t)\n"
        "print('TORCH', 'torch' in sys.modules)\n"
    )
    env = dict(os.environ, ATTN_QUIZ_HOME=str(quiz_home))
    start = time.perf_counter()
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=60)
    wall = time.perf_counter() - start
    assert result.returncode == 0, result.stderr
    assert "TORCH False" in result.stdout, "starting the quiz tool imported torch"
    elapsed = float(result.stdout.split("ELAPSED")[1].split()[0])
    assert elapsed < 3.0, f"list + take took {elapsed:.2f} s in-process ({wall:.2f} s with interpreter start)"


@pytest.mark.parametrize("command", [["take", "self-attention"], ["take", "shape-drills"], ["review"]])
def test_first_question_imports_neither_torch_nor_sympy(quiz_home, command):
    """What makes the first question fast (benchmarks/bench_quiz.py times it): nothing heavy on the way to it."""
    if command == ["review"]:
        progress = Progress("ada")
        progress.record("cross-attention/attention-cost", right=False)  # a big_o question: sympy grades it
        progress.save()
    script = (
        "import sys\n"
        "from quizzes import session\n"
        "class FirstQuestion(session.PlainTerminal):\n"
        "    def ask(self, question, label):\n"
        "        print('MODULES', 'torch' in sys.modules, 'sympy' in sys.modules, flush=True)\n"
        "        raise SystemExit(0)\n"
        "session.PlainTerminal = FirstQuestion\n"
        "from attn.cli import main\n"
        f"main(['quiz', *{command!r}, '--user', 'ada'])\n"
    )
    env = dict(os.environ, ATTN_QUIZ_HOME=str(quiz_home))
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=60,
                            stdin=subprocess.DEVNULL)
    assert "[1/" in result.stdout, result.stdout + result.stderr
    assert "MODULES False False" in result.stdout, "the first question must not wait for torch or sympy"
