"""Reports of scored runs: loading results files, confidence intervals, the HTML report and the
leaderboard.

The modules are small and separate: ``loading`` reads a ``results.json`` of any format version,
``intervals`` computes the 95% intervals over tasks, ``runs`` names a run (model, strategy,
sampling, task set), ``code`` finds the code behind a sample, ``svg`` draws charts, ``html``
writes the report and ``leaderboard`` the table of runs.
"""
