Feature: GGTables - who attacks first
  Covers the lowest-trump rule of "Goal and preparation"; the no-trump case is the
  profile's assumed fallback (the page is silent).

  Background:
    Given the "ggtables" profile

  @id:ggtables.first-attack.lowest-trump-after-deal @rule:ggtables.first-attack.lowest-trump
  Scenario: After the deal the holder of the lowest trump attacks first
    Source: "Goal and preparation" - the lowest trump in hand decides the first attacker.
    Given the option "players" is "4"
    And 4 seats
    And the stacked deck, top card first, is:
      """
      6♠ J♠ 7♥ Q♥ 7♠ Q♠ 8♥ K♥ 8♠ K♠ 9♥ A♥ 9♠ A♠ 10♥ 6♦ 10♠ 6♥ J♥ 7♦ 9♣ 8♣ 7♣ 10♣
      8♦ 9♦ 10♦ J♦ Q♦ K♦ A♦ 6♣ J♣ Q♣ K♣ A♣
      """
    When the game starts
    Then seat 3 holds "7♣" among others
    And seat 3 is the first attacker
    And seat 3 attacks seat 4

  @id:ggtables.first-attack.lowest-trump-position @rule:ggtables.first-attack.lowest-trump
  Scenario: The lowest trump wins over higher trumps held by other seats
    Source: "Goal and preparation" - lowest trump leads, whatever else the others hold.
    Given the option "players" is "3"
    And the trump card is 6♥
    And the rest of the deck is the stock
    And the hands are:
      | seat | hand              |
      | 1    | 6♠ 7♠ 8♠ 9♠ 10♠ A♥ |
      | 2    | 8♥ J♠ Q♠ K♠ A♠ 6♦  |
      | 3    | 7♥ 7♦ 8♦ 9♦ 10♦ J♦ |
    Then seat 3 is the first attacker
    And seat 3 attacks seat 1

  @id:ggtables.first-attack.any-card @rule:ggtables.first-attack.lowest-trump
  Scenario: The first attacker may lead a card other than the lowest trump
    Source: "Goal and preparation" - the first attacker may lead any card.
    Given the option "players" is "2"
    And the trump card is 6♥
    And the rest of the deck is the stock
    And the hands are:
      | seat | hand               |
      | 1    | 6♠ 7♠ 8♠ 9♠ 10♠ 7♥ |
      | 2    | 8♥ J♠ Q♠ K♠ A♠ 6♦  |
    When seat 1 attacks with 10♠
    Then it is accepted
    And the table is "10♠"
    And seat 2 defends

  @id:ggtables.first-attack.others-wait @rule:ggtables.first-attack.lowest-trump @rule:ggtables.play.turn
  Scenario: A seat without the lowest trump may not open the first bout
    Source: "Goal and preparation" - only the holder of the lowest trump leads.
    Given the option "players" is "3"
    And the trump card is 6♥
    And the rest of the deck is the stock
    And the hands are:
      | seat | hand               |
      | 1    | 6♠ 7♠ 8♠ 9♠ 10♠ 9♥ |
      | 2    | 7♥ J♠ Q♠ K♠ A♠ 6♦  |
      | 3    | 8♥ 7♦ 8♦ 9♦ 10♦ J♦ |
    When seat 1 attacks with 6♠
    Then it is rejected because of rule "play.turn"
    And only seat 2 may act

  @id:ggtables.first-attack.no-trump-lowest-card @rule:ggtables.first-attack.no-trump
  Scenario: With no trump in any hand the lowest card leads
    Source: assumed (the page is silent) - the lowest card attacks first when nobody holds a trump.
    Given the option "players" is "3"
    And the trump card is 6♥
    And the rest of the deck is the stock
    And the hands are:
      | seat | hand               |
      | 1    | 7♠ 8♠ 9♠ 10♠ J♠ Q♠ |
      | 2    | 7♦ 8♦ 9♦ 10♦ J♦ Q♦ |
      | 3    | 6♣ 8♣ 9♣ 10♣ J♣ Q♣ |
    Then seat 3 is the first attacker

  @id:ggtables.first-attack.no-trump-tie-lower-seat @rule:ggtables.first-attack.no-trump
  Scenario: With no trump dealt, equal lowest cards go to the lower seat
    Source: assumed (the page is silent) - ties for the lowest card go to the lower seat.
    Given the option "players" is "3"
    And the trump card is 6♥
    And the rest of the deck is the stock
    And the hands are:
      | seat | hand               |
      | 1    | 7♠ 8♠ 9♠ 10♠ J♠ Q♠ |
      | 2    | 6♦ 8♦ 9♦ 10♦ J♦ Q♦ |
      | 3    | 6♣ 8♣ 9♣ 10♣ J♣ Q♣ |
    Then seat 2 is the first attacker
