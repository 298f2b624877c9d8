Feature: How to play Durak - leaving the table
  Covers the last point of "Time to think": at a table with other people nobody may leave while
  holding cards.

  Background:
    Given the "howto-durak" profile
    And the trump card is 6♥
    And seat 1 attacks first

  @id:howto-durak.departures.holding-cards-stays @rule:howto-durak.departures.no-leaving
  Scenario: A player holding cards cannot leave a table with other people
    Source: "Time to think" - leaving is blocked for anyone still holding cards.
    Given the stock is empty
    And the hands are:
      | seat | hand           |
      | 1    | 9♠ 7♦ 8♣ 9♣    |
      | 2    | 9♦ 10♦ J♦ Q♣   |
      | 3    | 7♣ 10♠ J♠ 9♥   |
    When seat 2 stands up
    Then it is rejected because of rule "departures.no-leaving"
    And the game is not over

  @id:howto-durak.departures.empty-handed-may-leave @rule:howto-durak.departures.no-leaving @rule:howto-durak.end.going-out
  Scenario: A player who is out of cards may leave and the others play on
    Source: "Time to think" - the restriction is about cards in hand.
    Given the stock is empty
    And the hands are:
      | seat | hand           |
      | 1    | 9♠ 7♦ 8♣ 9♣    |
      | 2    | 9♦ 10♦ J♦ Q♣   |
      | 3    | nothing        |
    When seat 3 stands up
    Then it is accepted
    And the game is not over
    And seat 3 is out

  @id:howto-durak.departures.alone-with-bots @rule:howto-durak.departures.no-leaving
  Scenario: With only bots at the table a player may leave with cards, and loses
    Source: "Time to think" - the restriction applies at a table with other people.
    Given the stock is empty
    And seats 2 and 3 are bots
    And the hands are:
      | seat | hand           |
      | 1    | 9♠ 7♦ 8♣ 9♣    |
      | 2    | 9♦ 10♦ J♦ Q♣   |
      | 3    | 7♣ 10♠ J♠ 9♥   |
    When seat 1 stands up
    Then it is accepted
    And the game ends by forfeit
    And seat 1 loses by forfeit
