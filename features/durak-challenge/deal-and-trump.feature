Feature: Durak Challenge - the deal and the trump card
  Covers "The Card Deck" and "The Deal": a 36-card deck, six cards to each side, and the
  face-up card under the deck that names trumps and is drawn last.

  Background:
    Given the "durak-challenge" profile
    And seat 2 is the computer
    And 2 seats

  @id:durak-challenge.deal.six-each @rule:durak-challenge.deal.hands
  Scenario: Each side is dealt six cards and the other 24 form the deck
    Source: "The Card Deck" and "The Deal" - 36 cards from six to ace, six cards each.
    Given the deck starts with "K♣ J♦ 8♠ 9♣ 7♦ 6♣ Q♦ A♥ Q♣ 7♥ 8♥ 6♦" and ends with 8♦
    When the game starts
    Then seat 1 holds 6 cards
    And seat 2 holds 6 cards
    And the stock holds 24 cards
    And the discard pile holds 0 cards
    And the table is empty

  @id:durak-challenge.deal.face-up-trump-under-deck @rule:durak-challenge.deal.trump
  Scenario: The face-up bottom card names trumps and is the final card of the stock
    Source: "The Deal" - the face-up card under the deck sets trumps and is the last card to be dealt.
    Given the stacked deck, top card first, is:
      """
      K♣ J♦ 8♠ 9♣ 7♦ 6♣ Q♦ A♥ Q♣ 7♥ 8♥ 6♦
      J♠ 7♠ 6♥ J♣ A♣ 8♣ 10♦ 10♥ A♦ 6♠ 7♣ 9♠
      Q♠ 9♥ 9♦ 10♣ J♥ K♦ Q♥ K♠ K♥ 10♠ A♠ 8♦
      """
    When the game starts
    Then the trump card is 8♦
    And the trump suit is diamonds
    And the stock, top first, is "J♠ 7♠ 6♥ J♣ A♣ 8♣ 10♦ 10♥ A♦ 6♠ 7♣ 9♠ Q♠ 9♥ 9♦ 10♣ J♥ K♦ Q♥ K♠ K♥ 10♠ A♠ 8♦"
    And seat 1 does not hold "8♦"
    And seat 2 does not hold "8♦"
