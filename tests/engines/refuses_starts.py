"""Refuses (``illegal``) every ``start`` of a triggering game, as if it read the rules another
way; it plays everything else as the reference engine does."""

from __future__ import annotations

from _common import Reply, Request, serve, write


def refuse(request: Request, reply: Reply) -> bool:
    write(
        {
            "id": request.get("id"),
            "ok": False,
            "error": {
                "code": "illegal",
                "message": "refuses_starts: this engine will not deal this table",
                "clause": "durak-challenge.deal.hands",
            },
        }
    )
    return True


serve("refuses_starts", refuse, commands=frozenset({"start"}))
