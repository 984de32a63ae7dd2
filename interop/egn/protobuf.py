"""A small Protocol Buffers wire-format reader and writer for EGN's binary files.

EGN's ``.egnb`` files are protobuf messages (schemas/egn.proto, egn-expanded.proto,
egn-common.proto). We read and write the wire format by hand instead of generating code with
``protoc``: the messages are few and small, a build step (and a protobuf runtime dependency)
would be needed only for them, and a hand reader can say *where* an untrusted file goes wrong
(the byte offset and the field path) instead of raising a bare decode error.

Wire format: each field is a varint key ``number << 3 | wire type``; we meet type 0 (varint:
int32, bool, enum) and type 2 (length-delimited: string, nested message, packed repeated
varints); types 1 and 5 (fixed 64/32-bit) are skipped if met. Negative int32 values are ten-byte
varints (two's complement), as protobuf writes them.

Contract: :func:`read_message` returns ``[(field number, wire type, value, offset)]`` or raises
:class:`BinaryError` (a NotationError) naming the byte offset and the path; it never loops
forever and never reads past the buffer. :class:`Writer` builds messages field by field.
"""

from __future__ import annotations

from typing import Iterable

from euchre_records.errors import NotationError

__all__ = ["BinaryError", "Field", "read_message", "Writer", "as_int32", "as_text", "varints"]

Field = tuple[int, int, "int | bytes", int]
"""(field number, wire type, value: an int for varints, bytes for length-delimited, offset)."""


class BinaryError(NotationError):
    """A binary EGN file that cannot be decoded, with the byte offset and the field path."""


def _fail(what: str, path: str, offset: int) -> BinaryError:
    return BinaryError(f"{what} (at byte {offset})", path or "binary")


def _varint(data: bytes, pos: int, path: str) -> tuple[int, int]:
    result = shift = 0
    start = pos
    while True:
        if pos >= len(data):
            raise _fail("the data ends inside a number (truncated file?)", path, start)
        b = data[pos]
        pos += 1
        result |= (b & 0x7F) << shift
        if not b & 0x80:
            return result, pos
        shift += 7
        if shift >= 70:
            raise _fail("a number longer than ten bytes: not protobuf data", path, start)


def read_message(data: bytes, path: str = "", base: int = 0) -> list[Field]:
    """The fields of one message, in the order written (``base``: offset of ``data`` in the file)."""
    out: list[Field] = []
    pos = 0
    while pos < len(data):
        start = pos
        key, pos = _varint(data, pos, path)
        number, wire = key >> 3, key & 7
        if number == 0:
            raise _fail("field number 0: not protobuf data", path, base + start)
        if wire == 0:
            value, pos = _varint(data, pos, path)
            out.append((number, wire, value, base + start))
        elif wire == 2:
            length, pos = _varint(data, pos, path)
            if length > len(data) - pos:
                raise _fail(f"field {number} claims {length} bytes, only {len(data) - pos} remain",
                            path, base + start)
            out.append((number, wire, data[pos:pos + length], base + pos))
            pos += length
        elif wire in (1, 5):
            size = 8 if wire == 1 else 4
            if size > len(data) - pos:
                raise _fail(f"field {number} is cut off", path, base + start)
            pos += size
        else:
            raise _fail(f"wire type {wire} of field {number} is not protobuf data", path, base + start)
    return out


def as_int32(value: int | bytes, path: str, offset: int) -> int:
    """A varint as a signed 32-bit integer (negative numbers come as 64-bit two's complement)."""
    if not isinstance(value, int):
        raise _fail("expected a number, found a length-delimited field", path, offset)
    value &= (1 << 64) - 1
    if value >= 1 << 63:
        value -= 1 << 64
    if not -(1 << 31) <= value < 1 << 31:
        raise _fail(f"{value} does not fit a 32-bit integer", path, offset)
    return value


def as_text(value: int | bytes, path: str, offset: int) -> str:
    if not isinstance(value, bytes):
        raise _fail("expected text, found a number", path, offset)
    try:
        return value.decode("utf-8")
    except UnicodeDecodeError:
        raise _fail("text that is not UTF-8", path, offset) from None


def varints(value: int | bytes, path: str, offset: int) -> list[int]:
    """A repeated int32 field's value: one varint, or a packed run of them."""
    if isinstance(value, int):
        return [as_int32(value, path, offset)]
    out: list[int] = []
    pos = 0
    while pos < len(value):
        v, pos = _varint(value, pos, path)
        out.append(as_int32(v, path, offset))
    return out


class Writer:
    """Builds one message: ``w.varint(1, 5).text(2, "x").message(3, other)``; ``bytes(w)``."""

    def __init__(self) -> None:
        self._parts: list[bytes] = []

    @staticmethod
    def _varint(value: int) -> bytes:
        if value < 0:
            value += 1 << 64
        out = bytearray()
        while True:
            byte = value & 0x7F
            value >>= 7
            if value:
                out.append(byte | 0x80)
            else:
                out.append(byte)
                return bytes(out)

    def varint(self, number: int, value: int) -> Writer:
        self._parts.append(self._varint(number << 3) + self._varint(value))
        return self

    def flag(self, number: int, value: bool) -> Writer:
        return self.varint(number, 1 if value else 0)

    def raw(self, number: int, data: bytes) -> Writer:
        self._parts.append(self._varint(number << 3 | 2) + self._varint(len(data)) + data)
        return self

    def text(self, number: int, value: str) -> Writer:
        return self.raw(number, value.encode("utf-8"))

    def message(self, number: int, sub: Writer) -> Writer:
        return self.raw(number, bytes(sub))

    def texts(self, number: int, values: Iterable[str]) -> Writer:
        for v in values:
            self.text(number, v)
        return self

    def __bytes__(self) -> bytes:
        return b"".join(self._parts)
