"""The class report on a generated class: `attn grade-all subs --report class.html`, timed end to end.

The submissions are `bench_grader.py`'s mix (by default 100: 40 correct, 35 with two catalogued mistakes, 15 untouched
stubs, 5 syntax errors, 5 crashing at import). Also timed: `attn report` alone on the same per-learner reports (the
cost of the report itself), and the sizes of class.html and class.json.

    OMP_NUM_THREADS=1 python benchmarks/bench_class_report.py [--students 100] [--jobs 2] [--keep DIR]
        [--screenshot docs/images/class-report.png]

--screenshot writes README's picture of the report: its top (cards and the overall histogram) over the first rows of
the misconception table, as Debian's headless Chromium draws them.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_grader import ENV, exercises_with_suites, plan, write_folders  # the same folder: run as a script


def attn(args: list[str], cwd: Path) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "attn", *args], cwd=cwd, env=ENV, check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--keep", type=Path, help="work in this (new) folder and keep it, to open class.html after")
    parser.add_argument("--screenshot", type=Path, help="also write a PNG of the report here (README's picture)")
    args = parser.parse_args()

    root = args.keep or Path(tempfile.mkdtemp(prefix="bench-class-report-"))
    root.mkdir(parents=True, exist_ok=False if args.keep else True)
    try:
        write_folders(root / "subs", plan(args.students, exercises_with_suites()))
        grade_all = attn(["grade-all", "subs", "--report", "class.html", "--jobs", str(args.jobs)], root)
        report_only = attn(["report", "grades-reports", "--out", "again.html"], root)
        summary = json.loads((root / "class.json").read_text())
        assert summary["learners"] == args.students == sum(summary["overall"]["histogram"])
        results = {
            "students": args.students, "jobs": args.jobs, "grade_all_with_report_s": round(grade_all, 1),
            "per_submission_s": round(grade_all / args.students, 2), "attn_report_alone_s": round(report_only, 2),
            "class_html_kb": round((root / "class.html").stat().st_size / 1024),
            "class_json_kb": round((root / "class.json").stat().st_size / 1024),
            "misconceptions_named": len(summary["misconceptions"]), "broken_rows": len(summary["broken"]),
            "mean_score_percent": summary["overall"]["mean"],
        }
        print(json.dumps(results, indent=2))
        if args.screenshot:
            screenshot(root / "class.html", args.screenshot)
    finally:
        if not args.keep:
            shutil.rmtree(root, ignore_errors=True)


def screenshot(page_path: Path, png: Path, width: int = 1280, shown_width: int = 960) -> None:
    """The top of the page over the first rows of the misconception table, scaled to `shown_width` pixels."""
    import io

    from PIL import Image
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=[
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"])
        page = browser.new_page(viewport={"width": width, "height": 900})
        page.goto(page_path.resolve().as_uri())
        top = page.locator("#histogram-overall").bounding_box()
        table = page.locator("#misconceptions").bounding_box()
        image = Image.open(io.BytesIO(page.screenshot(full_page=True)))
        browser.close()
    parts = [image.crop((0, 0, width, int(top["y"] + top["height"] + 30))),
             image.crop((0, int(table["y"]), width, int(table["y"] + min(table["height"], 620))))]
    sheet = Image.new("RGB", (width, sum(part.height for part in parts)), "white")
    sheet.paste(parts[0], (0, 0))
    sheet.paste(parts[1], (0, parts[0].height))
    sheet = sheet.resize((shown_width, sheet.height * shown_width // width), Image.LANCZOS)
    png.parent.mkdir(parents=True, exist_ok=True)
    sheet.quantize(colors=128).save(png, optimize=True)
    print(f"wrote {png} ({png.stat().st_size // 1024} KB, {sheet.width}x{sheet.height})")


if __name__ == "__main__":
    main()
