"""The cheat corpus (tests/grader/cheats/): each cheat is a softmax.py that attacks the grader. Graded with the real
hidden suites beside a correct copy of another exercise (the control), it must score zero on softmax while the
control keeps full marks, nothing is written where the grader keeps its results, and no process is left behind."""
import os
import shutil
from pathlib import Path

import pytest

from grader.api import SUITES, grade
from grader.sandbox import default_server

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
CHEATS = sorted(path.stem for path in (HERE / "cheats").glob("*.py"))
ATTACKED = "softmax"
# The first exercise after softmax whose hidden suite exists (the suites are written exercise by exercise).
CONTROL = next((name for name in ("masking", "embeddings", "attention", "bpe", "multihead")
                if (SUITES / name / f"test_{name}.py").exists()), "masking")
# Without root the learner runs as the grading user: these attacks then succeed by design (see docs/grading.md).
NEEDS_FULL_ISOLATION = {"import_reference", "read_hidden_files", "fake_result_files", "fork_bomb", "kill_everything"}


@pytest.fixture(scope="module")
def full_isolation() -> bool:
    info = default_server().info
    return info["root"] and info["namespaces"]


def descendants(pid: int) -> set[int]:
    """Every live process below `pid` (the fork server: all sandbox workers, and whatever they forked)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        try:
            if entry.isdigit():
                stat = Path(f"/proc/{entry}/stat").read_text()
                children.setdefault(int(stat.rsplit(")", 1)[1].split()[1]), []).append(int(entry))
        except OSError:
            continue
    found, todo = set(), [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.add(child)
            todo.append(child)
    return found


def test_the_corpus_covers_every_attack_of_the_issue():
    assert set(CHEATS) >= {"monkeypatch_allclose", "import_reference", "read_hidden_files", "sys_exit", "os_exit",
                           "infinite_loop", "memory_bomb", "lying_tensor", "fake_result_files", "fork_bomb",
                           "fake_protocol_frames"}


@pytest.mark.parametrize("cheat", CHEATS)
def test_a_cheat_scores_zero_and_the_rest_is_still_graded(cheat, tmp_path, full_isolation):
    if cheat in NEEDS_FULL_ISOLATION and not full_isolation:
        pytest.skip("needs root and namespaces (the sandbox user and hidden files)")
    for exercise in (ATTACKED, CONTROL):
        if not (SUITES / exercise / f"test_{exercise}.py").exists():
            pytest.skip(f"the hidden suite of {exercise} is not written yet")
    submission, out = tmp_path / "submission", tmp_path / "grading-output"
    submission.mkdir()
    out.mkdir()
    source = (HERE / "cheats" / f"{cheat}.py").read_text()
    (submission / f"{ATTACKED}.py").write_text(source.replace("__REPO__", str(REPO)).replace("__OUT__", str(out)))
    shutil.copy(REPO / "solutions" / f"{CONTROL}.py", submission / f"{CONTROL}.py")
    before = descendants(default_server().pid)  # workers other tests may hold open

    report = grade(submission, [ATTACKED, CONTROL], call_timeout=2, hide=(out,))

    totals = {total.exercise: total for total in report.exercises()}
    assert totals[ATTACKED].points == 0, f"{cheat} fooled the grader: {report.to_text()}"
    assert totals[CONTROL].points == totals[CONTROL].max > 0, f"{cheat} broke the grading of {CONTROL}"
    assert list(out.iterdir()) == [], f"{cheat} wrote into the grading output folder"
    assert not (REPO / "grader" / "results.json").exists() and not (REPO / "results.json").exists()
    assert descendants(default_server().pid) <= before, f"{cheat} left processes behind"


BESIDE = {  # files a learner hands in next to the modules, which pytest would load if it ever collected the folder
    "conftest.py": '''
        import pathlib
        import pytest

        pathlib.Path("__MARK__", "conftest").write_text("imported outside the sandbox")

        @pytest.hookimpl(wrapper=True)
        def pytest_runtest_makereport(item, call):
            report = yield
            report.outcome = "passed"
            return report
        ''',
    "test_softmax.py": '''
        import pathlib

        pathlib.Path("__MARK__", "test_module").write_text("imported outside the sandbox")

        def test_anything():
            pathlib.Path("__MARK__", "test_run").write_text("ran outside the sandbox")
        ''',
    "pytest.ini": "[pytest]\naddopts = -p no:grader.plugin\n",
}


def test_files_beside_the_modules_never_run_in_the_grader(tmp_path):
    """A conftest.py (with a hook that would turn every failure into a pass), a test file and a pytest.ini handed in
    next to a wrong softmax.py: the grade imports none of them, and the wrong softmax still scores zero."""
    import textwrap

    submission, mark = tmp_path / "submission", tmp_path / "mark"
    submission.mkdir()
    mark.mkdir()
    for name, text in BESIDE.items():
        (submission / name).write_text(textwrap.dedent(text).replace("__MARK__", str(mark)))
    (submission / f"{ATTACKED}.py").write_text("import torch\n\ndef softmax_cols(s):\n    return torch.ones_like(s)\n")

    report = grade(submission, [ATTACKED])

    assert list(mark.iterdir()) == [], "a file handed in beside the modules ran in the grader's process"
    assert report.score == 0 < report.max_score


def test_a_flood_of_substitute_calls_costs_the_flooder_and_ends_in_time(tmp_path):
    """cheats/callback_flood_substitute.py floods the grader with callbacks once softmax_cols is substituted, while
    attention is graded: every call of its attention fails (its own doing), softmax scores zero, and the grade ends
    within its calls' deadlines instead of holding the grader for about an hour."""
    import time

    submission = tmp_path / "submission"
    shutil.copytree(REPO / "solutions", submission)
    shutil.copy(HERE / "cheats" / "callback_flood_substitute.py", submission / f"{ATTACKED}.py")
    start = time.monotonic()

    report = grade(submission, [ATTACKED, "attention"], call_timeout=1)

    assert time.monotonic() - start < 240
    totals = {total.exercise: total for total in report.exercises()}
    assert totals[ATTACKED].points == 0 and totals["attention"].points < totals["attention"].max


@pytest.mark.parametrize("placeholder", ["return 0", "return args[0] if args else 0", "return None"])
def test_a_submission_of_placeholders_scores_zero(placeholder, tmp_path):
    """Every function of every module a placeholder (written, so not a TODO): no check passes, the capstone's
    included (which once stood the model answers in for every one of them and gave its 10 points), and no property
    check that a constant or an echo keeps (padded keys ignored, a call by name equal to one by position) passes."""
    import ast

    submission = tmp_path / "submission"
    submission.mkdir()
    for module in sorted((REPO / "solutions").glob("*.py")):
        names = [node.name for node in ast.parse(module.read_text()).body if isinstance(node, ast.FunctionDef)]
        body = "".join(f"def {name}(*args, **kwargs):\n    {placeholder}\n\n\n" for name in names)
        (submission / module.name).write_text(body)

    report = grade(submission)

    # An echo is apply_mask's exact answer when the mask hides nothing: that one check may pass.
    passed = [check.id for check in report.checks if check.passed
              and not (placeholder.startswith("return args[0]") and check.id == EVERY_KEY_VISIBLE)]
    assert not passed, f"placeholders ({placeholder}) passed {passed}"


EVERY_KEY_VISIBLE = "masking::test_clause_apply_mask_every_key_visible"


def test_no_worker_finds_an_earlier_learners_files(tmp_path):
    """Every worker is forked from one fork server: a submission's files must never pass through it, or a later
    learner's code finds them in the memory it inherits (cheats/steal_from_zygote_heap.py scans its heap for an
    earlier softmax.py and runs it). The model answers are graded first, then the cheat: it scores zero."""
    victim, thief = tmp_path / "victim", tmp_path / "thief"
    shutil.copytree(REPO / "solutions", victim)
    thief.mkdir()
    shutil.copy(REPO / "solutions" / f"{CONTROL}.py", thief / f"{CONTROL}.py")
    shutil.copy(HERE / "cheats" / "steal_from_zygote_heap.py", thief / f"{ATTACKED}.py")
    assert grade(victim, [ATTACKED, CONTROL]).score > 0

    report = grade(thief, [ATTACKED, CONTROL])

    totals = {total.exercise: total for total in report.exercises()}
    assert totals[ATTACKED].points == 0, f"a worker ran an earlier learner's softmax.py: {report.to_text()}"


def test_learner_text_cannot_drive_the_terminal(tmp_path):
    """cheats/forge_terminal_report.py raises an error whose message holds ANSI sequences that would clear the
    screen, draw a fake full score and hide the real report: the text report shows them as escapes, acting on none."""
    submission = tmp_path / "submission"
    submission.mkdir()
    shutil.copy(HERE / "cheats" / "forge_terminal_report.py", submission / f"{ATTACKED}.py")

    text = grade(submission, [ATTACKED]).to_text()

    assert "\x1b" not in text and "\\x1b" in text
