"""The browser the recap tests share: one headless Chromium a test module (the site tests
open a fresh one a test, with their own fixture)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.browser.cdp import Browser, chromium


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    program = chromium()
    if program is None:
        pytest.skip("Chromium is not installed (make test installs it)")
    opened = Browser(program)
    try:
        yield opened
    finally:
        opened.close()
