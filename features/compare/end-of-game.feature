Feature: Compare - when a player with no cards leaves the game
  Where the documents disagree on the moment a player who has run out of cards, with the
  stock gone, is out: at once, or only when the bout is over.

  @id:compare.going-out-timing @dimension:out_timing @rule:videochess.end.going-out @rule:howto-durak.end.going-out @rule:howto-durak.end.last-bout @rule:ggtables.end.going-out @rule:durak-challenge.end.win @rule:prototype-build10.end.after-table
  Scenario Outline: Compare whether an attacker who plays their last card is out before the bout ends
    VideoChess and "How to play Durak" put a player with no cards out as soon as the stock is
    gone and the hand is empty (the last bout is still played to its end); GGTables counts a
    player safe after a completed bout, the prototype settles results once the table is dealt
    with, and Durak Challenge waits until no further play is allowed (its profile's reading).
    Every profile ends with the same result here.
    Given the "<profile>" profile
    And the options are "<options>"
    And the computer seats are "<computer>"
    And the trump card is 6♥
    And the stock is empty
    And the hands are:
      | seat | hand     |
      | 1    | 7♠       |
      | 2    | 9♠ 10♦ 8♣ |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      """
    Then seat 1 <status>
    And the game is not over
    When they play:
      """
      seat 2 takes
      """
    Then the game is over
    And seat 2 is the durak
    And seat 1 wins

    Examples: out at once
      | profile     | options | computer | status |
      | videochess  |         | none     | is out |
      | howto-durak |         | none     | is out |

    Examples: out when the bout is over
      | profile           | options   | computer | status               |
      | ggtables          | players=2 | none     | is still in the game |
      | prototype-build10 |           | none     | is still in the game |
      | durak-challenge   |           | 2        | is still in the game |

  @id:compare.pairs-result @dimension:teams @rule:videochess.pairs.result @rule:videochess.end.durak @rule:howto-durak.pairs.result @rule:howto-durak.end.durak
  Scenario Outline: Compare a table of four where the second of two partners goes out
    Only VideoChess and "How to play Durak" offer pairs: the pair whose two players are both out
    first wins, and "How to play Durak" makes both of the other pair durak. Played solo, the
    two players still holding cards play on. Seat 3 is already out; seat 1 plays its last card.
    Given the "<profile>" profile
    And the options are "<options>"
    And the trump card is 6♥
    And the stock is empty
    And the hands are:
      | seat | hand   |
      | 1    | 7♠     |
      | 2    | 9♠ 10♦ |
      | 3    |        |
      | 4    | 8♣ J♦ K♣ |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      <closing>
      """
    Then seat 1 is out
    And <outcome>

    Examples: pairs
      | profile     | options     | closing | outcome                        |
      | videochess  | teams=pairs |         | the pair of seats 1 and 3 wins |
      | howto-durak | teams=pairs |         | seats 2 and 4 are the durak    |

    Examples: every player for themselves
      | profile     | options    | closing        | outcome              |
      | videochess  | teams=solo | seat 4 is done | the game is not over |
      | howto-durak | teams=solo | seat 4 is done | the game is not over |
