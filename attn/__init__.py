"""The `attn` command: one entry point for learners, instructors and maintainers."""
