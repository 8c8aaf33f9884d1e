"""``python -m bridgeio`` runs the command line."""

from bridgeio.cli import main

main(prog_name="bridgeio")
