"""nbgrader course for the exercises: build notebooks from `solutions/`, grade them out of the kernel.

- `cells`: a solution module <-> notebook cells (lesson, given code, solution cells) and back to a module.
- `course`: writes `nbgrader_config.py` and `source/<assignment>/<exercise>.ipynb`.
- `autograde`: the nbgrader preprocessor that grades the learner's cells with the isolated grader.
- `leaks`: scans a release (or feedback) folder for text learners must not see.
- `selfcheck`: what a test cell runs in the learner's own kernel.
- `cli`: `attn nbgrader ...`.
"""
