Feature: Prototype build 10 - who sits at the table
  Covers "Implemented modes": the offline duel against the computer and the debug test table
  with one human and one to four computer opponents; mixed rooms with several people are not
  available.

  Background:
    Given the "prototype-build10" profile
    And the trump card is 6♥
    And the stock is empty
    And seat 1 attacks first
    And the game is started through the lobby

  @id:prototype-build10.table.duel-against-computer @rule:prototype-build10.table.bots @rule:prototype-build10.table.duel
  Scenario: The duel is one person against the computer
    Source: "Implemented modes" - the local offline duel.
    Given the option "table" is "duel"
    And seat 2 is the computer
    And the hands are:
      | seat | hand           |
      | 1    | 9♠ 7♦ 8♣ 9♣    |
      | 2    | 9♦ 10♦ J♦ Q♣   |
    Then the game starts

  @id:prototype-build10.table.no-two-people @rule:prototype-build10.table.unavailable @rule:prototype-build10.table.bots
  Scenario: Two people cannot share a table
    Source: "Implemented modes" - mixed online rooms and friend invitations are not ready.
    Given the option "table" is "duel"
    And the hands are:
      | seat | hand           |
      | 1    | 9♠ 7♦ 8♣ 9♣    |
      | 2    | 9♦ 10♦ J♦ Q♣   |
    Then the engine refuses to start the game because of rule "table.bots"

  @id:prototype-build10.table.debug-four-computers @rule:prototype-build10.table.debug @rule:prototype-build10.table.bots
  Scenario: The debug table seats one person and four computer opponents
    Source: "Implemented modes" - the test table: a single person, up to four computer opponents.
    Given the option "table" is "debug"
    And seats 2, 3, 4 and 5 are bots
    And the hands are:
      | seat | hand           |
      | 1    | 9♠ 7♦ 8♣       |
      | 2    | 9♦ 10♦ J♦      |
      | 3    | 7♣ 10♠ J♠      |
      | 4    | 6♠ 6♦ 6♣       |
      | 5    | Q♠ Q♦ 7♠ K♦    |
    Then the game starts

  @id:prototype-build10.table.debug-one-person-only @rule:prototype-build10.table.debug @rule:prototype-build10.table.unavailable
  Scenario: Even the debug table has room for only one person
    Source: "Implemented modes" - one human on the test table.
    Given the option "table" is "debug"
    And seat 3 is a bot
    And the hands are:
      | seat | hand           |
      | 1    | 9♠ 7♦ 8♣       |
      | 2    | 9♦ 10♦ J♦      |
      | 3    | 7♣ 10♠ J♠ Q♦   |
    Then the engine refuses to start the game because of rule "table.bots"
