Feature: GGTables - how many cards a bout may hold
  Covers the limits in "Adding cards": six attacking cards at most, never more than the
  defender held when the bout began, and only attacking cards count.

  Background:
    Given the "ggtables" profile
    And the trump card is 6♥
    And the stock is empty

  @id:ggtables.limits.six-closes-bout @rule:ggtables.limits.six
  Scenario: The bout closes once six attacking cards are beaten, though more would match
    Source: "Adding cards" - at most six attacking cards in one bout.
    Given the option "players" is "2"
    And the hands are:
      | seat | hand                         |
      | 1    | 7♠ 7♦ 7♣ 9♦ 9♣ 9♥ 7♥ 10♠   |
      | 2    | 9♠ 10♦ 10♣ J♦ J♣ Q♥ A♠ K♠  |
    And seat 1 attacks first
    And they have played:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      seat 1 throws in 7♦
      seat 2 beats 7♦ with 10♦
      seat 1 throws in 7♣
      seat 2 beats 7♣ with 10♣
      seat 1 throws in 9♦
      seat 2 beats 9♦ with J♦
      seat 1 throws in 9♣
      seat 2 beats 9♣ with J♣
      """
    Then the bout limit is 6
    When seat 1 throws in 9♥
    Then it is accepted
    When seat 2 beats 9♥ with Q♥
    Then it is accepted
    And the bout ends with the cards discarded
    And the discard pile holds 12 more cards
    And seat 1 holds exactly "7♥ 10♠"
    And seat 2 attacks next

  @id:ggtables.limits.six-with-big-defender-hand @rule:ggtables.limits.six
  Scenario: A defender holding more than six cards still faces at most six
    Source: "Adding cards" - six is the cap whatever the defender holds.
    Given the option "players" is "2"
    And the hands are:
      | seat | hand                         |
      | 1    | 7♠ 7♦ 9♣ 8♣                |
      | 2    | 9♠ 10♦ 10♣ J♦ J♣ Q♥ A♠ K♠  |
    And seat 1 attacks first
    When seat 1 attacks with 7♠
    Then it is accepted
    And the bout limit is 6

  @id:ggtables.limits.attack-cards-only @rule:ggtables.limits.attack-cards
  Scenario: Beating cards do not count towards the limit
    Source: "Adding cards" - the limit counts attacking cards, not attack and defence together.
    Given the option "players" is "2"
    And the hands are:
      | seat | hand                         |
      | 1    | 7♠ 7♦ 7♣ 9♦ 9♣ 9♥ 7♥ 10♠   |
      | 2    | 9♠ 10♦ 10♣ J♦ J♣ Q♥ A♠ K♠  |
    And seat 1 attacks first
    And they have played:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      seat 1 throws in 7♦
      seat 2 beats 7♦ with 10♦
      seat 1 throws in 7♣
      seat 2 beats 7♣ with 10♣
      """
    Then the table is "7♠/9♠ 7♦/10♦ 7♣/10♣"
    And the bout limit is 6
    When seat 1 throws in 9♦
    Then it is accepted
    And the table is "7♠/9♠ 7♦/10♦ 7♣/10♣ 9♦"

  @id:ggtables.limits.defender-hand-at-start @rule:ggtables.limits.defender-hand
  Scenario: A defender who starts the bout with three cards faces at most three
    Source: "Adding cards" - never more attacking cards than the defender held at the start.
    Given the option "players" is "3"
    And the hands are:
      | seat | hand           |
      | 1    | 7♠ 7♦ 9♣ J♣    |
      | 2    | 8♠ 10♦ Q♣      |
      | 3    | 7♣ 7♥ K♣       |
    And seat 1 attacks first
    When seat 1 attacks with 7♠
    Then it is accepted
    And the bout limit is 3

  @id:ggtables.limits.defender-hand-closes-taken-bout @rule:ggtables.limits.defender-hand @rule:ggtables.take.throw-after
  Scenario: After a take the additions stop at the defender's starting hand size
    Source: "Adding cards" and "Taking or beating" - additions after Take respect the same limit.
    Given the option "players" is "3"
    And the hands are:
      | seat | hand           |
      | 1    | 7♠ 7♦ 9♣ J♣    |
      | 2    | 8♠ 10♦ Q♣      |
      | 3    | 7♣ 7♥ K♣       |
    And seat 1 attacks first
    And they have played:
      """
      seat 1 attacks with 7♠
      seat 2 takes
      seat 1 throws in 7♦
      seat 1 passes
      """
    When seat 3 throws in 7♣
    Then it is accepted
    And the bout ends with seat 2 taking the cards
    And seat 2 holds exactly "8♠ 10♦ Q♣ 7♠ 7♦ 7♣"
    And seat 3 holds exactly "7♥ K♣"
    And seat 3 attacks next

  @id:ggtables.limits.defender-hand-counted-at-start @rule:ggtables.limits.defender-hand
  Scenario: The limit is the hand the defender started with, not the cards left after beating
    Source: "Adding cards" - the defender's hand at the beginning of the bout sets the limit.
    Given the option "players" is "2"
    And the hands are:
      | seat | hand              |
      | 1    | 7♠ 7♦ 7♣ 7♥ 9♣ Q♣ |
      | 2    | 8♠ 8♦ A♣ K♦       |
    And seat 1 attacks first
    And they have played:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 8♠
      seat 1 throws in 7♦
      seat 2 beats 7♦ with 8♦
      seat 1 throws in 7♣
      seat 2 takes
      """
    Then seat 2 holds 2 cards
    And the bout limit is 4
    When seat 1 throws in 7♥
    Then it is accepted
    And the bout ends with seat 2 taking the cards
    And seat 2 holds 8 cards
    And seat 1 attacks next

  @id:ggtables.limits.defender-out-of-cards @rule:ggtables.limits.defender-hand
  Scenario: A defender who beats with its last card ends the bout
    Source: "Adding cards" - no more attacking cards than the defender held (two here).
    Given the option "players" is "3"
    And the hands are:
      | seat | hand           |
      | 1    | 7♠ 7♦ 9♣ J♣ Q♠ |
      | 2    | 8♠ 8♦          |
      | 3    | 7♣ 8♣ K♣       |
    And seat 1 attacks first
    And they have played:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 8♠
      seat 1 throws in 7♦
      """
    When seat 2 beats 7♦ with 8♦
    Then it is accepted
    And the bout ends with the cards discarded
    And seat 3 holds exactly "7♣ 8♣ K♣"

  @id:ggtables.throw-in.duel-single-adder @rule:ggtables.throw-in.order @rule:ggtables.throw-in.who
  Scenario: At a table of two the principal attacker is the only one who adds, a card or a pass at a time
    Source: "Adding cards" - after each defence the principal attacker (and the other opponents, of whom a duel has none) add one card or pass.
    Given the options are "players=2"
    And the hands are:
      | seat | hand           |
      | 1    | 7♠ 8♦ 8♣ 9♣    |
      | 2    | 8♠ 9♦ 10♦ Q♣   |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 8♠
      """
    Then only seat 1 may act
    And seat 1 may throw in, be done
    When seat 1 throws in 8♦
    Then it is accepted
    And only seat 2 may act
    When they play:
      """
      seat 2 beats 8♦ with 9♦
      seat 1 is done
      """
    Then the bout ends with the cards discarded

