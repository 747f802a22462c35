"""A league between halls: teams that represent their venue, a schedule of league nights
at the venues in turn, and standings computed when read (leagues.queries over the pure
leagues.standings), so a result entered or corrected on a night changes them at once.

A league night is played as a drive of drives: either a drive night of teams (the usual
winners-move night, every pair playing for a team) or a team match (two teams, every
pair of one playing every pair of the other: drives.team_match). The drive's pairs carry
their side (drives' Pair.side); NightTeam says which team each side is. Services in
leagues/services/ are the only writers.
"""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Player
from drives.models import Drive

MAX_POINT_PLACES = 20
MAX_POINTS = 1000
MAX_TEAMS = 40
MAX_PAIRS = 12  # the most pairs a team brings to a team match


class League(models.Model):
    class Kind(models.TextChoices):
        TEAMS = "teams", _("A drive night of teams")
        MATCH = "match", _("A team match")

    class PointsBy(models.TextChoices):
        PLACE = "place", _("Points by the team's place that night")
        GAMES = "games", _("A point for each game won")

    class TieRule(models.TextChoices):
        DRAW = "draw", _("A draw: each team gets the draw points")
        PLAYOFF = "playoff", _("A play-off game decides it")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="leagues")
    name = models.CharField(_("name"), max_length=120)
    season = models.CharField(_("season"), max_length=60, blank=True)
    # The kind of night the schedule offers first; each night has its own.
    kind = models.CharField(
        _("league nights are"), max_length=8, choices=Kind.choices, default=Kind.TEAMS
    )
    # A drive night of teams: None, every pair counts; k, each team's best k pairs.
    best_pairs = models.PositiveSmallIntegerField(_("pairs that count"), null=True, blank=True)
    points_by = models.CharField(
        _("league points on a drive night"),
        max_length=8,
        choices=PointsBy.choices,
        default=PointsBy.PLACE,
    )
    # Points for 1st, 2nd, ... place of a drive night of teams; a place past the list: 0.
    place_points = models.JSONField(_("points by place"), default=list, blank=True)
    match_win = models.PositiveSmallIntegerField(_("points for a match won"), default=2)
    match_draw = models.PositiveSmallIntegerField(_("points for a match drawn"), default=1)
    match_loss = models.PositiveSmallIntegerField(_("points for a match lost"), default=0)
    tie_rule = models.CharField(
        _("a team match with equal games won"),
        max_length=8,
        choices=TieRule.choices,
        default=TieRule.DRAW,
    )
    # The order of tie-breaks of the standings: "head", "won", "lost".
    tiebreaks = models.JSONField(_("tie-breaks"), default=list)
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="league_name_unique_in_club"),
            models.CheckConstraint(condition=~Q(name=""), name="league_name_not_blank"),
            models.CheckConstraint(condition=Q(kind__in=["teams", "match"]), name="league_kind"),
            models.CheckConstraint(
                condition=Q(points_by__in=["place", "games"]), name="league_points_by"
            ),
            models.CheckConstraint(
                condition=Q(tie_rule__in=["draw", "playoff"]), name="league_tie_rule"
            ),
            models.CheckConstraint(
                condition=Q(best_pairs__isnull=True) | Q(best_pairs__gte=1),
                name="league_best_pairs_positive",
            ),
        ]

    def __str__(self) -> str:
        return self.name


class Team(models.Model):
    """A team of a league: its name and the venue it represents."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(_("team name"), max_length=120)
    venue = models.CharField(_("venue"), max_length=120, blank=True)
    captain = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["name", "id"]
        constraints = [
            models.UniqueConstraint(fields=["league", "name"], name="team_name_unique_in_league"),
            models.CheckConstraint(condition=~Q(name=""), name="team_name_not_blank"),
        ]

    def __str__(self) -> str:
        return self.name


class RosterEntry(models.Model):
    """A player on a team's roster from joined_at until left_at (None: still on it). A
    player is on one team of a league at a time (the partial unique constraint); a
    change of team ends one entry and starts another, so the history stays."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="roster")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="roster")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    joined_at = models.DateTimeField()
    left_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["joined_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["league", "player"],
                condition=Q(left_at__isnull=True),
                name="roster_one_team_per_league",
            ),
            models.CheckConstraint(
                condition=Q(left_at__isnull=True) | Q(left_at__gte=models.F("joined_at")),
                name="roster_left_after_joined",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} on {self.team}"


class LeagueNight(models.Model):
    """A night of the league's schedule, at a host venue; played as a drive once the
    secretary makes it (drive set)."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="nights")
    number = models.PositiveSmallIntegerField()
    date = models.DateField(_("date"))
    venue = models.CharField(_("venue"), max_length=120)
    host = models.ForeignKey(
        Team, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    kind = models.CharField(_("played as"), max_length=8, choices=League.Kind.choices)
    drive = models.OneToOneField(
        Drive, null=True, blank=True, on_delete=models.SET_NULL, related_name="league_night"
    )
    # A team match with equal games won under the play-off rule: the play-off's winner.
    playoff_winner = models.ForeignKey(
        Team, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["league", "number"], name="leaguenight_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="leaguenight_number_pos"),
            models.CheckConstraint(
                condition=Q(kind__in=["teams", "match"]), name="leaguenight_kind"
            ),
            models.CheckConstraint(condition=~Q(venue=""), name="leaguenight_venue_not_blank"),
        ]

    def __str__(self) -> str:
        return f"{self.league} night {self.number}"


class NightTeam(models.Model):
    """A team taking part in a league night, and the side its pairs play for on the
    night's drive (drives' Pair.side). A team match has sides 1 and 2."""

    night = models.ForeignKey(LeagueNight, on_delete=models.CASCADE, related_name="teams")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="+")
    side = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["side"]
        constraints = [
            models.UniqueConstraint(fields=["night", "team"], name="nightteam_team_once"),
            models.UniqueConstraint(fields=["night", "side"], name="nightteam_side_once"),
            models.CheckConstraint(condition=Q(side__gte=1), name="nightteam_side_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.team} on {self.night} (side {self.side})"
