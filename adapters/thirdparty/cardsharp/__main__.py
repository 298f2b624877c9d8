"""``python -m adapters.thirdparty.cardsharp``: cardsharp's Durak behind protocol v1 on stdio."""

from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import Any

from adapters.thirdparty.common import (
    WrapperEngine,
    find_checkout,
    implementation,
    run_main,
)

ENV_VAR = "DURAK_CARDSHARP_CHECKOUT"
REPOSITORY = "https://github.com/mmichie/cardsharp"
PROFILES = ("prototype-build10", "howto-durak")
CAPABILITIES = ("deck", "deal", "position", "legal", "turn", "pipeline")


def make_engine(given: str | None) -> WrapperEngine:
    """Protocol engine over the cardsharp checkout (``given`` or ``$DURAK_CARDSHARP_CHECKOUT``)."""
    checkout = find_checkout(
        given,
        ENV_VAR,
        engine="cardsharp",
        repository=REPOSITORY,
        required=["cardsharp/durak/transitions.py", "cardsharp/common/card.py"],
    )
    sys.path.insert(0, str(checkout.path))
    from adapters.thirdparty.cardsharp.table import Api, start

    api = Api.load()
    hello = implementation(
        name="cardsharp-durak",
        version=checkout.commit[:12],
        language="python",
        repository=REPOSITORY,
        commit=checkout.commit,
        profiles=PROFILES,
        capabilities=CAPABILITIES,
        wrapper="adapters.thirdparty.cardsharp",
    )

    def start_table(request: Mapping[str, Any]) -> Any:
        return start(api, request)

    return WrapperEngine(hello, start_table, "cardsharp")


if __name__ == "__main__":
    sys.exit(run_main(make_engine, sys.argv[1:]))
