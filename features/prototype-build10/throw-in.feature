Feature: Prototype build 10 - adding cards after a defence
  Covers "Throwing in and the limit": added cards match a rank on the table (attack or
  defence), one card at a time, and the table is discarded once throwing in is complete
  ("Taking or completing defense").

  Background:
    Given the "prototype-build10" profile
    And the trump card is 6♥
    And the stock, top first, is "A♥ K♥ K♠ 6♥"

  @id:prototype-build10.throw-in.attack-and-defence-ranks @rule:prototype-build10.throw-in.rank
  Scenario: After a nine beaten by a queen, both queens and nines may be added
    Source: "Throwing in and the limit" - ranks of attacking and defending cards both count.
    Given the hands are:
      | seat | hand              |
      | 1    | 9♠ Q♦ 9♣ 7♣ 8♣ 10♣|
      | 2    | Q♠ K♦ J♣ 7♠ 8♦ 6♣ |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 9♠
      seat 2 beats 9♠ with Q♠
      """
    And seat 1 throws in Q♦
    Then it is accepted
    When they play:
      """
      seat 2 beats Q♦ with K♦
      """
    And seat 1 throws in 9♣
    Then it is accepted
    And the table is "9♠/Q♠ Q♦/K♦ 9♣"

  @id:prototype-build10.throw-in.other-rank-refused @rule:prototype-build10.throw-in.rank
  Scenario: A card of a rank not on the table cannot be added
    Source: "Throwing in and the limit" - only ranks already on the table.
    Given the hands are:
      | seat | hand              |
      | 1    | 9♠ 10♦ 9♣ 7♣ 8♣ J♦|
      | 2    | Q♠ K♦ J♣ 7♠ 8♦ 6♣ |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 9♠
      seat 2 beats 9♠ with Q♠
      """
    And seat 1 throws in 10♦
    Then it is rejected because of rule "throw-in.rank"
    And seat 1 may throw in
    And seat 1 holds "10♦" among others

  @id:prototype-build10.throw-in.not-while-unbeaten @rule:prototype-build10.throw-in.after-defence
  Scenario: In throwing-in mode no card is added while the last one is unbeaten
    Source: "Throwing in and the limit" - attacked and defended one card at a time.
    Given the option "mode" is "throw_in"
    And the hands are:
      | seat | hand              |
      | 1    | 9♠ 9♦ 9♣ 7♣ 8♣ J♦ |
      | 2    | Q♠ K♦ J♣ 7♠ 8♦ 6♣ |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 9♠
      """
    And seat 1 throws in 9♦
    Then it is rejected because of rule "throw-in.after-defence"
    And the table is "9♠"

  @id:prototype-build10.throw-in.defender-never-adds @rule:prototype-build10.throw-in.who
  Scenario: The defender does not add attacking cards
    Source: assumed - the defender only beats, takes or transfers.
    Given the hands are:
      | seat | hand              |
      | 1    | 9♠ 10♦ 7♣ 8♣ J♦ Q♦|
      | 2    | Q♠ 9♦ J♣ 7♠ 8♦ 6♣ |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 9♠
      seat 2 beats 9♠ with Q♠
      """
    And seat 2 throws in 9♦
    Then it is rejected because of rule "throw-in.who"

  @id:prototype-build10.throw-in.debug-third-seat-adds @rule:prototype-build10.throw-in.who @rule:prototype-build10.table.debug
  Scenario: At the debug table a seat other than the attacker adds a card after the defence
    Source: assumed - the page does not say who adds at a larger table; everyone but the defender.
    Given the option "table" is "debug"
    And the hands are:
      | seat | hand              |
      | 1    | 7♠ 10♦ 7♣ 8♣ J♦ Q♦|
      | 2    | 9♠ 10♠ J♣ A♠ 8♦ 6♣|
      | 3    | 9♦ K♦ Q♣ K♣ A♦ 6♦ |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      """
    And seat 3 throws in 9♦
    Then it is accepted
    And the table is "7♠/9♠ 9♦"

  @id:prototype-build10.throw-in.debug-third-seat-waits @rule:prototype-build10.throw-in.after-defence @rule:prototype-build10.table.debug
  Scenario: At the debug table another seat also waits until the card is beaten
    Source: "Throwing in and the limit" - one card at a time.
    Given the option "table" is "debug"
    And the hands are:
      | seat | hand              |
      | 1    | 7♠ 10♦ 7♣ 8♣ J♦ Q♦|
      | 2    | 9♠ 10♠ J♣ A♠ 8♦ 6♣|
      | 3    | 7♦ K♦ Q♣ K♣ A♦ 6♦ |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      """
    And seat 3 throws in 7♦
    Then it is rejected because of rule "throw-in.after-defence"
    And seat 3 may not throw in

  @id:prototype-build10.done.not-while-unbeaten @rule:prototype-build10.done.when
  Scenario: The attacker cannot finish throwing in while a card is unbeaten
    Source: assumed - throwing in is complete only with every attack beaten.
    Given the hands are:
      | seat | hand              |
      | 1    | 9♠ 10♦ 7♣ 8♣ J♦ Q♦|
      | 2    | Q♠ 9♦ J♣ 7♠ 8♦ 6♣ |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 9♠
      """
    And seat 1 is done
    Then it is rejected because of rule "done.when"
    And seat 2 may defend or take

  @id:prototype-build10.bout.discard-when-complete @rule:prototype-build10.bout.discard @rule:prototype-build10.done.when
  Scenario: All attacks beaten and the attacker done: the table goes to the discard pile
    Source: "Taking or completing defense" - beaten and complete: the cards are discarded.
    Given the hands are:
      | seat | hand              |
      | 1    | 9♠ 10♦ 7♣ 8♣ J♦ Q♦|
      | 2    | Q♠ 9♦ J♣ 7♠ 8♦ 6♣ |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 9♠
      seat 2 beats 9♠ with Q♠
      """
    And seat 1 is done
    Then it is accepted
    And the bout ends with the cards discarded
    And the discard pile holds 2 more cards
    And the table is empty

  @id:prototype-build10.bout.debug-waits-for-every-thrower @rule:prototype-build10.bout.discard @rule:prototype-build10.table.debug
  Scenario: At the debug table the bout stays open until every seat that may add is done
    Source: "Taking or completing defense" - discarded only once throwing in is complete.
    Given the option "table" is "debug"
    And the hands are:
      | seat | hand              |
      | 1    | 7♠ 10♦ 7♣ 8♣ J♦ Q♦|
      | 2    | 9♠ 10♠ J♣ A♠ 8♦ 6♣|
      | 3    | 9♦ K♦ Q♣ K♣ A♦ 6♦ |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      seat 1 is done
      """
    Then the bout is still open
    And seat 3 may throw in
    When seat 3 is done
    Then it is accepted
    And the bout ends with the cards discarded

  @id:prototype-build10.done.new-card-reopens @rule:prototype-build10.done.when @rule:prototype-build10.table.debug
  Scenario: A new card reopens throwing in for a seat that had said done
    Source: assumed - throwing in is complete only when nobody adds any more.
    Given the option "table" is "debug"
    And the hands are:
      | seat | hand              |
      | 1    | 7♠ 9♣ 7♣ 8♣ J♦ Q♦ |
      | 2    | 9♠ 10♦ J♣ A♠ 8♦ 6♣|
      | 3    | 9♦ K♦ Q♣ K♣ A♦ 6♦ |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      seat 1 is done
      seat 3 throws in 9♦
      seat 2 beats 9♦ with 10♦
      """
    And seat 1 throws in 9♣
    Then it is accepted
    And the table is "7♠/9♠ 9♦/10♦ 9♣"
