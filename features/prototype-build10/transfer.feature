Feature: Prototype build 10 - transferring the attack
  Covers "Transfer mode": before any defence the defender adds a card of the rank of every
  attacking card and passes the attack on (in the duel the roles swap), within the new
  defender's hand and six cards.

  Background:
    Given the "prototype-build10" profile
    And the option "mode" is "transfer"
    And the trump card is 6♥

  @id:prototype-build10.transfer.duel-roles-swap @rule:prototype-build10.transfer.target @rule:prototype-build10.transfer.rank @rule:prototype-build10.table.duel
  Scenario: In the duel a transfer makes the defender the attacker
    Source: "Transfer mode" - in a duel the roles swap.
    Given the stock, top first, is "A♥ K♥ Q♥ 6♥"
    And the hands are:
      | seat | hand              |
      | 1    | 7♠ 10♦ 7♣ 8♣ J♦ Q♦|
      | 2    | 7♦ 10♠ J♣ A♠ 8♦ 6♣|
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      """
    And seat 2 transfers with 7♦
    Then it is accepted
    And the table is "7♠ 7♦"
    And seat 2 attacks seat 1
    And seat 1 may defend, take or transfer

  @id:prototype-build10.transfer.duel-back-again @rule:prototype-build10.transfer.target @rule:prototype-build10.transfer.rank @rule:prototype-build10.table.duel
  Scenario: The new defender in the duel may transfer straight back with a third card of the rank
    Source: "Transfer mode" - any defender who has not started defending may transfer.
    Given the stock, top first, is "A♥ K♥ Q♥ 6♥"
    And the hands are:
      | seat | hand              |
      | 1    | 7♠ 10♦ 7♣ 8♣ J♦ Q♦|
      | 2    | 7♦ 10♠ J♣ A♠ 8♦ 6♣|
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 transfers with 7♦
      """
    And seat 1 transfers with 7♣
    Then it is accepted
    And the table is "7♠ 7♦ 7♣"
    And seat 1 attacks seat 2

  @id:prototype-build10.transfer.rank-must-match @rule:prototype-build10.transfer.rank
  Scenario: A card of another rank does not transfer
    Source: "Transfer mode" - the added card matches the rank of the attacking cards.
    Given the stock, top first, is "A♥ K♥ Q♥ 6♥"
    And the hands are:
      | seat | hand              |
      | 1    | 7♠ 10♦ 7♣ 8♣ J♦ Q♦|
      | 2    | 8♠ 10♠ J♣ A♠ 8♦ 6♣|
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      """
    And seat 2 transfers with 8♠
    Then it is rejected because of rule "transfer.rank"
    And seat 2 may not transfer

  @id:prototype-build10.transfer.rank-of-every-card @rule:prototype-build10.transfer.rank @rule:prototype-build10.table.duel
  Scenario: After one transfer the card sent back must match both attacking cards
    Source: "Transfer mode" - matching the rank of every attacking card.
    Given the stock, top first, is "A♥ K♥ Q♥ 6♥"
    And the hands are:
      | seat | hand              |
      | 1    | 7♠ 10♦ 8♠ 8♣ J♦ Q♦|
      | 2    | 7♦ 10♠ J♣ A♠ 8♦ 6♣|
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 transfers with 7♦
      """
    And seat 1 transfers with 8♣
    Then it is rejected because of rule "transfer.rank"

  @id:prototype-build10.transfer.not-after-beat @rule:prototype-build10.transfer.before-beat
  Scenario: Once a card is beaten a matching card no longer transfers
    Source: "Transfer mode" - unavailable after the first defence.
    Given the stock, top first, is "A♥ K♥ Q♥ 6♥"
    And the hands are:
      | seat | hand              |
      | 1    | 7♠ 7♦ 10♦ 8♣ J♦ Q♦|
      | 2    | 9♠ 7♣ J♣ A♠ 8♦ 6♣ |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      seat 1 throws in 7♦
      """
    And seat 2 transfers with 7♣
    Then it is rejected because of rule "transfer.before-beat"
    And seat 2 may defend or take
    And seat 2 may not transfer

  @id:prototype-build10.transfer.not-after-take @rule:prototype-build10.transfer.before-take @rule:prototype-build10.take.ends-bout
  Scenario: After Take the defender has no transfer left
    Source: "Taking or completing defense" - Take ends the round, so nothing can be passed on.
    Given the stock, top first, is "A♥ K♥ Q♥ 6♥"
    And the hands are:
      | seat | hand              |
      | 1    | 7♠ 10♦ 7♣ 8♣ J♦ Q♦|
      | 2    | 7♦ 10♠ J♣ A♠ 8♦ 6♣|
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 takes
      """
    And seat 2 transfers with 7♦
    Then it is rejected because of rule "play.turn"
    And seat 2 holds "7♠ 7♦" among others
    And seat 2 may not transfer

  @id:prototype-build10.transfer.capacity-short-duel @rule:prototype-build10.transfer.capacity @rule:prototype-build10.table.duel
  Scenario: No transfer to a duel partner left with fewer cards than the attack would hold
    Source: "Transfer mode" - the attack may not exceed the new defender's hand.
    Given the stock is empty
    And the hands are:
      | seat | hand              |
      | 1    | 7♠ K♦             |
      | 2    | 7♦ 10♠ J♣ A♠ 8♦ 6♣|
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      """
    And seat 2 transfers with 7♦
    Then it is rejected because of rule "transfer.capacity"
    And seat 2 may defend or take

  @id:prototype-build10.transfer.capacity-exact-duel @rule:prototype-build10.transfer.capacity @rule:prototype-build10.table.duel
  Scenario: A transfer is allowed when the new defender holds exactly as many cards as the attack
    Source: "Transfer mode" - the attack may equal the new defender's hand.
    Given the stock is empty
    And the hands are:
      | seat | hand              |
      | 1    | 7♠ K♦ A♦          |
      | 2    | 7♦ 10♠ J♣ A♠ 8♦ 6♣ Q♣|
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      """
    And seat 2 transfers with 7♦
    Then it is accepted
    And the bout limit is 2
    And seat 2 attacks seat 1

  @id:prototype-build10.transfer.debug-next-seat @rule:prototype-build10.transfer.target @rule:prototype-build10.table.debug
  Scenario: At the debug table the attack passes to the next seat clockwise
    Source: "Transfer mode" - the attack goes on to the next participant.
    Given the option "table" is "debug"
    And the stock, top first, is "A♥ K♥ Q♥ 6♥"
    And the hands are:
      | seat | hand              |
      | 1    | 7♠ 10♦ 9♣ 8♣ J♦ Q♦|
      | 2    | 7♦ 10♠ J♣ A♠ 8♦ 6♣|
      | 3    | 7♣ K♦ Q♣ K♣ A♦ 6♦ |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      """
    And seat 2 transfers with 7♦
    Then it is accepted
    And seat 2 attacks seat 3
    And seat 3 may defend, take or transfer

  @id:prototype-build10.transfer.debug-around-the-table @rule:prototype-build10.transfer.target @rule:prototype-build10.transfer.rank @rule:prototype-build10.table.debug
  Scenario: Transfers travel round the table back to the first attacker
    Source: "Transfer mode" - each defender may pass to the next participant.
    Given the option "table" is "debug"
    And the stock, top first, is "A♥ K♥ Q♥ 6♥"
    And the hands are:
      | seat | hand              |
      | 1    | 7♠ 10♦ 9♣ 8♣ J♦ Q♦|
      | 2    | 7♦ 10♠ J♣ A♠ 8♦ 6♣|
      | 3    | 7♣ K♦ Q♣ K♣ A♦ 6♦ |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 transfers with 7♦
      """
    And seat 3 transfers with 7♣
    Then it is accepted
    And the table is "7♠ 7♦ 7♣"
    And seat 3 attacks seat 1

  @id:prototype-build10.transfer.debug-skips-seat-out @rule:prototype-build10.transfer.target @rule:prototype-build10.table.debug
  Scenario: A transfer skips a seat that is already out
    Source: "Transfer mode" - the next participant still in the game defends.
    Given the option "table" is "debug"
    And the stock is empty
    And the hands are:
      | seat | hand              |
      | 1    | 7♠ 10♦ 9♣ 8♣ J♦ Q♦|
      | 2    | 7♦ 10♠ J♣ A♠ 8♦ 6♣|
      | 3    |                   |
    And seat 3 is out
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      """
    And seat 2 transfers with 7♦
    Then it is accepted
    And seat 2 attacks seat 1

  @id:prototype-build10.transfer.debug-capacity-short @rule:prototype-build10.transfer.capacity @rule:prototype-build10.table.debug
  Scenario: No transfer to a next seat holding a single card
    Source: "Transfer mode" - the attack may not exceed the new defender's hand.
    Given the option "table" is "debug"
    And the stock is empty
    And the hands are:
      | seat | hand              |
      | 1    | 7♠ 10♦ 9♣ 8♣ J♦   |
      | 2    | 7♦ 10♠ J♣ A♠ 8♦ 6♣|
      | 3    | K♦                |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      """
    And seat 2 transfers with 7♦
    Then it is rejected because of rule "transfer.capacity"

  @id:prototype-build10.transfer.limit-follows-new-defender @rule:prototype-build10.transfer.capacity @rule:prototype-build10.limits.defender-hand @rule:prototype-build10.table.debug
  Scenario: After a transfer the bout limit is the new defender's hand
    Source: "Transfer mode" - the total attack may not exceed the new defender's hand.
    Given the option "table" is "debug"
    And the stock is empty
    And the hands are:
      | seat | hand              |
      | 1    | 7♠ 10♦ 9♣ 8♣ J♦ Q♦|
      | 2    | 7♦ 10♠ J♣ A♠ 8♦ 6♣ Q♠|
      | 3    | K♦ Q♣ 9♠          |
    And seat 1 attacks first
    Then the bout limit is 6
    When they play:
      """
      seat 1 attacks with 7♠
      """
    And seat 2 transfers with 7♦
    Then it is accepted
    And the bout limit is 3

  @id:prototype-build10.transfer.none-in-throw-in-mode @rule:prototype-build10.transfer.mode
  Scenario: Throwing-in mode has no transfer
    Source: "Transfer mode" - transfers belong to transfer mode.
    Given the option "mode" is "throw_in"
    And the stock, top first, is "A♥ K♥ Q♥ 6♥"
    And the hands are:
      | seat | hand              |
      | 1    | 7♠ 10♦ 7♣ 8♣ J♦ Q♦|
      | 2    | 7♦ 10♠ J♣ A♠ 8♦ 6♣|
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      """
    And seat 2 transfers with 7♦
    Then it is rejected because of rule "transfer.mode"
    And seat 2 may not transfer

  @ambiguous @id:prototype-build10.transfer.one-at-a-time-after-transfer @rule:prototype-build10.throw-in.after-defence @reading:throw_in_timing=after_defence
  Scenario: In transfer mode too, nothing is added while transferred cards are unbeaten
    Source: "Throwing in and the limit" - one at a time; the profile reads it for both modes.
    Given the stock, top first, is "A♥ K♥ Q♥ 6♥"
    And the hands are:
      | seat | hand              |
      | 1    | 7♠ 10♦ 9♣ 8♣ J♦ Q♦|
      | 2    | 7♦ 7♣ J♣ A♠ 8♦ 6♣ |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 transfers with 7♦
      """
    And seat 2 throws in 7♣
    Then it is rejected because of rule "throw-in.after-defence"

  @ambiguous @id:prototype-build10.transfer.one-at-a-time-after-beat @rule:prototype-build10.throw-in.after-defence @reading:throw_in_timing=after_defence
  Scenario: In transfer mode an attacker waits for the card on the table to be beaten
    Source: "Throwing in and the limit" - one at a time; the profile reads it for both modes.
    Given the stock, top first, is "A♥ K♥ Q♥ 6♥"
    And the hands are:
      | seat | hand              |
      | 1    | 7♠ 7♦ 9♦ 8♣ J♦ Q♦ |
      | 2    | 9♠ 7♣ J♣ A♠ 8♦ 6♣ |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      seat 1 throws in 9♦
      """
    And seat 1 throws in 7♦
    Then it is rejected because of rule "throw-in.after-defence"

  @ambiguous @id:prototype-build10.transfer.any-time-in-transfer-mode @rule:prototype-build10.throw-in.after-defence @reading:throw_in_timing=any_time
  Scenario: Read the other way, in transfer mode an attacker may add while a card is unbeaten
    Source: "Throwing in and the limit" - one at a time is said of throwing-in mode (the other reading: transfer mode follows the base rule and cards may be added while others are unbeaten).
    Given the stock, top first, is "A♥ K♥ Q♥ 6♥"
    And the hands are:
      | seat | hand              |
      | 1    | 7♠ 7♦ 9♦ 8♣ J♦ Q♦ |
      | 2    | 9♠ 7♣ J♣ A♠ 8♦ 6♣ |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      seat 1 throws in 9♦
      """
    And seat 1 throws in 7♦
    Then it is accepted
    And the table is "7♠/9♠ 9♦ 7♦"
