"""The error types every reader and writer raises."""

from __future__ import annotations

import os


class FormatError(ValueError):
    """A file is not what it claims to be: names the file, the place and what was expected.

    >>> e = FormatError("bad.zrd", "record 3 at byte 69", "23 bytes, found 5")
    >>> str(e)
    'bad.zrd: record 3 at byte 69: expected 23 bytes, found 5'
    """

    def __init__(self, file: str | os.PathLike | None, place: str, expected: str) -> None:
        self.file = os.fspath(file) if file is not None else "<data>"
        self.place = place
        self.expected = expected
        super().__init__(f"{self.file}: {place}: expected {expected}")


class ConversionError(ValueError):
    """The source holds too little for the target format (for example a ZRD from deals alone).

    >>> str(ConversionError("zrd", "double-dummy tricks", "zbd"))
    'cannot write zrd: it needs double-dummy tricks, which the zbd source does not hold'
    """

    def __init__(self, target: str, missing: str, source: str | None = None) -> None:
        self.target = target
        self.missing = missing
        where = f"the {source} source" if source else "the source"
        super().__init__(f"cannot write {target}: it needs {missing}, which {where} does not hold")
