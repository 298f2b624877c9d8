Feature: VideoChess - attacking and beating

  Background:
    Given the "videochess" profile
    And the trump card is 6♥
    And the stock is empty

  @id:videochess.defence.higher-same-suit @rule:videochess.defence.beat
  Scenario: A higher card of the same suit beats the attack
    Given the hands are:
      | seat | hand     |
      | 1    | 7♠ 8♦    |
      | 2    | 9♠ 6♣    |
    And seat 1 attacks first
    When seat 1 attacks with 7♠
    Then it is accepted
    When seat 2 beats 7♠ with 9♠
    Then it is accepted
    And the table is "7♠/9♠"

  @id:videochess.defence.lower-refused @rule:videochess.defence.beat
  Scenario: A lower card of the same suit does not beat
    Given the hands are:
      | seat | hand     |
      | 1    | 9♠ 8♦    |
      | 2    | 7♠ 6♣    |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 9♠
      """
    And seat 2 beats 9♠ with 7♠
    Then it is rejected because of rule "defence.beat"
    And seat 2 may take
