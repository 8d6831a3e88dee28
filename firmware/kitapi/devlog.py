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


# CRC-16/CCITT-FALSE of each byte value, high byte first: the CRC takes one lookup a
# byte instead of eight shifts (the device replays its log at every boot).
_CRC_TABLE = (
    b"\x00\x00\x10\x21\x20\x42\x30\x63\x40\x84\x50\xa5\x60\xc6\x70\xe7\x81\x08\x91\x29\xa1\x4a\xb1\x6b\xc1\x8c\xd1\xad\xe1\xce\xf1\xef"
    b"\x12\x31\x02\x10\x32\x73\x22\x52\x52\xb5\x42\x94\x72\xf7\x62\xd6\x93\x39\x83\x18\xb3\x7b\xa3\x5a\xd3\xbd\xc3\x9c\xf3\xff\xe3\xde"
    b"\x24\x62\x34\x43\x04\x20\x14\x01\x64\xe6\x74\xc7\x44\xa4\x54\x85\xa5\x6a\xb5\x4b\x85\x28\x95\x09\xe5\xee\xf5\xcf\xc5\xac\xd5\x8d"
    b"\x36\x53\x26\x72\x16\x11\x06\x30\x76\xd7\x66\xf6\x56\x95\x46\xb4\xb7\x5b\xa7\x7a\x97\x19\x87\x38\xf7\xdf\xe7\xfe\xd7\x9d\xc7\xbc"
    b"\x48\xc4\x58\xe5\x68\x86\x78\xa7\x08\x40\x18\x61\x28\x02\x38\x23\xc9\xcc\xd9\xed\xe9\x8e\xf9\xaf\x89\x48\x99\x69\xa9\x0a\xb9\x2b"
    b"\x5a\xf5\x4a\xd4\x7a\xb7\x6a\x96\x1a\x71\x0a\x50\x3a\x33\x2a\x12\xdb\xfd\xcb\xdc\xfb\xbf\xeb\x9e\x9b\x79\x8b\x58\xbb\x3b\xab\x1a"
    b"\x6c\xa6\x7c\x87\x4c\xe4\x5c\xc5\x2c\x22\x3c\x03\x0c\x60\x1c\x41\xed\xae\xfd\x8f\xcd\xec\xdd\xcd\xad\x2a\xbd\x0b\x8d\x68\x9d\x49"
    b"\x7e\x97\x6e\xb6\x5e\xd5\x4e\xf4\x3e\x13\x2e\x32\x1e\x51\x0e\x70\xff\x9f\xef\xbe\xdf\xdd\xcf\xfc\xbf\x1b\xaf\x3a\x9f\x59\x8f\x78"
    b"\x91\x88\x81\xa9\xb1\xca\xa1\xeb\xd1\x0c\xc1\x2d\xf1\x4e\xe1\x6f\x10\x80\x00\xa1\x30\xc2\x20\xe3\x50\x04\x40\x25\x70\x46\x60\x67"
    b"\x83\xb9\x93\x98\xa3\xfb\xb3\xda\xc3\x3d\xd3\x1c\xe3\x7f\xf3\x5e\x02\xb1\x12\x90\x22\xf3\x32\xd2\x42\x35\x52\x14\x62\x77\x72\x56"
    b"\xb5\xea\xa5\xcb\x95\xa8\x85\x89\xf5\x6e\xe5\x4f\xd5\x2c\xc5\x0d\x34\xe2\x24\xc3\x14\xa0\x04\x81\x74\x66\x64\x47\x54\x24\x44\x05"
    b"\xa7\xdb\xb7\xfa\x87\x99\x97\xb8\xe7\x5f\xf7\x7e\xc7\x1d\xd7\x3c\x26\xd3\x36\xf2\x06\x91\x16\xb0\x66\x57\x76\x76\x46\x15\x56\x34"
    b"\xd9\x4c\xc9\x6d\xf9\x0e\xe9\x2f\x99\xc8\x89\xe9\xb9\x8a\xa9\xab\x58\x44\x48\x65\x78\x06\x68\x27\x18\xc0\x08\xe1\x38\x82\x28\xa3"
    b"\xcb\x7d\xdb\x5c\xeb\x3f\xfb\x1e\x8b\xf9\x9b\xd8\xab\xbb\xbb\x9a\x4a\x75\x5a\x54\x6a\x37\x7a\x16\x0a\xf1\x1a\xd0\x2a\xb3\x3a\x92"
    b"\xfd\x2e\xed\x0f\xdd\x6c\xcd\x4d\xbd\xaa\xad\x8b\x9d\xe8\x8d\xc9\x7c\x26\x6c\x07\x5c\x64\x4c\x45\x3c\xa2\x2c\x83\x1c\xe0\x0c\xc1"
    b"\xef\x1f\xff\x3e\xcf\x5d\xdf\x7c\xaf\x9b\xbf\xba\x8f\xd9\x9f\xf8\x6e\x17\x7e\x36\x4e\x55\x5e\x74\x2e\x93\x3e\xb2\x0e\xd1\x1e\xf0"
)


def crc16(buf, start, end):
    """CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF) of ``buf[start:end]``; allocates nothing."""
    crc = 0xFFFF
    t = _CRC_TABLE
    for i in range(start, end):
        j = ((crc >> 8) ^ buf[i]) << 1
        crc = ((crc << 8) & 0xFFFF) ^ (t[j] << 8 | t[j + 1])
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

    def record(self, game, hands=True):
        """Read the next record into ``game.hand``; its OP_*, or -1 at the end or the damage.

        With ``game`` None the hand is only kept packed, in ``payload``; with
        ``hands`` False a plain hand is only framed (replay's first pass).
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
        elif hands or op != OP_HAND:
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
