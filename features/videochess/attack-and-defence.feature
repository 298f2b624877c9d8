Feature: VideoChess - opening a bout and beating cards
  Covers the attack and beating paragraphs of "Durak: rules": the attacker opens with one card of
  their choice, and each card falls to a higher one of its suit or to a trump.

  Background:
    Given the "videochess" profile
    And the options are "rules=throw_in, teams=solo"
    And the trump card is 6♥
    And the stock is empty

  @id:videochess.attack.single-card-opens @rule:videochess.attack.opening-cards
  Scenario: The attacker opens the bout with any one card
    Source: attack paragraph - any card of the attacker's hand may open.
    Given the hands are:
      | seat | hand        |
      | 1    | A♠ 7♦ 8♦    |
      | 2    | 7♥ 6♣ 10♣   |
    And seat 1 attacks first
    When seat 1 attacks with A♠
    Then it is accepted
    And the table is "A♠"
    And seat 1 holds exactly "7♦ 8♦"
    And seat 2 may defend or take

  @id:videochess.attack.two-cards-refused @rule:videochess.attack.opening-cards
  Scenario: A bout cannot be opened with two cards of one rank
    Source: attack paragraph - the bout starts with a single card; more come only by throwing in.
    Given the hands are:
      | seat | hand        |
      | 1    | 7♠ 7♦ 8♦    |
      | 2    | 9♠ 6♣ 10♣   |
    And seat 1 attacks first
    When seat 1 attacks with 7♠ 7♦
    Then it is rejected because of rule "attack.opening-cards"

  @id:videochess.attack.no-pass-on-empty-table @rule:videochess.attack.compulsory
  Scenario: The attacker may not pass before playing a card
    Source: attack paragraph, read with the timeout paragraph - the starter always plays a card.
    Given the hands are:
      | seat | hand        |
      | 1    | 7♠ 8♦       |
      | 2    | 9♠ 6♣       |
    And seat 1 attacks first
    When seat 1 passes
    Then it is rejected because of rule "attack.compulsory"
    And only seat 1 may act

  @id:videochess.play.only-starter-opens @rule:videochess.play.turn
  Scenario: A seat other than the attacker cannot open the bout
    Source: playing paragraph - a card may be played only when the turn order allows it.
    Given the hands are:
      | seat | hand        |
      | 1    | 7♠ 8♦       |
      | 2    | 9♠ 6♣       |
      | 3    | 10♠ 7♣      |
    And seat 1 attacks first
    When seat 3 attacks with 10♠
    Then it is rejected because of rule "play.turn"

  @id:videochess.play.attack-card-not-held @rule:videochess.play.card-in-hand
  Scenario: The attacker cannot play a card they do not hold
    Source: attack paragraph - the attacker plays a card from their own hand.
    Given the hands are:
      | seat | hand        |
      | 1    | 7♠ 8♦       |
      | 2    | 9♠ 6♣       |
    And seat 1 attacks first
    When seat 1 attacks with 9♠
    Then it is rejected because of rule "play.card-in-hand"

  @id:videochess.defence.higher-same-suit @rule:videochess.defence.beat
  Scenario: A higher card in the attacked suit covers it
    Source: beating paragraph - a higher card of the attacked suit.
    Given the hands are:
      | seat | hand     |
      | 1    | 7♠ 8♦    |
      | 2    | 9♠ 6♣    |
    And seat 1 attacks first
    When seat 1 attacks with 7♠
    Then it is accepted
    When seat 2 beats 7♠ with 9♠
    Then it is accepted
    And the table is "7♠/9♠"

  @id:videochess.defence.lower-refused @rule:videochess.defence.beat
  Scenario: A lower card of the same suit does not beat
    Source: beating paragraph - only a higher card of the suit.
    Given the hands are:
      | seat | hand     |
      | 1    | 9♠ 8♦    |
      | 2    | 7♠ 6♣    |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 9♠
      """
    And seat 2 beats 9♠ with 7♠
    Then it is rejected because of rule "defence.beat"
    And seat 2 may take

  @id:videochess.defence.other-suit-refused @rule:videochess.defence.beat
  Scenario: A higher card of another plain suit does not beat
    Source: beating paragraph - same suit or trump; an ace of another plain suit is neither.
    Given the hands are:
      | seat | hand     |
      | 1    | 7♠ 8♦    |
      | 2    | A♦ 6♣    |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      """
    And seat 2 beats 7♠ with A♦
    Then it is rejected because of rule "defence.beat"

  @id:videochess.defence.trump-beats-plain @rule:videochess.defence.beat
  Scenario: The lowest trump beats a plain ace
    Source: beating paragraph - any trump beats a card of another suit.
    Given the hands are:
      | seat | hand     |
      | 1    | A♠ 8♦    |
      | 2    | 7♥ 6♣    |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with A♠
      """
    And seat 2 beats A♠ with 7♥
    Then it is accepted
    And the table is "A♠/7♥"

  @id:videochess.defence.higher-trump-on-trump @rule:videochess.defence.beat
  Scenario: A trump is beaten by a higher trump
    Source: beating paragraph - a trump falls only to a higher trump.
    Given the hands are:
      | seat | hand     |
      | 1    | 8♥ 8♦    |
      | 2    | J♥ 6♣    |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 8♥
      """
    And seat 2 beats 8♥ with J♥
    Then it is accepted

  @id:videochess.defence.lower-trump-on-trump-refused @rule:videochess.defence.beat
  Scenario: A lower trump does not beat a trump
    Source: beating paragraph - a trump falls only to a higher trump.
    Given the hands are:
      | seat | hand     |
      | 1    | J♥ 8♦    |
      | 2    | 8♥ 6♣    |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with J♥
      """
    And seat 2 beats J♥ with 8♥
    Then it is rejected because of rule "defence.beat"

  @id:videochess.defence.plain-on-trump-refused @rule:videochess.defence.beat
  Scenario: A plain ace does not beat the lowest trump
    Source: beating paragraph - a trump falls only to a higher trump.
    Given the hands are:
      | seat | hand     |
      | 1    | 7♥ 8♦    |
      | 2    | A♠ 6♣    |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♥
      """
    And seat 2 beats 7♥ with A♠
    Then it is rejected because of rule "defence.beat"

  @id:videochess.play.only-defender-beats @rule:videochess.play.turn
  Scenario: Only the defender beats attacking cards
    Source: beating paragraph - the defender beats; playing paragraph - others act only when the turn allows.
    Given the hands are:
      | seat | hand     |
      | 1    | 7♠ 8♦    |
      | 2    | 6♣ 7♣    |
      | 3    | 9♠ 10♣   |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      """
    And seat 3 beats 7♠ with 9♠
    Then it is rejected because of rule "play.turn"

  @id:videochess.play.defence-card-not-held @rule:videochess.play.card-in-hand
  Scenario: The defender cannot beat with a card they do not hold
    Source: beating paragraph - the defender beats with a card of their own.
    Given the hands are:
      | seat | hand     |
      | 1    | 7♠ 8♦    |
      | 2    | 6♣ 7♣    |
      | 3    | 9♠ 10♣   |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      """
    And seat 2 beats 7♠ with 9♠
    Then it is rejected because of rule "play.card-in-hand"

  @id:videochess.defence.any-order @rule:videochess.defence.beat @rule:videochess.throw-in.any-time
  Scenario: The defender may beat the cards on the table in any order
    Source: beating paragraph - each card is beaten; no order among them is imposed.
    Given the hands are:
      | seat | hand        |
      | 1    | 7♠ 7♦ 8♣ A♠ |
      | 2    | 9♠ 9♦ 6♣ 10♣ |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 1 throws in 7♦
      seat 2 beats 7♦ with 9♦
      """
    Then the table is "7♠ 7♦/9♦"
    When seat 2 beats 7♠ with 9♠
    Then it is accepted
    And the table is "7♠/9♠ 7♦/9♦"
