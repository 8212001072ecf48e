"""Self-study quizzes in YAML: a safe formula reader, graders per question type, seeded variants, per-user progress
with spaced repetition, a linter that checks answers against the reference, and the `attn quiz` command.

See docs/quizzes.md. Modules: ``expressions`` (safe parsing), ``loader``/``schema``/``model`` (files and
questions), ``grading``, ``progress``, ``session`` (asking), ``lint`` and ``checks`` (torch only here), ``cli``.
"""
