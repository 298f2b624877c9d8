Feature: VideoChess - the 30-second action timer
  Covers the timing paragraph of "Durak: rules": every action has 30 seconds, and running out
  of time makes the defender take, a thrower say Done and the bout's starter lead a low card.

  Background:
    Given the "videochess" profile
    And the options are "rules=throw_in, teams=solo"
    And the trump card is 6♥
    And the stock is empty
    And seat 1 attacks first

  @id:videochess.timers.opener-has-30-seconds @rule:videochess.timers.action
  Scenario: The seat opening a bout has 30 seconds and nothing happens before they are up
    Source: timing paragraph - each action has 30 seconds.
    Given the hands are:
      | seat | hand           |
      | 1    | 9♠ 7♦ 8♣ Q♥ A♠ |
      | 2    | 9♦ 10♦ J♦ Q♣   |
      | 3    | 7♣ 10♠ J♠      |
    Then seat 1 has 30 seconds left to act
    When 29 seconds pass
    Then seat 1 did not time out
    And seat 1 has 1 second left to act
    And the table is empty
    And seat 1 may attack

  @id:videochess.timers.opener-leads-lowest-non-trump @rule:videochess.timers.timeout-moves @rule:videochess.timers.action
  Scenario: An opener out of time leads their lowest non-trump card
    Source: timing paragraph - the starter plays the lowest non-trump.
    Given the hands are:
      | seat | hand           |
      | 1    | 9♠ 7♦ 8♣ 7♥ A♠ |
      | 2    | 9♦ 10♦ J♦ Q♣   |
      | 3    | 7♣ 10♠ J♠      |
    When 30 seconds pass
    Then seat 1 timed out
    And the table is "7♦"
    And seat 2 defends

  @id:videochess.timers.opener-with-only-trumps @rule:videochess.timers.timeout-moves
  Scenario: An opener holding only trumps leads the lowest trump on a timeout
    Source: timing paragraph - the lowest trump when there is no other card.
    Given the hands are:
      | seat | hand           |
      | 1    | 9♥ 7♥ Q♥       |
      | 2    | 9♦ 10♦ J♦ Q♣   |
      | 3    | 7♣ 10♠ J♠      |
    When 30 seconds pass
    Then seat 1 timed out
    And the table is "7♥"

  @id:videochess.timers.defender-takes @rule:videochess.timers.timeout-moves
  Scenario: A defender out of time takes, and throwers out of time say Done
    Source: timing paragraph - the defender takes the cards, a thrower presses Done.
    Given the hands are:
      | seat | hand           |
      | 1    | 9♠ 7♦ 8♣ 8♠ A♠ |
      | 2    | 9♦ 10♦ J♦ Q♣   |
      | 3    | 7♣ 10♠ J♠      |
    When seat 1 attacks with 8♣
    Then it is accepted
    And seat 2 has 30 seconds left to act
    And no timer runs for seat 3
    When 30 seconds pass
    Then seat 2 timed out
    And the bout is still open
    And seat 2 may not defend
    When 30 seconds pass
    Then seat 1 timed out
    And the bout is still open
    When 30 seconds pass
    Then seat 3 timed out
    And the bout ends with seat 2 taking the cards
    And seat 3 attacks next

  @id:videochess.timers.throwers-done-after-defence @rule:videochess.timers.timeout-moves @rule:videochess.timers.action
  Scenario: After a complete defence the throwers' Done comes on a timeout, one after the other
    Source: timing paragraph - a thrower who runs out of time says Done.
    Given the hands are:
      | seat | hand           |
      | 1    | 9♠ 7♦ 8♣       |
      | 2    | 9♦ 10♦ J♦ Q♣   |
      | 3    | 7♣ 10♠ J♠      |
    When they play:
      """
      seat 1 attacks with 7♦
      seat 2 beats 7♦ with 9♦
      """
    Then seat 1 has 30 seconds left to act
    And no timer runs for seat 3
    When 30 seconds pass
    Then seat 1 timed out
    And the bout is still open
    And seat 3 has 30 seconds left to act
    When 30 seconds pass
    Then seat 3 timed out
    And the bout ends with the cards discarded
    And seat 2 attacks next

  @id:videochess.timers.new-card-restarts-timer @rule:videochess.timers.action
  Scenario: Each action gets its own 30 seconds: a new card starts the defender's time again
    Source: timing paragraph - the limit is per action.
    Given the hands are:
      | seat | hand           |
      | 1    | 9♠ 7♦ 8♣ 8♠ A♠ |
      | 2    | 9♦ 10♦ J♦ Q♣   |
      | 3    | 7♣ 10♠ J♠      |
    When 20 seconds pass
    And seat 1 attacks with 8♣
    Then it is accepted
    And seat 2 has 30 seconds left to act
    When 20 seconds pass
    And seat 1 throws in 8♠
    Then it is accepted
    And seat 2 has 30 seconds left to act
    When 29 seconds pass
    Then seat 2 did not time out
    And the table is "8♣ 8♠"
