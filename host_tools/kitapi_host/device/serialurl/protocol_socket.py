"""``socket://HOST:PORT``: pyserial's handler, its ``close`` without the sleep (see the package's docstring)."""

from __future__ import annotations

import contextlib
import socket

from serial.urlhandler import protocol_socket  # type: ignore[import-untyped]


class Serial(protocol_socket.Serial):  # type: ignore[misc]
    """pyserial's ``socket://`` port; closing it drops the connection and returns at once."""

    def close(self) -> None:
        if self.is_open:
            if self._socket:
                with contextlib.suppress(OSError):
                    self._socket.shutdown(socket.SHUT_RDWR)
                with contextlib.suppress(OSError):
                    self._socket.close()
                self._socket = None
            self.is_open = False
