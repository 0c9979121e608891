"""Command groups of the ``classwright`` CLI; each module registers its commands on the app."""
