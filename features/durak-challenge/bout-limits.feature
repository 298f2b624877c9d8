Feature: Durak Challenge - how many cards one attack may hold
  Covers "Rules for the Attack", conditions 2 and 3: six attacking cards at most, and no more
  of them than the defender's hand held as the attack began.

  Background:
    Given the "durak-challenge" profile
    And seat 2 is the computer
    And the trump card is 6♥
    And the stock is empty

  @id:durak-challenge.limits.sixth-card-ends-attack @rule:durak-challenge.limits.six
  Scenario: A sixth card may be added, and once it is beaten the attack can grow no more
    Source: "Rules for the Attack" - condition 2: six attacking cards at most, even against a bigger hand.
    Given the hands are:
      | seat | hand                        |
      | 1    | 6♠ 6♦ 6♣ 9♣ 10♠ 10♦ J♦      |
      | 2    | 9♠ 9♦ 10♣ J♣ Q♠ K♦ A♠ A♣ Q♦ |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 6♠
      """
    Then the bout limit is 6
    When they play:
      """
      seat 2 beats 6♠ with 9♠
      seat 1 throws in 6♦
      seat 2 beats 6♦ with 9♦
      seat 1 throws in 6♣
      seat 2 beats 6♣ with 10♣
      seat 1 throws in 9♣
      seat 2 beats 9♣ with J♣
      seat 1 throws in 10♠
      seat 2 beats 10♠ with Q♠
      """
    And seat 1 throws in 10♦
    Then it is accepted
    When seat 2 beats 10♦ with K♦
    Then it is accepted
    And seat 1 may not throw in
    And seat 2 may keep the defence
    And seat 1 holds exactly "J♦"

  @id:durak-challenge.limits.seventh-card-refused @rule:durak-challenge.limits.six
  Scenario: A seventh attacking card is refused
    Source: "Rules for the Attack" - condition 2: the attacker never plays more than six cards in one attack.
    Given the hands are:
      | seat | hand                        |
      | 1    | 6♠ 6♦ 6♣ 9♣ 10♠ 10♦ J♦      |
      | 2    | 9♠ 9♦ 10♣ J♣ Q♠ K♦ A♠ A♣ Q♦ |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 6♠
      seat 2 beats 6♠ with 9♠
      seat 1 throws in 6♦
      seat 2 beats 6♦ with 9♦
      seat 1 throws in 6♣
      seat 2 beats 6♣ with 10♣
      seat 1 throws in 9♣
      seat 2 beats 9♣ with J♣
      seat 1 throws in 10♠
      seat 2 beats 10♠ with Q♠
      seat 1 throws in 10♦
      seat 2 beats 10♦ with K♦
      """
    And seat 1 throws in J♦
    Then it is rejected because of rule "limits.six"

  @id:durak-challenge.limits.defender-hand-after-take @rule:durak-challenge.limits.defender-hand @rule:durak-challenge.take.add-after
  Scenario: After a take the attacker may add only up to the defender's starting hand
    Source: "Rules for the Attack" - condition 3, which also binds cards added after the defender accepts.
    Given the hands are:
      | seat | hand              |
      | 1    | 7♠ 7♦ 7♣ 9♦ K♠    |
      | 2    | 9♠ 6♣ 6♦          |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      """
    Then the bout limit is 3
    When they play:
      """
      seat 2 beats 7♠ with 9♠
      seat 1 throws in 7♦
      seat 2 takes
      """
    And seat 1 throws in 7♣
    Then it is accepted
    And the bout ends with seat 2 taking the cards
    And seat 2 holds exactly "6♣ 6♦ 7♠ 9♠ 7♦ 7♣"
    And seat 1 holds exactly "9♦ K♠"
    And seat 1 attacks next

  @id:durak-challenge.limits.defender-hand-counted-at-start @rule:durak-challenge.limits.defender-hand
  Scenario: The defender's hand is counted when the attack begins, not as it shrinks
    Source: "Rules for the Attack" - condition 3 looks at the defender's hand at the beginning of the attack.
    Given the hands are:
      | seat | hand              |
      | 1    | 7♠ 7♦ 7♣ 9♣ K♠ Q♦ |
      | 2    | 9♠ 10♦ 6♣ 6♦      |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      seat 1 throws in 7♦
      seat 2 beats 7♦ with 10♦
      seat 1 throws in 7♣
      seat 2 takes
      """
    Then the bout limit is 4
    And seat 2 holds 2 cards
    When seat 1 throws in 9♣
    Then it is accepted
    And the bout ends with seat 2 taking the cards
    And seat 2 holds 8 cards
    And seat 1 holds exactly "K♠ Q♦"

  @id:durak-challenge.limits.defender-with-one-card @rule:durak-challenge.limits.defender-hand
  Scenario: Against a defender with a single card the attack stays at one card
    Source: "Rules for the Attack" - condition 3: one card in the defender's hand allows one attacking card.
    Given the hands are:
      | seat | hand        |
      | 1    | 7♠ 7♦ K♠    |
      | 2    | 6♣          |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      """
    Then the bout limit is 1
    When seat 2 takes
    Then it is accepted
    And the bout ends with seat 2 taking the cards
    And seat 2 holds exactly "6♣ 7♠"
    And seat 1 holds "7♦" among others
    And seat 1 attacks next
