Feature: Compare - what a take does to the bout, and taking after a complete defence
  Where the documents disagree on whether cards may still be added once the defender takes,
  and on whether a defender who has beaten everything may take the cards anyway.

  @id:compare.take-ends-bout @dimension:take_ends_bout @rule:prototype-build10.take.ends-bout @rule:videochess.take.throw-after @rule:howto-durak.take.throw-after @rule:ggtables.take.throw-after @rule:durak-challenge.take.add-after
  Scenario Outline: Compare adding a card after the defender takes
    The prototype page says a take gives the defender the table and ends the round at once,
    with nothing thrown in afterwards; the other four let the attackers keep adding matching
    cards within the limits after the take.
    Given the "<profile>" profile
    And the options are "<options>"
    And the computer seats are "<computer>"
    And the trump card is 6♥
    And the stock, top first, is "A♣ 6♥"
    And the hands are:
      | seat | hand              |
      | 1    | 7♠ 7♦ 9♣ J♠ Q♦ K♣ |
      | 2    | 8♦ 9♠ 10♦ J♣ Q♣ A♠ |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 takes
      """
    Then the bout <after the take>
    When seat 1 throws in 7♦
    Then it is <verdict> by "play.turn" if rejected
    And seat 2 holds <held> cards

    Examples: the take ends the bout at once
      | profile           | options | computer | after the take                   | verdict  | held |
      | prototype-build10 |         | none     | ends with seat 2 taking the cards | rejected | 7    |

    Examples: cards may still be added after the take
      | profile         | options   | computer | after the take | verdict  | held |
      | videochess      |           | none     | is still open  | accepted | 6    |
      | howto-durak     |           | none     | is still open  | accepted | 6    |
      | ggtables        | players=2 | none     | is still open  | accepted | 6    |
      | durak-challenge |           | 2        | is still open  | accepted | 6    |

  @id:compare.accept-after-defence @dimension:accept_after_defence @dimension:bot_accepts_anyway @rule:durak-challenge.accept.when @rule:durak-challenge.accept.computer-never @rule:videochess.bout.discard @rule:videochess.take.when @rule:howto-durak.bout.discard @rule:howto-durak.take.when @rule:ggtables.bout.discard @rule:ggtables.take.when @rule:prototype-build10.bout.discard @rule:prototype-build10.take.when
  Scenario Outline: Compare taking the cards after beating the whole attack
    Durak Challenge lets a defender who has beaten every card, once the attacker ends, take
    the cards anyway, except the computer, which never gives up a defence ("Playing the
    Game"). Everywhere else a fully beaten table goes to the discard pile when the attackers
    are done, and a take needs an unbeaten card.
    Given the "<profile>" profile
    And the options are "<options>"
    And the computer seats are "<computer>"
    And the trump card is 6♥
    And the stock, top first, is "A♣ 6♥"
    And the hands are:
      | seat | hand              |
      | 1    | 8♦ 9♠ 10♦ J♣ Q♣ A♠ |
      | 2    | 7♠ 7♦ 9♣ J♠ Q♦ K♣ |
    And seat 2 attacks first
    When they play:
      """
      seat 2 attacks with 7♠
      seat 1 beats 7♠ with 9♠
      seat 2 is done
      """
    Then the bout <after done>
    When seat 1 accepts the cards anyway
    Then it is <verdict> by "<clause>" if rejected

    Examples: the defender may still take the beaten cards
      | profile         | options | computer | after done    | verdict  | clause                |
      | durak-challenge |         | 2        | is still open | accepted | -                     |
      | durak-challenge |         | 1        | is still open | rejected | accept.computer-never |

    Examples: a fully beaten table is discarded
      | profile           | options   | computer | after done                    | verdict  | clause    |
      | videochess        |           | none     | ends with the cards discarded | rejected | take.when |
      | howto-durak       |           | none     | ends with the cards discarded | rejected | take.when |
      | ggtables          | players=2 | none     | ends with the cards discarded | rejected | take.when |
      | prototype-build10 |           | none     | ends with the cards discarded | rejected | take.when |
