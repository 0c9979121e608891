"""Test adequacy of a task's suite: mutation analysis and differential fuzzing.

Branch coverage of the canonical solution is measured with the other execution analyses in
``classwright.authoring.dynamic``; what the suite fails to detect is measured here.
"""
