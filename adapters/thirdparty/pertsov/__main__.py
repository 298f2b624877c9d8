"""``python -m adapters.thirdparty.pertsov``: durak-sockets' engine behind protocol v1."""

from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import Any

from adapters.thirdparty.common import WrapperEngine, find_checkout, implementation, run_main

ENV_VAR = "DURAK_PERTSOV_CHECKOUT"
REPOSITORY = "https://github.com/maximpertsov/durak-sockets"
PROFILES = ("howto-durak", "videochess")
CAPABILITIES = ("deal", "position", "legal", "pipeline")


def make_engine(given: str | None) -> WrapperEngine:
    """Protocol engine over a durak-sockets checkout (``given`` or ``$DURAK_PERTSOV_CHECKOUT``)."""
    checkout = find_checkout(
        given,
        ENV_VAR,
        engine="durak-sockets",
        repository=REPOSITORY,
        required=["lib/durak/__init__.py", "lib/durak/game/__init__.py"],
    )
    sys.path.insert(0, str(checkout.path))
    from adapters.thirdparty.pertsov.table import Api, start

    api = Api.load()
    hello = implementation(
        name="durak-sockets",
        version=checkout.commit[:12],
        language="python",
        repository=REPOSITORY,
        commit=checkout.commit,
        profiles=PROFILES,
        capabilities=CAPABILITIES,
        wrapper="adapters.thirdparty.pertsov",
    )

    def start_table(request: Mapping[str, Any]) -> Any:
        return start(api, request)

    return WrapperEngine(hello, start_table, "durak-sockets")


if __name__ == "__main__":
    sys.exit(run_main(make_engine, sys.argv[1:]))
