Feature: GGTables - thinking time
  Covers "Finishing, settings and departures": each player's total thinking time with an
  increment after every action, and a brief disconnection that pauses the clocks.

  Background:
    Given the "ggtables" profile
    And the trump card is 6♥
    And the stock is empty
    And seat 1 attacks first

  @id:ggtables.clocks.runs-for-the-seat-to-move @rule:ggtables.timers.clock @rule:ggtables.table.settings
  Scenario: Only the clock of the player the game waits for runs, and each action earns the increment
    Source: "Finishing, settings and departures" - total thinking time and the increment after an action.
    Given the options are "players=2, time=60_2"
    And the hands are:
      | seat | hand           |
      | 1    | 9♠ 7♦ 8♣ 9♣    |
      | 2    | 9♦ 10♦ J♦ Q♣   |
    Then seat 1's clock shows 60 seconds
    When 10 seconds pass
    Then seat 1's clock shows 50 seconds
    And seat 2's clock shows 60 seconds
    When seat 1 attacks with 7♦
    Then it is accepted
    And seat 1's clock shows 52 seconds
    When 5 seconds pass
    Then seat 2's clock shows 55 seconds
    And seat 1's clock shows 52 seconds

  @id:ggtables.clocks.other-setting @rule:ggtables.table.settings @rule:ggtables.timers.clock
  Scenario: The table's setting decides the thinking time
    Source: "Finishing, settings and departures" - each table chooses its time and increment.
    Given the options are "players=2, time=600_0"
    And the hands are:
      | seat | hand           |
      | 1    | 9♠ 7♦ 8♣ 9♣    |
      | 2    | 9♦ 10♦ J♦ Q♣   |
    When seat 1 attacks with 7♦
    Then it is accepted
    And seat 1's clock shows 600 seconds

  @id:ggtables.clocks.flag-fall-in-a-duel @rule:ggtables.timers.flag-fall @rule:ggtables.departures.forfeit @rule:ggtables.timers.clock
  Scenario: A player whose time runs out in a two-player game forfeits it
    Source: "Finishing, settings and departures" - silent on an empty clock; the profile assumes
    that running out of time forfeits, like resigning.
    Given the options are "players=2, time=60_2"
    And the hands are:
      | seat | hand           |
      | 1    | 9♠ 7♦ 8♣ 9♣    |
      | 2    | 9♦ 10♦ J♦ Q♣   |
    When 59 seconds pass
    Then the game is not over
    When 1 second passes
    Then the game ends by forfeit
    And seat 1 loses by forfeit
    And seat 2 wins

  @id:ggtables.clocks.disconnection-pauses @rule:ggtables.timers.disconnect
  Scenario: A brief disconnection pauses the clocks until the player is back
    Source: "Finishing, settings and departures" - while a player is briefly away the clocks stop, and they may come back.
    Given the options are "players=2, time=300_5"
    And the hands are:
      | seat | hand           |
      | 1    | 9♠ 7♦ 8♣ 9♣    |
      | 2    | 9♦ 10♦ J♦ Q♣   |
    When seat 2 disconnects
    Then it is accepted
    And the clocks are paused
    When 30 seconds pass
    Then seat 1's clock shows 300 seconds
    And the game is not over
    When seat 2 reconnects
    Then it is accepted
    And the clocks are running
    When 10 seconds pass
    Then seat 1's clock shows 290 seconds
