"""Wrapper around lennertcl/durak's game (``website/durak_game``), run from a checkout.

``python -m adapters.thirdparty.lennertcl --checkout PATH`` (or ``DURAK_LENNERTCL_CHECKOUT``)
speaks protocol v1 on stdio; :mod:`.table` is the translation.  See this folder's README.
"""
