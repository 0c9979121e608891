"""Scoring: prompts, model backends, extraction, the sandbox, metrics and reports."""
