"""alembic environment, configured in code: no alembic.ini and no fileConfig.

fileConfig can hang a frozen Windows build and would reconfigure the application's logging;
the connection (with foreign keys off) is handed in by `storage.migrate`.
"""

from alembic import context

from tournament_manager.storage.schema import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
