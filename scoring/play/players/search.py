"""Angus, the stronger player: guess the unseen cards, solve each guess, average (no Django).

For each decision Angus deals the cards he cannot see at random among the
hands he cannot see, only in ways that fit everything shown (``view.sample``:
cards played, shown voids, the robbed card, which stays with the robber while
the robber's discard is one more unseen card), and, in Auction, in ways that
fit the bidding (``guess``: a seat that bid holds a hand Margaret's rule would
bid as much on). Every decision, in play, robbing, bidding, naming trump and
the draw, takes its guesses from ``guess``. He plays each guess out:

- In play, the solver (``solver.py``) gives, for each card he may play, the
  tricks his side takes with perfect play afterwards; the hand is then
  scored by ``scoring.games`` exactly as the table would score it.
- Robbing, bidding, naming trump and discarding: each choice is applied to
  the guess, the rest of the bidding and the draw are played by Margaret's
  rules for every seat, and the hand is then solved the same way.

The value of a result is the game score: points for his side minus the
average of the others', plus a bonus for winning the game and a penalty for
losing it (so near 45 he plays to get there first). He picks the choice
with the best average over the guesses. The number of guesses is capped by
a count of positions searched, not by a clock, so a seed always gives the
same decision on any machine.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from scoring.games import apply_hand, score_hand
from scoring.games.cards import Card, Suit, is_trump
from scoring.games.core import NO_TRUMP, HandRecord
from scoring.play.game import State, hand_record
from scoring.play.players.club import (
    best_suit,
    is_king,
    lowest,
    margaret_choose,
    sure_tricks,
)
from scoring.play.players.solver import Position, Solver, Table, bonus_card
from scoring.play.records import Phase
from scoring.play.setup import Bid, Discard, Hold, Move, NameTrump, Pass, Play, Style
from scoring.play.view import PlayerView, determinize, sample, view_of

WIN_BONUS = 25  # points a won game is worth over the hand's points


@dataclass(frozen=True)
class Search:
    """How many guesses Angus weighs, and what he reads from the table.

    play_samples, other_samples: guesses at least and at most, in play and in
    the other decisions (robbing, bidding, naming trump, discarding).
    play_budget, other_budget: positions searched for one decision in play,
    and in the others, past which he stops once the least guesses are done.
    bid_tries: guesses drawn, at most, for one that fits the bidding (0: the
    bidding is not read). fit_draws: in Auction, a seat that discarded k
    cards kept 5 - k cards worth keeping (trumps and off-suit kings) and
    threw k that were not. read_robs: a seat that played to the first trick
    without robbing holds no ace of trumps. relative: seats are counted from
    his own, so renumbering the seats never changes his move.
    """

    play_samples: tuple[int, int] = (5, 40)
    other_samples: tuple[int, int] = (3, 16)
    play_budget: int = 12_000
    other_budget: int = 12_000
    bid_tries: int = 8
    fit_draws: bool = False
    read_robs: bool = False
    relative: bool = False


FIRST = Search()  # the first Angus, kept as a fixed level for the benchmark (and the coach)
ANGUS = Search(
    play_samples=(10, 60), play_budget=30_000, fit_draws=True, read_robs=True, relative=True
)


@dataclass(frozen=True)
class Estimate:
    """A choice's average result over the guesses: ``value`` (what Angus
    maximizes: points plus the game bonus) and ``points`` (his side's points
    minus the others' average, for this hand)."""

    value: float
    points: float


def angus_choose(view: PlayerView, *, seed: int, how: Search = ANGUS) -> Move:
    """Angus's move: the best estimate; ties go to Margaret's choice, then the lower card."""
    legal = view.legal
    if len(legal) == 1:
        return legal[0]
    return best_move(view, estimates(view, seed=seed, how=how))


def perfect_choose(state: State, *, seed: int = 0) -> Move:
    """The move of a player who sees every card, the benchmark's ceiling: each
    choice Angus weighs, played out on the true deal alone (``seed`` is unused:
    there is nothing to guess)."""
    assert state.to_act is not None
    view = view_of(state, state.to_act)
    if len(view.legal) == 1:
        return view.legal[0]
    solvers: dict[Suit, Solver] = {}
    if view.phase is Phase.PLAY:
        values = _play_deal(view, state, solvers, ANGUS)
    else:
        values = _other_deal(view, state, _candidates(view), solvers, ANGUS)
    return best_move(view, values)


def first_angus_choose(view: PlayerView, *, seed: int) -> Move:
    """The first Angus's move (``FIRST``), kept unchanged to measure the present one against."""
    return angus_choose(view, seed=seed, how=FIRST)


def best_move(view: PlayerView, values: dict[Move, Estimate]) -> Move:
    club = margaret_choose(view)
    top = max(e.value for e in values.values())
    ties = [m for m, e in values.items() if e.value >= top - 1e-9]
    if club in ties:
        return club
    if view.trump is not None and all(isinstance(m, Play) for m in ties):
        cards = [m.card for m in ties]  # type: ignore[union-attr]
        low = lowest(cards, view.trump, view.setup.options)
        return next(m for m in ties if isinstance(m, Play) and m.card == low)
    return ties[0]


def estimates(view: PlayerView, *, seed: int, how: Search = ANGUS) -> dict[Move, Estimate]:
    """Each choice Angus weighs, with its average result over the guesses."""
    if view.phase is Phase.PLAY:
        return _play_estimates(view, seed, how)
    return other_estimates(view, _candidates(view), seed, how)


# ---- guessing the unseen cards -------------------------------------------------------


def shown_by_bids(view: PlayerView) -> dict[int, tuple[int, Suit | None]]:
    """What the bidding of this hand shows, by other seat: the highest amount it
    bid and the suit it is read in (the trump the bidder named; None: its best
    suit, while the bidding is on). Seats that lost the bidding show nothing
    once trump is named (they may have thrown their suit in the draw)."""
    out: dict[int, tuple[int, Suit | None]] = {}
    if view.setup.style is not Style.AUCTION:
        return out
    high = 0
    for seat, move in view.calls:
        if isinstance(move, Bid | Hold):  # holding takes the bid at the highest amount
            amount = move.amount if isinstance(move, Bid) else high
            high = max(high, amount)
            if seat != view.seat:
                out[seat] = (max(amount, out.get(seat, (0, None))[0]), None)
    if view.trump is None:
        return out
    if view.bidder in out:
        return {view.bidder: (out[view.bidder][0], view.trump)}
    return {}


def fits_bids(view: PlayerView, guess: State, shown: dict[int, tuple[int, Suit | None]]) -> bool:
    """Whether every seat that bid holds, in ``guess`` (with the cards it has
    played this hand), a hand Margaret's rule bids that much on: 5 points for
    each sure trick in the suit, and one from the partner."""
    o = view.setup.options
    for seat, (amount, suit) in shown.items():
        hand = tuple(guess.hands[seat]) + tuple(c for s, c in view.plays if s == seat)
        tricks = sure_tricks(hand, suit, o) if suit is not None else best_suit(hand, o)[1]
        if 5 * (min(tricks, 4.0) + 1) < min(amount, 25):  # the rule bids 25 at most
            return False
    return True


def guess(view: PlayerView, rng: random.Random, how: Search = ANGUS) -> State:
    """One guess of the unseen cards that fits the view (``fitted_sample``) and,
    when it can within ``how.bid_tries`` draws, the bidding; else the last draw."""
    tries = how.bid_tries
    shown = shown_by_bids(view) if tries else {}
    state = fitted_sample(view, rng, how=how)
    for _ in range(tries - 1 if shown else 0):
        if fits_bids(view, state, shown):
            break
        state = fitted_sample(view, rng, how=how)
    return state


def keeps(card: Card, view: PlayerView) -> bool:
    """Whether a player keeps ``card`` in the draw: a trump or an off-suit king."""
    assert view.trump is not None
    return is_trump(card, view.trump) or is_king(card, view.trump, view.setup.options)


def drawn(view: PlayerView) -> dict[int, int]:
    """The other seats that have discarded and drawn this hand (Auction), with
    how many cards each discarded."""
    setup = view.setup
    if setup.style is not Style.AUCTION or view.trump is None:
        return {}
    n = setup.players
    # the draw goes round from the dealer's left
    order = [(view.dealer + 1 + i) % n for i in range(n)]
    if view.phase is Phase.DISCARD:
        assert view.to_act is not None
        order = order[: order.index(view.to_act)]
    elif view.phase is not Phase.PLAY:
        return {}
    return {s: view.discard_counts[s] for s in order if s != view.seat}


def no_rob(view: PlayerView) -> tuple[frozenset[Card], ...]:
    """``view.cannot_hold`` with the ace of trumps added for every seat that has
    played to the first trick without robbing (a player holding it robs)."""
    ace = Card("A", view.trump) if view.trump is not None else None
    if view.turn_up is None or view.taken_by is not None or ace not in view.unseen():
        return view.cannot_hold
    first = {s for s, _ in view.plays[: view.setup.players]}
    return tuple(
        h | {ace} if s in first and s != view.seat else h for s, h in enumerate(view.cannot_hold)
    )


def fitted_sample(view: PlayerView, rng: random.Random, *, how: Search = ANGUS) -> State:
    """A random State that fits ``view`` as ``view.sample`` does, and also, as
    ``how`` asks, the draw (``drawn``: a seat that discarded k cards holds, with
    the cards it has played, at least 5 - k it would keep, as many as are
    unseen, and its discards are cards it would throw) and the robs
    (``no_rob``). Seats are dealt their cards most constrained first, then
    counting from this seat, so the guesses do not depend on how the seats
    are numbered. With none of them asked (``FIRST``), the deal is
    ``view.sample``'s from the same ``rng``. Falls back on ``view.sample`` when
    no such deal turns up."""
    n = view.setup.players
    cannot = no_rob(view) if how.read_robs else view.cannot_hold
    counts = drawn(view) if how.fit_draws else {}
    unseen = list(view.unseen())
    others = [(view.seat + i) % n for i in range(1, n)]
    if not how.relative:
        others.sort()
    others.sort(key=lambda s: -len(cannot[s]))
    for _ in range(200):
        rng.shuffle(unseen)
        pool = list(unseen)
        hands: dict[int, list[Card]] = {}
        for s in others:
            need = view.hand_sizes[s] - len(view.known[s])
            fits = [c for c in pool if c not in cannot[s]]
            least = 0
            if s in counts:
                shown = [c for t, c in view.plays if t == s] + list(view.known[s])
                least = min(need, max(0, 5 - counts[s] - sum(keeps(c, view) for c in shown)))
            kept = [c for c in fits if keeps(c, view)][:least] if least else []
            more = [c for c in fits if c not in kept][: need - len(kept)]
            if len(kept) + len(more) < need:
                break
            hands[s] = kept + more
            pool = [c for c in pool if c not in hands[s]]
        else:
            return determinize(view, hands, _rest(view, pool, counts, others))
    return sample(view, rng)


def _rest(view: PlayerView, pool: list[Card], counts: dict[int, int], others: list[int]):
    """The unseen cards left for the stock and the discards, in ``determinize``'s
    order: a seat that drew threw cards it would not keep, when there are enough."""
    thrown: dict[int, list[Card]] = {}
    for s in others:
        k = view.discard_counts[s]
        if s in counts and k:
            out = [c for c in pool if not keeps(c, view)][:k]
            out += [c for c in pool if c not in out][: k - len(out)]
            thrown[s] = out
            pool = [c for c in pool if c not in out]
    stock = [] if view.pack else pool[: view.stock_size]
    pool = pool[len(stock) :]
    rest = list(stock)
    for s in range(view.setup.players):
        if s == view.seat:
            continue
        mine = thrown.get(s)
        if mine is None:
            mine, pool = pool[: view.discard_counts[s]], pool[view.discard_counts[s] :]
        rest += mine
    return rest + pool  # any cards a hand-built view leaves out, last, as ``sample`` has them


# ---- scoring a finished hand --------------------------------------------------------


def _scorer(state: State, seat: int) -> Callable[[tuple[int, ...], int | None], Estimate]:
    """The value for ``seat`` of the hand ending with ``split`` (tricks by side),
    the bonus to ``best``."""
    setup = state.setup
    mine, sides = setup.side_of(seat), setup.sides
    others = [s for s in range(sides) if s != mine]
    cache: dict[tuple[tuple[int, ...], int | None], Estimate] = {}

    def score(split: tuple[int, ...], best: int | None) -> Estimate:
        hit = cache.get((split, best))
        if hit is not None:
            return hit
        if setup.style is Style.AUCTION:
            record = hand_record(state, split, best=best)
        else:
            record = HandRecord(split, best)
        out = score_hand(setup.variant, state.score, record)
        after = apply_hand(setup.variant, state.score, record)
        theirs = sum(out.changes[s] for s in others) / len(others)
        points = out.changes[mine] - theirs
        value = points
        if after.winner is not None:
            value += WIN_BONUS if after.winner == mine else -WIN_BONUS
        hit = cache[(split, best)] = Estimate(value, points)
        return hit

    return score


def _split(state: State, seat: int, tricks: int) -> tuple[int, ...]:
    """Tricks by side when ``seat``'s side ends with ``tricks`` (two sides)."""
    mine = state.setup.side_of(seat)
    return tuple(tricks if s == mine else 5 - tricks for s in range(state.setup.sides))


def _by_side(state: State, won: tuple[int, ...], more: tuple[int, ...]) -> tuple[int, ...]:
    """Tricks by side: those won so far plus ``more``, by seat."""
    out = list(won)
    for s, t in enumerate(more):
        out[state.setup.side_of(s)] += t
    return tuple(out)


# ---- from a guessed State to the solver ---------------------------------------------


def _resolve_robs(state: State) -> State:
    """Seats that may still rob, in this guess, rob (throwing their lowest card)."""
    if state.turn_up is None or state.taken_by is not None or state.tricks:
        return state
    assert state.trump is not None
    played = {s for s, _ in state.trick}
    ace = state.ace_of_trumps()
    for s in range(state.setup.players):
        if s in played or ace not in state.hands[s]:
            continue
        if s == state.to_act and state.declined:
            continue
        hand = state.hands[s]
        throw = lowest(hand, state.trump, state.options)
        hands = list(state.hands)
        hands[s] = tuple(c for c in hand if c != throw) + (state.turn_up,)
        return replace(state, hands=tuple(hands), taken_by=s)
    return state


def solver_position(state: State, table: Table) -> tuple[Position, int | None]:
    """The solver's Position for a guess in play, and the side that gets the bonus."""
    state = _resolve_robs(state)
    assert state.trump is not None
    idx = table.index
    hands = tuple(tuple(sorted(idx[c] for c in h)) for h in state.hands)
    pos = Position(hands, state.leader(), tuple(idx[c] for _, c in state.trick), state.called)
    held = [c for h in state.hands for c in h] + [c for _, c in state.played()]
    o, v = state.options, state.setup.variant
    top = bonus_card(held, state.trump, joker=o.joker, five_only=v.five_only_bonus)
    best: int | None = NO_TRUMP
    if top is not None:
        owner = next((s for s, c in state.played() if c == top), None)
        if owner is None:
            owner = next(s for s, h in enumerate(state.hands) if top in h)
        best = state.setup.side_of(owner)
    return pos, best


def solver_table(state: State, seat: int, trump: Suit, *, turn: int = 0) -> Table:
    """The solver's Table for a hand in ``trump``, played for the side of ``seat``,
    with seats counted from seat ``turn`` (see ``turned``)."""
    setup = state.setup
    n = setup.players
    ours = tuple(setup.side_of((s + turn) % n) == setup.side_of(seat) for s in range(n))
    return Table(trump, setup.options, ours)


def turned(pos: Position, turn: int) -> Position:
    """``pos`` with its seats counted from seat ``turn`` (seat ``turn`` becomes 0),
    so that the solver's choice among results equal for a seat does not hang
    on how the seats are numbered."""
    if not turn:
        return pos
    n = len(pos.hands)
    return replace(pos, hands=pos.hands[turn:] + pos.hands[:turn], leader=(pos.leader - turn) % n)


def unturned(tricks: tuple[int, ...], turn: int) -> tuple[int, ...]:
    """Tricks by seat counted from seat ``turn``, back by seat number."""
    return tricks[-turn:] + tricks[:-turn] if turn else tricks


def _play_estimates(view: PlayerView, seed: int, how: Search) -> dict[Move, Estimate]:
    rng = random.Random(seed)
    moves = [m for m in view.legal if isinstance(m, Play)]
    sums = {m: [0.0, 0.0] for m in moves}
    solvers: dict[Suit, Solver] = {}
    least, most = how.play_samples
    done = 0
    while done < most and not (done >= least and _nodes(solvers) > how.play_budget):
        for m, e in _play_deal(view, guess(view, rng, how), solvers, how).items():
            sums[m][0] += e.value
            sums[m][1] += e.points
        done += 1
    return {m: Estimate(v / done, p / done) for m, (v, p) in sums.items()}


def _nodes(solvers: dict[Suit, Solver]) -> int:
    return sum(s.t.nodes for s in solvers.values())


def _play_deal(
    view: PlayerView, state: State, solvers: dict[Suit, Solver], how: Search
) -> dict[Move, Estimate]:
    """Each play's result on one guess in play (the solver kept in ``solvers``)."""
    solver, pos, best, turn = _solving(view, state, solvers, how)
    table = solver.t
    score = _scorer(state, view.seat)
    won = state.tricks_won()
    if view.setup.sides > 2:
        spread = solver.spreads(pos)
        splits = {k: _by_side(state, won, unturned(v, turn)) for k, v in spread.items()}
    else:
        mine = view.setup.side_of(view.seat)
        after = solver.values(pos)
        splits = {k: _split(state, view.seat, won[mine] + v) for k, v in after.items()}
    return {
        m: score(splits[(table.index[m.card], m.call)], best)
        for m in view.legal
        if isinstance(m, Play)
    }


# ---- robbing, bidding, trump and the draw -------------------------------------------


def _candidates(view: PlayerView) -> list[Move]:
    """The choices worth weighing: every rob; in the bidding, pass, hold and the
    two lowest bids; the two suits Margaret rates best for trump; in the draw,
    Margaret's discard, drawing for every card that is not a trump, and standing pat."""
    legal = list(view.legal)
    o = view.setup.options
    if view.phase is Phase.BID:
        bids = sorted((m for m in legal if isinstance(m, Bid)), key=lambda m: m.amount)[:2]
        return [m for m in legal if isinstance(m, Pass | Hold)] + bids
    if view.phase is Phase.TRUMP:
        rated = sorted(Suit, key=lambda s: -sure_tricks(view.hand, s, o))[:2]
        return [NameTrump(s) for s in rated]
    if view.phase is not Phase.DISCARD:
        return legal
    assert view.trump is not None
    trump = view.trump
    plain = tuple(c for c in view.hand if not is_trump(c, trump))[: view.stock_size]
    out = [margaret_choose(view), Discard(plain), Discard()]
    return [m for m in dict.fromkeys(out) if m in legal]


def _play_out(state: State) -> State:
    """The bidding, trump and the draw finished by Margaret's rules for every seat."""
    hand_no = state.hand_no
    while state.phase in (Phase.BID, Phase.TRUMP, Phase.DISCARD) and state.hand_no == hand_no:
        assert state.to_act is not None
        state = state.apply(margaret_choose(view_of(state, state.to_act)))
    return state


def other_estimates(
    view: PlayerView, moves: Sequence[Move], seed: int, how: Search = ANGUS
) -> dict[Move, Estimate]:
    rng = random.Random(seed)
    sums = {m: [0.0, 0.0] for m in moves}
    solvers: dict[Suit, Solver] = {}
    least, most = how.other_samples
    done = 0
    while done < most and not (done >= least and _nodes(solvers) > how.other_budget):
        for m, e in _other_deal(view, guess(view, rng, how), moves, solvers, how).items():
            sums[m][0] += e.value
            sums[m][1] += e.points
        done += 1
    return {m: Estimate(v / done, p / done) for m, (v, p) in sums.items()}


def _solving(
    view: PlayerView, state: State, solvers: dict[Suit, Solver], how: Search
) -> tuple[Solver, Position, int | None, int]:
    """The solver for ``state``'s trump (kept in ``solvers``), the position it
    searches, the side with the bonus, and the seat counted as 0 (``turned``)."""
    assert state.trump is not None
    turn = view.seat if how.relative else 0
    solver = solvers.get(state.trump)
    if solver is None:
        table = solver_table(state, view.seat, state.trump, turn=turn)
        solver = solvers[state.trump] = Solver(table)
    pos, best = solver_position(state, solver.t)
    return solver, turned(pos, turn), best, turn


def _other_deal(
    view: PlayerView,
    dealt: State,
    moves: Sequence[Move],
    solvers: dict[Suit, Solver],
    how: Search,
) -> dict[Move, Estimate]:
    """Each of ``moves`` on one guess: applied, the rest of the bidding and the draw
    played by Margaret's rules, the hand solved (solvers kept by trump in ``solvers``)."""
    out = {}
    mine = view.setup.side_of(view.seat)
    for m in moves:
        state = _play_out(dealt.apply(m))
        assert state.phase is Phase.PLAY
        solver, pos, best, turn = _solving(view, state, solvers, how)
        won = state.tricks_won()
        if view.setup.sides > 2:
            split = _by_side(state, won, unturned(solver.spread(pos), turn))
        else:
            split = _split(state, view.seat, won[mine] + solver.value(pos))
        out[m] = _scorer(state, view.seat)(split, best)
    return out


# ---- the same guesses for every choice, one by one (the coach's review) --------------


def choices(view: PlayerView) -> list[Move]:
    """The choices Angus weighs: every legal play in play, else those of ``estimates``."""
    if view.phase is Phase.PLAY:
        return [m for m in view.legal if isinstance(m, Play)]
    return _candidates(view)


def results_by_deal(
    view: PlayerView,
    moves: Sequence[Move],
    *,
    seed: int,
    deals: int,
    budget: int,
    how: Search = FIRST,
) -> list[dict[Move, Estimate]]:
    """The result of each of ``moves`` on each of up to ``deals`` guesses of the
    unseen cards, the same guesses for every move (so two moves' results differ by
    the moves alone, not by the luck of the deal). Stops early, after at least a
    quarter of ``deals``, once ``budget`` positions have been searched. Moves in
    play are plays; other moves are played out as ``other_estimates`` does."""
    rng = random.Random(seed)
    solvers: dict[Suit, Solver] = {}
    out: list[dict[Move, Estimate]] = []
    plays = view.phase is Phase.PLAY
    while len(out) < deals and not (4 * len(out) >= deals and _nodes(solvers) > budget):
        dealt = guess(view, rng, how)
        if plays:
            every = _play_deal(view, dealt, solvers, how)
            out.append({m: every[m] for m in moves})
        else:
            out.append(_other_deal(view, dealt, moves, solvers, how))
    return out
