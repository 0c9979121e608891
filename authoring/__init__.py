"""Authoring: LibCST analysis of tasks, task folders, import/export and the rule catalogue."""
