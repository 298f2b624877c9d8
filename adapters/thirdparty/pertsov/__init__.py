"""Wrapper around maximpertsov/durak-sockets' engine (``lib/durak``), run from a checkout.

``python -m adapters.thirdparty.pertsov --checkout PATH`` (or ``DURAK_PERTSOV_CHECKOUT``)
speaks protocol v1 on stdio; :mod:`.table` is the translation.  See this folder's README.
"""
