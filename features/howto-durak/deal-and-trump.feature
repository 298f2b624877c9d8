Feature: How to play Durak - the deck, the deal and the trump
  Covers "The cards" (three deck sizes and the players each one seats) and "Dealing and the
  trump suit" (six cards each, the face-up trump drawn last, the whole deck dealt).

  Background:
    Given the "howto-durak" profile

  @id:howto-durak.deal.deck-size-seats @rule:howto-durak.deal.deck-sizes @rule:howto-durak.deal.hands
  Scenario Outline: Each deck size deals six cards to every seat it allows
    Source: "The cards" - 24 cards for two to four players, 36 and 52 for two to six.
    Given the option "deck" is "<deck>"
    And <seats> seats
    And the deck starts with "" and ends with A♥
    When the game starts
    Then seat 1 holds 6 cards
    And seat <seats> holds 6 cards
    And the stock holds <stock> cards

    Examples:
      | deck | seats | stock |
      | 24   | 2     | 12    |
      | 24   | 3     | 6     |
      | 36   | 2     | 24    |
      | 36   | 5     | 6     |
      | 52   | 2     | 40    |
      | 52   | 6     | 16    |

  @id:howto-durak.deal.too-many-seats @rule:howto-durak.deal.deck-sizes
  Scenario Outline: A deck does not seat more players than it allows
    Source: "The cards" - 24 cards seat at most four players, 36 and 52 at most six.
    Given the option "deck" is "<deck>"
    And <seats> seats
    And the deck starts with "" and ends with A♥
    Then the engine refuses to deal

    Examples:
      | deck | seats |
      | 24   | 5     |
      | 24   | 6     |
      | 52   | 7     |

  @id:howto-durak.deal.trump-under-stock @rule:howto-durak.deal.trump @rule:howto-durak.deal.hands
  Scenario: The last card of the deck is the face-up trump at the bottom of the stock
    Source: "Dealing and the trump suit" - the deck's last card shows the trump suit and stays under the stock.
    Given the option "deck" is "24"
    And 3 seats
    And the stacked deck, top card first, is:
      """
      9♠ 10♠ J♠ Q♠ K♠ A♠ 9♦ 10♦ J♦ Q♦ K♦ A♦ 9♣ 10♣ J♣ Q♣ K♣ A♣
      10♥ J♥ Q♥ K♥ A♥ 9♥
      """
    When the game starts
    Then seat 1 holds 6 cards
    And seat 2 holds 6 cards
    And seat 3 holds 6 cards
    And the trump card is 9♥
    And the trump suit is hearts
    And the stock, top first, is "10♥ J♥ Q♥ K♥ A♥ 9♥"

  @id:howto-durak.deal.whole-deck-24-four @rule:howto-durak.deal.whole-deck @rule:howto-durak.deal.deck-sizes
  Scenario: Four players with 24 cards share the whole deck and the last one dealt holds the trump card
    Source: "Dealing and the trump suit" - a fully dealt deck leaves no stock and the face-up card ends in the final hand dealt.
    Given the option "deck" is "24"
    And 4 seats
    And the deck starts with "" and ends with K♥
    When the game starts
    Then the stock holds 0 cards
    And seat 4 holds "K♥" among others
    And seat 1 holds 6 cards
    And seat 4 holds 6 cards
    And the trump card is K♥
    And the trump suit is hearts

  @id:howto-durak.deal.whole-deck-36-six @rule:howto-durak.deal.whole-deck @rule:howto-durak.deal.deck-sizes
  Scenario: Six players with 36 cards share the whole deck and the last one dealt holds the trump card
    Source: "Dealing and the trump suit" - six players with the 36-card deck: no stock at all.
    Given 6 seats
    And the deck starts with "" and ends with A♦
    When the game starts
    Then the stock holds 0 cards
    And seat 6 holds "A♦" among others
    And seat 6 holds 6 cards
    And the trump card is A♦
    And the trump suit is diamonds
    And the game is not over

  @id:howto-durak.deal.whole-deck-nobody-draws @rule:howto-durak.deal.whole-deck @rule:howto-durak.drawing.order @rule:howto-durak.limits.first-bout
  Scenario: When the whole deck was dealt nobody draws after the first bout
    Source: "Dealing and the trump suit" - no stock when four play with 24 cards; "Drawing cards" - no stock, no drawing.
    Given the option "deck" is "24"
    And the trump card is K♥
    And the stock is empty
    And the first bout has not been played
    And the hands are:
      | seat | hand                 |
      | 1    | 9♥ 9♠ 10♠ J♠ Q♠ K♠   |
      | 2    | A♠ 9♦ 10♦ J♦ Q♦ K♦   |
      | 3    | A♦ 9♣ 10♣ J♣ Q♣ K♣   |
      | 4    | K♥ A♣ 10♥ J♥ Q♥ A♥   |
    When the game starts
    Then seat 1 is the first attacker
    And the bout limit is 5
    When they play:
      """
      seat 1 attacks with 9♠
      seat 2 beats 9♠ with A♠
      seat 1 is done
      seat 3 is done
      seat 4 is done
      """
    Then the bout ends with the cards discarded
    And the stock holds 0 cards
    And seat 1 holds 5 cards
    And seat 2 holds 5 cards
    And seat 4 holds "K♥" among others
    And seat 2 attacks next
    And the bout limit is 6
