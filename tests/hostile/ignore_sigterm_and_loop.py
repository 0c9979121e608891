"""Ignores SIGTERM, SIGINT and SIGHUP, then spins forever in every method."""

import signal

for _sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
    signal.signal(_sig, signal.SIG_IGN)


class Wallet:
    def __init__(self):
        while True:
            pass
