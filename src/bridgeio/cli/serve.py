"""``bridgeio serve DIR``: run a results site made by ``bridgeio site init``."""

from __future__ import annotations

import click


@click.command()
@click.argument("folder", metavar="DIR")
@click.option("--host", default="127.0.0.1", show_default=True, help="The address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535))
def serve(folder: str, host: str, port: int) -> None:
    """Run the results site in DIR (Ctrl-C stops it): clubs upload, players read."""
    from bridgeio.cli.site import open_site

    found, engine = open_site(folder)
    engine.dispose()
    import uvicorn

    from bridgeio.site.app import application

    click.echo(
        f"bridgeio: serving {found.folder} at http://{host}:{port}/ (Ctrl-C stops)", err=True
    )
    uvicorn.run(application(found), host=host, port=port, log_level="warning", access_log=False)
