"""``python -m adapters.thirdparty.feds01``: feds01/Durak-Engine behind protocol v1 on stdio."""

from __future__ import annotations

import shutil
import sys
from collections.abc import Mapping
from typing import Any

from adapters.thirdparty.common import (
    CheckoutError,
    WrapperEngine,
    find_checkout,
    implementation,
    run_main,
)

ENV_VAR = "DURAK_FEDS01_CHECKOUT"
REPOSITORY = "https://github.com/feds01/Durak-Engine"
PROFILES = ("videochess", "howto-durak")
CAPABILITIES = ("deck", "position", "legal", "pipeline")


def make_engine(given: str | None) -> WrapperEngine:
    """Protocol engine over the Durak-Engine checkout (``given`` or ``$DURAK_FEDS01_CHECKOUT``)."""
    checkout = find_checkout(
        given,
        ENV_VAR,
        engine="Durak-Engine",
        repository=REPOSITORY,
        required=["lib/engine/game.ts", "dist/index.js", "dist/engine/card.js"],
        build_hint="Build it with its own steps: npm install, then the TypeScript compiler "
        "(npx tsc), which writes dist/.",
    )
    node = shutil.which("node")
    if node is None:
        raise CheckoutError("Durak-Engine: the wrapper needs Node.js (node) on PATH")
    from adapters.thirdparty.feds01.table import NodeDriver, start

    driver = NodeDriver(checkout.path, node)
    hello = implementation(
        name="durak-engine-ts",
        version=checkout.commit[:12],
        language="typescript",
        repository=REPOSITORY,
        commit=checkout.commit,
        profiles=PROFILES,
        capabilities=CAPABILITIES,
        wrapper="adapters.thirdparty.feds01",
    )

    def start_table(request: Mapping[str, Any]) -> Any:
        return start(driver, request)

    return WrapperEngine(hello, start_table, "Durak-Engine")


if __name__ == "__main__":
    sys.exit(run_main(make_engine, sys.argv[1:]))
