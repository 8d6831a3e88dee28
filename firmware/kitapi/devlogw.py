"""Writing the device log (its layout is in kitapi.devlog and docs/log-format.md).

Appending on the device: ``write_record`` into a preallocated buffer, then
``f.flush()`` (littlefs commits the file on flush) before the screen calls
the hand committed.
"""

from kitapi.devlog import MAGIC, VERSION, crc16


def header_bytes(header):
    """The file's header for a header dict (written once, when the game starts)."""
    from kitapi.jsonw import header_json

    body = header_json(header).encode()
    pre = bytearray(9)
    pre[0:4] = MAGIC
    pre[4] = VERSION
    pre[5] = len(body) >> 8
    pre[6] = len(body) & 255
    c = crc16(pre, 0, 7)
    pre[7] = c >> 8
    pre[8] = c & 255
    c = crc16(body, 0, len(body))
    return bytes(pre) + body + bytes((c >> 8, c & 255))


def write_record(f, buf, op, number, payload):
    """Append one record through ``buf`` (a bytearray(8), reused); the caller flushes."""
    buf[0] = op << 5 | payload >> 24
    buf[1] = number >> 8 & 255
    buf[2] = number & 255
    buf[3] = payload >> 16 & 255
    buf[4] = payload >> 8 & 255
    buf[5] = payload & 255
    c = crc16(buf, 0, 6)
    buf[6] = c >> 8
    buf[7] = c & 255
    f.write(buf)
