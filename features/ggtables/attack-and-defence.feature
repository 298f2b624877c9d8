Feature: GGTables - opening a bout and beating cards
  Covers "Attacking and defending" (who defends, one card to open, how a card is beaten,
  no transfer) and the no-pass-before-the-first-attack point of "Adding cards".

  Background:
    Given the "ggtables" profile
    And the option "players" is "4"
    And the trump card is 6♥
    And the stock is empty

  @id:ggtables.attack.defender-next-clockwise @rule:ggtables.attack.target
  Scenario: The defender is the next player clockwise from the attacker
    Source: "Attacking and defending" - the next active player clockwise defends.
    Given the hands are:
      | seat | hand  |
      | 1    | 7♠ 8♠ |
      | 2    | 9♦ 8♦ |
      | 3    | 7♣ 9♣ |
      | 4    | J♦ Q♦ |
    And seat 2 attacks first
    Then seat 2 attacks seat 3

  @id:ggtables.attack.defender-wraps-round @rule:ggtables.attack.target
  Scenario: The last seat attacks the first seat
    Source: "Attacking and defending" - clockwise order wraps round the table.
    Given the hands are:
      | seat | hand  |
      | 1    | 7♠ K♦ |
      | 2    | 9♦ 8♦ |
      | 3    | 7♣ 9♣ |
      | 4    | J♦ Q♦ |
    And seat 4 attacks first
    When seat 4 attacks with J♦
    Then it is accepted
    And seat 1 defends
    And seat 1 may defend or take

  @id:ggtables.attack.defender-skips-out-seat @rule:ggtables.attack.target
  Scenario: A seat that is out is passed over when choosing the defender
    Source: "Attacking and defending" - the next *active* player defends.
    Given the hands are:
      | seat | hand    |
      | 1    | 7♠ 8♠   |
      | 2    | 9♦ 8♦   |
      | 3    | nothing |
      | 4    | J♦ Q♦   |
    And seat 2 attacks first
    Then seat 3 is out
    And seat 2 attacks seat 4

  @id:ggtables.attack.single-card-opens @rule:ggtables.attack.opening-cards
  Scenario: A bout opens with one card
    Source: "Attacking and defending" - the attacker plays a card.
    Given the hands are:
      | seat | hand     |
      | 1    | 7♠ 7♦ 8♠ |
      | 2    | 9♦ 8♦ Q♠ |
      | 3    | 7♣ 9♣    |
      | 4    | J♦ Q♦    |
    And seat 1 attacks first
    When seat 1 attacks with 7♠
    Then it is accepted
    And the table is "7♠"
    And seat 1 holds exactly "7♦ 8♠"

  @id:ggtables.attack.two-cards-refused @rule:ggtables.attack.opening-cards
  Scenario: A bout may not open with two cards of one rank
    Source: "Attacking and defending" - the opening is a single selected card.
    Given the hands are:
      | seat | hand     |
      | 1    | 7♠ 7♦ 8♠ |
      | 2    | 9♦ 8♦ Q♠ |
      | 3    | 7♣ 9♣    |
      | 4    | J♦ Q♦    |
    And seat 1 attacks first
    When seat 1 attacks with 7♠ 7♦
    Then it is rejected because of rule "attack.opening-cards"

  @id:ggtables.attack.no-pass-on-empty-table @rule:ggtables.attack.compulsory
  Scenario: The attacker cannot pass before the first attacking card
    Source: "Adding cards" - passing is impossible before the first attack.
    Given the hands are:
      | seat | hand     |
      | 1    | 7♠ 7♦ 8♠ |
      | 2    | 9♦ 8♦ Q♠ |
      | 3    | 7♣ 9♣    |
      | 4    | J♦ Q♦    |
    And seat 1 attacks first
    When seat 1 passes
    Then it is rejected because of rule "attack.compulsory"
    And seat 1 may attack

  @id:ggtables.attack.only-attacker-opens @rule:ggtables.play.turn
  Scenario: Only the attacker opens the bout
    Source: "Attacking and defending" - the attacker plays first (assumed: others wait).
    Given the hands are:
      | seat | hand     |
      | 1    | 7♠ 7♦ 8♠ |
      | 2    | 9♦ 8♦ Q♠ |
      | 3    | 7♣ 9♣    |
      | 4    | J♦ Q♦    |
    And seat 1 attacks first
    When seat 3 attacks with 7♣
    Then it is rejected because of rule "play.turn"

  @id:ggtables.attack.card-not-held @rule:ggtables.play.card-in-hand
  Scenario: An attacker cannot open with a card it does not hold
    Source: assumed - a player plays only from their own hand.
    Given the hands are:
      | seat | hand     |
      | 1    | 7♠ 7♦ 8♠ |
      | 2    | 9♦ 8♦ Q♠ |
      | 3    | 7♣ 9♣    |
      | 4    | J♦ Q♦    |
    And seat 1 attacks first
    When seat 1 attacks with 9♣
    Then it is rejected because of rule "play.card-in-hand"

  @id:ggtables.defence.higher-same-suit @rule:ggtables.defence.beat
  Scenario: A higher card in the attacked suit covers it
    Source: "Attacking and defending" - a higher card of the attacked suit beats it.
    Given the hands are:
      | seat | hand     |
      | 1    | 7♠ 7♦ 8♠ |
      | 2    | 9♦ 8♦ Q♠ |
      | 3    | 7♣ 9♣    |
      | 4    | J♦ Q♦    |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 8♠
      """
    And seat 2 beats 8♠ with Q♠
    Then it is accepted
    And the table is "8♠/Q♠"

  @id:ggtables.defence.lower-same-suit-refused @rule:ggtables.defence.beat
  Scenario: A lower card of the same suit does not beat the attack
    Source: "Attacking and defending" - only a higher card of the suit beats.
    Given the hands are:
      | seat | hand     |
      | 1    | 7♠ 7♦ 9♦ |
      | 2    | 8♦ 8♠ Q♠ |
      | 3    | 7♣ 9♣    |
      | 4    | J♦ Q♦    |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 9♦
      """
    And seat 2 beats 9♦ with 8♦
    Then it is rejected because of rule "defence.beat"
    And seat 2 may take

  @id:ggtables.defence.other-suit-refused @rule:ggtables.defence.beat
  Scenario: A higher card of another plain suit does not beat the attack
    Source: "Attacking and defending" - only the same suit or a trump beats.
    Given the hands are:
      | seat | hand     |
      | 1    | 7♠ 7♦ 8♠ |
      | 2    | 9♦ 8♦ Q♣ |
      | 3    | 7♣ 9♣    |
      | 4    | J♦ Q♦    |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      """
    And seat 2 beats 7♠ with Q♣
    Then it is rejected because of rule "defence.beat"

  @id:ggtables.defence.trump-beats-plain @rule:ggtables.defence.beat
  Scenario: Any trump beats a card of another suit
    Source: "Attacking and defending" - a trump beats any non-trump.
    Given the hands are:
      | seat | hand     |
      | 1    | A♠ 7♦ 8♠ |
      | 2    | 9♦ 8♦ 7♥ |
      | 3    | 7♣ 9♣    |
      | 4    | J♦ Q♦    |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with A♠
      """
    And seat 2 beats A♠ with 7♥
    Then it is accepted
    And the table is "A♠/7♥"

  @id:ggtables.defence.lower-trump-refused @rule:ggtables.defence.beat
  Scenario: A trump attack is not beaten by a lower trump
    Source: "Attacking and defending" - a trump falls only to a higher trump.
    Given the hands are:
      | seat | hand     |
      | 1    | 9♥ 7♦ 8♠ |
      | 2    | 9♦ 8♦ 7♥ |
      | 3    | 7♣ 9♣    |
      | 4    | J♦ Q♦    |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 9♥
      """
    And seat 2 beats 9♥ with 7♥
    Then it is rejected because of rule "defence.beat"

  @id:ggtables.defence.plain-on-trump-refused @rule:ggtables.defence.beat
  Scenario: A plain ace does not beat a low trump
    Source: "Attacking and defending" - a trump falls only to a higher trump.
    Given the hands are:
      | seat | hand     |
      | 1    | 7♥ 7♦ 8♠ |
      | 2    | 9♦ 8♦ A♠ |
      | 3    | 7♣ 9♣    |
      | 4    | J♦ Q♦    |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♥
      """
    And seat 2 beats 7♥ with A♠
    Then it is rejected because of rule "defence.beat"

  @id:ggtables.defence.higher-trump-beats-trump @rule:ggtables.defence.beat
  Scenario: A higher trump beats a trump
    Source: "Attacking and defending" - a higher trump beats a trump.
    Given the hands are:
      | seat | hand     |
      | 1    | 9♥ 7♦ 8♠ |
      | 2    | 9♦ 8♦ J♥ |
      | 3    | 7♣ 9♣    |
      | 4    | J♦ Q♦    |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 9♥
      """
    And seat 2 beats 9♥ with J♥
    Then it is accepted

  @id:ggtables.defence.only-defender-beats @rule:ggtables.play.turn
  Scenario: A seat other than the defender may not beat the attack
    Source: "Attacking and defending" - the defender covers the attack.
    Given the hands are:
      | seat | hand     |
      | 1    | 7♠ 7♦ 8♠ |
      | 2    | 9♦ 8♦ Q♠ |
      | 3    | 7♣ 9♠    |
      | 4    | J♦ Q♦    |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 8♠
      """
    And seat 3 beats 8♠ with 9♠
    Then it is rejected because of rule "play.turn"

  @id:ggtables.defence.card-not-held @rule:ggtables.play.card-in-hand
  Scenario: The defender cannot beat with a card it does not hold
    Source: assumed - a player plays only from their own hand.
    Given the hands are:
      | seat | hand     |
      | 1    | 7♠ 7♦ 8♠ |
      | 2    | 9♦ 8♦ Q♠ |
      | 3    | 7♣ 9♣    |
      | 4    | J♦ K♠    |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 8♠
      """
    And seat 2 beats 8♠ with K♠
    Then it is rejected because of rule "play.card-in-hand"

  @id:ggtables.transfer.refused @rule:ggtables.transfer.mode
  Scenario: The defender cannot pass the attack on with a card of the same rank
    Source: "Attacking and defending" - an attack is never transferred.
    Given the hands are:
      | seat | hand     |
      | 1    | 7♠ 9♠ 8♠ |
      | 2    | 7♦ 8♦ Q♠ |
      | 3    | 7♣ 9♣ 6♠ |
      | 4    | J♦ Q♦ K♦ |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      """
    And seat 2 transfers with 7♦
    Then it is rejected because of rule "transfer.mode"
    And seat 2 may not transfer
    And seat 2 may defend or take
