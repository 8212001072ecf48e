"""Self-study quizzes in YAML: question types as registered classes, one schema for the bank, a safe formula reader,
new numbers on each attempt, per-user progress with spaced repetition, a session report, and a linter that checks
every number against the reference.

See docs/quizzes.md. Modules: ``expressions`` (safe parsing), ``question_types`` (one class per type: reading,
grading, feedback, rendering, lint), ``schema`` (the JSON Schema and its validator), ``loader``/``model`` (files,
questions, variants), ``progress``, ``session`` (asking), ``report``, ``coverage`` (the map of the notes' checklist
and drills), ``lint`` and ``checks`` (torch only here), ``cli``.
"""
