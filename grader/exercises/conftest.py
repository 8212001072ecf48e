"""The hidden suites run under the grader's plugin: `--submission=PATH`, the `learner` fixture, `grades` markers."""
pytest_plugins = ["grader.plugin"]
