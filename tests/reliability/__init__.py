"""Reliability tests: random games across every flag and custom tile sets, and fuzzing."""
