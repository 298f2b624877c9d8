"""Deck-and-prefix derivations: position scenarios for engines that cannot load a position.

A position scenario starts from a table between bouts (hands, stock, trump, discard pile,
seats out, who attacks).  Real engines rarely load such a table, but almost all accept a
stacked deck.  For every scenario run that starts from a position, this package derives,
ahead of time, a stacked deck plus a short prefix of legal actions that, played from a normal
deal under the run's profile and options, reaches exactly that table:

- :mod:`~durak_conformance.derivation.target`: the table a run starts from (a
  :class:`~durak_conformance.derivation.target.Target`) and its staleness key;
- :mod:`~durak_conformance.derivation.reachability`: the conditions a table must meet to be
  reachable by legal play at all (the feature lint's reasons);
- :mod:`~durak_conformance.derivation.model`: the solver's count-level model of a bout and
  of the drawing that follows it;
- :mod:`~durak_conformance.derivation.planner`: the search for a sequence of bouts;
- :mod:`~durak_conformance.derivation.binding`: which card each seat plays, holds and draws,
  hence the stacked deck;
- :mod:`~durak_conformance.derivation.replay`: playing a derivation on the reference engine
  and comparing the table it reaches with the position start, field by field;
- :mod:`~durak_conformance.derivation.solver`: all of it together (:func:`derive`);
- :mod:`~durak_conformance.derivation.store`: the files beside the features;
- :mod:`~durak_conformance.derivation.collect`: the targets of the suite's position runs.
"""

from __future__ import annotations
