Feature: How to play Durak - passing the attack on
  Covers "Passing": rank, timing, one card per pass, the receiver's capacity and the limit,
  passes all round the table, the passer adding cards later, and drawing and leading afterwards.

  Background:
    Given the "howto-durak" profile
    And the option "mode" is "passing"
    And the trump card is 6♥
    And the stock is empty

  @id:howto-durak.transfer.not-at-throw-in-tables @rule:howto-durak.transfer.mode
  Scenario: There is no passing at a Throw-in table
    Source: "Passing" - the Throw-in mode has no passing.
    Given the option "mode" is "throw_in"
    And the hands are:
      | seat | hand             |
      | 1    | 7♠ 8♦ 9♣ K♠ A♠   |
      | 2    | 7♦ 9♠ 10♦ J♣     |
      | 3    | 7♣ 8♠ 10♣ Q♠ J♦  |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      """
    And seat 2 transfers with 7♦
    Then it is rejected because of rule "transfer.mode"
    And seat 2 may not transfer

  @id:howto-durak.transfer.same-rank-passes-on @rule:howto-durak.transfer.rank @rule:howto-durak.transfer.mode
  Scenario: A card of the attacking rank passes the attack to the next player
    Source: "Passing" - a matching-rank card from the defender moves the whole attack to the following seat.
    Given the hands are:
      | seat | hand             |
      | 1    | 7♠ 8♦ 9♣ K♠ A♠   |
      | 2    | 7♦ 9♠ 10♦ J♣     |
      | 3    | 7♣ 8♠ 10♣ Q♠ J♦  |
    And seat 1 attacks first
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
    And seat 2 does not hold "7♦"

  @id:howto-durak.transfer.next-player-defends-everything @rule:howto-durak.transfer.target
  Scenario: A passed attack goes to the next player, who must beat every card on the table
    Source: "Passing" - the pass moves the attack to the following seat, which answers all the table's cards.
    Given the hands are:
      | seat | hand             |
      | 1    | 7♠ 8♦ 9♣ K♠ A♠   |
      | 2    | 7♦ 9♠ 10♦ J♣     |
      | 3    | 8♠ 7♣ Q♠ J♦ A♦   |
      | 4    | 9♦ 10♠ Q♣ K♦     |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 transfers with 7♦
      """
    Then seat 2 attacks seat 3
    And seat 3 may defend, take or transfer
    And seat 4 may not defend
    When they play:
      """
      seat 3 beats 7♠ with 8♠
      """
    Then the bout is still open
    And seat 3 may defend, take
    When they play:
      """
      seat 3 beats 7♦ with J♦
      seat 2 is done
      seat 4 is done
      seat 1 is done
      """
    Then the bout ends with the cards discarded
    And seat 3 attacks next

  @id:howto-durak.transfer.other-rank-refused @rule:howto-durak.transfer.rank
  Scenario: A card of another rank does not pass the attack
    Source: "Passing" - the passing card has the attacking card's rank.
    Given the hands are:
      | seat | hand             |
      | 1    | 7♠ 8♦ 9♣ K♠ A♠   |
      | 2    | 7♦ 9♠ 10♦ J♣     |
      | 3    | 7♣ 8♠ 10♣ Q♠ J♦  |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      """
    And seat 2 transfers with 9♠
    Then it is rejected because of rule "transfer.rank"

  @id:howto-durak.transfer.after-a-beat-refused @rule:howto-durak.transfer.before-beat
  Scenario: Once a card has been beaten the attack can no longer be passed
    Source: "Passing" - a pass is possible only before any beat.
    Given the hands are:
      | seat | hand             |
      | 1    | 7♠ 7♣ 8♦ 9♣ A♠   |
      | 2    | 7♦ 9♠ 10♦ J♣     |
      | 3    | 8♠ 10♣ Q♠ J♦ K♦  |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠ 7♣
      seat 2 beats 7♠ with 9♠
      """
    And seat 2 transfers with 7♦
    Then it is rejected because of rule "transfer.before-beat"

  @id:howto-durak.transfer.after-take-refused @rule:howto-durak.transfer.before-take
  Scenario: After pressing Take the defender can no longer pass
    Source: "Take" - once Take is pressed the defender neither beats nor passes.
    Given the hands are:
      | seat | hand             |
      | 1    | 7♠ 8♦ 9♣ K♠ A♠   |
      | 2    | 7♦ 9♠ 10♦ J♣     |
      | 3    | 7♣ 8♠ 10♣ Q♠ J♦  |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 takes
      """
    And seat 2 transfers with 7♦
    Then it is rejected because of rule "transfer.before-take"

  @id:howto-durak.transfer.one-card-per-pass @rule:howto-durak.transfer.one-card @rule:howto-durak.play.turn
  Scenario: A pass moves one card; the passer cannot pass again to the same player
    Source: "Passing" - each pass uses a single card; then the following seat defends.
    Given the hands are:
      | seat | hand                |
      | 1    | 7♠ 8♦ 9♣ K♠ A♠      |
      | 2    | 7♦ 7♣ 9♠ 10♦ J♣     |
      | 3    | 8♠ 10♣ Q♠ J♦ K♦ A♦  |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 transfers with 7♦
      """
    And seat 2 transfers with 7♣
    Then it is rejected because of rule "play.turn"
    And the table is "7♠ 7♦"

  @id:howto-durak.transfer.capacity-short @rule:howto-durak.transfer.capacity
  Scenario: No passing to a player who holds fewer cards than they would have to beat
    Source: "Passing" - the receiving player needs a card for every card they will face.
    Given the hands are:
      | seat | hand             |
      | 1    | 7♠ 7♣ 8♦ 9♣      |
      | 2    | 7♦ 9♠ 10♦ J♣     |
      | 3    | 8♠ 10♣           |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠ 7♣
      """
    And seat 2 transfers with 7♦
    Then it is rejected because of rule "transfer.capacity"
    And seat 2 may defend, take

  @id:howto-durak.transfer.capacity-exact @rule:howto-durak.transfer.capacity
  Scenario: Passing to a player holding exactly as many cards as they must beat is allowed
    Source: "Passing" - one card per card to beat is sufficient.
    Given the hands are:
      | seat | hand             |
      | 1    | 7♠ 7♣ 8♦ 9♣ A♠   |
      | 2    | 7♦ 9♠ 10♦ J♣     |
      | 3    | 8♠ 10♣ Q♠        |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠ 7♣
      """
    And seat 2 transfers with 7♦
    Then it is accepted
    And seat 2 attacks seat 3
    And the table is "7♠ 7♣ 7♦"

  @id:howto-durak.transfer.new-defender-hand-caps @rule:howto-durak.transfer.capacity @rule:howto-durak.limits.defender-hand
  Scenario: After a pass the new defender's hand caps further throw-ins
    Source: "Passing" - the bout limit still applies, now counted against the new defender.
    Given the hands are:
      | seat | hand             |
      | 1    | 7♠ 7♣ 8♦ 9♣      |
      | 2    | 7♦ 9♠ 10♦ J♣     |
      | 3    | 8♠ 10♣           |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 transfers with 7♦
      """
    And seat 1 throws in 7♣
    Then it is rejected because of rule "limits.defender-hand"
    And the bout limit is 2

  @id:howto-durak.transfer.first-bout-limit-applies @rule:howto-durak.transfer.capacity @rule:howto-durak.limits.first-bout
  Scenario: After a pass in the first bout the five-card limit still holds
    Source: "Passing" - the bout limit (five or six) still applies after a pass.
    Given the first bout has not been played
    And the trump card is A♥
    And the rest of the deck is the stock
    And the hands are:
      | seat | hand                |
      | 1    | 7♠ 8♠ 8♦ 8♣ 9♠ 6♥   |
      | 2    | 7♦ 10♦ J♦ Q♦ K♦ A♦  |
      | 3    | 7♥ 8♥ 9♥ 10♥ J♥ Q♥  |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 transfers with 7♦
      seat 3 beats 7♠ with 8♥
      seat 1 throws in 8♠
      seat 1 throws in 8♦
      seat 1 throws in 8♣
      seat 3 beats 7♦ with 9♥
      """
    And seat 1 throws in 9♠
    Then it is rejected because of rule "limits.first-bout"

  @id:howto-durak.transfer.around-the-table @rule:howto-durak.transfer.around
  Scenario: The attack can be passed on again until it comes back to the first attacker
    Source: "Passing" - the attack may be passed again, even round the whole table.
    Given the hands are:
      | seat | hand             |
      | 1    | 7♠ 8♦ 9♣ K♠ A♠   |
      | 2    | 7♦ 9♠ 10♦ J♣     |
      | 3    | 7♣ 8♠ 10♣ Q♠ J♦  |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 transfers with 7♦
      """
    And seat 3 transfers with 7♣
    Then it is accepted
    And seat 3 attacks seat 1
    And the table is "7♠ 7♦ 7♣"
    And seat 1 may defend, take
    When seat 1 beats 7♣ with K♠
    Then it is rejected because of rule "defence.beat"
    When seat 1 beats 7♦ with 8♦
    Then it is accepted

  @id:howto-durak.transfer.passer-throws-in @rule:howto-durak.transfer.throw-after @rule:howto-durak.throw-in.rank
  Scenario: The player who passed may throw in afterwards, with no priority over the others
    Source: "Passing" - whoever passed can throw in like the other players.
    Given the hands are:
      | seat | hand             |
      | 1    | 7♠ 7♣ 9♣ K♠ A♠   |
      | 2    | 7♦ 9♠ 10♦ 8♣     |
      | 3    | 8♠ 10♣ Q♠ J♦ A♦  |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 transfers with 7♦
      """
    Then seat 1 may throw in
    When they play:
      """
      seat 3 beats 7♠ with 8♠
      """
    And seat 2 throws in 8♣
    Then it is accepted
    And the table is "7♠/8♠ 7♦ 8♣"

  @id:howto-durak.transfer.trump-is-played-not-shown @rule:howto-durak.transfer.no-trump-showing @rule:howto-durak.transfer.rank
  Scenario: Passing with a trump of the attacking rank puts the trump on the table
    Source: "Passing" - a pass is never made by merely showing a trump, so the trump is played.
    Given the hands are:
      | seat | hand             |
      | 1    | 7♠ 8♦ 9♣ K♠ A♠   |
      | 2    | 7♥ 9♠ 10♦ J♣     |
      | 3    | 7♣ 8♠ 10♣ Q♠ J♦  |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      """
    And seat 2 transfers with 7♥
    Then it is accepted
    And the table is "7♠ 7♥"
    And seat 2 does not hold "7♥"
    And seat 3 defends

  @id:howto-durak.transfer.take-draw-order @rule:howto-durak.drawing.order @rule:howto-durak.next-attacker.after-take
  Scenario: After a passed attack is taken the opener draws first and the player left of the taker attacks
    Source: "Drawing cards" - opener first, defender last; "Take" - the taker's left-hand player starts.
    Given the stock, top first, is "A♣ K♣ 6♥"
    And the hands are:
      | seat | hand                  |
      | 1    | 7♠ 7♣ 8♦ 9♣ K♠ Q♦     |
      | 2    | 7♦ 9♠ 10♦ J♣ 10♠ 8♥   |
      | 3    | 8♠ 10♣ Q♠ J♦ 9♦ K♦ A♦ |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠ 7♣
      seat 2 transfers with 7♦
      seat 3 takes
      seat 1 passes
      seat 2 passes
      """
    Then the bout ends with seat 3 taking the cards
    And seat 1 holds exactly "8♦ 9♣ K♠ Q♦ A♣ K♣"
    And seat 2 holds exactly "9♠ 10♦ J♣ 10♠ 8♥ 6♥"
    And seat 3 holds 10 cards
    And the stock holds 0 cards
    And seat 1 attacks next
    And seat 1 attacks seat 2

  @id:howto-durak.transfer.final-defender-leads @rule:howto-durak.next-attacker.after-defence @rule:howto-durak.bout.discard
  Scenario: The player who beats off a passed attack starts the next bout
    Source: "Done" - the successful defender, here the seat passed to, leads next.
    Given the hands are:
      | seat | hand             |
      | 1    | 7♠ 8♦ 9♣ K♠ A♠   |
      | 2    | 7♦ 9♠ 10♦ J♣     |
      | 3    | 8♠ 10♣ Q♠ J♦ A♦  |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 transfers with 7♦
      seat 3 beats 7♠ with 8♠
      seat 3 beats 7♦ with J♦
      seat 1 is done
      seat 2 is done
      """
    Then the bout ends with the cards discarded
    And seat 3 attacks next
    And seat 3 attacks seat 1
