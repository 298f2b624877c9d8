"""Wrappers that put existing open-source Durak engines behind the JSON action protocol.

Each wrapper is a thin program (``python -m adapters.thirdparty.<engine>_engine``) that drives
the engine library step by step and speaks protocol v1 on stdin/stdout; ``registry`` names
them for the ``durak_conformance.adapters`` entry-point group.  docs/third-party-engines.md
says what each one claims and what the suite found.
"""
