Feature: Compare - when and in what order cards are thrown in, and by whom
  Where the documents disagree on adding cards while earlier ones are unbeaten, on the order
  among throwers, on the neighbours-only option and on the defender's partner in pairs.

  @id:compare.throw-in-before-beat @dimension:throw_in_timing @rule:durak-challenge.throw-in.after-defence @rule:prototype-build10.throw-in.after-defence @rule:ggtables.throw-in.order @rule:videochess.throw-in.any-time @rule:howto-durak.throw-in.any-time
  Scenario Outline: Compare adding a second card before the first is beaten
    Durak Challenge adds a card each time the previous one is defended, and the prototype plays
    attack and defence one card at a time; GGTables adds cards only after each defence. In
    VideoChess and "How to play Durak" cards may go in while others still lie unbeaten.
    Given the "<profile>" profile
    And the options are "<options>"
    And the computer seats are "<computer>"
    And the trump card is 6♥
    And the stock, top first, is "A♣ 6♥"
    And the hands are:
      | seat | hand               |
      | 1    | 7♠ 7♦ 9♣ J♠ Q♦ K♣  |
      | 2    | 8♠ 8♦ 9♠ 10♦ J♣ Q♣ |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      """
    And seat 1 throws in 7♦
    Then it is <verdict> by "<clause>" if rejected
    And the table is "<table>"

    Examples: one card at a time
      | profile           | options   | computer | verdict  | clause                  | table |
      | durak-challenge   |           | 2        | rejected | throw-in.after-defence  | 7♠    |
      | prototype-build10 |           | none     | rejected | throw-in.after-defence  | 7♠    |
      | ggtables          | players=2 | none     | rejected | throw-in.order          | 7♠    |

    Examples: while cards lie unbeaten
      | profile     | options | computer | verdict  | clause | table |
      | videochess  |         | none     | accepted | -      | 7♠ 7♦ |
      | howto-durak |         | none     | accepted | -      | 7♠ 7♦ |

  @id:compare.throw-in-order-starter @dimension:throw_in_order @rule:videochess.throw-in.order @rule:ggtables.throw-in.order @rule:howto-durak.throw-in.any-time @rule:prototype-build10.throw-in.who
  Scenario Outline: Compare a third player throwing in before the attacker has finished
    VideoChess lets only the bout's starter throw in until they are done; GGTables goes round
    from the principal attacker, one card or a pass each; "How to play Durak" lets anyone
    eligible add at any moment, and the prototype's debug table sets no order.
    Given the "<profile>" profile
    And the options are "<options>"
    And the trump card is 6♥
    And the stock, top first, is "A♣ 6♥"
    And the hands are:
      | seat | hand               |
      | 1    | 7♠ J♠ Q♦ K♣ 10♣ 9♣ |
      | 2    | 9♠ 8♦ 10♦ J♣ Q♣ A♠ |
      | 3    | 7♦ 8♠ 10♠ K♦ 6♣ 6♦ |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      """
    And seat 3 throws in 7♦
    Then it is <verdict> by "throw-in.order" if rejected

    Examples: the starter first
      | profile    | options | verdict  |
      | videochess |         | rejected |

    Examples: the principal attacker first, then clockwise
      | profile  | options   | verdict  |
      | ggtables | players=3 | rejected |

    Examples: anyone eligible, any time
      | profile           | options     | verdict  |
      | howto-durak       |             | accepted |
      | prototype-build10 | table=debug | accepted |

  @id:compare.throw-in-order-after-pass @dimension:throw_in_order @rule:videochess.throw-in.order @rule:videochess.done.when @rule:ggtables.throw-in.order @rule:ggtables.throw-in.reopen @rule:howto-durak.throw-in.any-time @rule:howto-durak.done.when @rule:prototype-build10.throw-in.who
  Scenario Outline: Compare a third player adding twice after the attacker has passed
    Once the attacker has passed, seat 3 adds a card and seat 2 beats it. GGTables then starts
    a fresh round from the principal attacker, one card each. VideoChess gives the starter the
    first turn only at first: once they are done the others are free, even after a new card
    cancels that Done. "How to play Durak" and the prototype's debug table set no order at all.
    Given the "<profile>" profile
    And the options are "<options>"
    And the trump card is 6♥
    And the stock, top first, is "A♣ 6♥"
    And the hands are:
      | seat | hand               |
      | 1    | 7♠ J♠ Q♦ K♣ 10♣ 8♣ |
      | 2    | 9♠ 8♦ 10♦ J♣ Q♣ A♠ |
      | 3    | 7♦ 9♦ 10♠ K♦ 6♣ 6♦ |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      seat 1 is done
      seat 3 throws in 7♦
      seat 2 beats 7♦ with 8♦
      """
    And seat 3 throws in 9♦
    Then it is <verdict> by "throw-in.order" if rejected

    Examples: a fresh round from the principal attacker
      | profile  | options   | verdict  |
      | ggtables | players=3 | rejected |

    Examples: anyone eligible once the starter is done, or at any time
      | profile           | options     | verdict  |
      | videochess        |             | accepted |
      | howto-durak       |             | accepted |
      | prototype-build10 | table=debug | accepted |

  @id:compare.throw-in-neighbours @dimension:throw_in_scope @rule:howto-durak.throw-in.who @rule:videochess.throw-in.who @rule:ggtables.throw-in.who @rule:prototype-build10.throw-in.who
  Scenario Outline: Compare the player opposite the defender throwing in at a table of four
    "How to play Durak" offers a Neighbours table where only the defender's left and right
    neighbours throw in; with All, and in VideoChess, GGTables and the prototype's debug table,
    everyone but the defender may. Seats ahead in each profile's order pass first (GGTables
    needs seat 3 to pass as well); with Neighbours, seat 3 still has a say, so the bout stays open.
    Given the "<profile>" profile
    And the options are "<options>"
    And the trump card is 6♥
    And the stock, top first, is "A♣ 6♥"
    And the hands are:
      | seat | hand               |
      | 1    | 7♠ J♠ Q♦ K♣ 10♣ 9♣ |
      | 2    | 9♠ 8♦ 10♦ J♣ Q♣ A♠ |
      | 3    | 7♦ 8♠ 10♠ K♦ 6♣ 6♦ |
      | 4    | 7♣ 9♦ Q♠ K♠ 6♠ 8♣  |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      <first pass>
      <second pass>
      """
    And seat 4 throws in 7♣
    Then it is <verdict> by "throw-in.who" if rejected

    Examples: neighbours only
      | profile     | options             | first pass     | second pass    | verdict  |
      | howto-durak | throw_in=neighbours | seat 1 is done |                | rejected |

    Examples: everyone but the defender
      | profile           | options      | first pass     | second pass    | verdict  |
      | howto-durak       | throw_in=all | seat 1 is done |                | accepted |
      | videochess        |              | seat 1 is done |                | accepted |
      | ggtables          | players=4    | seat 1 passes  | seat 3 passes  | accepted |
      | prototype-build10 | table=debug  | seat 1 is done |                | accepted |

  @id:compare.pairs-partner-throw-in @dimension:teams @rule:videochess.throw-in.who @rule:videochess.pairs.partners @rule:howto-durak.throw-in.who @rule:howto-durak.pairs.partners @rule:howto-durak.pairs.skip-partner
  Scenario Outline: Compare the defender's partner throwing in at a table of four
    Only VideoChess and "How to play Durak" have pairs, partners sitting opposite; the
    defender's partner never throws in. Played solo, the same seat may.
    Given the "<profile>" profile
    And the options are "<options>"
    And the trump card is 6♥
    And the stock, top first, is "A♣ 6♥"
    And the hands are:
      | seat | hand               |
      | 1    | 7♠ J♠ Q♦ K♣ 10♣ 9♣ |
      | 2    | 9♠ 8♦ 10♦ J♣ Q♣ A♠ |
      | 3    | 7♦ 8♠ 10♠ K♦ 6♣ 6♦ |
      | 4    | 7♣ 9♦ Q♠ K♠ 6♠ 8♣  |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      seat 1 is done
      """
    And seat 4 throws in 7♣
    Then it is <verdict> by "throw-in.who" if rejected

    Examples: pairs
      | profile     | options     | verdict  |
      | videochess  | teams=pairs | rejected |
      | howto-durak | teams=pairs | rejected |

    Examples: every player for themselves
      | profile     | options    | verdict  |
      | videochess  | teams=solo | accepted |
      | howto-durak | teams=solo | accepted |
