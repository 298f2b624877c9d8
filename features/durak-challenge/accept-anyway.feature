Feature: Durak Challenge - after a complete defence: accept anyway or keep the defence
  Covers "Playing the Game": a defender who has beaten the whole attack may still accept the
  cards (and the attacker then adds nothing), or keep the defence and attack next. Seat 1 (the
  human player) defends here, since the computer never gives up a defence.

  Background:
    Given the "durak-challenge" profile
    And seat 2 is the computer
    And the trump card is 6♥
    And the stock is empty

  @id:durak-challenge.accept.offered-once-attack-ended @rule:durak-challenge.accept.when @ambiguous @reading:accept_when=attack_ended
  Scenario: Once the attacker ends a fully beaten attack, the defender chooses
    Source: "Playing the Game" - a defender who beats the attack may accept the cards anyway or become the attacker (profile reading: the choice comes when the attacker has ended).
    Given the hands are:
      | seat | hand        |
      | 1    | 9♠ 6♣ 8♦    |
      | 2    | 7♠ 7♦ K♠    |
    And seat 2 attacks first
    When they play:
      """
      seat 2 attacks with 7♠
      seat 1 beats 7♠ with 9♠
      """
    And seat 2 ends the attack
    Then it is accepted
    And only seat 1 may act
    And seat 1 may accept, keep the defence
    And seat 1 may not take

  @id:durak-challenge.accept.after-last-card-with-stock @rule:durak-challenge.accept.when
  Scenario: A defender whose final card covers the final attack, with stock left, may still accept anyway
    Source: "Playing the Game" - accepting anyway follows any complete defence; with cards left in the deck an empty hand is refilled, so the choice is a real one.
    Given the stock, top first, is "J♣ Q♣ 6♥"
    And the hands are:
      | seat | hand                    |
      | 1    | 9♠ 9♦ 10♣ J♠ J♦ K♣      |
      | 2    | 7♠ 7♦ 9♣ 10♠ 10♦ 7♣ K♠  |
    And seat 2 attacks first
    When they play:
      """
      seat 2 attacks with 7♠
      seat 1 beats 7♠ with 9♠
      seat 2 throws in 7♦
      seat 1 beats 7♦ with 9♦
      seat 2 throws in 9♣
      seat 1 beats 9♣ with 10♣
      seat 2 throws in 10♠
      seat 1 beats 10♠ with J♠
      seat 2 throws in 10♦
      seat 1 beats 10♦ with J♦
      seat 2 throws in 7♣
      seat 1 beats 7♣ with K♣
      """
    Then the game is not over
    And seat 1 has no cards
    And only seat 1 may act
    And seat 1 may accept, keep the defence
    When seat 1 accepts the cards anyway
    Then it is accepted
    And the bout ends with seat 1 taking the cards
    And seat 2 holds exactly "K♠ J♣ Q♣ 6♥"
    And seat 1 holds exactly "7♠ 9♠ 7♦ 9♦ 9♣ 10♣ 10♠ J♠ 10♦ J♦ 7♣ K♣"
    And the stock holds 0 cards

  @id:durak-challenge.accept.takes-every-card @rule:durak-challenge.accept.when @rule:durak-challenge.next-attacker.after-take
  Scenario: Accepting anyway puts every attacking and defending card in the defender's hand
    Source: "Playing the Game" - accepting anyway is handled like accepting the last card, so all cards of the attack go to the defender and the attacker attacks again.
    Given the hands are:
      | seat | hand           |
      | 1    | 9♠ 10♦ 6♣ 8♦   |
      | 2    | 7♠ 7♦ K♠ A♣    |
    And seat 2 attacks first
    When they play:
      """
      seat 2 attacks with 7♠
      seat 1 beats 7♠ with 9♠
      seat 2 throws in 7♦
      seat 1 beats 7♦ with 10♦
      seat 2 ends the attack
      """
    And seat 1 accepts the cards anyway
    Then it is accepted
    And the bout ends with seat 1 taking the cards
    And seat 1 holds exactly "6♣ 8♦ 7♠ 9♠ 7♦ 10♦"
    And the discard pile holds 0 more cards
    And seat 2 attacks next
    And seat 2 attacks seat 1

  @id:durak-challenge.accept.attacker-adds-nothing @rule:durak-challenge.accept.no-adding
  Scenario: When the defender accepts anyway, the attacker cannot add a matching card
    Source: "Playing the Game" - after a forfeited defence the attacker may not add more attacking cards.
    Given the hands are:
      | seat | hand        |
      | 1    | 9♠ 6♣ 8♦    |
      | 2    | 7♠ 7♦ K♠    |
    And seat 2 attacks first
    When they play:
      """
      seat 2 attacks with 7♠
      seat 1 beats 7♠ with 9♠
      seat 2 ends the attack
      """
    Then seat 2 may not throw in
    When they play:
      """
      seat 1 accepts the cards anyway
      """
    Then seat 1 holds exactly "6♣ 8♦ 7♠ 9♠"
    And seat 2 holds exactly "7♦ K♠"
    When seat 2 throws in 7♦
    Then it is rejected because of rule "accept.no-adding"

  @id:durak-challenge.accept.not-before-attack-ends @rule:durak-challenge.accept.when @ambiguous @reading:accept_when=attack_ended
  Scenario: The defender cannot accept anyway while the attacker may still add cards
    Source: "Playing the Game" - the choice follows a beaten attack; the profile reads that as an attack the attacker has ended.
    Given the hands are:
      | seat | hand        |
      | 1    | 9♠ 6♣ 8♦    |
      | 2    | 7♠ 7♦ K♠    |
    And seat 2 attacks first
    When they play:
      """
      seat 2 attacks with 7♠
      seat 1 beats 7♠ with 9♠
      """
    And seat 1 accepts the cards anyway
    Then it is rejected because of rule "accept.when"
    And seat 1 may not accept
    And seat 2 may throw in, be done

  @id:durak-challenge.accept.as-soon-as-all-beaten @rule:durak-challenge.accept.when @ambiguous @reading:accept_when=all_beaten
  Scenario: Read the other way, the defender may accept anyway as soon as every card is beaten
    Source: "Playing the Game" - the choice follows a beaten attack (the other reading: as soon as every card on the table is beaten, before the attacker ends).
    Given the hands are:
      | seat | hand        |
      | 1    | 9♠ 6♣ 8♦    |
      | 2    | 7♠ 7♦ K♠    |
    And seat 2 attacks first
    When they play:
      """
      seat 2 attacks with 7♠
      seat 1 beats 7♠ with 9♠
      """
    And seat 1 accepts the cards anyway
    Then it is accepted
    And the bout ends with seat 1 taking the cards
    And seat 1 holds exactly "6♣ 8♦ 7♠ 9♠"

  @id:durak-challenge.accept.not-with-unbeaten-card @rule:durak-challenge.accept.when
  Scenario: Accepting anyway is not the answer to an unbeaten card
    Source: "Playing the Game" - accepting anyway needs a complete defence first; an unbeaten card is accepted by taking.
    Given the hands are:
      | seat | hand        |
      | 1    | 9♠ 6♣ 8♦    |
      | 2    | 7♠ 7♦ K♠    |
    And seat 2 attacks first
    When they play:
      """
      seat 2 attacks with 7♠
      """
    And seat 1 accepts the cards anyway
    Then it is rejected because of rule "accept.when"
    And seat 1 may defend, take

  @id:durak-challenge.accept.only-the-defender @rule:durak-challenge.play.turn
  Scenario: The attacker cannot accept its own attack
    Source: "Playing the Game" - the choice after a complete defence belongs to the defender.
    Given the hands are:
      | seat | hand        |
      | 1    | 9♠ 6♣ 8♦    |
      | 2    | 7♠ 7♦ K♠    |
    And seat 2 attacks first
    When they play:
      """
      seat 2 attacks with 7♠
      seat 1 beats 7♠ with 9♠
      seat 2 ends the attack
      """
    And seat 2 accepts the cards anyway
    Then it is rejected because of rule "play.turn"
    And only seat 1 may act

  @id:durak-challenge.accept.computer-never-forfeits @rule:durak-challenge.accept.computer-never
  Scenario: The computer does not give up a successful defence
    Source: "Playing the Game" - the note that the computer never forfeits a beaten attack.
    Given the hands are:
      | seat | hand        |
      | 1    | 7♠ 7♦ K♠    |
      | 2    | 9♠ 6♣ 8♦    |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      seat 1 ends the attack
      """
    Then seat 2 may keep the defence
    When seat 2 accepts the cards anyway
    Then it is rejected because of rule "accept.computer-never"

  @id:durak-challenge.accept.keep-the-defence @rule:durak-challenge.done.when @rule:durak-challenge.bout.discard @rule:durak-challenge.next-attacker.after-defence
  Scenario: Keeping the defence discards the attack and makes the defender the attacker
    Source: "Playing the Game" - choosing to become the attacker removes the attack's cards from the game and the defender opens the next attack.
    Given the hands are:
      | seat | hand           |
      | 1    | 9♠ 10♦ 6♣ 8♦   |
      | 2    | 7♠ 7♦ K♠ A♣    |
    And seat 2 attacks first
    When they play:
      """
      seat 2 attacks with 7♠
      seat 1 beats 7♠ with 9♠
      seat 2 throws in 7♦
      seat 1 beats 7♦ with 10♦
      seat 2 ends the attack
      """
    And seat 1 keeps the defence
    Then it is accepted
    And the bout ends with the cards discarded
    And the discard pile holds 4 more cards
    And seat 1 holds exactly "6♣ 8♦"
    And seat 1 attacks next
    And seat 1 attacks seat 2

  @id:durak-challenge.accept.keep-not-before-attack-ends @rule:durak-challenge.done.when
  Scenario: The defender cannot close the attack while the attacker may still add cards
    Source: assumed from "Playing the Game" - the defender's choice comes only after the attacker ends the attack.
    Given the hands are:
      | seat | hand        |
      | 1    | 9♠ 6♣ 8♦    |
      | 2    | 7♠ 7♦ K♠    |
    And seat 2 attacks first
    When they play:
      """
      seat 2 attacks with 7♠
      seat 1 beats 7♠ with 9♠
      """
    And seat 1 keeps the defence
    Then it is rejected because of rule "done.when"
    And seat 2 may throw in
