"""The head judge of the test events: a name and a passphrase set through the service."""

from __future__ import annotations

from tournament_manager.services.head_judge import HeadJudgeCredential, set_head_judge
from tournament_manager.storage.document import Document

NAME = "Ada Judge"
PASSPHRASE = "correct horse battery"
CREDENTIAL = HeadJudgeCredential(PASSPHRASE)


def name_head_judge(document: Document) -> HeadJudgeCredential:
    set_head_judge(document.unit_of_work(), NAME, PASSPHRASE)
    return CREDENTIAL
