"""The device's game log: compact, append-only, every record checksummed.

Layout (docs/log-format.md, "Device log"):

    header   "KTPI" | version 1 | length (2 bytes) | CRC-16 of those 7 bytes
             the header line as UTF-8 JSON (length bytes) | CRC-16 of it
    records  8 bytes each, appended, never rewritten:
             byte 0     op (3 bits) | payload bits 28..24
             bytes 1-2  hand number (the sequence number of a hand; the hand a
                        correction names)
             bytes 3-5  payload bits 23..0 (the rules' packed hand)
             bytes 6-7  CRC-16/CCITT-FALSE of bytes 0-5

Every record has the same size and its own CRC, so a record cut short by a
power loss, or any single damaged bit, is found; reading keeps every valid
record before the first bad one and says what it dropped.  Corrections are
records too (op replace/delete), so nothing is ever rewritten.

Writing is kitapi.devlogw's (imported only when a game is written).
"""

import json

from kitapi.game import OP_END, OP_HAND, OP_REPLACE, RuleError

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const


_E_NOT_DEVLOG = const(19)
_E_HEADER = const(20)
_E_VERSION = const(21)
_E_JSON = const(11)
_D_CUT = const(51)
_D_CRC = const(52)
_D_TYPE = const(53)
_D_SEQUENCE = const(54)
_D_END = const(55)
_D_CORRECTION = const(56)

MAGIC = b"KTPI"
VERSION = const(1)
RECORD = const(8)  # bytes per record
_PRE = const(9)  # magic, version, length, CRC


def crc16(buf, start, end):
    """CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF) of ``buf[start:end]``; allocates nothing."""
    crc = 0xFFFF
    for i in range(start, end):
        crc ^= buf[i] << 8
        for _ in range(8):
            crc = (crc << 1) ^ 0x1021 if crc & 0x8000 else crc << 1
        crc &= 0xFFFF
    return crc


class DevLogReader:
    """Reads a device log record by record, with the JsonlReader's interface.

    ``line`` numbers records as the JSON Lines form would: the header is line 1,
    record k (from 0) line k + 2.  ``damage`` is None, or where the log is
    damaged: ``(code, byte, line, bytes dropped)`` (``messages.damage`` words it).
    """

    def __init__(self, f):
        self.f = f
        self.buf = bytearray(RECORD)
        f.seek(0, 2)
        self.size = self.end = f.tell()
        f.seek(0)
        self.start = 0
        self.line = 1
        self.pos = 0
        self.target = 0
        self.seq = 0  # hand records read
        self.damage = None

    def header(self):
        f = self.f
        pre = f.read(_PRE)
        if len(pre) < _PRE or pre[0:4] != MAGIC:
            raise RuleError(_E_NOT_DEVLOG)
        if crc16(pre, 0, 7) != pre[7] << 8 | pre[8]:
            raise RuleError(_E_HEADER)
        if pre[4] != VERSION:
            raise RuleError(_E_VERSION, pre[4])
        n = pre[5] << 8 | pre[6]
        body = f.read(n + 2)
        if len(body) < n + 2 or crc16(body, 0, n) != body[n] << 8 | body[n + 1]:
            raise RuleError(_E_HEADER)
        self.start = f.tell()
        try:
            return json.loads(body[:n])
        except ValueError:
            raise RuleError(_E_JSON)

    def _damaged(self, why):
        self.damage = (why, self.pos, self.line, self.size - self.pos)
        self.end = self.pos
        return -1

    def record(self, game):
        """Read the next record into ``game.hand``; its OP_*, or -1 at the end or the damage.

        With ``game`` None the hand is only kept packed, in ``payload``.
        """
        pos = self.pos = self.f.tell()
        if pos >= self.end:
            return -1
        self.line = 2 + (pos - self.start) // RECORD
        b = self.buf
        if self.f.readinto(b) < RECORD:
            return self._damaged(_D_CUT)
        if crc16(b, 0, 6) != b[6] << 8 | b[7]:
            return self._damaged(_D_CRC)
        op = b[0] >> 5
        number = b[1] << 8 | b[2]
        payload = (b[0] & 31) << 24 | b[3] << 16 | b[4] << 8 | b[5]
        if op > OP_END:
            return self._damaged(_D_TYPE)
        if op == OP_HAND:
            if number != (self.seq + 1) & 0xFFFF:
                return self._damaged(_D_SEQUENCE)
            self.seq += 1
        elif op == OP_END:
            if number or payload:
                return self._damaged(_D_END)
            return op
        else:
            if not number:
                return self._damaged(_D_CORRECTION)
            self.target = number
            if op != OP_REPLACE:
                if payload:
                    return self._damaged(_D_CORRECTION)
                return op
        if game is None:
            self.payload = payload
        else:
            game.unpack(payload, game.hand)
            game.check(game.hand)
        return op

    def mark(self):
        return (self.f.tell(), self.line, self.seq)

    def mark_record(self):
        return (self.pos, self.line, self.seq - (self.buf[0] >> 5 == OP_HAND))

    def reset(self, m):
        self.f.seek(m[0])
        self.line = m[1]
        self.seq = m[2]
