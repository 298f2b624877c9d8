Feature: Durak Challenge - the next game, shown trump and leaving
  Covers "Who attacks first?" (the lowest trump is shown; a winner leads the next game) and
  "Forfeiting a Game" (leaving a started game is a loss).

  Background:
    Given the "durak-challenge" profile
    And seat 2 is the computer

  @id:durak-challenge.next-game.lowest-trump-shown @rule:durak-challenge.first-attack.shown @rule:durak-challenge.first-attack.lowest-trump
  Scenario: The lowest trump that decides the first attack is shown to both players
    Source: "Who attacks first?" - the lowest trump is exposed to both players.
    Given 2 seats
    And the deck starts with "9♥ 7♥ 8♠ 7♠ 9♠ 8♣ 10♠ 9♣ J♠ 10♣ Q♠ J♣" and ends with A♥
    Then seat 2 is the first attacker
    And seat 2 shows 7♥ as the lowest trump

  @id:durak-challenge.next-game.winner-leads @rule:durak-challenge.first-attack.winner-leads
  Scenario: The winner of a game attacks first in the next, whoever holds the lowest trump
    Source: "Who attacks first?" - once a winner is determined, the winner attacks first next game.
    Given the trump card is 10♥
    And the stock is empty
    And the hands are:
      | seat | hand     |
      | 1    | 7♠       |
      | 2    | 9♠ 8♦ Q♣ |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      seat 2 keeps the defence
      """
    Then seat 1 wins
    When the next game is dealt from a deck starting "9♥ 7♥ 8♠ 7♠ 9♠ 8♣ 10♠ 9♣ J♠ 10♣ Q♠ J♣" and ending with A♥
    Then seat 1 is the first attacker
    And no trump is shown
    And the match counts 1 game played

  @id:durak-challenge.next-game.draw-keeps-lowest-trump @rule:durak-challenge.first-attack.winner-leads @rule:durak-challenge.end.draw
  Scenario: After a draw nobody has won yet, so the lowest trump leads again
    Source: "Who attacks first?" - until a game results in a winner, the lowest trump decides.
    Given the trump card is 10♥
    And the stock is empty
    And the hands are:
      | seat | hand     |
      | 1    | 7♠       |
      | 2    | 9♠       |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      """
    Then the game is a draw
    When the next game is dealt from a deck starting "9♥ 7♥ 8♠ 7♠ 9♠ 8♣ 10♠ 9♣ J♠ 10♣ Q♠ J♣" and ending with A♥
    Then seat 2 is the first attacker
    And seat 2 shows 7♥ as the lowest trump

  @id:durak-challenge.next-game.leaving-loses @rule:durak-challenge.departures.leaving-loses
  Scenario: Leaving a started game is a loss, and the computer leads the next game
    Source: "Forfeiting a Game" - closing or leaving before the end is a loss.
    Given the trump card is 6♥
    And the rest of the deck is the stock
    And the hands are:
      | seat | hand                 |
      | 1    | 9♥ 7♠ 8♦ K♣ Q♠ 10♣   |
      | 2    | 7♥ A♥ 9♠ 6♣ 8♠ J♦    |
    When seat 1 stands up
    Then it is accepted
    And the game ends by forfeit
    And seat 1 loses by forfeit
    And seat 2 wins
    When the next game is dealt from a deck starting "6♥ 7♥ 8♠ 7♠ 9♠ 8♣ 10♠ 9♣ J♠ 10♣ Q♠ J♣" and ending with A♥
    Then seat 2 is the first attacker

  @id:durak-challenge.next-game.no-action-after-leaving @rule:durak-challenge.departures.leaving-loses @rule:durak-challenge.game.finished
  Scenario: After leaving, the game takes no more moves
    Source: "Forfeiting a Game" - the game is lost and over.
    Given the trump card is 6♥
    And the rest of the deck is the stock
    And the hands are:
      | seat | hand                 |
      | 1    | 9♥ 7♠ 8♦ K♣ Q♠ 10♣   |
      | 2    | 7♥ A♥ 9♠ 6♣ 8♠ J♦    |
    When seat 1 stands up
    Then it is accepted
    When seat 2 attacks with 6♣
    Then it is rejected because of rule "game.finished"
