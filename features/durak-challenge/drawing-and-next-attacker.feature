Feature: Durak Challenge - replenishing hands and who attacks next
  Covers "Replenishing Hands" (the attacker refills to six first, then the defender, while the
  deck lasts; the face-up trump comes last) and, from "Playing the Game", who opens the next
  attack after a kept defence and after the defender accepts.

  Background:
    Given the "durak-challenge" profile
    And seat 2 is the computer
    And the trump card is 6♥

  @id:durak-challenge.drawing.attacker-then-defender @rule:durak-challenge.drawing.order @rule:durak-challenge.next-attacker.after-defence
  Scenario: After a kept defence the attacker refills first, then the defender, who attacks next
    Source: "Replenishing Hands" - attacker first, defender after; "Playing the Game" - the successful defender becomes the attacker.
    Given the stock, top first, is "J♣ Q♣ K♣ A♦ 7♥ 6♥"
    And the hands are:
      | seat | hand                |
      | 1    | 7♠ 7♦ K♠ A♣ Q♦ J♦   |
      | 2    | 9♠ 10♦ 6♣ 8♦ 8♣ 9♣  |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      seat 1 throws in 7♦
      seat 2 beats 7♦ with 10♦
      seat 1 ends the attack
      seat 2 keeps the defence
      """
    Then the bout ends with the cards discarded
    And seat 1 holds exactly "K♠ A♣ Q♦ J♦ J♣ Q♣"
    And seat 2 holds exactly "6♣ 8♦ 8♣ 9♣ K♣ A♦"
    And the stock, top first, is "7♥ 6♥"
    And seat 2 attacks next
    And seat 2 attacks seat 1

  @id:durak-challenge.drawing.short-stock-trump-last @rule:durak-challenge.drawing.order @rule:durak-challenge.deal.trump
  Scenario: When the deck runs short the attacker is served first and the face-up trump is the last card drawn
    Source: "Replenishing Hands" - draw until six or until the deck is empty; "The Deal" - the face-up trump is dealt last.
    Given the stock, top first, is "J♣ Q♣ K♣ 6♥"
    And the hands are:
      | seat | hand                |
      | 1    | 7♠ 7♦ 7♣ K♠ A♣ Q♦   |
      | 2    | 9♠ 10♦ 9♣ 6♣ 8♦ 8♣  |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      seat 1 throws in 7♦
      seat 2 beats 7♦ with 10♦
      seat 1 throws in 7♣
      seat 2 beats 7♣ with 9♣
      seat 1 ends the attack
      seat 2 keeps the defence
      """
    Then seat 1 holds exactly "K♠ A♣ Q♦ J♣ Q♣ K♣"
    And seat 2 holds exactly "6♣ 8♦ 8♣ 6♥"
    And the stock is now empty
    And the game is not over

  @id:durak-challenge.drawing.after-take @rule:durak-challenge.drawing.order @rule:durak-challenge.next-attacker.after-take
  Scenario: After the defender takes, the attacker refills, the over-full defender draws nothing, and the same attacker goes again
    Source: "Playing the Game" - after accepting, both hands are refilled and the same attacker opens again; "Replenishing Hands" - only hands below six draw.
    Given the stock, top first, is "J♣ Q♣ K♣ A♦ 7♥ 6♥"
    And the hands are:
      | seat | hand                |
      | 1    | 7♠ 7♦ K♠ A♣ Q♦ J♦   |
      | 2    | 9♠ 10♦ 6♣ 8♦ 8♣ 9♣  |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 takes
      seat 1 ends the attack
      """
    Then the bout ends with seat 2 taking the cards
    And seat 1 holds exactly "7♦ K♠ A♣ Q♦ J♦ J♣"
    And seat 2 holds 7 cards
    And the stock, top first, is "Q♣ K♣ A♦ 7♥ 6♥"
    And seat 1 attacks next
    And seat 1 attacks seat 2

  @id:durak-challenge.drawing.after-accept-anyway @rule:durak-challenge.drawing.order @rule:durak-challenge.next-attacker.after-take @rule:durak-challenge.accept.when
  Scenario: After an accept-anyway the attacker refills first and attacks again
    Source: "Playing the Game" - accepting anyway follows the rules of accepting; "Replenishing Hands" - attacker first.
    Given the stock, top first, is "J♣ Q♣ K♣ A♦ 7♥ 6♥"
    And the hands are:
      | seat | hand                |
      | 1    | 9♠ 10♦ 6♣ 8♦ 8♣ 9♣  |
      | 2    | 7♠ 7♦ K♠ A♣ Q♦ J♦   |
    And seat 2 attacks first
    When they play:
      """
      seat 2 attacks with 7♠
      seat 1 beats 7♠ with 9♠
      seat 2 ends the attack
      seat 1 accepts the cards anyway
      """
    Then the bout ends with seat 1 taking the cards
    And seat 2 holds exactly "7♦ K♠ A♣ Q♦ J♦ J♣"
    And seat 1 holds 7 cards
    And the stock, top first, is "Q♣ K♣ A♦ 7♥ 6♥"
    And seat 2 attacks next
    And seat 2 attacks seat 1

  @id:durak-challenge.drawing.full-attacker-draws-nothing @rule:durak-challenge.drawing.order
  Scenario: An attacker still holding six cards draws nothing and the defender takes the top card
    Source: "Replenishing Hands" - a hand is refilled only when it holds fewer than six cards.
    Given the stock, top first, is "J♣ Q♣ K♣ A♦ 7♥ 8♥ 6♥"
    And the hands are:
      | seat | hand                    |
      | 1    | 7♠ K♠ A♣ Q♦ J♦ 10♠ 8♠   |
      | 2    | 9♠ 10♦ 6♣ 8♦ 8♣ 9♣      |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      seat 1 ends the attack
      seat 2 keeps the defence
      """
    Then seat 1 holds exactly "K♠ A♣ Q♦ J♦ 10♠ 8♠"
    And seat 2 holds exactly "10♦ 6♣ 8♦ 8♣ 9♣ J♣"
    And the stock, top first, is "Q♣ K♣ A♦ 7♥ 8♥ 6♥"
    And seat 2 attacks next
