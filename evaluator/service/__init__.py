"""The verdict service: `classwright serve`."""
