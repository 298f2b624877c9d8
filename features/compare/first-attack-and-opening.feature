Feature: Compare - who opens the first bout and with how many cards
  Where the documents disagree on the first attacker when nobody was dealt a trump, and on
  whether a bout may open with several cards of one rank.

  @id:compare.no-trump-first-attacker @dimension:first_attack_fallback @rule:videochess.first-attack.no-trump @rule:howto-durak.first-attack.no-trump @rule:ggtables.first-attack.no-trump @rule:prototype-build10.first-attack.no-trump @rule:durak-challenge.first-attack.no-trump
  Scenario Outline: Compare who attacks first when no hand holds a trump
    VideoChess names the lowest card, a tie going to the lower seat; "How to play Durak" names
    the lowest card (the tie is our reading); GGTables is silent and assumes the same; the
    prototype page names the first seat; Durak Challenge names the human player, never the
    computer. In deal a seat 2 holds the lowest card; in deal b both hands hold a six.
    Given the "<profile>" profile
    And the options are "<options>"
    And the computer seats are "<computer>"
    And 2 seats
    And the deck starts with "<top>" and ends with A♥
    When the game starts
    Then seat <first> is the first attacker

    Examples: the lowest card, the lower seat on a tie
      | profile     | options   | computer | deal | top                                     | first |
      | videochess  |           | none     | a    | 7♠ 6♠ 8♠ 6♦ 9♠ 7♦ 10♠ 8♦ J♠ 9♦ Q♠ 10♦   | 2     |
      | videochess  |           | none     | b    | 6♣ 6♠ 8♠ 6♦ 9♠ 7♦ 10♠ 8♦ J♠ 9♦ Q♠ 10♦   | 1     |
      | howto-durak |           | none     | a    | 7♠ 6♠ 8♠ 6♦ 9♠ 7♦ 10♠ 8♦ J♠ 9♦ Q♠ 10♦   | 2     |
      | howto-durak |           | none     | b    | 6♣ 6♠ 8♠ 6♦ 9♠ 7♦ 10♠ 8♦ J♠ 9♦ Q♠ 10♦   | 1     |
      | ggtables    | players=2 | none     | a    | 7♠ 6♠ 8♠ 6♦ 9♠ 7♦ 10♠ 8♦ J♠ 9♦ Q♠ 10♦   | 2     |

    Examples: the first seat
      | profile           | options | computer | deal | top                                     | first |
      | prototype-build10 |         | 2        | a    | 7♠ 6♠ 8♠ 6♦ 9♠ 7♦ 10♠ 8♦ J♠ 9♦ Q♠ 10♦   | 1     |

    Examples: the human player, not the computer
      | profile         | options | computer | deal | top                                     | first |
      | durak-challenge |         | 2        | a    | 7♠ 6♠ 8♠ 6♦ 9♠ 7♦ 10♠ 8♦ J♠ 9♦ Q♠ 10♦   | 1     |
      | durak-challenge |         | 1        | a    | 7♠ 6♠ 8♠ 6♦ 9♠ 7♦ 10♠ 8♦ J♠ 9♦ Q♠ 10♦   | 2     |

  @id:compare.opening-same-rank @dimension:opening @rule:howto-durak.attack.opening-cards @rule:videochess.attack.opening-cards @rule:durak-challenge.attack.opening-cards @rule:ggtables.attack.opening-cards @rule:prototype-build10.attack.opening-cards
  Scenario Outline: Compare opening a bout with two cards of one rank
    Only "How to play Durak" lets the attacker open with several cards of one rank
    ("Attacking"); the others open with one card and add more afterwards.
    Given the "<profile>" profile
    And the options are "<options>"
    And the computer seats are "<computer>"
    And the trump card is 6♥
    And the stock, top first, is "A♣ 6♥"
    And the hands are:
      | seat | hand              |
      | 1    | 7♠ 7♦ 9♣ J♠ Q♦ K♣ |
      | 2    | 8♠ 8♦ 9♠ 10♦ J♣ Q♣ |
    And seat 1 attacks first
    When seat 1 attacks with 7♠ 7♦
    Then it is <verdict> by "attack.opening-cards" if rejected
    And the table is "<table>"

    Examples: several cards of one rank
      | profile     | options | computer | verdict  | table |
      | howto-durak |         | none     | accepted | 7♠ 7♦ |

    Examples: a single card
      | profile           | options   | computer | verdict  | table |
      | videochess        |           | none     | rejected |       |
      | durak-challenge   |           | 2        | rejected |       |
      | ggtables          | players=2 | none     | rejected |       |
      | prototype-build10 |           | none     | rejected |       |
