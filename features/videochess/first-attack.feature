Feature: VideoChess - who makes the first move and whom they attack
  Covers the first-move paragraph of "Durak: rules": the lowest trump leads, otherwise the lowest
  card with ties to the lower seat, and the attack goes to the next opponent still in the game.

  Background:
    Given the "videochess" profile
    And the options are "rules=throw_in, teams=solo"

  @id:videochess.first-attack.lowest-trump-leads @rule:videochess.first-attack.lowest-trump @rule:videochess.attack.target
  Scenario: The holder of the lowest trump leads, even against a lower plain card
    Source: first-move paragraph - the lowest trump moves first.
    Given the trump card is 7♥
    And the rest of the deck is the stock
    And the hands are:
      | seat | hand              |
      | 1    | 6♠ 9♠ J♦ Q♦ K♦ A♦ |
      | 2    | 10♥ 7♦ 8♦ 9♦ 6♣ 7♣ |
      | 3    | 8♥ 10♠ J♠ Q♠ K♠ A♠ |
      | 4    | A♥ 8♣ 9♣ 10♣ J♣ Q♣ |
    Then seat 3 is the first attacker
    And seat 3 attacks seat 4
    And only seat 3 may act

  @id:videochess.first-attack.six-of-trumps @rule:videochess.first-attack.lowest-trump
  Scenario: The six of trumps outranks every other trump for the first move
    Source: first-move paragraph - the lowest trump moves first.
    Given the trump card is 7♥
    And the rest of the deck is the stock
    And the hands are:
      | seat | hand               |
      | 1    | 8♥ 9♠ J♦ Q♦ K♦ A♦  |
      | 2    | 10♥ 7♦ 8♦ 9♦ 6♣ 7♣ |
      | 3    | 9♥ 10♠ J♠ Q♠ K♠ A♠ |
      | 4    | 6♥ 8♣ 9♣ 10♣ J♣ Q♣ |
    Then seat 4 is the first attacker
    And seat 4 attacks seat 1

  @id:videochess.first-attack.no-trump-lowest-card @rule:videochess.first-attack.no-trump
  Scenario: With no trump in any hand the lowest card leads
    Source: first-move paragraph - nobody holds a trump, so the lowest card moves first.
    Given the trump card is 6♥
    And the rest of the deck is the stock
    And the hands are:
      | seat | hand               |
      | 1    | 8♠ 9♠ J♦ Q♦ K♦ A♦  |
      | 2    | 10♠ 8♦ 9♦ 8♣ 9♣ 10♣ |
      | 3    | 7♠ J♠ Q♠ K♠ A♠ 10♦ |
    Then seat 3 is the first attacker
    And seat 3 attacks seat 1

  @id:videochess.first-attack.no-trump-tie-lower-seat @rule:videochess.first-attack.no-trump
  Scenario: Two lowest cards of the same rank: the lower seat number leads
    Source: first-move paragraph - on a tie for the lowest card, the lower seat.
    Given the trump card is 6♥
    And the rest of the deck is the stock
    And the hands are:
      | seat | hand               |
      | 1    | 8♠ 9♠ J♦ Q♦ K♦ A♦  |
      | 2    | 10♠ 7♦ 8♦ 9♦ 6♣ 9♣ |
      | 3    | 7♠ J♠ Q♠ K♠ A♠ 10♦ |
      | 4    | 6♠ 10♣ J♣ Q♣ K♣ A♣ |
    Then seat 2 is the first attacker
    And seat 2 attacks seat 3

  @id:videochess.first-attack.dealt-tie @rule:videochess.first-attack.no-trump @rule:videochess.deal.hands
  Scenario: After a deal with every trump left in the stock, the lowest seat holding a six leads
    Source: first-move paragraph - no trump dealt, three sixes tie, seat 1 is the lowest.
    Given 4 seats
    And the deck starts with "6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦ A♦ 6♣ 7♣ 8♣ 9♣ 10♣ J♣" and ends with 7♥
    When the game starts
    Then seat 1 is the first attacker
    And seat 1 attacks seat 2

  @id:videochess.first-attack.dealt-trump-leads @rule:videochess.first-attack.lowest-trump @rule:videochess.attack.target
  Scenario: After a three-seat deal the only trump holder leads and attacks round the corner
    Source: first-move paragraph - the lowest trump moves first; the next seat clockwise of seat 3 is seat 1.
    Given 3 seats
    And the deck starts with "6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦ 7♣" and ends with 6♣
    When the game starts
    Then seat 3 is the first attacker
    And seat 3 attacks seat 1

  @id:videochess.attack.target-skips-out-seat @rule:videochess.attack.target
  Scenario: The attack passes over a seat that has left the game
    Source: first-move paragraph - you attack the next opponent clockwise still in the game.
    Given the trump card is 6♥
    And the stock is empty
    And the hands are:
      | seat | hand     |
      | 1    | 7♠ 8♦    |
      | 2    |          |
      | 3    | 9♠ 6♣    |
      | 4    | 10♠ 7♣   |
    And seat 1 attacks first
    Then seat 2 is out
    And seat 1 attacks seat 3
