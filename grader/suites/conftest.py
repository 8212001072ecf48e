"""The hidden suites run under the grader's plugin: ``--submission PATH``, the ``learner`` fixture, points."""
pytest_plugins = ["grader.plugin"]
