"""The step library of the conformance features.

``notation`` reads cards, tables and actions as feature files write them; ``driver`` holds
the scenario's table and talks to the adapter; every ``*_steps.py`` module holds step
definitions and is registered by the plugin.
"""
