"""Alembic's entry: run the migrations on the connection :func:`bridgeio.site.db.migrate`
hands over (no alembic.ini: the site's folder says where its database is)."""

from alembic import context

if hasattr(context, "config"):  # only when Alembic runs this file (not when it is imported)
    context.configure(connection=context.config.attributes["connection"], target_metadata=None)
    with context.begin_transaction():
        context.run_migrations()
