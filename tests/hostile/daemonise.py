"""Leaves a daemon behind: double fork, new session, SIGTERM ignored, sleeps for an hour."""

import os
import signal
import time

if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        time.sleep(3600)
    os._exit(0)


class Wallet:
    def __init__(self):
        self.balance = -1

    def deposit(self, amount):
        return None

    def withdraw(self, amount):
        return None
