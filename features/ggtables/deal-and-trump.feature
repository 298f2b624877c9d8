Feature: GGTables - table size, the deal and the trump card
  Covers "Goal and preparation" (deck, six cards each, the face-up trump under the stock)
  and the player count offered under "Finishing, settings and departures".

  Background:
    Given the "ggtables" profile

  @id:ggtables.deal.four-players-six-each @rule:ggtables.deal.hands @rule:ggtables.table.players
  Scenario: A four-player table deals six cards to everyone from the 36-card deck
    Source: "Goal and preparation" - 36 cards, six per player; a table for four.
    Given the option "players" is "4"
    And 4 seats
    And the deck starts with "" and ends with 7♥
    When the game starts
    Then seat 1 holds 6 cards
    And seat 2 holds 6 cards
    And seat 3 holds 6 cards
    And seat 4 holds 6 cards
    And the stock holds 12 cards

  @id:ggtables.deal.three-players-six-each @rule:ggtables.deal.hands @rule:ggtables.table.players
  Scenario: A three-player table leaves eighteen cards in the stock
    Source: "Goal and preparation" - six cards each; a table may be set for three.
    Given the option "players" is "3"
    And 3 seats
    And the deck starts with "" and ends with 7♥
    When the game starts
    Then seat 1 holds 6 cards
    And seat 2 holds 6 cards
    And seat 3 holds 6 cards
    And the stock holds 18 cards

  @id:ggtables.deal.two-players-six-each @rule:ggtables.deal.hands @rule:ggtables.table.players
  Scenario: A two-player table leaves twenty-four cards in the stock
    Source: "Goal and preparation" - two to four people; six cards each.
    Given the option "players" is "2"
    And 2 seats
    And the deck starts with "" and ends with 7♥
    When the game starts
    Then seat 1 holds 6 cards
    And seat 2 holds 6 cards
    And the stock holds 24 cards

  @id:ggtables.deal.trump-card-under-stock @rule:ggtables.deal.trump
  Scenario: The face-up card fixes the trump suit and lies at the bottom of the stock
    Source: "Goal and preparation" - the face-up card gives trump and is drawn last.
    Given the option "players" is "4"
    And 4 seats
    And the stacked deck, top card first, is:
      """
      6♠ J♠ 7♥ Q♥ 7♠ Q♠ 8♥ K♥ 8♠ K♠ 9♥ A♥ 9♠ A♠ 10♥ 6♦ 10♠ 6♥ J♥ 7♦ 9♣ 8♣ 7♣ 10♣
      8♦ 9♦ 10♦ J♦ Q♦ K♦ A♦ 6♣ J♣ Q♣ K♣ A♣
      """
    When the game starts
    Then the trump card is A♣
    And the trump suit is clubs
    And the stock, top first, is "8♦ 9♦ 10♦ J♦ Q♦ K♦ A♦ 6♣ J♣ Q♣ K♣ A♣"
