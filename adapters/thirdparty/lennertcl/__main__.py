"""``python -m adapters.thirdparty.lennertcl``: lennertcl/durak behind protocol v1 on stdio."""

from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import Any

from adapters.thirdparty.common import WrapperEngine, find_checkout, implementation, run_main

ENV_VAR = "DURAK_LENNERTCL_CHECKOUT"
REPOSITORY = "https://github.com/lennertcl/durak"
PROFILES = ("prototype-build10", "durak-challenge")
CAPABILITIES = ("deck", "deal", "position", "legal", "pipeline")


def make_engine(given: str | None) -> WrapperEngine:
    """Protocol engine over a lennertcl/durak checkout (``given`` or the variable)."""
    checkout = find_checkout(
        given,
        ENV_VAR,
        engine="lennertcl/durak",
        repository=REPOSITORY,
        required=["website/durak_game/durak.py", "website/durak_game/deck.py"],
    )
    sys.path.insert(0, str(checkout.path / "website"))
    from adapters.thirdparty.lennertcl.table import Api, start

    api = Api.load()
    hello = implementation(
        name="lennertcl-durak",
        version=checkout.commit[:12],
        language="python",
        repository=REPOSITORY,
        commit=checkout.commit,
        profiles=PROFILES,
        capabilities=CAPABILITIES,
        wrapper="adapters.thirdparty.lennertcl",
    )

    def start_table(request: Mapping[str, Any]) -> Any:
        return start(api, request)

    return WrapperEngine(hello, start_table, "lennertcl/durak")


if __name__ == "__main__":
    sys.exit(run_main(make_engine, sys.argv[1:]))
