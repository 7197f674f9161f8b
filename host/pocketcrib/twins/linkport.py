"""The link cable without hardware (issue 28): a socket stands in for the UART.

SocketPort gives a socket the two verbs the firmware's link asks of its port
(firmware/link/frame.py): write(buf) and readinto(buf) -> count or None, never
blocking. cable() joins two of them, as a crossed cable joins two devices; a
socket of another process (a Unix socket, `pocketcrib sim --link`) works the same.
A port whose other end has gone (the cable pulled) reads nothing and writes into
the void, as a UART would.
"""

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
