Feature: Prototype build 10 - refilling hands and who attacks next
  Covers "Replenishment and results" (draw up to six, attacker first, defender last) and
  "Taking or completing defense" (the successful defender attacks next, a taker skips, in the
  duel the previous attacker goes again after a take).

  Background:
    Given the "prototype-build10" profile
    And the trump card is 6♥

  @id:prototype-build10.drawing.duel-attacker-first @rule:prototype-build10.drawing.order @rule:prototype-build10.next-attacker.after-defence
  Scenario: After a defence the attacker draws first and the defender gets what is left
    Source: "Replenishment and results" - attacker first, defender last, up to six.
    Given the stock, top first, is "A♣ A♦ A♠ 6♥"
    And the hands are:
      | seat | hand              |
      | 1    | 7♠ 7♦ 9♣ J♣ Q♣ K♣ |
      | 2    | 8♠ 8♦ 10♠ J♠ Q♠ K♦|
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 8♠
      seat 1 throws in 7♦
      seat 2 beats 7♦ with 8♦
      seat 1 is done
      """
    Then seat 1 holds exactly "9♣ J♣ Q♣ K♣ A♣ A♦"
    And seat 2 holds exactly "10♠ J♠ Q♠ K♦ A♠ 6♥"
    And the stock holds 0 cards
    And seat 2 attacks next

  @id:prototype-build10.drawing.debug-defender-last @rule:prototype-build10.drawing.order @rule:prototype-build10.table.debug
  Scenario: At the debug table the attacker draws first, the other thrower next, the defender last
    Source: "Replenishment and results" - attacker first, defender last.
    Given the option "table" is "debug"
    And the stock, top first, is "A♣ A♦ A♠ 6♥"
    And the hands are:
      | seat | hand              |
      | 1    | 7♠ 9♣ J♣ Q♣ K♣ 10♣|
      | 2    | 8♠ 10♦ 10♠ J♠ Q♠ K♠|
      | 3    | 8♦ 6♦ 7♦ 9♦ J♦ Q♦ |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 8♠
      seat 3 throws in 8♦
      seat 2 beats 8♦ with 10♦
      seat 1 is done
      seat 3 is done
      """
    Then seat 1 holds "A♣" among others
    And seat 3 holds "A♦" among others
    And seat 2 holds exactly "10♠ J♠ Q♠ K♠ A♠ 6♥"
    And seat 2 attacks seat 3

  @id:prototype-build10.drawing.after-take-attacker-refills @rule:prototype-build10.drawing.order @rule:prototype-build10.next-attacker.after-take
  Scenario: After a take the attacker refills first and the duel attacker leads again
    Source: "Taking or completing defense" - in the duel the previous attacker attacks again.
    Given the stock, top first, is "A♣ A♦ K♣ 6♥"
    And the hands are:
      | seat | hand              |
      | 1    | 7♠ 7♦ 9♣ J♣ Q♣ 10♣|
      | 2    | 9♠ 10♦ 10♠ J♠ Q♠ K♠|
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      seat 1 throws in 7♦
      seat 2 takes
      """
    Then seat 1 holds exactly "9♣ J♣ Q♣ 10♣ A♣ A♦"
    And seat 2 holds 8 cards
    And the stock, top first, is "K♣ 6♥"
    And seat 1 attacks next
    And seat 1 attacks seat 2

  @id:prototype-build10.next-attacker.debug-taker-skips @rule:prototype-build10.next-attacker.after-take @rule:prototype-build10.table.debug
  Scenario: At the debug table a taker loses the next attack to the seat after them
    Source: "Taking or completing defense" - whoever takes skips the next attack.
    Given the option "table" is "debug"
    And the stock, top first, is "A♣ A♦ A♠ 6♥"
    And the hands are:
      | seat | hand              |
      | 1    | 7♠ 9♣ J♣ Q♣ K♣ 10♣|
      | 2    | 8♠ 10♦ 10♠ J♠ Q♠ K♠|
      | 3    | 8♦ 6♦ 7♦ 9♦ J♦ Q♦ |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 takes
      """
    Then seat 3 attacks next
    And seat 3 attacks seat 1

  @id:prototype-build10.next-attacker.debug-defender-leads @rule:prototype-build10.next-attacker.after-defence @rule:prototype-build10.table.debug
  Scenario: At the debug table the successful defender attacks the seat after them
    Source: "Taking or completing defense" - a successful defender attacks next.
    Given the option "table" is "debug"
    And the stock, top first, is "A♣ A♦ A♠ 6♥"
    And the hands are:
      | seat | hand              |
      | 1    | 7♠ 9♣ J♣ Q♣ K♣ 10♣|
      | 2    | 8♠ 10♦ 10♠ J♠ Q♠ K♠|
      | 3    | 8♦ 6♦ 7♦ 9♦ J♦ Q♦ |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 8♠
      seat 1 is done
      seat 3 is done
      """
    Then the bout ends with the cards discarded
    And seat 2 attacks next
    And seat 2 attacks seat 3

  @id:prototype-build10.next-attacker.duel-transfer-then-take @rule:prototype-build10.next-attacker.after-take @rule:prototype-build10.transfer.target @rule:prototype-build10.table.duel
  Scenario: In the duel the transferrer attacks again when the other player takes
    Source: "Taking or completing defense" - after a take the same player leads again.
    Given the option "mode" is "transfer"
    And the stock, top first, is "A♣ A♦ A♠ 6♥"
    And the hands are:
      | seat | hand              |
      | 1    | 7♠ 9♣ J♣ Q♣ K♣ 10♣|
      | 2    | 7♦ 10♦ 10♠ J♠ Q♠ K♠|
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 transfers with 7♦
      seat 1 takes
      """
    Then the bout ends with seat 1 taking the cards
    And seat 2 attacks next

  @id:prototype-build10.drawing.duel-transfer-then-defence @rule:prototype-build10.drawing.order @rule:prototype-build10.next-attacker.after-defence @rule:prototype-build10.table.duel
  Scenario: After a duel transfer is beaten the transferrer draws first and the defender leads next
    Source: "Replenishment and results" - the attacker draws first, the defender last.
    Given the option "mode" is "transfer"
    And the stock, top first, is "A♣ 6♥"
    And the hands are:
      | seat | hand              |
      | 1    | 7♠ 9♠ 9♦ Q♣ K♣ 10♣|
      | 2    | 7♦ 10♦ 10♠ J♠ Q♠ K♠|
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 transfers with 7♦
      seat 1 beats 7♠ with 9♠
      seat 1 beats 7♦ with 9♦
      seat 2 is done
      """
    Then the bout ends with the cards discarded
    And seat 2 holds exactly "10♦ 10♠ J♠ Q♠ K♠ A♣"
    And seat 1 holds exactly "Q♣ K♣ 10♣ 6♥"
    And seat 1 attacks next

  @id:prototype-build10.drawing.debug-transferrer-first @rule:prototype-build10.drawing.order @rule:prototype-build10.table.debug @ambiguous @reading:first_to_draw=attacker
  Scenario: At the debug table, after a transfer the one who transferred draws first
    Source: "Replenishment and results" - the attacker draws first, the defender last (profile reading: after a transfer the attacker is the one who transferred, as the duel's role swap has it).
    Given the options are "mode=transfer, table=debug"
    And the stock, top first, is "8♥ 9♥ 6♥"
    And the hands are:
      | seat | hand                 |
      | 1    | 7♣ A♠ K♠ Q♠ J♠ 10♠   |
      | 2    | 7♦ A♣ K♣ Q♣ J♣ 10♣   |
      | 3    | 9♠ 9♣ 9♦ 10♦ J♦ Q♦ 6♣ |
      | 4    | 6♠ 8♠ 8♣ 8♦ K♦ 7♠    |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♣
      seat 2 transfers with 7♦
      seat 3 beats 7♣ with 9♣
      seat 3 beats 7♦ with 9♦
      seat 4 throws in 7♠
      seat 3 takes
      """
    Then the bout ends with seat 3 taking the cards
    And seat 2 holds "8♥" among others
    And seat 4 holds "9♥" among others
    And seat 1 holds "6♥" among others
    And the stock holds 0 cards

  @id:prototype-build10.drawing.debug-starter-first @rule:prototype-build10.drawing.order @rule:prototype-build10.table.debug @ambiguous @reading:first_to_draw=starter
  Scenario: Read the other way, at the debug table the player who opened the round draws first after a transfer
    Source: "Replenishment and results" - the attacker draws first (the other reading: the player who opened the round).
    Given the options are "mode=transfer, table=debug"
    And the stock, top first, is "8♥ 9♥ 6♥"
    And the hands are:
      | seat | hand                 |
      | 1    | 7♣ A♠ K♠ Q♠ J♠ 10♠   |
      | 2    | 7♦ A♣ K♣ Q♣ J♣ 10♣   |
      | 3    | 9♠ 9♣ 9♦ 10♦ J♦ Q♦ 6♣ |
      | 4    | 6♠ 8♠ 8♣ 8♦ K♦ 7♠    |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♣
      seat 2 transfers with 7♦
      seat 3 beats 7♣ with 9♣
      seat 3 beats 7♦ with 9♦
      seat 4 throws in 7♠
      seat 3 takes
      """
    Then the bout ends with seat 3 taking the cards
    And seat 1 holds "8♥" among others
    And seat 2 holds "9♥" among others
    And seat 4 holds "6♥" among others
    And the stock holds 0 cards
