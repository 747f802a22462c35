"""A league's standings from its nights (pure, no Django).

A league's teams (each represents a venue: a tavern, a lodge, a social club) meet on
league nights of two kinds:

- a drive night of teams (TEAMS): an ordinary winners-move drive where every pair plays
  for a team. A team's score is its pairs' games won (only its best `best_pairs` pairs
  when the league says so); its league points come by its place that night (`PLACE`,
  shared places as 1, 1, 3) or one a game of its score (`GAMES`);
- a team match (MATCH): two teams, every pair of one against every pair of the other.
  More games won (every pair counts) wins the match; on equal games the league calls it a
  draw (`DRAW`) or waits for a play-off game (`PLAYOFF`: undecided until its winner is
  recorded, and no points to either team until then).

`night_result` gives each team of a night its score, place, outcome and points; `table`
the league table, by points and then the league's tie-breaks; `players` the players'
table by games won.

>>> rules = Rules(points_by=PLACE, place_points=(3, 1), tiebreaks=(WON,))
>>> nights = [
...     Night(1, TEAMS, (1, 2, 3), (PairResult(1, 9, 3), PairResult(2, 7, 5), PairResult(3, 7, 5))),
...     Night(2, MATCH, (1, 3), (PairResult(1, 4, 8), PairResult(3, 8, 4))),
... ]
>>> [(r.team, r.points, r.won, r.place) for r in table((1, 2, 3, 4), nights, rules)]
[(3, 3, 15, 1), (1, 3, 13, 2), (2, 1, 7, 3), (4, 0, 0, 4)]

Outcomes (MATCH_WON, MATCH_LOST, DRAWN, UNDECIDED) and the rules' names are codes, not
words: a screen says them in its own words.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from itertools import pairwise
from types import MappingProxyType

# The kinds of league night.
TEAMS = "teams"
MATCH = "match"
# How a drive night of teams gives league points.
PLACE = "place"
GAMES = "games"
# What settles a team match with equal games won.
DRAW = "draw"
PLAYOFF = "playoff"
# The tie-breaks of the table.
HEAD = "head"
WON = "won"
LOST = "lost"
TIEBREAKS = (HEAD, WON, LOST)
# A team's outcome of a team match.
MATCH_WON = "won"
MATCH_LOST = "lost"
DRAWN = "drawn"
UNDECIDED = "undecided"


@dataclass(frozen=True)
class Rules:
    """The league's rules.

    `best_pairs`: None (every pair of a team counts on a drive night of teams) or k (its
    best k pairs); `points_by`: PLACE (`place_points[0]` for first place, `[1]` for
    second...; a place past the tuple scores 0) or GAMES (a point a game that counts);
    `match_win`, `match_draw`, `match_loss`: a team match's points; `tie_rule`: DRAW or
    PLAYOFF; `tiebreaks`: the order of HEAD, WON, LOST after points (any of them, each
    at most once).
    """

    best_pairs: int | None = None
    points_by: str = GAMES
    place_points: tuple[int, ...] = ()
    match_win: int = 2
    match_draw: int = 1
    match_loss: int = 0
    tie_rule: str = DRAW
    tiebreaks: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.best_pairs is not None and self.best_pairs < 1:
            raise ValueError("best_pairs must be None or 1 or more")
        if self.points_by not in (PLACE, GAMES):
            raise ValueError(f"points_by must be 'place' or 'games', not {self.points_by!r}")
        if any(p < 0 for p in self.place_points):
            raise ValueError("place_points must be 0 or more")
        # A better place never scores less: so a game more never costs a team points.
        if any(a < b for a, b in pairwise(self.place_points)):
            raise ValueError("place_points must not rise from a place to the next")
        if self.match_loss < 0:
            raise ValueError("match points must be 0 or more")
        if not self.match_win >= self.match_draw >= self.match_loss:
            raise ValueError("match points must be win >= draw >= loss")
        if self.tie_rule not in (DRAW, PLAYOFF):
            raise ValueError(f"tie_rule must be 'draw' or 'playoff', not {self.tie_rule!r}")
        for step in self.tiebreaks:
            if step not in TIEBREAKS:
                raise ValueError(f"a tie-break is 'head', 'won' or 'lost', not {step!r}")
        if len(set(self.tiebreaks)) < len(self.tiebreaks):
            raise ValueError("a tie-break is named twice")

    def place_score(self, place: int) -> int:
        """The league points of a place on a drive night of teams under PLACE.

        >>> Rules(points_by=PLACE, place_points=(5, 3, 1)).place_score(2)
        3
        >>> Rules(points_by=PLACE, place_points=(5, 3, 1)).place_score(4)
        0
        """
        return self.place_points[place - 1] if 1 <= place <= len(self.place_points) else 0


@dataclass(frozen=True)
class PairResult:
    """One pair's night: its team, the games it won and the games it lost."""

    team: int
    won: int
    lost: int

    def __post_init__(self) -> None:
        if self.won < 0 or self.lost < 0:
            raise ValueError("a pair's games won and lost must be 0 or more")


@dataclass(frozen=True)
class Night:
    """A league night: `number` (each night of a league its own), `kind` TEAMS or MATCH,
    the `teams` taking part (a match has exactly two; a team taking part with no pair
    scores 0), their `pairs`, and for a tied match under the play-off rule the play-off's
    winner once recorded (`playoff_winner`, a team id; None until then)."""

    number: int
    kind: str
    teams: tuple[int, ...]
    pairs: tuple[PairResult, ...] = ()
    playoff_winner: int | None = None

    def __post_init__(self) -> None:
        said = f"night {self.number}"
        if self.kind not in (TEAMS, MATCH):
            raise ValueError(f"{said}: kind must be 'teams' or 'match', not {self.kind!r}")
        if len(set(self.teams)) < len(self.teams):
            raise ValueError(f"{said}: a team is listed twice")
        if self.kind == MATCH and len(self.teams) != 2:
            raise ValueError(f"{said}: a match is between two teams, not {len(self.teams)}")
        for pair in self.pairs:
            if pair.team not in self.teams:
                raise ValueError(f"{said}: a pair of team {pair.team}, not taking part")
        winner = self.playoff_winner
        if winner is not None:
            if self.kind != MATCH:
                raise ValueError(f"{said}: only a team match has a play-off")
            if winner not in self.teams:
                raise ValueError(f"{said}: the play-off winner {winner} is not in the match")
            first, second = self.teams
            if self.won_by(first) != self.won_by(second):
                raise ValueError(f"{said}: a play-off settles only a match of equal games won")

    def won_by(self, team: int) -> int:
        """The games won by all the team's pairs this night."""
        return sum(pair.won for pair in self.pairs if pair.team == team)


@dataclass(frozen=True)
class TeamNight:
    """A team's night: `score` (the games that count: its best pairs on a drive night of
    teams, all its pairs in a match), `won` and `lost` (all its pairs' games), `place`
    (1.. on a drive night of teams; in a match 1 the winner, 2 the loser, 1 and 1 a draw,
    None undecided), `outcome` (a match's MATCH_WON, MATCH_LOST, DRAWN or UNDECIDED; None
    on a drive night of teams) and the league `points` it earned."""

    team: int
    score: int
    won: int
    lost: int
    place: int | None
    outcome: str | None
    points: int


@dataclass(frozen=True)
class Row:
    """A team of the league table: its `points`, nights `played`, games `won` and `lost`
    (all its pairs, all nights), the points of each night it played (`night_points`,
    night number -> points), its `place`, and `head`: its head-to-head figure among the
    teams it was still tied with when that tie-break was reached (None when it was not)."""

    team: int
    points: int
    played: int
    won: int
    lost: int
    night_points: Mapping[int, int] = field(hash=False)
    place: int
    head: int | None = None


@dataclass(frozen=True)
class PlayerNight:
    """One player on one night: the player's key (the register's, or the typed name
    folded), name as written that night, team, and the games won by the player's pair."""

    night: int
    key: str
    name: str
    team: int
    won: int

    def __post_init__(self) -> None:
        if self.won < 0:
            raise ValueError("a player's games won must be 0 or more")


@dataclass(frozen=True)
class PlayerRow:
    """A player of the players' table: place by games won, key, the latest night's name
    and team, distinct nights played and games won."""

    place: int
    key: str
    name: str
    team: int
    nights: int
    won: int


def competition_places(scores: Mapping[Hashable, int]) -> dict[Hashable, int]:
    """Places by competition ranking: one more than the number of higher scores, so equal
    scores share the better place and use up the places after it.

    >>> competition_places({"a": 9, "b": 7, "c": 9, "d": 4})
    {'a': 1, 'b': 3, 'c': 1, 'd': 4}
    """
    first: dict[int, int] = {}
    for position, score in enumerate(sorted(scores.values(), reverse=True), start=1):
        first.setdefault(score, position)
    return {key: first[score] for key, score in scores.items()}


def night_result(night: Night, rules: Rules) -> tuple[TeamNight, ...]:
    """Each team of the night: its score, games won and lost, place, outcome and points,
    by place (an undecided match's two teams last) and then by team.

    >>> rules = Rules(best_pairs=1, points_by=PLACE, place_points=(5, 3))
    >>> night = Night(1, TEAMS, (1, 2), (PairResult(1, 9, 3), PairResult(1, 2, 10),
    ...                                  PairResult(2, 8, 4), PairResult(2, 7, 5)))
    >>> [(t.team, t.score, t.won, t.place, t.points) for t in night_result(night, rules)]
    [(1, 9, 11, 1, 5), (2, 8, 15, 2, 3)]
    """
    won = dict.fromkeys(night.teams, 0)
    lost = dict.fromkeys(night.teams, 0)
    games: dict[int, list[int]] = {team: [] for team in night.teams}
    for pair in night.pairs:
        won[pair.team] += pair.won
        lost[pair.team] += pair.lost
        games[pair.team].append(pair.won)
    if night.kind == TEAMS:
        score = {t: sum(sorted(games[t], reverse=True)[: rules.best_pairs]) for t in night.teams}
        places = competition_places(score)
        by_place = rules.points_by == PLACE
        out = [
            TeamNight(
                team=t,
                score=score[t],
                won=won[t],
                lost=lost[t],
                place=places[t],
                outcome=None,
                points=rules.place_score(places[t]) if by_place else score[t],
            )
            for t in sorted(night.teams, key=lambda t: (places[t], t))
        ]
    else:
        first, second = night.teams
        winner = None
        if won[first] != won[second]:
            winner = max(night.teams, key=won.__getitem__)
        elif rules.tie_rule == PLAYOFF:
            winner = night.playoff_winner
        elif night.playoff_winner is not None:
            raise ValueError(f"night {night.number}: a play-off, but the league draws ties")
        if winner is not None:
            ends = {
                t: (1, MATCH_WON, rules.match_win)
                if t == winner
                else (2, MATCH_LOST, rules.match_loss)
                for t in night.teams
            }
        elif rules.tie_rule == DRAW:
            ends = dict.fromkeys(night.teams, (1, DRAWN, rules.match_draw))
        else:
            ends = dict.fromkeys(night.teams, (None, UNDECIDED, 0))
        out = [
            TeamNight(t, won[t], won[t], lost[t], ends[t][0], ends[t][1], ends[t][2])
            # The winner first, else by team.
            for t in sorted(night.teams, key=lambda t: (t != winner, t))
        ]
    return tuple(out)


def head_to_head(
    group: Iterable[int], places: Iterable[Mapping[int, int | None]]
) -> dict[int, int]:
    """Each team's head-to-head figure among `group`: over the nights (each a mapping team
    -> place that night, None for an undecided match), the number of (night, other team
    of the group) meetings where it was placed better.

    >>> head_to_head((1, 2, 3), [{1: 1, 2: 2, 3: 2, 4: 4}, {2: 1, 4: 2}, {1: None, 3: None}])
    {1: 2, 2: 0, 3: 0}
    """
    members = tuple(group)
    figure = dict.fromkeys(members, 0)
    for night in places:
        met = [(t, night[t]) for t in members if night.get(t) is not None]
        for team, place in met:
            figure[team] += sum(1 for _other, theirs in met if place < theirs)
    return figure


def table(teams: Iterable[int], nights: Iterable[Night], rules: Rules) -> tuple[Row, ...]:
    """The league table: every team of the league (`teams`), also one that has not played.

    By points, most first; then by the league's tie-breaks in order, each applied within
    each group still tied: HEAD, the head-to-head figure among the teams of that group
    (more first: `head_to_head`, counted again on each group the earlier tie-breaks
    left); WON, games won (more first); LOST, games lost (fewer first). Teams still equal
    share the place (competition ranking: 1, 1, 3) and are listed by team id.
    """
    league = tuple(teams)
    if len(set(league)) < len(league):
        raise ValueError("a team is listed twice in the league")
    points = dict.fromkeys(league, 0)
    won = dict.fromkeys(league, 0)
    lost = dict.fromkeys(league, 0)
    night_points: dict[int, dict[int, int]] = {team: {} for team in league}
    places: dict[int, dict[int, int | None]] = {}
    for night in nights:
        if night.number in places:
            raise ValueError(f"night {night.number} is given twice")
        for team in night.teams:
            if team not in points:
                raise ValueError(f"night {night.number}: team {team} is not of the league")
        places[night.number] = {}
        for result in night_result(night, rules):
            team = result.team
            points[team] += result.points
            won[team] += result.won
            lost[team] += result.lost
            night_points[team][night.number] = result.points
            places[night.number][team] = result.place
    head: dict[int, int] = {}
    groups = [
        [t for t in league if points[t] == level]
        for level in sorted(set(points.values()), reverse=True)
    ]
    for step in rules.tiebreaks:
        split = []
        for group in groups:
            if len(group) == 1:
                split.append(group)
                continue
            if step == HEAD:
                figure = head_to_head(group, places.values())
                head.update(figure)
            elif step == WON:
                figure = {t: won[t] for t in group}
            else:
                figure = {t: -lost[t] for t in group}
            for level in sorted(set(figure.values()), reverse=True):
                split.append([t for t in group if figure[t] == level])
        groups = split
    rows = []
    for group in groups:
        place = len(rows) + 1
        for t in sorted(group):
            rows.append(
                Row(
                    team=t,
                    points=points[t],
                    played=len(night_points[t]),
                    won=won[t],
                    lost=lost[t],
                    night_points=MappingProxyType(night_points[t]),
                    place=place,
                    head=head.get(t),
                )
            )
    return tuple(rows)


def players(nights: Iterable[PlayerNight]) -> tuple[PlayerRow, ...]:
    """The players' table: games won over the nights, most first, then by name (case
    folded) and key; the place by competition ranking on games won (1, 1, 3). A player's
    name and team are those of the latest night played. A player given twice on one night
    is refused.

    >>> rows = players([PlayerNight(1, "k", "Kay", 3, 7), PlayerNight(2, "k", "Kaye", 4, 5),
    ...                 PlayerNight(2, "a", "Al", 4, 12)])
    >>> [(r.place, r.name, r.team, r.nights, r.won) for r in rows]
    [(1, 'Al', 4, 1, 12), (1, 'Kaye', 4, 2, 12)]
    """
    latest: dict[str, PlayerNight] = {}
    won: dict[str, int] = {}
    played: dict[str, set[int]] = {}
    for one in nights:
        key = one.key
        seen = played.setdefault(key, set())
        if one.night in seen:
            raise ValueError(f"player {key!r} is given twice on night {one.night}")
        seen.add(one.night)
        won[key] = won.get(key, 0) + one.won
        if key not in latest or one.night > latest[key].night:
            latest[key] = one
    places = competition_places(won)
    rows = [
        PlayerRow(
            place=places[key],
            key=key,
            name=last.name,
            team=last.team,
            nights=len(played[key]),
            won=won[key],
        )
        for key, last in latest.items()
    ]
    rows.sort(key=lambda r: (-r.won, r.name.casefold(), r.key))
    return tuple(rows)
