"""``bridgeio serve DIR``: run a results site made by ``bridgeio site init``."""

from __future__ import annotations

import socket

import click

from bridgeio.cli.status import Failure


@click.command()
@click.argument("folder", metavar="DIR")
@click.option("--host", default="127.0.0.1", show_default=True, help="The address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535))
def serve(folder: str, host: str, port: int) -> None:
    """Run the results site in DIR (Ctrl-C stops it): clubs upload, players read."""
    from bridgeio.cli.site import open_site

    found, engine = open_site(folder)
    engine.dispose()
    _can_listen(host, port)
    import uvicorn

    from bridgeio.site.app import application

    click.echo(
        f"bridgeio: serving {found.folder} at http://{host}:{port}/ (Ctrl-C stops)", err=True
    )
    uvicorn.run(
        application(found),
        host=host,
        port=port,
        log_level="warning",
        access_log=False,
        # X-Forwarded-For only from the proxies site.json names (none: never)
        proxy_headers=bool(found.proxies),
        forwarded_allow_ips=found.proxies or None,
    )


def _can_listen(host: str, port: int) -> None:
    """Said in one line when the address is taken or not this machine's."""
    try:
        with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((host, port))
    except OSError as error:
        raise Failure(f"cannot listen on {host}:{port}: {error.strerror or error}") from None
