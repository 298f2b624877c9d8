Feature: VideoChess - cheater mode and Catch!
  Covers the cheater-mode paragraphs of "Durak: rules": any card may be played where a card may
  be played, cards of the bout can be caught, and the check before every bout closes.

  Background:
    Given the "videochess" profile
    And the options are "rules=throw_in, teams=solo, cheater=on"
    And the trump card is 6♥
    And the stock is empty
    And seat 1 attacks first

  @id:videochess.cheating.unfair-throw-in-accepted @rule:videochess.cheating.any-card
  Scenario: A thrown-in card of a rank not on the table is accepted and known to be unfair
    Source: cheater paragraph - any card may be thrown in.
    Given the hands are:
      | seat | hand           |
      | 1    | 9♠ 7♦ 8♣       |
      | 2    | 9♦ 10♦ J♦ Q♣   |
      | 3    | 7♣ 10♠ J♠      |
    When seat 1 attacks with 7♦
    And seat 1 throws in 8♣
    Then it is accepted
    And the table is "7♦ 8♣"
    And 7♦ is marked as fair
    And 8♣ is marked as unfair

  @id:videochess.cheating.unfair-defence-accepted @rule:videochess.cheating.any-card
  Scenario: A card that does not beat may be laid on an attack, and the engine knows it
    Source: cheater paragraph - any card may be used to beat.
    Given the hands are:
      | seat | hand           |
      | 1    | 9♠ 7♦ 8♣       |
      | 2    | 9♦ 10♦ J♦ Q♣   |
      | 3    | 7♣ 10♠ J♠      |
    When seat 1 attacks with 9♠
    Then it is accepted
    And seat 2 may legally beat 9♠ with Q♣
    When seat 2 beats 9♠ with Q♣
    Then it is accepted
    And the table is "9♠/Q♣"
    And Q♣ is marked as unfair

  @id:videochess.cheating.fair-defence-flag @rule:videochess.cheating.any-card
  Scenario: A real beat is marked fair
    Source: cheater paragraph - only cards played against the rules are unfair.
    Given the hands are:
      | seat | hand           |
      | 1    | 9♠ 7♦ 8♣       |
      | 2    | 9♦ 10♦ J♦ Q♣   |
      | 3    | 7♣ 10♠ J♠      |
    When seat 1 attacks with 7♦
    And seat 2 beats 7♦ with 9♦
    Then it is accepted
    And 9♦ is marked as fair

  @id:videochess.cheating.turn-order-still-holds @rule:videochess.cheating.any-card @rule:videochess.throw-in.order
  Scenario: Cheating does not let a thrower jump the starter's turn
    Source: cheater paragraph - only when the turn order lets you play at all.
    Given the hands are:
      | seat | hand           |
      | 1    | 9♠ 7♦ 7♠       |
      | 2    | 9♦ 10♦ J♦ Q♣   |
      | 3    | 7♣ 10♠ J♠      |
    When seat 1 attacks with 7♦
    And seat 3 throws in 10♠
    Then it is rejected because of rule "throw-in.order"

  @id:videochess.cheating.limits-still-hold @rule:videochess.cheating.any-card @rule:videochess.limits.defender-hand
  Scenario: Cheating does not lift the bout limits
    Source: cheater paragraph - only when the bout limits let you play at all.
    Given the hands are:
      | seat | hand           |
      | 1    | 9♠ 7♦ 8♣ A♠ |
      | 2    | 9♦              |
      | 3    | 7♣ 10♠ J♠      |
    When seat 1 attacks with 7♦
    And seat 1 throws in 8♣
    Then it is rejected because of rule "limits.defender-hand"

  @id:videochess.cheating.unfair-transfer @rule:videochess.cheating.any-card @rule:videochess.table.cheater-switch
  Scenario: With transfer rules and pairs, a transfer may use any card too
    Source: cheater paragraph - any card when transferring; cheater mode works with any rules and teams.
    Given the options are "rules=transfer, teams=pairs, cheater=on"
    And the hands are:
      | seat | hand           |
      | 1    | 9♠ 7♦ 8♣       |
      | 2    | 9♦ 10♦ J♦ Q♣   |
      | 3    | 7♣ 10♠ J♠      |
      | 4    | 6♠ 6♦ 6♣ K♣    |
    When seat 1 attacks with 7♦
    And seat 2 transfers with Q♣
    Then it is accepted
    And seat 2 attacks seat 3
    And Q♣ is marked as unfair

  @id:videochess.cheating.mode-off-no-catch @rule:videochess.table.cheater-switch @rule:videochess.throw-in.rank
  Scenario: Without cheater mode the rules hold and nobody can catch
    Source: cheater paragraph - the mode is switched on separately.
    Given the options are "rules=throw_in, teams=solo, cheater=off"
    And the hands are:
      | seat | hand           |
      | 1    | 9♠ 7♦ 8♣       |
      | 2    | 9♦ 10♦ J♦ Q♣   |
      | 3    | 7♣ 10♠ J♠      |
    When seat 1 attacks with 7♦
    And seat 1 throws in 8♣
    Then it is rejected because of rule "throw-in.rank"
    When seat 2 catches 7♦
    Then it is rejected because of rule "play.turn"

  @id:videochess.cheating.catch-defender @rule:videochess.cheating.catch @rule:videochess.cheating.caught-cheater @rule:videochess.cheating.caught-outcome
  Scenario: A defender caught cheating takes the table, and play goes on as after a take
    Source: catch paragraphs - the cheater takes all cards; a caught defender counts as having taken.
    Given the stock, top first, is "K♥ A♥ Q♥ 6♥"
    And the hands are:
      | seat | hand                 |
      | 1    | 9♠ 7♦ 8♣ 6♠ 6♦ 7♠    |
      | 2    | 9♦ 10♦ J♦ Q♣ 8♦ 8♠   |
      | 3    | 7♣ 10♠ J♠ 6♣ K♣ A♣   |
    When they play:
      """
      seat 1 attacks with 9♠
      seat 2 beats 9♠ with Q♣
      seat 3 catches Q♣
      """
    Then the bout ends with seat 2 caught taking the cards
    And seat 2 holds exactly "9♦ 10♦ J♦ 8♦ 8♠ 9♠ Q♣"
    And seat 1 holds exactly "7♦ 8♣ 6♠ 6♦ 7♠ K♥"
    And seat 3 attacks next

  @id:videochess.cheating.catch-thrower @rule:videochess.cheating.catch @rule:videochess.cheating.caught-cheater @rule:videochess.cheating.caught-outcome
  Scenario: An attacker caught cheating takes the table, and the defender attacks next as after a defence
    Source: catch paragraphs - a caught attacker or thrower: as if the cards had been beaten.
    Given the stock, top first, is "K♥ A♥ Q♥ 6♥"
    And the hands are:
      | seat | hand                 |
      | 1    | 9♠ 7♦ 8♣ A♠ K♠ Q♠    |
      | 2    | 9♦ 10♦ J♦ Q♣ K♣ A♣   |
      | 3    | 7♣ 10♠ J♠ 6♣ 6♦ 9♣   |
    When they play:
      """
      seat 1 attacks with 7♦
      seat 2 beats 7♦ with 9♦
      seat 1 is done
      seat 3 throws in 9♣
      seat 2 beats 9♣ with Q♣
      seat 1 throws in 8♣
      seat 2 catches 8♣
      """
    Then the bout ends with seat 1 caught taking the cards
    And seat 1 holds exactly "9♠ A♠ K♠ Q♠ 7♦ 9♦ 9♣ Q♣ 8♣"
    And seat 3 holds exactly "7♣ 10♠ J♠ 6♣ 6♦ K♥"
    And seat 2 holds exactly "10♦ J♦ K♣ A♣ A♥ Q♥"
    And seat 2 attacks next

  @id:videochess.cheating.no-catching-own-card @rule:videochess.cheating.catch
  Scenario: Nobody catches their own card
    Source: catch paragraph - your own cards cannot be caught.
    Given the hands are:
      | seat | hand           |
      | 1    | 9♠ 7♦ 8♣       |
      | 2    | 9♦ 10♦ J♦ Q♣   |
      | 3    | 7♣ 10♠ J♠      |
    When seat 1 attacks with 7♦
    And seat 1 catches 7♦
    Then it is rejected because of rule "cheating.catch"
    And seat 1 may not legally catch 7♦
    And seat 2 may legally catch 7♦

  @id:videochess.cheating.no-catching-partner @rule:videochess.cheating.catch
  Scenario: Nobody catches their partner's card
    Source: catch paragraph - nor your partner's.
    Given the options are "rules=throw_in, teams=pairs, cheater=on"
    And the hands are:
      | seat | hand           |
      | 1    | 9♠ 7♦ 8♣       |
      | 2    | 9♦ 10♦ J♦ Q♣   |
      | 3    | 7♣ 10♠ J♠      |
      | 4    | 6♠ 6♦ 6♣ K♣    |
    When seat 1 attacks with 7♦
    And seat 3 catches 7♦
    Then it is rejected because of rule "cheating.catch"
    When seat 4 catches 7♦
    Then it is accepted

  @id:videochess.cheating.only-bout-cards @rule:videochess.cheating.catch
  Scenario: Only a card of the current bout can be caught
    Source: catch paragraph - cards of the current bout.
    Given the hands are:
      | seat | hand           |
      | 1    | 9♠ 7♦ 8♣       |
      | 2    | 9♦ 10♦ J♦ Q♣   |
      | 3    | 7♣ 10♠ J♠      |
    When seat 1 attacks with 7♦
    And seat 2 catches 9♠
    Then it is rejected because of rule "cheating.catch"

  @id:videochess.cheating.false-catch-penalty @rule:videochess.cheating.false-catch
  Scenario: Catching a fair card costs a penalty card from the deck and the right to catch again
    Source: false accusation paragraph - a penalty card, and no more catching this bout.
    Given the stock, top first, is "K♥ A♥ Q♥ 6♥"
    And the hands are:
      | seat | hand                 |
      | 1    | 9♠ 7♦ 8♣ A♠ K♠ Q♠    |
      | 2    | 9♦ 10♦ J♦ Q♣ K♣ A♣   |
      | 3    | 7♣ 10♠ J♠ 6♣ 6♦ 6♠   |
    When they play:
      """
      seat 1 attacks with 7♦
      seat 2 beats 7♦ with 9♦
      seat 3 catches 7♦
      """
    Then seat 3 draws a penalty card
    And seat 3 holds exactly "7♣ 10♠ J♠ 6♣ 6♦ 6♠ K♥"
    And the stock, top first, is "A♥ Q♥ 6♥"
    And the bout is still open
    When seat 3 catches 9♦
    Then it is rejected because of rule "cheating.catch"

  @id:videochess.cheating.false-catch-empty-stock @rule:videochess.cheating.false-catch
  Scenario: With the deck empty the penalty card comes from the discard pile
    Source: false accusation paragraph - a random card of the discard pile when the deck is empty.
    Given the stock is empty
    And the hands are:
      | seat | hand           |
      | 1    | 9♠ 7♦ 8♣       |
      | 2    | 9♦ 10♦ J♦ Q♣   |
      | 3    | 7♣ 10♠ J♠      |
    When they play:
      """
      seat 1 attacks with 7♦
      seat 2 catches 7♦
      """
    Then seat 2 draws a penalty card
    And seat 2 holds 5 cards
    And the discard pile holds 1 fewer card

  @id:videochess.cheating.check-before-close @rule:videochess.cheating.check-window
  Scenario: A bout about to close waits 4 seconds during which only catches are allowed
    Source: check paragraph - cards stay, nobody plays, catching allowed for 4 seconds.
    Given the hands are:
      | seat | hand           |
      | 1    | 9♠ 7♦ 8♣       |
      | 2    | 9♦ 10♦ J♦ Q♣   |
      | 3    | 7♣ 10♠ J♠      |
    When they play:
      """
      seat 1 attacks with 7♦
      seat 2 beats 7♦ with 9♦
      seat 1 is done
      seat 3 is done
      """
    Then the bout is being checked
    And the table is "7♦/9♦"
    And seat 1 may not throw in
    When seat 1 throws in 9♠
    Then it is rejected because of rule "cheating.check-window"
    When 3 seconds pass
    Then the bout is being checked
    When 1 second passes
    Then the bout ends with the cards discarded
    And seat 2 attacks next

  @id:videochess.cheating.catch-during-check @rule:videochess.cheating.check-window @rule:videochess.cheating.caught-cheater
  Scenario: An unfair card can still be caught during the check
    Source: check paragraph - catching is allowed during the check.
    Given the hands are:
      | seat | hand           |
      | 1    | 9♠ 7♦ 8♣       |
      | 2    | 9♦ 10♦ J♦ Q♣   |
      | 3    | 7♣ 10♠ J♠      |
    When they play:
      """
      seat 1 attacks with 8♣
      seat 2 beats 8♣ with 10♦
      seat 1 is done
      seat 3 is done
      """
    Then the bout is being checked
    When seat 1 catches 10♦
    Then it is accepted
    And the bout ends with seat 2 caught taking the cards
    And seat 3 attacks next
