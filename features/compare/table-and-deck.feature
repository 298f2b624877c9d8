Feature: Compare - decks and table sizes
  Where the documents disagree on the deck and on how many players a table seats: a duel only,
  two to four, two to five at a debug table, up to six with the larger decks, four for pairs.

  @id:compare.deck-size @dimension:deck_size @rule:howto-durak.deal.deck-sizes @rule:howto-durak.deal.hands @rule:videochess.deal.hands @rule:durak-challenge.deal.hands @rule:ggtables.deal.hands @rule:prototype-build10.deal.hands
  Scenario Outline: Compare the stock left after dealing two hands
    "How to play Durak" lets the table choose 24, 36 or 52 cards; the other four documents
    play with 36. Two hands of six leave the rest of the deck as the stock.
    Given the "<profile>" profile
    And the options are "<options>"
    And 2 seats
    And the deck starts with "" and ends with A♥
    When the game starts
    Then seat 1 holds 6 cards
    And seat 2 holds 6 cards
    And the stock holds <stock> cards

    Examples: three deck sizes to choose from
      | profile     | options | stock |
      | howto-durak | deck=24 | 12    |
      | howto-durak | deck=36 | 24    |
      | howto-durak | deck=52 | 40    |

    Examples: thirty-six cards
      | profile           | options   | stock |
      | videochess        |           | 24    |
      | durak-challenge   |           | 24    |
      | ggtables          | players=2 | 24    |
      | prototype-build10 |           | 24    |

  @id:compare.seat-counts @dimension:min_seats @dimension:max_seats @dimension:teams @rule:videochess.table.seats @rule:videochess.pairs.full-table @rule:howto-durak.deal.deck-sizes @rule:howto-durak.pairs.partners @rule:ggtables.table.players @rule:durak-challenge.table.duel @rule:prototype-build10.table.duel @rule:prototype-build10.table.debug
  Scenario Outline: Compare how many seats a table may have
    VideoChess seats two to four, and pairs only with all four seats taken; "How to play Durak"
    seats two to four with 24 cards and two to six with 36 or 52, pairs with four; GGTables
    sets each table for 2, 3 or 4 players; Durak Challenge is a duel against the computer; the
    prototype is a duel, with a debug table for two to five.
    Given the "<profile>" profile
    And the options are "<options>"
    And the computer seats are "<computer>"
    And <seats> seats
    And the deck starts with "" and ends with A♥
    Then the engine <verdict> the table

    Examples: two to four, pairs with four
      | profile    | options     | computer | seats | verdict  |
      | videochess |             | none     | 4     | deals    |
      | videochess |             | none     | 5     | refuses  |
      | videochess | teams=pairs | none     | 4     | deals    |
      | videochess | teams=pairs | none     | 3     | refuses  |

    Examples: by deck size, pairs with four
      | profile     | options     | computer | seats | verdict  |
      | howto-durak | deck=24     | none     | 4     | deals    |
      | howto-durak | deck=24     | none     | 5     | refuses  |
      | howto-durak | deck=36     | none     | 6     | deals    |
      | howto-durak | deck=52     | none     | 6     | deals    |
      | howto-durak | teams=pairs | none     | 4     | deals    |
      | howto-durak | teams=pairs | none     | 5     | refuses  |

    Examples: the table's chosen player count
      | profile  | options   | computer | seats | verdict  |
      | ggtables | players=2 | none     | 2     | deals    |
      | ggtables | players=2 | none     | 3     | refuses  |
      | ggtables | players=3 | none     | 3     | deals    |
      | ggtables | players=4 | none     | 4     | deals    |
      | ggtables | players=4 | none     | 5     | refuses  |

    Examples: a duel against the computer
      | profile         | options | computer | seats | verdict  |
      | durak-challenge |         | 2        | 2     | deals    |
      | durak-challenge |         | 2 and 3  | 3     | refuses  |

    Examples: a duel, or two to five at the debug table
      | profile           | options     | computer         | seats | verdict  |
      | prototype-build10 | table=duel  | 2                | 2     | deals    |
      | prototype-build10 | table=duel  | 2 and 3          | 3     | refuses  |
      | prototype-build10 | table=debug | 2, 3, 4 and 5    | 5     | deals    |
      | prototype-build10 | table=debug | 2, 3, 4, 5 and 6 | 6     | refuses  |
