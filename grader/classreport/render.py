"""The class report as ONE self-contained HTML page: styles, charts (inline SVG) and the table-sorting script are all
inline, and a Content-Security-Policy forbids the page any request, so it opens the same offline, mailed or archived.

`render_html(summary)` takes the data of `aggregate.summarise` (plus `generated_at`) and returns the page's text.
"""
from __future__ import annotations

from html import escape

ERROR_LABELS = {"import": "does not import (syntax or import error)", "timeout": "ran too long (timeout)",
                "memory": "ran out of memory", "crash": "crashed", "protocol": "broke the sandbox's protocol"}
MAX_MESSAGE = 500  # characters of a message shown in a table cell

STYLE = """
:root { --ink: #1f2933; --muted: #616e7c; --line: #d9dee5; --bar: #3b6fd8; --full: #2f9e63; --bad: #d64545;
        --soft: #f4f6f9; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); }
body { margin: 0 auto; max-width: 1280px; padding: 24px 28px 60px; line-height: 1.4; }
h1 { margin: 0 0 4px; font-size: 26px; } h2 { margin: 36px 0 6px; font-size: 20px; }
p.meta, p.note { color: var(--muted); margin: 4px 0 12px; font-size: 14px; }
nav a { margin-right: 14px; font-size: 14px; color: var(--bar); }
.cards { display: flex; flex-wrap: wrap; gap: 12px; margin: 16px 0; }
.card { background: var(--soft); border: 1px solid var(--line); border-radius: 8px; padding: 10px 16px;
        min-width: 130px; }
.card b { display: block; font-size: 24px; } .card span { color: var(--muted); font-size: 13px; }
.charts { display: grid; grid-template-columns: repeat(auto-fill, minmax(270px, 1fr)); gap: 10px 18px; }
figure { margin: 0; } figcaption { font-size: 13px; color: var(--muted); }
svg.histogram text { font-size: 11px; fill: var(--muted); } svg.histogram text.count { fill: var(--ink); }
svg.histogram rect.bar { fill: var(--bar); } svg.histogram rect.bar.full { fill: var(--full); }
table { border-collapse: collapse; width: 100%; font-size: 13.5px; margin: 8px 0; }
th, td { border-bottom: 1px solid var(--line); padding: 5px 8px; text-align: left; vertical-align: top; }
th { background: var(--soft); position: sticky; top: 0; }
td.num { text-align: right; white-space: nowrap; } th.num { text-align: right; }
table.sortable th button { all: unset; cursor: pointer; font-weight: 600; }
table.sortable th[aria-sort=ascending] button::after { content: " ▲"; }
table.sortable th[aria-sort=descending] button::after { content: " ▼"; }
.rate { display: inline-block; height: 9px; background: var(--bad); border-radius: 2px; vertical-align: middle;
        margin-right: 6px; } .rate.good { background: var(--full); }
code { font-size: 12.5px; overflow-wrap: anywhere; }
.example { margin: 0 0 4px; padding: 3px 6px; background: var(--soft); border-left: 3px solid var(--line);
           font-family: ui-monospace, monospace; font-size: 12px; white-space: pre-wrap; word-break: break-word; }
.empty { color: var(--muted); font-style: italic; }
.scroll { overflow-x: auto; } td.wide { min-width: 280px; } td.check { min-width: 220px; }
td.names { font-size: 12.5px; max-width: 220px; }
"""

# Click a column heading to sort by it; click again to reverse. Cells sort by data-sort when present (numbers as
# numbers), else by their text; empty cells stay last.
SCRIPT = """
document.querySelectorAll("table.sortable").forEach(table => {
  const headings = Array.from(table.tHead.rows[0].cells);
  headings.forEach((th, column) => th.addEventListener("click", () => {
    const ascending = th.getAttribute("aria-sort") !== "ascending";
    headings.forEach(h => h.removeAttribute("aria-sort"));
    th.setAttribute("aria-sort", ascending ? "ascending" : "descending");
    const key = row => {
      const cell = row.cells[column];
      const text = (cell.dataset.sort ?? cell.textContent).trim();
      const number = Number(text);
      return text === "" ? null : (Number.isNaN(number) ? text.toLowerCase() : number);
    };
    const rows = Array.from(table.tBodies[0].rows);
    rows.sort((a, b) => {
      const x = key(a), y = key(b);
      if (x === null || y === null) return (x === null) - (y === null);
      const order = typeof x === typeof y ? (x < y ? -1 : x > y ? 1 : 0) : (typeof x === "number" ? -1 : 1);
      return ascending ? order : -order;
    });
    rows.forEach(row => table.tBodies[0].appendChild(row));
  }));
});
"""

CSP = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:"


def render_html(summary: dict) -> str:
    """The whole page."""
    title = escape(summary["title"])
    body = [
        f"<header><h1>{title}</h1>",
        f"<p class=meta>{_meta(summary)}</p>", _cards(summary), _nav(), "</header>",
        _scores(summary), _completion(summary), _misconceptions(summary), _unmatched(summary), _broken(summary),
        _checks(summary), _learners(summary),
    ]
    return (f"<!doctype html>\n<html lang=en><head><meta charset=utf-8>\n"
            f'<meta http-equiv="Content-Security-Policy" content="{CSP}">\n'
            f'<meta name=viewport content="width=device-width, initial-scale=1">\n'
            f"<title>{title}</title>\n<style>{STYLE}</style></head>\n<body>\n" + "\n".join(body)
            + f"\n<script>{SCRIPT}</script>\n</body></html>\n")


# ---------------------------------------------------------------------------------------------- header

def _meta(summary: dict) -> str:
    parts = [f"{_learners_count(summary['learners'])} graded"]
    if summary["absent"]:
        parts.append(f"{len(summary['absent'])} without a report")
    if summary.get("generated_at"):
        parts.append(f"generated {escape(summary['generated_at'])}")
    if summary["anonymised"]:
        parts.append("learner names left out (anonymised)")
    return " · ".join(parts)


def _cards(summary: dict) -> str:
    overall = summary["overall"]
    broken = {row["learner"] for row in summary["broken"]}
    named = sum(1 for row in summary["table"] if row["misconceptions"])
    cards = [(summary["learners"], "learners"),
             (_percent(overall["mean"]), "mean score"), (_percent(overall["median"]), "median score"),
             (overall["histogram"][-1], "full marks"),
             (len(summary["misconceptions"]), f"misconceptions named, for {_learners_count(named)}"),
             (len(broken), "learners with broken code")]
    return "<div class=cards>" + "".join(f"<div class=card><b>{escape(str(value))}</b><span>{escape(text)}</span></div>"
                                         for value, text in cards) + "</div>"


def _nav() -> str:
    sections = [("scores", "Scores"), ("completion", "Completion"), ("misconceptions", "Misconceptions"),
                ("unmatched", "No misconception matched"), ("broken", "Broken submissions"), ("checks", "Checks"),
                ("learners", "Learners")]
    return "<nav>" + "".join(f'<a href="#{anchor}">{text}</a>' for anchor, text in sections) + "</nav>"


# ---------------------------------------------------------------------------------------------- charts

def histogram_svg(counts: list[int], labels: list[str], element_id: str, caption: str, *, width: int = 640,
                  height: int = 230, every_label: int = 1) -> str:
    """A bar chart of `counts` (one bar per bin, the last one, full marks, in green) as inline SVG. Each bar carries
    data-count and a tooltip; the count is written above it."""
    left, right, top, bottom = 30, 8, 16, 34
    plot_w, plot_h = width - left - right, height - top - bottom
    step = plot_w / len(counts)
    tallest = max(counts) or 1
    parts = [f'<svg class=histogram id="{escape(element_id)}" viewBox="0 0 {width} {height}" width="{width}" '
             f'height="{height}" role=img aria-label="{escape(caption)}">',
             f'<line x1="{left}" y1="{top + plot_h}" x2="{width - right}" y2="{top + plot_h}" stroke="#9aa5b1"/>',
             f'<text x="{left - 4}" y="{top + 4}" text-anchor=end>{tallest}</text>',
             f'<text x="{left - 4}" y="{top + plot_h}" text-anchor=end>0</text>']
    for index, (count, label) in enumerate(zip(counts, labels, strict=True)):
        bar_h = plot_h * count / tallest
        x, y = left + index * step + 2, top + plot_h - bar_h
        full = " full" if index == len(counts) - 1 else ""
        parts.append(f'<rect class="bar{full}" data-bin="{index}" data-count="{count}" x="{x:.1f}" y="{y:.1f}" '
                     f'width="{step - 4:.1f}" height="{bar_h:.1f}"><title>{escape(label)} %: {count} learner'
                     f'{"" if count == 1 else "s"}</title></rect>')
        if count:
            parts.append(f'<text class=count x="{x + (step - 4) / 2:.1f}" y="{y - 3:.1f}" '
                         f'text-anchor=middle>{count}</text>')
        if index % every_label == 0 or index == len(counts) - 1:
            parts.append(f'<text x="{x + (step - 4) / 2:.1f}" y="{top + plot_h + 14}" text-anchor=middle>'
                         f'{escape(label)}</text>')
    parts.append(f'<text x="{left + plot_w / 2:.1f}" y="{height - 3}" text-anchor=middle>% of the points</text>')
    return "".join(parts) + "</svg>"


def _scores(summary: dict) -> str:
    labels, overall = summary["bins"], summary["overall"]
    chart = histogram_svg(overall["histogram"], labels, "histogram-overall", "Overall scores: learners per score bin",
                          width=760, height=260)
    small = []
    for row in summary["exercises"]:
        name = row["exercise"]
        svg = histogram_svg(row["histogram"], labels, f"histogram-{name}", name, width=280, height=140, every_label=5)
        small.append(f"<figure>{svg}<figcaption><b>{escape(name)}</b>: mean {_percent(row['mean'])}, "
                     f"{row['completed']} of {row['learners']} full marks</figcaption></figure>")
    return ("<section id=scores><h2>Scores</h2><p class=note>Learners per score bin, in % of the points; the green "
            f"bar is full marks.</p><figure>{chart}<figcaption>All exercises together: mean "
            f"{_percent(overall['mean'])}, median {_percent(overall['median'])}</figcaption></figure>"
            f"<h3>Per exercise</h3><div class=charts>{''.join(small)}</div></section>")


# ---------------------------------------------------------------------------------------------- tables

def _table(element_id: str, headings: list[tuple[str, bool]], rows: list[str], empty: str) -> str:
    """A table sortable by any column. headings: (text, numeric). rows: the <tr> elements."""
    if not rows:
        return f"<p class=empty>{escape(empty)}</p>"
    head = "".join(f"<th{' class=num' if numeric else ''}><button type=button>{escape(text)}</button></th>"
                   for text, numeric in headings)
    return (f'<div class=scroll><table id="{element_id}" class=sortable><thead><tr>{head}</tr></thead><tbody>'
            + "".join(rows) + "</tbody></table></div>")


def _num(value, shown: str | None = None, extra: str = "") -> str:
    """A numeric cell sorting by `value`."""
    sort = "" if value is None else f"{value:g}" if isinstance(value, float) else str(value)
    text = escape(shown) if shown is not None else ("–" if value is None else escape(sort))
    return f'<td class=num data-sort="{sort}"{extra}>{text}</td>'


def _rate_cell(rate: float | None, good: bool = False) -> str:
    if rate is None:
        return _num(None)
    return (f'<td class=num data-sort="{rate:g}"><span class="rate{" good" if good else ""}" '
            f'style="width:{40 * rate:.0f}px"></span>{100 * rate:.0f} %</td>')


def _completion(summary: dict) -> str:
    rows = []
    for row in summary["exercises"]:
        share = row["completed"] / row["learners"] if row["learners"] else None
        rows.append(f"<tr><td>{escape(row['exercise'])}</td>{_num(row['max'])}{_num(row['learners'])}"
                    f"{_num(row['completed'])}{_rate_cell(share, good=True)}{_num(row['mean'], _percent(row['mean']))}"
                    f"{_num(row['with_misconception'])}{_num(row['broken'])}{_num(row['not_started'])}</tr>")
    headings = [("exercise", False), ("points", True), ("learners", True), ("full marks", True),
                ("share with full marks", True), ("mean score", True), ("with a misconception", True),
                ("broken", True), ("not started", True)]
    return ("<section id=completion><h2>Completion per exercise</h2><p class=note>Full marks: every check of the "
            "exercise passed. Broken: the code did not run on some check (see below). Not started: every check "
            "failed on an untouched stub or a missing module.</p>"
            + _table("completion-table", headings, rows, "No exercise was graded.") + "</section>")


def _checks(summary: dict) -> str:
    rows = [f'<tr><td class=check title="{escape(row["id"])}"><code>{escape(row["id"].split("::", 1)[-1])}</code></td>'
            f"<td>{escape(row['exercise'])}</td>{_num(row['points'])}"
            f"{_num(row['failed'], '%d / %d' % (row['failed'], row['learners']))}{_rate_cell(row['failure_rate'])}"
            f"{_rate_cell(row['failure_rate_attempted'])}{_num(row['misconception'])}{_num(row['unmatched'])}"
            f"{_num(row['broken'])}{_num(row['not_started'])}<td class=wide>{escape(row['description'])}</td></tr>"
            for row in summary["checks"]]
    headings = [("check", False), ("exercise", False), ("points", True), ("failed", True), ("rate", True),
                ("rate if started", True), ("named", True), ("no match", True), ("broken", True),
                ("not started", True), ("what it checks", False)]
    return ("<section id=checks><h2>Checks, most failed first</h2><p class=note>Failure rate of every hidden check, "
            "and why each failure happened: a misconception the grader named, a wrong result no misconception "
            "matched, code that did not run (broken), or an exercise not started. The rate if started leaves "
            "out the learners who had not started the exercise.</p>"
            + _table("checks-table", headings, rows, "No checks were run.") + "</section>")


def _examples(examples: list[str]) -> str:
    return "".join(f"<div class=example>{escape(_short(text))}</div>" for text in examples)


def _misconceptions(summary: dict) -> str:
    class_size = summary["learners"] or 1
    rows = []
    for row in summary["misconceptions"]:
        share = "%d (%.0f %%)" % (row["learners"], 100 * row["learners"] / class_size)
        checks = _num(row["checks"], extra=' title="%s"' % escape(", ".join(row["check_ids"])))
        rows.append(f'<tr data-name="{escape(row["name"])}"><td><b>{escape(row["name"])}</b></td>'
                    f"<td>{escape(row['exercise'])}</td>{_num(row['learners'], share)}{checks}"
                    f"<td class=wide>{escape(row['explanation'])}</td>"
                    f"<td class=wide>{_examples(row['examples'])}</td></tr>")
    headings = [("misconception", False), ("exercise", False), ("learners", True), ("failed checks", True),
                ("explanation", False), ("example messages (anonymised)", False)]
    return ("<section id=misconceptions><h2>Misconceptions named</h2><p class=note>Each row is a known mistake of "
            "the catalogue whose output a learner's code reproduced; each learner counts once per row.</p>"
            + _table("misconception-table", headings, rows, "No misconception was named.") + "</section>")


def _unmatched(summary: dict) -> str:
    rows = [f"<tr><td>{escape(row['exercise'])}</td><td><b>{escape(row['name'])}</b></td>{_num(row['learners'])}"
            f"{_num(row['checks'])}<td class=wide>{escape(row['explanation'])}</td>"
            f"<td class=wide>{_examples(row['examples'])}</td></tr>" for row in summary["unmatched"]]
    headings = [("exercise", False), ("what the grader saw", False), ("learners", True), ("failed checks", True),
                ("first explanation", False), ("example messages (anonymised)", False)]
    return ("<section id=unmatched><h2>Failed, no misconception matched</h2><p class=note>Wrong results that no "
            "known mistake reproduces, grouped by the grader's generic reading of the output (wrong shape, "
            "different values, ...), and exceptions raised by the learner's code.</p>"
            + _table("unmatched-table", headings, rows, "Every wrong result matched a known misconception.")
            + "</section>")


def _broken(summary: dict) -> str:
    rows = [f"<tr><td>{escape(row['learner'])}</td><td>{escape(ERROR_LABELS.get(row['error'], row['error']))}</td>"
            f"<td>{escape(', '.join(row['exercises']))}</td>{_num(row['checks'])}"
            f"<td><div class=example>{escape(_short(row['message']))}</div></td></tr>" for row in summary["broken"]]
    headings = [("learner", False), ("what happened", False), ("exercises it cost", False), ("checks", True),
                ("message", False)]
    return ("<section id=broken><h2>Broken submissions</h2><p class=note>Code that did not run: it does not import, "
            "hangs, runs out of memory or crashes. These failures are not counted as mistakes above.</p>"
            + _table("broken-table", headings, rows, "No submission broke.") + "</section>")


def _learners(summary: dict) -> str:
    exercises = [row["exercise"] for row in summary["exercises"]]
    rows = []
    for row in summary["table"]:
        name = escape(row["learner"])
        name = f'<a href="{escape(row["report"])}">{name}</a>' if row["report"] else name
        cells = "".join(_num(row["exercises"][exercise]) for exercise in exercises)
        lists = "".join(f"<td class=names>{escape(_listing(row[key], exercises))}</td>"
                        for key in ("misconceptions", "broken", "not_started"))
        rows.append(f"<tr><td>{name}</td>{_num(row['score'])}{_num(row['percent'], _percent(row['percent']))}{cells}"
                    f"{lists}</tr>")
    headings = [("learner", False), ("score", True), ("%", True), *((e, True) for e in exercises),
                ("misconceptions", False), ("broken", False), ("not started", False)]
    absent = "".join(f"<li>{escape(row['learner'])}: {escape(row['reason'])}</li>" for row in summary["absent"])
    note = "Click a heading to sort." + ("" if summary["anonymised"] else " A learner's name links to their report.")
    return (f"<section id=learners><h2>Learners</h2><p class=note>{note}</p>"
            + _table("learner-table", headings, rows, "No learner was graded.")
            + (f"<h3>Without a report</h3><ul>{absent}</ul>" if absent else "") + "</section>")


def _listing(names: list[str], exercises: list[str]) -> str:
    return "all" if len(exercises) > 1 and names == exercises else ", ".join(names)


def _learners_count(count: int) -> str:
    return f"{count} learner{'' if count == 1 else 's'}"


def _percent(value: float | None) -> str:
    return "–" if value is None else f"{value:g} %"


def _short(text: str) -> str:
    return text if len(text) <= MAX_MESSAGE else text[:MAX_MESSAGE] + " …"
