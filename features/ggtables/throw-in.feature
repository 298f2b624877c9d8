Feature: GGTables - adding cards in rounds
  Covers "Adding cards": once the defender has answered, each opponent in turn, from the
  principal attacker clockwise, adds one matching card or passes; a new card reopens
  adding for everyone (the profile reads this as a fresh round from the principal attacker).

  Background:
    Given the "ggtables" profile
    And the option "players" is "4"
    And the trump card is 6♥
    And the stock, top first, is "K♦ Q♠ 7♥ 6♥"
    And the hands are:
      | seat | hand                |
      | 1    | 7♠ 7♦ 9♠ J♣ K♣ 9♥   |
      | 2    | 8♠ 9♦ 10♠ Q♦ A♠ A♥  |
      | 3    | 7♣ 8♦ 9♣ 10♣ J♠ Q♣  |
      | 4    | 8♣ 10♦ J♦ 6♠ 6♦ K♠  |
    And seat 1 attacks first

  @id:ggtables.throw-in.attack-rank @rule:ggtables.throw-in.rank
  Scenario: A card of an attacking card's rank may be added
    Source: "Adding cards" - an added card matches a rank on the table.
    Given they have played:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 8♠
      """
    When seat 1 throws in 7♦
    Then it is accepted
    And the table is "7♠/8♠ 7♦"

  @id:ggtables.throw-in.defence-rank @rule:ggtables.throw-in.rank
  Scenario: A card of a beating card's rank may be added
    Source: "Adding cards" - the defence cards' ranks count as well.
    Given they have played:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 8♠
      seat 1 passes
      """
    When seat 3 throws in 8♦
    Then it is accepted
    And the table is "7♠/8♠ 8♦"

  @id:ggtables.throw-in.other-rank-refused @rule:ggtables.throw-in.rank
  Scenario: A card of a rank not on the table may not be added
    Source: "Adding cards" - only ranks already on the table may be added.
    Given they have played:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 8♠
      """
    When seat 1 throws in 9♠
    Then it is rejected because of rule "throw-in.rank"
    And seat 1 may throw in or pass

  @id:ggtables.throw-in.defender-never-adds @rule:ggtables.throw-in.who
  Scenario: The defender does not add cards to its own bout
    Source: "Adding cards" - only the defender's opponents add.
    Given they have played:
      """
      seat 1 attacks with 9♠
      seat 2 beats 9♠ with 10♠
      """
    When seat 2 throws in 9♦
    Then it is rejected because of rule "throw-in.who"
    And seat 2 may not throw in

  @id:ggtables.throw-in.defender-does-not-pass @rule:ggtables.throw-in.who
  Scenario: The defender has no pass of its own in the adding round
    Source: "Adding cards" - passing belongs to the opponents who may add.
    Given they have played:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 8♠
      """
    When seat 2 passes
    Then it is rejected because of rule "throw-in.who"

  @id:ggtables.throw-in.principal-attacker-first @rule:ggtables.throw-in.order
  Scenario: The principal attacker has the first turn to add
    Source: "Adding cards" - the principal attacker adds or passes first.
    Given they have played:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 8♠
      """
    When seat 3 throws in 8♦
    Then it is rejected because of rule "throw-in.order"
    And only seat 1 may act
    And seat 1 may throw in or pass

  @id:ggtables.throw-in.next-clockwise-after-pass @rule:ggtables.throw-in.order
  Scenario: After the principal attacker passes, the next opponent clockwise has the turn
    Source: "Adding cards" - then the other opponents, clockwise.
    Given they have played:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 8♠
      seat 1 passes
      """
    When seat 4 throws in 8♣
    Then it is rejected because of rule "throw-in.order"
    And only seat 3 may act

  @id:ggtables.throw-in.last-opponent-in-turn @rule:ggtables.throw-in.order @rule:ggtables.throw-in.who
  Scenario: The last opponent, not next to the defender, adds once everyone before it has passed
    Source: "Adding cards" - each opponent in clockwise order may add one card.
    Given they have played:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 8♠
      seat 1 passes
      seat 3 passes
      """
    When seat 4 throws in 8♣
    Then it is accepted
    And the table is "7♠/8♠ 8♣"
    And only seat 2 may act

  @id:ggtables.throw-in.pass-out-of-turn-refused @rule:ggtables.throw-in.order
  Scenario: An opponent may not pass before its turn
    Source: "Adding cards" - passing is done in turn, like adding.
    Given they have played:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 8♠
      """
    When seat 4 passes
    Then it is rejected because of rule "throw-in.order"

  @id:ggtables.throw-in.defender-answers-first @rule:ggtables.throw-in.order
  Scenario: Nobody adds while the defender still has a card to answer
    Source: "Adding cards" - adding happens after each defence; the defender answers each card.
    Given they have played:
      """
      seat 1 attacks with 7♠
      """
    When seat 1 throws in 7♦
    Then it is rejected because of rule "throw-in.order"
    And only seat 2 may act
    And seat 2 may defend or take

  @id:ggtables.throw-in.one-card-per-turn @rule:ggtables.throw-in.order
  Scenario: An opponent adds one card per turn, and must wait for the answer
    Source: "Adding cards" - one card or a pass per turn; the defender answers each card.
    Given they have played:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 8♠
      seat 1 throws in 7♦
      """
    When seat 3 throws in 7♣
    Then it is rejected because of rule "throw-in.order"
    And the table is "7♠/8♠ 7♦"

  @id:ggtables.throw-in.reopen-from-principal @rule:ggtables.throw-in.reopen @ambiguous @reading:round_restart=principal_attacker
  Scenario: A card added by another opponent starts a fresh round from the principal attacker
    Source: "Adding cards" - a new card reopens adding for everyone (profile reading: a fresh round).
    Given they have played:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 8♠
      seat 1 passes
      seat 3 throws in 8♦
      seat 2 beats 8♦ with 9♦
      """
    When seat 4 throws in 8♣
    Then it is rejected because of rule "throw-in.order"
    When seat 1 throws in 9♠
    Then it is accepted
    And the table is "7♠/8♠ 8♦/9♦ 9♠"

  @id:ggtables.throw-in.reopen-after-the-adder @rule:ggtables.throw-in.reopen @ambiguous @reading:round_restart=after_adder
  Scenario: Read the other way, a new card only cancels the passes and the round carries on after the adder
    Source: "Adding cards" - a new card reopens adding for everyone (the other reading: the round goes on from the seat after the one who added).
    Given they have played:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 8♠
      seat 1 passes
      seat 3 throws in 8♦
      seat 2 beats 8♦ with 9♦
      """
    When seat 1 throws in 9♠
    Then it is rejected because of rule "throw-in.order"
    When seat 4 throws in 8♣
    Then it is accepted
    And the table is "7♠/8♠ 8♦/9♦ 8♣"

  @id:ggtables.throw-in.reopen-after-all-passed @rule:ggtables.throw-in.reopen @ambiguous
  Scenario: Opponents who passed may add again after a new card is answered
    Source: "Adding cards" - a new card reopens the chance to add for everyone (under either reading of where the round goes on: after seat 4 comes seat 1).
    Given they have played:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 8♠
      seat 1 passes
      seat 3 passes
      seat 4 throws in 8♣
      seat 2 beats 8♣ with A♥
      """
    Then the bout is still open
    And only seat 1 may act
    When seat 1 throws in 7♦
    Then it is accepted
    And the table is "7♠/8♠ 8♣/A♥ 7♦"

  @id:ggtables.done.not-with-unbeaten-card @rule:ggtables.done.when
  Scenario: Nobody passes while an attacking card is unbeaten
    Source: "Adding cards" - passing is the alternative to adding after a defence.
    Given they have played:
      """
      seat 1 attacks with 7♠
      """
    When seat 1 passes
    Then it is rejected because of rule "done.when"

  @id:ggtables.done.all-pass-ends-bout @rule:ggtables.done.when @rule:ggtables.bout.discard
  Scenario: When every opponent passes in turn the beaten cards leave play
    Source: "Adding cards" and "Taking or beating" - everyone passes; a successful defence is discarded.
    Given they have played:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 8♠
      seat 1 passes
      seat 3 passes
      """
    Then the bout is still open
    When seat 4 passes
    Then it is accepted
    And the bout ends with the cards discarded
    And the discard pile holds 2 more cards

  @id:ggtables.throw-in.order-wraps-round @rule:ggtables.throw-in.order
  Scenario: The round goes clockwise from a principal attacker who is not seat 1
    Source: "Adding cards" - principal attacker first, the others clockwise after.
    Given seat 3 attacks first
    And they have played:
      """
      seat 3 attacks with 8♦
      seat 4 beats 8♦ with 10♦
      seat 3 passes
      """
    When seat 2 throws in 10♠
    Then it is rejected because of rule "throw-in.order"
    And only seat 1 may act
    When seat 1 passes
    Then it is accepted
    When seat 2 throws in 10♠
    Then it is accepted
    And the table is "8♦/10♦ 10♠"
