Feature: VideoChess - standing up and disconnecting
  Covers the Stand Up paragraph of "Durak: rules": standing up, or a disconnection not mended
  within 30 seconds, ends the game as a loss for that player (and their pair).

  Background:
    Given the "videochess" profile
    And the trump card is 6♥
    And the stock is empty
    And seat 1 attacks first

  @id:videochess.departures.stand-up-loses @rule:videochess.departures.stand-up
  Scenario: A player standing up mid-game loses and the game ends
    Source: Stand Up paragraph - the game ends and that player loses.
    Given the options are "rules=throw_in, teams=solo"
    And the hands are:
      | seat | hand           |
      | 1    | 9♠ 7♦ 8♣       |
      | 2    | 9♦ 10♦ J♦ Q♣   |
      | 3    | 7♣ 10♠ J♠      |
    When seat 1 attacks with 7♦
    Then it is accepted
    When seat 3 stands up
    Then it is accepted
    And the game is over
    And the game ends by forfeit
    And seat 3 loses by forfeit
    And seats 1 and 2 win

  @id:videochess.departures.stand-up-pair-loses @rule:videochess.departures.stand-up @rule:videochess.pairs.result
  Scenario: In pairs the partner of the player who stood up loses too
    Source: Stand Up paragraph - in pairs their pair loses.
    Given the options are "rules=throw_in, teams=pairs"
    And the hands are:
      | seat | hand           |
      | 1    | 9♠ 7♦ 8♣ A♠ |
      | 2    | 9♦ 10♦ J♦ Q♣   |
      | 3    | 7♣ 10♠ J♠      |
      | 4    | 6♠ 6♦ 6♣       |
    When seat 2 stands up
    Then it is accepted
    And the game ends by forfeit
    And seats 2 and 4 lose by forfeit
    And seats 1 and 3 win

  @id:videochess.departures.disconnect-over-30-seconds @rule:videochess.departures.stand-up
  Scenario: A player still disconnected after 30 seconds loses
    Source: Stand Up paragraph - disconnects and is not back within 30 seconds.
    Given the options are "rules=throw_in, teams=solo"
    And the hands are:
      | seat | hand           |
      | 1    | 9♠ 7♦ 8♣       |
      | 2    | 9♦ 10♦ J♦ Q♣   |
      | 3    | 7♣ 10♠ J♠      |
    When seat 3 disconnects
    Then it is accepted
    And seat 3 is disconnected
    When 29 seconds pass
    Then the game is not over
    When 1 second passes
    Then the game ends by forfeit
    And seat 3 loses by forfeit

  @id:videochess.departures.back-within-30-seconds @rule:videochess.departures.stand-up
  Scenario: A player back within 30 seconds plays on
    Source: Stand Up paragraph - only a player not back in time loses.
    Given the options are "rules=throw_in, teams=solo"
    And the hands are:
      | seat | hand           |
      | 1    | 9♠ 7♦ 8♣       |
      | 2    | 9♦ 10♦ J♦ Q♣   |
      | 3    | 7♣ 10♠ J♠      |
    When seat 3 disconnects
    Then it is accepted
    When 20 seconds pass
    And seat 3 reconnects
    Then it is accepted
    When 20 seconds pass
    Then the game is not over
    And seat 3 is connected

  @id:videochess.departures.reconnect-needs-disconnect @rule:videochess.play.turn
  Scenario: Only a disconnected player can come back
    Source: Stand Up paragraph - a return follows a disconnection.
    Given the options are "rules=throw_in, teams=solo"
    And the hands are:
      | seat | hand           |
      | 1    | 9♠ 7♦ 8♣ A♠ |
      | 2    | 9♦ 10♦ J♦ Q♣   |
    When seat 2 reconnects
    Then it is rejected because of rule "play.turn"
