Feature: How to play Durak - the lowest trump is shown
  Covers "Dealing and the trump suit": the first attacker shows the lowest trump to everyone.

  Background:
    Given the "howto-durak" profile
    And 3 seats

  @id:howto-durak.shown-trump.first-attacker-shows @rule:howto-durak.first-attack.lowest-trump
  Scenario: The holder of the lowest trump attacks first and everyone sees that trump
    Source: "Dealing and the trump suit" - the lowest trump is shown to everyone.
    Given the deck starts with "9♥ 7♥ 8♠ 7♠ 9♠ 8♣ 10♠ 9♣ J♠ 10♣ Q♠ J♣ K♠ Q♣ A♠ K♣ 6♠ A♣" and ends with A♥
    Then seat 2 is the first attacker
    And seat 2 shows 7♥ as the lowest trump

  @id:howto-durak.shown-trump.nothing-to-show @rule:howto-durak.first-attack.no-trump
  Scenario: Without a trump in any hand the lowest card leads and nothing is shown
    Source: "Dealing and the trump suit" - with no trump the lowest card starts.
    Given the deck starts with "9♦ 7♦ 8♠ 7♠ 9♠ 8♣ 10♠ 9♣ J♠ 10♣ Q♠ J♣ K♠ Q♣ A♠ K♣ 6♠ A♣" and ends with A♥
    Then seat 2 is the first attacker
    And no trump is shown
