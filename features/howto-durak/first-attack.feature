Feature: How to play Durak - who attacks first
  Covers "Dealing and the trump suit": the lowest trump leads; with no trump in any hand the
  lowest card leads. (Showing the lowest trump to the table is not checked yet.)

  Background:
    Given the "howto-durak" profile
    And the trump card is 6♥
    And the rest of the deck is the stock

  @id:howto-durak.first-attack.lowest-trump-leads @rule:howto-durak.first-attack.lowest-trump @rule:howto-durak.attack.target
  Scenario: The player holding the lowest trump makes the first attack
    Source: "Dealing and the trump suit" - the lowest trump decides who attacks first.
    Given the hands are:
      | seat | hand              |
      | 1    | 9♥ 6♠ 7♠ 8♠ 9♠ 10♠ |
      | 2    | 7♥ A♠ K♦ Q♦ J♦ 10♦ |
      | 3    | 6♦ 7♦ 8♦ 9♦ 6♣ 7♣ |
    When the game starts
    Then seat 2 is the first attacker
    And seat 2 attacks seat 3
    And only seat 2 may act

  @id:howto-durak.first-attack.low-plain-card-irrelevant @rule:howto-durak.first-attack.lowest-trump
  Scenario: A low plain card does not outrank a trump when choosing the first attacker
    Source: "Dealing and the trump suit" - only trumps count while anyone holds one.
    Given the hands are:
      | seat | hand               |
      | 1    | 6♠ 6♦ 6♣ 7♠ 7♦ 7♣  |
      | 2    | 8♠ 8♦ 8♣ 9♠ 9♦ 9♣  |
      | 3    | A♥ K♠ K♦ K♣ Q♠ Q♦ |
    When the game starts
    Then seat 3 is the first attacker
    And seat 3 attacks seat 1

  @id:howto-durak.first-attack.no-trump-lowest-card @rule:howto-durak.first-attack.no-trump
  Scenario: With no trump in any hand the lowest card starts
    Source: "Dealing and the trump suit" - nobody holds a trump, so the lowest card leads.
    Given the hands are:
      | seat | hand               |
      | 1    | 8♠ 9♠ 10♠ J♠ Q♠ K♠ |
      | 2    | 7♦ 9♦ 10♦ J♦ Q♦ K♦ |
      | 3    | 6♣ A♠ A♦ 10♣ J♣ Q♣ |
    When the game starts
    Then seat 3 is the first attacker
    And seat 3 attacks seat 1

  @id:howto-durak.first-attack.no-trump-52 @rule:howto-durak.first-attack.no-trump @rule:howto-durak.deal.deck-sizes
  Scenario: With the 52-card deck a two is the lowest card
    Source: "The cards" - the 52-card deck runs from two; "Dealing and the trump suit" - lowest card leads without trumps.
    Given the option "deck" is "52"
    And the hands are:
      | seat | hand               |
      | 1    | 3♠ 4♠ 5♠ 6♠ 7♠ 8♠  |
      | 2    | 2♦ A♠ K♠ Q♠ J♠ 10♠ |
    When the game starts
    Then seat 2 is the first attacker
    And seat 2 attacks seat 1
