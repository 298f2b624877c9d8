Feature: Compare - cheating, the shown trump and the Durak Challenge extras
  Where the documents disagree on what lies around the card play: the VideoChess cheater
  mode (cards played against the rules, Catch!, the check before a bout closes and the price
  of a false accusation), showing the lowest trump that picks the first attacker, and the
  Durak Challenge redeal, epaulettes and winner-leads rule for the next game.

  @id:compare.extra-cheating-unfair-card @dimension:cheater_mode @rule:videochess.table.cheater-switch @rule:videochess.cheating.any-card @rule:videochess.cheating.catch @rule:videochess.cheating.caught-cheater @rule:videochess.cheating.caught-outcome @rule:videochess.defence.beat @rule:videochess.play.turn @rule:durak-challenge.defence.beat @rule:durak-challenge.play.turn @rule:howto-durak.defence.beat @rule:howto-durak.play.turn @rule:ggtables.defence.beat @rule:ggtables.play.turn @rule:prototype-build10.defence.beat @rule:prototype-build10.play.turn
  Scenario Outline: Compare laying a card that does not beat on an attack, and catching it
    Only VideoChess has a cheater mode, a table switch that is off unless chosen ("Durak:
    rules"): with it on, any card may go on an attack card, the engine knows the card is
    unfair, and an opponent who catches it makes the cheater pick up the whole table, a
    caught defender counting as one who took. With the switch off, and in the other four
    documents (silent on cheating, so their profiles assume honest play only), a defence
    must really beat and there is nothing to catch.
    Given the "<profile>" profile
    And the options are "<options>"
    And the computer seats are "<computer>"
    And the trump card is 6♥
    And the stock, top first, is "K♥ A♥ 6♥"
    And the hands are:
      | seat | hand                |
      | 1    | 9♠ 7♦ 8♣ J♠ Q♦ K♣ 6♠ |
      | 2    | 9♦ 10♦ J♦ Q♣ 7♣ 10♠ |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 9♠
      """
    And seat 2 beats 9♠ with Q♣
    Then it is <verdict> by "defence.beat" if rejected
    And the table is "<table>"
    And <marking>
    When seat 1 catches Q♣
    Then it is <catch> by "play.turn" if rejected
    And <after the catch>
    And seat 2 holds <held> cards
    And <next>

    Examples: cheater mode: any card goes, and a caught card is paid for
      | profile    | options    | computer | verdict  | table | marking                | catch    | after the catch                                   | held | next                |
      | videochess | cheater=on | none     | accepted | 9♠/Q♣ | Q♣ is marked as unfair | accepted | the bout ends with seat 2 caught taking the cards | 7    | seat 1 attacks next |

    Examples: honest play only: a defence must beat, and nobody catches
      | profile           | options     | computer | verdict  | table | marking                        | catch    | after the catch        | held | next                      |
      | videochess        | cheater=off | none     | rejected | 9♠    | seat 2 holds "Q♣" among others | rejected | the bout is still open | 6    | seat 2 may defend or take |
      | durak-challenge   |             | 2        | rejected | 9♠    | seat 2 holds "Q♣" among others | rejected | the bout is still open | 6    | seat 2 may defend or take |
      | howto-durak       |             | none     | rejected | 9♠    | seat 2 holds "Q♣" among others | rejected | the bout is still open | 6    | seat 2 may defend or take |
      | ggtables          | players=2   | none     | rejected | 9♠    | seat 2 holds "Q♣" among others | rejected | the bout is still open | 6    | seat 2 may defend or take |
      | prototype-build10 |             | 2        | rejected | 9♠    | seat 2 holds "Q♣" among others | rejected | the bout is still open | 6    | seat 2 may defend or take |

  @id:compare.extra-catch-check @dimension:catch_check_seconds @dimension:cheater_mode @rule:videochess.cheating.check-window @rule:videochess.table.cheater-switch @rule:videochess.bout.discard @rule:videochess.next-attacker.after-defence @rule:durak-challenge.bout.discard @rule:durak-challenge.next-attacker.after-defence @rule:howto-durak.bout.discard @rule:howto-durak.next-attacker.after-defence @rule:ggtables.bout.discard @rule:ggtables.next-attacker.after-defence @rule:prototype-build10.bout.discard @rule:prototype-build10.next-attacker.after-defence
  Scenario Outline: Compare the pause for catching before a beaten bout is discarded
    In VideoChess cheater mode a bout that is about to close stays on the table for a check
    of four seconds in which only catching is allowed ("Durak: rules"); then the cards are
    discarded and the successful defender opens the next bout. Without cheater mode, and in
    the four documents with no such mode (their profiles assume none), the beaten cards go
    to the discard pile at once and the defender may lead straight away. Durak Challenge
    first asks its defender to keep the defence.
    Given the "<profile>" profile
    And the options are "<options>"
    And the computer seats are "<computer>"
    And the trump card is 6♥
    And the stock, top first, is "K♥ A♥ 6♥"
    And the hands are:
      | seat | hand                |
      | 1    | 9♠ 7♦ 8♣ J♠ Q♦ K♣ 6♠ |
      | 2    | 9♦ 10♦ J♦ Q♣ 7♣ 10♠ |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♦
      seat 2 beats 7♦ with 9♦
      seat 1 is done
      <closing>
      """
    Then the bout <after done>
    When 3 seconds pass
    Then <after three seconds>
    When seat 2 attacks with 10♦
    Then it is <verdict> by "cheating.check-window" if rejected
    And the table is "<table>"
    When 1 second passes
    Then <after four seconds>
    And the discard pile includes "7♦ 9♦"

    Examples: cheater mode: four seconds for catching first
      | profile    | options    | computer | closing | after done       | after three seconds       | verdict  | table | after four seconds  |
      | videochess | cheater=on | none     |         | is being checked | the bout is being checked | rejected | 7♦/9♦ | seat 2 attacks next |

    Examples: no check: the beaten cards leave at once
      | profile           | options     | computer | closing                  | after done                    | after three seconds | verdict  | table | after four seconds     |
      | videochess        | cheater=off | none     |                          | ends with the cards discarded | seat 2 attacks next | accepted | 10♦   | the bout is still open |
      | durak-challenge   |             | 2        | seat 2 keeps the defence | ends with the cards discarded | seat 2 attacks next | accepted | 10♦   | the bout is still open |
      | howto-durak       |             | none     |                          | ends with the cards discarded | seat 2 attacks next | accepted | 10♦   | the bout is still open |
      | ggtables          | players=2   | none     |                          | ends with the cards discarded | seat 2 attacks next | accepted | 10♦   | the bout is still open |
      | prototype-build10 |             | 2        |                          | ends with the cards discarded | seat 2 attacks next | accepted | 10♦   | the bout is still open |

  @id:compare.extra-false-catch @dimension:false_catch_penalty_cards @dimension:cheater_mode @rule:videochess.cheating.false-catch @rule:videochess.cheating.catch @rule:videochess.table.cheater-switch @rule:videochess.play.turn @rule:durak-challenge.play.turn @rule:howto-durak.play.turn @rule:ggtables.play.turn @rule:prototype-build10.play.turn
  Scenario Outline: Compare catching a card that was played fairly
    In VideoChess cheater mode a wrong accusation is punished: the accuser draws one
    penalty card from the deck and loses the right to catch until the bout is over
    ("Durak: rules"). With the mode off, and in the four documents that never mention
    catching (their profiles assume there is none), the catch itself is refused and costs
    nothing.
    Given the "<profile>" profile
    And the options are "<options>"
    And the computer seats are "<computer>"
    And the trump card is 6♥
    And the stock, top first, is "K♥ A♥ 6♥"
    And the hands are:
      | seat | hand                |
      | 1    | 9♠ 7♦ 8♣ J♠ Q♦ K♣   |
      | 2    | 9♦ 10♦ J♦ Q♣ 7♣ 10♠ 6♠ |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♦
      seat 2 beats 7♦ with 9♦
      """
    And seat 1 catches 9♦
    Then it is <verdict> by "play.turn" if rejected
    And <penalty>
    And seat 1 holds exactly "<hand>"
    And the stock, top first, is "<stock>"
    And the bout is still open
    And the table is "7♦/9♦"
    When seat 1 catches 9♦
    Then it is rejected because of rule "<again>"

    Examples: cheater mode: a penalty card, and no more catching this bout
      | profile    | options    | computer | verdict  | penalty                     | hand              | stock | again          |
      | videochess | cheater=on | none     | accepted | seat 1 draws a penalty card | 9♠ 8♣ J♠ Q♦ K♣ K♥ | A♥ 6♥ | cheating.catch |

    Examples: no catching at all
      | profile           | options     | computer | verdict  | penalty              | hand           | stock    | again     |
      | videochess        | cheater=off | none     | rejected | seat 1 holds 5 cards | 9♠ 8♣ J♠ Q♦ K♣ | K♥ A♥ 6♥ | play.turn |
      | durak-challenge   |             | 2        | rejected | seat 1 holds 5 cards | 9♠ 8♣ J♠ Q♦ K♣ | K♥ A♥ 6♥ | play.turn |
      | howto-durak       |             | none     | rejected | seat 1 holds 5 cards | 9♠ 8♣ J♠ Q♦ K♣ | K♥ A♥ 6♥ | play.turn |
      | ggtables          | players=2   | none     | rejected | seat 1 holds 5 cards | 9♠ 8♣ J♠ Q♦ K♣ | K♥ A♥ 6♥ | play.turn |
      | prototype-build10 |             | 2        | rejected | seat 1 holds 5 cards | 9♠ 8♣ J♠ Q♦ K♣ | K♥ A♥ 6♥ | play.turn |

  @id:compare.extra-lowest-trump-shown @dimension:lowest_trump_shown @rule:durak-challenge.first-attack.shown @rule:durak-challenge.first-attack.lowest-trump @rule:howto-durak.first-attack.lowest-trump @rule:videochess.first-attack.lowest-trump @rule:ggtables.first-attack.lowest-trump @rule:prototype-build10.first-attack.lowest-trump
  Scenario Outline: Compare whether the trump that picks the first attacker is shown to the table
    Every document gives the first attack to the holder of the lowest trump. Durak Challenge
    ("Who attacks first?") and "How to play Durak" ("Dealing and the trump suit") also have
    that card shown to the other players; VideoChess, GGTables and the prototype page do not
    mention showing it, and their profiles assume it stays hidden. Seat 2 is dealt 7♥, the
    lowest heart.
    Given the "<profile>" profile
    And the options are "<options>"
    And the computer seats are "<computer>"
    And 2 seats
    And the deck starts with "9♥ 7♥ 8♠ 7♠ 9♠ 8♣ 10♠ 9♣ J♠ 10♣ Q♠ J♣" and ends with A♥
    When the game starts
    Then seat 2 is the first attacker
    And <shown>

    Examples: the lowest trump is shown
      | profile         | options | computer | shown                               |
      | durak-challenge |         | 2        | seat 2 shows 7♥ as the lowest trump |
      | howto-durak     |         | none     | seat 2 shows 7♥ as the lowest trump |

    Examples: nothing is shown
      | profile           | options   | computer | shown             |
      | videochess        |           | none     | no trump is shown |
      | ggtables          | players=2 | none     | no trump is shown |
      | prototype-build10 |           | 2        | no trump is shown |

  @id:compare.extra-redeal @dimension:redeal_min_same_suit @rule:durak-challenge.redeal.offer @rule:durak-challenge.deal.hands @rule:videochess.play.turn @rule:howto-durak.play.turn @rule:ggtables.play.turn @rule:prototype-build10.play.turn
  Scenario Outline: Compare asking for a fresh deal with five cards of one suit
    Durak Challenge offers its human player a new shuffle and deal after being dealt at
    least five cards of a single suit ("The Deal"); four are not enough. The other four
    documents describe no redeal, and their profiles assume the deal always stands.
    Given the "<profile>" profile
    And the options are "<options>"
    And the computer seats are "<computer>"
    And 2 seats
    And the deck starts with "<top>" and ends with A♦
    Then seat 1 holds exactly "<hand>"
    And seat 1 <may> redeal
    When seat 1 asks for a redeal
    Then it is <verdict> by "<clause>" if rejected
    And every seat holds 6 cards and the stock 24
    And <after>

    Examples: five of a suit may ask for a redeal
      | profile         | options | computer | top                                   | hand               | may     | verdict  | clause       | after                                     |
      | durak-challenge |         | 2        | 7♥ 6♠ 8♥ 7♠ 9♥ 8♠ 10♥ 9♠ J♥ 10♠ 6♣ J♠ | 7♥ 8♥ 9♥ 10♥ J♥ 6♣ | may     | accepted | -            | the match counts 0 games played           |
      | durak-challenge |         | 2        | 7♥ 6♠ 8♥ 7♠ 9♥ 8♠ 10♥ 9♠ 6♦ 10♠ 6♣ J♠ | 7♥ 8♥ 9♥ 10♥ 6♦ 6♣ | may not | rejected | redeal.offer | seat 1 holds exactly "7♥ 8♥ 9♥ 10♥ 6♦ 6♣" |

    Examples: the deal stands
      | profile           | options   | computer | top                                   | hand               | may     | verdict  | clause    | after                                     |
      | videochess        |           | none     | 7♥ 6♠ 8♥ 7♠ 9♥ 8♠ 10♥ 9♠ J♥ 10♠ 6♣ J♠ | 7♥ 8♥ 9♥ 10♥ J♥ 6♣ | may not | rejected | play.turn | seat 1 holds exactly "7♥ 8♥ 9♥ 10♥ J♥ 6♣" |
      | howto-durak       |           | none     | 7♥ 6♠ 8♥ 7♠ 9♥ 8♠ 10♥ 9♠ J♥ 10♠ 6♣ J♠ | 7♥ 8♥ 9♥ 10♥ J♥ 6♣ | may not | rejected | play.turn | seat 1 holds exactly "7♥ 8♥ 9♥ 10♥ J♥ 6♣" |
      | ggtables          | players=2 | none     | 7♥ 6♠ 8♥ 7♠ 9♥ 8♠ 10♥ 9♠ J♥ 10♠ 6♣ J♠ | 7♥ 8♥ 9♥ 10♥ J♥ 6♣ | may not | rejected | play.turn | seat 1 holds exactly "7♥ 8♥ 9♥ 10♥ J♥ 6♣" |
      | prototype-build10 |           | 2        | 7♥ 6♠ 8♥ 7♠ 9♥ 8♠ 10♥ 9♠ J♥ 10♠ 6♣ J♠ | 7♥ 8♥ 9♥ 10♥ J♥ 6♣ | may not | rejected | play.turn | seat 1 holds exactly "7♥ 8♥ 9♥ 10♥ J♥ 6♣" |

  @id:compare.extra-epaulettes @dimension:epaulettes @rule:durak-challenge.epaulettes.double-six @rule:durak-challenge.epaulettes.score @rule:durak-challenge.end.win @rule:videochess.end.durak @rule:howto-durak.end.durak @rule:ggtables.end.durak @rule:prototype-build10.end.durak
  Scenario Outline: Compare a game won by attacking with two sixes in the last bout
    Durak Challenge ("The Double Six Win") dresses the loser in epaulettes when the winning
    attacker's two final cards of one bout are both sixes, and scores it as a double win that
    is still one game. Its row with a six and a seven is a plain win. The other documents
    keep no such score (their profiles assume none): the same ending is an ordinary durak.
    Given the "<profile>" profile
    And the options are "<options>"
    And the computer seats are "<computer>"
    And the trump card is 10♥
    And the stock is empty
    And the hands are:
      | seat | hand        |
      | 1    | 6♠ <second> |
      | 2    | 7♠ 8♦ 9♣ J♣ |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 6♠
      seat 2 beats 6♠ with 7♠
      seat 1 throws in <second>
      seat 2 beats <second> with 8♦
      <closing>
      """
    Then the game is over
    And seat 2 is the durak
    And seat 1 wins
    And the game is won <how> epaulettes
    And <score>
    And <tally>

    Examples: the double six gives epaulettes and a double win
      | profile         | options | computer | second | closing                  | how     | score                                | tally                          |
      | durak-challenge |         | 2        | 6♦     | seat 2 keeps the defence | with    | seat 1 has 2 win points in the match | the match counts 1 game played |
      | durak-challenge |         | 2        | 7♦     | seat 2 keeps the defence | without | seat 1 has 1 win point in the match  | the match counts 1 game played |

    Examples: an ordinary win
      | profile           | options   | computer | second | closing | how     | score         | tally                     |
      | videochess        |           | none     | 6♦     |         | without | seat 1 is out | seat 2 holds exactly "9♣ J♣" |
      | howto-durak       |           | none     | 6♦     |         | without | seat 1 is out | seat 2 holds exactly "9♣ J♣" |
      | ggtables          | players=2 | none     | 6♦     |         | without | seat 1 is out | seat 2 holds exactly "9♣ J♣" |
      | prototype-build10 |           | 2        | 6♦     |         | without | seat 1 is out | seat 2 holds exactly "9♣ J♣" |

  @id:compare.extra-winner-leads @dimension:winner_leads_next_game @rule:durak-challenge.first-attack.winner-leads @rule:durak-challenge.first-attack.shown @rule:durak-challenge.end.win @rule:videochess.first-attack.lowest-trump @rule:howto-durak.first-attack.lowest-trump @rule:ggtables.first-attack.lowest-trump @rule:prototype-build10.first-attack.lowest-trump
  Scenario Outline: Compare who attacks first in the game after a win
    Durak Challenge ("Who attacks first?") lets the winner of a game open the next one, and
    only until someone has won does the lowest trump decide (then nothing needs showing).
    VideoChess, "How to play Durak", GGTables and the prototype describe only the lowest
    trump rule, which their profiles apply to every game. Seat 1 wins the first game; in
    the next deal seat 2 holds the lowest trump.
    Given the "<profile>" profile
    And the options are "<options>"
    And the computer seats are "<computer>"
    And the trump card is 10♥
    And the stock is empty
    And the hands are:
      | seat | hand  |
      | 1    | 7♠    |
      | 2    | 9♠ 8♦ J♣ |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      <closing>
      """
    Then seat 1 wins
    And seat 2 is the durak
    When the next game is dealt from a deck starting "9♥ 7♥ 8♠ 7♠ 9♠ 8♣ 10♠ 9♣ J♠ 10♣ Q♠ J♣" and ending with A♥
    Then seat <first> is the first attacker
    And <shown>

    Examples: the winner leads
      | profile         | options | computer | closing                  | first | shown             |
      | durak-challenge |         | 2        | seat 2 keeps the defence | 1     | no trump is shown |

    Examples: the lowest trump leads every game
      | profile           | options   | computer | closing | first | shown                               |
      | videochess        |           | none     |         | 2     | no trump is shown                   |
      | howto-durak       |           | none     |         | 2     | seat 2 shows 7♥ as the lowest trump |
      | ggtables          | players=2 | none     |         | 2     | no trump is shown                   |
      | prototype-build10 |           | 2        |         | 2     | no trump is shown                   |
