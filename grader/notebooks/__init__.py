"""nbgrader course for the exercises: build notebooks from `solutions/`, grade them out of the kernel.

- `cells`: a solution module -> notebook cells (lesson, given code, solution cells); the way back to a module is
  `course.notebooks`, which learners' notebooks use too.
- `course`: writes `nbgrader_config.py` and `source/<assignment>/<exercise>.ipynb`.
- `autograde`: the nbgrader preprocessor that grades the learner's cells with the isolated grader.
- `leaks`: scans a release, feedback or an installed learner distribution for text learners must not see.
- `cli`: `attn nbgrader ...`.

What a test cell runs in the learner's own kernel is `exercises.tests.selfcheck` (the visible tests), which learners
have; the hidden checks run only at autograde.
"""
