Feature: GGTables - getting out, the loser and the no-loser finish
  Covers "Finishing, settings and departures": with the stock empty a player without cards
  after a completed bout is safe; the last player holding cards loses, everyone out shares
  first place, and players who run out together leave no loser.

  Background:
    Given the "ggtables" profile
    And the trump card is 6♥

  @id:ggtables.end.out-only-after-bout @rule:ggtables.end.going-out
  Scenario: A player who adds its last card is out only once the bout is completed
    Source: "Finishing, settings and departures" - no cards *after a completed bout*.
    Given the option "players" is "3"
    And the stock is empty
    And the hands are:
      | seat | hand        |
      | 1    | 7♠ 9♣       |
      | 2    | 8♠ 10♦ Q♣   |
      | 3    | 7♦          |
    And seat 1 attacks first
    And they have played:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 8♠
      seat 1 passes
      """
    When seat 3 throws in 7♦
    Then it is accepted
    And seat 3 has no cards
    And seat 3 is still in the game
    And the bout is still open
    When they play:
      """
      seat 2 beats 7♦ with 10♦
      seat 1 passes
      """
    Then the bout ends with the cards discarded
    And seat 3 is out
    And the game is not over

  @id:ggtables.end.out-takes-no-turns @rule:ggtables.end.going-out @rule:ggtables.next-attacker.after-defence
  Scenario: A player who got out takes no more turns
    Source: "Finishing, settings and departures" - safe players no longer take turns.
    Given the option "players" is "3"
    And the stock is empty
    And the hands are:
      | seat | hand        |
      | 1    | 7♠ 9♣       |
      | 2    | 8♠ 10♦ Q♣   |
      | 3    | 7♦          |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 8♠
      seat 1 passes
      seat 3 throws in 7♦
      seat 2 beats 7♦ with 10♦
      seat 1 passes
      """
    Then seat 3 is out
    And seat 3 may not act
    And seat 2 attacks next
    And seat 2 attacks seat 1

  @id:ggtables.end.empty-hand-refills-while-stock-lasts @rule:ggtables.end.going-out @rule:ggtables.drawing.order
  Scenario: A player who empties its hand while the stock lasts refills and plays on
    Source: "Finishing, settings and departures" - getting out needs an empty stock.
    Given the option "players" is "2"
    And the stock, top first, is "Q♣ K♣ 6♥"
    And the hands are:
      | seat | hand                    |
      | 1    | 7♠ 7♦ 7♣ 8♦ 8♣ 9♠       |
      | 2    | 8♠ 9♦ 9♣ 10♦ 10♣ 10♠ A♦ |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 8♠
      seat 1 throws in 7♦
      seat 2 beats 7♦ with 9♦
      seat 1 throws in 7♣
      seat 2 beats 7♣ with 9♣
      seat 1 throws in 8♦
      seat 2 beats 8♦ with 10♦
      seat 1 throws in 8♣
      seat 2 beats 8♣ with 10♣
      seat 1 throws in 9♠
      seat 2 beats 9♠ with 10♠
      """
    Then the bout ends with the cards discarded
    And seat 1 holds exactly "Q♣ K♣ 6♥"
    And seats 1 and 2 are still in the game
    And the game is not over
    And seat 2 attacks next

  @id:ggtables.end.bout-goes-on-without-emptied-attacker @rule:ggtables.end.going-out @rule:ggtables.throw-in.order
  Scenario: When the principal attacker has played its last card the others still add in turn
    Source: "Finishing, settings and departures" - the bout is completed before anyone is safe.
    Given the option "players" is "3"
    And the stock is empty
    And the hands are:
      | seat | hand        |
      | 1    | 7♠          |
      | 2    | 8♠ 10♦ Q♣   |
      | 3    | 8♦ 9♣       |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 8♠
      """
    Then the bout is still open
    And seat 1 is still in the game
    And only seat 3 may act
    When seat 3 throws in 8♦
    Then it is accepted
    When they play:
      """
      seat 2 beats 8♦ with 10♦
      seat 3 passes
      """
    Then the bout ends with the cards discarded
    And seat 1 is out
    And the game is not over

  @id:ggtables.end.defender-out-next-active-attacks @rule:ggtables.end.going-out @rule:ggtables.next-attacker.after-defence
  Scenario: A defender who beats with its last card is safe and the next player attacks
    Source: "Finishing, settings and departures" and "Taking or beating" - the safe defender takes no turn.
    Given the option "players" is "3"
    And the stock is empty
    And the hands are:
      | seat | hand     |
      | 1    | 7♠ 9♣    |
      | 2    | 8♠       |
      | 3    | 10♦ J♦ Q♣ |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 8♠
      """
    Then the bout ends with the cards discarded
    And seat 2 is out
    And seat 3 attacks next
    And seat 3 attacks seat 1

  @id:ggtables.end.last-holder-loses-two-players @rule:ggtables.end.durak
  Scenario: In a two-player game the one left holding cards loses
    Source: "Finishing, settings and departures" - the last player holding cards loses.
    Given the option "players" is "2"
    And the stock is empty
    And the hands are:
      | seat | hand  |
      | 1    | 7♠    |
      | 2    | 8♠ 9♦ Q♣ |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 8♠
      """
    Then the game is over
    And seat 2 is the durak
    And seat 1 wins

  @id:ggtables.end.shared-first-place @rule:ggtables.end.durak
  Scenario: Everyone who got out shares first place
    Source: "Finishing, settings and departures" - all safe players share first place.
    Given the option "players" is "4"
    And the stock is empty
    And the hands are:
      | seat | hand     |
      | 1    | 7♠       |
      | 2    | 8♠ 9♦ Q♣ |
      | 3    | nothing  |
      | 4    | nothing  |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 8♠
      """
    Then the game is over
    And seat 2 is the durak
    And seats 1, 3 and 4 win

  @id:ggtables.end.taker-left-holding-loses @rule:ggtables.end.durak @rule:ggtables.take.throw-after
  Scenario: A defender who takes the last attack while the others run out loses
    Source: "Finishing, settings and departures" - the last one holding cards loses.
    Given the option "players" is "3"
    And the stock is empty
    And the hands are:
      | seat | hand     |
      | 1    | 7♠       |
      | 2    | 8♦ 9♦    |
      | 3    | 7♣       |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 takes
      seat 3 throws in 7♣
      """
    Then the game is over
    And seat 2 is the durak
    And seats 1 and 3 win

  @id:ggtables.end.run-out-together-two-players @rule:ggtables.end.draw
  Scenario: Two last players who run out in the same bout leave no loser
    Source: "Finishing, settings and departures" - final players out together: no loser.
    Given the option "players" is "2"
    And the stock is empty
    And the hands are:
      | seat | hand |
      | 1    | 7♠   |
      | 2    | 8♠   |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 8♠
      """
    Then the game is over
    And the game is a draw
    And seats 1 and 2 are out

  @id:ggtables.end.run-out-together-with-others-out @rule:ggtables.end.draw
  Scenario: With others already safe, the final two running out together leave no loser
    Source: "Finishing, settings and departures" - no loser when the final players finish together.
    Given the option "players" is "3"
    And the stock is empty
    And the hands are:
      | seat | hand    |
      | 1    | 7♠ 7♦   |
      | 2    | 8♠ 9♦   |
      | 3    | nothing |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 8♠
      seat 1 throws in 7♦
      seat 2 beats 7♦ with 9♦
      """
    Then the game is over
    And the game is a draw
    And seats 1, 2 and 3 win

  @id:ggtables.game.no-action-after-result @rule:ggtables.game.finished
  Scenario: No action is accepted once the game has its loser
    Source: assumed - a decided game takes no more moves.
    Given the option "players" is "2"
    And the stock is empty
    And the hands are:
      | seat | hand  |
      | 1    | 7♠    |
      | 2    | 8♠ 9♦ Q♣ |
    And seat 1 attacks first
    And they have played:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 8♠
      """
    When seat 2 attacks with 9♦
    Then it is rejected because of rule "game.finished"
    And nobody may act
