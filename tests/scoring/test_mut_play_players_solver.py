"""The exact play of the rest of a hand (scoring/play/players/solver.py).

tests/scoring/test_play_players.py plays the solver against a brute-force search of
the engine on random endgames. This file checks it on a fixed, seeded set of small
endgames of every line-up and rule against a minimax written here from the rules
library alone (``rules.legal_cards``, ``rules.trick_winner``), and states the rest
of the Table's facts: each card's strength, the legal plays strongest first, the
plays searched (one of each run of cards nothing still out separates), the winner
of a trick, the card whose trick earns the bonus, and how many positions a search
visits (the count that caps Angus's guesses, so it is part of his decisions).
"""

from __future__ import annotations

import random

import pytest

from scoring.games.cards import ACE_OF_HEARTS, JOKER, Card, Suit, card, deck, is_trump
from scoring.play import rules
from scoring.play.players import solver as solver_module
from scoring.play.players.solver import Position, Solver, Table, bonus_card, tricks_left
from scoring.play.rules import PlayOptions, Renege

D, H, C, S = Suit.DIAMONDS, Suit.HEARTS, Suit.CLUBS, Suit.SPADES


@pytest.fixture(autouse=True)
def fresh_tables():
    """Each test starts with the solver's shared tables empty, as a new process would."""
    solver_module.forget_tables()
    yield
    solver_module.forget_tables()


RULES = [
    PlayOptions(),
    PlayOptions(joker=True),
    PlayOptions(aces_high=True),
    PlayOptions(must_follow=False),
    PlayOptions(renege=Renege.NONE),
    PlayOptions(renege=Renege.LOWER_LED, joker=True),
    PlayOptions(renege=Renege.FIVE_ONLY),
    PlayOptions(hearts_on_hearts=True),
    PlayOptions(hearts_on_hearts=True, ace_hearts_led=False),
    PlayOptions(ace_hearts_led=False),
]
LINE_UPS = {  # by seat: plays for the searching side
    "two alone": (True, False),
    "three alone": (False, True, False),
    "four in partnerships": (True, False, True, False),
}


def cards(text: str):
    return tuple(card(w) for w in text.split())


# ---- a minimax from the rules library ------------------------------------------------


def plays(hand, trick, trump, o, called):
    """The legal plays (card, call) of ``hand`` to ``trick``, by the rules library."""
    out = [(c, False) for c in rules.legal_cards(hand, trick, trump, o, called=called)]
    if not trick and o.hearts_on_hearts and ACE_OF_HEARTS in hand:
        out.append((ACE_OF_HEARTS, True))
    return out


def after(hands, leader, trick, called, move, trump, o):
    """(hands, leader, trick, called, winner or None) after the seat to act plays ``move``."""
    n = len(hands)
    seat = (leader + len(trick)) % n
    c, call = move
    hands = tuple(tuple(x for x in h if x != c) if s == seat else h for s, h in enumerate(hands))
    trick = trick + (c,)
    if len(trick) < n:
        return hands, leader, trick, called or call, None
    won = (leader + rules.trick_winner(trick, trump, o)) % n
    return hands, won, (), False, won


def minimax(hands, leader, trick, called, trump, o, ours):
    """Tricks our side takes from here, our seats maximizing, the others minimizing."""
    seat = (leader + len(trick)) % len(hands)
    if not hands[seat]:
        return 0
    results = []
    for move in plays(hands[seat], trick, trump, o, called):
        h, lead, t, call, won = after(hands, leader, trick, called, move, trump, o)
        gain = 1 if won is not None and ours[won] else 0
        results.append(gain + minimax(h, lead, t, call, trump, o, ours))
    return max(results) if ours[seat] else min(results)


def maxn(hands, leader, trick, called, trump, o, ours):
    """Tricks by seat from here, every seat for itself; a seat with a choice of equal
    results takes the one worst for our side, then the one with fewer for lower seats."""
    n = len(hands)
    seat = (leader + len(trick)) % n
    if not hands[seat]:
        return (0,) * n
    best = None
    for move in plays(hands[seat], trick, trump, o, called):
        h, lead, t, call, won = after(hands, leader, trick, called, move, trump, o)
        v = maxn(h, lead, t, call, trump, o, ours)
        if won is not None:
            v = tuple(x + (s == won) for s, x in enumerate(v))
        key = (-v[seat], sum(x for x, mine in zip(v, ours, strict=True) if mine), v)
        if best is None or key < best[0]:
            best = (key, v)
    return best[1]


def endgames(count: int, seed: int):
    """``count`` small endgames: (name, trump, options, ours, hands, leader, trick, called)."""
    rng = random.Random(seed)
    out = []
    for k in range(count):
        name = sorted(LINE_UPS)[k % 3]
        ours = LINE_UPS[name]
        o = RULES[k % len(RULES)]
        trump = list(Suit)[rng.randrange(4)]
        n = len(ours)
        left = rng.randint(1, 3 if n < 4 else 2)
        pool = list(deck(joker=o.joker))
        rng.shuffle(pool)
        leader = rng.randrange(n)
        on_table = rng.randrange(n)
        hands = []
        for s in range(n):
            size = left - 1 if (s - leader) % n < on_table else left
            hands.append(tuple(pool.pop() for _ in range(size)))
        trick = tuple(pool.pop() for _ in range(on_table))
        if on_table and rng.random() < 0.3:
            trick = (ACE_OF_HEARTS, *trick[1:]) if ACE_OF_HEARTS not in sum(hands, trick) else trick
        called = bool(trick) and trick[0] == ACE_OF_HEARTS and o.hearts_on_hearts
        out.append((name, trump, o, ours, tuple(hands), leader, trick, called))
    return out


def setup_of(trump, o, ours, hands, leader, trick, called):
    table = Table(trump, o, ours)
    idx = table.index
    pos = Position(
        tuple(tuple(sorted(idx[c] for c in h)) for h in hands),
        leader,
        tuple(idx[c] for c in trick),
        called,
    )
    return table, pos


# and a few where the search's window matters (found by narrowing it)
ENDGAMES = endgames(150, 45) + [endgames(300, 99)[i] for i in (36, 78, 84, 93, 114, 130, 258)]


@pytest.mark.parametrize("game", ENDGAMES, ids=[f"{g[0]}-{i}" for i, g in enumerate(ENDGAMES)])
def test_the_solver_takes_as_many_tricks_as_a_minimax_of_the_rules(game):
    name, trump, o, ours, hands, leader, trick, called = game
    table, pos = setup_of(trump, o, ours, hands, leader, trick, called)
    solver = Solver(table)
    assert solver.value(pos) == minimax(hands, leader, trick, called, trump, o, ours)
    seat = pos.to_act
    want = {}
    for move in plays(hands[seat], trick, trump, o, called):
        h, lead, t, call, won = after(hands, leader, trick, called, move, trump, o)
        gain = 1 if won is not None and ours[won] else 0
        want[(table.index[move[0]], move[1])] = gain + minimax(h, lead, t, call, trump, o, ours)
    assert solver.values(pos) == want
    if name == "three alone":
        assert solver.spread(pos) == maxn(hands, leader, trick, called, trump, o, ours)
        spreads = {}
        for move in plays(hands[seat], trick, trump, o, called):
            h, lead, t, call, won = after(hands, leader, trick, called, move, trump, o)
            v = maxn(h, lead, t, call, trump, o, ours)
            if won is not None:
                v = tuple(x + (s == won) for s, x in enumerate(v))
            spreads[(table.index[move[0]], move[1])] = v
        assert solver.spreads(pos) == spreads


def test_a_finished_hand_spreads_no_more_tricks():
    table = Table(C, PlayOptions(), (False, True, False))
    assert Solver(table).spread(Position(((), (), ()), 1)) == (0, 0, 0)


def test_the_seat_to_act_follows_the_leader_round_the_table():
    assert Position(((1,), (2,), (3,)), 1).to_act == 1
    assert Position(((1,), (), (3,)), 1, (2,)).to_act == 2
    assert Position(((), (2,), ()), 1, (4, 5)).to_act == 0
    assert Position(((1,),), 0).called is False


@pytest.mark.parametrize(
    "hands, leader, trick, left",
    [
        ((0b111, 0b111), 0, (), 3),  # three cards each, nothing led: three tricks
        ((0b011, 0b111), 0, (5,), 3),  # the leader led one of three: that trick and two more
        ((0b111, 0b011), 1, (), 2),  # the leader's hand counts, not the others'
        ((0, 0b1), 0, (4,), 1),  # the leader's last card on the table: the last trick
        ((0, 0), 0, (), 0),  # the hand is played out
    ],
)
def test_the_tricks_left_count_the_leaders_cards_and_the_trick_on_the_table(
    hands, leader, trick, left
):
    assert tricks_left(hands, leader, trick) == left


# ---- worked endgames -----------------------------------------------------------------


def test_the_five_of_trumps_drawn_first_makes_the_king_good():
    # clubs trump; seat 1 leads with 5♣ K♦; seat 2 holds 3♣ and no diamond
    table, pos = setup_of(
        C,
        PlayOptions(),
        (False, True, False),
        (cards("2♦ 4♠"), cards("5♣ K♦"), cards("3♣ 4♥")),
        1,
        (),
        False,
    )
    values = Solver(table).values(pos)
    assert {str(table.cards[c]): v for (c, _), v in values.items()} == {"5♣": 2, "K♦": 1}


def test_partners_count_each_other_s_tricks():
    # spades trump; seat 0 leads the 2♠; its partner (seat 2) holds the 5♠
    hands = (cards("2♠ K♥"), cards("3♠ Q♥"), cards("5♠ 2♥"), cards("4♠ J♥"))
    table, pos = setup_of(S, PlayOptions(), (True, False, True, False), hands, 0, (), False)
    solver = Solver(table)
    assert solver.value(pos) == 2
    by_card = {str(table.cards[c]): v for (c, _), v in solver.values(pos).items()}
    assert by_card == {"2♠": 2, "K♥": 2}


def test_hearts_on_hearts_is_a_play_of_its_own_that_stops_reneging():
    # clubs trump, three alone; seat 0 leads with A♥ 4♣. Called, seats 1 and 2 must
    # play their 5♣ and J♣, and seat 0's 4♣ then trumps the 2♠ lead: one trick.
    # Uncalled, they keep them back and seat 0 takes nothing.
    o = PlayOptions(hearts_on_hearts=True)
    hands = (cards("A♥ 4♣"), cards("5♣ 2♠"), cards("4♥ J♣"))
    table, pos = setup_of(C, o, (True, False, False), hands, 0, (), False)
    ace, four = table.index[card("A♥")], table.index[card("4♣")]
    assert table.legal(pos.hands[0], (), False) == ((ace, False), (four, False), (ace, True))
    assert Solver(table).values(pos) == {(ace, False): 0, (four, False): 0, (ace, True): 1}


# ---- the Table -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "trump", "options", "strength"),
    [
        ("5♣", C, PlayOptions(), 200),
        ("J♣", C, PlayOptions(), 199),
        ("A♥", C, PlayOptions(), 198),
        ("Joker", C, PlayOptions(joker=True), 198),
        ("A♥", C, PlayOptions(joker=True), 197),
        ("10♣", C, PlayOptions(), 187),  # the lowest of 14 clubs
        ("K♦", C, PlayOptions(), 50),
        ("A♦", C, PlayOptions(), 38),  # red low: the ace below the 2
        ("10♠", C, PlayOptions(), 38),  # black: the 10 the lowest
        ("A♠", C, PlayOptions(aces_high=True), 50),
        ("2♥", C, PlayOptions(), 39),  # hearts without their ace
    ],
)
def test_each_card_s_strength_puts_trumps_above_every_other_card(text, trump, options, strength):
    table = Table(trump, options, (True, False))
    assert table.strength(table.index[card(text)]) == strength


@pytest.mark.parametrize("o", RULES, ids=range(len(RULES)))
def test_the_table_s_winner_of_a_trick_is_the_rules_winner(o):
    rng = random.Random(7)
    for trump in Suit:
        table = Table(trump, o, (True, False, False))
        pool = list(table.cards)
        for size in (1, 2, 3, 4, 4, 4):
            trick = rng.sample(pool, size)
            assert table.winner(tuple(table.index[c] for c in trick)) == rules.trick_winner(
                trick, trump, o
            )


@pytest.mark.parametrize("o", RULES, ids=range(len(RULES)))
def test_the_legal_plays_are_the_rules_legal_cards_strongest_first(o):
    rng = random.Random(11)
    for trump in Suit:
        table = Table(trump, o, (True, False, False))
        for _ in range(12):
            pool = list(table.cards)
            rng.shuffle(pool)
            hand, led = pool[: rng.randint(1, 6)], pool[10]
            if rng.random() < 0.3:
                led = ACE_OF_HEARTS if ACE_OF_HEARTS not in hand else led
            for called in (False, True):
                idx = tuple(sorted(table.index[c] for c in hand))
                for trick in ((), (table.index[led],)):
                    got = table.legal(idx, trick, called)
                    cs = [table.cards[i] for i in trick]
                    want = [
                        (table.index[c], False)
                        for c in sorted(
                            rules.legal_cards(hand, cs, trump, o, called=called),
                            key=lambda c: (-table.strength(table.index[c]), table.index[c]),
                        )
                    ]
                    if not trick and o.hearts_on_hearts and ACE_OF_HEARTS in hand:
                        want.append((table.index[ACE_OF_HEARTS], True))
                    assert list(got) == want


def mask(table, text: str) -> int:
    out = 0
    for c in cards(text):
        out |= 1 << table.index[c]
    return out


def shown(table, moves):
    return [str(table.cards[c]) + ("!" if call else "") for c, call in moves]


@pytest.mark.parametrize(
    ("hand", "trick", "out", "order", "searched"),
    [
        # 8♣ 7♣ with nothing out between them: one of the two is searched
        ("8♣ 7♣ K♦", "", "9♣ 2♦", False, ["K♦", "7♣"]),
        # clubs black low: the 9♣ ranks between the 8♣ and the 10♣ and is still out
        ("8♣ 10♣ K♦", "", "9♣ 2♦", False, ["K♦", "8♣", "10♣"]),
        # a card on the table does not separate (it is out of play), one in a hand does
        ("8♣ 10♣", "", "", False, ["8♣"]),
        # trumps: the 3♠ between the 2♠ and the 4♠ separates them
        ("2♠ 4♠ 6♠", "", "3♠", False, ["2♠", "4♠"]),
        # the A♦ (card 0) out does not separate two clubs
        ("8♣ 7♣", "", "A♦", False, ["7♣"]),
        # each honour is a class of its own: never merged
        ("5♠ J♠ A♥", "", "", False, ["5♠", "J♠", "A♥"]),
        # following with order: the cheapest winner first, then the lowest
        ("K♥ J♥ 9♥ 7♥", "10♥", "Q♥ 10♥ 8♥", True, ["J♥", "K♥", "7♥", "9♥"]),
        # following without order: strongest first
        ("K♥ J♥ 9♥ 7♥", "10♥", "Q♥ 10♥ 8♥", False, ["K♥", "J♥", "9♥", "7♥"]),
        # the K♥ and the Q♥ make one run: the K♥ stands for both
        ("K♥ Q♥ 9♥ 7♥", "10♥", "J♥ 10♥ 8♥", True, ["K♥", "7♥", "9♥"]),
        # order only counts when following
        ("K♥ J♥ 7♥", "", "Q♥ 8♥", True, ["K♥", "J♥", "7♥"]),
    ],
)
def test_the_plays_searched_keep_one_of_each_run_and_follow_cheaply_first(
    hand, trick, out, order, searched
):
    table = Table(S, PlayOptions(), (True, False))
    trick_idx = tuple(table.index[c] for c in cards(trick))
    moves = table.moves(mask(table, hand), trick_idx, False, mask(table, out), order)
    assert shown(table, moves) == searched


def following_the_ace_of_diamonds():
    """Diamonds trump, hearts on hearts: A♥ 9♣ may follow the A♦ (card 0) led with either
    card (the A♥ is held back as the source allows), and only a lead may be called."""
    table = Table(D, PlayOptions(hearts_on_hearts=True), (True, False))
    ace, nine = table.index[card("A♥")], table.index[card("9♣")]
    assert table.index[card("A♦")] == 0
    return table, mask(table, "A♥ 9♣"), ace, nine


def test_a_follow_to_the_first_card_is_never_a_call():
    table, hand, ace, nine = following_the_ace_of_diamonds()
    assert table.legal_of(hand, 0, False) == ((ace, False), (nine, False))
    assert table.legal_of(hand, -1, False) == ((ace, False), (nine, False), (ace, True))


def test_a_lead_and_a_follow_of_the_same_cards_are_listed_apart():
    table, hand, ace, nine = following_the_ace_of_diamonds()
    assert table.legal_of(hand, -1, False) == ((ace, False), (nine, False), (ace, True))
    assert table.legal_of(hand, 0, False) == ((ace, False), (nine, False))


def test_the_plays_searched_follow_the_cards_out_each_time():
    # one Table, asked twice: a diamond out between the 9♦ and the 7♦, then none
    table = Table(S, PlayOptions(), (True, False))
    hand = mask(table, "8♣ 10♣ 9♦ 7♦")
    assert shown(table, table.moves(hand, (), False, mask(table, "8♦"), False)) == [
        "9♦",
        "7♦",
        "8♣",
    ]
    assert shown(table, table.moves(hand, (), False, 0, False)) == ["9♦", "8♣"]


def test_on_the_ace_of_hearts_led_a_player_without_trumps_plays_a_heart():
    table = Table(C, PlayOptions(), (True, False))
    hand = tuple(sorted(table.index[c] for c in cards("2♥ 9♦")))
    led = (table.index[ACE_OF_HEARTS],)
    assert table.legal(hand, led, False) == ((table.index[card("2♥")], False),)


def test_a_called_ace_of_hearts_is_searched_as_a_play_of_its_own():
    table = Table(C, PlayOptions(hearts_on_hearts=True), (True, False))
    moves = table.moves(mask(table, "A♥ 2♦"), (), False, 0, False)
    assert shown(table, moves) == ["A♥", "2♦", "A♥!"]


def test_the_tables_of_one_trump_and_rules_are_shared_and_kept():
    a = Table(C, PlayOptions(), (True, False))
    b = Table(C, PlayOptions(), (False, True, False))
    a.winner((1, 2))
    assert b._winner is a._winner  # noqa: SLF001 - the shared cache is the fact
    assert Table(D, PlayOptions(), (True, False))._winner is not a._winner  # noqa: SLF001
    other_rules = Table(C, PlayOptions(must_follow=False), (True, False))
    assert other_rules._winner is not a._winner  # noqa: SLF001


# ---- the bonus card ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("held", "trump", "joker", "five_only", "bonus"),
    [
        ("2♣ A♥ K♣", C, False, False, "A♥"),
        ("2♣ Joker A♥", C, True, False, "Joker"),
        ("K♦ Q♦", C, False, False, None),
        ("5♣ 2♣", C, False, True, "5♣"),
        ("J♣ A♥", C, False, True, None),  # only the 5 of trumps earns it
    ],
)
def test_the_bonus_goes_to_the_best_trump_played_or_only_to_the_five(
    held, trump, joker, five_only, bonus
):
    got = bonus_card(cards(held), trump, joker=joker, five_only=five_only)
    assert got == (None if bonus is None else card(bonus))


def test_the_joker_is_a_card_of_its_own_in_the_table():
    table = Table(H, PlayOptions(joker=True), (True, False))
    assert table.cards[-1] == JOKER and len(table.cards) == 53
    assert len(Table(H, PlayOptions(), (True, False)).cards) == 52


# ---- positions searched ----------------------------------------------------------------


def test_the_positions_a_search_visits_are_counted():
    rng = random.Random(3)
    pool = list(deck())
    rng.shuffle(pool)
    hands = tuple(tuple(pool[5 * s : 5 * s + 5]) for s in range(3))
    table, pos = setup_of(D, PlayOptions(), (False, True, False), hands, 1, (), False)
    solver = Solver(table)
    solver.values(pos)
    first = table.nodes
    solver.values(pos)  # the transposition table answers at once
    assert (first, table.nodes - first) == (712, 5)
    assert solver.value(pos) == 4


def called_endgames(count: int, seed: int):
    """Three alone, hearts on hearts: the leader holds the A♥ (2 or 3 tricks left); in
    every other one the next seat holds an honour, the 5 or the J, as its only trump."""
    rng = random.Random(seed)
    out = []
    for k in range(count):
        o = PlayOptions(hearts_on_hearts=True, renege=rng.choice([Renege.SOURCE, Renege.LOWER_LED]))
        trump = rng.choice([C, S, D])
        left = rng.randint(2, 3)
        pool = [c for c in deck() if c != ACE_OF_HEARTS]
        rng.shuffle(pool)
        leader = rng.randrange(3)
        honour = Card(rng.choice(["5", "J"]), trump)
        pool.remove(honour)
        plain = [c for c in pool if not is_trump(c, trump)]
        hands = [[] for _ in range(3)]
        nxt = (leader + 1) % 3
        if k % 2:
            hands[nxt] = [honour] + [plain.pop() for _ in range(left - 1)]
        else:
            pool.append(honour)
        used = set(hands[nxt])
        pool = [c for c in pool if c not in used and c in pool]
        rng.shuffle(pool)
        for s in range(3):
            while len(hands[s]) < left:
                c = pool.pop()
                if c not in used:
                    hands[s].append(c)
                    used.add(c)
        hands[leader][0] = ACE_OF_HEARTS
        out.append((trump, o, tuple(tuple(h) for h in hands), leader))
    return out


CALLED = called_endgames(40, 8)


@pytest.mark.parametrize("game", CALLED, ids=range(len(CALLED)))
def test_every_seat_for_itself_with_hearts_on_hearts_called(game):
    trump, o, hands, leader = game
    ours = LINE_UPS["three alone"]
    table, pos = setup_of(trump, o, ours, hands, leader, (), False)
    solver = Solver(table)
    want = {}
    for move in plays(hands[leader], (), trump, o, False):
        h, lead, t, call, won = after(hands, leader, (), False, move, trump, o)
        want[(table.index[move[0]], move[1])] = maxn(h, lead, t, call, trump, o, ours)
    assert solver.spreads(pos) == want
    # the A♥ on the table, called: the others may not keep a trump back
    rest = tuple(tuple(c for c in h if c != ACE_OF_HEARTS) for h in hands)
    table, pos = setup_of(trump, o, ours, rest, leader, (ACE_OF_HEARTS,), True)
    assert Solver(table).spread(pos) == maxn(rest, leader, (ACE_OF_HEARTS,), True, trump, o, ours)
    assert Solver(table).value(pos) == minimax(rest, leader, (ACE_OF_HEARTS,), True, trump, o, ours)
    seat, lead = (leader + 1) % 3, (ACE_OF_HEARTS,)
    values, spreads = {}, {}
    for move in plays(rest[seat], lead, trump, o, True):
        h, nxt, tr, call, won = after(rest, leader, lead, True, move, trump, o)
        values[(table.index[move[0]], move[1])] = minimax(h, nxt, tr, call, trump, o, ours)
        spreads[(table.index[move[0]], move[1])] = maxn(h, nxt, tr, call, trump, o, ours)
    assert Solver(table).values(pos) == values
    assert Solver(table).spreads(pos) == spreads


def test_the_positions_an_every_seat_for_itself_search_visits_are_counted():
    rng = random.Random(3)
    pool = list(deck())
    rng.shuffle(pool)
    hands = tuple(tuple(pool[5 * s : 5 * s + 5]) for s in range(3))
    table, pos = setup_of(D, PlayOptions(), (False, True, False), hands, 1, (), False)
    solver = Solver(table)
    spreads = solver.spreads(pos)
    first = table.nodes
    assert solver.spreads(pos) == spreads
    # more plays are open since a trump held back on the A♥ lead lifts the heart duty
    assert (first, table.nodes - first) == (2510, 5)


def dealt(seed: int, ours, o, trump, size: int):
    """A Table and a Position of ``size`` cards each, seat 0 to lead, from a seeded deal."""
    rng = random.Random(seed)
    pool = list(deck(joker=o.joker))
    rng.shuffle(pool)
    hands = tuple(tuple(pool[size * s : size * s + size]) for s in range(len(ours)))
    return setup_of(trump, o, ours, hands, 0, (), False)


@pytest.mark.parametrize(
    ("seed", "ours", "o", "trump", "size", "tricks", "nodes"),
    [
        (1, (True, False, True, False), PlayOptions(), S, 4, 1, 485),
        (3, (True, False), PlayOptions(hearts_on_hearts=True), C, 5, 1, 181),
        (2, (False, True, False), PlayOptions(joker=True, renege=Renege.LOWER_LED), H, 5, 3, 624),
    ],
)
def test_the_tricks_of_a_dealt_hand_and_the_positions_searched(
    seed, ours, o, trump, size, tricks, nodes
):
    table, pos = dealt(seed, ours, o, trump, size)
    assert Solver(table).value(pos) == tricks
    assert table.nodes == nodes


def test_every_seat_for_itself_on_a_dealt_hand():
    table, pos = dealt(
        2, (False, True, False), PlayOptions(joker=True, renege=Renege.LOWER_LED), H, 5
    )
    assert Solver(table).spread(pos) == (1, 3, 1)
    assert table.nodes == 3500


@pytest.mark.parametrize("last", ["A♦", "K♠"])
def test_the_last_trick_is_played_out_at_once(last):
    # every card forced: one position, whichever card (the A♦ is card 0)
    hands = (cards(last), cards("2♣"), cards("9♥"))
    table, pos = setup_of(C, PlayOptions(), (True, False, False), hands, 0, (), False)
    assert Solver(table).value(pos) == 0
    assert table.nodes == 1


SEARCHED = endgames(50, 5)
CALLED_SEARCHED = called_endgames(49, 11)[48]


@pytest.mark.parametrize(
    ("game", "tricks", "nodes"),
    [
        (SEARCHED[5], 1, 22),
        (SEARCHED[10], 2, 91),
        (SEARCHED[15], 1, 21),
        (SEARCHED[49], 1, 79),
        (
            ("three alone", *CALLED_SEARCHED[:2], LINE_UPS["three alone"], *CALLED_SEARCHED[2:]),
            0,
            182,
        ),
    ],
    ids=["two alone", "three alone", "four in partnerships", "three alone again", "called"],
)
def test_the_positions_searched_for_an_endgame(game, tricks, nodes):
    # the count caps Angus's guesses, so a search that visits other positions
    # (a window, a trick started as called, a card on the table) changes his play
    name, trump, o, ours, hands, leader = game[:6]
    trick, called = (game[6], game[7]) if len(game) > 6 else ((), False)
    table, pos = setup_of(trump, o, ours, hands, leader, trick, called)
    solver = Solver(table)
    assert solver.value(pos) == tricks
    solver.values(pos)
    if name == "three alone":
        solver.spreads(pos)
    assert table.nodes == nodes
