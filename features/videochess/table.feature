Feature: VideoChess - the table: seats, bots, Ready, the mode and move hints
  Covers the table paragraphs of "Durak: rules": four seats, at most three bots and at least one
  person, the Ready check, who picks the mode, pairs needing a full table, and move hints.

  Background:
    Given the "videochess" profile
    And the trump card is 6♥
    And the stock is empty
    And seat 1 attacks first
    And the game is started through the lobby

  @id:videochess.table.three-bots-one-person @rule:videochess.table.bots @rule:videochess.table.seats
  Scenario: Three bots and one person make a full table
    Source: table paragraph - bots in at most three seats, at least one human.
    Given the options are "rules=throw_in, teams=solo"
    And seats 2, 3 and 4 are bots
    And the hands are:
      | seat | hand        |
      | 1    | 9♠ 7♦ 8♣    |
      | 2    | 9♦ 10♦ J♦   |
      | 3    | 7♣ 10♠ J♠   |
      | 4    | 6♠ 6♦ 6♣    |
    Then the game starts
    And the empty seats are closed

  @id:videochess.table.no-table-of-bots @rule:videochess.table.bots
  Scenario: A table of four bots is refused
    Source: table paragraph - a table needs a person as well as its bots.
    Given the options are "rules=throw_in, teams=solo"
    And seats 1, 2, 3 and 4 are bots
    And the hands are:
      | seat | hand        |
      | 1    | 9♠ 7♦ 8♣    |
      | 2    | 9♦ 10♦ J♦   |
      | 3    | 7♣ 10♠ J♠   |
      | 4    | 6♠ 6♦ 6♣    |
    Then the engine refuses to start the game because of rule "table.bots"

  @id:videochess.table.no-fifth-seat @rule:videochess.table.seats
  Scenario: There is no fifth seat
    Source: table paragraph - four seats going clockwise.
    Given the options are "rules=throw_in, teams=solo"
    And 5 seats
    And the deck starts with "" and ends with 6♥
    Then the engine refuses to start the game

  @id:videochess.table.everyone-ready @rule:videochess.table.ready
  Scenario: The game does not start while a person has not pressed Ready
    Source: table paragraph - starts once everyone seated has pressed Ready.
    Given the options are "rules=throw_in, teams=solo"
    And only seats 1 and 2 have pressed ready
    And the hands are:
      | seat | hand        |
      | 1    | 9♠ 7♦ 8♣ A♠ |
      | 2    | 9♦ 10♦ J♦   |
      | 3    | 7♣ 10♠ J♠   |
    Then the engine refuses to start the game because of rule "table.ready"

  @id:videochess.table.bots-always-ready @rule:videochess.table.ready
  Scenario: Bots count as ready
    Source: table paragraph - bots are always ready.
    Given the options are "rules=throw_in, teams=solo"
    And seat 3 is a bot
    And only seats 1 and 2 have pressed ready
    And the hands are:
      | seat | hand        |
      | 1    | 9♠ 7♦ 8♣ A♠ |
      | 2    | 9♦ 10♦ J♦   |
      | 3    | 7♣ 10♠ J♠   |
    Then the game starts

  @id:videochess.table.lowest-person-chooses @rule:videochess.table.mode-chooser
  Scenario: Only the person in the lowest seat chooses the mode
    Source: mode paragraph - chosen by the human in the lowest-numbered seat.
    Given the options are "rules=transfer, teams=solo"
    And the mode was chosen by seat 2
    And the hands are:
      | seat | hand        |
      | 1    | 9♠ 7♦ 8♣ A♠ |
      | 2    | 9♦ 10♦ J♦   |
      | 3    | 7♣ 10♠ J♠   |
    Then the engine refuses to start the game because of rule "table.mode-chooser"

  @id:videochess.table.lowest-person-behind-a-bot @rule:videochess.table.mode-chooser
  Scenario: A bot in seat 1 leaves the choice to the person in seat 2
    Source: mode paragraph - the lowest seat held by a human.
    Given the options are "rules=transfer, teams=solo"
    And seat 1 is a bot
    And the mode was chosen by seat 2
    And the hands are:
      | seat | hand        |
      | 1    | 9♠ 7♦ 8♣ A♠ |
      | 2    | 9♦ 10♦ J♦   |
      | 3    | 7♣ 10♠ J♠   |
    Then the game starts

  @id:videochess.table.pairs-need-four @rule:videochess.pairs.full-table
  Scenario: Pairs cannot be played at a table of three
    Source: mode paragraph - pairs only with all four seats taken.
    Given the options are "rules=throw_in, teams=pairs"
    And 3 seats
    And the deck starts with "" and ends with 6♥
    Then the engine refuses to start the game

  @id:videochess.table.stand-up-back-to-solo @rule:videochess.pairs.full-table @rule:videochess.table.ready
  Scenario: When someone stands up, a pairs table goes back to every player for themselves and the seat opens
    Source: mode paragraph - standing up switches pairs back; seats are closed only during a game.
    Given the options are "rules=throw_in, teams=pairs"
    And the hands are:
      | seat | hand        |
      | 1    | 9♠ 7♦ 8♣    |
      | 2    | 9♦ 10♦ J♦   |
      | 3    | 7♣ 10♠ J♠   |
      | 4    | 6♠ 6♦ 6♣    |
    Then the table is set to pairs
    And the empty seats are closed
    When seat 4 stands up
    Then it is accepted
    And the game is over
    And the table is set to every player for themselves
    And seat 4 is open to join

  @id:videochess.table.solo-after-stand-up-next-game @rule:videochess.pairs.full-table @rule:videochess.table.ready
  Scenario: After a stand-up turns a pairs table to solo, the next game is dealt solo without the empty seat
    Source: mode paragraph - someone standing up switches the mode back to every player for themselves; the game starts with those seated.
    Given the options are "rules=throw_in, teams=pairs"
    And the hands are:
      | seat | hand        |
      | 1    | 9♠ 7♦ 8♣    |
      | 2    | 9♦ 10♦ J♦   |
      | 3    | 7♣ 10♠ J♠   |
      | 4    | 6♠ 6♦ 6♣    |
    When seat 4 stands up
    Then it is accepted
    When the next game is dealt from a deck starting "7♠ 8♠ 9♠" and ending with 6♥
    Then every seat holds 6 cards and the stock 18
    And the table is set to every player for themselves
    And the game is played without pairs
    And the empty seats are closed

  @id:videochess.table.move-hints-list @rule:videochess.table.move-hints @rule:videochess.defence.beat
  Scenario: The cards a seat may play are the engine's list of legal actions
    Source: move hints paragraph - playable cards are raised, the rest dimmed (the display reads the legal list).
    Given the options are "rules=throw_in, teams=solo"
    And the hands are:
      | seat | hand        |
      | 1    | 9♠ 7♦ 8♣ A♠ |
      | 2    | 9♦ 6♦ Q♠    |
      | 3    | 7♣ 10♠ J♠   |
    When seat 1 attacks with 7♦
    Then it is accepted
    And seat 2 may legally beat 7♦ with 9♦
    And seat 2 may not legally beat 7♦ with 6♦
    And seat 2 may not legally beat 7♦ with Q♠
    And seat 2 may legally take
    And seat 3 may legally throw in 7♣
