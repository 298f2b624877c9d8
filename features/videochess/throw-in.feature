Feature: VideoChess - throwing in
  Covers the throwing-in paragraphs of "Durak: rules": which ranks may be added, who may add
  them in a four-seat solo game, the starter's first turn to add, and when Done may be pressed.

  Background:
    Given the "videochess" profile
    And the options are "rules=throw_in, teams=solo"
    And the trump card is 6♥
    And the stock is empty
    And seat 1 attacks first

  @id:videochess.throw-in.same-rank-while-unbeaten @rule:videochess.throw-in.any-time @rule:videochess.throw-in.rank
  Scenario: The starter adds a card of the attacking rank before the first one is beaten
    Source: throwing-in paragraph - a rank on the table may be added; the page sets no wait for the defence.
    Given the hands are:
      | seat | hand              |
      | 1    | 7♠ 7♦ 9♦ 8♣       |
      | 2    | 9♠ 7♥ 10♦ J♦ Q♣ K♣ |
      | 3    | 7♣ 9♣ 10♠         |
      | 4    | 9♥ J♠ 8♦          |
    When they play:
      """
      seat 1 attacks with 7♠
      """
    And seat 1 throws in 7♦
    Then it is accepted
    And the table is "7♠ 7♦"

  @id:videochess.throw-in.rank-of-beating-card @rule:videochess.throw-in.rank
  Scenario: A card matching the rank of a beating card may be thrown in
    Source: throwing-in paragraph - ranks of attacking and of beating cards both count.
    Given the hands are:
      | seat | hand              |
      | 1    | 7♠ 7♦ 9♦ 8♣       |
      | 2    | 9♠ 7♥ 10♦ J♦ Q♣ K♣ |
      | 3    | 7♣ 9♣ 10♠         |
      | 4    | 9♥ J♠ 8♦          |
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      """
    And seat 1 throws in 9♦
    Then it is accepted
    And the table is "7♠/9♠ 9♦"

  @id:videochess.throw-in.rank-not-on-table @rule:videochess.throw-in.rank
  Scenario: A rank that is not on the table cannot be thrown in
    Source: throwing-in paragraph - only ranks already on the table.
    Given the hands are:
      | seat | hand              |
      | 1    | 7♠ 7♦ 9♦ 8♣       |
      | 2    | 9♠ 7♥ 10♦ J♦ Q♣ K♣ |
      | 3    | 7♣ 9♣ 10♠         |
      | 4    | 9♥ J♠ 8♦          |
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      """
    And seat 1 throws in 8♣
    Then it is rejected because of rule "throw-in.rank"

  @id:videochess.throw-in.card-not-held @rule:videochess.play.card-in-hand
  Scenario: A thrower cannot add a card held by someone else
    Source: throwing-in paragraph - throwers add cards from their own hand.
    Given the hands are:
      | seat | hand              |
      | 1    | 7♠ 7♦ 9♦ 8♣       |
      | 2    | 9♠ 7♥ 10♦ J♦ Q♣ K♣ |
      | 3    | 7♣ 9♣ 10♠         |
      | 4    | 9♥ J♠ 8♦          |
    When they play:
      """
      seat 1 attacks with 7♠
      """
    And seat 1 throws in 7♣
    Then it is rejected because of rule "play.card-in-hand"

  @id:videochess.throw-in.defender-refused @rule:videochess.throw-in.who
  Scenario: The defender cannot throw in, even holding a matching rank
    Source: throwing-in paragraph, solo - everyone except the defender.
    Given the hands are:
      | seat | hand              |
      | 1    | 7♠ 7♦ 9♦ 8♣       |
      | 2    | 9♠ 7♥ 10♦ J♦ Q♣ K♣ |
      | 3    | 7♣ 9♣ 10♠         |
      | 4    | 9♥ J♠ 8♦          |
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      """
    And seat 2 throws in 7♥
    Then it is rejected because of rule "throw-in.who"
    And seat 2 may not throw in

  @id:videochess.throw-in.others-wait-for-starter @rule:videochess.throw-in.order
  Scenario: Another seat may not throw in while the starter can still add
    Source: throwing-in paragraph - at first only the bout's starter throws in.
    Given the hands are:
      | seat | hand              |
      | 1    | 7♠ 7♦ 9♦ 8♣       |
      | 2    | 9♠ 7♥ 10♦ J♦ Q♣ K♣ |
      | 3    | 7♣ 9♣ 10♠         |
      | 4    | 9♥ J♠ 8♦          |
    When they play:
      """
      seat 1 attacks with 7♠
      """
    And seat 3 throws in 7♣
    Then it is rejected because of rule "throw-in.order"
    And seat 3 may not throw in

  @id:videochess.throw-in.others-after-starter-done @rule:videochess.throw-in.order @rule:videochess.throw-in.who
  Scenario: Once the starter presses Done, any other non-defender may throw in
    Source: throwing-in paragraph - the others follow the starter's Done; solo, all but the defender.
    Given the hands are:
      | seat | hand              |
      | 1    | 7♠ 7♦ 9♦ 8♣       |
      | 2    | 9♠ 7♥ 10♦ J♦ Q♣ K♣ |
      | 3    | 7♣ 9♣ 10♠         |
      | 4    | 9♥ J♠ 8♦          |
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      seat 1 is done
      """
    Then seat 4 may throw in
    When seat 3 throws in 9♣
    Then it is accepted
    And the table is "7♠/9♠ 9♣"

  @id:videochess.throw-in.starter-has-nothing @rule:videochess.throw-in.order @rule:videochess.throw-in.any-time
  Scenario: A starter with nothing to add lets the others throw in at once
    Source: throwing-in paragraph - the others may add when the starter has nothing to throw.
    Given the hands are:
      | seat | hand              |
      | 1    | 7♠ 8♣ 10♣ A♠ |
      | 2    | 9♠ 7♥ 10♦ J♦ Q♣ K♣ |
      | 3    | 7♣ 9♣ 10♠         |
      | 4    | 9♥ J♠ 8♦          |
    When they play:
      """
      seat 1 attacks with 7♠
      """
    And seat 3 throws in 7♣
    Then it is accepted
    And the table is "7♠ 7♣"

  @id:videochess.done.refused-with-unbeaten @rule:videochess.done.when
  Scenario: Done cannot be pressed while a card lies unbeaten and nobody has taken
    Source: bout-end paragraph - Done closes a fully beaten table; the defender is still to answer.
    Given the hands are:
      | seat | hand              |
      | 1    | 7♠ 7♦ 9♦ 8♣       |
      | 2    | 9♠ 7♥ 10♦ J♦ Q♣ K♣ |
      | 3    | 7♣ 9♣ 10♠         |
      | 4    | 9♥ J♠ 8♦          |
    When they play:
      """
      seat 1 attacks with 7♠
      """
    And seat 1 is done
    Then it is rejected because of rule "done.when"

  @id:videochess.done.new-card-cancels-done @rule:videochess.done.when @rule:videochess.bout.discard
  Scenario: A card thrown in after the starter's Done gives the starter another chance to add
    Source: bout-end paragraph - the table is discarded only once everyone has pressed Done after the last card.
    Given the hands are:
      | seat | hand              |
      | 1    | 7♠ 7♦ 9♦ 8♣       |
      | 2    | 9♠ 7♥ 10♦ J♦ Q♣ K♣ |
      | 3    | 7♣ 9♣ 10♠         |
      | 4    | 9♥ J♠ 8♦          |
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      seat 1 is done
      seat 3 throws in 9♣
      seat 2 beats 9♣ with Q♣
      seat 3 is done
      seat 4 is done
      """
    Then the bout is still open
    And seat 1 may throw in
    When seat 1 is done
    Then it is accepted
    And the bout ends with the cards discarded
