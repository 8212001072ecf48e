"""The class report (`grader/classreport/`): `attn grade-all --report`, `attn report`, opened in headless Chromium.

A generated class, graded for real by `attn grade-all`: correct work, catalogued mistakes, wrong results no
misconception matches (a halved softmax, a function that raises), broken code (a syntax error, a crash at import, an
infinite loop), untouched stubs and an empty folder. Every count of the report is recomputed from the per-learner
JSON reports by a few independent lines here.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from grader.catalogue import submission_module, variants
from grader.classreport.aggregate import score_bin
from grader.diagnose import GENERIC

pytestmark = pytest.mark.slow  # grades a class of 13 for real (about 20 s on 2 cores)

REPO = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run",
                 "--disable-component-update", "--disable-sync", "--disable-quic"]
BROKEN_KINDS = {"import", "timeout", "memory", "crash", "protocol"}

HALVED_SOFTMAX = '''

_softmax_cols = softmax_cols


def softmax_cols(scores):
    return _softmax_cols(scores) / 2
'''
RAISING_MASK = '''

def causal_mask(n):
    raise RuntimeError("hal_raises wrote this <img src=https://example.com/x.png>")  # shown as text, never loaded
'''
ENDLESS_SAMPLING = '''

def next_token_probs(logits, temperature=1.0, top_k=None, top_p=None):
    while True:
        pass
'''


def catalogued(exercise: str, name: str | None = None):
    wrong = variants(exercise, correct=False)
    return next(v for v in wrong if v.name == name) if name else wrong[0]


def write_class(root: Path) -> dict[str, str]:
    """One folder per learner; returns learner -> what is wrong with their work."""
    solutions = {path.stem: path.read_text() for path in (REPO / "solutions").glob("*.py") if path.stem != "__init__"}
    stubs = {path.stem: path.read_text() for path in (REPO / "exercises").glob("*.py") if path.stem != "__init__"}
    no_scaling, softmax_mistake, masking_mistake = (catalogued("attention", "no_scaling"), catalogued("softmax"),
                                                    catalogued("masking"))
    plan = {
        "ana_correct": ("correct", {}),
        "ben_correct": ("correct", {}),
        "cleo_no_scaling": ("misconception", {"attention": submission_module(solutions["attention"], no_scaling)}),
        "dev_no_scaling": ("misconception", {"attention": submission_module(solutions["attention"], no_scaling)}),
        "eli_softmax": ("misconception", {"softmax": submission_module(solutions["softmax"], softmax_mistake)}),
        "fay_masking": ("misconception", {"masking": submission_module(solutions["masking"], masking_mistake)}),
        "gus_halved": ("unmatched", {"softmax": solutions["softmax"] + HALVED_SOFTMAX}),
        "hal_raises": ("unmatched", {"masking": solutions["masking"] + RAISING_MASK}),
        "ivy_syntax": ("broken", {"masking": solutions["masking"] + "\ndef broken(:\n"}),
        "jon_crash": ("broken", {"sampling": solutions["sampling"] + "\nimport os\nos._exit(3)\n"}),
        "kim_timeout": ("broken", {"sampling": solutions["sampling"] + ENDLESS_SAMPLING}),
        "lea_stubs": ("not started", stubs),
        "max_empty": ("not started", None),
    }
    for learner, (_, changed) in plan.items():
        folder = root / learner
        folder.mkdir(parents=True)
        for name, text in ({} if changed is None else {**solutions, **changed}).items():
            (folder / f"{name}.py").write_text(text)
    return {learner: kind for learner, (kind, _) in plan.items()}


def attn(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, OMP_NUM_THREADS="1", MKL_NUM_THREADS="1")
    return subprocess.run([sys.executable, "-m", "attn", *args], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=900)


@pytest.fixture(scope="module")
def graded(tmp_path_factory) -> dict:
    root = tmp_path_factory.mktemp("class")
    kinds = write_class(root / "subs")
    done = attn("grade-all", "subs", "--out", "grades/grades.csv", "--report", "grades/class.html", "--jobs", "2",
                "--timeout", "2", cwd=root)
    assert done.returncode == 0, done.stderr[-3000:]
    reports_dir = root / "grades" / "grades-reports"
    reports = {path.stem: json.loads(path.read_text()) for path in sorted(reports_dir.glob("*.json"))}
    return {"root": root, "kinds": kinds, "page": root / "grades" / "class.html", "reports_dir": reports_dir,
            "reports": reports, "summary": json.loads((root / "grades" / "class.json").read_text())}


# ------------------------------------------------------------------------------------ counts, recomputed by hand

def test_every_count_equals_an_independent_recount_of_the_per_learner_json(graded):
    reports, summary = graded["reports"], graded["summary"]
    failed = [(learner, c) for learner, r in reports.items() for c in r["checks"] if not c["passed"]]

    def name(check):
        return check["diagnosis"].split(":")[0] if check["diagnosis"] else None

    overall = Counter(min(int(r["score"] * 10 // r["max_score"]), 10) for r in reports.values())
    failures = Counter(check["id"] for _, check in failed)
    named = {(learner, c["exercise"], name(c)) for learner, c in failed
             if c["error"] is None and name(c) and name(c) not in GENERIC}
    misconceptions = Counter((exercise, mistake) for _, exercise, mistake in named)
    broken = {(learner, c["error"]) for learner, c in failed if c["error"] in BROKEN_KINDS}
    full_marks = Counter(e["exercise"] for r in reports.values() for e in r["exercises"] if e["score"] == e["max"])

    assert summary["learners"] == len(reports) == len(graded["kinds"])
    assert summary["overall"]["histogram"] == [overall[k] for k in range(11)]
    assert {row["id"]: row["failed"] for row in summary["checks"] if row["failed"]} == dict(failures)
    assert {(row["exercise"], row["name"]): row["learners"] for row in summary["misconceptions"]} == \
        dict(misconceptions)
    assert {(row["learner"], row["error"]) for row in summary["broken"]} == broken
    assert {row["exercise"]: row["completed"] for row in summary["exercises"]} == \
        {e: full_marks[e] for e in (row["exercise"] for row in summary["exercises"])}
    rates = [row["failure_rate"] for row in summary["checks"]]
    assert rates == sorted(rates, reverse=True), "checks must come most failed first"


def test_the_report_says_what_each_learner_did(graded):
    summary, kinds = graded["summary"], graded["kinds"]
    named = {row["name"]: row for row in summary["misconceptions"]}
    assert named["no_scaling"]["learners"] == 2 and named["no_scaling"]["exercise"] == "attention"
    assert named["no_scaling"]["explanation"] and 1 <= len(named["no_scaling"]["examples"]) <= 2
    assert {catalogued("softmax").name, catalogued("masking").name} <= set(named)
    assert {row["learner"] for row in summary["broken"]} == {l for l, kind in kinds.items() if kind == "broken"}
    assert {row["error"] for row in summary["broken"]} == {"import", "crash", "timeout"}
    readings = {(row["exercise"], row["name"]) for row in summary["unmatched"]}
    assert ("masking", "raised an exception") in readings and ("softmax", "constant_factor") in readings
    rows = {row["learner"]: row for row in summary["table"]}
    assert rows["ana_correct"]["percent"] == 100 and rows["max_empty"]["score"] == 0
    assert len(rows["lea_stubs"]["not_started"]) == len(summary["exercises"])
    assert rows["cleo_no_scaling"]["misconceptions"][0] == "no_scaling"
    assert rows["ana_correct"]["report"] == "grades-reports/ana_correct.json"
    assert (graded["page"].parent / rows["ana_correct"]["report"]).is_file()


def test_examples_never_name_the_learner(graded):
    examples = [text for group in ("misconceptions", "unmatched") for row in graded["summary"][group]
                for text in row["examples"]]
    raised = [text for row in graded["summary"]["unmatched"] if row["name"] == "raised an exception"
              for text in row["examples"]]   # the masking exercise's row (the capstone may have one too)
    assert any("<learner> wrote this" in text for text in raised)
    assert not [text for text in examples if any(learner in text for learner in graded["kinds"])]


# ------------------------------------------------------------------------------------ attn report, --anonymise

def test_attn_report_rebuilds_the_same_report_from_the_json_files(graded, tmp_path):
    done = attn("report", str(graded["reports_dir"]), "--out", str(tmp_path / "again.html"), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    again = json.loads((tmp_path / "again.json").read_text())
    first = dict(graded["summary"])
    for data in (again, first):
        data.pop("generated_at"), data.pop("title")
        for row in data["table"]:
            row.pop("report")
    assert again == first


def test_anonymised_report_holds_no_name_and_the_same_counts(graded, tmp_path):
    done = attn("report", str(graded["reports_dir"]), "--anonymise", "--out", str(tmp_path / "shared.html"),
                cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    page, data = (tmp_path / "shared.html").read_text(), (tmp_path / "shared.json").read_text()
    leaked = [learner for learner in graded["kinds"] for text in (page, data) if learner.lower() in text.lower()]
    assert not leaked, f"names in the anonymised report: {sorted(set(leaked))}"
    shared, summary = json.loads(data), graded["summary"]
    assert shared["anonymised"] and all(row["report"] is None for row in shared["table"])
    for key in ("overall", "exercises", "checks", "misconceptions", "unmatched"):
        assert shared[key] == summary[key], key
    assert sorted(row["score"] for row in shared["table"]) == sorted(row["score"] for row in summary["table"])


def test_an_unreadable_report_is_named_with_its_line_and_the_rest_reported(graded, tmp_path):
    reports = tmp_path / "reports"
    shutil.copytree(graded["reports_dir"], reports)
    (reports / "ben_correct.json").write_text('{\n  "checks": [\n    {"id": }\n')
    done = attn("report", str(reports), "--out", str(tmp_path / "class.html"), cwd=tmp_path)
    assert done.returncode == 1
    assert f"{reports / 'ben_correct.json'}:3:" in done.stderr and "not valid JSON" in done.stderr
    data = json.loads((tmp_path / "class.json").read_text())
    assert data["learners"] == len(graded["kinds"]) - 1
    assert [row["learner"] for row in data["absent"]] == ["ben_correct"]
    assert "ben_correct.json:3:" in (tmp_path / "class.html").read_text()


def test_attn_report_refuses_a_folder_without_reports(tmp_path, graded):
    done = attn("report", str(graded["root"] / "grades"), cwd=tmp_path)
    assert done.returncode == 2 and "did you mean" in done.stderr and "grades-reports" in done.stderr


# ------------------------------------------------------------------------------------ in a real browser

def launch_chromium(playwright):
    """Headless Debian Chromium; skipped where it is missing, except in CI, where the test must run."""
    if not CHROMIUM.exists():
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing: CI must install Debian's chromium (setup.sh does, as root)")
        pytest.skip(f"{CHROMIUM} is missing (apt-get install chromium)")
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)


def sync_playwright():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        if os.environ.get("CI"):
            pytest.fail("playwright is not installed: it is in the dev extra")
        pytest.skip("playwright is not installed (pip install -e '.[dev]')")
    return sync_playwright()


def test_the_page_in_headless_chromium(graded, tmp_path):
    summary = graded["summary"]
    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        errors, requests = [], []
        page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.on("request", lambda request: requests.append(request.url))
        url = graded["page"].as_uri()
        page.goto(url)
        page.wait_for_load_state("load")

        assert not errors, f"console errors: {errors}"
        assert requests == [url], f"the page made requests besides loading itself: {requests[1:]}"

        histogram = page.locator("#histogram-overall")
        assert histogram.is_visible() and histogram.bounding_box()["height"] > 100
        bars = histogram.locator("rect.bar")
        counts = [int(bars.nth(i).get_attribute("data-count")) for i in range(bars.count())]
        recount = Counter(score_bin(r["score"], r["max_score"]) for r in graded["reports"].values())
        assert counts == [recount[k] for k in range(11)] and sum(counts) == len(graded["kinds"])
        heights = [bars.nth(i).bounding_box()["height"] for i in range(bars.count())]
        assert all((h > 0) == (c > 0) for h, c in zip(heights, counts)), "bar heights do not follow the counts"

        table = page.locator("#misconception-table")
        assert table.is_visible()
        for row in summary["misconceptions"]:
            cells = table.locator(f'tr[data-name="{row["name"]}"] td')
            assert cells.nth(1).inner_text() == row["exercise"]
            assert cells.nth(2).inner_text().startswith(f"{row['learners']} (")
        no_scaling = table.locator('tr[data-name="no_scaling"] td').nth(2).inner_text()
        assert no_scaling.startswith("2 (")

        unmatched = page.locator("#unmatched-table")  # a learner's exception message: text, never markup
        assert "<img src=https://example.com/x.png>" in unmatched.inner_text()
        assert page.locator("img").count() == 0

        learners = page.locator("#learner-table")
        score_heading = learners.locator("thead th", has_text="score").first
        score_heading.click()
        scores = [float(s) for s in learners.locator("tbody tr td:nth-child(2)").all_inner_texts()]
        assert scores == sorted(scores) and scores[0] < scores[-1]
        assert score_heading.get_attribute("aria-sort") == "ascending"
        score_heading.click()
        scores = [float(s) for s in learners.locator("tbody tr td:nth-child(2)").all_inner_texts()]
        assert scores == sorted(scores, reverse=True)
        learners.locator("thead th", has_text="learner").first.click()
        names = learners.locator("tbody tr td:first-child").all_inner_texts()
        assert names == sorted(names, key=str.lower)

        link = learners.locator("tbody a", has_text="ana_correct")
        assert link.get_attribute("href") == "grades-reports/ana_correct.json"

        shot = tmp_path / "class-report.png"
        page.screenshot(path=str(shot), full_page=False)
        browser.close()
    assert_png_has_content(shot, (1280, 900))


def assert_png_has_content(path: Path, size: tuple[int, int]) -> None:
    """A real picture: the expected size, and not one flat colour (text, bars and tables drawn)."""
    from PIL import Image

    assert path.stat().st_size > 20_000
    with Image.open(path) as image:
        assert image.size == size
        pixels = image.convert("RGB")
        colours = pixels.getcolors(maxcolors=1 << 20)
        background = max(colours)[1]
        inked = sum(count for count, colour in colours if colour != background)
    assert len(colours) > 50 and inked > 0.03 * size[0] * size[1], "the screenshot is nearly blank"
