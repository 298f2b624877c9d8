Feature: GGTables - refilling hands and the next attacker
  Covers "Taking or beating": the principal attacker draws first, the other attackers
  clockwise, the defender last, until the stock is empty; the defender attacks next after a
  defence and is skipped after taking.

  Background:
    Given the "ggtables" profile
    And the trump card is 6♥

  @id:ggtables.drawing.principal-then-clockwise-defender-last @rule:ggtables.drawing.order
  Scenario: Refilling starts with the principal attacker, goes clockwise and ends with the defender
    Source: "Taking or beating" - refilling order; drawing stops when the stock runs out.
    Given the option "players" is "4"
    And the stock, top first, is "K♦ Q♠ A♣ 6♥"
    And the hands are:
      | seat | hand                |
      | 1    | 10♠ 7♠ 9♠ J♣ K♣ 9♥  |
      | 2    | 8♠ 7♦ 9♦ Q♦ A♦ 7♥   |
      | 3    | 8♦ 7♣ 9♣ 10♣ Q♣ A♠  |
      | 4    | 10♦ J♠ K♠ 6♠ 6♦ 6♣  |
    And seat 3 attacks first
    When they play:
      """
      seat 3 attacks with 8♦
      seat 4 beats 8♦ with 10♦
      seat 3 passes
      seat 1 throws in 10♠
      seat 4 beats 10♠ with J♠
      seat 3 passes
      seat 1 passes
      seat 2 throws in 8♠
      seat 4 beats 8♠ with K♠
      seat 3 passes
      seat 1 passes
      seat 2 passes
      """
    Then the bout ends with the cards discarded
    And seat 3 holds exactly "7♣ 9♣ 10♣ Q♣ A♠ K♦"
    And seat 1 holds exactly "7♠ 9♠ J♣ K♣ 9♥ Q♠"
    And seat 2 holds exactly "7♦ 9♦ Q♦ A♦ 7♥ A♣"
    And seat 4 holds exactly "6♠ 6♦ 6♣ 6♥"
    And the stock holds 0 cards

  @id:ggtables.drawing.trump-card-drawn-last @rule:ggtables.drawing.order @rule:ggtables.deal.trump
  Scenario: The face-up trump card is the last card drawn, here by the defender
    Source: "Goal and preparation" - the trump card is drawn last; "Taking or beating" - defender draws last.
    Given the option "players" is "2"
    And the stock, top first, is "Q♣ 6♥"
    And the hands are:
      | seat | hand               |
      | 1    | 7♠ 8♦ 9♦ 10♦ J♦ Q♦ |
      | 2    | 8♠ 7♣ 8♣ 9♣ 10♣ J♣ |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 8♠
      seat 1 passes
      """
    Then the bout ends with the cards discarded
    And seat 1 holds "Q♣" among others
    And seat 2 holds "6♥" among others
    And the stock holds 0 cards

  @id:ggtables.drawing.after-take-taker-last @rule:ggtables.drawing.order
  Scenario: After a take the attackers refill first and the taker draws last
    Source: "Taking or beating" - the defender draws last, also after taking.
    Given the option "players" is "3"
    And the stock, top first, is "K♦ Q♠ 8♥ 6♥"
    And the hands are:
      | seat | hand                |
      | 1    | 7♠ 7♦ 9♠ J♣ K♣ 9♥   |
      | 2    | 8♠ 9♦ 10♠ Q♦ A♠ 7♥  |
      | 3    | 7♣ 8♦ 9♣ 10♣ J♠ Q♣  |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 takes
      seat 1 passes
      seat 3 throws in 7♣
      seat 1 passes
      seat 3 passes
      """
    Then the bout ends with seat 2 taking the cards
    And seat 1 holds exactly "7♦ 9♠ J♣ K♣ 9♥ K♦"
    And seat 3 holds exactly "8♦ 9♣ 10♣ J♠ Q♣ Q♠"
    And seat 2 holds 8 cards
    And the stock, top first, is "8♥ 6♥"

  @id:ggtables.next-attacker.defender-after-defence @rule:ggtables.next-attacker.after-defence @rule:ggtables.bout.discard
  Scenario: After a successful defence the defender opens the next bout
    Source: "Taking or beating" - the cards leave play and the defender attacks next.
    Given the option "players" is "4"
    And the stock, top first, is "K♦ Q♠ A♣ 6♥"
    And the hands are:
      | seat | hand                |
      | 1    | 10♠ 7♠ 9♠ J♣ K♣ 9♥  |
      | 2    | 8♠ 7♦ 9♦ Q♦ A♦ 7♥   |
      | 3    | 8♦ 7♣ 9♣ 10♣ Q♣ A♠  |
      | 4    | 10♦ J♠ K♠ 6♠ 6♦ 6♣  |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 8♠
      seat 1 passes
      seat 3 passes
      seat 4 passes
      """
    Then the bout ends with the cards discarded
    And the discard pile includes "7♠ 8♠"
    And seat 2 attacks next
    And seat 2 attacks seat 3

  @id:ggtables.next-attacker.skip-taker @rule:ggtables.next-attacker.after-take
  Scenario: After taking, the defender is skipped and the next player attacks
    Source: "Taking or beating" - the taker is skipped.
    Given the option "players" is "4"
    And the stock, top first, is "K♦ Q♠ A♣ 6♥"
    And the hands are:
      | seat | hand                |
      | 1    | 10♠ 7♠ 9♠ J♣ K♣ 9♥  |
      | 2    | 8♠ 7♦ 9♦ Q♦ A♦ 7♥   |
      | 3    | 8♦ 7♣ 9♣ 10♣ Q♣ A♠  |
      | 4    | 10♦ J♠ K♠ 6♠ 6♦ 6♣  |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 takes
      seat 1 passes
      seat 3 passes
      seat 4 passes
      """
    Then the bout ends with seat 2 taking the cards
    And seat 3 attacks next
    And seat 3 attacks seat 4

  @id:ggtables.next-attacker.skip-taker-two-players @rule:ggtables.next-attacker.after-take
  Scenario: In a two-player game the attacker attacks again after the other takes
    Source: "Taking or beating" - the taker is skipped, so the turn comes back to the attacker.
    Given the option "players" is "2"
    And the stock, top first, is "Q♣ 6♥"
    And the hands are:
      | seat | hand               |
      | 1    | 7♠ 8♦ 9♦ 10♦ J♦ Q♦ |
      | 2    | 8♠ 7♣ 8♣ 9♣ 10♣ J♣ |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 takes
      seat 1 passes
      """
    Then the bout ends with seat 2 taking the cards
    And seat 1 attacks next
    And seat 1 attacks seat 2

  @id:ggtables.next-attacker.skip-taker-and-out-seat @rule:ggtables.next-attacker.after-take @rule:ggtables.attack.target
  Scenario: After a take the next active player attacks, passing over a seat that is out
    Source: "Taking or beating" - the next *active* player attacks after a take.
    Given the option "players" is "4"
    And the stock is empty
    And the hands are:
      | seat | hand     |
      | 1    | 7♠ 8♦    |
      | 2    | 9♦ 10♦   |
      | 3    | nothing  |
      | 4    | J♦ Q♦ K♣ A♣ |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 takes
      seat 1 passes
      seat 4 passes
      """
    Then the bout ends with seat 2 taking the cards
    And seat 4 attacks next
    And seat 4 attacks seat 1
