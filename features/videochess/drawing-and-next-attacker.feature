Feature: VideoChess - drawing up and the next bout
  Covers the drawing and next-bout paragraphs of "Durak: rules": everyone refills to six from
  the stock, the bout's attacker first and the defender last, and who opens the following bout.

  Background:
    Given the "videochess" profile
    And the options are "rules=throw_in, teams=solo"
    And the trump card is 6♥

  @id:videochess.drawing.attacker-then-clockwise-defender-last @rule:videochess.drawing.order @rule:videochess.next-attacker.after-defence
  Scenario: A short stock goes to the attacker, then clockwise, and the defender gets what is left
    Source: drawing paragraph - the attacker first, the others clockwise, the defender last.
    Given the stock, top first, is "8♥ 9♥ 10♥ 6♥"
    And the hands are:
      | seat | hand                 |
      | 1    | 7♦ A♠ K♠ Q♠ J♠ 10♠   |
      | 2    | 9♦ A♣ K♣ Q♣ J♣ 8♦    |
      | 3    | 7♣ 6♠ 7♠ 6♦ 6♣ 8♣    |
      | 4    | 9♣ 10♦ J♦ Q♦ K♦ A♦   |
    And seat 3 attacks first
    When they play:
      """
      seat 3 attacks with 7♣
      seat 4 beats 7♣ with 9♣
      seat 3 is done
      seat 1 throws in 7♦
      seat 4 beats 7♦ with 10♦
      seat 2 throws in 9♦
      seat 4 beats 9♦ with J♦
      seat 2 is done
      seat 1 is done
      seat 3 is done
      """
    Then the bout ends with the cards discarded
    And seat 3 holds "8♥" among others
    And seat 1 holds "9♥" among others
    And seat 2 holds "10♥" among others
    And seat 4 holds exactly "Q♦ K♦ A♦ 6♥"
    And the stock holds 0 cards
    And seat 4 attacks next
    And seat 4 attacks seat 1

  @id:videochess.drawing.up-to-six-only @rule:videochess.drawing.order @rule:videochess.next-attacker.after-take
  Scenario: A taker holding more than six draws nothing; two players: the attacker leads again
    Source: drawing paragraph - refill up to six; next-bout paragraph - after a take the next seat clockwise starts.
    Given the stock, top first, is "8♦ 9♦ 10♦ 6♥"
    And the hands are:
      | seat | hand                 |
      | 1    | 7♠ 8♠ 9♠ 10♠ J♠ Q♠   |
      | 2    | 6♣ 7♣ 8♣ 9♣ 10♣ J♣   |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 takes
      seat 1 is done
      """
    Then the bout ends with seat 2 taking the cards
    And seat 1 holds exactly "8♠ 9♠ 10♠ J♠ Q♠ 8♦"
    And seat 2 holds 7 cards
    And the stock, top first, is "9♦ 10♦ 6♥"
    And seat 1 attacks next

  @id:videochess.drawing.everyone-refills @rule:videochess.drawing.order
  Scenario: With a full stock every player is back to six cards
    Source: drawing paragraph - each player draws up to six.
    Given the stock, top first, is "8♠ 10♦ 10♣ 7♥ 8♥ 9♥ 10♥ 6♥"
    And the hands are:
      | seat | hand                 |
      | 1    | 7♦ A♠ K♠ Q♠ J♠ 10♠   |
      | 2    | 9♦ A♣ K♣ Q♣ J♣ 8♦    |
      | 3    | 7♣ 6♠ 7♠ 6♦ 6♣ 8♣    |
      | 4    | 9♣ 9♠ J♦ Q♦ K♦ A♦    |
    And seat 3 attacks first
    When they play:
      """
      seat 3 attacks with 7♣
      seat 4 beats 7♣ with 9♣
      seat 3 throws in 7♠
      seat 4 beats 7♠ with 9♠
      seat 3 is done
      seat 1 is done
      seat 2 is done
      """
    Then the bout ends with the cards discarded
    And seat 1 holds 6 cards
    And seat 2 holds 6 cards
    And seat 3 holds 6 cards
    And seat 4 holds 6 cards
    And the stock holds 4 cards

  @id:videochess.next-attacker.take-passes-to-next-seat @rule:videochess.next-attacker.after-take @rule:videochess.attack.target
  Scenario: After a take the seat after the defender opens against the seat after it
    Source: next-bout paragraph - the player clockwise after the one who took starts.
    Given the stock is empty
    And the hands are:
      | seat | hand              |
      | 1    | 7♠ 8♣ 9♦          |
      | 2    | 6♠ 10♦ J♦ Q♣      |
      | 3    | 8♠ 10♠            |
      | 4    | J♠ 8♦ K♣          |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 takes
      seat 1 is done
      seat 3 is done
      seat 4 is done
      """
    Then the bout ends with seat 2 taking the cards
    And seat 3 attacks next
    And seat 3 attacks seat 4

  @id:videochess.next-attacker.three-seats-wraps @rule:videochess.next-attacker.after-take @rule:videochess.next-attacker.after-defence
  Scenario: In a three-seat game the turn to start goes round the corner
    Source: next-bout paragraph - a defender who took is passed over; one who beat everything starts.
    Given the stock, top first, is "Q♦ K♦ A♦ 10♥ J♥ Q♥ K♥ A♥ 9♥ 6♥"
    And the hands are:
      | seat | hand                 |
      | 1    | 6♣ 7♣ 8♦ 9♦ 10♦ J♦   |
      | 2    | 7♦ 8♠ 9♠ 10♠ J♠ Q♠   |
      | 3    | 8♣ 9♣ 10♣ J♣ Q♣ K♣   |
    And seat 3 attacks first
    When they play:
      """
      seat 3 attacks with 8♣
      seat 1 takes
      seat 3 is done
      seat 2 is done
      """
    Then the bout ends with seat 1 taking the cards
    And seat 2 attacks next
    And seat 2 attacks seat 3
    When they play:
      """
      seat 2 attacks with 7♦
      seat 3 beats 7♦ with Q♦
      seat 2 is done
      seat 1 is done
      """
    Then the bout ends with the cards discarded
    And seat 3 attacks next
    And seat 3 attacks seat 1

  @id:videochess.drawing.after-transfer-transferrer-first @rule:videochess.drawing.order @ambiguous @reading:first_to_draw=attacker
  Scenario: After a transfer at four seats the one who transferred draws first, then clockwise, the defender last
    Source: drawing paragraph - the attacker draws first; after a transfer the one who transferred takes the starter's place (profile reading).
    Given the options are "rules=transfer, teams=solo"
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
      seat 4 throws in 7♠
      seat 3 takes
      seat 2 is done
      seat 1 is done
      seat 4 is done
      """
    Then the bout ends with seat 3 taking the cards
    And seat 2 holds "8♥" among others
    And seat 4 holds "9♥" among others
    And seat 1 holds "6♥" among others
    And the stock holds 0 cards

  @id:videochess.drawing.after-transfer-starter-first @rule:videochess.drawing.order @ambiguous @reading:first_to_draw=starter
  Scenario: Read the other way, after a transfer at four seats the player who started the bout draws first
    Source: drawing paragraph - the attacker draws first, read as the player who started the bout (the other reading).
    Given the options are "rules=transfer, teams=solo"
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
      seat 4 throws in 7♠
      seat 3 takes
      seat 2 is done
      seat 1 is done
      seat 4 is done
      """
    Then the bout ends with seat 3 taking the cards
    And seat 1 holds "8♥" among others
    And seat 2 holds "9♥" among others
    And seat 4 holds "6♥" among others
    And the stock holds 0 cards

  @id:videochess.drawing.pairs-after-transfer-transferrer-first @rule:videochess.drawing.order @rule:videochess.throw-in.who @ambiguous @reading:first_to_draw=attacker
  Scenario: In pairs after a transfer the one who transferred draws first, then clockwise past the partner, the defender last
    Source: drawing paragraph with the pairs paragraphs - the attacker (here the one who transferred, profile reading) first, clockwise, defender at the end.
    Given the options are "rules=transfer, teams=pairs"
    And the stock, top first, is "8♥ 9♥ 10♥ 6♥"
    And the hands are:
      | seat | hand                     |
      | 1    | 7♣ A♠ K♠ Q♠ J♠ 10♠       |
      | 2    | 7♦ A♣ K♣ Q♣ J♣ 10♣       |
      | 3    | 9♠ 9♣ 9♦ 10♦ J♦ Q♦ 6♣ 8♣ |
      | 4    | 6♠ 8♠ 8♦ K♦ 7♠ A♦        |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♣
      seat 2 transfers with 7♦
      seat 3 beats 7♣ with 9♣
      seat 3 beats 7♦ with 9♦
      seat 2 is done
      seat 4 throws in 7♠
      seat 3 beats 7♠ with 9♠
      seat 2 is done
      """
    And seat 4 is done
    Then it is accepted
    And the bout ends with the cards discarded
    And seat 2 holds exactly "A♣ K♣ Q♣ J♣ 10♣ 8♥"
    And seat 4 holds exactly "6♠ 8♠ 8♦ K♦ A♦ 9♥"
    And seat 1 holds exactly "A♠ K♠ Q♠ J♠ 10♠ 10♥"
    And seat 3 holds exactly "10♦ J♦ Q♦ 6♣ 8♣ 6♥"
    And the stock holds 0 cards
    And seat 3 attacks next

  @id:videochess.drawing.pairs-after-transfer-starter-first @rule:videochess.drawing.order @rule:videochess.throw-in.who @ambiguous @reading:first_to_draw=starter
  Scenario: Read the other way, in pairs after a transfer the player who started draws first, then clockwise, the defender last
    Source: drawing paragraph with the pairs paragraphs - the attacker read as the bout's starter (the other reading), clockwise, defender at the end.
    Given the options are "rules=transfer, teams=pairs"
    And the stock, top first, is "8♥ 9♥ 10♥ 6♥"
    And the hands are:
      | seat | hand                     |
      | 1    | 7♣ A♠ K♠ Q♠ J♠ 10♠       |
      | 2    | 7♦ A♣ K♣ Q♣ J♣ 10♣       |
      | 3    | 9♠ 9♣ 9♦ 10♦ J♦ Q♦ 6♣ 8♣ |
      | 4    | 6♠ 8♠ 8♦ K♦ 7♠ A♦        |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♣
      seat 2 transfers with 7♦
      seat 3 beats 7♣ with 9♣
      seat 3 beats 7♦ with 9♦
      seat 2 is done
      seat 4 throws in 7♠
      seat 3 beats 7♠ with 9♠
      seat 2 is done
      """
    And seat 4 is done
    Then it is accepted
    And the bout ends with the cards discarded
    And seat 1 holds exactly "A♠ K♠ Q♠ J♠ 10♠ 8♥"
    And seat 2 holds exactly "A♣ K♣ Q♣ J♣ 10♣ 9♥"
    And seat 4 holds exactly "6♠ 8♠ 8♦ K♦ A♦ 10♥"
    And seat 3 holds exactly "10♦ J♦ Q♦ 6♣ 8♣ 6♥"
    And the stock holds 0 cards
    And seat 3 attacks next
