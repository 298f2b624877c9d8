Feature: How to play Durak - throwing in, Done and the end of a defended bout
  Covers "Throwing in" (matching ranks, All or Neighbours, adding at any moment of an open bout)
  and "Done" (when throwers may finish, the discard, the bout ending by itself).

  Background:
    Given the "howto-durak" profile
    And the trump card is 6♥
    And the stock is empty

  @id:howto-durak.throw-in.attack-rank @rule:howto-durak.throw-in.rank
  Scenario: Another player throws in a card of the attacking card's rank
    Source: "Throwing in" - an added card needs a rank that is already showing.
    Given the hands are:
      | seat | hand                |
      | 1    | 7♠ 9♣ K♠ 8♦         |
      | 2    | 9♠ 10♦ J♣ Q♦ 7♣ 8♥  |
      | 3    | 7♦ 9♦ 8♣ Q♠         |
      | 4    | 10♣ 9♥ 10♥ J♦       |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      """
    And seat 3 throws in 7♦
    Then it is accepted
    And the table is "7♠ 7♦"

  @id:howto-durak.throw-in.defence-rank @rule:howto-durak.throw-in.rank
  Scenario: A card may match the rank of a beating card too
    Source: "Throwing in" - attacking or defending cards both count.
    Given the hands are:
      | seat | hand                |
      | 1    | 7♠ 9♣ K♠ 8♦         |
      | 2    | 9♠ 10♦ J♣ Q♦ 7♣ 8♥  |
      | 3    | 7♦ 9♦ 8♣ Q♠         |
      | 4    | 10♣ 9♥ 10♥ J♦       |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      """
    And seat 3 throws in 9♦
    Then it is accepted
    And the table is "7♠/9♠ 9♦"

  @id:howto-durak.throw-in.not-before-the-opening @rule:howto-durak.play.turn @rule:howto-durak.throw-in.any-time
  Scenario: Nobody throws in before the attacker has opened the bout
    Source: "Throwing in" - cards are added while a bout is open, not before its first card.
    Given the hands are:
      | seat | hand                |
      | 1    | 7♠ 9♣ K♠ 8♦         |
      | 2    | 9♠ 10♦ J♣ Q♦ 7♣ 8♥  |
      | 3    | 7♦ 9♦ 8♣ Q♠         |
      | 4    | 10♣ 9♥ 10♥ J♦       |
    And seat 1 attacks first
    When seat 3 throws in 7♦
    Then it is rejected because of rule "play.turn"
    And the table is empty

  @id:howto-durak.throw-in.rank-not-on-table @rule:howto-durak.throw-in.rank
  Scenario: A card whose rank is not on the table cannot be thrown in
    Source: "Throwing in" - only ranks already on the table.
    Given the hands are:
      | seat | hand                |
      | 1    | 7♠ 9♣ K♠ 8♦         |
      | 2    | 9♠ 10♦ J♣ Q♦ 7♣ 8♥  |
      | 3    | 7♦ 9♦ 8♣ Q♠         |
      | 4    | 10♣ 9♥ 10♥ J♦       |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      """
    And seat 3 throws in 8♣
    Then it is rejected because of rule "throw-in.rank"

  @id:howto-durak.throw-in.not-the-defender @rule:howto-durak.throw-in.who
  Scenario: The defender does not throw in
    Source: "Throwing in" - the other players add cards, never the defender.
    Given the hands are:
      | seat | hand                |
      | 1    | 7♠ 9♣ K♠ 8♦         |
      | 2    | 9♠ 10♦ J♣ Q♦ 7♣ 8♥  |
      | 3    | 7♦ 9♦ 8♣ Q♠         |
      | 4    | 10♣ 9♥ 10♥ J♦       |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      """
    And seat 2 throws in 7♣
    Then it is rejected because of rule "throw-in.who"

  @id:howto-durak.throw-in.all-far-seat @rule:howto-durak.throw-in.who
  Scenario: With All the seat opposite the defender throws in
    Source: "Throwing in" - All: anyone but the defender adds cards.
    Given the option "throw_in" is "all"
    And the hands are:
      | seat | hand                |
      | 1    | 7♠ 9♣ K♠ 8♦         |
      | 2    | 9♠ 10♦ J♣ Q♦ 7♣ 8♥  |
      | 3    | 7♦ 9♦ 8♣ Q♠         |
      | 4    | 10♣ 9♥ 10♥ J♦       |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      """
    And seat 4 throws in 9♥
    Then it is accepted
    And the table is "7♠/9♠ 9♥"

  @id:howto-durak.throw-in.neighbours-far-seat-refused @rule:howto-durak.throw-in.who
  Scenario: With Neighbours the seat opposite the defender may not throw in
    Source: "Throwing in" - Neighbours: only the two seats beside the defender.
    Given the option "throw_in" is "neighbours"
    And the hands are:
      | seat | hand                |
      | 1    | 7♠ 9♣ K♠ 8♦         |
      | 2    | 9♠ 10♦ J♣ Q♦ 7♣ 8♥  |
      | 3    | 7♦ 9♦ 8♣ Q♠         |
      | 4    | 10♣ 9♥ 10♥ J♦       |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      """
    And seat 4 throws in 9♥
    Then it is rejected because of rule "throw-in.who"
    And seat 4 may not throw in

  @id:howto-durak.throw-in.neighbours-left-seat @rule:howto-durak.throw-in.who
  Scenario: With Neighbours the player on the defender's left throws in
    Source: "Throwing in" - Neighbours: the seats either side of the defender.
    Given the option "throw_in" is "neighbours"
    And the hands are:
      | seat | hand                |
      | 1    | 7♠ 9♣ K♠ 8♦         |
      | 2    | 9♠ 10♦ J♣ Q♦ 7♣ 8♥  |
      | 3    | 7♦ 9♦ 8♣ Q♠         |
      | 4    | 10♣ 9♥ 10♥ J♦       |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      seat 1 throws in 9♣
      """
    And seat 3 throws in 9♦
    Then it is accepted
    And the table is "7♠/9♠ 9♣ 9♦"

  @id:howto-durak.throw-in.neighbours-after-a-seat-left @rule:howto-durak.throw-in.who @rule:howto-durak.end.going-out
  Scenario: With Neighbours the next seat still playing counts as a neighbour
    Source: "Throwing in" - Neighbours; the profile reads them as the nearest players still in the game.
    Given the option "throw_in" is "neighbours"
    And the hands are:
      | seat | hand                |
      | 1    | 7♠ 9♣ K♠ 8♦         |
      | 2    | 9♠ 10♦ J♣ Q♦ 7♣ 8♥  |
      | 3    |                     |
      | 4    | 10♣ 9♥ 10♥ J♦       |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      """
    And seat 4 throws in 9♥
    Then it is accepted
    And seat 3 is out

  @id:howto-durak.throw-in.before-the-beat @rule:howto-durak.throw-in.any-time
  Scenario: Cards may be thrown in while the attack is still unbeaten, by several players
    Source: "Throwing in" - adding is allowed at any moment of an open bout, by more than one player.
    Given the hands are:
      | seat | hand                |
      | 1    | 7♠ 9♣ K♠ 8♦ A♦      |
      | 2    | 9♠ 10♦ J♣ Q♦ 7♣ 8♥  |
      | 3    | 7♦ 9♦ 8♣ Q♠         |
      | 4    | 10♣ 9♥ 10♥ J♦ 7♥    |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 3 throws in 7♦
      """
    And seat 4 throws in 7♥
    Then it is accepted
    And the table is "7♠ 7♦ 7♥"
    And seat 2 may defend, take

  @id:howto-durak.throw-in.first-counts @rule:howto-durak.throw-in.any-time @rule:howto-durak.limits.defender-hand
  Scenario: When two players race for the last place the first card counts
    Source: "Throwing in" - the earlier card takes the last place; the bout's limit holds.
    Given the hands are:
      | seat | hand          |
      | 1    | 7♠ 9♣ K♠ 8♦   |
      | 2    | 9♠ 10♦        |
      | 3    | 7♦ 9♦ 8♣ Q♠   |
      | 4    | 10♣ 7♥ 10♥ J♦ |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 3 throws in 7♦
      """
    And seat 4 throws in 7♥
    Then it is rejected because of rule "limits.defender-hand"
    And the table is "7♠ 7♦"

  @id:howto-durak.done.not-while-unbeaten @rule:howto-durak.done.when
  Scenario: Nobody presses Done while a card is still unbeaten
    Source: "Done" - the decision comes once every attacking card is beaten.
    Given the hands are:
      | seat | hand                |
      | 1    | 7♠ 9♣ K♠ 8♦         |
      | 2    | 9♠ 10♦ J♣ Q♦ 7♣ 8♥  |
      | 3    | 7♦ 9♦ 8♣ Q♠         |
      | 4    | 10♣ 9♥ 10♥ J♦       |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      """
    And seat 1 is done
    Then it is rejected because of rule "done.when"

  @id:howto-durak.done.everyone-done-discards @rule:howto-durak.done.when @rule:howto-durak.bout.discard @rule:howto-durak.next-attacker.after-defence
  Scenario: When every thrower presses Done the beaten cards are discarded
    Source: "Done" - once every thrower is done the cards are discarded and the defender leads.
    Given the hands are:
      | seat | hand                |
      | 1    | 7♠ 9♣ K♠ 8♦         |
      | 2    | 9♠ 10♦ J♣ Q♦ 7♣ 8♥  |
      | 3    | 7♦ 9♦ 8♣ Q♠         |
      | 4    | 10♣ 9♥ 10♥ J♦       |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      seat 1 is done
      seat 3 is done
      """
    Then the bout is still open
    When seat 4 is done
    Then it is accepted
    And the bout ends with the cards discarded
    And the discard pile holds 2 more cards
    And seat 2 attacks next

  @id:howto-durak.done.new-card-reopens @rule:howto-durak.done.when @rule:howto-durak.throw-in.any-time
  Scenario: A new card cancels the Done already pressed
    Source: "Done" - the bout ends when everyone is done; a fresh card reopens the choice (profile's reading).
    Given the hands are:
      | seat | hand                |
      | 1    | 7♠ 9♣ K♠ 8♦         |
      | 2    | 9♠ 10♦ J♣ Q♦ 7♣ 8♥  |
      | 3    | 7♦ 9♦ 8♣ Q♠         |
      | 4    | 10♣ 9♥ 10♥ J♦       |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      seat 1 is done
      seat 3 throws in 7♦
      seat 2 beats 7♦ with 10♦
      seat 3 is done
      seat 4 is done
      """
    Then the bout is still open
    And seat 1 may throw in
    When seat 1 throws in 9♣
    Then it is accepted

  @id:howto-durak.bout.defender-out-of-cards @rule:howto-durak.bout.auto-close
  Scenario: The bout ends at once when the defender has no cards left
    Source: "Done" - a defender who runs out of cards ends the bout without waiting for Done.
    Given the stock, top first, is "A♠ K♣ Q♣ J♥ 10♥ 9♥ 8♥ 6♥"
    And the hands are:
      | seat | hand                 |
      | 1    | 7♠ 7♦ 7♣ 8♠ 9♣ K♠    |
      | 2    | 9♠ 10♦ 8♣ 10♠ J♦ A♣  |
      | 3    | 9♦ 8♦ Q♠ 10♣ J♣ Q♦   |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠ 7♦ 7♣
      seat 2 beats 7♠ with 9♠
      seat 2 beats 7♦ with 10♦
      seat 2 beats 7♣ with 8♣
      seat 3 throws in 9♦
      seat 2 beats 9♦ with J♦
      seat 1 throws in 8♠
      seat 2 beats 8♠ with 10♠
      seat 3 throws in 10♣
      """
    And seat 2 beats 10♣ with A♣
    Then it is accepted
    And the bout ends with the cards discarded
    And seat 2 attacks next

  @id:howto-durak.throw-in.deck-24-neighbours-four-seats @rule:howto-durak.throw-in.who
  Scenario: With the 24-card deck at its full four seats Neighbours keeps the opposite seat out
    Source: "Throwing in" - Neighbours; "The cards" - the short deck (nines up) seats four at most, so one seat faces the defender.
    Given the options are "deck=24, throw_in=neighbours"
    And the trump card is 9♥
    And the hands are:
      | seat | hand          |
      | 1    | 9♠ J♣ K♠      |
      | 2    | 10♠ 10♣ Q♦ A♣ |
      | 3    | 9♦ Q♠ K♣      |
      | 4    | 10♦ 9♣        |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 9♠
      seat 2 beats 9♠ with 10♠
      """
    And seat 4 throws in 10♦
    Then it is rejected because of rule "throw-in.who"
    And seat 4 may not throw in
    When seat 3 throws in 9♦
    Then it is accepted
    And the table is "9♠/10♠ 9♦"

  @id:howto-durak.throw-in.deck-24-all-four-seats @rule:howto-durak.throw-in.who
  Scenario: With the 24-card deck and All the opposite seat throws in but the defender does not
    Source: "Throwing in" - All: every seat but the defender's, here at a four-seat table of the short deck.
    Given the options are "deck=24, throw_in=all"
    And the trump card is 9♥
    And the hands are:
      | seat | hand          |
      | 1    | 9♠ J♣ K♠      |
      | 2    | 10♠ 10♣ Q♦ A♣ |
      | 3    | 9♦ Q♠ K♣      |
      | 4    | 10♦ 9♣        |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 9♠
      seat 2 beats 9♠ with 10♠
      """
    And seat 2 throws in 10♣
    Then it is rejected because of rule "throw-in.who"
    When seat 4 throws in 10♦
    Then it is accepted
    And the table is "9♠/10♠ 10♦"

  @id:howto-durak.throw-in.deck-52-all-six-seats-low-ranks @rule:howto-durak.throw-in.who @rule:howto-durak.throw-in.rank
  Scenario: With the 52-card deck at six seats a far seat throws in a four, a five is refused
    Source: "Throwing in" - All and matching ranks; "The cards" - only the full deck has twos to fives, and it seats six.
    Given the options are "deck=52, throw_in=all"
    And the trump card is A♥
    And the hands are:
      | seat | hand      |
      | 1    | 2♠ 3♣     |
      | 2    | 4♠ 2♣ 7♦  |
      | 3    | 2♦ K♦ 6♠  |
      | 4    | 9♠ 4♣     |
      | 5    | 4♦ Q♣     |
      | 6    | 5♦ 2♥     |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 2♠
      seat 2 beats 2♠ with 4♠
      """
    And seat 2 throws in 2♣
    Then it is rejected because of rule "throw-in.who"
    When seat 6 throws in 5♦
    Then it is rejected because of rule "throw-in.rank"
    When seat 5 throws in 4♦
    Then it is accepted
    And the table is "2♠/4♠ 4♦"

  @id:howto-durak.throw-in.deck-52-neighbours-six-seats @rule:howto-durak.throw-in.who
  Scenario: With the 52-card deck at six seats Neighbours refuses the three seats away from the defender
    Source: "Throwing in" - Neighbours: just the seats either side of the defender; the full deck seats six.
    Given the options are "deck=52, throw_in=neighbours"
    And the trump card is A♥
    And the hands are:
      | seat | hand      |
      | 1    | 2♠ 3♣     |
      | 2    | 4♠ 2♣ 7♦  |
      | 3    | 2♦ K♦ 6♠  |
      | 4    | 9♠ 4♣     |
      | 5    | 4♦ Q♣     |
      | 6    | 5♦ 2♥     |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 2♠
      seat 2 beats 2♠ with 4♠
      """
    And seat 5 throws in 4♦
    Then it is rejected because of rule "throw-in.who"
    When seat 4 throws in 4♣
    Then it is rejected because of rule "throw-in.who"
    When seat 6 throws in 2♥
    Then it is rejected because of rule "throw-in.who"
    When seat 3 throws in 2♦
    Then it is accepted
    And the table is "2♠/4♠ 2♦"
