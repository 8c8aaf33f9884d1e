"""A small Chrome DevTools Protocol client: headless Chromium started with a fresh profile, one
tab driven over the browser's websocket (flat sessions), and what the tab reported (console
errors, exceptions, requests, dialogs) collected as it goes."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

import websocket

FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--remote-debugging-port=0",
]


def chromium() -> str | None:
    """The Chromium program, if installed."""
    return shutil.which("chromium") or shutil.which("chromium-browser")


class Browser:
    """Headless Chromium and one tab; :meth:`close` ends both and removes the profile."""

    def __init__(self, program: str, width: int = 1280, height: int = 900) -> None:
        self.profile = tempfile.mkdtemp(prefix="bridgeio-chromium-")
        self.process = subprocess.Popen(
            [program, *FLAGS, f"--user-data-dir={self.profile}", f"--window-size={width},{height}"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        self.socket = websocket.create_connection(self._address(), timeout=30, suppress_origin=True)
        self.next_id = 0
        self.events: list[dict[str, Any]] = []
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        attached = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})
        self.session = attached["sessionId"]
        for domain in ("Page", "Runtime", "Log", "Network"):
            self.call(f"{domain}.enable", session=self.session)

    def _address(self) -> str:
        """The browser's websocket, from the port file Chromium writes in its profile."""
        port_file = Path(self.profile) / "DevToolsActivePort"
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if port_file.exists():
                lines = port_file.read_text().split()
                if len(lines) == 2:
                    return f"ws://127.0.0.1:{lines[0]}{lines[1]}"
            if self.process.poll() is not None:
                raise RuntimeError(f"chromium exited with status {self.process.returncode}")
            time.sleep(0.05)
        raise RuntimeError("chromium did not open its DevTools port in 30 s")

    def call(self, method: str, params: dict[str, Any] | None = None, session: str = "") -> Any:
        """Send a command and wait for its answer, keeping the events that come meanwhile."""
        self.next_id += 1
        message: dict[str, Any] = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        self.socket.send(json.dumps(message))
        while True:
            answer = json.loads(self.socket.recv())
            if answer.get("id") == self.next_id:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                return answer.get("result", {})
            if "method" in answer:
                self._keep(answer)

    def _keep(self, event: dict[str, Any]) -> None:
        """Keep an event; a dialog (which would stop the page) is noted and dismissed."""
        self.events.append(event)
        if event["method"] == "Page.javascriptDialogOpening":
            self.next_id += 1
            message = {"id": self.next_id, "method": "Page.handleJavaScriptDialog"}
            message |= {"params": {"accept": True}, "sessionId": self.session}
            self.socket.send(json.dumps(message))  # its answer is read and passed over

    def tab(self, method: str, params: dict[str, Any] | None = None) -> Any:
        """A command to the tab."""
        return self.call(method, params, self.session)

    def wait_for(self, method: str, timeout: float = 30) -> dict[str, Any]:
        """The first event ``method`` not yet taken (waiting for it)."""
        deadline = time.monotonic() + timeout
        while True:
            for index, event in enumerate(self.events):
                if event["method"] == method:
                    return self.events.pop(index)
            self.socket.settimeout(max(0.01, deadline - time.monotonic()))
            try:
                self._keep(json.loads(self.socket.recv()))
            except websocket.WebSocketTimeoutException:
                raise TimeoutError(method) from None
            finally:
                self.socket.settimeout(30)

    def open(self, url: str) -> list[dict[str, Any]]:
        """Load ``url`` and return what the tab reported while loading it."""
        self.events.clear()
        self.tab("Page.navigate", {"url": url})
        self.wait_for("Page.loadEventFired")
        self.evaluate("0")  # the load's own events are in by the time an evaluation answers
        return list(self.events)

    def evaluate(self, expression: str) -> Any:
        """The value of a JavaScript expression in the page (JSON-able values)."""
        found = self.tab("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        if "exceptionDetails" in found:
            raise RuntimeError(f"the page's script failed: {found['exceptionDetails']}")
        return found["result"].get("value")

    def click(self, x: float, y: float) -> None:
        """A real mouse click (press and release) at viewport coordinates."""
        for kind in ("mousePressed", "mouseReleased"):
            self.tab(
                "Input.dispatchMouseEvent",
                {"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1},
            )

    def viewport(self, width: int, height: int, mobile: bool = False) -> None:
        """Lay the tab out as a screen ``width`` by ``height`` CSS pixels (a phone: ``mobile``,
        which honours the page's viewport meta tag); 0 and 0 undo it."""
        if not width:
            self.tab("Emulation.clearDeviceMetricsOverride")
            return
        metrics = {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile}
        self.tab("Emulation.setDeviceMetricsOverride", metrics)

    def media(self, kind: str) -> None:
        """Apply the style sheet's rules for ``kind`` (``"print"``; ``""``: the screen's)."""
        self.tab("Emulation.setEmulatedMedia", {"media": kind})

    def pdf(self) -> bytes:
        """The page printed as PDF (A4, the page's print style)."""
        import base64

        done = self.tab("Page.printToPDF", {"paperWidth": 8.27, "paperHeight": 11.69})
        return base64.b64decode(done["data"])

    def screenshot(self) -> bytes:
        """The whole page as PNG."""
        import base64

        done = self.tab("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True})
        return base64.b64decode(done["data"])

    def close(self) -> None:
        """End Chromium and remove its profile."""
        try:
            self.socket.close()
        finally:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
            shutil.rmtree(self.profile, ignore_errors=True)


def pdf_pages(pdf: bytes) -> int:
    """The number of pages of a PDF (Chromium's: its page tree's count)."""
    counts = [int(n) for n in re.findall(rb"/Type\s*/Pages\b[^>]*?/Count\s+(\d+)", pdf)]
    counts += [int(n) for n in re.findall(rb"/Count\s+(\d+)[^>]*?/Type\s*/Pages\b", pdf)]
    if not counts:
        raise ValueError("no page tree found in the PDF")
    return max(counts)


def problems(events: list[dict[str, Any]], page: str) -> list[str]:
    """What a page must not do: console errors (a blocked script or style is one), uncaught
    exceptions, dialogs, requests for anything but the page itself."""
    found = []
    for event in events:
        method, params = event["method"], event.get("params", {})
        if method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
            found.append(f"console {params['type']}")
        elif method == "Log.entryAdded" and params["entry"]["level"] == "error":
            found.append(f"log error: {params['entry'].get('text', '')[:200]}")
        elif method == "Runtime.exceptionThrown":
            found.append("exception")
        elif method == "Page.javascriptDialogOpening":
            found.append(f"dialog: {params.get('message')}")
        elif method == "Network.requestWillBeSent" and params["request"]["url"] != page:
            found.append(f"request: {params['request']['url'][:80]}")
    return found
