"""Differential testing: seeded random games played in lockstep on the reference engine and on
the engine under test, compared after every step, with the first divergence shrunk to a short
reproduction (a Gherkin scenario and a protocol transcript).

:mod:`.lockstep` plays and compares, :mod:`.shrink` makes a finding small, :mod:`.render`
writes it out, :mod:`.campaign` runs many seeded games (shards, processes).
"""
