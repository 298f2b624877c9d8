Feature: Compare - move timers and game clocks
  Where the documents disagree on time: VideoChess gives every action 30 seconds and "How to
  play Durak" gives 30 seconds to attack or defend but only 10 to throw in, and both make the
  move for a player whose time is up; GGTables gives each player a bank of thinking time with
  an increment per action instead; Durak Challenge and the prototype describe no timing at all,
  so their profiles assume that time passing changes nothing. Every outline plays a duel.

  @id:compare.timer-attacker-runs-out @dimension:action_seconds @dimension:timeout_auto_move @dimension:timeout_lead_card @rule:videochess.timers.action @rule:videochess.timers.timeout-moves @rule:howto-durak.timers.limits @rule:howto-durak.timers.timeout-moves @rule:ggtables.timers.clock @rule:ggtables.table.settings @rule:durak-challenge.attack.opening-cards @rule:prototype-build10.attack.opening-cards
  Scenario Outline: Compare an attacker who lets 31 seconds go by before opening the bout
    VideoChess (timing paragraph of "Durak: rules") and "How to play Durak" ("Time to think")
    both let an opener think for 30 seconds and then lead for them the smallest card that is
    not a trump: 8♣ here, not the lower 7♥, which is a trump. The defender's own 30 seconds
    start at once. GGTables ("Finishing, settings and departures") only takes the time from
    the opener's bank of 300 seconds (the assumed 300_5 setting). Durak Challenge and the
    prototype name no timer: the opener may still choose any card (their profiles' assumption).
    Given the "<profile>" profile
    And the options are "<options>"
    And the computer seats are "<computer>"
    And the trump card is 6♥
    And the stock is empty
    And the hands are:
      | seat | hand         |
      | 1    | 9♠ 8♣ 7♥ J♦  |
      | 2    | 9♦ 10♦ J♣ Q♣ |
    And seat 1 attacks first
    Then <time before>
    When 31 seconds pass
    Then seat 1 <timeout>
    And the table is <table>
    And <time after>
    When seat 1 attacks with 9♠
    Then it is <verdict> by "<clause>" if rejected

    Examples: the engine leads the lowest plain card for the opener
      | profile     | options      | computer | time before                       | timeout   | table | time after                        | verdict  | clause    |
      | videochess  | teams=solo   | none     | seat 1 has 30 seconds left to act | timed out | "8♣"  | seat 2 has 29 seconds left to act | rejected | play.turn |
      | howto-durak | speed=normal | none     | seat 1 has 30 seconds left to act | timed out | "8♣"  | seat 2 has 29 seconds left to act | rejected | play.turn |

    Examples: the time comes off the opener's bank and nothing is played
      | profile  | options               | computer | time before                      | timeout          | table | time after                       | verdict  | clause |
      | ggtables | players=2, time=300_5 | none     | seat 1's clock shows 300 seconds | did not time out | empty | seat 1's clock shows 269 seconds | accepted | -      |

    Examples: no timer: the opener still chooses
      | profile           | options | computer | time before              | timeout          | table | time after               | verdict  | clause |
      | durak-challenge   |         | 2        | no timer runs for seat 1 | did not time out | empty | no timer runs for seat 1 | accepted | -      |
      | prototype-build10 |         | none     | no timer runs for seat 1 | did not time out | empty | no timer runs for seat 1 | accepted | -      |

  @id:compare.timer-defender-runs-out @dimension:timeout_auto_move @dimension:action_seconds @rule:videochess.timers.timeout-moves @rule:videochess.take.throw-after @rule:videochess.next-attacker.after-take @rule:howto-durak.timers.timeout-moves @rule:howto-durak.take.throw-after @rule:howto-durak.next-attacker.after-take @rule:ggtables.timers.clock @rule:durak-challenge.take.when @rule:durak-challenge.defence.beat @rule:prototype-build10.take.when @rule:prototype-build10.defence.beat
  Scenario Outline: Compare a defender who does not answer the attack for a minute
    In VideoChess and "How to play Durak" a defender whose 30 seconds run out takes the
    cards; the attacker then has the throw-in time (30 and 10 seconds) to add more before
    saying Done on a timeout, so the bout ends with the defender taking 8♣ and, in a duel,
    the attacker opening again with a fresh timer. In GGTables the minute only comes off the
    defender's bank, and in Durak Challenge and the prototype (no timer, as their profiles
    assume) the defender is still free to beat or take. In the Durak Challenge row the
    computer attacks, so that the person is the one who waits.
    Given the "<profile>" profile
    And the options are "<options>"
    And the computer seats are "<computer>"
    And the trump card is 6♥
    And the stock is empty
    And the hands are:
      | seat | hand         |
      | 1    | 9♠ 7♦ 8♣ 9♣  |
      | 2    | 9♦ 10♦ J♦ Q♣ |
    And seat 1 attacks first
    When seat 1 attacks with 8♣
    Then it is accepted
    And <defender time>
    When 61 seconds pass
    Then seat 2 <timeout>
    And the bout <bout>
    And seat 2 holds <held> cards
    And <turn>
    And <time after>

    Examples: the defender takes on a timeout
      | profile     | options      | computer | defender time                     | timeout   | bout                              | held | turn                | time after                        |
      | videochess  | teams=solo   | none     | seat 2 has 30 seconds left to act | timed out | ends with seat 2 taking the cards | 5    | seat 1 attacks next | seat 1 has 29 seconds left to act |
      | howto-durak | speed=normal | none     | seat 2 has 30 seconds left to act | timed out | ends with seat 2 taking the cards | 5    | seat 1 attacks next | seat 1 has 9 seconds left to act  |

    Examples: the defender's bank runs down, and the defender still decides
      | profile  | options               | computer | defender time                    | timeout          | bout          | held | turn                      | time after                       |
      | ggtables | players=2, time=300_5 | none     | seat 2's clock shows 300 seconds | did not time out | is still open | 4    | seat 2 may defend or take | seat 2's clock shows 239 seconds |

    Examples: no timer: the defender still decides
      | profile           | options | computer | defender time            | timeout          | bout          | held | turn                      | time after               |
      | durak-challenge   |         | 1        | no timer runs for seat 2 | did not time out | is still open | 4    | seat 2 may defend or take | no timer runs for seat 2 |
      | prototype-build10 |         | none     | no timer runs for seat 2 | did not time out | is still open | 4    | seat 2 may defend or take | no timer runs for seat 2 |

  @id:compare.timer-throw-in-window @dimension:throw_in_seconds @rule:videochess.timers.action @rule:videochess.timers.timeout-moves @rule:videochess.next-attacker.after-defence @rule:howto-durak.timers.limits @rule:howto-durak.timers.timeout-moves @rule:howto-durak.next-attacker.after-defence @rule:ggtables.timers.clock @rule:durak-challenge.throw-in.after-defence @rule:prototype-build10.throw-in.after-defence
  Scenario Outline: Compare how long the attacker may wait before adding to a beaten table
    Once 7♦ is beaten, "How to play Durak" ("Time to think") leaves the attacker 10 seconds
    to throw in at normal speed and 5 at fast speed, and a timeout counts as Done: the cards
    are discarded and the defender opens next, with the 30 (or 15) seconds of an attacker.
    VideoChess gives throwing in the same 30 seconds as any action. In GGTables the wait
    comes off the attacker's bank (305 seconds after the increment for the attack), and
    Durak Challenge and the prototype (no timer, assumed) wait as long as the attacker likes.
    Given the "<profile>" profile
    And the options are "<options>"
    And the computer seats are "<computer>"
    And the trump card is 6♥
    And the stock is empty
    And the hands are:
      | seat | hand         |
      | 1    | 9♠ 7♦ 8♣ 9♣  |
      | 2    | 9♦ 10♦ J♦ Q♣ |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♦
      seat 2 beats 7♦ with 9♦
      """
    Then <window>
    And seat 1 may throw in
    When 11 seconds pass
    Then seat 1 <timeout>
    And the bout <bout>
    And <after 11 seconds>
    When 19 more seconds pass
    Then <after 30 seconds>

    Examples: a short throw-in window
      | profile     | options      | computer | window                            | timeout   | bout                          | after 11 seconds                  | after 30 seconds                  |
      | howto-durak | speed=normal | none     | seat 1 has 10 seconds left to act | timed out | ends with the cards discarded | seat 2 has 29 seconds left to act | seat 2 has 10 seconds left to act |
      | howto-durak | speed=fast   | none     | seat 1 has 5 seconds left to act  | timed out | ends with the cards discarded | seat 2 has 9 seconds left to act  | seat 2 timed out                  |

    Examples: the throw-in window is a full action's time
      | profile    | options    | computer | window                            | timeout          | bout          | after 11 seconds                  | after 30 seconds                       |
      | videochess | teams=solo | none     | seat 1 has 30 seconds left to act | did not time out | is still open | seat 1 has 19 seconds left to act | the bout ends with the cards discarded |

    Examples: the wait comes off the attacker's bank
      | profile  | options               | computer | window                           | timeout          | bout          | after 11 seconds                 | after 30 seconds                 |
      | ggtables | players=2, time=300_5 | none     | seat 1's clock shows 305 seconds | did not time out | is still open | seat 1's clock shows 294 seconds | seat 1's clock shows 275 seconds |

    Examples: no timer: the attacker may add whenever ready
      | profile           | options | computer | window                   | timeout          | bout          | after 11 seconds         | after 30 seconds       |
      | durak-challenge   |         | 2        | no timer runs for seat 1 | did not time out | is still open | no timer runs for seat 1 | the bout is still open |
      | prototype-build10 |         | none     | no timer runs for seat 1 | did not time out | is still open | no timer runs for seat 1 | the bout is still open |

  @id:compare.timer-chess-clock @dimension:chess_clock @dimension:clock_total_seconds @dimension:clock_increment_seconds @rule:ggtables.timers.clock @rule:ggtables.table.settings @rule:videochess.timers.action @rule:videochess.timers.timeout-moves @rule:howto-durak.timers.limits @rule:howto-durak.timers.timeout-moves @rule:durak-challenge.throw-in.after-defence @rule:prototype-build10.throw-in.after-defence
  Scenario Outline: Compare a bank of thinking time with a fresh timer for every move
    GGTables ("Finishing, settings and departures") lets each table choose every player's
    whole thinking time and the bonus added after each of their actions; a bank runs down
    only while the game waits for its owner and keeps what is left for later. The three
    settings here are the profile's assumed amounts, since the page names none. VideoChess
    and "How to play Durak" keep no bank: every move gets a full timer of its own, and the
    attacker's wait to add cards ends in Done, after which the defender opens with a fresh
    30 seconds. Durak Challenge and the prototype have neither (their profiles' assumption).
    Given the "<profile>" profile
    And the options are "<options>"
    And the computer seats are "<computer>"
    And the trump card is 6♥
    And the stock is empty
    And the hands are:
      | seat | hand         |
      | 1    | 9♠ 7♦ 8♣ 9♣  |
      | 2    | 9♦ 10♦ J♦ Q♣ |
    And seat 1 attacks first
    Then <attacker at the start>
    When 10 seconds pass
    And seat 1 attacks with 7♦
    Then it is accepted
    And <attacker after the attack>
    And <defender after the attack>
    When 20 seconds pass
    And seat 2 beats 7♦ with 9♦
    Then it is accepted
    And <defender after the defence>
    And <attacker after the defence>
    When <wait> seconds pass
    Then <attacker at the end>
    And <defender at the end>

    Examples: a bank of thinking time with an increment
      | profile  | options               | computer | attacker at the start            | attacker after the attack        | defender after the attack        | defender after the defence       | attacker after the defence       | wait | attacker at the end              | defender at the end              |
      | ggtables | players=2, time=60_2  | none     | seat 1's clock shows 60 seconds  | seat 1's clock shows 52 seconds  | seat 2's clock shows 60 seconds  | seat 2's clock shows 42 seconds  | seat 1's clock shows 52 seconds  | 50   | seat 1's clock shows 2 seconds   | seat 2's clock shows 42 seconds  |
      | ggtables | players=2, time=300_5 | none     | seat 1's clock shows 300 seconds | seat 1's clock shows 295 seconds | seat 2's clock shows 300 seconds | seat 2's clock shows 285 seconds | seat 1's clock shows 295 seconds | 50   | seat 1's clock shows 245 seconds | seat 2's clock shows 285 seconds |
      | ggtables | players=2, time=600_0 | none     | seat 1's clock shows 600 seconds | seat 1's clock shows 590 seconds | seat 2's clock shows 600 seconds | seat 2's clock shows 580 seconds | seat 1's clock shows 590 seconds | 50   | seat 1's clock shows 540 seconds | seat 2's clock shows 580 seconds |

    Examples: a fresh timer for every move
      | profile     | options      | computer | attacker at the start             | attacker after the attack | defender after the attack         | defender after the defence | attacker after the defence        | wait | attacker at the end                    | defender at the end               |
      | videochess  | teams=solo   | none     | seat 1 has 30 seconds left to act | no timer runs for seat 1  | seat 2 has 30 seconds left to act | no timer runs for seat 2   | seat 1 has 30 seconds left to act | 30   | the bout ends with the cards discarded | seat 2 has 30 seconds left to act |
      | howto-durak | speed=normal | none     | seat 1 has 30 seconds left to act | no timer runs for seat 1  | seat 2 has 30 seconds left to act | no timer runs for seat 2   | seat 1 has 10 seconds left to act | 10   | the bout ends with the cards discarded | seat 2 has 30 seconds left to act |

    Examples: no clock at all
      | profile           | options | computer | attacker at the start    | attacker after the attack | defender after the attack | defender after the defence | attacker after the defence | wait | attacker at the end    | defender at the end      |
      | durak-challenge   |         | 2        | no timer runs for seat 1 | no timer runs for seat 1  | no timer runs for seat 2  | no timer runs for seat 2   | no timer runs for seat 1   | 600  | the bout is still open | no timer runs for seat 2 |
      | prototype-build10 |         | none     | no timer runs for seat 1 | no timer runs for seat 1  | no timer runs for seat 2  | no timer runs for seat 2   | no timer runs for seat 1   | 600  | the bout is still open | no timer runs for seat 2 |

  @id:compare.timer-bot-takeover @dimension:bot_takeover_after_timeouts @rule:howto-durak.timers.bot-takeover @rule:howto-durak.timers.timeout-moves @rule:videochess.timers.timeout-moves @rule:videochess.play.turn @rule:ggtables.timers.clock @rule:ggtables.play.turn @rule:durak-challenge.play.turn @rule:prototype-build10.play.turn
  Scenario Outline: Compare a defender who runs out of time twice in a row
    "How to play Durak" ("Time to think") hands a seat to a bot after two timeouts in a row
    while attacking or defending, until the player takes back control. VideoChess makes the
    automatic move every time but never brings in a bot (its profile: none is described).
    Here the defender cannot beat a spade and lets the clock run: the first minute ends with
    an automatic take; in the second the attacker's own timeout leads 8♠ and the defender
    times out again. GGTables only spends the bank, and Durak Challenge and the prototype
    have no timer; with no bot playing, there is no control to take back. In the Durak
    Challenge row the computer attacks and the person defends.
    Given the "<profile>" profile
    And the options are "<options>"
    And the computer seats are "<computer>"
    And the trump card is 6♥
    And the stock is empty
    And the hands are:
      | seat | hand         |
      | 1    | 7♠ 8♠ 9♣ 10♣ |
      | 2    | 6♦ 7♦ 8♦ 9♦  |
    And seat 1 attacks first
    When seat 1 attacks with 7♠
    Then it is accepted
    When 60 seconds pass
    Then seat 2 <timeout>
    And the bout <bout>
    And seat 2 plays for itself
    When 60 more seconds pass
    Then seat 2 <timeout>
    And <control>
    When seat 2 takes back control
    Then it is <verdict> by "<clause>" if rejected
    And seat 2 plays for itself

    Examples: a bot takes over after the second timeout in a row
      | profile     | options      | computer | timeout   | bout                              | control                | verdict  | clause |
      | howto-durak | speed=normal | none     | timed out | ends with seat 2 taking the cards | a bot plays for seat 2 | accepted | -      |

    Examples: the automatic moves go on without a bot
      | profile    | options    | computer | timeout   | bout                              | control                 | verdict  | clause    |
      | videochess | teams=solo | none     | timed out | ends with seat 2 taking the cards | seat 2 plays for itself | rejected | play.turn |

    Examples: no timeouts at all
      | profile           | options               | computer | timeout          | bout          | control                 | verdict  | clause    |
      | ggtables          | players=2, time=300_5 | none     | did not time out | is still open | seat 2 plays for itself | rejected | play.turn |
      | durak-challenge   |                       | 1        | did not time out | is still open | seat 2 plays for itself | rejected | play.turn |
      | prototype-build10 |                       | none     | did not time out | is still open | seat 2 plays for itself | rejected | play.turn |
