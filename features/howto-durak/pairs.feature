Feature: How to play Durak - playing in pairs
  Covers "Playing in pairs": four players, partners opposite, partners skipped when attacking,
  throwing in or passing, the winning pair, the other pair's durak and the pair draw.

  Background:
    Given the "howto-durak" profile
    And the option "teams" is "pairs"
    And the trump card is 6♥

  @id:howto-durak.pairs.partner-throws-in-not-defenders @rule:howto-durak.pairs.partners @rule:howto-durak.pairs.skip-partner @rule:howto-durak.throw-in.who
  Scenario: The attacker's partner throws in but the defender's partner may not
    Source: "Playing in pairs" - partners sit opposite and never throw in against each other.
    Given the stock is empty
    And the hands are:
      | seat | hand                 |
      | 1    | 7♠ 9♣ K♠ 8♦          |
      | 2    | 9♠ 10♦ J♣ Q♦ 8♥ 10♠  |
      | 3    | 7♦ 9♦ 8♣ Q♠          |
      | 4    | 7♣ 9♥ 10♥ J♦         |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      """
    And seat 4 throws in 7♣
    Then it is rejected because of rule "throw-in.who"
    And seat 4 may not throw in
    When seat 3 throws in 7♦
    Then it is accepted
    And the table is "7♠ 7♦"

  @id:howto-durak.pairs.attack-skips-partner @rule:howto-durak.pairs.skip-partner @rule:howto-durak.attack.target
  Scenario: When the next player is the attacker's partner the attack skips to the following seat
    Source: "Playing in pairs" - partners never attack each other; a partner next in line is skipped.
    Given the stock is empty
    And the hands are:
      | seat | hand          |
      | 1    | 7♠ 9♣         |
      | 2    |               |
      | 3    | 7♦ 9♦         |
      | 4    | 7♣ 9♥ 10♥ J♣  |
    And seat 1 attacks first
    Then seat 1 attacks seat 4
    When seat 1 attacks with 7♠
    Then it is accepted
    And seat 4 may defend, take

  @id:howto-durak.pairs.pass-skips-partner @rule:howto-durak.pairs.skip-partner @rule:howto-durak.transfer.around
  Scenario: A passed attack skips the passer's partner
    Source: "Playing in pairs" - partners never pass to each other.
    Given the option "mode" is "passing"
    And the stock is empty
    And the hands are:
      | seat | hand          |
      | 1    | 7♠ 9♣ J♠      |
      | 2    | 7♦ 10♦ J♣     |
      | 3    |               |
      | 4    | 8♣ 9♥ 10♥ K♣  |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      """
    And seat 2 transfers with 7♦
    Then it is accepted
    And seat 2 attacks seat 1
    And seat 1 may defend, take

  @id:howto-durak.pairs.take-next-attacker @rule:howto-durak.next-attacker.after-take @rule:howto-durak.pairs.skip-partner
  Scenario: After a take in pairs the taker's left-hand opponent attacks the taker's partner
    Source: "Take" - the player left of the taker starts; "Playing in pairs" - that seat faces the taker's partner.
    Given the stock is empty
    And the hands are:
      | seat | hand                 |
      | 1    | 7♠ 9♣ K♠ 8♦          |
      | 2    | 9♠ 10♦ J♣ Q♦ 8♥ 10♠  |
      | 3    | 7♦ 9♦ 8♣ Q♠          |
      | 4    | 7♣ 9♥ 10♥ J♦         |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 takes
      seat 1 passes
      """
    And seat 3 passes
    Then it is accepted
    And the bout ends with seat 2 taking the cards
    And seat 3 attacks next
    And seat 3 attacks seat 4

  @id:howto-durak.pairs.first-pair-out-wins @rule:howto-durak.pairs.result @rule:howto-durak.end.last-bout
  Scenario: The pair whose two players are both out first wins
    Source: "Playing in pairs" - the first pair with both players out wins; the other two are durak.
    Given the stock is empty
    And the hands are:
      | seat | hand          |
      | 1    | 7♠            |
      | 2    | 9♠ 10♦        |
      | 3    |               |
      | 4    | J♦ Q♣ K♣      |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      """
    And seat 2 beats 7♠ with 9♠
    Then it is accepted
    And the game is over
    And the pair of seats 1 and 3 wins
    And seats 2 and 4 are the durak

  @id:howto-durak.pairs.left-player-still-durak @rule:howto-durak.pairs.result
  Scenario: A losing player who had already left is still durak with their partner
    Source: "Playing in pairs" - both players of the losing pair are Durak, even one who already left.
    Given the stock is empty
    And the hands are:
      | seat | hand          |
      | 1    | 7♠            |
      | 2    | 9♠ 10♦ J♣     |
      | 3    |               |
      | 4    |               |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      """
    And seat 2 beats 7♠ with 9♠
    Then it is accepted
    And the pair of seats 1 and 3 wins
    And seats 2 and 4 are the durak

  @id:howto-durak.pairs.same-bout-draw @rule:howto-durak.pairs.draw @rule:howto-durak.end.draw
  Scenario: Both pairs leaving in the same bout is a draw
    Source: "Playing in pairs" - both pairs emptied in one bout: nobody loses.
    Given the stock is empty
    And the hands are:
      | seat | hand   |
      | 1    | 7♠     |
      | 2    | 9♠     |
      | 3    |        |
      | 4    |        |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      """
    And seat 2 beats 7♠ with 9♠
    Then it is accepted
    And the game is a draw between the pairs
    And seats 1, 2, 3 and 4 win

  @id:howto-durak.pairs.one-partner-out-play-goes-on @rule:howto-durak.pairs.result @rule:howto-durak.next-attacker.after-defence @rule:howto-durak.pairs.skip-partner
  Scenario: One player of a pair going out does not end the game
    Source: "Playing in pairs" - a pair wins only once both its players have left.
    Given the stock is empty
    And the hands are:
      | seat | hand          |
      | 1    | 7♠            |
      | 2    | 9♠ 10♦        |
      | 3    | J♠ Q♦         |
      | 4    | Q♣ K♣ A♣      |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      """
    And seat 3 is done
    Then it is accepted
    And seat 1 is out
    And the bout ends with the cards discarded
    And the game is not over
    And seat 2 attacks next
    And seat 2 attacks seat 3
