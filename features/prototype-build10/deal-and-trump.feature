Feature: Prototype build 10 - the deck, the deal and the trump
  Covers "Deck and first attack" (36 cards, six each, trump from the exposed bottom card) and
  the table sizes of "Implemented modes" (the duel, and the 2-5 seat debug table).

  Background:
    Given the "prototype-build10" profile

  @id:prototype-build10.deal.duel-six-each @rule:prototype-build10.deal.hands @rule:prototype-build10.table.duel
  Scenario: The duel deals six cards to each player and leaves 24 in the stock
    Source: "Deck and first attack" - six cards each from a 36-card deck.
    Given 2 seats
    And the deck starts with "6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠ 6♦ 7♦ 8♦" and ends with 7♥
    When the game starts
    Then seat 1 holds 6 cards
    And seat 2 holds 6 cards
    And the stock holds 24 cards

  @id:prototype-build10.deal.trump-from-bottom-card @rule:prototype-build10.deal.trump
  Scenario: The exposed bottom card names the trump suit
    Source: "Deck and first attack" - the bottom card's suit is trump.
    Given 2 seats
    And the deck starts with "6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠ 6♦ 7♦ 8♦" and ends with 9♣
    When the game starts
    Then the trump card is 9♣
    And the trump suit is clubs

  @id:prototype-build10.deal.debug-five-seats @rule:prototype-build10.deal.hands @rule:prototype-build10.table.debug
  Scenario: The debug table with five participants deals six each and keeps six in the stock
    Source: "Implemented modes" - a test table of up to five; "Deck and first attack" - six each.
    Given the option "table" is "debug"
    And 5 seats
    And seat 2 is a bot
    And seat 3 is a bot
    And seat 4 is a bot
    And seat 5 is a bot
    And the deck starts with "6♠ 7♠ 8♠ 9♠ 10♠" and ends with A♦
    When the game starts
    Then seat 1 holds 6 cards
    And seat 3 holds 6 cards
    And seat 5 holds 6 cards
    And the stock holds 6 cards
    And the trump suit is diamonds

  @id:prototype-build10.deal.debug-two-seats @rule:prototype-build10.table.debug @rule:prototype-build10.deal.hands
  Scenario: The debug table also plays with two participants
    Source: "Implemented modes" - one human and one computer opponent is the smallest test table.
    Given the option "table" is "debug"
    And 2 seats
    And seat 2 is a bot
    And the deck starts with "6♠ 7♠ 8♠" and ends with 10♥
    When the game starts
    Then seat 1 holds 6 cards
    And seat 2 holds 6 cards
    And the stock holds 24 cards
