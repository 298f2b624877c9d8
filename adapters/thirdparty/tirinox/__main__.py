"""``python -m adapters.thirdparty.tirinox``: tirinox/durakmq behind protocol v1 on stdio."""

from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import Any

from adapters.thirdparty.common import WrapperEngine, find_checkout, implementation, run_main

ENV_VAR = "DURAK_TIRINOX_CHECKOUT"
REPOSITORY = "https://github.com/tirinox/durakmq"
PROFILES = ("durak-challenge", "prototype-build10")
CAPABILITIES = ("deck", "deal", "position", "legal", "pipeline")


def make_engine(given: str | None) -> WrapperEngine:
    """Protocol engine over a tirinox/durakmq checkout (``given`` or the variable)."""
    checkout = find_checkout(
        given,
        ENV_VAR,
        engine="tirinox/durakmq",
        repository=REPOSITORY,
        required=["durak.py"],
    )
    sys.path.insert(0, str(checkout.path))
    from adapters.thirdparty.tirinox.table import Api, start

    api = Api.load()
    hello = implementation(
        name="durakmq",
        version=checkout.commit[:12],
        language="python",
        repository=REPOSITORY,
        commit=checkout.commit,
        profiles=PROFILES,
        capabilities=CAPABILITIES,
        wrapper="adapters.thirdparty.tirinox",
    )

    def start_table(request: Mapping[str, Any]) -> Any:
        return start(api, request)

    return WrapperEngine(hello, start_table, "tirinox/durakmq")


if __name__ == "__main__":
    sys.exit(run_main(make_engine, sys.argv[1:]))
