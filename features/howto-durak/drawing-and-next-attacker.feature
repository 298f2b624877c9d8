Feature: How to play Durak - drawing from the stock and who attacks next
  Covers "Drawing cards" (refill to six: opener first, clockwise, defender last; the trump card
  last; nothing once the stock is gone) and the next attacker rules of "Done" and "Take".

  Background:
    Given the "howto-durak" profile
    And the trump card is 6♥

  @id:howto-durak.drawing.opener-others-defender @rule:howto-durak.drawing.order @rule:howto-durak.next-attacker.after-defence
  Scenario: After a defended bout the opener draws first, then the thrower, the defender last
    Source: "Drawing cards" - refill to six: opener, the others clockwise, the defender last.
    Given the stock, top first, is "A♣ K♣ Q♣ J♣ 10♣ 9♣ 8♥ 6♥"
    And the hands are:
      | seat | hand                 |
      | 1    | 7♦ 7♣ 8♠ 9♠ 10♠ J♠   |
      | 2    | 8♦ 8♣ 9♥ 10♦ J♦ Q♦   |
      | 3    | 7♠ Q♠ K♠ A♠ A♦ 9♦    |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♦ 7♣
      seat 3 throws in 7♠
      seat 2 beats 7♦ with 8♦
      seat 2 beats 7♣ with 8♣
      seat 2 beats 7♠ with 9♥
      seat 1 is done
      seat 3 is done
      """
    Then the bout ends with the cards discarded
    And seat 1 holds exactly "8♠ 9♠ 10♠ J♠ A♣ K♣"
    And seat 3 holds exactly "Q♠ K♠ A♠ A♦ 9♦ Q♣"
    And seat 2 holds exactly "10♦ J♦ Q♦ J♣ 10♣ 9♣"
    And the stock, top first, is "8♥ 6♥"
    And seat 2 attacks next

  @id:howto-durak.drawing.short-stock-trump-last @rule:howto-durak.drawing.order @rule:howto-durak.deal.trump
  Scenario: A short stock runs out on the opener, who draws the face-up trump last
    Source: "Drawing cards" - the face-up card is the final card drawn; an exhausted stock ends all drawing.
    Given the stock, top first, is "A♣ 6♥"
    And the hands are:
      | seat | hand                 |
      | 1    | 7♦ 7♣ 8♠ 9♠ 10♠ J♠   |
      | 2    | 8♦ 8♣ 9♥ 10♦ J♦ Q♦   |
      | 3    | 7♠ Q♠ K♠ A♠ A♦ 9♦    |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♦ 7♣
      seat 3 throws in 7♠
      seat 2 beats 7♦ with 8♦
      seat 2 beats 7♣ with 8♣
      seat 2 beats 7♠ with 9♥
      seat 1 is done
      seat 3 is done
      """
    Then the bout ends with the cards discarded
    And seat 1 holds exactly "8♠ 9♠ 10♠ J♠ A♣ 6♥"
    And seat 3 holds 5 cards
    And seat 2 holds 3 cards
    And the stock holds 0 cards
    And the game is not over

  @id:howto-durak.drawing.full-hand-draws-nothing @rule:howto-durak.drawing.order @rule:howto-durak.take.throw-after
  Scenario: A player holding six or more cards after taking draws nothing
    Source: "Drawing cards" - only those with fewer than six cards draw.
    Given the stock, top first, is "A♣ K♣ 7♣ 6♥"
    And the hands are:
      | seat | hand                 |
      | 1    | 7♦ 8♠ 9♠ 10♠ J♠ Q♠   |
      | 2    | 8♣ 9♣ 10♦ J♦ Q♦ K♦   |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♦
      seat 2 takes
      seat 1 passes
      """
    Then the bout ends with seat 2 taking the cards
    And seat 1 holds exactly "8♠ 9♠ 10♠ J♠ Q♠ A♣"
    And seat 2 holds 7 cards
    And the stock, top first, is "K♣ 7♣ 6♥"
    And seat 1 attacks next

  @id:howto-durak.next-attacker.defender-leads @rule:howto-durak.next-attacker.after-defence @rule:howto-durak.attack.target
  Scenario: At four seats the defender who held off the attack leads against the next seat
    Source: "Done" - the successful defender starts the next bout, attacking the player on their left.
    Given the stock is empty
    And the hands are:
      | seat | hand           |
      | 1    | 7♦ 8♠ 9♠ 10♠   |
      | 2    | 8♦ 8♣ 9♥ 10♦   |
      | 3    | 7♠ Q♠ K♠ A♠    |
      | 4    | J♦ Q♦ K♦ A♦    |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♦
      seat 2 beats 7♦ with 8♦
      seat 1 is done
      seat 3 is done
      seat 4 is done
      """
    Then the bout ends with the cards discarded
    And seat 2 attacks next
    And seat 2 attacks seat 3

  @id:howto-durak.drawing.after-pass-opener-first @rule:howto-durak.drawing.order
  Scenario: After a pass at four seats the player who opened the bout still draws first
    Source: "Drawing cards" - the bout's opener draws before the others, who follow clockwise, and the defender goes last.
    Given the options are "mode=passing"
    And the stock, top first, is "8♥ 9♥ 6♥"
    And the hands are:
      | seat | hand                 |
      | 1    | 7♣ A♠ K♠ Q♠ J♠ 10♠   |
      | 2    | 7♦ A♣ K♣ Q♣ J♣ 10♣   |
      | 3    | 9♠ 9♣ 9♦ 10♦ J♦ Q♦ 6♣ |
      | 4    | 6♠ 8♠ 8♣ 8♦ K♦ 7♠    |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♣
      seat 2 transfers with 7♦
      seat 4 throws in 7♠
      seat 3 takes
      seat 2 is done
      seat 1 is done
      seat 4 is done
      """
    Then the bout ends with seat 3 taking the cards
    And seat 1 holds "8♥" among others
    And seat 2 holds "9♥" among others
    And seat 4 holds "6♥" among others
    And the stock holds 0 cards

  @id:howto-durak.drawing.deck-52-five-seats-stock-runs-out @rule:howto-durak.drawing.order @rule:howto-durak.deal.trump
  Scenario: With the 52-card deck at five seats the throwers draw clockwise and the stock runs dry on the defender
    Source: "Drawing cards" - opener, then the rest going clockwise, defender last; "The cards" - twos only in the full deck.
    Given the option "deck" is "52"
    And the trump card is 2♥
    And the stock, top first, is "A♣ K♦ Q♠ 2♥"
    And the hands are:
      | seat | hand                 |
      | 1    | 2♠ 8♠ 9♠ 10♠ J♠ K♠   |
      | 2    | 4♠ 4♦ 4♣ 9♦ 10♦ J♦   |
      | 3    | 2♦ 5♠ 6♠ 7♠ 3♦ 5♦    |
      | 4    | 3♣ 5♣ 6♣ 7♣ 8♣ 9♣    |
      | 5    | 2♣ 6♦ 7♦ 8♦ 10♣ J♣   |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 2♠
      seat 2 beats 2♠ with 4♠
      seat 1 is done
      seat 3 throws in 2♦
      seat 2 beats 2♦ with 4♦
      seat 1 is done
      seat 3 is done
      seat 4 is done
      seat 5 throws in 2♣
      seat 2 beats 2♣ with 4♣
      seat 1 is done
      seat 3 is done
      seat 4 is done
      """
    And seat 5 is done
    Then it is accepted
    And the bout ends with the cards discarded
    And seat 1 holds exactly "8♠ 9♠ 10♠ J♠ K♠ A♣"
    And seat 3 holds exactly "5♠ 6♠ 7♠ 3♦ 5♦ K♦"
    And seat 4 holds exactly "3♣ 5♣ 6♣ 7♣ 8♣ 9♣"
    And seat 5 holds exactly "6♦ 7♦ 8♦ 10♣ J♣ Q♠"
    And seat 2 holds exactly "9♦ 10♦ J♦ 2♥"
    And the stock holds 0 cards
    And seat 2 attacks next

  @id:howto-durak.drawing.pairs-after-pass-clockwise-defender-last @rule:howto-durak.drawing.order @rule:howto-durak.throw-in.who
  Scenario: In pairs after a pass the opener draws first, the passer and its partner follow clockwise, the defender last
    Source: "Drawing cards" with "Playing in pairs" - the order is unchanged by teams: opener, clockwise round, defender at the end.
    Given the options are "teams=pairs, mode=passing"
    And the stock, top first, is "8♥ 9♥ 10♥ 6♥"
    And the hands are:
      | seat | hand                     |
      | 1    | 7♣ A♠ K♠ Q♠ J♠ 10♠       |
      | 2    | 7♦ A♣ K♣ Q♣ J♣ 10♣       |
      | 3    | 9♠ 9♣ 9♦ 10♦ J♦ Q♦ 6♣ 8♣ |
      | 4    | 6♠ 8♠ 8♦ K♦ 7♠ A♦        |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♣
      seat 2 transfers with 7♦
      seat 3 beats 7♣ with 9♣
      seat 3 beats 7♦ with 9♦
      seat 2 is done
      seat 4 throws in 7♠
      seat 3 beats 7♠ with 9♠
      seat 2 is done
      """
    And seat 4 is done
    Then it is accepted
    And the bout ends with the cards discarded
    And seat 1 holds exactly "A♠ K♠ Q♠ J♠ 10♠ 8♥"
    And seat 2 holds exactly "A♣ K♣ Q♣ J♣ 10♣ 9♥"
    And seat 4 holds exactly "6♠ 8♠ 8♦ K♦ A♦ 10♥"
    And seat 3 holds exactly "10♦ J♦ Q♦ 6♣ 8♣ 6♥"
    And the stock holds 0 cards
    And seat 3 attacks next
