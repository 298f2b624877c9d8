Feature: Durak Challenge - winning, the durak and draws
  Covers "Winning the Game" and "Draws": once the deck is dealt out and no play is left, the
  side with an empty hand wins and the other is the durak; both empty is a draw.

  Background:
    Given the "durak-challenge" profile
    And seat 2 is the computer
    And the trump card is 6♥
    And the stock is empty

  @id:durak-challenge.end.no-result-mid-attack @rule:durak-challenge.end.win @ambiguous @reading:out_timing=bout_end
  Scenario: A player who plays their last card has not won while the defender can still answer
    Source: "Winning the Game" - the result comes when no other play is allowed (profile reading: at the end of the attack).
    Given the hands are:
      | seat | hand     |
      | 1    | 7♠       |
      | 2    | 9♠ 8♦ Q♣ |
    And seat 1 attacks first
    When seat 1 attacks with 7♠
    Then it is accepted
    And the game is not over
    And seat 1 is still in the game
    And seat 2 may defend, take

  @id:durak-challenge.end.result-at-once @rule:durak-challenge.end.win @ambiguous @reading:out_timing=immediate
  Scenario: Read the other way, a player who plays their last card with the deck dealt is out at once
    Source: "Winning the Game" - the result comes when no other play is allowed (the other reading: the empty hand has won at once; the defender still answers the card on the table).
    Given the hands are:
      | seat | hand     |
      | 1    | 7♠       |
      | 2    | 9♠ 8♦ Q♣ |
    And seat 1 attacks first
    When seat 1 attacks with 7♠
    Then it is accepted
    And seat 1 is out
    And seat 2 may defend, take

  @id:durak-challenge.end.attacker-wins-defence-kept @rule:durak-challenge.end.win
  Scenario: The attacker's last card is beaten and the computer keeps the defence: the attacker wins
    Source: "Winning the Game" - the deck is dealt out and one hand is empty: that player wins, the other is Durak.
    Given the hands are:
      | seat | hand     |
      | 1    | 7♠       |
      | 2    | 9♠ 8♦ Q♣ |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      """
    Then seat 2 may keep the defence
    When seat 2 keeps the defence
    Then it is accepted
    And the game is over
    And seat 1 wins
    And seat 2 is the durak

  @id:durak-challenge.end.attacker-wins-defender-takes @rule:durak-challenge.end.win
  Scenario: The defender takes the attacker's last card: the attacker wins
    Source: "Winning the Game" - an empty hand once the deck is dealt wins.
    Given the hands are:
      | seat | hand     |
      | 1    | 7♠       |
      | 2    | 8♦ 6♣ Q♣ |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      """
    And seat 2 takes
    Then it is accepted
    And the game is over
    And seat 1 wins
    And seat 2 is the durak
    And seat 2 holds exactly "8♦ 6♣ Q♣ 7♠"

  @id:durak-challenge.end.defender-wins @rule:durak-challenge.end.win
  Scenario: The defender beats with its last card while the attacker still holds cards: the defender wins
    Source: "Winning the Game" - whichever side empties its hand first wins, defender included.
    Given the hands are:
      | seat | hand        |
      | 1    | 7♠ 8♦ K♣    |
      | 2    | 9♠          |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      """
    And seat 2 beats 7♠ with 9♠
    Then it is accepted
    And the game is over
    And seat 2 wins
    And seat 1 is the durak

  @id:durak-challenge.end.accept-anyway-loses @rule:durak-challenge.end.win @rule:durak-challenge.accept.when
  Scenario: A human who accepts anyway against the computer's last card is the durak
    Source: "Winning the Game" and "Playing the Game" - accepting anyway is allowed even here; the computer's hand is empty.
    Given the hands are:
      | seat | hand     |
      | 1    | 9♠ 8♦ Q♣ |
      | 2    | 7♠       |
    And seat 2 attacks first
    When they play:
      """
      seat 2 attacks with 7♠
      seat 1 beats 7♠ with 9♠
      """
    Then seat 1 may accept, keep the defence
    When seat 1 accepts the cards anyway
    Then it is accepted
    And the game is over
    And seat 2 wins
    And seat 1 is the durak
    And seat 1 holds exactly "8♦ Q♣ 7♠ 9♠"

  @id:durak-challenge.end.draw-last-cards @rule:durak-challenge.end.draw @ambiguous @reading:out_timing=bout_end
  Scenario: The last card is beaten with the defender's last card: a draw
    Source: "Draws" - the deck is dealt and both hands are empty (profile reading: the attack is played to its end first).
    Given the hands are:
      | seat | hand     |
      | 1    | 7♠       |
      | 2    | 9♠       |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      """
    And seat 2 beats 7♠ with 9♠
    Then it is accepted
    And the game is over
    And the game is a draw

  @id:durak-challenge.end.draw-after-longer-attack @rule:durak-challenge.end.draw
  Scenario: A last attack of two cards, both beaten with the defender's last cards, is a draw
    Source: "Draws" - all remaining cards of both sides played out.
    Given the hands are:
      | seat | hand     |
      | 1    | 7♠ 7♦    |
      | 2    | 9♠ 9♦    |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      seat 1 throws in 7♦
      """
    And seat 2 beats 7♦ with 9♦
    Then it is accepted
    And the game is a draw
    And the discard pile includes "7♠ 9♠ 7♦ 9♦"

  @id:durak-challenge.end.not-while-deck-lasts @rule:durak-challenge.end.win @rule:durak-challenge.drawing.order
  Scenario: An empty hand does not win while the deck still has cards
    Source: "Winning the Game" - only once all cards are dealt; until then hands are replenished.
    Given the stock, top first, is "A♠ A♦ A♣ 7♠ 7♦ 6♥"
    And the hands are:
      | seat | hand                      |
      | 1    | 6♠ 8♦ 6♣ 9♠ 10♦ J♣ K♣ Q♦  |
      | 2    | 8♠ 9♦ 9♣ 10♠ J♦ Q♣        |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 6♠
      seat 2 beats 6♠ with 8♠
      seat 1 throws in 8♦
      seat 2 beats 8♦ with 9♦
      seat 1 throws in 6♣
      seat 2 beats 6♣ with 9♣
      seat 1 throws in 9♠
      seat 2 beats 9♠ with 10♠
      seat 1 throws in 10♦
      seat 2 beats 10♦ with J♦
      seat 1 throws in J♣
      """
    And seat 2 beats J♣ with Q♣
    Then it is accepted
    And the game is not over
    When seat 2 keeps the defence
    Then it is accepted
    And seat 1 holds exactly "K♣ Q♦ A♠ A♦ A♣ 7♠"
    And seat 2 holds exactly "7♦ 6♥"
    And seat 2 attacks next

  @id:durak-challenge.game.no-play-after-result @rule:durak-challenge.game.finished
  Scenario: Nothing can be played once the game has a result
    Source: assumed - a decided game takes no further moves.
    Given the hands are:
      | seat | hand        |
      | 1    | 7♠ 8♦ K♣    |
      | 2    | 9♠          |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      """
    And seat 1 attacks with 8♦
    Then it is rejected because of rule "game.finished"
    And nobody may act
