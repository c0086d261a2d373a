r"""Files of lines read as bytes: encodings, line ends and the longest line, a chunk at a time.

Batch sheets, game records, practice logs and ``--from`` files are read so:
whatever the file's encoding (UTF-8 with or without a byte order mark, or
UTF-16 with one) and line ends (LF, CR LF or a CR alone), their readers see
UTF-8 bytes in whole lines ending in LF, and never a line longer than they
can hold.

>>> import io
>>> sheet = "\ufeff5h 5d 5c Js 5s\r\n# old Mac\r2c 4d 6h 8s Jc".encode("utf-16-le")
>>> list(read_chunks(io.BytesIO(sheet)))
[(1, b'5h 5d 5c Js 5s\n# old Mac\n'), (3, b'2c 4d 6h 8s Jc\n')]
"""

from __future__ import annotations

import codecs
from collections.abc import Callable, Iterable, Iterator
from itertools import chain
from typing import BinaryIO

__all__ = [
    "MAX_LINE",
    "CAREFUL_CHUNK_SIZE",
    "count_lines",
    "is_skipped",
    "read_chunks",
]

CAREFUL_CHUNK_SIZE = 1 << 16
"""Bytes read at a time by the careful readers, whose records take more memory a line."""
MAX_LINE = 1 << 16
"""Bytes a line may hold (64 KiB): a longer line is one error record, never held whole."""


def is_skipped(text: str) -> bool:
    """Blank lines and comments hold no hand."""
    stripped = text.strip()
    return not stripped or stripped.startswith("#")


_UTF8_BOM = b"\xef\xbb\xbf"
_UTF16_BOMS = {b"\xff\xfe": "utf-16-le", b"\xfe\xff": "utf-16-be"}


def _recoded(blocks: Iterable[bytes], codec: str) -> Iterator[bytes]:
    """UTF-16 blocks as UTF-8; lone surrogates and a last odd byte stay invalid UTF-8."""
    decoder = codecs.getincrementaldecoder(codec)(errors="surrogatepass")
    for block in blocks:
        yield decoder.decode(block).encode("utf-8", errors="surrogatepass")
    try:
        yield decoder.decode(b"", final=True).encode("utf-8", errors="surrogatepass")
    except UnicodeDecodeError:
        yield b"\xff"  # half a character at the end: that line is not text


def _lf_line_ends(blocks: Iterable[bytes]) -> Iterator[bytes]:
    """The blocks with CR LF and a CR alone (old Mac files) made LF."""
    held = False  # a CR at the end of the last block, which may be half of a CR LF
    for block in blocks:
        if held:
            block = b"\r" + block
        held = block.endswith(b"\r")
        if held:
            block = block[:-1]
        if b"\r" in block:
            block = block.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
        yield block
    if held:
        yield b"\n"


def count_lines(data: bytes) -> int:
    """The newlines in ``data``."""
    return data.count(b"\n")


def read_chunks(
    stream: BinaryIO,
    *,
    size: int = CAREFUL_CHUNK_SIZE,
    longest: int = MAX_LINE,
    count: Callable[[bytes], int] = count_lines,
    lines: int = 0,
) -> Iterator[tuple[int, bytes]]:
    """(Line number of the first line, whole lines each ending in a newline), about ``size``
    bytes at a time, or with ``lines`` about that many lines (up to ``4 * size`` bytes), whose
    arrays take as much memory. A line longer than ``longest`` bytes may be cut to its first
    ``longest + 2`` (still too long) and the rest skipped, so memory holds a chunk and a line."""
    at_a_time = size  # changed as lines are counted (the lambda below reads it when called)
    start = b""
    while len(start) < len(_UTF8_BOM) and (more := stream.read(len(_UTF8_BOM) - len(start))):
        start += more
    blocks: Iterable[bytes] = iter(lambda: stream.read(at_a_time), b"")
    codec = _UTF16_BOMS.get(start[:2])
    if codec is not None:
        # What is not UTF-16 after its byte order mark is not UTF-8 either: only its line fails.
        blocks = _recoded(chain([start[2:]], blocks), codec)
    else:
        blocks = chain([start.removeprefix(_UTF8_BOM)], blocks)
    line = 1
    pending: list[bytes] = []  # what was read since the last newline
    held = 0  # bytes in pending
    skipping = False  # in the rest of a line too long to hold
    for block in _lf_line_ends(blocks):
        if skipping:
            end = block.find(b"\n")
            if end < 0:
                continue
            block, skipping = block[end + 1 :], False
        cut = block.rfind(b"\n") + 1
        if cut:
            data = b"".join([*pending, block[:cut]])
            pending, held = [], 0
            yield line, data
            newlines = count(data)
            line += newlines
            if lines:
                at_a_time = min(max(len(data) * lines // newlines, size), 4 * size)
        pending.append(block[cut:])
        held += len(block) - cut
        if held > longest + 1:
            # Two bytes past the limit: a CR that ends a line is not counted in its length.
            yield line, b"".join(pending)[: longest + 2] + b"\n"
            line += 1
            pending, held, skipping = [], 0, True
    rest = b"".join(pending)
    if rest:
        yield line, rest + b"\n"
