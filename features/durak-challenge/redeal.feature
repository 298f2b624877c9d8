Feature: Durak Challenge - the redeal
  Covers the redeal paragraph of "The Deal": a player dealt five or more cards of one suit may
  have all cards gathered, reshuffled and dealt again.

  Background:
    Given the "durak-challenge" profile
    And seat 2 is the computer
    And 2 seats

  @id:durak-challenge.redeal.five-of-a-suit @rule:durak-challenge.redeal.offer
  Scenario: A player dealt five hearts may ask for a redeal, and gets a fresh deal
    Source: "The Deal" - five or more of one suit at the start: the option of a redeal.
    Given the deck starts with "7♥ 6♠ 8♥ 7♠ 9♥ 8♠ 10♥ 9♠ J♥ 10♠ 6♣ J♠" and ends with A♦
    Then seat 1 holds exactly "7♥ 8♥ 9♥ 10♥ J♥ 6♣"
    And seat 1 may redeal
    When seat 1 asks for a redeal
    Then it is accepted
    And every seat holds 6 cards and the stock 24
    And the game is not over

  @id:durak-challenge.redeal.not-the-computer @rule:durak-challenge.redeal.offer
  Scenario: The computer does not ask for a redeal, even with six of a suit
    Source: "The Deal" - the option is offered to you, the player.
    Given the deck starts with "7♥ 6♠ 8♥ 7♠ 9♥ 8♠ 10♥ 9♠ J♥ 10♠ 6♣ J♠" and ends with A♦
    Then seat 2 may not redeal
    When seat 2 asks for a redeal
    Then it is rejected because of rule "redeal.offer"

  @id:durak-challenge.redeal.four-not-enough @rule:durak-challenge.redeal.offer
  Scenario: Four cards of one suit do not allow a redeal
    Source: "The Deal" - five or more of the same suit.
    Given the deck starts with "7♥ 6♠ 8♥ 7♠ 9♥ 8♠ 10♥ 9♠ 6♦ 10♠ 6♣ J♠" and ends with A♦
    Then seat 1 holds exactly "7♥ 8♥ 9♥ 10♥ 6♦ 6♣"
    And seat 1 may not redeal
    When seat 1 asks for a redeal
    Then it is rejected because of rule "redeal.offer"

  @id:durak-challenge.redeal.only-at-the-start @rule:durak-challenge.redeal.offer
  Scenario: Once the first card is played there is no redeal
    Source: "The Deal" - the redeal is offered at the start of a game.
    Given the deck starts with "7♥ 6♠ 8♥ 7♠ 9♥ 8♠ 10♥ 9♠ J♥ 10♠ 6♣ J♠" and ends with A♦
    When seat 1 attacks with 6♣
    Then it is accepted
    When seat 1 asks for a redeal
    Then it is rejected because of rule "redeal.offer"
