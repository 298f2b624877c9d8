Feature: Prototype build 10 - the end of the game
  Covers "Replenishment and results": with the stock gone the last player holding cards
  loses, nothing is decided before the table is resolved, and a duel finished together is a
  draw.

  Background:
    Given the "prototype-build10" profile
    And the trump card is 6♥
    And the stock is empty

  @id:prototype-build10.end.last-card-waits-for-the-table @rule:prototype-build10.end.after-table @rule:prototype-build10.end.durak
  Scenario: Playing the last card decides nothing until the defence is over
    Source: "Replenishment and results" - results come only once the table is resolved.
    Given the hands are:
      | seat | hand     |
      | 1    | 7♠       |
      | 2    | 9♠ 8♦ Q♣ |
    And seat 1 attacks first
    When seat 1 attacks with 7♠
    Then it is accepted
    And the game is not over
    And seat 1 is still in the game
    When seat 2 beats 7♠ with 9♠
    Then it is accepted
    And the game is over
    And seat 2 is the durak
    And seat 1 wins

  @id:prototype-build10.end.duel-finish-together-draw @rule:prototype-build10.end.draw @rule:prototype-build10.end.after-table
  Scenario: The attacker's last card beaten by the defender's last card is a draw
    Source: "Replenishment and results" - both duel players finishing at once draw.
    Given the hands are:
      | seat | hand |
      | 1    | 7♠   |
      | 2    | 9♠   |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      """
    Then the game is over
    And the game is a draw

  @id:prototype-build10.end.defender-sheds-attacker-loses @rule:prototype-build10.end.durak
  Scenario: A defender who beats with their last card leaves the attacker as the durak
    Source: "Replenishment and results" - the last player holding cards loses.
    Given the hands are:
      | seat | hand     |
      | 1    | 7♠ 8♦ Q♣ |
      | 2    | 9♠       |
    And seat 1 attacks first
    When seat 1 attacks with 7♠
    Then it is accepted
    When seat 2 beats 7♠ with 9♠
    Then it is accepted
    And the game is over
    And seat 1 is the durak
    And seat 2 wins

  @id:prototype-build10.end.taker-is-durak @rule:prototype-build10.end.durak @rule:prototype-build10.take.ends-bout
  Scenario: Taking the attacker's last card leaves the taker as the durak
    Source: "Replenishment and results" - the last player holding cards loses.
    Given the hands are:
      | seat | hand     |
      | 1    | A♠       |
      | 2    | 9♠ 8♦ Q♣ |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with A♠
      seat 2 takes
      """
    Then the game is over
    And seat 2 is the durak
    And seat 1 is out

  @id:prototype-build10.end.debug-one-out-play-goes-on @rule:prototype-build10.end.after-table @rule:prototype-build10.next-attacker.after-defence @rule:prototype-build10.table.debug
  Scenario: At the debug table one seat going out does not end the game
    Source: "Replenishment and results" - only the last player holding cards loses.
    Given the option "table" is "debug"
    And the hands are:
      | seat | hand     |
      | 1    | 7♠       |
      | 2    | 9♠ K♦    |
      | 3    | 8♣ 10♣ Q♣ |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      """
    Then the bout is still open
    And seat 1 is still in the game
    When seat 3 is done
    Then it is accepted
    And the bout ends with the cards discarded
    And seat 1 is out
    And the game is not over
    And seat 2 attacks seat 3

  @id:prototype-build10.end.debug-last-holder-loses @rule:prototype-build10.end.durak @rule:prototype-build10.table.debug
  Scenario: At the debug table the last seat left holding cards is the durak
    Source: "Replenishment and results" - the last player holding cards loses.
    Given the option "table" is "debug"
    And the hands are:
      | seat | hand     |
      | 1    | 7♠       |
      | 2    | 9♠ K♦ Q♣ |
      | 3    |          |
    And seat 3 is out
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      """
    Then the game is over
    And seat 2 is the durak
    And seats 1 and 3 win

  @id:prototype-build10.end.no-moves-after-result @rule:prototype-build10.game.finished
  Scenario: No action is accepted once the game is decided
    Source: assumed - a finished game takes no moves.
    Given the hands are:
      | seat | hand     |
      | 1    | 7♠       |
      | 2    | 9♠ 8♦ Q♣ |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      """
    And seat 2 attacks with 8♦
    Then it is rejected because of rule "game.finished"
    And nobody may act
