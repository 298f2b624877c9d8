Feature: GGTables - resigning and not coming back
  Covers "Finishing, settings and departures": resigning or an expired return period forfeits
  the player's result; with enough players left their hand and the bout are removed and play
  goes on; a player already out keeps the result.

  Background:
    Given the "ggtables" profile
    And the trump card is 6♥
    And seat 1 attacks first

  @id:ggtables.departures.resign-mid-bout @rule:ggtables.departures.continue @rule:ggtables.departures.forfeit @ambiguous @reading:departure_next_attacker=bout_starter
  Scenario: A thrower resigns mid-bout: the bout and the hand leave play and the starter attacks again
    Source: "Finishing, settings and departures" - hand and unfinished bout removed, hands refill, play continues (profile reading: the removed bout's starter opens again).
    Given the options are "players=3"
    And the stock, top first, is "K♥ A♥ Q♥ 6♥"
    And the hands are:
      | seat | hand                 |
      | 1    | 9♠ 7♦ 8♣ 9♣ J♣ Q♠    |
      | 2    | 9♦ 10♦ J♦ Q♣ K♣ A♣   |
      | 3    | 7♣ 10♠ J♠ 7♠ 8♠ K♠   |
    When they play:
      """
      seat 1 attacks with 7♦
      seat 2 beats 7♦ with 9♦
      """
    And seat 3 resigns
    Then it is accepted
    And seat 3 has left the game
    And the table is empty
    And the discard pile includes "7♦ 9♦ 7♣ 10♠ J♠ 7♠ 8♠ K♠"
    And seat 1 holds 6 cards
    And seat 2 holds 6 cards
    And the stock holds 2 cards
    And the game is not over
    And seat 1 attacks next
    And seat 1 attacks seat 2

  @id:ggtables.departures.defender-resigns @rule:ggtables.departures.continue @ambiguous @reading:departure_next_attacker=bout_starter
  Scenario: When the defender resigns the starter attacks the next player still in the game
    Source: "Finishing, settings and departures" - play continues with the players left (profile reading: the removed bout's starter opens again).
    Given the options are "players=3"
    And the stock, top first, is "K♥ A♥ Q♥ 6♥"
    And the hands are:
      | seat | hand                 |
      | 1    | 9♠ 7♦ 8♣ 9♣ J♣ Q♠    |
      | 2    | 9♦ 10♦ J♦ Q♣ K♣ A♣   |
      | 3    | 7♣ 10♠ J♠ 7♠ 8♠ K♠   |
    When seat 1 attacks with 7♦
    And seat 2 resigns
    Then it is accepted
    And seat 2 has left the game
    And seat 1 attacks seat 3
    And seat 1 holds 6 cards

  @id:ggtables.departures.resign-mid-bout-usual-next-attacker @rule:ggtables.departures.continue @rule:ggtables.departures.forfeit @ambiguous @reading:departure_next_attacker=usual
  Scenario: A thrower resigns mid-bout: under the other reading the defender opens next, as after a bout beaten off
    Source: "Finishing, settings and departures" - hand and unfinished bout removed, hands refill, play continues (the other reading: the usual next-attacker rule follows).
    Given the options are "players=3"
    And the stock, top first, is "K♥ A♥ Q♥ 6♥"
    And the hands are:
      | seat | hand                 |
      | 1    | 9♠ 7♦ 8♣ 9♣ J♣ Q♠    |
      | 2    | 9♦ 10♦ J♦ Q♣ K♣ A♣   |
      | 3    | 7♣ 10♠ J♠ 7♠ 8♠ K♠   |
    When they play:
      """
      seat 1 attacks with 7♦
      seat 2 beats 7♦ with 9♦
      """
    And seat 3 resigns
    Then it is accepted
    And seat 3 has left the game
    And the table is empty
    And the discard pile includes "7♦ 9♦ 7♣ 10♠ J♠ 7♠ 8♠ K♠"
    And seat 1 holds 6 cards
    And seat 2 holds 6 cards
    And the stock holds 2 cards
    And the game is not over
    And seat 2 attacks next
    And seat 2 attacks seat 1

  @id:ggtables.departures.defender-resigns-usual-next-attacker @rule:ggtables.departures.continue @ambiguous @reading:departure_next_attacker=usual
  Scenario: When the defender resigns, under the other reading the next player after the defender opens
    Source: "Finishing, settings and departures" - play continues with the players left (the other reading: the usual next-attacker rule follows).
    Given the options are "players=3"
    And the stock, top first, is "K♥ A♥ Q♥ 6♥"
    And the hands are:
      | seat | hand                 |
      | 1    | 9♠ 7♦ 8♣ 9♣ J♣ Q♠    |
      | 2    | 9♦ 10♦ J♦ Q♣ K♣ A♣   |
      | 3    | 7♣ 10♠ J♠ 7♠ 8♠ K♠   |
    When seat 1 attacks with 7♦
    And seat 2 resigns
    Then it is accepted
    And seat 2 has left the game
    And seat 3 attacks seat 1
    And seat 1 holds 6 cards

  @id:ggtables.departures.resign-before-the-first-card-either-reading @rule:ggtables.departures.continue
  Scenario: A player who resigns before the bout's first card leaves its starter the lead, under either reading
    Source: "Finishing, settings and departures" - play continues with the players left; with no card played there is no bout to follow.
    Given the options are "players=3"
    And the stock, top first, is "K♥ A♥ Q♥ 6♥"
    And the hands are:
      | seat | hand                 |
      | 1    | 9♠ 7♦ 8♣ 9♣ J♣ Q♠    |
      | 2    | 9♦ 10♦ J♦ Q♣ K♣ A♣   |
      | 3    | 7♣ 10♠ J♠ 7♠ 8♠ K♠   |
    When seat 3 resigns
    Then it is accepted
    And seat 3 has left the game
    And seat 1 attacks seat 2

  @id:ggtables.departures.resign-last-opponent @rule:ggtables.departures.forfeit
  Scenario: When too few players are left, a resignation ends the game as a loss for the resigner
    Source: "Finishing, settings and departures" - resignation forfeits the result; play goes on only with enough players.
    Given the options are "players=2"
    And the stock is empty
    And the hands are:
      | seat | hand           |
      | 1    | 9♠ 7♦ 8♣ 9♣    |
      | 2    | 9♦ 10♦ J♦ Q♣   |
    When seat 2 resigns
    Then it is accepted
    And the game ends by forfeit
    And seat 2 loses by forfeit
    And seat 1 wins

  @id:ggtables.departures.forfeit-then-durak @rule:ggtables.departures.forfeit @rule:ggtables.end.durak
  Scenario: A player who resigned loses even when another player ends up holding cards
    Source: "Finishing, settings and departures" - the resigner's result is forfeited; the last player with cards loses too.
    Given the options are "players=3"
    And the stock is empty
    And the hands are:
      | seat | hand     |
      | 1    | 7♠       |
      | 2    | 9♠ 8♦    |
      | 3    | 10♣ J♣ Q♣ |
    When seat 3 resigns
    Then it is accepted
    And the game is not over
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      """
    Then the game is over
    And seat 2 is the durak
    And seat 3 loses by forfeit
    And seat 1 wins

  @id:ggtables.departures.out-keeps-result @rule:ggtables.departures.out-keeps-result
  Scenario: A player already out who leaves keeps their place among the winners
    Source: "Finishing, settings and departures" - someone who was already safe does not lose that place by leaving.
    Given the options are "players=3"
    And the stock is empty
    And the hands are:
      | seat | hand     |
      | 1    | 7♠       |
      | 2    | 9♠ 8♦ Q♦ |
      | 3    | nothing  |
    When seat 3 resigns
    Then it is accepted
    And the game is not over
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      """
    Then seat 2 is the durak
    And seats 1 and 3 win

  @id:ggtables.departures.return-period-expires @rule:ggtables.departures.forfeit @rule:ggtables.timers.disconnect
  Scenario: A player not back within the return period has left, and the others play on
    Source: "Finishing, settings and departures" - an expired return period forfeits the result.
    Given the options are "players=3, return_period=60"
    And the stock is empty
    And the hands are:
      | seat | hand           |
      | 1    | 9♠ 7♦ 8♣ 9♣    |
      | 2    | 9♦ 10♦ J♦ Q♣   |
      | 3    | 7♣ 10♠ J♠ 7♠   |
    When seat 3 disconnects
    Then it is accepted
    When 59 seconds pass
    Then the game is not over
    And seat 3 is disconnected
    When 1 second passes
    Then seat 3 has left the game
    And the game is not over
    And seat 1 attacks seat 2

  @id:ggtables.departures.clocks-run-after-no-return @rule:ggtables.timers.disconnect @rule:ggtables.departures.continue
  Scenario: Once a disconnected player's return period has expired, the others' clocks run again
    Source: "Finishing, settings and departures" - only a brief disconnection pauses the clocks; after the return period the player has left and play goes on.
    Given the options are "players=3, time=300_5, return_period=60"
    And the stock, top first, is "K♥ A♥ Q♥ 6♥"
    And the hands are:
      | seat | hand                 |
      | 1    | 9♠ 7♦ 8♣ 9♣ J♣ Q♠    |
      | 2    | 9♦ 10♦ J♦ Q♣ K♣ A♣   |
      | 3    | 7♣ 10♠ J♠ 7♠ 8♠ K♠   |
    When seat 3 disconnects
    Then the clocks are paused
    When 60 seconds pass
    Then seat 3 has left the game
    And the clocks are running
    And seat 1's clock shows 300 seconds
    When 10 seconds pass
    Then seat 1's clock shows 290 seconds

  @id:ggtables.departures.clocks-run-after-resigning-disconnected @rule:ggtables.timers.disconnect @rule:ggtables.departures.forfeit
  Scenario: A disconnected player who resigns no longer holds the others' clocks
    Source: "Finishing, settings and departures" - resignation forfeits and play continues; the pause is for a player who may still come back.
    Given the options are "players=3, time=300_5"
    And the stock, top first, is "K♥ A♥ Q♥ 6♥"
    And the hands are:
      | seat | hand                 |
      | 1    | 9♠ 7♦ 8♣ 9♣ J♣ Q♠    |
      | 2    | 9♦ 10♦ J♦ Q♣ K♣ A♣   |
      | 3    | 7♣ 10♠ J♠ 7♠ 8♠ K♠   |
    When seat 3 disconnects
    And seat 3 resigns
    Then it is accepted
    And seat 3 has left the game
    And the clocks are running
    When 10 seconds pass
    Then seat 1's clock shows 290 seconds

  @id:ggtables.departures.clocks-run-after-out-player-leaves @rule:ggtables.timers.disconnect @rule:ggtables.departures.out-keeps-result
  Scenario: A player already out who disconnects for good does not stop the clocks of those still playing
    Source: "Finishing, settings and departures" - a player already out keeps the result; the clocks pause only while someone may still come back.
    Given the options are "players=3, time=300_5, return_period=60"
    And the stock is empty
    And the discard pile holds 32 other cards
    And the hands are:
      | seat | hand     |
      | 1    | 7♠ 8♠    |
      | 2    | 9♠ 8♦    |
      | 3    | nothing  |
    When seat 3 disconnects
    And 60 seconds pass
    Then the clocks are running
    And seat 1's clock shows 300 seconds
    When 10 seconds pass
    Then seat 1's clock shows 290 seconds
    And the game is not over

  @id:ggtables.departures.longer-return-period @rule:ggtables.departures.forfeit @rule:ggtables.timers.disconnect
  Scenario: At a table with a two-minute return period a disconnected player is still awaited after one minute
    Source: "Finishing, settings and departures" - the return period is a setting of the table; only its expiry forfeits.
    Given the options are "players=3, return_period=120"
    And the stock, top first, is "K♥ A♥ Q♥ 6♥"
    And the hands are:
      | seat | hand                 |
      | 1    | 9♠ 7♦ 8♣ 9♣ J♣ Q♠    |
      | 2    | 9♦ 10♦ J♦ Q♣ K♣ A♣   |
      | 3    | 7♣ 10♠ J♠ 7♠ 8♠ K♠   |
    When seat 3 disconnects
    And 60 seconds pass
    Then seat 3 is disconnected
    And the game is not over
    When 60 seconds pass
    Then seat 3 has left the game

