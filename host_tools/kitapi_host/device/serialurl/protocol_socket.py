"""``socket://HOST:PORT``: pyserial's handler, its ``close`` without the sleep (see the package's docstring)."""

from __future__ import annotations

import contextlib
import socket

from serial.urlhandler import protocol_socket  # type: ignore[import-untyped]


class Serial(protocol_socket.Serial):
    """pyserial's ``socket://`` port; closing it drops the connection and returns at once."""

    def close(self) -> None:
        sock: socket.socket | None = getattr(self, "_socket", None)
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
            sock.close()
        self._socket = None
        self.is_open = False
