"""Wrapper around cardsharp's Durak (https://github.com/mmichie/cardsharp), run from a checkout.

``python -m adapters.thirdparty.cardsharp --checkout PATH`` (or ``DURAK_CARDSHARP_CHECKOUT``)
speaks protocol v1 on stdio; :mod:`.table` is the translation.  See this folder's README.
"""
