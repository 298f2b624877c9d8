Feature: VideoChess - the deal and the trump card
  Covers the deck and deal paragraphs of "Durak: rules": 36 cards from six to ace, six to each
  seat one card at a time from seat 1, and the face-up last card that names trumps and is drawn last.

  Background:
    Given the "videochess" profile
    And the options are "rules=throw_in, teams=solo"

  @id:videochess.deal.four-seats-one-at-a-time @rule:videochess.deal.hands
  Scenario: Four seats receive six cards each, dealt one at a time from seat 1
    Source: deal paragraph - six each, single cards round the table from the lowest seat.
    Given 4 seats
    And the deck starts with "6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦ A♦ 6♣ 7♣ 8♣ 9♣ 10♣ J♣" and ends with 7♥
    When the game starts
    Then seat 1 holds exactly "6♠ 10♠ A♠ 9♦ K♦ 8♣"
    And seat 2 holds exactly "7♠ J♠ 6♦ 10♦ A♦ 9♣"
    And seat 3 holds exactly "8♠ Q♠ 7♦ J♦ 6♣ 10♣"
    And seat 4 holds exactly "9♠ K♠ 8♦ Q♦ 7♣ J♣"
    And the stock holds 12 cards

  @id:videochess.deal.three-seats-stock @rule:videochess.deal.hands @rule:videochess.deal.trump
  Scenario: With three seats eighteen cards stay in the stock, the face-up card at its bottom
    Source: deck and deal paragraphs - a 36-card deck, six cards a player, the last card face up.
    Given 3 seats
    And the deck starts with "6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦ 7♣" and ends with 6♣
    When the game starts
    Then seat 1 holds exactly "6♠ 9♠ Q♠ 6♦ 9♦ Q♦"
    And seat 2 holds exactly "7♠ 10♠ K♠ 7♦ 10♦ K♦"
    And seat 3 holds exactly "8♠ J♠ A♠ 8♦ J♦ 7♣"
    And the stock holds 18 cards
    And the trump card is 6♣
    And the trump suit is clubs

  @id:videochess.deal.stock-order-trump-last @rule:videochess.deal.trump
  Scenario: The undealt cards form the stock in deck order, the face-up trump card last
    Source: deck paragraph - the deck's last card lies face up and is the last to be drawn.
    Given 4 seats
    And the deck starts with "6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦ A♦ 6♣ 7♣ 8♣ 9♣ 10♣ J♣" and ends with 7♥
    When the game starts
    Then the stock, top first, is "6♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥ Q♣ K♣ A♣ 7♥"
    And the trump suit is hearts

  @id:videochess.deal.trump-card-drawn-last @rule:videochess.deal.trump @rule:videochess.drawing.order
  Scenario: The face-up trump card is the very last card drawn from the stock
    Source: deck paragraph - the face-up card is drawn last; drawing paragraph - the defender draws last.
    Given the trump card is 7♥
    And the stock, top first, is "8♣ 7♥"
    And the hands are:
      | seat | hand              |
      | 1    | 7♠ 8♦ 9♦ 10♦ J♦ Q♦ |
      | 2    | 9♠ 6♣ 7♣ 9♣ 10♣ J♣ |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      seat 1 is done
      """
    Then the bout ends with the cards discarded
    And seat 1 holds "8♣" among others
    And seat 2 holds "7♥" among others
    And the stock holds 0 cards
    And the trump suit is hearts
