Feature: Durak Challenge - who attacks first
  Covers "Who attacks first?": the hand with the lowest trump opens the first game; with no
  trump in either hand the human player (seat 1) opens.

  Background:
    Given the "durak-challenge" profile
    And seat 2 is the computer

  @id:durak-challenge.first-attack.computer-lowest-trump @rule:durak-challenge.first-attack.lowest-trump
  Scenario: The computer holds the lowest trump and attacks first
    Source: "Who attacks first?" - the lowest trump in a hand decides; the face-up card in the deck does not count.
    Given the trump card is 6♥
    And the rest of the deck is the stock
    And the hands are:
      | seat | hand                 |
      | 1    | 9♥ 7♠ 8♦ K♣ Q♠ 10♣   |
      | 2    | 7♥ A♥ 9♠ 6♣ 8♠ J♦    |
    Then seat 2 is the first attacker
    And seat 2 attacks seat 1
    And only seat 2 may act

  @id:durak-challenge.first-attack.human-lowest-trump @rule:durak-challenge.first-attack.lowest-trump
  Scenario: The player with the single lowest trump attacks first, however many trumps the other holds
    Source: "Who attacks first?" - the lowest ranking trump decides, not the number of trumps.
    Given the trump card is 6♠
    And the rest of the deck is the stock
    And the hands are:
      | seat | hand                 |
      | 1    | 7♠ 9♥ 8♦ K♣ Q♥ 10♣   |
      | 2    | 8♠ 9♠ A♠ K♠ Q♠ J♦    |
    Then seat 1 is the first attacker
    And seat 1 attacks seat 2

  @id:durak-challenge.first-attack.no-trump-human-leads @rule:durak-challenge.first-attack.no-trump
  Scenario: With no trump in either hand the human player attacks first, even against the lowest card
    Source: "Who attacks first?" - no trump in either hand: the player, not the computer, attacks first.
    Given the trump card is 6♥
    And the rest of the deck is the stock
    And the hands are:
      | seat | hand                 |
      | 1    | 9♠ 10♠ 8♦ K♣ Q♠ 10♣  |
      | 2    | 6♠ 6♦ 7♣ 6♣ 8♠ J♦    |
    Then seat 1 is the first attacker
    And seat 1 attacks seat 2

  @id:durak-challenge.first-attack.dealt-lowest-trump @rule:durak-challenge.first-attack.lowest-trump @rule:durak-challenge.deal.hands
  Scenario: After a deal the hand with the lowest trump opens
    Source: "The Deal" and "Who attacks first?" - six cards each, then the lowest trump decides (the stacked deck gives seat 1 the ace and seat 2 the seven of trumps whichever way six cards each are dealt).
    Given 2 seats
    And the deck starts with "A♥ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠ 6♦ 7♥" and ends with 6♥
    When the game starts
    Then seat 2 is the first attacker
    And seat 1 holds "A♥" among others
    And seat 2 holds "7♥" among others

  @id:durak-challenge.first-attack.dealt-no-trump @rule:durak-challenge.first-attack.no-trump
  Scenario: After a deal with no trump in either hand the human player opens
    Source: "Who attacks first?" - the player, not the computer, when neither hand holds a trump.
    Given 2 seats
    And the deck starts with "6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠ 6♦ 7♦ 8♦" and ends with 6♥
    When the game starts
    Then seat 1 is the first attacker
    And seat 1 attacks seat 2
