"""The general PBN scanner: games, every tag in order with the section lines after it, each
with its line number and byte offsets, comments understood.

It reads the bytes of a file viewed as Latin-1 text (one character a byte), so that every
offset is a byte offset whatever the file's encoding; values are decoded where they are shown.
Accepted beyond the strict standard: ``%`` and ``;`` comment lines and ``{…}`` comments
anywhere (also over several lines), several tags on one line, spaces inside the brackets,
CRLF, a tag value that runs over a line end (joined, and reported).

>>> found = scan('[Board "1"]\\n[Auction "N"]\\n1NT Pass\\n\\n[Board "2"]\\n')
>>> [(g.line, [(t.name, t.value, t.rows) for t in g.tags]) for g in found.games]
[(1, [('Board', '1', []), ('Auction', 'N', ['1NT Pass'])]), (5, [('Board', '2', [])])]
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

WS = " \t\r\f\v"
"""What PBN counts as white space (not the Latin-1 no-break space: a byte of UTF-8 text)."""
TAG = re.compile(r'\[[ \t]*([A-Za-z0-9_]+)[ \t]*"((?:[^"\\]|\\.)*)"[ \t]*\]')
OPEN_TAG = re.compile(r'\[[ \t]*([A-Za-z0-9_]+)[ \t]*"((?:[^"\\]|\\.)*)$')
_CLOSING = re.compile(r'^((?:[^"\\]|\\.)*)"[ \t]*\]')
_COMMENT = re.compile(r'"(?:[^"\\]|\\.)*"|\{[^}]*\}|\{[^}]*$|;.*')
_PLAIN_LINES = re.compile(r"(?:[ \t]*[^\s%\[{;][^\n\[{;]*\n)+")
"""A run of lines that are only section rows: no tag, comment or blank line (a line with any
of ``[{;`` or starting with ``%`` is left to the line-by-line reading, which knows them)."""
_TAG_LINE = re.compile(r'\[([A-Za-z0-9_]+) "((?:[^"\\\n]|\\[^\n])*)"\]\r?\n')
"""A line that is one tag pair written the usual way and nothing else."""
FAST = True
"""Whether runs of plain lines are read at once (off only to test that this reads the same)."""
BOM = "\xef\xbb\xbf"  # UTF-8's byte-order mark, viewed as Latin-1
MAX_JOINED_LINES = 8  # a tag value may run over at most this many line ends

Notify = Callable[[int, str, str], None]
"""``notify(line, message, severity)``: a problem the scanner found."""


@dataclass(slots=True)
class Row:
    """One line of a section (the lines after a tag): ``raw`` as written without its line
    end, ``text`` without the white space around it."""

    raw: str
    line: int
    start: int
    end: int

    @property
    def text(self) -> str:
        """The line without the white space around it."""
        return self.raw.strip(WS)


@dataclass(slots=True)
class Tag:
    """A tag pair as written: ``value`` is unescaped (``\\"`` and ``\\\\``), ``raw`` is what
    stands between the quotes; ``rows`` are the section lines that follow the tag."""

    name: str
    raw: str
    line: int
    start: int
    value_start: int
    value_end: int
    end: int
    section: list[Row] = field(default_factory=list)
    lines_over: int = 0
    """How many line ends the value runs over (0 for a well-formed tag)."""

    @property
    def value(self) -> str:
        """The value unescaped; one that runs over line ends has its lines joined by spaces."""
        if self.lines_over:
            return " ".join(part.strip(WS) for part in self.raw.split("\n"))
        return unescape(self.raw)

    @property
    def rows(self) -> list[str]:
        """The section lines after the tag, without the white space around each."""
        return [row.text for row in self.section]


@dataclass(slots=True)
class Game:
    """The tags of one game (from a tag after a blank line to the next blank line)."""

    line: int
    start: int
    end: int = 0
    """Offset after the last tag or section line of the game (its line end included)."""
    tags: list[Tag] = field(default_factory=list)

    def first(self, name: str) -> Tag | None:
        """The first tag called ``name`` (a repeated tag is ignored, as the standard says)."""
        for tag in self.tags:
            if tag.name == name:
                return tag
        return None


@dataclass(slots=True)
class Scan:
    """What :func:`scan` found."""

    games: list[Game]
    comments: list[int] = field(default_factory=list)
    """Offsets of the ``{…}`` comments."""
    closed: bool = True
    """A blank line follows the last game (so another game may be written after it)."""


def unescape(raw: str) -> str:
    r"""A tag value as meant: ``\"`` is a quote and ``\\`` a backslash; other backslashes
    (``Denomination\2R``) stay."""
    if "\\" not in raw:
        return raw
    return re.sub(r'\\(["\\])', r"\1", raw)


def escape(value: str) -> str:
    r"""The inverse of :func:`unescape` for a value written anew.

    >>> escape('say "hi"'), unescape(escape('a\\"b'))
    ('say \\"hi\\"', 'a\\"b')
    """
    return re.sub(r'(["]|\\(?=["\\]|$))', r"\\\1", value)


def _uncomment(line: str, in_brace: bool) -> tuple[str, bool, list[int], bool]:
    """``line`` with comments blanked out (offsets kept), whether it held a comment, where
    the ``{`` comments it opens start, and whether one is still open at its end."""
    had, braces = False, []
    if in_brace:
        close = line.find("}")
        if close < 0:
            return " " * len(line), True, [], True
        line, had, in_brace = " " * (close + 1) + line[close + 1 :], True, False
    elif line.lstrip(WS).startswith("%"):
        return " " * len(line), True, [], False
    if "{" not in line and ";" not in line:
        return line, had, [], False
    parts: list[str] = []
    position = 0
    for match in _COMMENT.finditer(line):
        found = match.group(0)
        if found.startswith('"'):
            continue
        parts += [line[position : match.start()], " " * len(found)]
        position, had = match.end(), True
        if found.startswith("{"):
            braces.append(match.start())
            in_brace = not found.endswith("}")
    parts.append(line[position:])
    return "".join(parts), had, braces, in_brace


def scan(text: str, first_line: int = 1, notify: Notify | None = None) -> Scan:
    """The games of PBN text (bytes viewed as Latin-1); problems go to ``notify``."""

    def tell(line: int, message: str, severity: str = "warning") -> None:
        if notify is not None:
            notify(line, message, severity)

    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()  # the end of the text, not an empty line
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line) + 1)
    found = Scan([])
    current: Game | None = None
    in_brace = False
    brace_line = first_line  # the line of the "{" comment still open
    index = 0
    while index < len(lines):
        if FAST and current is not None and current.tags and not in_brace:
            index = _plain_lines(text, lines, starts, index, current, first_line)
            if index == len(lines):
                break
        number, start = first_line + index, starts[index]
        content = lines[index].removesuffix("\r")
        if start == 0 and content.startswith(BOM):
            start, content = len(BOM), content[len(BOM) :]  # the byte-order mark is no text
        index += 1
        if in_brace and "}" not in content and TAG.fullmatch(content.strip(WS)):
            # a whole tag line inside a "{" comment: the "}" was left out (a BridgeComposer
            # file's "{Feasability: ..." comment); the comment ends before the tag
            message = f"a '{{' comment opened at line {brace_line} is not closed before this tag"
            tell(number, f"{message}: read as closed before it", "warning")
            in_brace = False
        was_open = in_brace
        cleaned, had_comment, braces, in_brace = _uncomment(content, in_brace)
        if in_brace and not was_open:
            brace_line = number
        found.comments += [start + b for b in braces]
        if not cleaned.strip(WS):
            if not had_comment and current is not None:
                current, found.closed = None, True
            continue
        tags, rest = _tags(cleaned)
        opened = OPEN_TAG.search(rest) if "[" in rest else None
        joined: Tag | None = None
        if opened is not None:
            joined, used = _joined_tag(text, opened, lines, index, starts, number, start, tell)
            index += used
        elif rest.strip(WS) and (tags or rest.lstrip(WS).startswith("[")):
            tell(
                number,
                f'expected tag pairs like [Name "value"], found {content.strip(WS)!r}',
                "error",
            )
        if not tags and joined is None:
            if current is not None and current.tags:
                row = Row(content, number, start, start + len(content))
                current.tags[-1].section.append(row)
                current.end = starts[index]
            elif opened is None and not rest.lstrip(WS).startswith("["):
                tell(number, "text outside any game (after a blank line, before a tag): ignored")
            continue
        if current is None:
            current = Game(number, start)
            found.games.append(current)
            found.closed = False
        for match in tags:
            current.tags.append(
                Tag(
                    match.group(1),
                    match.group(2),
                    number,
                    start + match.start(),
                    start + match.start(2),
                    start + match.end(2),
                    start + match.end(),
                )
            )
        if joined is not None:
            current.tags.append(joined)
        current.end = starts[index]
    return found


def _plain_lines(
    text: str, lines: list[str], starts: list[int], index: int, game: Game, first_line: int
) -> int:
    """The lines from ``index`` on that are plainly tags (one a line) or section rows (no
    comment, nothing else) added to the game at once, as the line-by-line reading would; the
    index of the first line it has to read."""
    while index < len(lines):
        start = starts[index]
        match = _PLAIN_LINES.match(text, start)
        if match is not None:
            section, end = game.tags[-1].section, match.end()
            while starts[index] < end:
                start, content = starts[index], lines[index].removesuffix("\r")
                section.append(Row(content, first_line + index, start, start + len(content)))
                index += 1
            game.end = end
            continue
        tag = _TAG_LINE.match(text, start)
        if tag is None:
            return index
        value_start, value_end = tag.start(2), tag.end(2)  # (offsets in the text)
        game.tags.append(
            Tag(
                tag.group(1),
                tag.group(2),
                first_line + index,
                start,
                value_start,
                value_end,
                value_end + 2,
            )
        )
        index += 1
        game.end = starts[index]
    return index


def _tags(cleaned: str) -> tuple[list[re.Match[str]], str]:
    """The tag pairs of a line and what is left of it (tags blanked out)."""
    if "[" not in cleaned:
        return [], cleaned
    tags = list(TAG.finditer(cleaned))
    if len(tags) == 1:
        stripped = cleaned.strip(WS)
        if len(stripped) == tags[0].end() - tags[0].start() and cleaned.startswith(
            "[", tags[0].start()
        ):
            return tags, ""  # the common line: one tag and nothing else
    return tags, TAG.sub(lambda m: " " * len(m.group(0)), cleaned)


def _joined_tag(
    text: str,
    opened: re.Match[str],
    lines: list[str],
    index: int,
    starts: list[int],
    number: int,
    start: int,
    tell: Callable[..., None],
) -> tuple[Tag | None, int]:
    """A tag whose value runs over line ends: the tag, and how many more lines it took."""
    for extra in range(1, MAX_JOINED_LINES + 1):
        if index + extra - 1 >= len(lines):
            break
        line = lines[index + extra - 1].removesuffix("\r")
        if not line.strip(WS):
            break
        match = _CLOSING.match(line)
        if match is None:
            continue
        line_start = starts[index + extra - 1]
        value_start, value_end = start + opened.start(2), line_start + match.end(1)
        name = opened.group(1)
        tell(
            number,
            f"the value of the {name} tag runs over {extra} line end(s) "
            f"(to line {number + extra}): read joined",
            "error",
        )
        raw = text[value_start:value_end]
        tag = Tag(
            name,
            raw,
            number,
            start + opened.start(),
            value_start,
            value_end,
            line_start + match.end(),
        )
        tag.lines_over = extra
        return tag, extra
    tell(number, f"the value of the {opened.group(1)} tag has no closing quote: ignored", "error")
    return None, 0


def meaningful_lines(text: str) -> Iterator[tuple[int, str]]:
    """Lines (numbered from 1) that hold more than comments and white space, comments out.

    >>> list(meaningful_lines("% PBN 2.1\\n{ a\\ncomment } [A \\"b\\"]\\n\\n; c\\nhi\\n"))
    [(3, '          [A "b"]'), (6, 'hi')]
    """
    in_brace = False
    for number, line in enumerate(text.removeprefix(BOM).split("\n"), start=1):
        cleaned, _, _, in_brace = _uncomment(line.removesuffix("\r"), in_brace)
        if cleaned.strip(WS):
            yield number, cleaned


def first_text_line(text: str) -> int | None:
    """The number of the first line that holds more than comments and white space.

    >>> first_text_line("% PBN 2.1\\n{ a\\ncomment }\\n\\nhello\\n"), first_text_line("% x\\n")
    (5, None)
    """
    return next((number for number, _ in meaningful_lines(text)), None)
