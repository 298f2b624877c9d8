Feature: Prototype build 10 - beating an attacking card
  Covers "Attack and defense": a card falls to a higher one of its suit or to any trump, and a
  trump only to a higher trump; and the rank order of "Deck and first attack" (six low, ace high).

  Background:
    Given the "prototype-build10" profile
    And the trump card is 6♥
    And the stock, top first, is "A♣ K♣ Q♠ 6♥"

  @id:prototype-build10.defence.higher-same-suit @rule:prototype-build10.defence.beat
  Scenario: A higher card of the attacked suit beats it
    Source: "Attack and defense" - e.g. a queen beats a nine of its suit.
    Given the hands are:
      | seat | hand              |
      | 1    | 9♦ 7♠ 8♠ 10♣ J♣ Q♣|
      | 2    | Q♦ 9♠ 10♠ J♠ K♦ 6♣|
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 9♦
      """
    And seat 2 beats 9♦ with Q♦
    Then it is accepted
    And the table is "9♦/Q♦"

  @id:prototype-build10.defence.lower-same-suit-refused @rule:prototype-build10.defence.beat
  Scenario: A lower card of the attacked suit does not beat it
    Source: "Attack and defense" - the beating card must be higher.
    Given the hands are:
      | seat | hand              |
      | 1    | Q♦ 7♠ 8♠ 10♣ J♣ Q♣|
      | 2    | 9♦ 9♠ 10♠ J♠ K♠ 6♣|
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with Q♦
      """
    And seat 2 beats Q♦ with 9♦
    Then it is rejected because of rule "defence.beat"
    And seat 2 may take

  @id:prototype-build10.defence.other-plain-suit-refused @rule:prototype-build10.defence.beat
  Scenario: A higher card of another plain suit does not beat
    Source: "Attack and defense" - only the same suit or a trump beats.
    Given the hands are:
      | seat | hand              |
      | 1    | 7♦ 7♠ 8♠ 10♣ J♣ Q♣|
      | 2    | A♠ 9♠ 10♠ J♠ K♦ 6♣|
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♦
      """
    And seat 2 beats 7♦ with A♠
    Then it is rejected because of rule "defence.beat"

  @id:prototype-build10.defence.trump-beats-plain @rule:prototype-build10.defence.beat
  Scenario: The lowest trump beats a plain ace
    Source: "Attack and defense" - any trump beats a non-trump card.
    Given the hands are:
      | seat | hand              |
      | 1    | A♠ 7♠ 8♠ 10♣ J♣ Q♣|
      | 2    | 7♥ 9♦ 10♦ J♦ K♦ 6♣|
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with A♠
      """
    And seat 2 beats A♠ with 7♥
    Then it is accepted
    And the table is "A♠/7♥"

  @id:prototype-build10.defence.higher-trump-beats-trump @rule:prototype-build10.defence.beat
  Scenario: A higher trump beats a trump
    Source: "Attack and defense" - a trump is beaten by a higher trump.
    Given the hands are:
      | seat | hand              |
      | 1    | 9♥ 7♠ 8♠ 10♣ J♣ Q♣|
      | 2    | Q♥ 9♦ 10♦ J♦ K♦ 6♣|
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 9♥
      """
    And seat 2 beats 9♥ with Q♥
    Then it is accepted

  @id:prototype-build10.defence.plain-on-trump-refused @rule:prototype-build10.defence.beat
  Scenario: A plain ace does not beat the lowest trump
    Source: "Attack and defense" - only a higher trump beats a trump.
    Given the hands are:
      | seat | hand              |
      | 1    | 7♥ 7♠ 8♠ 10♣ J♣ Q♣|
      | 2    | A♠ 9♦ 10♦ J♦ K♦ 6♣|
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♥
      """
    And seat 2 beats 7♥ with A♠
    Then it is rejected because of rule "defence.beat"

  @id:prototype-build10.defence.lower-trump-refused @rule:prototype-build10.defence.beat
  Scenario: A lower trump does not beat a higher trump
    Source: "Attack and defense" - only a higher trump beats a trump.
    Given the hands are:
      | seat | hand              |
      | 1    | J♥ 7♠ 8♠ 10♣ J♣ Q♣|
      | 2    | 8♥ 9♦ 10♦ J♦ K♦ 6♣|
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with J♥
      """
    And seat 2 beats J♥ with 8♥
    Then it is rejected because of rule "defence.beat"

  @id:prototype-build10.defence.attacker-cannot-beat @rule:prototype-build10.play.turn
  Scenario: Only the defender beats the attacking card
    Source: assumed - beating is the defender's move.
    Given the hands are:
      | seat | hand              |
      | 1    | 7♦ 9♦ 8♠ 10♣ J♣ Q♣|
      | 2    | A♠ 9♠ 10♠ J♠ K♦ 6♣|
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♦
      """
    And seat 1 beats 7♦ with 9♦
    Then it is rejected because of rule "play.turn"

  @id:prototype-build10.defence.own-cards-only @rule:prototype-build10.play.card-in-hand
  Scenario: The defender cannot beat with a card they do not hold
    Source: assumed - a player plays only their own cards.
    Given the hands are:
      | seat | hand              |
      | 1    | 7♦ 9♦ 8♠ 10♣ J♣ Q♣|
      | 2    | A♠ 9♠ 10♠ J♠ K♦ 6♣|
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♦
      """
    And seat 2 beats 7♦ with 9♦
    Then it is rejected because of rule "play.card-in-hand"

  @id:prototype-build10.defence.jack-over-ten @rule:prototype-build10.defence.rank-order @rule:prototype-build10.defence.beat
  Scenario: A jack outranks a ten of its suit
    Source: "Deck and first attack" - the picture cards rank above the ten.
    Given the hands are:
      | seat | hand              |
      | 1    | 10♦ 7♠ 8♠ 10♣ J♣ Q♣|
      | 2    | J♦ 9♠ 10♠ J♠ K♠ 6♣|
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 10♦
      """
    And seat 2 beats 10♦ with J♦
    Then it is accepted
    And the table is "10♦/J♦"

  @id:prototype-build10.defence.king-under-ace-refused @rule:prototype-build10.defence.rank-order @rule:prototype-build10.defence.beat
  Scenario: A king does not beat an ace of its suit
    Source: "Deck and first attack" - the ace is the top rank.
    Given the hands are:
      | seat | hand              |
      | 1    | A♦ 7♠ 8♠ 10♣ J♣ Q♣|
      | 2    | K♦ 9♠ 10♠ J♠ 9♦ 6♣|
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with A♦
      """
    And seat 2 beats A♦ with K♦
    Then it is rejected because of rule "defence.beat"
    And seat 2 may take
