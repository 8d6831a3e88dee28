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
power loss, or any damaged bit, is found, and the reader resynchronises on the
next record: a damaged record is skipped and every valid one kept.  A damaged
hand keeps its number (the next valid hand's number tells how many hands were
lost) and is returned as ``OP_LOST``: it scores nothing until a correction
replaces it.  Corrections are records too (op replace/delete), so nothing is
ever rewritten.

Writing is kitapi.devlogw's (imported only when a game is written).
"""

from kitapi.game import RuleError

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const


_E_NOT_DEVLOG = const(19)
_E_HEADER = const(20)
_E_VERSION = const(21)
_E_JSON = const(11)
_E_HEADER_SIZE = const(109)
OP_LOST = const(4)  # not a record: a hand whose record is damaged, returned in its place
_OP_HAND = const(0)  # the records' ops (kitapi.game.OP_*), copied: no global each
_OP_REPLACE = const(1)
_OP_END = const(3)
_D_CUT = const(51)
_D_CRC = const(52)
_D_TYPE = const(53)
_D_SEQUENCE = const(54)
_D_END = const(55)
_D_CORRECTION = const(56)
_D_RULES = const(48)  # a record whose CRC holds but which is no hand of these rules ("not a hand of these rules")
_D_NO_HAND = const(107)  # a correction of a hand not played yet
_PENDING = const(0)  # DevLogReader.state
_TAIL = const(1)
_OWED = const(2)
_ENDED = const(3)
_SEEN = const(4)
_BAD = const(5)
_DROPPED = const(6)

MAGIC = b"KTPI"
VERSION = const(1)
RECORD = const(8)  # bytes per record
_PRE = const(9)  # magic, version, length, CRC
# bytes of header JSON read: the largest header the game's checks let through (4 names of 24 characters, the
# texts of kitapi.game.MAX_TEXT, every option; all escaped) is under 2 KB; the box reads it whole at boot
MAX_HEADER = const(4096)


# CRC-16/CCITT-FALSE of each byte value, high byte first: the CRC takes one lookup a
# byte instead of eight shifts (the device replays its log at every boot).
_CRC_TABLE = const(
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


# The syndrome (computed CRC xor stored CRC) of one flipped bit of bytes 0-5, by bit (bit 0: byte 0's highest):
# a record whose syndrome is one of these is mended by flipping that bit; one with a single bit set, by a flip
# in the CRC itself.  (Distance 4: the 64 syndromes differ.)  One lookup instead of 64 CRCs a damaged record.
_SYNDROME = const(  # 2 bytes each, high first (bytes, as _CRC_TABLE: read in place from flash, no heap)
    b"\xd4\x20\x6a\x10\x35\x08\x1a\x84\x0d\x42\x06\xa1\x8b\x40\x45\xa0\x22\xd0\x11\x68\x08\xb4\x04\x5a"
    b"\x02\x2d\x89\x06\x44\x83\xaa\x51\xdd\x38\x6e\x9c\x37\x4e\x1b\xa7\x85\xc3\xca\xf1\xed\x68\x76\xb4"
    b"\x3b\x5a\x1d\xad\x86\xc6\x43\x63\xa9\xa1\xdc\xc0\x6e\x60\x37\x30\x1b\x98\x0d\xcc\x06\xe6\x03\x73"
    b"\x89\xa9\xcc\xc4\x66\x62\x33\x31\x91\x88\x48\xc4\x24\x62\x12\x31\x81\x08\x40\x84\x20\x42\x10\x21"
)
_SYNDROME_AT = const(  # a syndrome's bit + 1 at its remainder mod 79 (the 48 remainders differ), else 0: one lookup
    b"\x00\x0f\x0e\x00\x0d\x2e\x00\x25\x0c\x00\x2d\x00\x00\x1a\x24\x00\x0b\x13\x00\x07\x00\x30\x00\x00\x00\x17\x19"
    b"\x1e\x23\x1c\x00\x01\x0a\x21\x12\x00\x15\x00\x06\x00\x00\x00\x2f\x26\x00\x00\x00\x29\x14\x08\x16\x00\x18\x1f"
    b"\x1d\x02\x22\x00\x1b\x00\x00\x27\x00\x2a\x09\x00\x20\x03\x11\x00\x28\x2b\x10\x04\x00\x2c\x05\x00\x00"
)
_SCAN = const(512)  # bytes read at a time looking for the end of the written records


def crc16(buf, start, end):
    """CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF) of ``buf[start:end]``; allocates nothing."""
    crc = 0xFFFF
    t = _CRC_TABLE
    for i in range(start, end):
        j = ((crc >> 8) ^ buf[i]) << 1
        crc = ((crc << 8) & 0xFFFF) ^ (t[j] << 8 | t[j + 1])
    return crc


def _colons(data):
    """The colons the JSON text of value ``data`` holds if no key is there twice: one a key, and those in
    its texts (as read: an escaped one too)."""
    t = type(data)
    if t is str:
        return data.count(":")
    n = 0
    if t is dict:
        for k in data:
            n += 1 + k.count(":") + _colons(data[k])
    elif t is list:
        for v in data:
            n += _colons(v)
    return n


class DevLogReader:
    """Reads a device log record by record, with the JsonlReader's interface.

    ``line`` numbers records as the JSON Lines form would: the header is line 1,
    record k (from 0) line k + 2.  ``damage`` is None, or what is damaged:
    ``(code, byte, line, bytes, records)``: the first damaged record's kind
    (``messages.EN[code]``), where it starts, and the damaged bytes and records
    in all, each skipped (``replay`` adds the damaged hands: ``messages.damage``).

    Resynchronising: a damaged record (a bad CRC, an unknown op, a malformed
    end or correction, a hand out of sequence) is skipped.  The next valid hand
    tells how many of the skipped records were hands (its number less the last
    one's, less one): the reader returns that many ``OP_LOST`` first, each with
    its number in ``seq``.  A valid correction of a hand among them does the
    same.  Skipped records at the very end count as hands when they read as
    the next hand (op and number, after mending one flipped bit if one bit
    mends it; with more bits damaged, if either reads so): the box numbers its
    next hand after them, so every later reading agrees.  A last record cut
    short (a torn append) is not a record: its bytes are damage, nothing else.
    Unwritten space (``_written``: blank records to the end of the file) is
    not read: no hand, no damage (``blank`` counts its bytes).  A record whose
    CRC holds is damaged too when it is no hand of these rules (a hand that
    cannot be unpacked or, read with ``hands``, that the rules refuse; a
    correction that cannot be unpacked) or a correction of a hand not played
    yet: the device writes neither.
    """

    blank = 0  # bytes of unwritten space after the records (header: _written); an instance's own only if some

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
        self.seq = 0  # hand numbers read (the lost ones too)
        self.damage = None
        # the resynchronising (one list: each name costs the device's heap): the damaged records since
        # the last valid hand not yet counted as hands, of them those that read as the next hands, the
        # lost hands to return before the record at the file's position, 1 after the end record;
        # the file position up to which damage is counted (replay reads the file twice), the damaged
        # records and bytes
        self.state = [0, 0, 0, 0, 0, 0, 0]

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
        if n > MAX_HEADER:  # (before it is read: a 60 KB one would not fit the box's heap)
            raise RuleError(_E_HEADER_SIZE, n, MAX_HEADER)
        body = f.read(n)  # (its CRC read apart: no copy of the header's text at the heap's peak)
        c = f.read(2)
        if len(body) < n or len(c) < 2 or crc16(body, 0, n) != c[0] << 8 | c[1]:
            raise RuleError(_E_HEADER)
        self.start = f.tell()
        self.end = self.start + (self.size - self.start) // RECORD * RECORD  # a torn last record is not one
        end = self._written()
        if end < self.end:  # unwritten space to the end of the file: not damage, not read
            self.blank = self.size - end
            self.end = end
        f.seek(self.start)
        try:
            import ujson as json  # the built-in at once (docs/firmware.md, "Imports"); no global
        except ImportError:  # CPython
            import json  # type: ignore[no-redef]
        try:
            d = json.loads(body)
        except ValueError:
            raise RuleError(_E_JSON)
        except (RuntimeError, MemoryError):  # nested too deep for json (RecursionError; a MemoryError in
            from kitapi.jsonl import loads  # MicroPython's), or the heap short: the JSON Lines reader tells

            return loads(body)  # (RuleError if too deep; else json's own error again)
        if _colons(d) != body.count(b":"):  # a key twice (json keeps the last), or a colon escaped in a text
            from kitapi.jsonl import loads  # the JSON Lines reader tells which: a key twice is refused

            d = loads(body)
        return d

    def _written(self):
        """Where the written records end: ``end``, less a tail of unwritten space (erased or zeroed flash, a
        file extended by a crash): whole records of 0x00 and 0xFF bytes only to the end of the file (with a
        torn record's bytes after them).  No record of those bytes alone is one the reader takes (its CRC
        fails, or its op is 7: tests/core/test_log_edges.py), so none is lost; blank records between written
        ones are damage as any other.  One record read if the last one is written; else the blank tail is
        read back to front at the speed of the file, ``_SCAN`` bytes at a time (bytes.rstrip: not a record
        at a time)."""
        f = self.f
        start = self.start
        end = self.end
        if end - start < RECORD:
            return end
        b = self.buf
        f.seek(end - RECORD)
        f.readinto(b)
        for x in b:
            if x and x != 255:
                return end  # the last record is written (blank or not, a torn one after it is torn)
        pos = self.size
        last = start  # one past the last written byte after the header
        while pos > start:
            n = pos - start if pos - start < _SCAN else _SCAN
            pos -= n
            f.seek(pos)
            n = len(f.read(n).rstrip(b"\x00\xff"))  # erased flash reads 0xFF, zeroed space 0x00
            if n:
                last = pos + n
                break
        last = start + (last - start + RECORD - 1) // RECORD * RECORD  # the record holding it is written
        return last if last < end else end

    def record(self, game, hands=True):
        """Read the next record into ``game.hand``; its OP_* (``OP_LOST`` for a damaged hand), or -1 at the end.

        The hand is kept packed in ``payload``; with ``game`` None only so; with ``hands`` False a plain hand is only
        framed (not unpacked).  A damaged record is skipped (``discard``)."""
        f = self.f
        b = self.buf
        rs = self.state
        while True:
            if rs[_OWED]:
                rs[_OWED] -= 1
                self.seq += 1
                return OP_LOST
            pos = self.pos = f.tell()
            self.line = 2 + (pos - self.start) // RECORD
            if pos >= self.end:
                why = _D_CUT  # the end of the records (a torn last record after them, or none)
            else:
                f.readinto(b)
                why = 0
                op = b[0] >> 5
                number = b[1] << 8 | b[2]
                payload = (b[0] & 31) << 24 | b[3] << 16 | b[4] << 8 | b[5]
                syn = crc16(b, 0, 6) ^ (b[6] << 8 | b[7])  # 0: the CRC holds
                if syn:
                    why = _D_CRC
                elif op > _OP_END:
                    why = _D_TYPE
                elif op == _OP_HAND:
                    gap = (number - self.seq - 1) & 0xFFFF
                    if gap > rs[_PENDING]:
                        why = _D_SEQUENCE
                    elif gap:  # the lost hands first, then this one again
                        rs[_PENDING] = rs[_TAIL] = 0
                        rs[_OWED] = gap
                        f.seek(pos)
                        continue
                elif op == _OP_END:
                    if number or payload:
                        why = _D_END
                elif not number or (op != _OP_REPLACE and payload):
                    why = _D_CORRECTION
                else:
                    gap = (number - self.seq) & 0xFFFF
                    if 0 < gap <= rs[_PENDING]:  # a correction of a hand among the damaged records
                        rs[_PENDING] -= gap
                        rs[_TAIL] = rs[_TAIL] - gap if rs[_TAIL] > gap else 0
                        rs[_OWED] = gap
                        f.seek(pos)
                        continue
                    if number > self.seq:  # of a hand not played yet: not applicable (never written so)
                        why = _D_NO_HAND
            if not why and game is not None and (op == _OP_REPLACE or (hands and op == _OP_HAND)):
                # a CRC that holds by chance (1 in 65,536 damaged records) on no hand of these rules: damage too
                try:
                    game.unpack(payload, game.hand)
                    if op == _OP_HAND:
                        game.check(game.hand)
                except RuleError:
                    why = _D_RULES
                    if op == _OP_HAND and pos < rs[_SEEN]:  # (a hand is unpacked by replay's second reading
                        self.bad()  # only, after later damage was counted: counted here, once)
            if not why:
                break
            if not self.discard(why):
                return -1
        if op == _OP_HAND:
            self.seq += 1
            rs[_PENDING] = rs[_TAIL] = 0
        elif op == _OP_END:
            rs[_ENDED] = 1
            return op
        else:
            self.target = number
            if op != _OP_REPLACE:
                return op
        self.payload = payload
        if op == _OP_REPLACE and game is not None:  # (unpacked above)
            game.check(game.hand)
        return op

    def discard(self, reason):
        """Skip the record just read, damaged (``reason``), or the end of the records (``_D_CUT``): False if the
        reading ends there.  At the end, the damaged records that read as hands are owed first (returned as lost
        hands); a last record cut short is damage, unwritten space is none.  Damage is counted once (replay reads
        the file twice).  A damaged record stays pending until the next valid hand; it is one more of the tail (the
        damaged records that read as the next hands) if it reads as the next hand: intact (a valid CRC), by op and
        number; else as mended by the one flipped bit that mends it, if one does; else by either."""
        rs = self.state
        pos = self.pos
        if reason == _D_CUT:
            if rs[_TAIL] and not rs[_ENDED]:  # the damaged records at the end that read as hands
                rs[_OWED] = rs[_TAIL]
                rs[_TAIL] = rs[_PENDING] = 0
                return True
            # a torn last record after them (to the file's end), not unwritten space nor nothing, is damage
            if self.size > self.end and pos >= rs[_SEEN] and not self.blank:
                rs[_SEEN] = self.size
                self.bad(reason)
            return False
        if pos >= rs[_SEEN]:
            rs[_SEEN] = pos + RECORD
            self.bad(reason)
        rs[_PENDING] += 1
        b = self.buf
        op = b[0] >> 5
        number = b[1] << 8 | b[2]
        want = (self.seq + rs[_TAIL] + 1) & 0xFFFF
        syn = crc16(b, 0, 6) ^ (b[6] << 8 | b[7])
        diff = (op << 16 | number) ^ want  # (_OP_HAND is 0) 0: the next hand; more than one bit from it: no
        hand = not diff
        # one flipped bit could decide it (not one of the CRC itself, a syndrome of one bit: op and number as they
        # are): the syndrome names the bit that mends the record, if one does (else no flip makes it the next hand)
        if syn & (syn - 1) and (op == _OP_HAND or number == want or not diff & (diff - 1)):
            bit = _SYNDROME_AT[syn % 79] - 1
            if bit >= 0 and _SYNDROME[2 * bit] << 8 | _SYNDROME[2 * bit + 1] == syn:
                mask = 128 >> (bit & 7)
                b[bit >> 3] ^= mask
                hand = b[0] >> 5 == _OP_HAND and (b[1] << 8 | b[2]) == want
                b[bit >> 3] ^= mask
            else:
                hand = op == _OP_HAND or number == want
        if hand:
            rs[_TAIL] += 1
        return True

    def bad(self, reason=_D_RULES):
        """Count the record just read as damaged (``reason``): kitapi.replay's for a hand the rules cannot unpack."""
        rs = self.state
        rs[_BAD] += 1
        rs[_DROPPED] += RECORD if reason != _D_CUT else self.size - self.end
        d = self.damage
        self.damage = (reason, self.pos, self.line) if d is None or self.pos < d[1] else d[:3]
        self.damage += (rs[_DROPPED], rs[_BAD])

    def mark(self):
        rs = self.state
        return (self.f.tell(), self.line, self.seq, rs[_PENDING], rs[_TAIL], rs[_OWED], rs[_ENDED])

    def mark_record(self):
        """A mark of the record just read (a hand or a correction)."""
        return (self.pos, self.line, self.seq - (self.buf[0] >> 5 == _OP_HAND), 0, 0, 0, self.state[_ENDED])

    def reset(self, mark):
        self.f.seek(mark[0])
        self.line = mark[1]
        self.seq = mark[2]
        self.state[0:4] = mark[3:7]
