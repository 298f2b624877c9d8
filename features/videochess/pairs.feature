Feature: VideoChess - playing in pairs
  Covers the teams paragraphs of "Durak: rules" in pairs: partners sit across (1+3 against 2+4),
  attacks and transfers skip the partner, who never throws in; the first pair fully out wins.

  Background:
    Given the "videochess" profile
    And the options are "rules=throw_in, teams=pairs"
    And the trump card is 6♥

  @id:videochess.pairs.partner-may-not-throw-in @rule:videochess.throw-in.who @rule:videochess.pairs.partners
  Scenario: The defender's partner may not throw in, even with a matching rank
    Source: throwing-in paragraph, pairs - only the defender's opponents throw in.
    Given the stock is empty
    And the hands are:
      | seat | hand          |
      | 1    | 7♠ 8♣ A♣      |
      | 2    | 9♠ 10♦ J♦     |
      | 3    | 7♣ 10♠        |
      | 4    | 7♦ J♠         |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      seat 1 is done
      """
    Then seat 4 may not throw in
    When seat 4 throws in 7♦
    Then it is rejected because of rule "throw-in.who"

  @id:videochess.pairs.attackers-partner-throws-in @rule:videochess.throw-in.who @rule:videochess.pairs.partners
  Scenario: The attacker's partner, an opponent of the defender, may throw in
    Source: throwing-in paragraph, pairs - the defender's opponents throw in, after the starter.
    Given the stock is empty
    And the hands are:
      | seat | hand          |
      | 1    | 7♠ 8♣ A♣      |
      | 2    | 9♠ 10♦ J♦     |
      | 3    | 7♣ 10♠        |
      | 4    | 7♦ J♠         |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      seat 1 is done
      """
    And seat 3 throws in 7♣
    Then it is accepted
    And the table is "7♠/9♠ 7♣"

  @id:videochess.pairs.discard-without-partner @rule:videochess.bout.discard @rule:videochess.throw-in.who
  Scenario: The table is discarded once the defender's two opponents are done
    Source: bout-end paragraph with the pairs throwing-in rule - the partner is not a thrower.
    Given the stock is empty
    And the hands are:
      | seat | hand          |
      | 1    | 7♠ 8♣ A♣      |
      | 2    | 9♠ 10♦ J♦     |
      | 3    | 7♣ 10♠        |
      | 4    | 7♦ J♠         |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      seat 1 is done
      """
    And seat 3 is done
    Then it is accepted
    And the bout ends with the cards discarded

  @id:videochess.pairs.attack-skips-partner @rule:videochess.pairs.skip-partner @rule:videochess.attack.target
  Scenario: With the next opponent out, the attack passes over the partner to the other opponent
    Source: partners paragraph - an attack passes over the partner to the next opponent.
    Given the stock is empty
    And the hands are:
      | seat | hand      |
      | 1    | 7♠ 8♦     |
      | 2    |           |
      | 3    | 9♠ 6♣     |
      | 4    | 10♠ 7♣    |
    And seat 1 attacks first
    Then seat 2 is out
    And seat 1 attacks seat 4

  @id:videochess.pairs.defender-starts-skipping-partner @rule:videochess.pairs.skip-partner @rule:videochess.next-attacker.after-defence
  Scenario: A defender who beat everything starts the next bout against an opponent, not the partner
    Source: next-bout and partners paragraphs - the defender starts; the partner is skipped.
    Given the stock is empty
    And the hands are:
      | seat | hand          |
      | 1    | 7♠ 8♣ 9♦      |
      | 2    | 9♠ 10♦ J♦     |
      | 3    |               |
      | 4    | 7♦ J♠         |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      seat 1 is done
      """
    Then the bout ends with the cards discarded
    And seat 2 attacks next
    And seat 2 attacks seat 1

  @id:videochess.pairs.after-take-next-seat @rule:videochess.next-attacker.after-take @rule:videochess.pairs.partners
  Scenario: After a take the seat after the defender starts against its own opponent
    Source: next-bout paragraph - the next player clockwise after the taker starts.
    Given the stock is empty
    And the hands are:
      | seat | hand          |
      | 1    | 7♠ 8♣ A♣      |
      | 2    | 6♠ 10♦ J♦     |
      | 3    | 8♠ 10♠        |
      | 4    | 7♦ J♠         |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 takes
      seat 1 is done
      seat 3 is done
      """
    Then the bout ends with seat 2 taking the cards
    And seat 3 attacks next
    And seat 3 attacks seat 4

  @id:videochess.pairs.first-pair-out-wins @rule:videochess.pairs.result
  Scenario: The pair whose second player goes out first wins while the other pair still holds cards
    Source: pairs result paragraph - the pair with both players out first wins.
    Given the stock is empty
    And the hands are:
      | seat | hand      |
      | 1    |           |
      | 2    | J♠ Q♦ K♣  |
      | 3    | 7♣        |
      | 4    | 9♣ 8♦     |
    And seat 3 attacks first
    When they play:
      """
      seat 3 attacks with 7♣
      seat 4 beats 7♣ with 9♣
      """
    Then the game is over
    And the pair of seats 1 and 3 wins

  @id:videochess.pairs.both-pairs-out-draw @rule:videochess.pairs.result
  Scenario: Both pairs completing in the same bout is a draw
    Source: pairs result paragraph - both pairs out at the same time: a draw.
    Given the stock is empty
    And the hands are:
      | seat | hand  |
      | 1    |       |
      | 2    |       |
      | 3    | 7♣    |
      | 4    | 9♣    |
    And seat 3 attacks first
    When they play:
      """
      seat 3 attacks with 7♣
      seat 4 beats 7♣ with 9♣
      """
    Then the game is over
    And the game is a draw between the pairs

  @id:videochess.pairs.one-partner-out-game-goes-on @rule:videochess.pairs.result @rule:videochess.end.going-out
  Scenario: One partner going out does not decide the game
    Source: pairs result paragraph - a pair wins only when both its players are out.
    Given the stock is empty
    And the hands are:
      | seat | hand          |
      | 1    | 7♠            |
      | 2    | 9♠ 10♦ J♦     |
      | 3    | 8♣ K♣         |
      | 4    | 7♦ J♠         |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      seat 3 is done
      """
    Then seat 1 is out
    And the game is not over
    And seat 2 attacks seat 3

  @id:videochess.pairs.transfer-skips-partner @rule:videochess.pairs.skip-partner @rule:videochess.transfer.target
  Scenario: Under transfer rules a transfer passes over the partner to the next opponent
    Source: partners paragraph - transfers go only to opponents; the partner is skipped.
    Given the option "rules" is "transfer"
    And the stock is empty
    And the hands are:
      | seat | hand          |
      | 1    | 7♠ 8♦ 9♦ A♠ |
      | 2    | 7♦ 10♣        |
      | 3    |               |
      | 4    | 9♠ 6♣         |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      """
    And seat 2 transfers with 7♦
    Then it is accepted
    And seat 2 attacks seat 1
    And seat 1 defends

  @id:videochess.pairs.transfer-to-opponent @rule:videochess.pairs.skip-partner @rule:videochess.transfer.target
  Scenario: Under transfer rules with everyone in, each transfer goes to the transferrer's next opponent
    Source: transfer paragraph - the next opponent clockwise defends.
    Given the option "rules" is "transfer"
    And the stock is empty
    And the hands are:
      | seat | hand          |
      | 1    | 7♠ 8♣ A♣      |
      | 2    | 7♦ 10♦ J♦     |
      | 3    | 7♣ 10♠ Q♦     |
      | 4    | 9♣ J♠ 8♦      |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 transfers with 7♦
      """
    Then seat 2 attacks seat 3
    When seat 3 transfers with 7♣
    Then it is accepted
    And seat 3 attacks seat 4
    And the table is "7♠ 7♦ 7♣"
