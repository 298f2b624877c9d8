Feature: Prototype build 10 - how many cards a bout may hold
  Covers "Throwing in and the limit": as many cards as the defender held when the bout
  began, six at most, and the first bout has no five-card cap of its own.

  Background:
    Given the "prototype-build10" profile
    And the trump card is 6♥

  @id:prototype-build10.limits.sixth-card-in-first-bout @rule:prototype-build10.limits.no-first-round @rule:prototype-build10.limits.defender-hand
  Scenario: A sixth card is allowed in the very first bout
    Source: "Throwing in and the limit" - no separate five-card limit in the first round.
    Given the rest of the deck is the stock
    And the discard pile is empty
    And the first bout has not been played
    And the hands are:
      | seat | hand               |
      | 1    | 6♠ 7♦ 8♣ 9♠ 10♦ J♣ |
      | 2    | 7♠ 8♦ 9♣ 10♠ J♦ Q♣ |
    And seat 1 attacks first
    Then the bout limit is 6
    When they play:
      """
      seat 1 attacks with 6♠
      seat 2 beats 6♠ with 7♠
      seat 1 throws in 7♦
      seat 2 beats 7♦ with 8♦
      seat 1 throws in 8♣
      seat 2 beats 8♣ with 9♣
      seat 1 throws in 9♠
      seat 2 beats 9♠ with 10♠
      seat 1 throws in 10♦
      seat 2 beats 10♦ with J♦
      """
    And seat 1 throws in J♣
    Then it is accepted
    And the table is "6♠/7♠ 7♦/8♦ 8♣/9♣ 9♠/10♠ 10♦/J♦ J♣"

  @id:prototype-build10.limits.six-with-a-big-hand @rule:prototype-build10.limits.six
  Scenario: A defender holding eight cards still faces at most six
    Source: "Throwing in and the limit" - the defender's hand size, up to six.
    Given the stock, top first, is "A♥ K♥ 6♥"
    And the hands are:
      | seat | hand                     |
      | 1    | 6♠ 7♦ 8♣ 9♠ 10♦ J♣ Q♦    |
      | 2    | 7♠ 8♦ 9♣ 10♠ J♦ Q♣ K♦ A♣ |
    And seat 1 attacks first
    Then the bout limit is 6

  @id:prototype-build10.limits.six-closes-the-bout @rule:prototype-build10.limits.six @rule:prototype-build10.bout.discard
  Scenario: Six beaten cards end the bout although the attacker holds a matching seventh
    Source: "Throwing in and the limit" - never more than six attacking cards.
    Given the stock, top first, is "A♥ K♥ 6♥"
    And the hands are:
      | seat | hand                     |
      | 1    | 6♠ 7♦ 8♣ 9♠ 10♦ J♣ Q♦    |
      | 2    | 7♠ 8♦ 9♣ 10♠ J♦ Q♣ K♦ A♣ |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 6♠
      seat 2 beats 6♠ with 7♠
      seat 1 throws in 7♦
      seat 2 beats 7♦ with 8♦
      seat 1 throws in 8♣
      seat 2 beats 8♣ with 9♣
      seat 1 throws in 9♠
      seat 2 beats 9♠ with 10♠
      seat 1 throws in 10♦
      seat 2 beats 10♦ with J♦
      seat 1 throws in J♣
      """
    And seat 2 beats J♣ with Q♣
    Then it is accepted
    And the bout ends with the cards discarded
    And seat 1 holds "Q♦" among others
    And seat 2 attacks next

  @id:prototype-build10.limits.sixth-card-unbeaten-nothing-more @rule:prototype-build10.limits.six
  Scenario: With six cards on the table the attacker is offered no further card
    Source: "Throwing in and the limit" - never more than six attacking cards.
    Given the stock, top first, is "A♥ K♥ 6♥"
    And the hands are:
      | seat | hand                     |
      | 1    | 6♠ 7♦ 8♣ 9♠ 10♦ J♣ Q♦    |
      | 2    | 7♠ 8♦ 9♣ 10♠ J♦ Q♣ K♦ A♣ |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 6♠
      seat 2 beats 6♠ with 7♠
      seat 1 throws in 7♦
      seat 2 beats 7♦ with 8♦
      seat 1 throws in 8♣
      seat 2 beats 8♣ with 9♣
      seat 1 throws in 9♠
      seat 2 beats 9♠ with 10♠
      seat 1 throws in 10♦
      seat 2 beats 10♦ with J♦
      seat 1 throws in J♣
      """
    Then the bout limit is 6
    And seat 1 may not throw in

  @id:prototype-build10.limits.short-defender-debug @rule:prototype-build10.limits.defender-hand @rule:prototype-build10.table.debug
  Scenario: A defender who starts with two cards faces at most two, whoever adds them
    Source: "Throwing in and the limit" - no more than the defender's hand at the start.
    Given the option "table" is "debug"
    And the stock is empty
    And the hands are:
      | seat | hand        |
      | 1    | 7♠ 7♣ K♦    |
      | 2    | 9♠ 10♦      |
      | 3    | 7♦ A♣ Q♣    |
    And seat 1 attacks first
    Then the bout limit is 2
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      seat 3 throws in 7♦
      """
    Then the bout limit is 2
    And seat 1 may not throw in
    When seat 2 beats 7♦ with 10♦
    Then it is accepted
    And the bout ends with the cards discarded
    And seat 1 holds "7♣" among others
    And seat 2 is out
    And seat 3 attacks seat 1

  @id:prototype-build10.limits.hand-at-start-not-shrinking @rule:prototype-build10.limits.defender-hand
  Scenario: The limit is fixed by the defender's hand at the start, not by what is left
    Source: "Throwing in and the limit" - how many cards the defender held when the round began.
    Given the stock is empty
    And the hands are:
      | seat | hand              |
      | 1    | 7♠ 7♦ 7♣ 9♦ K♠ A♠ |
      | 2    | 9♠ 10♦ J♣ Q♣      |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      seat 1 throws in 7♦
      seat 2 beats 7♦ with 10♦
      """
    Then the bout limit is 4
    When seat 1 throws in 7♣
    Then it is accepted
