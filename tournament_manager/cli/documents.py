"""Opening documents and calling services from a command, with errors as one clear line."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tournament_manager.cli.errors import CliError
from tournament_manager.messages import documents as document_messages
from tournament_manager.messages import services as service_messages
from tournament_manager.services.errors import ServiceError
from tournament_manager.services.ports import NotFound
from tournament_manager.storage.document import Document, create_document, open_document
from tournament_manager.storage.errors import DocumentError


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn the known failures of documents and services into `CliError`s."""
    try:
        yield
    except DocumentError as error:
        raise CliError(document_messages.describe(error)) from error
    except ServiceError as error:
        raise CliError(service_messages.describe(error)) from error
    except NotFound as error:
        raise CliError(service_messages.describe_not_found(error)) from error


@contextmanager
def opened(path: Path, *, read_only: bool = False, create: bool = False) -> Iterator[Document]:
    """An open document for one command; a document created for a command that then
    fails is removed again, so a refused `new` leaves no half-made file behind."""
    with user_errors():
        document = create_document(path) if create else open_document(path, read_only=read_only)
        try:
            yield document
        except BaseException:
            document.close(backup=False)
            if create:
                document.discard_files()
            raise
        document.close(backup=not read_only)
