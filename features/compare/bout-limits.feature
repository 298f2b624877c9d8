Feature: Compare - how many attacking cards a bout may hold
  Where the documents disagree on the bout limit: five cards until the first discard on one
  site, six from the start elsewhere, and two wordings of the defender's-hand limit.

  @id:compare.first-bout-cap @dimension:first_bout_cap @rule:howto-durak.limits.first-bout @rule:howto-durak.bout.auto-close @rule:videochess.limits.six @rule:durak-challenge.limits.six @rule:ggtables.limits.six @rule:prototype-build10.limits.six @rule:prototype-build10.limits.no-first-round
  Scenario Outline: Compare whether a first bout is full after five beaten cards
    "How to play Durak" caps a bout at five until cards first reach the discard pile
    ("Attacking"), and a bout at its limit closes once all is beaten ("Done"); the prototype
    page says no separate first-round cap exists, and the others state only six. The cards go
    in one at a time, each beaten, which every profile's throw-in timing allows.
    Given the "<profile>" profile
    And the options are "<options>"
    And the trump card is 6♥
    And the stock is <stock>
    And the first bout <first>
    And the hands are:
      | seat | hand                |
      | 1    | 7♠ 7♦ 7♣ 7♥ 8♥ 9♣   |
      | 2    | 8♠ 8♦ 8♣ 9♥ 10♥ J♣  |
    And seat 1 attacks first
    Then the bout limit is <limit>
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 8♠
      seat 1 throws in 7♦
      seat 2 beats 7♦ with 8♦
      seat 1 throws in 7♣
      seat 2 beats 7♣ with 8♣
      seat 1 throws in 7♥
      seat 2 beats 7♥ with 9♥
      seat 1 throws in 8♥
      seat 2 beats 8♥ with 10♥
      """
    Then the bout <after the fifth>

    Examples: five cards until the first discard
      | profile     | options | first               | stock                | limit | after the fifth                |
      | howto-durak |         | has not been played | the rest of the deck | 5     | ends with the cards discarded  |
      | howto-durak |         | is over             | "A♣ 6♥"              | 6     | is still open                  |

    Examples: six cards from the first bout on
      | profile           | options   | first               | stock                | limit | after the fifth |
      | videochess        |           | has not been played | the rest of the deck | 6     | is still open   |
      | durak-challenge   |           | has not been played | the rest of the deck | 6     | is still open   |
      | ggtables          | players=2 | has not been played | the rest of the deck | 6     | is still open   |
      | prototype-build10 |           | has not been played | the rest of the deck | 6     | is still open   |

  @id:compare.first-bout-sixth-card @dimension:first_bout_cap @rule:howto-durak.limits.first-bout @rule:howto-durak.limits.six @rule:videochess.limits.six
  Scenario Outline: Compare a sixth attacking card thrown in while the fifth is unbeaten
    Where cards may be added before earlier ones are beaten, the five-card first bout of "How
    to play Durak" ("Attacking") refuses a sixth card that the six-card limit lets in.
    Given the "<profile>" profile
    And the options are "<options>"
    And the trump card is 6♥
    And the stock is <stock>
    And the first bout <first>
    And the hands are:
      | seat | hand                |
      | 1    | 7♠ 7♦ 7♣ 7♥ 8♥ 8♣   |
      | 2    | 8♠ 8♦ 9♣ 9♥ 10♥ J♣  |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 1 throws in 7♦
      seat 1 throws in 7♣
      seat 1 throws in 7♥
      seat 2 beats 7♠ with 8♠
      seat 1 throws in 8♥
      """
    And seat 1 throws in 8♣
    Then it is <verdict> by "<clause>" if rejected

    Examples: five cards until the first discard
      | profile     | options | first               | stock                | verdict  | clause            |
      | howto-durak |         | has not been played | the rest of the deck | rejected | limits.first-bout |
      | howto-durak |         | is over             | "A♣ 6♥"              | accepted | -                 |

    Examples: six cards from the first bout on
      | profile    | options | first               | stock                | verdict  | clause |
      | videochess |         | has not been played | the rest of the deck | accepted | -      |

  @id:compare.defender-hand-limit @dimension:defender_limit @rule:videochess.limits.defender-hand @rule:howto-durak.limits.defender-hand @rule:durak-challenge.limits.defender-hand @rule:ggtables.limits.defender-hand
  Scenario Outline: Compare the defender's-hand limit once the defender has taken
    VideoChess counts unbeaten cards against the cards the defender holds now; the others
    count every attacking card against the hand the defender began the bout with. Both
    wordings give the same bound, since each beaten card leaves the defender's hand and the
    hand changes no other way within a bout: a defender who began with three cards and took
    receives at most three attacking cards either way, and the third closes the bout. (The prototype is not compared here:
    its take ends the bout at once.)
    Given the "<profile>" profile
    And the options are "<options>"
    And the computer seats are "<computer>"
    And the trump card is 6♥
    And the stock is empty
    And the hands are:
      | seat | hand                 |
      | 1    | 7♠ 7♦ 7♣ 7♥ 9♣ J♠ A♠ |
      | 2    | 8♠ 10♦ Q♣            |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 takes
      seat 1 throws in 7♦
      """
    Then the bout limit is 3
    When seat 1 throws in 7♣
    Then it is accepted
    And the bout ends with seat 2 taking the cards
    And seat 1 holds "7♥" among others

    Examples: unbeaten cards never outnumber the defender's hand
      | profile    | options | computer |
      | videochess |         | none     |

    Examples: attacking cards never outnumber the defender's hand at the start
      | profile         | options   | computer |
      | howto-durak     |           | none     |
      | durak-challenge |           | 2        |
      | ggtables        | players=2 | none     |
