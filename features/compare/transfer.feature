Feature: Compare - transferring the attack
  Where the documents disagree on whether the defender may pass the attack on with a card of
  the same rank, and on who throws in first after a transfer.

  @id:compare.duel-transfer @dimension:transfer @rule:videochess.transfer.mode @rule:videochess.transfer.target @rule:howto-durak.transfer.mode @rule:howto-durak.transfer.around @rule:prototype-build10.transfer.mode @rule:prototype-build10.transfer.target @rule:ggtables.transfer.mode @rule:durak-challenge.transfer.mode
  Scenario Outline: Compare a transfer between two players
    VideoChess (transfer rules), "How to play Durak" (Passing tables) and the prototype
    (transfer mode) let the defender pass the attack on with a card of the same rank; between
    two players that swaps the roles. GGTables rules out transfers, Durak Challenge describes
    none, and the throw-in modes of the first three have none either.
    Given the "<profile>" profile
    And the options are "<options>"
    And the computer seats are "<computer>"
    And the trump card is 6♥
    And the stock, top first, is "A♣ 6♥"
    And the hands are:
      | seat | hand               |
      | 1    | 7♠ 9♣ J♠ Q♦ K♣ 10♣ |
      | 2    | 7♦ 8♦ 9♠ 10♦ J♣ Q♣ |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      """
    And seat 2 transfers with 7♦
    Then it is <verdict> by "transfer.mode" if rejected
    And seat <attacker> attacks seat <defender>
    And the table is "<table>"

    Examples: the transfer swaps attacker and defender
      | profile           | options        | computer | verdict  | attacker | defender | table |
      | videochess        | rules=transfer | none     | accepted | 2        | 1        | 7♠ 7♦ |
      | howto-durak       | mode=passing   | none     | accepted | 2        | 1        | 7♠ 7♦ |
      | prototype-build10 | mode=transfer  | none     | accepted | 2        | 1        | 7♠ 7♦ |

    Examples: no transfer
      | profile           | options        | computer | verdict  | attacker | defender | table |
      | videochess        | rules=throw_in | none     | rejected | 1        | 2        | 7♠    |
      | howto-durak       | mode=throw_in  | none     | rejected | 1        | 2        | 7♠    |
      | prototype-build10 | mode=throw_in  | none     | rejected | 1        | 2        | 7♠    |
      | ggtables          | players=2      | none     | rejected | 1        | 2        | 7♠    |
      | durak-challenge   |                | 2        | rejected | 1        | 2        | 7♠    |

  @id:compare.transfer-rank @dimension:transfer_rank @rule:videochess.transfer.rank @rule:howto-durak.transfer.rank @rule:prototype-build10.transfer.rank
  Scenario Outline: Compare a transfer with a card of another rank
    The prototype asks for the rank of every attacking card, VideoChess and "How to play
    Durak" for the rank on the table. The readings agree in play: a transfer comes before any
    card is beaten, so the table then holds attacking cards of a single rank.
    Given the "<profile>" profile
    And the options are "<options>"
    And the trump card is 6♥
    And the stock, top first, is "A♣ 6♥"
    And the hands are:
      | seat | hand               |
      | 1    | 7♠ 9♣ J♠ Q♦ K♣ 10♣ |
      | 2    | 7♦ 8♠ 9♠ 10♦ J♣ Q♣ |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      """
    Then seat 2 may not legally transfer with 8♠
    And seat 2 may legally transfer with 7♦
    When seat 2 transfers with 8♠
    Then it is rejected because of rule "transfer.rank"

    Examples: the rank of every attacking card
      | profile           | options       |
      | prototype-build10 | mode=transfer |

    Examples: the rank on the table
      | profile     | options        |
      | videochess  | rules=transfer |
      | howto-durak | mode=passing   |

  @id:compare.transferrer-throws-first @dimension:transferrer_throws_first @dimension:throw_in_order @rule:videochess.transfer.throws-first @rule:videochess.throw-in.order @rule:howto-durak.transfer.throw-after @rule:howto-durak.throw-in.any-time @rule:prototype-build10.throw-in.who
  Scenario Outline: Compare who throws in first after a transfer at a table of three
    VideoChess gives the seat that transferred the first turn to throw in; "How to play
    Durak" says the passer throws in like everyone else; the prototype's debug table sets no
    order among throwers. Seat 1 attacks, seat 2 passes the attack on to seat 3, who beats both.
    Given the "<profile>" profile
    And the options are "<options>"
    And the trump card is 6♥
    And the stock, top first, is "A♣ 6♥"
    And the hands are:
      | seat | hand               |
      | 1    | 7♠ 9♣ J♠ Q♦ K♣ 10♣ |
      | 2    | 7♦ 7♣ 8♠ 10♦ J♣ Q♣ |
      | 3    | 9♠ 9♦ 8♦ 10♠ K♦ A♠ |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 transfers with 7♦
      seat 3 beats 7♠ with 9♠
      seat 3 beats 7♦ with 9♦
      """
    Then seat 2 may legally throw in 7♣
    When seat 1 throws in 9♣
    Then it is <verdict> by "throw-in.order" if rejected

    Examples: the transferrer first
      | profile    | options                    | verdict  |
      | videochess | rules=transfer             | rejected |

    Examples: no priority
      | profile           | options                    | verdict  |
      | howto-durak       | mode=passing               | accepted |
      | prototype-build10 | mode=transfer, table=debug | accepted |
