Feature: How to play Durak - time to think
  Covers "Time to think": 30 s to attack or defend and 10 s to throw in at normal speed (15 and
  5 when fast), the automatic move on a timeout, and the bot that plays after two timeouts.

  Background:
    Given the "howto-durak" profile
    And the trump card is 6♥
    And the stock is empty
    And seat 1 attacks first

  @id:howto-durak.timers.normal-speed @rule:howto-durak.timers.limits @rule:howto-durak.table.setup
  Scenario: At normal speed attacking and defending have 30 seconds, throwing in 10
    Source: "Time to think" - normal speed: 30 and 10 seconds.
    Given the options are "speed=normal"
    And the hands are:
      | seat | hand           |
      | 1    | 9♠ 7♦ 8♣ 9♣    |
      | 2    | 9♦ 10♦ J♦ Q♣   |
      | 3    | 7♣ 10♠ J♠ 9♥   |
    Then seat 1 has 30 seconds left to act
    When seat 1 attacks with 7♦
    Then it is accepted
    And seat 2 has 30 seconds left to act
    And no timer runs for seat 3
    When seat 2 beats 7♦ with 9♦
    Then it is accepted
    And seat 1 has 10 seconds left to act
    And seat 3 has 10 seconds left to act

  @id:howto-durak.timers.fast-speed @rule:howto-durak.timers.limits @rule:howto-durak.table.setup
  Scenario: At fast speed the limits are 15 and 5 seconds
    Source: "Time to think" - fast speed: 15 and 5 seconds.
    Given the options are "speed=fast"
    And the hands are:
      | seat | hand           |
      | 1    | 9♠ 7♦ 8♣ 9♣    |
      | 2    | 9♦ 10♦ J♦ Q♣   |
      | 3    | 7♣ 10♠ J♠ 9♥   |
    Then seat 1 has 15 seconds left to act
    When they play:
      """
      seat 1 attacks with 7♦
      seat 2 beats 7♦ with 9♦
      """
    Then seat 3 has 5 seconds left to act
    When 5 seconds pass
    Then seat 1 timed out
    And seat 3 timed out
    And the bout ends with the cards discarded

  @id:howto-durak.timers.attacker-lowest-non-trump @rule:howto-durak.timers.timeout-moves
  Scenario: An attacker out of time plays their lowest non-trump card
    Source: "Time to think" - the attacker plays the lowest non-trump.
    Given the options are "speed=normal"
    And the hands are:
      | seat | hand           |
      | 1    | 9♠ 8♣ 7♥ J♦    |
      | 2    | 9♦ 10♦ J♣ Q♣   |
      | 3    | 7♣ 10♠ J♠ 9♥   |
    When 29 seconds pass
    Then the table is empty
    When 1 second passes
    Then seat 1 timed out
    And the table is "8♣"

  @id:howto-durak.timers.defender-takes-others-pass @rule:howto-durak.timers.timeout-moves
  Scenario: A defender out of time takes, and the others pass when their time is up
    Source: "Time to think" - the defender takes the cards, the others press Pass.
    Given the options are "speed=normal"
    And the hands are:
      | seat | hand           |
      | 1    | 9♠ 7♦ 8♣ 9♣    |
      | 2    | 9♦ 10♦ J♦ Q♣   |
      | 3    | 7♣ 10♠ J♠ 9♥   |
    When seat 1 attacks with 8♣
    Then it is accepted
    When 30 seconds pass
    Then seat 2 timed out
    And the bout is still open
    When 10 seconds pass
    Then seat 1 timed out
    And seat 3 timed out
    And the bout ends with seat 2 taking the cards
    And seat 3 attacks next

  @id:howto-durak.timers.bot-after-two-timeouts @rule:howto-durak.timers.bot-takeover
  Scenario: After two timeouts in a row as defender a bot plays the seat until the player takes back control
    Source: "Time to think" - two timeouts in a row: a bot plays for you until Take back control.
    Given the options are "speed=normal"
    And the hands are:
      | seat | hand           |
      | 1    | 7♠ 8♠ 9♣ 10♣   |
      | 2    | 6♦ 7♦ 8♦ 9♦    |
    When seat 1 attacks with 7♠
    Then it is accepted
    When 30 seconds pass
    Then seat 2 timed out
    And seat 2 plays for itself
    When 10 seconds pass
    Then seat 1 timed out
    And the bout ends with seat 2 taking the cards
    And seat 1 attacks next
    When seat 1 attacks with 8♠
    Then it is accepted
    When 30 seconds pass
    Then seat 2 timed out
    And a bot plays for seat 2
    When seat 2 takes back control
    Then it is accepted
    And seat 2 plays for itself again

  @id:howto-durak.timers.bot-makes-the-timeout-moves @rule:howto-durak.timers.bot-takeover @rule:howto-durak.timers.timeout-moves
  Scenario: The bot that took over a seat makes that seat's moves at once, as a timeout would
    Source: "Time to think" - after two timeouts a bot plays for you; the only moves described for a player not playing themselves are the timeout moves (the defender takes).
    Given the options are "speed=normal"
    And the hands are:
      | seat | hand           |
      | 1    | 7♠ 8♠ 9♣ 10♣   |
      | 2    | 6♦ 7♦ 8♦ 9♦    |
    When seat 1 attacks with 7♠
    And 30 seconds pass
    And 10 seconds pass
    And seat 1 attacks with 8♠
    And 30 seconds pass
    Then a bot plays for seat 2
    When 10 seconds pass
    Then the bout ends with seat 2 taking the cards
    When seat 1 attacks with 9♣
    Then it is accepted
    And seat 2 did not time out
    When seat 1 is done
    Then it is accepted
    And the bout ends with seat 2 taking the cards
    And seat 2 holds exactly "6♦ 7♦ 8♦ 9♦ 7♠ 8♠ 9♣"

  @id:howto-durak.timers.own-move-breaks-the-row @rule:howto-durak.timers.bot-takeover
  Scenario: A move made in time in between means the timeouts are not in a row
    Source: "Time to think" - only two timeouts in a row bring the bot.
    Given the options are "speed=normal"
    And the hands are:
      | seat | hand           |
      | 1    | 7♠ 8♠ 9♣ 10♣ 6♥ |
      | 2    | 6♦ 7♦ 8♦ 9♦ 10♠ |
    When seat 1 attacks with 7♠
    Then it is accepted
    When 30 seconds pass
    Then seat 2 timed out
    When 10 seconds pass
    And seat 1 attacks with 8♠
    Then it is accepted
    When seat 2 beats 8♠ with 10♠
    Then it is accepted
    When seat 1 is done
    Then it is accepted
    And seat 2 attacks next
    When they play:
      """
      seat 2 attacks with 6♦
      seat 1 beats 6♦ with 6♥
      seat 2 is done
      """
    Then seat 1 attacks next
    When seat 1 attacks with 9♣
    Then it is accepted
    When 30 seconds pass
    Then seat 2 timed out
    And seat 2 plays for itself

  @id:howto-durak.timers.no-bot-to-dismiss @rule:howto-durak.timers.bot-takeover
  Scenario: Nobody takes back control from a bot that is not playing
    Source: "Time to think" - Take back control ends a bot's play.
    Given the options are "speed=normal"
    And the hands are:
      | seat | hand           |
      | 1    | 7♠ 8♠ 9♣ 10♣   |
      | 2    | 6♦ 7♦ 8♦ 9♦    |
    When seat 2 takes back control
    Then it is rejected because of rule "timers.bot-takeover"
