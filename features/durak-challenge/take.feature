Feature: Durak Challenge - the defender accepts the cards
  Covers "Playing the Game": when the defender accepts (takes) the cards, what the attacker may
  still add, and where the cards go.

  Background:
    Given the "durak-challenge" profile
    And seat 2 is the computer
    And the trump card is 6♥
    And the stock is empty

  @id:durak-challenge.take.with-unbeaten-card @rule:durak-challenge.take.when
  Scenario: The defender may accept the cards instead of beating the attacking card
    Source: "Playing the Game" - the defender accepts when unable or unwilling to defend.
    Given the hands are:
      | seat | hand           |
      | 1    | 7♠ 7♦ K♠       |
      | 2    | 9♠ 6♣ 6♦       |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      """
    And seat 2 takes
    Then it is accepted
    And the bout is still open
    And seat 1 may throw in, be done
    And seat 2 may not act

  @id:durak-challenge.take.nothing-unbeaten-refused @rule:durak-challenge.take.when
  Scenario: With every attacking card beaten and the attack still running, there is nothing to accept
    Source: "Playing the Game" - accepting answers an attacking card the defender will not beat; accepting a beaten attack comes only after the attacker ends it.
    Given the hands are:
      | seat | hand           |
      | 1    | 7♠ 7♦ K♠       |
      | 2    | 9♠ 6♣ 6♦       |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      """
    And seat 2 takes
    Then it is rejected because of rule "take.when"
    And seat 1 may throw in, be done

  @id:durak-challenge.take.only-once @rule:durak-challenge.take.when
  Scenario: The defender accepts only once
    Source: "Playing the Game" - accepting ends the defence; there is no second acceptance.
    Given the hands are:
      | seat | hand           |
      | 1    | 7♠ 7♦ K♠       |
      | 2    | 9♠ 6♣ 6♦       |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 takes
      """
    And seat 2 takes
    Then it is rejected because of rule "take.when"

  @id:durak-challenge.take.no-defending-afterwards @rule:durak-challenge.take.when @rule:durak-challenge.play.turn
  Scenario: Having accepted, the defender cannot go back to beating cards
    Source: "Playing the Game" - once the defender accepts, the attack is settled against them.
    Given the hands are:
      | seat | hand           |
      | 1    | 7♠ 7♦ K♠       |
      | 2    | 9♠ 6♣ 6♦       |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 takes
      """
    And seat 2 beats 7♠ with 9♠
    Then it is rejected because of rule "play.turn"
    And the table is "7♠"

  @id:durak-challenge.take.attacker-cannot-take @rule:durak-challenge.play.turn
  Scenario: Only the defender can accept the cards
    Source: "Playing the Game" - accepting is the defender's answer.
    Given the hands are:
      | seat | hand           |
      | 1    | 7♠ 7♦ K♠       |
      | 2    | 9♠ 6♣ 6♦       |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      """
    And seat 1 takes
    Then it is rejected because of rule "play.turn"

  @id:durak-challenge.take.add-several-after-take @rule:durak-challenge.take.add-after
  Scenario: After the defender accepts, the attacker adds matching cards one after another and all go to the defender
    Source: "Playing the Game" - after an acceptance the attacker may add applicable cards; every attacking and defending card goes to the defender.
    Given the hands are:
      | seat | hand              |
      | 1    | 7♠ 7♦ 9♦ 7♣ K♠    |
      | 2    | 9♠ 6♣ 6♦ 8♣ A♣    |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      seat 1 throws in 7♦
      seat 2 takes
      seat 1 throws in 9♦
      """
    And seat 1 throws in 7♣
    Then it is accepted
    And the table is "7♠/9♠ 7♦ 9♦ 7♣"
    When seat 1 ends the attack
    Then it is accepted
    And the bout ends with seat 2 taking the cards
    And seat 2 holds exactly "6♣ 6♦ 8♣ A♣ 7♠ 9♠ 7♦ 9♦ 7♣"
    And seat 1 holds exactly "K♠"
    And the discard pile holds 0 more cards

  @id:durak-challenge.take.added-card-needs-rank @rule:durak-challenge.take.add-after @rule:durak-challenge.throw-in.rank
  Scenario: Cards added after an acceptance must still match a rank on the table
    Source: "Rules for the Attack" - cards added after the defender accepts follow the same conditions.
    Given the hands are:
      | seat | hand              |
      | 1    | 7♠ 7♦ K♠          |
      | 2    | 9♠ 6♣ 6♦          |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 takes
      """
    And seat 1 throws in K♠
    Then it is rejected because of rule "throw-in.rank"
    And seat 1 may throw in, be done
