Feature: Compare - the lobby: Ready, computer seats, people and who sets the table
  Where the documents disagree on what a table must satisfy before the cards are dealt: a
  Ready check, how many seats the computer may fill, how many people may sit down, and who
  picks the table's options. Every outline starts its game through the lobby, so the engine
  checks the table's own rules first. The move-hints default of VideoChess has no outline: it
  is a display setting of each player, and nothing in the protocol shows it.

  @id:compare.lobby-ready-check @dimension:start_when_all_ready @rule:videochess.table.ready @rule:videochess.table.bots @rule:durak-challenge.table.bots @rule:ggtables.table.players @rule:prototype-build10.table.bots
  Scenario Outline: Compare dealing a table at which a person has not yet pressed Ready
    VideoChess deals only after every seated person has pressed Ready, the bots being ready at
    all times ("Durak: rules", the table paragraph). None of the other four pages describes a
    Ready step, so their profiles assume no such check: the game is dealt whoever pressed it.
    Given the "<profile>" profile
    And the options are "<options>"
    And the computer seats are "<computer>"
    And the game is started through the lobby
    And <ready>
    And 2 seats
    And the deck starts with "" and ends with A♥
    Then <outcome>

    Examples: a person who is not ready holds the game back
      | profile    | options | computer | ready                         | outcome                                                             |
      | videochess |         | none     | only seat 1 has pressed ready | the engine refuses to start the game because of rule "table.ready" |
      | videochess |         | 2        | only seat 2 has pressed ready | the engine refuses to start the game because of rule "table.ready" |

    Examples: with every person ready the cards are dealt, a bot being ready anyway
      | profile    | options | computer | ready                         | outcome                    |
      | videochess |         | none     | every seat has pressed ready  | the engine deals the table |
      | videochess |         | 2        | only seat 1 has pressed ready | the engine deals the table |

    Examples: no Ready check, the cards are dealt at once
      | profile           | options   | computer | ready                         | outcome                    |
      | durak-challenge   |           | 2        | only seat 2 has pressed ready | the engine deals the table |
      | howto-durak       |           | none     | only seat 1 has pressed ready | the engine deals the table |
      | ggtables          | players=2 | none     | only seat 1 has pressed ready | the engine deals the table |
      | prototype-build10 |           | 2        | only seat 2 has pressed ready | the engine deals the table |

  @id:compare.lobby-bots @dimension:max_bots @rule:videochess.table.bots @rule:durak-challenge.table.bots @rule:durak-challenge.table.duel @rule:prototype-build10.table.bots @rule:prototype-build10.table.duel @rule:prototype-build10.table.debug @rule:ggtables.table.players @rule:howto-durak.deal.deck-sizes
  Scenario Outline: Compare how many seats the computer may fill beside one person
    VideoChess lets bots take up to three of its four seats, with a person in the last one
    ("Durak: rules"). Durak Challenge is you against a single computer ("Object of the
    Game"). The prototype's duel has one computer opponent, its debug test table one to four
    ("Implemented modes"). GGTables never mentions computer players and "How to play Durak"
    has bots only as stand-ins after timeouts, so their profiles assume no bound: one person
    may face the computer in every other seat. Wherever a bound is stated it leaves exactly
    one seat for a person, so one computer more leaves nobody to play, which is refused.
    Given the "<profile>" profile
    And the options are "<options>"
    And the computer seats are "<computer>"
    And the game is started through the lobby
    And <seats> seats
    And the deck starts with "" and ends with A♥
    Then <outcome>

    Examples: up to three bots, and somebody must play
      | profile    | options | seats | computer      | outcome                                                            |
      | videochess |         | 4     | 2, 3 and 4    | the engine deals the table                                         |
      | videochess |         | 4     | 1, 2, 3 and 4 | the engine refuses to start the game because of rule "table.bots" |

    Examples: a single computer opponent
      | profile           | options    | seats | computer | outcome                                                            |
      | durak-challenge   |            | 2     | 2        | the engine deals the table                                         |
      | durak-challenge   |            | 2     | 1 and 2  | the engine refuses to start the game because of rule "table.bots" |
      | prototype-build10 | table=duel | 2     | 2        | the engine deals the table                                         |
      | prototype-build10 | table=duel | 2     | 1 and 2  | the engine refuses to start the game because of rule "table.bots" |

    Examples: one to four computer opponents at the debug table
      | profile           | options     | seats | computer         | outcome                                                            |
      | prototype-build10 | table=debug | 5     | 2, 3, 4 and 5    | the engine deals the table                                         |
      | prototype-build10 | table=debug | 5     | 1, 2, 3, 4 and 5 | the engine refuses to start the game because of rule "table.bots" |

    Examples: no bound stated on computer seats
      | profile     | options   | seats | computer         | outcome                    |
      | ggtables    | players=4 | 4     | 2, 3 and 4       | the engine deals the table |
      | howto-durak | deck=36   | 6     | 2, 3, 4, 5 and 6 | the engine deals the table |

  @id:compare.lobby-humans @dimension:max_humans @dimension:min_humans @rule:videochess.table.seats @rule:videochess.table.bots @rule:ggtables.table.bots @rule:howto-durak.table.bots @rule:durak-challenge.table.bots @rule:durak-challenge.table.duel @rule:prototype-build10.table.bots @rule:prototype-build10.table.unavailable @rule:prototype-build10.table.debug @rule:ggtables.table.players @rule:howto-durak.deal.deck-sizes
  Scenario Outline: Compare how many people may sit at one table
    Durak Challenge pits one player against the computer ("Object of the Game"), and the
    prototype has one person at either of its tables, mixed rooms for several people being
    unfinished ("Implemented modes"). VideoChess fills any of its seats with people, GGTables
    seats two to four people, and "How to play Durak" counts players without a cap on
    people; their profiles therefore put no bound on people at the table. Every profile needs
    one person at least: VideoChess says so ("Durak: rules"), and where a page is silent its
    profile assumes that a person opens the table, so a table of computers is refused.
    Given the "<profile>" profile
    And the options are "<options>"
    And the computer seats are "<computer>"
    And the game is started through the lobby
    And <seats> seats
    And the deck starts with "" and ends with A♥
    Then <outcome>

    Examples: every seat may hold a person
      | profile     | options   | seats | computer | outcome                    |
      | videochess  |           | 4     | none     | the engine deals the table |
      | ggtables    | players=4 | 4     | none     | the engine deals the table |
      | howto-durak | deck=36   | 6     | none     | the engine deals the table |

    Examples: but a table of computers alone is refused
      | profile     | options   | seats | computer   | outcome                                                            |
      | videochess  |           | 2     | 1 and 2    | the engine refuses to start the game because of rule "table.bots" |
      | ggtables    | players=2 | 2     | 1 and 2    | the engine refuses to start the game because of rule "table.bots" |
      | howto-durak |           | 2     | 1 and 2    | the engine refuses to start the game because of rule "table.bots" |

    Examples: only one person plays
      | profile           | options     | seats | computer | outcome                                                            |
      | durak-challenge   |             | 2     | 2        | the engine deals the table                                         |
      | durak-challenge   |             | 2     | none     | the engine refuses to start the game because of rule "table.bots" |
      | prototype-build10 | table=duel  | 2     | 2        | the engine deals the table                                         |
      | prototype-build10 | table=duel  | 2     | none     | the engine refuses to start the game because of rule "table.bots" |
      | prototype-build10 | table=debug | 3     | 2 and 3  | the engine deals the table                                         |
      | prototype-build10 | table=debug | 3     | 3        | the engine refuses to start the game because of rule "table.bots" |

  @id:compare.lobby-options-chosen-by @dimension:options_chosen_by @rule:videochess.table.mode-chooser @rule:videochess.table.bots @rule:howto-durak.table.setup @rule:ggtables.table.settings
  Scenario Outline: Compare which person may set the table's options
    VideoChess leaves the mode to the person in the lowest-numbered seat, a bot's seat not
    counting ("Durak: rules"). "How to play Durak" fixes the options when a table is created
    ("The cards"), and GGTables lets a table pick its players and time, which its profile
    reads as the choice of whoever opens it: there any seat may be the one that chose.
    Durak Challenge has no table options and the prototype seats one person only, so neither
    can show a second person choosing.
    Given the "<profile>" profile
    And the options are "<options>"
    And the computer seats are "<computer>"
    And the game is started through the lobby
    And the mode is chosen by seat <chooser>
    And 3 seats
    And the deck starts with "" and ends with A♥
    Then <outcome>

    Examples: the person in the lowest seat chooses
      | profile    | options        | computer | chooser | outcome                                                                    |
      | videochess | rules=transfer | none     | 1       | the engine deals the table                                                 |
      | videochess | rules=transfer | none     | 3       | the engine refuses to start the game because of rule "table.mode-chooser" |
      | videochess | rules=transfer | 1        | 2       | the engine deals the table                                                 |
      | videochess | rules=transfer | 1        | 3       | the engine refuses to start the game because of rule "table.mode-chooser" |

    Examples: whoever created the table chose
      | profile     | options           | computer | chooser | outcome                    |
      | howto-durak | mode=passing      | none     | 1       | the engine deals the table |
      | howto-durak | mode=passing      | none     | 3       | the engine deals the table |
      | ggtables    | players=3         | none     | 1       | the engine deals the table |
      | ggtables    | players=3         | none     | 3       | the engine deals the table |
