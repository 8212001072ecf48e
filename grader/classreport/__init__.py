"""The class report: what a whole class got right and wrong, for the instructor deciding what to re-teach.

    summary = summarise(reports)          # aggregate.py: learner -> Report in, plain JSON-ready data out (pure)
    page = render_html(summary)           # render.py: one self-contained HTML page (inline SVG charts, no requests)
    write_class_report(path, reports)     # build.py: both, as class.html and class.json, with check descriptions

Three commands write it: `attn grade-all DIR --report class.html`, `attn report GRADES_DIR` (cli.py) and
`attn nbgrader report` (`grader.notebooks.reports` reads nbgrader's database and the autograded notebooks). The
package imports nothing itself, so that `attn` and `python -m grader` start without torch.
"""
