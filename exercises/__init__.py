"""Your exercises, one module each, generated from solutions/: work through them in order and run `pytest exercises`."""
