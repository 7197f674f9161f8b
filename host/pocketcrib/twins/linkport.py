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


class Jack:
    """The link jack of a virtual board or an emulated Pico (`pocketcrib vboard --link PATH`): the
    board process holds one end of a socket pair (`inside`, its UART0 on GP0/GP1) and a thread
    here carries the bytes between the other end and the Unix socket at PATH, which another
    board's jack shares: the first to start listens there, the second connects, as `sim --link`.
    The other board gone (switched off, its launcher stopped) is the cable pulled: bytes go
    nowhere until a board is at the other end again (the listening jack takes the next one that
    connects; a connecting jack whose listener has gone listens itself)."""

    def __init__(self, path):
        import threading

        self.path = str(path)
        self.inside, self.outside = socket.socketpair()
        self.inside.setblocking(False)  # the board reads it as a UART: never waiting
        self.outside.setblocking(False)
        self.server = None
        self.peer = None
        self.closed = False
        self._plug()
        self.thread = threading.Thread(target=self._carry, name="link jack", daemon=True)
        self.thread.start()

    def fd(self):
        """The board's end, for its process (pass_fds)."""
        return self.inside.fileno()

    def _plug(self):
        """The peer socket if a board is at the other end now, else None (listening for it)."""
        if self.peer is not None:
            return self.peer
        if self.server is None:
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            try:
                sock.connect(self.path)
                sock.setblocking(False)
                self.peer = sock
                return sock
            except (FileNotFoundError, ConnectionRefusedError):
                sock.close()
            try:
                os.unlink(self.path)  # a socket left by a board gone
            except FileNotFoundError:
                pass
            self.server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            self.server.bind(self.path)
            self.server.listen(1)
            self.server.setblocking(False)
        try:
            conn, _ = self.server.accept()
        except (BlockingIOError, InterruptedError):
            return None
        conn.setblocking(False)
        self.peer = conn
        return conn

    def _unplugged(self):
        if self.peer is not None:
            self.peer.close()
            self.peer = None

    def _carry(self):
        import select

        while not self.closed:
            try:
                peer = self._plug()
                waits = [self.outside, peer if peer is not None else self.server]
                ready, _, _ = select.select(waits, [], [], 0.2)
            except (OSError, ValueError):
                if self.closed:
                    return
                raise
            for sock in ready:
                if sock is self.server:
                    continue  # accepted at the next _plug()
                try:
                    data = sock.recv(4096)
                except (BlockingIOError, InterruptedError):
                    continue
                except OSError:
                    data = b""
                if sock is self.outside:
                    if not data:
                        return  # the jack closed
                    if peer is not None and not _send(peer, data):
                        self._unplugged()
                elif not data:
                    self._unplugged()  # the other board went: the cable pulled
                else:
                    _send(self.outside, data)

    def close(self):
        self.closed = True
        for sock in (self.inside, self.outside, self.peer, self.server):
            if sock is not None:
                sock.close()
        if self.server is not None:
            try:
                os.unlink(self.path)
            except OSError:
                pass


def _send(sock, data):
    """Bytes onto the cable, as much as goes (a full socket loses the rest, as a UART's full
    buffer would: the link repeats them); False if the other end has gone."""
    try:
        sock.send(data)
    except (BlockingIOError, InterruptedError):
        pass
    except OSError:
        return False
    return True
