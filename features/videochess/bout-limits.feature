Feature: VideoChess - how many cards a bout may hold
  Covers the limits paragraph of "Durak: rules": six cards at most in one bout, and never more
  unbeaten cards on the table than the defender holds in hand.

  Background:
    Given the "videochess" profile
    And the options are "rules=throw_in, teams=solo"
    And the trump card is 6♥

  @id:videochess.limits.sixth-card-fits-seventh-refused @rule:videochess.limits.six
  Scenario: A sixth card may be thrown in, a seventh may not
    Source: limits paragraph - no more than six cards go into a bout.
    Given the stock is empty
    And the hands are:
      | seat | hand                              |
      | 1    | 6♠ 7♦ 8♣ 9♠ 10♦ J♣ 6♦             |
      | 2    | 7♠ 8♦ 9♣ 10♠ J♦ Q♣ K♠ A♠ A♦       |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 6♠
      seat 2 beats 6♠ with 7♠
      seat 1 throws in 7♦
      seat 2 beats 7♦ with 8♦
      seat 1 throws in 8♣
      seat 2 beats 8♣ with 9♣
      seat 1 throws in 9♠
      seat 2 beats 9♠ with 10♠
      seat 1 throws in 10♦
      seat 2 beats 10♦ with J♦
      """
    And seat 1 throws in J♣
    Then it is accepted
    And the bout limit is 6
    When seat 1 throws in 6♦
    Then it is rejected because of rule "limits.six"

  @id:videochess.limits.six-with-a-big-hand @rule:videochess.limits.six @rule:videochess.limits.defender-hand
  Scenario: A defender holding many cards still faces at most six
    Source: limits paragraph - the six-card cap applies whatever the defender holds.
    Given the stock is empty
    And the hands are:
      | seat | hand                              |
      | 1    | 6♠ 7♦ 8♣ 9♠ 10♦ J♣ 6♦             |
      | 2    | 7♠ 8♦ 9♣ 10♠ J♦ Q♣ K♠ A♠ A♦       |
    And seat 1 attacks first
    Then the bout limit is 6

  @id:videochess.limits.short-defender @rule:videochess.limits.defender-hand
  Scenario: A defender with two cards never faces a third unbeaten card
    Source: limits paragraph - unbeaten cards never outnumber the defender's hand.
    Given the stock is empty
    And the hands are:
      | seat | hand           |
      | 1    | 7♠ 7♦ 7♣ 9♦    |
      | 2    | 9♠ 10♦         |
    And seat 1 attacks first
    Then the bout limit is 2
    When they play:
      """
      seat 1 attacks with 7♠
      """
    And seat 1 throws in 7♦
    Then it is accepted
    When seat 1 throws in 7♣
    Then it is rejected because of rule "limits.defender-hand"

  @id:videochess.limits.beating-does-not-make-room @rule:videochess.limits.defender-hand
  Scenario: Beating one card shrinks the defender's hand too, so no room opens
    Source: limits paragraph - the count is unbeaten cards against the cards now in hand.
    Given the stock is empty
    And the hands are:
      | seat | hand           |
      | 1    | 7♠ 7♦ 7♣ 9♦    |
      | 2    | 9♠ 10♦         |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 1 throws in 7♦
      seat 2 beats 7♠ with 9♠
      """
    And seat 1 throws in 7♣
    Then it is rejected because of rule "limits.defender-hand"
    And the table is "7♠/9♠ 7♦"

  @id:videochess.limits.after-take-hand-fills @rule:videochess.limits.defender-hand @rule:videochess.take.throw-after
  Scenario: After Take cards are added until the unbeaten cards match the defender's hand, then the bout closes
    Source: take paragraph - adding goes on within the same limits until no room is left.
    Given the stock is empty
    And the hands are:
      | seat | hand           |
      | 1    | 7♠ 7♦ 7♣ 9♦ A♣ |
      | 2    | 9♠ 10♦ J♦      |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 takes
      seat 1 throws in 7♦
      """
    Then the bout is still open
    When seat 1 throws in 7♣
    Then it is accepted
    And the bout ends with seat 2 taking the cards
    And seat 2 holds "7♠ 7♦ 7♣ 9♠ 10♦ J♦" among others
