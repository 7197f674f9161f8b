"""The link cable without hardware (issue 28): a socket stands in for the UART.

SocketPort gives a socket the two verbs the firmware's link asks of its port
(firmware/link/frame.py): write(buf) and readinto(buf) -> count or None, never
blocking. cable() joins two of them, as a crossed cable joins two devices; a
socket of another process (a Unix socket, `pocketcrib sim --link`) works the same.
A port whose other end has gone (the cable pulled) reads nothing and writes into
the void, as a UART would.
"""

import os
import socket


class SocketPort:
    def __init__(self, sock):
        sock.setblocking(False)
        self.sock = sock
        self.sent = 0  # bytes written (the benches count a move's cost)
        self.gone = False

    def write(self, buf):
        data = bytes(buf)
        self.sent += len(data)
        if not self.gone:
            try:
                self.sock.sendall(data)
            except (BlockingIOError, InterruptedError):
                pass  # a full socket: as bytes lost on the cable, sent again by the link
            except OSError:
                self.gone = True
        return len(data)

    def readinto(self, buf):
        if self.gone:
            return None
        try:
            n = self.sock.recv_into(buf)
        except (BlockingIOError, InterruptedError):
            return None
        except OSError:
            self.gone = True
            return None
        if n == 0:
            self.gone = True  # the other end closed
            return None
        return n

    def close(self):
        self.gone = True
        self.sock.close()


def cable():
    """Two ports joined: what one writes the other reads."""
    a, b = socket.socketpair()
    return SocketPort(a), SocketPort(b)


class ListeningPort(SocketPort):
    """The end that waits at a Unix socket for the other simulator (`sim --link PATH`):
    a jack with no cable in until the other connects."""

    def __init__(self, server, path):
        server.setblocking(False)
        self.server = server
        self.path = path
        self.sock = None
        self.sent = 0
        self.gone = False

    def _plugged(self):
        if self.sock is None:
            try:
                conn, _ = self.server.accept()
            except (BlockingIOError, InterruptedError):
                return False
            conn.setblocking(False)
            self.sock = conn
        return True

    def write(self, buf):
        if self._plugged():
            return SocketPort.write(self, buf)
        self.sent += len(buf)
        return len(buf)

    def readinto(self, buf):
        return SocketPort.readinto(self, buf) if self._plugged() else None

    def close(self):
        self.gone = True
        if self.sock is not None:
            self.sock.close()
        self.server.close()
        try:
            os.unlink(self.path)
        except OSError:
            pass


def unix_port(path):
    """The link jack of a simulator joined to another through the Unix socket `path`: the
    first to start listens there, the second connects."""
    path = str(path)
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.connect(path)
        return SocketPort(sock)
    except (FileNotFoundError, ConnectionRefusedError):
        sock.close()
    try:
        os.unlink(path)  # a socket left by a simulator gone
    except FileNotFoundError:
        pass
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(path)
    server.listen(1)
    return ListeningPort(server, path)
