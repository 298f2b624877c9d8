// Drives rnixik/durak's Game (package main of that repository) for the Python wrapper.
//
// This file is compiled together with the engine's own files, in place of its main.go (see
// the README in this folder): it is ours, the engine's code stays in the checkout.  It reads
// one JSON request per line on stdin and writes one JSON reply per line on stdout:
//
//	{"op": "new", "game": id, "seats": n, "deck": [cards, top first]}
//	{"op": "load", "game": id, "hands": [[cards]...], "out": [bool...], "stock": [cards],
//	 "trump": card, "attacker": index, "discard": n}
//	{"op": "act", "game": id, "player": index, "name": "attack"|"defend"|"pick_up"|"complete",
//	 "card": card, "cards": [cards], "attacking": card, "defending": card}
//	    (an attack with "cards" plays them one after another, all or none: if the engine
//	    ignores one, the game is put back as it was)
//	{"op": "legal", "game": id, "player": index}
//	{"op": "dump", "game": id}      {"op": "drop", "game": id}
//
// Cards are spelled as the engine spells them: value then suit ("10♥").  The driver calls the
// engine's own functions and reports what they did; it decides nothing.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"strings"
)

type driverClient struct {
	id   uint64
	name string
}

func (c *driverClient) sendEvent(event interface{}) {}
func (c *driverClient) sendMessage(message []byte)  {}
func (c *driverClient) Id() uint64                  { return c.id }
func (c *driverClient) Nickname() string            { return c.name }

type driverLogger struct{}

func (driverLogger) LogGameBegins(game *Game)                                {}
func (driverLogger) LogPlayerActionAttack(game *Game, data AttackActionData) {}
func (driverLogger) LogPlayerActionDefend(game *Game, data DefendActionData) {}
func (driverLogger) LogPlayerActionPickUp(game *Game)                        {}
func (driverLogger) LogPlayerActionComplete(game *Game)                      {}
func (driverLogger) LogGameEnds(game *Game, hasLoser bool, loserIndex int)   {}

type request struct {
	Op        string     `json:"op"`
	Game      string     `json:"game"`
	Seats     int        `json:"seats"`
	Deck      []string   `json:"deck"`
	Hands     [][]string `json:"hands"`
	Out       []bool     `json:"out"`
	Stock     []string   `json:"stock"`
	Trump     string     `json:"trump"`
	Attacker  int        `json:"attacker"`
	Discard   int        `json:"discard"`
	Player    int        `json:"player"`
	Name      string     `json:"name"`
	Card      string     `json:"card"`
	Cards     []string   `json:"cards"`
	Attacking string     `json:"attacking"`
	Defending string     `json:"defending"`
}

type playerDump struct {
	Cards     []string `json:"cards"`
	Active    bool     `json:"active"`
	Completed bool     `json:"completed"`
}

type gameDump struct {
	Status         string         `json:"status"`
	Players        []playerDump   `json:"players"`
	Stock          []string       `json:"stock"`
	Trump          string         `json:"trump"`
	TrumpSuit      string         `json:"trump_suit"`
	Attacker       int            `json:"attacker"`
	Defender       int            `json:"defender"`
	Battleground   []string       `json:"battleground"`
	Defending      map[int]string `json:"defending"`
	DefenderPickUp bool           `json:"defender_pick_up"`
	DiscardSize    int            `json:"discard_size"`
	// The card that decided the first attacker when the engine dealt (its first-attacker
	// event shows it to every player); empty for a loaded position.
	FirstAttackerCard string `json:"first_attacker_card"`
}

type legalDump struct {
	Attack   []string   `json:"attack"`
	Defend   [][]string `json:"defend"`
	PickUp   bool       `json:"pick_up"`
	Complete bool       `json:"complete"`
}

func spell(c *Card) string {
	if c == nil {
		return ""
	}
	return c.Value + c.Suit
}

func parse(code string) (*Card, error) {
	for _, s := range cardSuits {
		if strings.HasSuffix(code, s) {
			value := strings.TrimSuffix(code, s)
			for _, v := range cardValues {
				if v == value {
					return &Card{Value: value, Suit: s}, nil
				}
			}
		}
	}
	return nil, fmt.Errorf("not a card of this engine: %q", code)
}

func parseAll(codes []string) ([]*Card, error) {
	cards := make([]*Card, 0, len(codes))
	for _, code := range codes {
		card, err := parse(code)
		if err != nil {
			return nil, err
		}
		cards = append(cards, card)
	}
	return cards, nil
}

func dump(g *Game) gameDump {
	d := gameDump{
		Status:         g.status,
		Stock:          []string{},
		Trump:          spell(g.trumpCard),
		TrumpSuit:      g.trumpSuit,
		Attacker:       g.attackerIndex,
		Defender:       g.defenderIndex,
		Battleground:   []string{},
		Defending:      map[int]string{},
		DefenderPickUp: g.defenderPickUp,
		DiscardSize:    g.discardPileSize,
	}
	if g.attackerIndex >= 0 {
		d.FirstAttackerCard = spell(g.firstAttackerReasonCard)
	}
	for _, p := range g.players {
		cards := []string{}
		for _, c := range p.cards {
			cards = append(cards, spell(c))
		}
		d.Players = append(d.Players, playerDump{cards, p.IsActive, p.IsCompleted})
	}
	// The engine draws from the end of its card list: the top of the stock comes first here.
	for i := len(g.deck.cards) - 1; i >= 0; i-- {
		d.Stock = append(d.Stock, spell(g.deck.cards[i]))
	}
	for _, c := range g.battleground {
		d.Battleground = append(d.Battleground, spell(c))
	}
	for i, c := range g.defendingCards {
		d.Defending[i] = spell(c)
	}
	return d
}

// newTable builds what a Game needs around it: clients, a room and its lobby, whose
// broadcast channel (read by the lobby's loop in the real server) is drained here.
func newTable(seats int) (*Room, []*Player) {
	lobby := newLobby(driverLogger{})
	go func() {
		for range lobby.broadcast {
		}
	}()
	players := make([]*Player, 0, seats)
	members := make(map[*RoomMember]bool)
	var owner *RoomMember
	for i := 0; i < seats; i++ {
		client := &driverClient{uint64(i + 1), fmt.Sprintf("seat %d", i+1)}
		players = append(players, newPlayer(client, true))
		member := newRoomMember(client, false)
		member.isPlayer = true
		members[member] = true
		if owner == nil {
			owner = member
		}
	}
	return &Room{1, owner, members, nil, lobby}, players
}

// snapshot returns a function that puts back what the engine's moves change.
func snapshot(g *Game) func() {
	type saved struct {
		cards             []*Card
		active, completed bool
	}
	players := make([]saved, len(g.players))
	for i, p := range g.players {
		players[i] = saved{append([]*Card(nil), p.cards...), p.IsActive, p.IsCompleted}
	}
	battleground := append([]*Card(nil), g.battleground...)
	defending := make(map[int]*Card, len(g.defendingCards))
	for k, v := range g.defendingCards {
		defending[k] = v
	}
	deck := append([]*Card(nil), g.deck.cards...)
	attacker, defender, pickUp := g.attackerIndex, g.defenderIndex, g.defenderPickUp
	status, discard := g.status, g.discardPileSize
	return func() {
		for i, p := range g.players {
			p.cards, p.IsActive, p.IsCompleted = players[i].cards, players[i].active, players[i].completed
		}
		g.battleground, g.defendingCards, g.deck.cards = battleground, defending, deck
		g.attackerIndex, g.defenderIndex, g.defenderPickUp = attacker, defender, pickUp
		g.status, g.discardPileSize = status, discard
	}
}

// quiet stops the engine's AFK timers: no time passes between the harness's requests.
func quiet(g *Game) { g.restartAfkTimers(-1) }

type driver struct{ games map[string]*Game }

func (d *driver) handle(r request) (interface{}, error) {
	g := d.games[r.Game]
	if r.Op != "new" && r.Op != "load" && g == nil {
		return nil, fmt.Errorf("no game %q", r.Game)
	}
	switch r.Op {
	case "new":
		cards, err := parseAll(r.Deck)
		if err != nil {
			return nil, err
		}
		room, players := newTable(r.Seats)
		g = newGame(room, players, driverLogger{})
		room.game = g
		// As Game.prepare, with the stacked deck in place of newDeck and shuffle: the
		// engine's card list is drawn from its end, so it holds the deck bottom first.
		reversed := make([]*Card, len(cards))
		for i, c := range cards {
			reversed[len(cards)-1-i] = c
		}
		g.deck = &Deck{cards: reversed}
		g.deal()
		g.attackerIndex, g.defenderIndex, g.firstAttackerReasonCard = g.findFirstAttacker()
		g.status = GameStatusPlaying
		d.games[r.Game] = g
		return dump(g), nil
	case "load":
		room, players := newTable(len(r.Hands))
		g = newGame(room, players, driverLogger{})
		room.game = g
		for i, hand := range r.Hands {
			cards, err := parseAll(hand)
			if err != nil {
				return nil, err
			}
			players[i].cards = cards
			players[i].IsActive = !r.Out[i]
		}
		stock, err := parseAll(r.Stock)
		if err != nil {
			return nil, err
		}
		reversed := make([]*Card, len(stock))
		for i, c := range stock {
			reversed[len(stock)-1-i] = c
		}
		g.deck = &Deck{cards: reversed}
		trump, err := parse(r.Trump)
		if err != nil {
			return nil, err
		}
		g.trumpCard, g.trumpSuit = trump, trump.Suit
		g.trumpCardIsOwnedByPlayerIndex = -1
		g.discardPileSize = r.Discard
		g.attackerIndex = r.Attacker
		g.defenderIndex = g.adjustPlayerIndex(r.Attacker + 1)
		g.status = GameStatusPlaying
		d.games[r.Game] = g
		return dump(g), nil
	case "act":
		player := g.players[r.Player]
		switch r.Name {
		case PlayerActionNameAttack:
			codes := r.Cards
			if len(codes) == 0 {
				codes = []string{r.Card}
			}
			cards, err := parseAll(codes)
			if err != nil {
				return nil, err
			}
			restore := snapshot(g)
			for _, card := range cards {
				before, _ := json.Marshal(dump(g))
				g.attack(player, AttackActionData{Card: card})
				after, _ := json.Marshal(dump(g))
				if string(before) == string(after) {
					restore()
					break
				}
			}
		case PlayerActionNameDefend:
			attacking, err := parse(r.Attacking)
			if err != nil {
				return nil, err
			}
			defending, err := parse(r.Defending)
			if err != nil {
				return nil, err
			}
			g.defend(player, DefendActionData{AttackingCard: attacking, DefendingCard: defending})
		case PlayerActionNamePickUp:
			g.pickUp(player)
		case PlayerActionNameComplete:
			g.complete(player)
		default:
			return nil, fmt.Errorf("unknown action %q", r.Name)
		}
		quiet(g)
		return dump(g), nil
	case "legal":
		player := g.players[r.Player]
		l := legalDump{Attack: []string{}, Defend: [][]string{}}
		for _, c := range player.cards {
			if g.canPlayerAttackWithCard(player, c) {
				l.Attack = append(l.Attack, spell(c))
			}
			for i, a := range g.battleground {
				if _, beaten := g.defendingCards[i]; !beaten && g.canPlayerDefendWithCard(player, a, c) {
					l.Defend = append(l.Defend, []string{spell(a), spell(c)})
				}
			}
		}
		l.PickUp = g.canPlayerPickUp(player)
		l.Complete = g.canPlayerComplete(player)
		return l, nil
	case "dump":
		return dump(g), nil
	case "drop":
		delete(d.games, r.Game)
		return map[string]bool{}, nil
	}
	return nil, fmt.Errorf("unknown op %q", r.Op)
}

func main() {
	d := &driver{games: map[string]*Game{}}
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<20)
	out := bufio.NewWriter(os.Stdout)
	for in.Scan() {
		var r request
		var reply map[string]interface{}
		if err := json.Unmarshal(in.Bytes(), &r); err != nil {
			reply = map[string]interface{}{"ok": false, "error": err.Error()}
		} else if result, err := d.handle(r); err != nil {
			reply = map[string]interface{}{"ok": false, "error": err.Error()}
		} else {
			reply = map[string]interface{}{"ok": true, "result": result}
		}
		line, _ := json.Marshal(reply)
		out.Write(line)
		out.WriteString("\n")
		out.Flush()
	}
}
