Feature: VideoChess - how a bout closes
  Covers the bout-end paragraph of "Durak: rules": a beaten table is discarded once every thrower
  is done, or at once when a sixth card is covered or the defender's hand is empty.

  Background:
    Given the "videochess" profile
    And the options are "rules=throw_in, teams=solo"
    And the trump card is 6♥

  @id:videochess.bout.discard-after-every-done @rule:videochess.bout.discard @rule:videochess.throw-in.who
  Scenario: A beaten table stays until all three throwers have pressed Done
    Source: bout-end paragraph - everyone allowed to throw in must press Done before the discard.
    Given the stock is empty
    And the hands are:
      | seat | hand              |
      | 1    | 7♠ 8♣ 9♦          |
      | 2    | 9♠ 10♦ J♦ Q♣      |
      | 3    | 7♣ 10♠            |
      | 4    | J♠ 8♦ K♦          |
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

  @id:videochess.bout.closes-on-sixth-beaten @rule:videochess.bout.auto-close @rule:videochess.next-attacker.after-defence
  Scenario: Covering the sixth card ends the bout on its own
    Source: bout-end paragraph - beating the sixth card ends the bout without any Done.
    Given the stock is empty
    And the hands are:
      | seat | hand                              |
      | 1    | 6♠ 7♦ 8♣ 9♠ 10♦ J♣ 6♦             |
      | 2    | 7♠ 8♦ 9♣ 10♠ J♦ Q♣ K♠ A♠ A♦       |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 6♠
      seat 2 beats 6♠ with 7♠
      seat 1 throws in 7♦
      seat 2 beats 7♦ with 8♦
      seat 1 throws in 8♣
      seat 2 beats 8♣ with 9♣
      seat 1 throws in 9♠
      seat 2 beats 9♠ with 10♠
      seat 1 throws in 10♦
      seat 2 beats 10♦ with J♦
      seat 1 throws in J♣
      """
    And seat 2 beats J♣ with Q♣
    Then it is accepted
    And the bout ends with the cards discarded
    And the discard pile holds 12 more cards
    And seat 2 attacks next

  @id:videochess.bout.closes-when-defender-empty @rule:videochess.bout.auto-close
  Scenario: The bout closes by itself when the defender beats with their last card
    Source: bout-end paragraph - a defender out of cards ends the bout, though others could still add.
    Given the stock, top first, is "Q♦ K♦ A♦ 10♥ J♥ Q♥ K♥ A♥ 6♥"
    And the hands are:
      | seat | hand                   |
      | 1    | 7♠ 9♦ 10♣ 7♦ 9♣ 10♠ K♣ |
      | 2    | 9♠ 10♦ J♣ J♦ Q♣ J♠     |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      seat 1 throws in 9♦
      seat 2 beats 9♦ with 10♦
      seat 1 throws in 10♣
      seat 2 beats 10♣ with J♣
      seat 1 throws in 7♦
      seat 2 beats 7♦ with J♦
      seat 1 throws in 9♣
      seat 2 beats 9♣ with Q♣
      seat 1 throws in 10♠
      """
    And seat 2 beats 10♠ with J♠
    Then it is accepted
    And the bout ends with the cards discarded
    And seat 2 attacks next

  @id:videochess.bout.empty-handed-thrower-not-awaited @rule:videochess.bout.discard @rule:videochess.throw-in.who
  Scenario: A thrower who has no cards left is not waited for
    Source: bout-end paragraph - only those who may still throw in press Done; an empty hand cannot.
    Given the stock is empty
    And the hands are:
      | seat | hand              |
      | 1    | 7♠ 8♣             |
      | 2    | 9♠ 10♦ J♦ Q♣ K♣   |
      | 3    | 7♣                |
    And seat 1 attacks first
    When they play:
      """
      seat 1 attacks with 7♠
      seat 3 throws in 7♣
      seat 2 beats 7♠ with 9♠
      seat 2 beats 7♣ with Q♣
      """
    And seat 1 is done
    Then it is accepted
    And the bout ends with the cards discarded
    And seat 3 is out
    And seat 2 attacks next
