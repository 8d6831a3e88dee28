"""``kitapi serve``'s waitress server, made to hold on a venue's network: slow clients cannot take every
connection, and the names a request may give in its Host header (docs/web.md, "Running it for a club").

Waitress reads each request on one thread (asyncore) and hands only a whole request to its worker threads,
so a slow client costs a connection, not a thread.  What it lacks is a bound on those connections: at its
limit (100) it stops accepting, and its timeout is one of inactivity, which a byte every few seconds
defeats.  Here:

- a request (its head and body) must arrive whole within ``REQUEST_S`` of its first byte; a connection that
  sends nothing is closed after ``IDLE_S``;
- one client address holds at most ``WAITING_PER_ADDRESS`` connections that have not sent a whole request:
  its next one closes its oldest (a browser opens six; a reverse proxy sends whole requests);
- at the connection limit (``MAX_CONNECTIONS``, or the open files the process may have less ``RESERVE``) a
  new connection closes the one that has waited longest without a request being served, instead of waiting
  in the kernel's queue behind it; only when every connection has a request in hand does accepting pause;
- the process's open-file limit is raised to its hard limit (at most ``WANT_FILES``) at start; should
  ``accept`` still find no file left (EMFILE), accepting pauses for ``PAUSE_S`` (the connections wait in the
  kernel's queue, ``backlog``) instead of spinning.
"""

from __future__ import annotations

import ipaddress
import socket
import time
from collections.abc import Iterable
from typing import Any

from waitress.adjustments import Adjustments
from waitress.channel import HTTPChannel
from waitress.parser import HTTPRequestParser
from waitress.server import MultiSocketServer, TcpWSGIServer
from waitress.task import ThreadedTaskDispatcher, WSGITask

REQUEST_S = 10.0  # a request's head and body, from its first byte
IDLE_S = 30  # a connection with nothing to send or receive
WAITING_PER_ADDRESS = 20
MAX_CONNECTIONS = 1000
RESERVE = 64  # files kept for the rest: the archive per thread, Chromium's pipes, the listening sockets
WANT_FILES = 2048
PAUSE_S = 0.5
THREADS = 8
LOCAL = "kitapi.local_address"  # the WSGI environ's key: the address the client connected to


def files_limit() -> int:
    """The open files this process may have, raised to the hard limit (at most WANT_FILES) if lower."""
    try:
        import resource
    except ImportError:  # (Windows: select() takes 512 sockets)
        return 512
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = WANT_FILES if hard == resource.RLIM_INFINITY else min(hard, WANT_FILES)
    if soft != resource.RLIM_INFINITY and soft < want:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
            soft = want
        except (ValueError, OSError):
            pass
    return WANT_FILES if soft == resource.RLIM_INFINITY else soft


class _Task(WSGITask):
    def get_environment(self) -> dict[str, Any]:
        env: dict[str, Any] = super().get_environment()
        env[LOCAL] = self.channel.local
        return env


class _Channel(HTTPChannel):
    """A connection that knows when its request began (``begun``) and whether it ever sent one whole."""

    task_class = _Task
    begun: float | None = None
    whole = False

    def __init__(self, server: Server, sock: socket.socket, addr: Any, adj: Adjustments, map: Any = None) -> None:
        try:
            self.local = str(sock.getsockname()[0])
        except OSError:
            self.local = ""
        self.who = str(addr[0])
        self.made: list[HTTPRequestParser] = []
        self.parser_class = self.parse
        super().__init__(server, sock, addr, adj, map)
        server.by_address.setdefault(self.who, set()).add(self)

    def received(self, data: bytes) -> bool:
        had, self.made = self.request, []
        if self.begun is None and data:
            self.begun = time.time()
        done: bool = super().received(data)
        if any(p.completed and not p.empty for p in [had, *self.made] if p is not None):  # (blank lines: no)
            self.whole = True
            self.begun = None if self.request is None else time.time()
        return done

    def parse(self, adj: Adjustments) -> HTTPRequestParser:
        """A request's parser (waitress's ``parser_class``), kept in ``made`` for ``received`` to look at."""
        p = HTTPRequestParser(adj)
        self.made.append(p)
        return p

    def del_channel(self, map: Any = None) -> None:
        super().del_channel(map)
        mine = self.server.by_address.get(self.who)
        if mine is not None:
            mine.discard(self)
            if not mine:
                del self.server.by_address[self.who]

    def idle(self) -> bool:
        """No request in hand nor answer to send: closing it loses nothing but a request still arriving."""
        return not (self.requests or self.total_outbufs_len or self.will_close or self.close_when_flushed)

    def waiting(self) -> bool:
        """Idle and without a whole request yet: one arriving, or none ever sent."""
        return self.idle() and (self.begun is not None or not self.whole)

    def since(self) -> float:
        """Since when it has waited: its request's first byte, its opening, or its last answer."""
        if self.begun is not None:
            return self.begun
        return float(self.last_activity if self.whole else self.creation_time)


class Server(TcpWSGIServer):
    """One listening socket; the channels' limits above."""

    channel_class = _Channel
    pause_until = 0.0
    next_channel_cleanup = 0.0

    def __init__(self, *args: Any, limit: int = MAX_CONNECTIONS, **kw: Any) -> None:
        self.limit = limit
        self.by_address: dict[str, set[_Channel]] = {}
        super().__init__(*args, **kw)

    def readable(self) -> bool:
        now = time.time()
        if now >= self.next_channel_cleanup:
            self.next_channel_cleanup = now + self.adj.cleanup_interval
            self.maintenance(now)
        if not self.accepting or time.time() < self.pause_until:
            return False
        return len(self.active_channels) < self.limit or any(c.idle() for c in self.active_channels.values())

    def handle_accept(self) -> None:
        try:
            v = self.accept()
            if v is None:
                return
            conn, addr = v
        except OSError as e:  # (EMFILE, ENFILE: no file for it; the kernel keeps it queued meanwhile)
            self.pause_until = time.time() + PAUSE_S
            self.logger.warning("cannot accept a connection (%s): pausing %.1f s", e.strerror, PAUSE_S)
            return
        who = str(addr[0])
        mine = [c for c in self.by_address.get(who, ()) if c.waiting()]
        if len(mine) >= WAITING_PER_ADDRESS:
            min(mine, key=_Channel.since).handle_close()
        if len(self.active_channels) >= self.limit:
            idle = [c for c in self.active_channels.values() if c.idle()]
            if not idle:  # (readable() said there was one; every connection got busy since)
                conn.close()
                return
            min(idle, key=_Channel.since).handle_close()
        try:
            self.set_socket_options(conn)
        except OSError:
            conn.close()
            return
        self.channel_class(self, conn, addr, self.adj, map=self._map)

    def maintenance(self, now: float) -> None:
        super().maintenance(now)  # (IDLE_S: channel_timeout)
        late = now - REQUEST_S
        for c in self.active_channels.values():
            if c.begun is not None and c.begun < late and c.idle():
                c.will_close = True


def make_server(app: Any, host: str, port: int) -> Server | MultiSocketServer:
    """The server of ``app`` on ``host``:``port`` (a name may give several addresses: one socket each).
    OSError if it cannot listen."""
    limit = max(16, min(MAX_CONNECTIONS, files_limit() - RESERVE))
    adj = Adjustments(
        host=host,
        port=port,
        threads=THREADS,
        connection_limit=limit,
        channel_timeout=IDLE_S,
        cleanup_interval=1,
        asyncore_use_poll=True,  # (select() stops at file 1024)
    )
    dispatcher = ThreadedTaskDispatcher()
    dispatcher.set_thread_count(adj.threads)
    socket_map: dict[int, Any] = {}
    servers = [Server(app, socket_map, dispatcher=dispatcher, adj=adj, sockinfo=s, limit=limit) for s in adj.listen]
    if len(servers) == 1:
        return servers[0]
    listen = [(s.effective_host, s.effective_port) for s in servers]
    return MultiSocketServer(socket_map, adj, listen, dispatcher, servers[-1].log_info)


def bound(server: Server | MultiSocketServer) -> list[str]:
    """The addresses ``server`` listens on."""
    if isinstance(server, MultiSocketServer):
        return [h for h, _ in server.effective_listen]
    return [server.effective_host]


def port_of(server: Server | MultiSocketServer) -> int:
    if isinstance(server, MultiSocketServer):
        return int(server.effective_listen[0][1])
    return int(server.effective_port)


def loopback(addresses: Iterable[str]) -> bool:
    """Whether every one of ``addresses`` is the loopback's (127.0.0.0/8, ::1)."""
    try:
        return all(ipaddress.ip_address(a.split("%")[0]).is_loopback for a in addresses)
    except ValueError:
        return False


def host_names(typed: str, addresses: list[str], more: Iterable[str]) -> set[str]:
    """The Host header names served (without a port, lowercase, an IPv6 address in brackets): the loopback's,
    what ``--host`` said, the addresses bound, ``more`` (``--allow-host``); bound to another address than the
    loopback's, the machine's host name, its fully qualified name, its mDNS name (NAME.local) and the
    addresses its name resolves to.  (The address a client connected to is served as well: LOCAL.)"""
    names = {"localhost", "127.0.0.1", "[::1]", typed, *addresses, *more}
    if not loopback(addresses):
        me = socket.gethostname()
        names |= {me, f"{me.split('.')[0]}.local"}
        try:
            names.add(socket.getfqdn())
            names |= {str(i[4][0]) for i in socket.getaddrinfo(me, None, proto=socket.IPPROTO_TCP)}
        except (OSError, UnicodeError):
            pass
    return {host_key(n) for n in names if n and n not in ("0.0.0.0", "::")}


def host_key(name: str) -> str:
    """A host name as compared: without its port, lowercase, no final dot, an IPv6 address in brackets."""
    name = name.strip().lower()
    if name.startswith("["):
        name = name.split("]")[0] + "]"
    elif name.count(":") == 1:
        name = name.rsplit(":", 1)[0]
    elif ":" in name:
        name = f"[{name.split('%')[0]}]"
    return name.rstrip(".")
