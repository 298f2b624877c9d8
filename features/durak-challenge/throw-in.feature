Feature: Durak Challenge - adding cards to the attack and ending it
  Covers "Rules for the Attack" (condition 1 and the one-card-at-a-time rhythm) and how the
  attacker ends an attack in "Playing the Game".

  Background:
    Given the "durak-challenge" profile
    And seat 2 is the computer
    And the trump card is 6♥
    And the stock is empty

  @id:durak-challenge.throw-in.rank-of-attack-card @rule:durak-challenge.throw-in.rank
  Scenario: A card of an attacking card's rank may be added once the attack is beaten
    Source: "Rules for the Attack" - condition 1: the rank of any attacking card on the table.
    Given the hands are:
      | seat | hand        |
      | 1    | 7♠ 7♦ K♣    |
      | 2    | 9♠ 10♦ 6♣   |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      """
    And seat 1 throws in 7♦
    Then it is accepted
    And the table is "7♠/9♠ 7♦"
    And seat 2 may defend, take

  @id:durak-challenge.throw-in.rank-of-defence-card @rule:durak-challenge.throw-in.rank
  Scenario: A card of a defending card's rank may be added too
    Source: "Rules for the Attack" - condition 1: the rank of any defending card counts as well.
    Given the hands are:
      | seat | hand        |
      | 1    | 7♠ 9♦ K♣    |
      | 2    | 9♠ 10♦ 6♣   |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      """
    And seat 1 throws in 9♦
    Then it is accepted
    And the table is "7♠/9♠ 9♦"

  @id:durak-challenge.throw-in.rank-not-on-table @rule:durak-challenge.throw-in.rank
  Scenario: A card whose rank is not on the table cannot be added
    Source: "Rules for the Attack" - condition 1 is not met by a new rank.
    Given the hands are:
      | seat | hand        |
      | 1    | 7♠ 8♦ K♣    |
      | 2    | 9♠ 10♦ 6♣   |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      """
    And seat 1 throws in 8♦
    Then it is rejected because of rule "throw-in.rank"
    And the table is "7♠/9♠"
    And seat 1 may be done

  @id:durak-challenge.throw-in.wait-for-defence @rule:durak-challenge.throw-in.after-defence
  Scenario: No second card while the first is still unbeaten
    Source: "Playing the Game" and "Rules for the Attack" - one card at a time, a new one only after the previous is defended.
    Given the hands are:
      | seat | hand        |
      | 1    | 7♠ 7♦ K♣    |
      | 2    | 9♠ 10♦ 6♣   |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      """
    And seat 1 throws in 7♦
    Then it is rejected because of rule "throw-in.after-defence"
    And seat 1 may not throw in
    And the table is "7♠"

  @id:durak-challenge.throw-in.after-each-defence @rule:durak-challenge.throw-in.after-defence @rule:durak-challenge.throw-in.rank
  Scenario: The attack grows one card at a time, each added after the previous is beaten
    Source: "Rules for the Attack" - a new card each time the previous one is defended.
    Given the hands are:
      | seat | hand           |
      | 1    | 7♠ 7♦ 9♣ K♣    |
      | 2    | 9♠ 10♦ 10♣ 6♣  |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      seat 1 throws in 7♦
      seat 2 beats 7♦ with 10♦
      seat 1 throws in 9♣
      """
    And seat 2 beats 9♣ with 10♣
    Then it is accepted
    And the table is "7♠/9♠ 7♦/10♦ 9♣/10♣"
    And seat 1 may be done
    And seat 2 may not take

  @id:durak-challenge.throw-in.defender-never-adds @rule:durak-challenge.throw-in.who
  Scenario: The defender cannot add an attacking card
    Source: "Rules for the Attack" - adding cards is the attacker's move.
    Given the hands are:
      | seat | hand        |
      | 1    | 7♠ 8♦ K♣    |
      | 2    | 9♠ 7♣ 6♣    |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      """
    And seat 2 throws in 7♣
    Then it is rejected because of rule "throw-in.who"
    And seat 2 may not throw in

  @id:durak-challenge.attack.end-by-choice @rule:durak-challenge.attack.end
  Scenario: The attacker may end the attack while still holding a card it could add
    Source: "Playing the Game" - the attacker ends the attack when it cannot or does not want to go on.
    Given the hands are:
      | seat | hand        |
      | 1    | 7♠ 7♦ K♣    |
      | 2    | 9♠ 10♦ 6♣   |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      """
    And seat 1 ends the attack
    Then it is accepted
    And seat 1 may not throw in
    And seat 2 may keep the defence
    And seat 1 holds "7♦" among others

  @id:durak-challenge.attack.end-when-unable @rule:durak-challenge.attack.end
  Scenario: An attacker with no card of a rank on the table ends the attack
    Source: "Playing the Game" - the attacker ends the attack when it can no longer add.
    Given the hands are:
      | seat | hand        |
      | 1    | 7♠ 8♦ K♣    |
      | 2    | 9♠ 10♦ 6♣   |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      """
    Then seat 1 may be done
    And seat 1 may not throw in
    When seat 1 ends the attack
    Then it is accepted
    And only seat 2 may act

  @id:durak-challenge.done.attacker-not-while-unbeaten @rule:durak-challenge.done.when
  Scenario: The attacker cannot end the attack while a card is unbeaten
    Source: assumed - the attack is ended only over defended cards; an unbeaten card must first be beaten or taken.
    Given the hands are:
      | seat | hand        |
      | 1    | 7♠ 8♦ K♣    |
      | 2    | 9♠ 10♦ 6♣   |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      """
    And seat 1 ends the attack
    Then it is rejected because of rule "done.when"
    And seat 2 may defend, take
