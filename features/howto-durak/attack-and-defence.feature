Feature: How to play Durak - attacking and beating
  Covers "Attacking" (clockwise, openings of one rank, the compulsory first card) and
  "Defending" (the three ways to beat a card, in any order).

  Background:
    Given the "howto-durak" profile
    And the trump card is 6♥
    And the stock is empty

  @id:howto-durak.attack.left-neighbour @rule:howto-durak.attack.target
  Scenario: The attacker faces the next seat clockwise
    Source: "Attacking" - play goes clockwise, each attacker facing the next seat.
    Given the hands are:
      | seat | hand        |
      | 1    | 7♠ 8♦ 9♣ 10♣ |
      | 2    | 9♠ 10♦ J♣   |
      | 3    | 6♦ 7♦ Q♣    |
    And seat 2 attacks first
    Then seat 2 attacks seat 3
    And seat 2 may attack
    And seat 1 may not act
    And seat 3 may not act

  @id:howto-durak.attack.wraps-around @rule:howto-durak.attack.target
  Scenario: The last seat attacks the first seat
    Source: "Attacking" - clockwise play wraps round the table.
    Given the hands are:
      | seat | hand        |
      | 1    | 7♠ 8♦ 9♣    |
      | 2    | 9♠ 10♦ J♣ K♦ |
      | 3    | 6♦ 7♦ Q♣    |
    And seat 3 attacks first
    When seat 3 attacks with 6♦
    Then it is accepted
    And seat 3 attacks seat 1
    And seat 1 may defend, take

  @id:howto-durak.attack.open-two-of-a-rank @rule:howto-durak.attack.opening-cards
  Scenario: The bout may open with two cards of one rank
    Source: "Attacking" - one card or several of the same rank, e.g. two sevens.
    Given the hands are:
      | seat | hand           |
      | 1    | 7♠ 7♦ 9♣ K♠    |
      | 2    | 9♠ 10♦ J♣ Q♦   |
    And seat 1 attacks first
    When seat 1 attacks with 7♠ 7♦
    Then it is accepted
    And the table is "7♠ 7♦"
    And seat 1 holds exactly "9♣ K♠"

  @id:howto-durak.attack.open-three-of-a-rank @rule:howto-durak.attack.opening-cards
  Scenario: The bout may open with three cards of one rank
    Source: "Attacking" - a bout may be led by a set of equal-rank cards.
    Given the hands are:
      | seat | hand              |
      | 1    | 9♠ 9♦ 9♣ K♠       |
      | 2    | 10♠ 10♦ J♣ Q♦ A♦ K♦ |
    And seat 1 attacks first
    When seat 1 attacks with 9♠ 9♦ 9♣
    Then it is accepted
    And the table is "9♠ 9♦ 9♣"

  @id:howto-durak.attack.open-mixed-ranks-refused @rule:howto-durak.attack.opening-cards
  Scenario: An opening of two different ranks is refused
    Source: "Attacking" - several opening cards must share one rank.
    Given the hands are:
      | seat | hand           |
      | 1    | 7♠ 8♠ 9♣ K♠    |
      | 2    | 9♠ 10♦ J♣ Q♦   |
    And seat 1 attacks first
    When seat 1 attacks with 7♠ 8♠
    Then it is rejected because of rule "attack.opening-cards"

  @id:howto-durak.attack.first-card-compulsory @rule:howto-durak.attack.compulsory
  Scenario: The attacker cannot pass on an empty table
    Source: "Attacking" - opening a bout is obligatory; the attacker cannot say Pass first.
    Given the hands are:
      | seat | hand        |
      | 1    | 7♠ 8♠ 9♣    |
      | 2    | 9♠ 10♦ J♣   |
    And seat 1 attacks first
    Then seat 1 may not pass
    When seat 1 passes
    Then it is rejected because of rule "attack.compulsory"

  @id:howto-durak.attack.only-the-attacker-opens @rule:howto-durak.play.turn @rule:howto-durak.attack.target
  Scenario: A player who is not the attacker cannot open the bout
    Source: "Attacking" - the bout is opened by the attacker, not by anyone else.
    Given the hands are:
      | seat | hand        |
      | 1    | 7♠ 8♠ 9♣    |
      | 2    | 9♠ 10♦ J♣ K♦ |
      | 3    | 6♦ 7♦ Q♣    |
    And seat 1 attacks first
    When seat 3 attacks with 7♦
    Then it is rejected because of rule "play.turn"

  @id:howto-durak.attack.no-second-opening @rule:howto-durak.play.turn @rule:howto-durak.attack.opening-cards
  Scenario: Once the bout is open the attacker adds cards by throwing in, not by opening again
    Source: "Attacking" - the bout is opened once; later cards are throw-ins of ranks on the table.
    Given the hands are:
      | seat | hand        |
      | 1    | 7♠ 7♦ 9♣    |
      | 2    | 9♠ 10♦ J♣   |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      """
    And seat 1 attacks with 9♣
    Then it is rejected because of rule "play.turn"
    When seat 1 throws in 7♦
    Then it is accepted

  @id:howto-durak.attack.card-not-held @rule:howto-durak.play.card-in-hand
  Scenario: The attacker cannot lead a card they do not hold
    Source: assumed by the whole page - players play only their own cards.
    Given the hands are:
      | seat | hand        |
      | 1    | 7♠ 8♠ 9♣    |
      | 2    | 9♠ 10♦ J♣   |
    And seat 1 attacks first
    When seat 1 attacks with 9♠
    Then it is rejected because of rule "play.card-in-hand"

  @id:howto-durak.defence.higher-same-suit @rule:howto-durak.defence.beat
  Scenario: A higher card in the attacked suit covers it
    Source: "Defending" - first way to beat: higher, same suit.
    Given the hands are:
      | seat | hand        |
      | 1    | 7♠ 8♦ 9♣    |
      | 2    | 9♠ 10♦ J♣   |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      """
    And seat 2 beats 7♠ with 9♠
    Then it is accepted
    And the table is "7♠/9♠"

  @id:howto-durak.defence.lower-same-suit-refused @rule:howto-durak.defence.beat
  Scenario: A lower card of the same suit does not beat
    Source: "Defending" - the beating card must be higher.
    Given the hands are:
      | seat | hand        |
      | 1    | 9♠ 8♦ 9♣    |
      | 2    | 7♠ 10♦ J♣   |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 9♠
      """
    And seat 2 beats 9♠ with 7♠
    Then it is rejected because of rule "defence.beat"
    And seat 2 may take

  @id:howto-durak.defence.other-plain-suit-refused @rule:howto-durak.defence.beat
  Scenario: A higher card of another plain suit does not beat
    Source: "Defending" - suits are equal; only the same suit or a trump beats.
    Given the hands are:
      | seat | hand        |
      | 1    | 7♠ 8♦ 9♣    |
      | 2    | A♦ 10♦ J♣   |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      """
    And seat 2 beats 7♠ with A♦
    Then it is rejected because of rule "defence.beat"

  @id:howto-durak.defence.trump-beats-plain @rule:howto-durak.defence.beat
  Scenario: The lowest trump beats a plain ace
    Source: "Defending" - any trump beats a card that is not a trump.
    Given the hands are:
      | seat | hand        |
      | 1    | A♠ 8♦ 9♣    |
      | 2    | 7♥ 10♦ J♣   |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with A♠
      """
    And seat 2 beats A♠ with 7♥
    Then it is accepted
    And the table is "A♠/7♥"

  @id:howto-durak.defence.trump-needs-higher-trump @rule:howto-durak.defence.beat
  Scenario Outline: Only a higher trump beats a trump
    Source: "Defending" - against a trump only a higher trump will do.
    Given the hands are:
      | seat | hand           |
      | 1    | 9♥ 8♦ 9♣ J♠    |
      | 2    | 8♥ 10♥ A♠ 10♦  |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 9♥
      """
    And seat 2 beats 9♥ with <card>
    Then it is <verdict> by "defence.beat" if rejected

    Examples:
      | card | verdict  |
      | 10♥  | accepted |
      | 8♥   | rejected |
      | A♠   | rejected |

  @id:howto-durak.defence.any-order @rule:howto-durak.defence.any-order @rule:howto-durak.defence.beat
  Scenario: The defender beats the attacking cards in any order
    Source: "Defending" - every card is beaten one by one, in whatever order the defender likes.
    Given the hands are:
      | seat | hand            |
      | 1    | 7♠ 7♦ 9♣ K♠     |
      | 2    | 9♠ 10♦ J♣ Q♦    |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠ 7♦
      seat 2 beats 7♦ with 10♦
      """
    Then the table is "7♠ 7♦/10♦"
    When seat 2 beats 7♠ with 9♠
    Then it is accepted
    And the table is "7♠/9♠ 7♦/10♦"

  @id:howto-durak.defence.card-not-held @rule:howto-durak.play.card-in-hand
  Scenario: The defender cannot beat with a card they do not hold
    Source: assumed by the whole page - players play only their own cards.
    Given the hands are:
      | seat | hand        |
      | 1    | 7♠ 8♦ 9♣    |
      | 2    | 9♠ 10♦ J♣   |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      """
    And seat 2 beats 7♠ with 8♦
    Then it is rejected because of rule "play.card-in-hand"
