"""Every refusal a page can meet, as one sentence for the message bar."""

from __future__ import annotations

from tournament_manager.messages import documents as document_messages
from tournament_manager.messages import services as service_messages
from tournament_manager.services.errors import ServiceError
from tournament_manager.services.ports import NotFound
from tournament_manager.storage.errors import DocumentError

EXPECTED_ERRORS = (ServiceError, NotFound, DocumentError)
"""A write to a read-only file, a full disk mid-event: worded, never a crash report."""


def describe_error(error: Exception) -> str:
    if isinstance(error, DocumentError):
        return document_messages.describe(error)
    if isinstance(error, ServiceError):
        return service_messages.describe(error)
    if isinstance(error, NotFound):
        return service_messages.describe_not_found(error)
    return str(error)
