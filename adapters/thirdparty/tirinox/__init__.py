"""Wrapper around tirinox/durakmq's game (``durak.py``), run from a checkout.

``python -m adapters.thirdparty.tirinox --checkout PATH`` (or ``DURAK_TIRINOX_CHECKOUT``)
speaks protocol v1 on stdio; :mod:`.table` is the translation.  See this folder's README.
"""
