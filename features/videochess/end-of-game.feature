Feature: VideoChess - going out and the end of a solo game
  Covers the end-of-game paragraphs of "Durak: rules": with the stock gone an empty hand leaves
  the game, the last player holding cards is the durak, and running out together is a draw.

  Background:
    Given the "videochess" profile
    And the options are "rules=throw_in, teams=solo"
    And the trump card is 6♥

  @id:videochess.end.out-mid-bout @rule:videochess.end.going-out @rule:videochess.throw-in.order @ambiguous @reading:out_timing=immediate
  Scenario: A thrower who plays their last card with the stock gone is out at once, and the bout goes on
    Source: end paragraph - an empty hand with an empty deck leaves the game (profile reading: immediately).
    Given the stock is empty
    And the hands are:
      | seat | hand         |
      | 1    | 7♠ 7♦        |
      | 2    | 9♠ 10♦ J♦    |
      | 3    | 8♣ K♣ A♣     |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 1 throws in 7♦
      """
    Then seat 1 is out
    And the bout is still open
    When they play:
      """
      seat 2 beats 7♠ with 9♠
      seat 2 beats 7♦ with 10♦
      seat 3 is done
      """
    Then the bout ends with the cards discarded
    And the game is not over
    And seat 2 attacks next
    And seat 2 attacks seat 3

  @id:videochess.end.out-when-the-bout-ends @rule:videochess.end.going-out @ambiguous @reading:out_timing=bout_end
  Scenario: Read the other way, a thrower who plays their last card stays in until the bout ends
    Source: end paragraph - an empty hand with an empty deck leaves the game (the other reading: checked when the bout closes).
    Given the stock is empty
    And the hands are:
      | seat | hand         |
      | 1    | 7♠ 7♦        |
      | 2    | 9♠ 10♦ J♦    |
      | 3    | 8♣ K♣ Q♣     |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 1 throws in 7♦
      """
    Then seat 1 is still in the game
    And the bout is still open
    When they play:
      """
      seat 2 beats 7♠ with 9♠
      seat 2 beats 7♦ with 10♦
      seat 3 is done
      """
    Then the bout ends with the cards discarded
    And seat 1 is out
    And the game is not over

  @id:videochess.end.empty-hand-refills-from-stock @rule:videochess.end.going-out @rule:videochess.drawing.order
  Scenario: A player who empties their hand while the stock lasts draws again and stays in
    Source: end paragraph - leaving needs the deck to be empty as well.
    Given the stock, top first, is "K♦ A♦ 6♥"
    And the hands are:
      | seat | hand                    |
      | 1    | 7♠ 7♦ 7♣ 7♥ 8♦ 8♣       |
      | 2    | 8♠ 9♦ 9♣ A♥ 10♦ 10♣ Q♠  |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 1 throws in 7♦
      seat 1 throws in 7♣
      seat 1 throws in 7♥
      seat 2 beats 7♠ with 8♠
      seat 1 throws in 8♦
      seat 1 throws in 8♣
      """
    Then seat 1 has no cards
    And seat 1 is still in the game
    When they play:
      """
      seat 2 beats 7♦ with 9♦
      seat 2 beats 7♣ with 9♣
      seat 2 beats 7♥ with A♥
      seat 2 beats 8♦ with 10♦
      seat 2 beats 8♣ with 10♣
      """
    Then the bout ends with the cards discarded
    And seat 1 is still in the game
    And seat 1 holds exactly "K♦ A♦ 6♥"
    And the game is not over

  @id:videochess.end.defender-left-holding-is-durak @rule:videochess.end.durak
  Scenario: The attacker goes out and the defender, still holding a card, is the durak
    Source: end paragraph, solo - the last player holding cards is the durak.
    Given the stock is empty
    And the hands are:
      | seat | hand      |
      | 1    | 7♠        |
      | 2    | 9♠ 10♦ 6♦ |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      """
    Then the game is over
    And seat 2 is the durak
    And seat 1 wins

  @id:videochess.end.taker-is-durak @rule:videochess.end.durak @rule:videochess.take.when
  Scenario: A defender who has to take the last attacking card is the durak
    Source: end paragraph, solo - the last player holding cards is the durak.
    Given the stock is empty
    And the hands are:
      | seat | hand      |
      | 1    | 7♠        |
      | 2    | 6♠ 10♦ 8♣ |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 takes
      """
    Then the game is over
    And seat 2 is the durak

  @id:videochess.end.both-out-together-draw @rule:videochess.end.draw
  Scenario: Both attacker and defender empty their hands in one bout: a draw
    Source: end paragraph - all remaining players out at the same time is a draw.
    Given the stock is empty
    And the hands are:
      | seat | hand  |
      | 1    | 7♠    |
      | 2    | 9♠    |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      """
    Then the game is over
    And the game is a draw

  @id:videochess.end.last-two-of-four-draw @rule:videochess.end.draw @rule:videochess.end.going-out
  Scenario: With two seats already out, the last two running out together draw
    Source: end paragraph - the remaining players run out at once: a draw.
    Given the stock is empty
    And the hands are:
      | seat | hand  |
      | 1    | 7♠    |
      | 2    | 9♠    |
      | 3    |       |
      | 4    |       |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      """
    Then the game is a draw

  @id:videochess.end.two-out-third-is-durak @rule:videochess.end.durak @rule:videochess.bout.auto-close
  Scenario: Two of three players go out in one bout; the third is the durak, not a draw
    Source: end paragraph - a draw needs every remaining player out; here one still holds cards.
    Given the stock is empty
    And the hands are:
      | seat | hand     |
      | 1    | 7♠       |
      | 2    | 9♠       |
      | 3    | 8♣ J♣    |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      """
    Then the game is over
    And seats 1 and 2 are out
    And seat 3 is the durak

  @id:videochess.end.game-continues-after-one-out @rule:videochess.end.going-out @rule:videochess.bout.discard
  Scenario: One of three players going out does not end the game
    Source: end paragraph - play goes on while two players still hold cards.
    Given the stock is empty
    And the hands are:
      | seat | hand      |
      | 1    | 7♠        |
      | 2    | 9♠ 10♦    |
      | 3    | 8♣ J♣ A♦  |
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

  @id:videochess.game.no-action-after-result @rule:videochess.game.finished
  Scenario: Nothing may be played once the game has a result
    Source: end paragraph - the game is decided; no further moves.
    Given the stock is empty
    And the hands are:
      | seat | hand      |
      | 1    | 7♠        |
      | 2    | 9♠ 10♦ 8♣ |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      """
    And seat 2 attacks with 10♦
    Then it is rejected because of rule "game.finished"
    And nobody may act
