Feature: Prototype build 10 - taking the cards
  Covers "Taking or completing defense": Take puts every table card in the defender's hand
  and ends the bout at once, with nothing more added.

  Background:
    Given the "prototype-build10" profile
    And the trump card is 6♥
    And the stock, top first, is "A♥ K♥ Q♠ 6♥"

  @id:prototype-build10.take.all-table-cards @rule:prototype-build10.take.when @rule:prototype-build10.take.ends-bout
  Scenario: Take picks up the beaten and the unbeaten cards and ends the bout
    Source: "Taking or completing defense" - all table cards go to the defender's hand.
    Given the hands are:
      | seat | hand              |
      | 1    | 7♠ 7♦ 7♣ 8♣ J♦ Q♦ |
      | 2    | 9♠ 10♠ J♣ A♠ 8♦ 6♣|
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      seat 1 throws in 7♦
      """
    And seat 2 takes
    Then it is accepted
    And the bout ends with seat 2 taking the cards
    And seat 2 holds "7♠ 9♠ 7♦" among others
    And the table is empty
    And the discard pile holds 0 more cards

  @id:prototype-build10.take.nothing-added-after @rule:prototype-build10.take.ends-bout
  Scenario: After Take the attacker cannot add a matching card
    Source: "Taking or completing defense" - no more cards after taking.
    Given the hands are:
      | seat | hand              |
      | 1    | 7♠ 7♦ 7♣ 8♣ J♦ Q♦ |
      | 2    | 9♠ 10♠ J♣ A♠ 8♦ 6♣|
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 takes
      """
    And seat 1 throws in 7♦
    Then it is rejected because of rule "play.turn"
    And seat 2 holds 7 cards
    And seat 1 attacks next

  @id:prototype-build10.take.debug-nobody-adds-after @rule:prototype-build10.take.ends-bout @rule:prototype-build10.table.debug
  Scenario: At the debug table no other seat adds a card after Take either
    Source: "Taking or completing defense" - Take ends the round immediately.
    Given the option "table" is "debug"
    And the hands are:
      | seat | hand              |
      | 1    | 7♠ 10♦ 7♣ 8♣ J♦ Q♦|
      | 2    | 9♠ 10♠ J♣ A♠ 8♦ 6♣|
      | 3    | 7♦ K♦ Q♣ K♣ A♦ 6♦ |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 takes
      """
    And seat 3 throws in 7♦
    Then it is rejected because of rule "play.turn"
    And seat 2 holds exactly "9♠ 10♠ J♣ A♠ 8♦ 6♣ 7♠"

  @id:prototype-build10.take.not-when-all-beaten @rule:prototype-build10.take.when
  Scenario: Nothing can be taken once every card is beaten
    Source: "Taking or completing defense" - Take is the answer to an attack not beaten.
    Given the hands are:
      | seat | hand              |
      | 1    | 7♠ 10♦ 7♣ 8♣ J♦ Q♦|
      | 2    | 9♠ 10♠ J♣ A♠ 8♦ 6♣|
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      """
    And seat 2 takes
    Then it is rejected because of rule "take.when"
    And the table is "7♠/9♠"

  @id:prototype-build10.take.after-a-failed-beat @rule:prototype-build10.take.when
  Scenario: A defender who cannot beat the card takes it
    Source: "Taking or completing defense" - take when defence is not possible.
    Given the hands are:
      | seat | hand              |
      | 1    | A♠ 10♦ 7♣ 8♣ J♦ Q♦|
      | 2    | 9♠ 10♠ J♣ 7♠ 8♦ 6♣|
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with A♠
      """
    Then seat 2 may take
    When seat 2 takes
    Then it is accepted
    And the bout ends with seat 2 taking the cards
