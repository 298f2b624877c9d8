Feature: Durak Challenge - opening an attack and beating it
  Covers "Playing the Game", "Rules for the Attack" (the first card) and "Rules for the
  Defense": a single opening card, and how one card beats another.

  Background:
    Given the "durak-challenge" profile
    And seat 2 is the computer
    And the trump card is 6♥
    And the stock is empty

  @id:durak-challenge.attack.open-any-card @rule:durak-challenge.attack.opening-cards
  Scenario: The attacker may open with any card, even its highest trump
    Source: "Rules for the Attack" - any card of the hand may be the first attack card.
    Given the hands are:
      | seat | hand     |
      | 1    | A♥ 7♠ 8♦ |
      | 2    | 9♠ 6♣ 10♦|
    And seat 1 attacks first
    When seat 1 attacks with A♥
    Then it is accepted
    And the table is "A♥"
    And seat 1 attacks seat 2
    And seat 2 may take

  @id:durak-challenge.attack.two-cards-refused @rule:durak-challenge.attack.opening-cards
  Scenario: An attack cannot open with two cards of one rank
    Source: "Playing the Game" - the attacker plays one card at a time.
    Given the hands are:
      | seat | hand     |
      | 1    | 7♠ 7♦ 8♦ |
      | 2    | 9♠ 6♣ 10♦|
    And seat 1 attacks first
    When seat 1 attacks with 7♠ 7♦
    Then it is rejected because of rule "attack.opening-cards"
    And seat 1 holds exactly "7♠ 7♦ 8♦"
    And the table is empty

  @id:durak-challenge.attack.first-card-compulsory @rule:durak-challenge.attack.compulsory
  Scenario: The attacker cannot end an attack that has not started
    Source: "Playing the Game" - every attack begins with a card; there is no pass on an empty table.
    Given the hands are:
      | seat | hand     |
      | 1    | 7♠ 8♦    |
      | 2    | 9♠ 6♣    |
    And seat 1 attacks first
    When seat 1 ends the attack
    Then it is rejected because of rule "attack.compulsory"
    And seat 1 may attack
    And seat 1 may not be done

  @id:durak-challenge.defence.higher-same-suit @rule:durak-challenge.defence.beat
  Scenario: A plain card falls to a higher one of its own suit
    Source: "Rules for the Defense" - condition 1, same suit and higher value.
    Given the hands are:
      | seat | hand     |
      | 1    | 7♠ 8♦    |
      | 2    | 9♠ 6♣    |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      """
    And seat 2 beats 7♠ with 9♠
    Then it is accepted
    And the table is "7♠/9♠"

  @id:durak-challenge.defence.lower-same-suit-refused @rule:durak-challenge.defence.beat
  Scenario: A lower card of the same suit does not beat
    Source: "Rules for the Defense" - condition 1 asks for a higher value.
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

  @id:durak-challenge.defence.other-suit-refused @rule:durak-challenge.defence.beat
  Scenario: A higher plain card of another suit does not beat
    Source: "Rules for the Defense" - condition 1: a plain card is beaten only in its own suit or by a trump.
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
    And the table is "7♠"

  @id:durak-challenge.defence.any-trump-on-plain @rule:durak-challenge.defence.beat
  Scenario: The lowest trump beats the highest plain card
    Source: "Rules for the Defense" - condition 1: a trump of any value beats a non-trump.
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

  @id:durak-challenge.defence.higher-trump-on-trump @rule:durak-challenge.defence.beat
  Scenario: A trump is beaten by a higher trump
    Source: "Rules for the Defense" - condition 2: a trump needs a higher trump.
    Given the hands are:
      | seat | hand     |
      | 1    | 9♥ 8♦    |
      | 2    | 10♥ 6♣   |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 9♥
      """
    And seat 2 beats 9♥ with 10♥
    Then it is accepted
    And the table is "9♥/10♥"

  @id:durak-challenge.defence.lower-trump-refused @rule:durak-challenge.defence.beat
  Scenario: A lower trump does not beat a trump
    Source: "Rules for the Defense" - condition 2: only a higher trump will do.
    Given the hands are:
      | seat | hand     |
      | 1    | 9♥ 8♦    |
      | 2    | 8♥ 6♣    |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 9♥
      """
    And seat 2 beats 9♥ with 8♥
    Then it is rejected because of rule "defence.beat"

  @id:durak-challenge.defence.plain-on-trump-refused @rule:durak-challenge.defence.beat
  Scenario: An ace of a plain suit does not beat a low trump
    Source: "Rules for the Defense" - condition 2: a trump is never beaten by a non-trump.
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
    And seat 2 may take

  @id:durak-challenge.defence.one-card-per-attack @rule:durak-challenge.defence.one-card-each
  Scenario: An attacking card that is already beaten takes no second defending card
    Source: "Playing the Game" - each attacking card is answered by one defending card.
    Given the hands are:
      | seat | hand        |
      | 1    | 7♠ 8♦ J♣    |
      | 2    | 9♠ 10♠ 6♣   |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      """
    And seat 2 beats 7♠ with 10♠
    Then it is rejected because of rule "defence.beat"
    And the table is "7♠/9♠"
    And seat 2 holds exactly "10♠ 6♣"

  @id:durak-challenge.play.attack-card-not-held @rule:durak-challenge.play.card-in-hand
  Scenario: The attacker cannot open with a card it does not hold
    Source: assumed - a card can only be played from one's own hand.
    Given the hands are:
      | seat | hand     |
      | 1    | 7♠ 8♦    |
      | 2    | 9♠ 6♣    |
    And seat 1 attacks first
    When seat 1 attacks with 6♣
    Then it is rejected because of rule "play.card-in-hand"

  @id:durak-challenge.play.defence-card-not-held @rule:durak-challenge.play.card-in-hand
  Scenario: The defender cannot beat with a card it does not hold
    Source: assumed - a card can only be played from one's own hand.
    Given the hands are:
      | seat | hand     |
      | 1    | 7♠ 8♦    |
      | 2    | 9♠ 6♣    |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      """
    And seat 2 beats 7♠ with 10♠
    Then it is rejected because of rule "play.card-in-hand"

  @id:durak-challenge.play.defender-cannot-open @rule:durak-challenge.play.turn
  Scenario: The defender cannot open the attack in the attacker's place
    Source: "Playing the Game" - the attacker opens, the defender answers.
    Given the hands are:
      | seat | hand     |
      | 1    | 7♠ 8♦    |
      | 2    | 9♠ 6♣    |
    And seat 1 attacks first
    When seat 2 attacks with 6♣
    Then it is rejected because of rule "play.turn"
    And only seat 1 may act

  @id:durak-challenge.play.attacker-cannot-defend @rule:durak-challenge.play.turn
  Scenario: The attacker cannot beat its own attacking card
    Source: "Playing the Game" - only the defender answers attacking cards.
    Given the hands are:
      | seat | hand     |
      | 1    | 7♠ 9♠    |
      | 2    | 10♠ 6♣   |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      """
    And seat 1 beats 7♠ with 9♠
    Then it is rejected because of rule "play.turn"
    And only seat 2 may act

  @id:durak-challenge.transfer.none @rule:durak-challenge.transfer.mode
  Scenario: The defender cannot pass the attack on with a card of the same rank
    Source: assumed - the document describes no transfer; attacks stay between the two players.
    Given the hands are:
      | seat | hand     |
      | 1    | 7♠ 8♦ J♣ |
      | 2    | 7♦ 6♣ 9♣ |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      """
    And seat 2 transfers with 7♦
    Then it is rejected because of rule "transfer.mode"
    And seat 2 may not transfer
    And seat 2 may take
