Feature: How to play Durak - how many cards a bout may hold
  Covers "Attacking": six attacking cards at most, and no more than the defender had when the
  bout began, and five until the first cards reach the discard pile.

  Background:
    Given the "howto-durak" profile

  @id:howto-durak.limits.first-bout-five @rule:howto-durak.limits.first-bout
  Scenario: Before anything has been discarded a fifth card is allowed and a sixth refused
    Source: "Attacking" - until the first discard the limit is five cards.
    Given the first bout has not been played
    And the trump card is A♥
    And the rest of the deck is the stock
    And the hands are:
      | seat | hand                |
      | 1    | 7♠ 7♦ 7♣ 8♠ 8♦ 6♥   |
      | 2    | 7♥ 8♥ 9♥ 10♥ J♥ Q♥  |
      | 3    | 8♣ 9♦ 9♣ 10♠ K♠ A♠  |
    And seat 1 attacks first
    Then the bout limit is 5
    When they play:
      """
      seat 1 attacks with 7♠ 7♦ 7♣
      seat 2 beats 7♠ with 8♥
      seat 3 throws in 8♣
      """
    And seat 1 throws in 8♠
    Then it is accepted
    When seat 1 throws in 8♦
    Then it is rejected because of rule "limits.first-bout"
    And the table is "7♠/8♥ 7♦ 7♣ 8♣ 8♠"

  @id:howto-durak.limits.first-bout-five-52-cards @rule:howto-durak.limits.first-bout @rule:howto-durak.deal.deck-sizes
  Scenario: With the 52-card deck the first bout also stops at five cards, twos and threes included
    Source: "Attacking" - the limits do not depend on the deck chosen in "The cards"; until the first discard the limit is five.
    Given the option "deck" is "52"
    And the first bout has not been played
    And the trump card is A♥
    And the rest of the deck is the stock
    And the hands are:
      | seat | hand                |
      | 1    | 2♠ 2♦ 2♣ 3♠ 3♦ 2♥   |
      | 2    | 3♥ 4♠ 5♠ 4♦ 5♦ 4♣   |
      | 3    | 3♣ 9♦ 9♣ 10♠ K♠ A♠  |
    And seat 1 attacks first
    Then the bout limit is 5
    When they play:
      """
      seat 1 attacks with 2♠ 2♦ 2♣
      seat 2 beats 2♠ with 3♥
      seat 3 throws in 3♣
      """
    And seat 1 throws in 3♠
    Then it is accepted
    When seat 1 throws in 3♦
    Then it is rejected because of rule "limits.first-bout"
    And the table is "2♠/3♥ 2♦ 2♣ 3♣ 3♠"

  @id:howto-durak.limits.six-then-no-seventh @rule:howto-durak.limits.six
  Scenario: Once cards have been discarded a sixth card is allowed and a seventh refused
    Source: "Attacking" - a bout holds at most six attacking cards.
    Given the trump card is 6♥
    And the stock, top first, is "A♣ J♠ 6♥"
    And the hands are:
      | seat | hand                   |
      | 1    | 7♠ 7♦ 7♣ 8♠ 8♦ 9♠      |
      | 2    | 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥  |
      | 3    | 8♣ 9♦ 9♣ 10♠ K♠ A♠     |
    And seat 1 attacks first
    Then the bout limit is 6
    When they play:
      """
      seat 1 attacks with 7♠ 7♦ 7♣
      seat 2 beats 7♠ with 8♥
      seat 3 throws in 8♣
      seat 1 throws in 8♠
      """
    And seat 1 throws in 8♦
    Then it is accepted
    When they play:
      """
      seat 2 beats 7♦ with 9♥
      """
    And seat 3 throws in 9♦
    Then it is rejected because of rule "limits.six"

  @id:howto-durak.limits.first-discard-lifts @rule:howto-durak.limits.first-bout @rule:howto-durak.limits.six
  Scenario: The five-card limit stops applying as soon as a bout ends in the discard pile
    Source: "Attacking" - the lower limit ends with the first discard.
    Given the first bout has not been played
    And the trump card is 6♥
    And the stock starts with "A♣ A♦" and holds the rest of the deck
    And the hands are:
      | seat | hand                |
      | 1    | 7♠ K♠ K♦ K♣ Q♠ 7♥   |
      | 2    | 8♠ 6♦ 6♣ 6♠ 10♦ 10♣ |
    And seat 1 attacks first
    Then the bout limit is 5
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 8♠
      seat 1 is done
      """
    Then the bout ends with the cards discarded
    And seat 2 attacks next
    And the bout limit is 6

  @id:howto-durak.limits.first-bout-taken-keeps-five @rule:howto-durak.limits.first-bout @rule:howto-durak.take.throw-after
  Scenario: A first bout that ends with a take leaves the five-card limit in force
    Source: "Attacking" - the limit rises only with the first discard; taken cards are not discarded.
    Given the first bout has not been played
    And the trump card is 6♥
    And the stock starts with "A♦ Q♣" and holds the rest of the deck
    And the hands are:
      | seat | hand                |
      | 1    | 7♠ K♠ K♦ K♣ K♥ A♣   |
      | 2    | 8♦ 6♦ 6♣ A♠ 10♣ J♣  |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 takes
      seat 1 is done
      """
    Then the bout ends with seat 2 taking the cards
    And seat 1 attacks next
    And seat 2 holds 7 cards
    And the bout limit is 5
    When they play:
      """
      seat 1 attacks with K♠ K♦ K♣ K♥
      seat 2 beats K♠ with A♠
      """
    And seat 1 throws in A♦
    Then it is accepted
    When seat 1 throws in A♣
    Then it is rejected because of rule "limits.first-bout"

  @id:howto-durak.limits.defender-short @rule:howto-durak.limits.defender-hand
  Scenario: A defender who began the bout with three cards faces at most three attacking cards
    Source: "Attacking" - the defender's hand size when the bout began caps the attack.
    Given the trump card is 6♥
    And the stock is empty
    And the hands are:
      | seat | hand            |
      | 1    | 7♠ 7♦ 9♣ 9♦     |
      | 2    | 9♠ 10♦ J♣       |
      | 3    | 7♣ 10♣ Q♠ K♦ A♦ |
    And seat 1 attacks first
    Then the bout limit is 3
    When they play:
      """
      seat 1 attacks with 7♠ 7♦
      seat 2 beats 7♠ with 9♠
      """
    And seat 3 throws in 7♣
    Then it is accepted
    When seat 1 throws in 9♣
    Then it is rejected because of rule "limits.defender-hand"
    And the table is "7♠/9♠ 7♦ 7♣"

  @id:howto-durak.limits.opening-over-defender-hand @rule:howto-durak.limits.defender-hand @rule:howto-durak.attack.opening-cards
  Scenario: An opening of three cards against a defender holding two is refused
    Source: "Attacking" - the defender's hand at the start caps even the opening cards.
    Given the trump card is 6♥
    And the stock is empty
    And the hands are:
      | seat | hand           |
      | 1    | 7♠ 7♦ 7♣ 9♦    |
      | 2    | 9♠ 10♦         |
      | 3    | 10♣ Q♠ K♦ J♣   |
    And seat 1 attacks first
    When seat 1 attacks with 7♠ 7♦ 7♣
    Then it is rejected because of rule "limits.defender-hand"
    When seat 1 attacks with 7♠ 7♦
    Then it is accepted

  @id:howto-durak.limits.full-bout-closes @rule:howto-durak.bout.auto-close @rule:howto-durak.limits.first-bout
  Scenario: A bout that reaches its limit with every card beaten ends at once
    Source: "Done" - reaching the card limit ends the bout without waiting for Done.
    Given the first bout has not been played
    And the trump card is A♥
    And the rest of the deck is the stock
    And the hands are:
      | seat | hand                |
      | 1    | 7♠ 7♦ 7♣ 8♠ 8♦ 6♥   |
      | 2    | 7♥ 8♥ 9♥ 10♥ J♥ Q♥  |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠ 7♦ 7♣
      seat 2 beats 7♠ with 7♥
      seat 2 beats 7♦ with 8♥
      seat 2 beats 7♣ with 9♥
      seat 1 throws in 8♠
      seat 2 beats 8♠ with 10♥
      seat 1 throws in 8♦
      """
    And seat 2 beats 8♦ with J♥
    Then it is accepted
    And the bout ends with the cards discarded
    And seat 2 attacks next
