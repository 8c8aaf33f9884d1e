"""Posted forms read as they arrive: a multipart upload's file goes straight into the site's
store, hashed on the way, and a body past the limit is refused before it is kept whole
(nothing of it stays); the other fields are short text.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from urllib.parse import parse_qsl

from bridgeio.site.storage import Incoming, Store, TooLarge

FIELD_BYTES = 64 * 1024
"""The most a form's text field may hold."""


class BodyRefused(Exception):
    """A request body past its limit (413) or too slow to come (408): :mod:`~bridgeio.site.app`
    counts and times every body before a handler reads it."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


class BadForm(ValueError):
    """A body that is not the form it claims to be."""


@dataclass
class Form:
    """A posted form: its text fields, and its file (received into the store's folder)."""

    fields: dict[str, str] = field(default_factory=dict)
    file: Incoming | None = None
    filename: str = ""

    def discard(self) -> None:
        """Drop the received file (the form was refused)."""
        if self.file is not None:
            self.file.discard()


@dataclass
class _Part:
    name: str = ""
    filename: str | None = None
    data: bytearray = field(default_factory=bytearray)


async def read_form(
    content_type: str, chunks: AsyncIterator[bytes], store: Store, limit: int
) -> Form:
    """The form of a body (``multipart/form-data`` or URL-encoded) of at most ``limit``
    bytes of file and :data:`FIELD_BYTES` a field; :class:`TooLarge` past them."""
    from python_multipart.multipart import parse_options_header

    kind, options = parse_options_header(content_type)
    if not kind:  # no form at all (a button's post with nothing in it)
        async for chunk in chunks:
            if chunk:
                raise BadForm("a body that is not a form")
        return Form()
    if kind == b"application/x-www-form-urlencoded":
        body = bytearray()
        async for chunk in chunks:
            body += chunk
            if len(body) > FIELD_BYTES:
                raise TooLarge(f"a form of more than {FIELD_BYTES} bytes")
        return Form(dict(parse_qsl(body.decode("utf-8", "replace"), keep_blank_values=True)))
    if kind != b"multipart/form-data" or b"boundary" not in options:
        raise BadForm("expected a form (multipart/form-data)")
    return await _multipart(options[b"boundary"], chunks, store, limit)


async def _multipart(
    boundary: bytes, chunks: AsyncIterator[bytes], store: Store, limit: int
) -> Form:
    from python_multipart.multipart import MultipartParser, parse_options_header

    form = Form()
    part = _Part()
    header: list[bytes] = [b"", b""]
    headers: dict[bytes, bytes] = {}

    def begin() -> None:
        nonlocal part
        part = _Part()
        headers.clear()

    def header_field(data: bytes, start: int, end: int) -> None:
        header[0] += data[start:end]

    def header_value(data: bytes, start: int, end: int) -> None:
        header[1] += data[start:end]

    def header_end() -> None:
        headers[header[0].lower()] = header[1]
        header[0], header[1] = b"", b""

    def headers_done() -> None:
        _, found = parse_options_header(headers.get(b"content-disposition", b""))
        part.name = found.get(b"name", b"").decode("utf-8", "replace")
        if b"filename" in found and part.name == "file" and form.file is None:
            part.filename = found[b"filename"].decode("utf-8", "replace")
            form.file = store.incoming()
            form.file.limit = limit
            form.filename = part.filename

    def data(data: bytes, start: int, end: int) -> None:
        if part.filename is not None and form.file is not None:
            form.file.write(data[start:end])
        elif part.filename is None:
            part.data += data[start:end]
            if len(part.data) > FIELD_BYTES:
                raise TooLarge(f"a field of more than {FIELD_BYTES} bytes")

    def end() -> None:
        if part.filename is None and part.name:
            form.fields[part.name] = part.data.decode("utf-8", "replace")

    ended = []

    def finished() -> None:
        ended.append(True)

    callbacks = dict(
        on_part_begin=begin,
        on_header_field=header_field,
        on_header_value=header_value,
        on_header_end=header_end,
        on_headers_finished=headers_done,
        on_part_data=data,
        on_part_end=end,
        on_end=finished,
    )
    parser = MultipartParser(boundary, callbacks)  # type: ignore[arg-type]
    try:
        async for chunk in chunks:
            parser.write(chunk)
        parser.finalize()
        if not ended:  # cut before its closing boundary: a part of a file, not a file
            raise BadForm("the form ends before its closing boundary (the upload was cut)")
    except TooLarge:
        form.discard()
        raise
    except (BadForm, BodyRefused):
        form.discard()
        raise
    except Exception as error:  # the parser's own errors: a damaged body
        form.discard()
        raise BadForm(f"a damaged form: {error}") from None
    return form
