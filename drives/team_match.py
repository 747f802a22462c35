"""The team match: a second movement, as pure functions (no Django).

Two teams meet and every pair of one team plays every pair of the other exactly
once. The smaller team stays put (the stationary team; when the teams are equal,
team 1 stays): its pairs sit at tables 1..m, in pair-number order. The larger
team (the moving team, n >= m pairs) moves up one table each game, from the last
table back to table 1: in game g (1-based, the drive's game numbers), its j-th
pair (0-based, in pair-number order) is at position (j + g - 1) mod n. Positions
0..m-1 are tables 1..m, facing the stationary pair there; positions m..n-1 are
sit-outs, a table of its own holding one pair, numbered m+1..n.

So a team match is n games; every game uses tables 1..n, n - m of them sit-outs;
a stationary pair plays every game and never moves; a moving pair sits out
n - m games. Results never move anyone: nobody deals first by rule (every
table cuts), and came_from holds the table each pair sat at the game before
(None in game 1), as winners-move's does.

Three pairs against four, game by game (table: pair staying v pair moving;
then the pairs sitting out):

>>> match = TeamMatch(side1=(3, 1, 2), side2=(4, 5, 6, 7))
>>> match.stationary, match.moving, match.rounds, match.tables
((1, 2, 3), (4, 5, 6, 7), 4, 4)
>>> for r in match.schedule():
...     print(r.game, [(t.table, t.staying, t.moving) for t in r.tables], r.sitting_out)
1 [(1, 1, 4), (2, 2, 5), (3, 3, 6)] (7,)
2 [(1, 1, 7), (2, 2, 4), (3, 3, 5)] (6,)
3 [(1, 1, 6), (2, 2, 7), (3, 3, 4)] (5,)
4 [(1, 1, 5), (2, 2, 6), (3, 3, 7)] (4,)
>>> match.seating(2)[0]
Table(number=1, pairs=(1, 7), deals_first=None, came_from=(1, 4))
>>> match.round_of(match.seating(3))
3
>>> match.next_seating(match.seating(1), {1: 1, 2: 5, 3: 3}) == match.seating(2)
True

A drive's pairs by their teams (pair number -> team):

>>> TeamMatch.from_sides({1: 1, 2: 2, 3: 2}).stationary
(1,)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import ClassVar

from scoring.words import gettext_noop, ngettext_noop

from .movement import MovementError, Seating, Table, and_list, table_of, table_winner
from .movement import validate as validate_movement

_ = gettext_noop

# Pairs a team may have: a team match of 40 against 40 is 40 games at 40 tables.
MAX_SIDE = 40
SIDES = (1, 2)


@dataclass(frozen=True)
class Match:
    """One table of one game of the schedule: the pair that stays and the pair that moves."""

    table: int
    staying: int
    moving: int


@dataclass(frozen=True)
class Round:
    """One game of the schedule, for printing: who meets whom at each table (by table),
    and the pairs sitting out (by their sit-out table)."""

    game: int
    tables: tuple[Match, ...]
    sitting_out: tuple[int, ...]


def validate(seating: Seating) -> None:
    """Raise MovementError unless the seating is well formed, as movement.validate says,
    with any number of sit-outs (a team match has n - m every game)."""
    validate_movement(seating, sitouts=True)


def _side(pairs: Iterable[int], team: int) -> tuple[int, ...]:
    """A team's pairs in pair-number order; refused when empty, too large or repeated."""
    listed = list(pairs)
    ordered = tuple(sorted(set(listed)))
    if len(ordered) != len(listed):
        twice = next(p for p in ordered if listed.count(p) > 1)
        raise MovementError(
            _("Pair {pair} is listed twice on team {team}.").format(pair=twice, team=team)
        )
    if not ordered:
        raise MovementError(
            _("A team match needs pairs on both teams: team {team} has none.").format(team=team)
        )
    if len(ordered) > MAX_SIDE:
        raise MovementError(
            _("A team in a team match has at most {most} pairs: team {team} has {count}.").format(
                most=MAX_SIDE, team=team, count=len(ordered)
            )
        )
    return ordered


@dataclass(frozen=True, init=False)
class TeamMatch:
    """The team match between two teams' pairs (pair numbers, in any order).

    Refused (MovementError, a sentence marked for translation): a team with no pair or
    more than MAX_SIDE, a pair listed twice or on both teams.
    """

    name: ClassVar[str] = "team_match"

    side1: tuple[int, ...]
    side2: tuple[int, ...]

    def __init__(self, *, side1: Iterable[int], side2: Iterable[int]) -> None:
        one, two = _side(side1, 1), _side(side2, 2)
        both = sorted(set(one) & set(two))
        if both:
            raise MovementError(
                _("Pair {pair} is on both teams: a pair plays for one team.").format(pair=both[0])
            )
        object.__setattr__(self, "side1", one)
        object.__setattr__(self, "side2", two)

    @classmethod
    def from_sides(cls, sides: Mapping[int, int | None]) -> TeamMatch:
        """The team match of a drive's pairs by their teams (pair number -> 1, 2 or None).

        >>> try:
        ...     TeamMatch.from_sides({1: 1, 2: None, 3: 2, 4: None})
        ... except MovementError as e:
        ...     print(e)
        Every pair of a team match plays for one of its two teams: pairs 2 and 4 have none.
        """
        none = sorted(p for p, side in sides.items() if side is None)
        if none:
            raise MovementError(
                ngettext_noop(
                    "Every pair of a team match plays for one of its two teams: "
                    "pair {pairs} has none.",
                    "Every pair of a team match plays for one of its two teams: "
                    "pairs {pairs} have none.",
                    len(none),
                ).format(pairs=and_list(none))
            )
        other = sorted((p, side) for p, side in sides.items() if side not in SIDES)
        if other:
            pair, side = other[0]
            raise MovementError(
                _(
                    "A team match is between team 1 and team 2: pair {pair} plays for team {team}."
                ).format(pair=pair, team=side)
            )
        return cls(
            side1=[p for p, side in sides.items() if side == 1],
            side2=[p for p, side in sides.items() if side == 2],
        )

    @property
    def stationary_side(self) -> int:
        """The team that stays put: the smaller, or team 1 when they are equal."""
        return 2 if len(self.side2) < len(self.side1) else 1

    @property
    def stationary(self) -> tuple[int, ...]:
        """The staying team's pairs, in pair-number order: pair i sits at table i + 1."""
        return self.side2 if self.stationary_side == 2 else self.side1

    @property
    def moving(self) -> tuple[int, ...]:
        """The moving team's pairs, in pair-number order."""
        return self.side1 if self.stationary_side == 2 else self.side2

    @property
    def rounds(self) -> int:
        """The number of games: the moving team's pairs."""
        return len(self.moving)

    @property
    def tables(self) -> int:
        """The tables every game uses, sit-outs included (tables 1..n)."""
        return len(self.moving)

    @property
    def sitouts(self) -> int:
        """The sit-outs of every game: n - m."""
        return len(self.moving) - len(self.stationary)

    def seating(self, game: int) -> Seating:
        """The seating of game `game` (1..rounds).

        >>> one_against_two = TeamMatch(side1=(1,), side2=(2, 3))
        >>> [(t.number, t.pairs, t.came_from) for t in one_against_two.seating(2)]
        [(1, (1, 3), (1, 2)), (2, (2,), (1,))]
        """
        n = self.rounds
        if not 1 <= game <= n:
            raise MovementError(f"a team match of {n} games has no game {game}")
        at = {(j + game - 1) % n: pair for j, pair in enumerate(self.moving)}
        tables = []
        for position in range(n):
            number = position + 1
            pair = at[position]
            # The table before: one down, and from table 1 back to the last.
            was = None if game == 1 else (position - 1) % n + 1
            if position < len(self.stationary):
                stays = None if game == 1 else number
                pairs, came = (self.stationary[position], pair), (stays, was)
            else:
                pairs, came = (pair,), (was,)
            tables.append(Table(number, pairs, None, came))
        return tuple(tables)

    def round_of(self, seating: Seating) -> int:
        """The game whose seating this is (its tables and pairs; deals and came_from aside).

        MovementError when it is none of the team match's games.
        """
        validate(seating)
        # The first moving pair sits at table g in game g.
        game = table_of(seating).get(self.moving[0])
        if (
            game is not None
            and game <= self.rounds
            and _pairs(self.seating(game)) == _pairs(seating)
        ):
            return game
        raise MovementError("that seating is none of the team match's games")

    def next_seating(self, seating: Seating, winners: Mapping[int, int]) -> Seating:
        """The next game's seating. Results move nobody, but every table needs its result
        before the pairs move on (table -> winning pair, as winners-move takes them)."""
        game = self.round_of(seating)
        for t in seating:
            table_winner(t, winners)
        if game == self.rounds:
            raise MovementError(f"game {game} is the team match's last")
        return self.seating(game + 1)

    def schedule(self) -> tuple[Round, ...]:
        """Every game: each table's two pairs and the pairs sitting out."""
        rounds = []
        for game in range(1, self.rounds + 1):
            seating = self.seating(game)
            rounds.append(
                Round(
                    game=game,
                    tables=tuple(Match(t.number, *t.pairs) for t in seating if not t.is_sitout),
                    sitting_out=tuple(t.pairs[0] for t in seating if t.is_sitout),
                )
            )
        return tuple(rounds)


def _pairs(seating: Seating) -> tuple[tuple[int, tuple[int, ...]], ...]:
    return tuple((t.number, t.pairs) for t in seating)
