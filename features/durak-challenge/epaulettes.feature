Feature: Durak Challenge - the double-six win (fool with epaulettes)
  Covers "The Double Six Win": an attacker who wins with two sixes as the final cards of the
  last bout gives the loser epaulettes; it counts double but as one game played.

  Background:
    Given the "durak-challenge" profile
    And seat 2 is the computer
    And the trump card is 10♥
    And the stock is empty

  @id:durak-challenge.epaulettes.human-double-six @rule:durak-challenge.epaulettes.double-six @rule:durak-challenge.epaulettes.score
  Scenario: The player wins by attacking with two sixes: the computer gets a pair of epaulettes
    Source: "The Double Six Win" - the two final cards of the winning attacker are sixes; a double win.
    Given the hands are:
      | seat | hand        |
      | 1    | 6♠ 6♦       |
      | 2    | 7♠ 8♦ 9♣ J♣ |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 6♠
      seat 2 beats 6♠ with 7♠
      seat 1 throws in 6♦
      seat 2 beats 6♦ with 8♦
      seat 2 keeps the defence
      """
    Then the game is over
    And seat 2 is the durak
    And the game is won with epaulettes
    And seat 2 wears 1 pair of epaulettes
    And seat 1 has 2 win points in the match
    And seat 2 has 2 loss points in the match
    And the match counts 1 game played

  @id:durak-challenge.epaulettes.last-cards-not-both-sixes @rule:durak-challenge.epaulettes.double-six
  Scenario: A win whose final two cards are a six and a seven is a plain win
    Source: "The Double Six Win" - both final cards must be sixes.
    Given the hands are:
      | seat | hand        |
      | 1    | 6♠ 7♦       |
      | 2    | 7♠ 8♦ 9♣ J♣ |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 6♠
      seat 2 beats 6♠ with 7♠
      seat 1 throws in 7♦
      seat 2 beats 7♦ with 8♦
      seat 2 keeps the defence
      """
    Then seat 2 is the durak
    And the game is won without epaulettes
    And seat 1 has 1 win point in the match
    And seat 2 wears 0 pairs of epaulettes

  @id:durak-challenge.epaulettes.computer-double-six @rule:durak-challenge.epaulettes.double-six @rule:durak-challenge.epaulettes.score
  Scenario: The computer winning with two sixes takes a pair of epaulettes back from its count
    Source: "The Double Six Win" - a loss in this manner reduces the epaulette pairs by one and counts as a double loss.
    Given the hands are:
      | seat | hand        |
      | 1    | 7♠ 8♦ 9♣ J♣ |
      | 2    | 6♠ 6♦       |
    And seat 2 attacks first
    When they play:
      """
      seat 2 attacks with 6♠
      seat 1 beats 6♠ with 7♠
      seat 2 throws in 6♦
      seat 1 beats 6♦ with 8♦
      seat 1 keeps the defence
      """
    Then seat 1 is the durak
    And the game is won with epaulettes
    And seat 1 wears 1 pair of epaulettes
    And seat 2 wears -1 pairs of epaulettes
    And seat 1 has 2 loss points in the match
    And the match counts 1 game played

  @id:durak-challenge.epaulettes.single-card-bout @rule:durak-challenge.epaulettes.double-six
  Scenario: A last bout of a single six is no double-six win
    Source: "The Double Six Win" - two final cards within one bout.
    Given the hands are:
      | seat | hand        |
      | 1    | 6♠          |
      | 2    | 7♠ 8♦ 9♣    |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 6♠
      seat 2 beats 6♠ with 7♠
      seat 2 keeps the defence
      """
    Then seat 2 is the durak
    And the game is won without epaulettes
