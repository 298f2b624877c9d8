"""``python -m adapters.thirdparty.rnixik``: rnixik/durak behind protocol v1 on stdio."""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from adapters.thirdparty.common import (
    CheckoutError,
    WrapperEngine,
    find_checkout,
    implementation,
    run_main,
)

ENV_VAR = "DURAK_RNIXIK_CHECKOUT"
DRIVER_VAR = "DURAK_RNIXIK_DRIVER"
DRIVER_NAME = "durak-conformance-driver"
REPOSITORY = "https://github.com/rnixik/durak"
PROFILES = ("howto-durak", "videochess")
CAPABILITIES = ("deck", "position", "legal", "pipeline")


def make_engine(given: str | None) -> WrapperEngine:
    """Protocol engine over an rnixik/durak checkout and the driver built with it."""
    checkout = find_checkout(
        given,
        ENV_VAR,
        engine="rnixik/durak",
        repository=REPOSITORY,
        required=["game.go", "deck.go", "player.go"],
    )
    program = Path(os.environ.get(DRIVER_VAR) or checkout.path / DRIVER_NAME)
    if not os.access(program, os.X_OK):
        raise CheckoutError(
            f"rnixik/durak: no driver program at {str(program)!r}. Build "
            "adapters/thirdparty/rnixik/driver.go with the engine's files in place of its "
            f"main.go (see that folder's README) and point {DRIVER_VAR} at the result."
        )
    from adapters.thirdparty.rnixik.table import ProgramDriver, start

    driver = ProgramDriver(program)
    hello = implementation(
        name="rnixik-durak",
        version=checkout.commit[:12],
        language="go",
        repository=REPOSITORY,
        commit=checkout.commit,
        profiles=PROFILES,
        capabilities=CAPABILITIES,
        wrapper="adapters.thirdparty.rnixik",
    )

    def start_table(request: Mapping[str, Any]) -> Any:
        return start(driver, request)

    return WrapperEngine(hello, start_table, "rnixik/durak")


if __name__ == "__main__":
    sys.exit(run_main(make_engine, sys.argv[1:]))
