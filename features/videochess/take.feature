Feature: VideoChess - taking the cards
  Covers the Take paragraph of "Durak: rules": the defender may take while a card is unbeaten,
  throwers may still add within the limits until they are done, then the defender takes the table.

  Background:
    Given the "videochess" profile
    And the options are "rules=throw_in, teams=solo"
    And the trump card is 6♥
    And the stock is empty
    And seat 1 attacks first

  @id:videochess.take.throwers-add-then-defender-takes @rule:videochess.take.when @rule:videochess.take.throw-after @rule:videochess.done.when
  Scenario: After Take the throwers may still add cards before the defender takes them all
    Source: take paragraph - more cards may follow Take until every thrower presses Done.
    Given the hands are:
      | seat | hand              |
      | 1    | 7♠ 7♦ 8♣ A♠ |
      | 2    | 9♠ 10♦ J♦ Q♣      |
      | 3    | 7♣ 10♠            |
      | 4    | J♠ 8♦             |
    When they play:
      """
      seat 1 attacks with 7♠
      """
    And seat 2 takes
    Then it is accepted
    And the bout is still open
    When they play:
      """
      seat 1 throws in 7♦
      seat 1 is done
      seat 3 throws in 7♣
      seat 1 is done
      seat 3 is done
      """
    Then the bout is still open
    When seat 4 is done
    Then it is accepted
    And the bout ends with seat 2 taking the cards
    And seat 2 holds exactly "9♠ 10♦ J♦ Q♣ 7♠ 7♦ 7♣"

  @id:videochess.take.refused-when-all-beaten @rule:videochess.take.when
  Scenario: The defender cannot take once every card is beaten
    Source: take paragraph, read with the bout-end paragraph - Take answers an unbeaten card.
    Given the hands are:
      | seat | hand              |
      | 1    | 7♠ 7♦ 8♣ A♠ |
      | 2    | 9♠ 10♦ J♦ Q♣      |
      | 3    | 7♣ 10♠            |
      | 4    | J♠ 8♦             |
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      """
    And seat 2 takes
    Then it is rejected because of rule "take.when"

  @id:videochess.take.only-once @rule:videochess.take.when
  Scenario: Take is pressed only once in a bout
    Source: take paragraph - one Take per bout.
    Given the hands are:
      | seat | hand              |
      | 1    | 7♠ 7♦ 8♣ A♠ |
      | 2    | 9♠ 10♦ J♦ Q♣      |
      | 3    | 7♣ 10♠            |
      | 4    | J♠ 8♦             |
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 takes
      """
    And seat 2 takes
    Then it is rejected because of rule "take.when"

  @id:videochess.take.no-beating-after-take @rule:videochess.play.turn @rule:videochess.take.throw-after
  Scenario: After Take the defender no longer beats cards
    Source: take paragraph - after Take the defender only waits to collect the table.
    Given the hands are:
      | seat | hand              |
      | 1    | 7♠ 7♦ 8♣ A♠ |
      | 2    | 9♠ 10♦ J♦ Q♣      |
      | 3    | 7♣ 10♠            |
      | 4    | J♠ 8♦             |
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 takes
      """
    And seat 2 beats 7♠ with 9♠
    Then it is rejected because of rule "play.turn"
    And seat 2 may not act

  @id:videochess.take.rank-still-checked @rule:videochess.throw-in.rank @rule:videochess.take.throw-after
  Scenario: Cards added after Take must still match a rank on the table
    Source: take paragraph - adding after Take follows the same rules.
    Given the hands are:
      | seat | hand              |
      | 1    | 7♠ 7♦ 8♣ A♠ |
      | 2    | 9♠ 10♦ J♦ Q♣      |
      | 3    | 7♣ 10♠            |
      | 4    | J♠ 8♦             |
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 takes
      """
    And seat 1 throws in 8♣
    Then it is rejected because of rule "throw-in.rank"
