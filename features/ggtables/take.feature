Feature: GGTables - taking the cards
  Covers "Attacking and defending" (taking is allowed even when a defence was possible) and
  "Taking or beating" (after Take the opponents may still add up to the limit, then the
  defender collects everything).

  Background:
    Given the "ggtables" profile
    And the option "players" is "3"
    And the trump card is 6♥
    And the stock, top first, is "K♦ Q♠ A♣ 6♥"
    And the hands are:
      | seat | hand                |
      | 1    | 7♠ 7♦ 9♠ J♣ K♣ 9♥   |
      | 2    | 8♠ 9♦ 10♠ Q♦ A♠ 7♥  |
      | 3    | 7♣ 8♦ 9♣ 10♣ J♠ Q♣  |
    And seat 1 attacks first

  @id:ggtables.take.even-when-able-to-beat @rule:ggtables.take.when
  Scenario: The defender may take although it holds a card that beats the attack
    Source: "Attacking and defending" - taking is allowed even when a defence was possible.
    Given they have played:
      """
      seat 1 attacks with 7♠
      """
    When seat 2 takes
    Then it is accepted
    And the bout is still open
    And seat 2 may not act
    And seat 1 may throw in or pass

  @id:ggtables.take.nothing-unbeaten-refused @rule:ggtables.take.when
  Scenario: The defender cannot take once every attacking card is beaten
    Source: "Taking or beating" - Take collects a bout still being fought (profile reading).
    Given they have played:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 8♠
      """
    When seat 2 takes
    Then it is rejected because of rule "take.when"

  @id:ggtables.take.only-once @rule:ggtables.take.when
  Scenario: The defender takes only once
    Source: "Taking or beating" - Take commits the defender; there is nothing to press again.
    Given they have played:
      """
      seat 1 attacks with 7♠
      seat 2 takes
      """
    When seat 2 takes
    Then it is rejected because of rule "take.when"

  @id:ggtables.take.no-defence-after-take @rule:ggtables.take.throw-after @rule:ggtables.play.turn
  Scenario: After Take the defender no longer beats cards
    Source: "Taking or beating" - after Take the defender must pick up every card of the bout.
    Given they have played:
      """
      seat 1 attacks with 7♠
      seat 2 takes
      """
    When seat 2 beats 7♠ with 8♠
    Then it is rejected because of rule "play.turn"

  @id:ggtables.take.additions-in-order @rule:ggtables.take.throw-after @rule:ggtables.throw-in.order
  Scenario: After Take the opponents still add in turn, the principal attacker first
    Source: "Taking or beating" - opponents may still add matching cards; "Adding cards" gives the order.
    Given they have played:
      """
      seat 1 attacks with 7♠
      seat 2 takes
      """
    When seat 3 throws in 7♣
    Then it is rejected because of rule "throw-in.order"
    When seat 1 throws in 7♦
    Then it is accepted
    And the table is "7♠ 7♦"
    And the bout is still open

  @id:ggtables.take.additions-match-rank @rule:ggtables.take.throw-after @rule:ggtables.throw-in.rank
  Scenario: Cards added after Take must still match a rank on the table
    Source: "Taking or beating" - only matching cards may be added.
    Given they have played:
      """
      seat 1 attacks with 7♠
      seat 2 takes
      """
    When seat 1 throws in K♣
    Then it is rejected because of rule "throw-in.rank"

  @id:ggtables.take.collects-when-all-pass @rule:ggtables.take.throw-after
  Scenario: Once everyone has passed the defender collects the bout, added cards too
    Source: "Taking or beating" - when all pass, the defender takes the cards.
    Given they have played:
      """
      seat 1 attacks with 7♠
      seat 2 takes
      seat 1 throws in 7♦
      seat 1 passes
      seat 3 throws in 7♣
      seat 1 passes
      """
    Then the bout is still open
    When seat 3 passes
    Then it is accepted
    And the bout ends with seat 2 taking the cards
    And seat 2 holds "7♠ 7♦ 7♣ 8♠ 9♦ 10♠ Q♦ A♠ 7♥" among others

  @id:ggtables.take.after-partial-defence @rule:ggtables.take.when @rule:ggtables.take.throw-after
  Scenario: Taking after beating some cards collects the beaten and the beating cards
    Source: "Taking or beating" - the defender collects all cards from the bout.
    Given they have played:
      """
      seat 1 attacks with 9♠
      seat 2 beats 9♠ with 10♠
      seat 1 throws in 9♥
      """
    When seat 2 takes
    Then it is accepted
    When they play:
      """
      seat 1 passes
      seat 3 throws in 10♣
      seat 1 passes
      seat 3 passes
      """
    Then the bout ends with seat 2 taking the cards
    And seat 2 holds "9♠ 10♠ 9♥ 10♣" among others
    And the discard pile holds 0 more cards
