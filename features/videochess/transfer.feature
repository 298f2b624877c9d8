Feature: VideoChess - transferring the attack (transfer rules)
  Covers the transfer paragraphs of "Durak: rules": before beating or taking, the defender may pass
  the bout on with a card of the table's rank if the next opponent can cover it; they throw in first.

  Background:
    Given the "videochess" profile
    And the options are "rules=transfer, teams=solo"
    And the trump card is 6♥
    And seat 1 attacks first

  @id:videochess.transfer.passes-to-next-seat @rule:videochess.transfer.rank @rule:videochess.transfer.target
  Scenario: A card of the attacking rank passes the bout to the next seat
    Source: transfer paragraph - same rank as the table card; the next opponent clockwise defends.
    Given the stock, top first, is "8♠ 9♣ 6♥"
    And the hands are:
      | seat | hand                |
      | 1    | 7♠ 8♣ 9♦ 10♣ A♠ K♠ 6♦ |
      | 2    | 7♦ 9♠ 10♦ J♦ Q♠ 6♠  |
      | 3    | 7♣ 10♠ J♣ Q♣ K♣ A♣  |
      | 4    | 7♥ J♠ 8♦ Q♦ K♦ A♦   |
    When they play:
      """
      seat 1 attacks with 7♠
      """
    Then seat 2 may defend, take or transfer
    When seat 2 transfers with 7♦
    Then it is accepted
    And the table is "7♠ 7♦"
    And seat 2 attacks seat 3
    And seat 3 may defend, take or transfer

  @id:videochess.transfer.round-the-table @rule:videochess.transfer.target @rule:videochess.transfer.capacity
  Scenario: Three transfers carry the bout round the table back to the first attacker
    Source: transfer paragraph - each transfer goes to the next opponent clockwise.
    Given the stock, top first, is "8♠ 9♣ 6♥"
    And the hands are:
      | seat | hand                |
      | 1    | 7♠ 8♣ 9♦ 10♣ A♠ K♠ 6♦ |
      | 2    | 7♦ 9♠ 10♦ J♦ Q♠ 6♠  |
      | 3    | 7♣ 10♠ J♣ Q♣ K♣ A♣  |
      | 4    | 7♥ J♠ 8♦ Q♦ K♦ A♦   |
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 transfers with 7♦
      seat 3 transfers with 7♣
      """
    And seat 4 transfers with 7♥
    Then it is accepted
    And seat 4 attacks seat 1
    And the table is "7♠ 7♦ 7♣ 7♥"
    And seat 1 may defend or take

  @id:videochess.transfer.wrong-rank @rule:videochess.transfer.rank
  Scenario: A card of another rank cannot transfer
    Source: transfer paragraph - the transfer card has the rank of the card on the table.
    Given the stock, top first, is "8♠ 9♣ 6♥"
    And the hands are:
      | seat | hand                |
      | 1    | 7♠ 8♣ 9♦ 10♣ A♠ K♠ 6♦ |
      | 2    | 7♦ 9♠ 10♦ J♦ Q♠ 6♠  |
      | 3    | 7♣ 10♠ J♣ Q♣ K♣ A♣  |
      | 4    | 7♥ J♠ 8♦ Q♦ K♦ A♦   |
    When they play:
      """
      seat 1 attacks with 7♠
      """
    And seat 2 transfers with 10♦
    Then it is rejected because of rule "transfer.rank"

  @id:videochess.transfer.not-after-a-beat @rule:videochess.transfer.before-beat
  Scenario: Once one card is beaten the defender can no longer transfer, even with another unbeaten
    Source: transfer paragraph - only while every card on the table is still unbeaten.
    Given the stock, top first, is "8♠ 9♣ 6♥"
    And the hands are:
      | seat | hand                |
      | 1    | 7♠ 8♣ 9♦ 10♣ A♠ K♠ 6♦ |
      | 2    | 7♦ 9♠ 10♦ J♦ Q♠ 6♠  |
      | 3    | 7♣ 10♠ J♣ Q♣ K♣ A♣  |
      | 4    | 7♥ J♠ 8♦ Q♦ K♦ A♦   |
    When they play:
      """
      seat 1 attacks with 7♠
      seat 3 throws in 7♣
      seat 2 beats 7♠ with 9♠
      """
    And seat 2 transfers with 7♦
    Then it is rejected because of rule "transfer.before-beat"
    And the table is "7♠/9♠ 7♣"

  @id:videochess.transfer.not-after-take @rule:videochess.transfer.before-take
  Scenario: No transfer after the defender has pressed Take
    Source: transfer paragraph - only while the defender has not pressed Take.
    Given the stock, top first, is "8♠ 9♣ 6♥"
    And the hands are:
      | seat | hand                |
      | 1    | 7♠ 8♣ 9♦ 10♣ A♠ K♠ 6♦ |
      | 2    | 7♦ 9♠ 10♦ J♦ Q♠ 6♠  |
      | 3    | 7♣ 10♠ J♣ Q♣ K♣ A♣  |
      | 4    | 7♥ J♠ 8♦ Q♦ K♦ A♦   |
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 takes
      """
    And seat 2 transfers with 7♦
    Then it is rejected because of rule "transfer.before-take"

  @id:videochess.transfer.next-seat-too-short @rule:videochess.transfer.capacity
  Scenario: No transfer to an opponent holding fewer cards than the table would hold
    Source: transfer paragraph - the next opponent must be able to beat every card, the new one included.
    Given the stock is empty
    And the hands are:
      | seat | hand                |
      | 1    | 7♠ 8♣ 9♦ 10♣ A♠     |
      | 2    | 7♦ 9♠ 10♦ J♦ Q♠ 6♠  |
      | 3    | 10♠                 |
      | 4    | 7♥ J♠ 8♦ Q♦ K♦ A♦   |
    When they play:
      """
      seat 1 attacks with 7♠
      """
    And seat 2 transfers with 7♦
    Then it is rejected because of rule "transfer.capacity"
    And seat 2 may defend or take

  @id:videochess.transfer.next-seat-just-enough @rule:videochess.transfer.capacity
  Scenario: A transfer is allowed when the next opponent holds exactly enough cards
    Source: transfer paragraph - enough cards for every card on the table after the transfer.
    Given the stock is empty
    And the hands are:
      | seat | hand                |
      | 1    | 7♠ 8♣ 9♦ 10♣ A♠ K♠  |
      | 2    | 7♦ 9♠ 10♦ J♦ Q♠ 6♠  |
      | 3    | 10♠ J♣              |
      | 4    | 7♥ J♠ 8♦ Q♦ K♦ A♦   |
    When they play:
      """
      seat 1 attacks with 7♠
      """
    And seat 2 transfers with 7♦
    Then it is accepted
    And seat 3 defends

  @id:videochess.transfer.transferrer-throws-first @rule:videochess.transfer.throws-first @rule:videochess.throw-in.order
  Scenario: After a transfer the transferrer throws in first, ahead of the bout's starter
    Source: transfer paragraph - the player who transferred is first to throw in.
    Given the stock is empty
    And the hands are:
      | seat | hand               |
      | 1    | 7♠ 7♥ 8♣ 9♦        |
      | 2    | 7♦ 7♣ 10♦ J♦       |
      | 3    | 10♠ J♣ Q♣ K♣ A♣    |
      | 4    | J♠ 8♦ Q♦ K♦ 6♣     |
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 transfers with 7♦
      """
    And seat 1 throws in 7♥
    Then it is rejected because of rule "throw-in.order"
    When seat 2 throws in 7♣
    Then it is accepted
    And the table is "7♠ 7♦ 7♣"

  @id:videochess.transfer.new-defender-starts-after-defence @rule:videochess.transfer.target @rule:videochess.next-attacker.after-defence
  Scenario: The seat that beat a transferred bout starts the next one
    Source: transfer paragraph with the next-bout paragraph - the new defender beat everything.
    Given the stock is empty
    And the hands are:
      | seat | hand             |
      | 1    | 7♠ 8♣ 9♦ 10♣     |
      | 2    | 7♦ 9♠ 6♠ Q♠      |
      | 3    | 10♠ J♦ Q♣ K♣     |
      | 4    | J♠ 8♦ Q♦ K♦      |
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 transfers with 7♦
      seat 3 beats 7♠ with 10♠
      seat 3 beats 7♦ with J♦
      seat 2 is done
      seat 1 is done
      seat 4 is done
      """
    Then the bout ends with the cards discarded
    And seat 3 attacks next
    And seat 3 attacks seat 4

  @id:videochess.transfer.new-defender-takes @rule:videochess.transfer.target @rule:videochess.next-attacker.after-take
  Scenario: When the new defender takes, the seat after them starts
    Source: transfer paragraph with the next-bout paragraph - the player after the taker starts.
    Given the stock is empty
    And the hands are:
      | seat | hand             |
      | 1    | 7♠ 8♣ 9♦ 10♣     |
      | 2    | 7♦ 9♠ 6♠ Q♠      |
      | 3    | 10♠ J♦ Q♣ K♣     |
      | 4    | J♠ 8♦ Q♦ K♦      |
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 transfers with 7♦
      seat 3 takes
      seat 2 is done
      seat 1 is done
      seat 4 is done
      """
    Then the bout ends with seat 3 taking the cards
    And seat 3 holds "7♠ 7♦" among others
    And seat 4 attacks next
    And seat 4 attacks seat 1

  @id:videochess.transfer.skips-out-seat @rule:videochess.transfer.target
  Scenario: A transfer passes over a seat that has left the game
    Source: transfer paragraph - the next opponent clockwise still playing defends.
    Given the stock is empty
    And the hands are:
      | seat | hand          |
      | 1    | 7♠ 8♣ A♠ |
      | 2    | 7♦ 9♠         |
      | 3    |               |
      | 4    | J♠ 8♦ Q♦      |
    When they play:
      """
      seat 1 attacks with 7♠
      """
    And seat 2 transfers with 7♦
    Then it is accepted
    And seat 2 attacks seat 4

  @id:videochess.transfer.not-in-throw-in-rules @rule:videochess.transfer.mode
  Scenario: Under the throw-in rules the defender cannot transfer
    Source: mode paragraph - transferring belongs to the transfer rules only.
    Given the option "rules" is "throw_in"
    And the stock, top first, is "8♠ 9♣ 6♥"
    And the hands are:
      | seat | hand                |
      | 1    | 7♠ 8♣ 9♦ 10♣ A♠ K♠ 6♦ |
      | 2    | 7♦ 9♠ 10♦ J♦ Q♠ 6♠  |
      | 3    | 7♣ 10♠ J♣ Q♣ K♣ A♣  |
      | 4    | 7♥ J♠ 8♦ Q♦ K♦ A♦   |
    When they play:
      """
      seat 1 attacks with 7♠
      """
    Then seat 2 may not transfer
    When seat 2 transfers with 7♦
    Then it is rejected because of rule "transfer.mode"

  @id:videochess.transfer.two-players-back-to-attacker @rule:videochess.transfer.target
  Scenario: With two players a transfer sends the bout back to the attacker
    Source: transfer paragraph - the next opponent clockwise of the defender is the attacker.
    Given the stock is empty
    And the hands are:
      | seat | hand              |
      | 1    | 7♠ 8♣ 9♦ 10♣      |
      | 2    | 7♦ 9♠ 10♦ J♦      |
    When they play:
      """
      seat 1 attacks with 7♠
      """
    And seat 2 transfers with 7♦
    Then it is accepted
    And seat 2 attacks seat 1
    And the table is "7♠ 7♦"

  @id:videochess.transfer.new-defender-hand-limits-throw-in @rule:videochess.limits.defender-hand @rule:videochess.transfer.throws-first
  Scenario: After a transfer the new defender's hand limits what the transferrer may add
    Source: limits paragraph with the transfer paragraph - unbeaten cards never outnumber the new defender's hand.
    Given the stock is empty
    And the hands are:
      | seat | hand               |
      | 1    | 7♠ 8♣ 9♦ 10♣       |
      | 2    | 7♦ 7♣ 10♦ J♦       |
      | 3    | 10♠ J♣             |
      | 4    | J♠ 8♦ Q♦ K♦        |
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 transfers with 7♦
      """
    Then the bout limit is 2
    When seat 2 throws in 7♣
    Then it is rejected because of rule "limits.defender-hand"

  @id:videochess.transfer.last-card-goes-out @rule:videochess.end.going-out @rule:videochess.transfer.throws-first @ambiguous @reading:out_timing=immediate
  Scenario: A defender who transfers with their last card and an empty stock is out at once
    Source: end paragraph - an empty hand with no deck leaves the game (profile reading: immediately).
    Given the stock is empty
    And the hands are:
      | seat | hand          |
      | 1    | 7♠ 8♣ 9♦ A♠ |
      | 2    | 7♦            |
      | 3    | 10♠ J♣ Q♣     |
    When they play:
      """
      seat 1 attacks with 7♠
      """
    And seat 2 transfers with 7♦
    Then it is accepted
    And seat 2 is out
    And seat 2 attacks seat 3
    And the game is not over
