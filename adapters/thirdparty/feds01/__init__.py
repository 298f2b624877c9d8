"""Wrapper around feds01/Durak-Engine (TypeScript), run from a built checkout.

``python -m adapters.thirdparty.feds01 --checkout PATH`` (or ``DURAK_FEDS01_CHECKOUT``)
speaks protocol v1 on stdio; the engine runs in Node behind ``driver.js`` and
:mod:`.table` is the translation.  See this folder's README.
"""
