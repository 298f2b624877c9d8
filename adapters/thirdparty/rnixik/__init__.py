"""Wrapper around rnixik/durak (Go), run from a checkout and a driver built with it.

``python -m adapters.thirdparty.rnixik --checkout PATH`` (or ``DURAK_RNIXIK_CHECKOUT``; the
built driver at ``DURAK_RNIXIK_DRIVER``, by default ``CHECKOUT/durak-conformance-driver``)
speaks protocol v1 on stdio; ``driver.go`` calls the engine and :mod:`.table` is the
translation.  See this folder's README.
"""
