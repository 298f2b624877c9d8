Feature: How to play Durak - taking the cards
  Covers "Take": when the defender may take, the throw-ins that follow within the limit, and
  who attacks after a take.

  Background:
    Given the "howto-durak" profile
    And the trump card is 6♥
    And the stock is empty

  @id:howto-durak.take.with-unbeaten-card @rule:howto-durak.take.when @rule:howto-durak.take.throw-after
  Scenario: The defender takes while a card is unbeaten and may no longer beat
    Source: "Take" - taking is possible while some card is unbeaten; after it the defender stops beating.
    Given the hands are:
      | seat | hand              |
      | 1    | 7♠ 7♦ 9♣ K♠       |
      | 2    | 9♠ 10♦ J♣ Q♦      |
      | 3    | 7♣ 9♦ 10♣ Q♠      |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      """
    And seat 2 takes
    Then it is accepted
    And the bout is still open
    And seat 2 may not act
    And seat 3 may throw in
    When seat 2 beats 7♠ with 9♠
    Then it is rejected because of rule "play.turn"

  @id:howto-durak.take.everything-beaten-refused @rule:howto-durak.take.when
  Scenario: Take is refused when every card on the table is beaten
    Source: "Take" - with nothing left unbeaten there is nothing to take.
    Given the hands are:
      | seat | hand              |
      | 1    | 7♠ 7♦ 9♣ K♠       |
      | 2    | 9♠ 10♦ J♣ Q♦      |
      | 3    | 7♣ 9♦ 10♣ Q♠      |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      """
    And seat 2 takes
    Then it is rejected because of rule "take.when"

  @id:howto-durak.take.only-once @rule:howto-durak.take.when
  Scenario: The defender presses Take only once
    Source: "Take" - after Take the defender's part in the bout is over.
    Given the hands are:
      | seat | hand              |
      | 1    | 7♠ 7♦ 9♣ K♠       |
      | 2    | 9♠ 10♦ J♣ Q♦      |
      | 3    | 7♣ 9♦ 10♣ Q♠      |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 takes
      """
    And seat 2 takes
    Then it is rejected because of rule "take.when"

  @id:howto-durak.take.throw-ins-then-all-pass @rule:howto-durak.take.throw-after @rule:howto-durak.next-attacker.after-take @rule:howto-durak.done.when
  Scenario: After Take the others throw in, pass, and the defender takes everything
    Source: "Take" - others may add cards; once all pass the defender takes beaten and unbeaten cards alike.
    Given the hands are:
      | seat | hand              |
      | 1    | 7♠ 7♦ 9♣ K♠       |
      | 2    | 9♠ 10♦ J♣ Q♦ 8♦ 10♠ |
      | 3    | 7♣ 9♦ 10♣ Q♠      |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠ 7♦
      seat 2 beats 7♠ with 9♠
      seat 2 takes
      seat 3 throws in 7♣
      seat 1 throws in 9♣
      seat 1 passes
      """
    Then the bout is still open
    When seat 3 passes
    Then it is accepted
    And the bout ends with seat 2 taking the cards
    And seat 2 holds exactly "7♠ 9♠ 7♦ 7♣ 9♣ 10♦ J♣ Q♦ 8♦ 10♠"
    And seat 3 attacks next
    And seat 3 attacks seat 1

  @id:howto-durak.take.pass-with-unbeaten-cards @rule:howto-durak.done.when @rule:howto-durak.take.throw-after
  Scenario: After Take a thrower may pass although cards are unbeaten
    Source: "Take" - after Take the others press Pass when they have nothing more to add.
    Given the hands are:
      | seat | hand              |
      | 1    | 7♠ 7♦ 9♣ K♠       |
      | 2    | 9♠ 10♦ J♣ Q♦      |
      | 3    | 7♣ 9♦ 10♣ Q♠      |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 takes
      """
    And seat 1 passes
    Then it is accepted
    And the bout is still open

  @id:howto-durak.take.throw-ins-stop-at-limit @rule:howto-durak.take.throw-after @rule:howto-durak.limits.defender-hand @rule:howto-durak.bout.auto-close
  Scenario: Throw-ins after Take stop at the limit and the bout ends there
    Source: "Take" - throw-ins after Take stay within the limit; "Done" - reaching it ends the bout.
    Given the hands are:
      | seat | hand              |
      | 1    | 7♠ 7♦ 9♣ K♠ A♠    |
      | 2    | 9♠ 10♦ J♣         |
      | 3    | 7♣ 9♦ 10♣ Q♠      |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 takes
      seat 3 throws in 7♣
      """
    Then the bout is still open
    When seat 1 throws in 7♦
    Then it is accepted
    And the bout ends with seat 2 taking the cards
    And seat 2 holds exactly "9♠ 10♦ J♣ 7♠ 7♣ 7♦"
    And seat 3 attacks next

  @id:howto-durak.take.two-players-attacker-again @rule:howto-durak.next-attacker.after-take
  Scenario: With two players the attacker attacks again after a take
    Source: "Take" - the player on the taker's left starts, which with two players is the attacker.
    Given the hands are:
      | seat | hand              |
      | 1    | 7♠ 7♦ 9♣ K♠       |
      | 2    | 9♠ 10♦ J♣ Q♦      |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 takes
      seat 1 passes
      """
    Then the bout ends with seat 2 taking the cards
    And seat 1 attacks next
    And seat 1 attacks seat 2

  @id:howto-durak.take.four-players-skips-taker @rule:howto-durak.next-attacker.after-take @rule:howto-durak.attack.target
  Scenario: At four seats the player left of the taker attacks the next seat
    Source: "Take" - the taker loses the turn to attack; "Attacking" - each attacks the player on the left.
    Given the hands are:
      | seat | hand              |
      | 1    | 7♠ 7♦ 9♣ K♠       |
      | 2    | 9♠ 10♦ J♣ Q♦      |
      | 3    | 8♣ 9♦ 10♣ Q♠      |
      | 4    | J♦ Q♣ K♣ A♦       |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 takes
      seat 1 passes
      seat 3 passes
      seat 4 passes
      """
    Then the bout ends with seat 2 taking the cards
    And seat 3 attacks next
    And seat 3 attacks seat 4
