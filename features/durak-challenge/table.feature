Feature: Durak Challenge - one player against the computer
  Covers "Object of the Game" and "Forfeiting a Game": a game of two opponents, the player and
  the computer.

  Background:
    Given the "durak-challenge" profile
    And the trump card is 6♥
    And the rest of the deck is the stock
    And the game is started through the lobby

  @id:durak-challenge.table.player-and-computer @rule:durak-challenge.table.bots @rule:durak-challenge.table.duel
  Scenario: The player and the computer make the table
    Source: "Object of the Game" - you against the computer.
    Given seat 2 is the computer
    And the hands are:
      | seat | hand                 |
      | 1    | 9♥ 7♠ 8♦ K♣ Q♠ 10♣   |
      | 2    | 7♥ A♥ 9♠ 6♣ 8♠ J♦    |
    Then the game starts

  @id:durak-challenge.table.no-second-person @rule:durak-challenge.table.bots
  Scenario: Two people cannot play each other here
    Source: "Object of the Game" - the opponent is the computer.
    Given the hands are:
      | seat | hand                 |
      | 1    | 9♥ 7♠ 8♦ K♣ Q♠ 10♣   |
      | 2    | 7♥ A♥ 9♠ 6♣ 8♠ J♦    |
    Then the engine refuses to start the game because of rule "table.bots"

  @id:durak-challenge.table.no-third-seat @rule:durak-challenge.table.duel
  Scenario: There is no third seat
    Source: "Forfeiting a Game" - a game of only two opponents.
    Given seat 2 is the computer
    And 3 seats
    And the deck starts with "9♥ 7♥ 8♠ 7♠ A♥ J♦ 8♦ 9♠ 10♦ K♣ 6♣ Q♦" and ends with 6♥
    Then the engine refuses to start the game
