Feature: How to play Durak - going out, the durak, the last bout and draws
  Covers "The goal of the game", "The end of the game" and "A draw" (including the page's
  two-player example).

  Background:
    Given the "howto-durak" profile
    And the trump card is 6♥
    And the stock is empty

  @id:howto-durak.end.out-when-empty-after-stock @rule:howto-durak.end.going-out
  Scenario: A player who throws in their last card after the stock is gone leaves the game
    Source: "The end of the game" - with the stock used up, a player without cards leaves and wins.
    Given the hands are:
      | seat | hand          |
      | 1    | 7♠ 9♣         |
      | 2    | 9♠ 10♦ J♣     |
      | 3    | 7♦            |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      """
    And seat 3 throws in 7♦
    Then it is accepted
    And seat 3 is out
    And seat 3 has no cards
    And the game is not over
    And seat 3 may not act

  @id:howto-durak.end.not-out-while-stock-left @rule:howto-durak.end.going-out @rule:howto-durak.drawing.order
  Scenario: A player who plays their last card while the stock lasts stays and draws
    Source: "The end of the game" - players leave with empty hands only after the stock is exhausted.
    Given the stock, top first, is "A♣ K♣ 6♥"
    And the hands are:
      | seat | hand                    |
      | 1    | 7♠ 7♦ 7♣ 7♥ 8♦ 8♣       |
      | 2    | 8♠ 9♦ 9♣ A♥ 10♦ 10♣ Q♠  |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠ 7♦ 7♣ 7♥
      seat 2 beats 7♠ with 8♠
      seat 1 throws in 8♦
      seat 1 throws in 8♣
      """
    Then seat 1 has no cards
    And seat 1 is still in the game
    When they play:
      """
      seat 2 beats 7♦ with 9♦
      seat 2 beats 7♣ with 9♣
      seat 2 beats 7♥ with A♥
      seat 2 beats 8♦ with 10♦
      """
    And seat 2 beats 8♣ with 10♣
    Then it is accepted
    And the bout ends with the cards discarded
    And seat 1 holds exactly "A♣ K♣ 6♥"
    And seat 1 is still in the game
    And seat 2 attacks next

  @id:howto-durak.end.last-bout-taken-durak @rule:howto-durak.end.durak @rule:howto-durak.end.last-bout
  Scenario: The attacker goes out with their last cards and the defender who takes is the durak
    Source: "The end of the game" - the last player holding cards is the Durak; the bout is finished first.
    Given the hands are:
      | seat | hand          |
      | 1    | 7♠ 7♣         |
      | 2    | 9♦ 10♦        |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠ 7♣
      """
    Then seat 1 is out
    And the game is not over
    And seat 2 may take
    When seat 2 takes
    Then it is accepted
    And the game is over
    And seat 2 is the durak
    And seat 1 wins

  @id:howto-durak.end.last-bout-beaten-still-durak @rule:howto-durak.end.last-bout @rule:howto-durak.end.durak @rule:howto-durak.end.going-out
  Scenario: The last player with cards may still beat the last attack, and is the durak if cards remain
    Source: "The end of the game" - the last bout is played out; cards left afterwards make the Durak.
    Given the hands are:
      | seat | hand          |
      | 1    | 7♠            |
      | 2    | 9♠ 10♦ J♣     |
      | 3    |               |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      """
    Then seat 1 is out
    And the game is not over
    And seat 2 may defend
    When seat 2 beats 7♠ with 9♠
    Then it is accepted
    And the game is over
    And seat 2 is the durak
    And seats 1 and 3 win

  @id:howto-durak.end.two-player-draw-example @rule:howto-durak.end.draw
  Scenario: Two players run out in the same bout: the page's example of a draw
    Source: "A draw" - A attacks with the last card, B beats it with B's only card; both win.
    Given the hands are:
      | seat | hand   |
      | 1    | 7♠     |
      | 2    | 9♠     |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      """
    And seat 2 beats 7♠ with 9♠
    Then it is accepted
    And the game is over
    And the game is a draw
    And seats 1 and 2 win

  @id:howto-durak.end.three-player-draw @rule:howto-durak.end.draw @rule:howto-durak.end.going-out
  Scenario: A defender who beats the last thrown-in cards with their last cards makes a three-way draw
    Source: "A draw" - the defender's last cards beat the last cards and nobody holds any: no Durak.
    Given the hands are:
      | seat | hand     |
      | 1    | 7♠       |
      | 2    | 9♠ 9♦    |
      | 3    | 7♦       |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 3 throws in 7♦
      seat 2 beats 7♠ with 9♠
      """
    And seat 2 beats 7♦ with 9♦
    Then it is accepted
    And the game is a draw
    And seats 1, 2 and 3 win

  @id:howto-durak.end.defender-out-attacker-durak @rule:howto-durak.end.durak @rule:howto-durak.end.going-out @rule:howto-durak.bout.auto-close
  Scenario: The defender beats with their last card while the attacker still holds one: the attacker is the durak
    Source: "The end of the game" - no draw unless nobody has cards; the one left holding cards loses.
    Given the hands are:
      | seat | hand     |
      | 1    | 7♠ K♣ Q♦ |
      | 2    | 9♠       |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      """
    And seat 2 beats 7♠ with 9♠
    Then it is accepted
    And the game is over
    And seat 1 is the durak
    And seat 2 wins

  @id:howto-durak.end.no-action-after-result @rule:howto-durak.game.finished
  Scenario: No action is accepted once the game has a result
    Source: assumed - a decided game takes no further moves.
    Given the hands are:
      | seat | hand     |
      | 1    | 7♠ K♣ Q♦ |
      | 2    | 9♠       |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      """
    And seat 1 attacks with K♣
    Then it is rejected because of rule "game.finished"
    And nobody may act
