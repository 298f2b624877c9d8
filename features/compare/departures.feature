Feature: Compare - leaving the game and losing the connection
  Where the documents disagree on what a player's departure does: whether it ends the game for
  everybody or only removes the leaver, whether someone still holding cards may leave at all,
  how long a dropped connection is kept open, whether the clocks stop meanwhile, and whether a
  pairs table falls back to every player for themselves.

  @id:compare.departure-ends-game @dimension:departure_ends_game @rule:videochess.departures.stand-up @rule:videochess.game.finished @rule:ggtables.departures.continue @rule:howto-durak.departures.no-leaving @rule:howto-durak.game.finished @rule:prototype-build10.table.debug @rule:prototype-build10.game.finished
  Scenario Outline: Compare a player leaving in the middle of a bout at a table of three
    VideoChess ends the whole game when someone presses Stand Up, and that player loses
    ("Durak: rules"). GGTables lets the others carry on when enough of them remain: the
    resigner's cards and the interrupted bout go out of play and hands are topped up
    ("Finishing, settings and departures"); that the cards land on the discard pile and the
    same starter opens again is the profile's reading (who opens next is ambiguous,
    departure_next_attacker: the GGTables departure scenarios play each reading; here the
    game taking a further departure shows it goes on under either). "How to play Durak" and the
    prototype never say what a departure does to the others, so their profiles assume the game
    ends with the leaver losing; in "How to play Durak" the leaver sits with computer players
    only, since leaving with cards is refused when other people play ("Time to think"). Durak
    Challenge is a duel and cannot seat three (see the next outline).
    Given the "<profile>" profile
    And the options are "<options>"
    And the computer seats are "<computer>"
    And the trump card is 6♥
    And the stock, top first, is "K♥ A♥ Q♥ 6♥"
    And the hands are:
      | seat | hand               |
      | 1    | 9♠ 7♦ 8♣ 9♣ J♣ Q♠  |
      | 2    | 9♦ 10♦ J♦ Q♣ K♣ A♣ |
      | 3    | 7♣ 10♠ J♠ 7♠ 8♠ K♠ |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♦
      seat 2 beats 7♦ with 9♦
      """
    And seat 3 <leaves>
    Then it is accepted
    And seat 3 <leaver>
    And the game <game>
    And <afterwards>
    When <next move>
    Then it is <next bout> by "game.finished" if rejected

    Examples: the game ends and the leaver loses
      | profile           | options                    | computer | leaves           | leaver           | game            | afterwards        | next move              | next bout |
      | videochess        | rules=throw_in, teams=solo | none     | stands up        | loses by forfeit | ends by forfeit | seats 1 and 2 win | seat 1 attacks with 9♠ | rejected  |
      | howto-durak       |                            | 1 and 2  | leaves the table | loses by forfeit | ends by forfeit | seats 1 and 2 win | seat 1 attacks with 9♠ | rejected  |
      | prototype-build10 | table=debug                | 1 and 2  | leaves the table | loses by forfeit | ends by forfeit | seats 1 and 2 win | seat 1 attacks with 9♠ | rejected  |

    Examples: the game goes on without the leaver
      | profile  | options   | computer | leaves  | leaver            | game        | afterwards                                           | next move      | next bout |
      | ggtables | players=3 | none     | resigns | has left the game | is not over | the discard pile includes "7♦ 9♦ 7♣ 10♠ J♠ 7♠ 8♠ K♠" | seat 2 resigns | accepted  |

  @id:compare.departure-blocked-with-cards @dimension:leave_blocked_with_cards @dimension:departure_ends_game @rule:howto-durak.departures.no-leaving @rule:howto-durak.game.finished @rule:videochess.departures.stand-up @rule:videochess.game.finished @rule:ggtables.departures.forfeit @rule:ggtables.game.finished @rule:durak-challenge.departures.leaving-loses @rule:durak-challenge.game.finished @rule:prototype-build10.table.duel @rule:prototype-build10.game.finished
  Scenario Outline: Compare a player who still holds cards trying to leave a duel
    "How to play Durak" refuses to let anyone holding cards leave while another person sits
    at the table ("Time to think"); against the computer only, the same departure goes
    through and costs the game (the profile's reading of what leaving does). VideoChess
    (Stand Up) and Durak Challenge ("Forfeiting a Game") allow leaving and score it as a
    loss. GGTables allows resigning; with just one opponent left the game cannot continue, so
    it ends with the resigner forfeiting. The prototype does not mention leaving; its profile
    follows the common assumption that leaving is allowed and loses the game.
    Given the "<profile>" profile
    And the options are "<options>"
    And the computer seats are "<computer>"
    And the trump card is 6♥
    And the stock is empty
    And the hands are:
      | seat | hand         |
      | 1    | 9♠ 7♦ 8♣ 9♣  |
      | 2    | 9♦ 10♦ J♦ Q♣ |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♦
      seat 2 beats 7♦ with 9♦
      """
    And seat 1 <leaves>
    Then it is <verdict> by "departures.no-leaving" if rejected
    And the game <game>
    When seat 1 throws in 9♠
    Then it is <throw-in> by "game.finished" if rejected
    And <seat 1 after>
    And seat 2 <seat 2 after>

    Examples: leaving with cards is refused while another person plays
      | profile     | options | computer | leaves           | verdict  | game        | throw-in | seat 1 after            | seat 2 after         |
      | howto-durak |         | none     | leaves the table | rejected | is not over | accepted | the table is "7♦/9♦ 9♠" | is still in the game |

    Examples: leaving is allowed and loses the game
      | profile           | options                    | computer | leaves           | verdict  | game            | throw-in | seat 1 after            | seat 2 after |
      | howto-durak       |                            | 2        | leaves the table | accepted | ends by forfeit | rejected | seat 1 loses by forfeit | wins         |
      | videochess        | rules=throw_in, teams=solo | none     | stands up        | accepted | ends by forfeit | rejected | seat 1 loses by forfeit | wins         |
      | ggtables          | players=2                  | none     | resigns          | accepted | ends by forfeit | rejected | seat 1 loses by forfeit | wins         |
      | durak-challenge   |                            | 2        | leaves the table | accepted | ends by forfeit | rejected | seat 1 loses by forfeit | wins         |
      | prototype-build10 |                            | 2        | leaves the table | accepted | ends by forfeit | rejected | seat 1 loses by forfeit | wins         |

  @id:compare.departure-disconnect-grace @dimension:disconnect_grace_seconds @dimension:departure_ends_game @rule:videochess.departures.stand-up @rule:ggtables.departures.forfeit @rule:ggtables.departures.continue @rule:ggtables.timers.disconnect
  Scenario Outline: Compare a dropped connection that is not restored
    VideoChess gives a player who drops out 30 seconds to come back; after that the game is
    over and they lose ("Durak: rules"). GGTables forfeits a player whose return period runs
    out and, with two others still playing, goes on without them ("Finishing, settings and
    departures"); the page names no length, so the profile's return_period option assumes 60
    seconds by default, or 120. "How to play Durak" says nothing about lost connections; its
    profile assumes no return period, so the player keeps the seat however long they are away
    (the move timers run as usual). Durak Challenge and the prototype are left out: the first
    is a duel and cannot seat three, the second is an offline app, neither describes a lost
    connection, and their profiles have no timing at all, so there is no connection to watch.
    Given the "<profile>" profile
    And the options are "<options>"
    And the trump card is 6♥
    And the stock is empty
    And the hands are:
      | seat | hand         |
      | 1    | 9♠ 7♦ 8♣ 9♣  |
      | 2    | 9♦ 10♦ J♦ Q♣ |
      | 3    | 7♣ 10♠ J♠ 7♠ |
    And seat 1 attacks first
    When seat 3 disconnects
    Then it is accepted
    And seat 3 is disconnected
    When <wait> seconds pass
    Then the game is not over
    And seat 3 is disconnected
    When 1 second passes
    Then seat 3 <seat 3 after>
    And the game <game>

    Examples: not back in time: the game ends and the player loses
      | profile    | options                    | wait | seat 3 after     | game            |
      | videochess | rules=throw_in, teams=solo | 29   | loses by forfeit | ends by forfeit |

    Examples: not back in time: the player is removed and the others play on
      | profile  | options                      | wait | seat 3 after      | game        |
      | ggtables | players=3, return_period=60  | 59   | has left the game | is not over |
      | ggtables | players=3, return_period=120 | 119  | has left the game | is not over |

    Examples: no return period: the seat waits for its player
      | profile     | options | wait | seat 3 after    | game        |
      | howto-durak |         | 59   | is disconnected | is not over |

  @id:compare.departure-disconnect-return @dimension:disconnect_grace_seconds @dimension:disconnect_pauses_clock @rule:videochess.departures.stand-up @rule:videochess.timers.action @rule:videochess.timers.timeout-moves @rule:ggtables.timers.disconnect @rule:ggtables.timers.clock @rule:howto-durak.timers.limits @rule:howto-durak.timers.timeout-moves
  Scenario Outline: Compare a player who reconnects in time, and the clocks meanwhile
    A player back within the window keeps their seat in VideoChess (30 seconds) and GGTables
    (the return period), and in "How to play Durak", whose profile assumes there is no window
    at all. Only GGTables says a short disconnection stops the clocks ("Finishing, settings and
    departures"): the thinking time of the player to move stays put until the player who
    dropped out is back. VideoChess ("Durak: rules") and "How to play Durak" ("Time to think")
    never mention pausing their per-move timers, so their profiles assume they keep running;
    the attacker's time runs out after the reconnection and the automatic lead is made. Durak
    Challenge and the prototype are left out, as in the outline before.
    Given the "<profile>" profile
    And the options are "<options>"
    And the trump card is 6♥
    And the stock is empty
    And the hands are:
      | seat | hand         |
      | 1    | 9♠ 7♦ 8♣ 9♣  |
      | 2    | 9♦ 10♦ J♦ Q♣ |
      | 3    | 7♣ 10♠ J♠ 7♠ |
    And seat 1 attacks first
    When seat 3 disconnects
    Then it is accepted
    And the clocks are <clocks>
    When 20 seconds pass
    Then <time check>
    When seat 3 reconnects
    Then it is accepted
    And seat 3 is connected
    And the clocks are running
    When <later> seconds pass
    Then the game is not over
    And seat 3 is connected
    And seat 3 is still in the game
    And <time after>

    Examples: the clocks stop while a player is away
      | profile  | options                                 | clocks | time check                       | later | time after                       |
      | ggtables | players=3, time=300_5, return_period=60 | paused | seat 1's clock shows 300 seconds | 50    | seat 1's clock shows 250 seconds |

    Examples: the move timers keep running
      | profile     | options                    | clocks  | time check                        | later | time after       |
      | videochess  | rules=throw_in, teams=solo | running | seat 1 has 10 seconds left to act | 20    | seat 1 timed out |
      | howto-durak | speed=normal               | running | seat 1 has 10 seconds left to act | 20    | seat 1 timed out |

  @id:compare.departure-pairs-revert @dimension:pairs_revert_to_solo_on_leave @rule:videochess.pairs.full-table @rule:videochess.departures.stand-up @rule:howto-durak.pairs.result @rule:howto-durak.departures.no-leaving
  Scenario Outline: Compare what a pairs table becomes when a player leaves
    Only VideoChess and "How to play Durak" offer pairs. In VideoChess a player standing up
    turns the table back into every player for themselves, and that player's pair loses the
    game ("Durak: rules"). "How to play Durak" describes no such fallback, so its profile keeps
    the table in pairs; its leaver, alone among computer players and so free to go, takes the
    partner down too (the profile's reading of a departure in pairs). GGTables, Durak
    Challenge and the prototype have no pairs.
    Given the "<profile>" profile
    And the options are "<options>"
    And the computer seats are "2, 3 and 4"
    And the trump card is 6♥
    And the stock is empty
    And the hands are:
      | seat | hand        |
      | 1    | 9♠ 7♦ 8♣    |
      | 2    | 9♦ 10♦ J♦   |
      | 3    | 7♣ 10♠ J♠   |
      | 4    | 6♠ 6♦ 6♣    |
    And seat 1 attacks first
    And the game is started through the lobby
    Then the table is set to pairs
    When seat 1 <leaves>
    Then it is accepted
    And the game ends by forfeit
    And seats 1 and 3 lose by forfeit
    And seats 2 and 4 win
    And the table is set to <teams after>

    Examples: back to every player for themselves
      | profile    | options                     | leaves    | teams after                 |
      | videochess | rules=throw_in, teams=pairs | stands up | every player for themselves |

    Examples: the table stays in pairs
      | profile     | options     | leaves           | teams after |
      | howto-durak | teams=pairs | leaves the table | pairs       |
