Feature: Prototype build 10 - who attacks first and how a bout opens
  Covers "Deck and first attack" (lowest trump leads, else the first seat) and the opening of
  "Attack and defense" (one card, any card of the attacker's hand).

  Background:
    Given the "prototype-build10" profile
    And the trump card is 6♥
    And the rest of the deck is the stock

  @id:prototype-build10.first-attack.lowest-trump-duel @rule:prototype-build10.first-attack.lowest-trump
  Scenario: In the duel the holder of the lowest trump attacks first
    Source: "Deck and first attack" - the lowest trump in the starting hands leads.
    Given the hands are:
      | seat | hand              |
      | 1    | 6♠ 7♠ 8♠ 9♥ J♦ Q♦ |
      | 2    | 7♥ 9♠ 10♠ J♠ Q♠ K♦|
    When the game starts
    Then seat 2 is the first attacker
    And seat 2 attacks seat 1

  @id:prototype-build10.first-attack.lowest-trump-debug-table @rule:prototype-build10.first-attack.lowest-trump @rule:prototype-build10.table.debug
  Scenario: At the debug table the lowest trump leads whichever seat holds it
    Source: "Deck and first attack" - the lowest trump leads; "Implemented modes" - debug table.
    Given the option "table" is "debug"
    And the hands are:
      | seat | hand              |
      | 1    | 6♠ 7♠ 8♠ 10♥ J♦ Q♦|
      | 2    | 9♠ 10♠ J♠ Q♠ K♦ A♥|
      | 3    | 7♥ 6♦ 7♦ 8♦ 9♦ A♠ |
      | 4    | 8♥ 6♣ 7♣ 8♣ 9♣ K♠ |
    When the game starts
    Then seat 3 is the first attacker
    And seat 3 attacks seat 4

  @id:prototype-build10.first-attack.no-trump-first-seat @rule:prototype-build10.first-attack.no-trump
  Scenario: When nobody holds a trump the first seat leads, even without the lowest card
    Source: "Deck and first attack" - no trump in any hand: the first seat starts.
    Given the hands are:
      | seat | hand              |
      | 1    | 8♠ 9♠ 10♠ J♦ Q♦ K♦|
      | 2    | 6♠ 6♦ 6♣ 7♠ 7♦ 7♣ |
    When the game starts
    Then seat 1 is the first attacker
    And seat 1 attacks seat 2

  @id:prototype-build10.first-attack.no-trump-first-seat-debug @rule:prototype-build10.first-attack.no-trump @rule:prototype-build10.table.debug
  Scenario: At the debug table without trumps in hand the first seat leads too
    Source: "Deck and first attack" - no trump in any hand: the first seat starts.
    Given the option "table" is "debug"
    And the hands are:
      | seat | hand              |
      | 1    | A♠ K♠ Q♠ A♦ K♦ Q♦ |
      | 2    | 7♠ 8♠ 9♠ 10♠ J♠ 9♦|
      | 3    | 6♠ 6♦ 6♣ 7♦ 7♣ 8♦ |
    When the game starts
    Then seat 1 is the first attacker

  @id:prototype-build10.attack.next-clockwise @rule:prototype-build10.attack.target @rule:prototype-build10.table.debug
  Scenario: The attacker attacks the next seat clockwise, the last seat attacking the first
    Source: assumed clockwise order (the page names the "next participant" for transfers).
    Given the option "table" is "debug"
    And the hands are:
      | seat | hand              |
      | 1    | 6♠ 7♠ 8♠ 10♥ J♦ Q♦|
      | 2    | 9♠ 10♠ J♠ Q♠ K♦ A♥|
      | 3    | 8♥ 6♦ 7♦ 8♦ 9♦ A♠ |
      | 4    | 7♥ 6♣ 7♣ 8♣ 9♣ K♠ |
    When the game starts
    Then seat 4 attacks seat 1

  @id:prototype-build10.attack.any-card-opens @rule:prototype-build10.attack.opening-cards
  Scenario: The first attack may use any card, a trump included
    Source: "Attack and defense" - any card of the attacker's hand may open.
    Given the hands are:
      | seat | hand              |
      | 1    | 7♥ 8♠ 9♠ A♥ J♦ Q♦ |
      | 2    | 9♥ 10♠ J♠ Q♠ K♦ 6♣|
    And seat 1 attacks first
    When seat 1 attacks with A♥
    Then it is accepted
    And the table is "A♥"
    And seat 2 defends

  @id:prototype-build10.attack.one-card-only @rule:prototype-build10.attack.opening-cards
  Scenario: A bout does not open with two cards of one rank
    Source: "Throwing in and the limit" - cards are played one at a time.
    Given the hands are:
      | seat | hand              |
      | 1    | 7♠ 7♦ 9♠ 10♦ J♦ 7♥|
      | 2    | 9♥ 10♠ J♠ Q♠ K♦ 6♣|
    And seat 1 attacks first
    When seat 1 attacks with 7♠ 7♦
    Then it is rejected because of rule "attack.opening-cards"

  @id:prototype-build10.attack.no-pass-on-empty-table @rule:prototype-build10.attack.compulsory
  Scenario: The attacker cannot pass before playing a first card
    Source: assumed - the page offers no pass before the first card.
    Given the hands are:
      | seat | hand              |
      | 1    | 7♠ 7♦ 9♠ 10♦ J♦ 7♥|
      | 2    | 9♥ 10♠ J♠ Q♠ K♦ 6♣|
    And seat 1 attacks first
    When seat 1 is done
    Then it is rejected because of rule "attack.compulsory"
    And seat 1 may attack

  @id:prototype-build10.play.defender-cannot-lead @rule:prototype-build10.play.turn
  Scenario: The defender cannot open the bout in the attacker's place
    Source: assumed - each role has its own moves.
    Given the hands are:
      | seat | hand              |
      | 1    | 7♠ 7♦ 9♠ 10♦ J♦ 7♥|
      | 2    | 9♥ 10♠ J♠ Q♠ K♦ 6♣|
    And seat 1 attacks first
    When seat 2 attacks with 10♠
    Then it is rejected because of rule "play.turn"
    And only seat 1 may act

  @id:prototype-build10.play.only-own-cards @rule:prototype-build10.play.card-in-hand
  Scenario: The attacker cannot lead a card from someone else's hand
    Source: assumed - a player plays only their own cards.
    Given the hands are:
      | seat | hand              |
      | 1    | 7♠ 7♦ 9♠ 10♦ J♦ 7♥|
      | 2    | 9♥ 10♠ J♠ Q♠ K♦ 6♣|
    And seat 1 attacks first
    When seat 1 attacks with 10♠
    Then it is rejected because of rule "play.card-in-hand"
