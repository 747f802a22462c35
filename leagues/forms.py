"""The secretary's forms of a league: its rules, a team, a player for a roster, a night of
the schedule, and a pair for a night."""

from __future__ import annotations

import re

from django import forms
from django.utils.translation import gettext_lazy as _

from clubs.models import Player

from .models import MAX_PAIRS, MAX_POINT_PLACES, MAX_POINTS, League, RosterEntry, Team

DEFAULT_POINTS = "4, 3, 2, 1"
TIEBREAK_ORDERS = (
    ("head,won,lost", _("Head to head, then games won, then games lost")),
    ("won,head,lost", _("Games won, then head to head, then games lost")),
    ("won,lost,head", _("Games won, then games lost, then head to head")),
    ("head,lost,won", _("Head to head, then games lost, then games won")),
)


def points_text(points) -> str:
    return ", ".join(str(p) for p in points or ())


class LeagueForm(forms.Form):
    name = forms.CharField(
        label=_("Name of the league"),
        max_length=120,
        help_text=_("For example “Merrimack Valley 45s League”."),
    )
    season = forms.CharField(
        label=_("Season"), max_length=60, required=False, help_text=_("For example “2026-27”.")
    )
    kind = forms.ChoiceField(
        label=_("League nights are usually"),
        choices=League.Kind.choices,
        widget=forms.RadioSelect,
        initial=League.Kind.TEAMS,
        help_text=_(
            "A drive night of teams: the usual winners-move night, every pair playing for a "
            "team. A team match: two teams meet and every pair of one plays every pair of the "
            "other. Each night of the schedule can be either."
        ),
    )
    best_pairs = forms.IntegerField(
        label=_("Pairs that count on a drive night"),
        required=False,
        min_value=1,
        max_value=MAX_PAIRS * 4,
        help_text=_(
            "Leave it empty and every pair counts. With 3, each team's best 3 pairs count."
        ),
    )
    points_by = forms.ChoiceField(
        label=_("League points on a drive night"),
        choices=League.PointsBy.choices,
        widget=forms.RadioSelect,
        initial=League.PointsBy.PLACE,
    )
    place_points = forms.CharField(
        label=_("Points for the team placed 1st, 2nd, 3rd…"),
        required=False,
        initial=DEFAULT_POINTS,
        help_text=_("Numbers from the first place down, with commas. Places past the list get 0."),
    )
    match_win = forms.IntegerField(
        label=_("Points for a team match won"), min_value=0, max_value=MAX_POINTS, initial=2
    )
    match_draw = forms.IntegerField(
        label=_("Points for a team match drawn"), min_value=0, max_value=MAX_POINTS, initial=1
    )
    match_loss = forms.IntegerField(
        label=_("Points for a team match lost"), min_value=0, max_value=MAX_POINTS, initial=0
    )
    tie_rule = forms.ChoiceField(
        label=_("A team match with equal games won"),
        choices=League.TieRule.choices,
        widget=forms.RadioSelect,
        initial=League.TieRule.DRAW,
    )
    tiebreaks = forms.ChoiceField(
        label=_("Teams equal on points are ordered by"),
        choices=TIEBREAK_ORDERS,
        initial=TIEBREAK_ORDERS[0][0],
        help_text=_(
            "Head to head: the nights each finished ahead of the other teams it is tied with. "
            "Teams still equal share the place."
        ),
    )

    def clean_place_points(self) -> list[int]:
        text = self.cleaned_data.get("place_points") or ""
        parts = [p for p in re.split(r"[\s,;]+", text.strip()) if p]
        if not all(p.isascii() and p.isdigit() and len(p) <= 6 for p in parts):
            raise forms.ValidationError(_("Type whole numbers with commas, e.g. 4, 3, 2, 1."))
        if len(parts) > MAX_POINT_PLACES:
            raise forms.ValidationError(
                _("Points go to at most %(n)d places.") % {"n": MAX_POINT_PLACES}
            )
        numbers = [int(p) for p in parts]
        if any(n > MAX_POINTS for n in numbers):
            raise forms.ValidationError(_("A place gets at most %(n)d points.") % {"n": MAX_POINTS})
        return numbers

    def rules(self) -> dict:
        data = dict(self.cleaned_data)
        data["tiebreaks"] = data["tiebreaks"].split(",")
        return data

    @classmethod
    def initial_of(cls, league: League) -> dict:
        return {
            "name": league.name,
            "season": league.season,
            "kind": league.kind,
            "best_pairs": league.best_pairs,
            "points_by": league.points_by,
            "place_points": points_text(league.place_points) or DEFAULT_POINTS,
            "match_win": league.match_win,
            "match_draw": league.match_draw,
            "match_loss": league.match_loss,
            "tie_rule": league.tie_rule,
            "tiebreaks": ",".join(league.tiebreaks),
        }


class TeamForm(forms.Form):
    name = forms.CharField(label=_("Team name"), max_length=120)
    venue = forms.CharField(
        label=_("Venue it represents"),
        max_length=120,
        required=False,
        help_text=_("The tavern, lodge or club the team plays for."),
    )


class TeamEditForm(TeamForm):
    captain = forms.ModelChoiceField(
        label=_("Captain"), queryset=Player.objects.none(), required=False, empty_label="—"
    )

    def __init__(self, *args, team: Team, **kwargs):
        super().__init__(*args, **kwargs)
        ids = team.roster.filter(left_at__isnull=True).values_list("player_id", flat=True)
        self.fields["captain"].queryset = Player.objects.filter(pk__in=ids).order_by("name")


class RosterAddForm(forms.Form):
    player = forms.ModelChoiceField(
        label=_("Player from the club's register"),
        queryset=Player.objects.none(),
        empty_label=_("Choose a player"),
    )

    def __init__(self, *args, league: League, **kwargs):
        super().__init__(*args, **kwargs)
        on = RosterEntry.objects.filter(league=league, left_at__isnull=True).values("player_id")
        self.fields["player"].queryset = (
            Player.objects.filter(club_id=league.club_id, merged_into__isnull=True)
            .filter(removed_at__isnull=True)
            .exclude(pk__in=on)
            .order_by("name")
        )


class RosterMoveForm(forms.Form):
    team = forms.ModelChoiceField(label=_("Move to"), queryset=Team.objects.none())

    def __init__(self, *args, league: League, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["team"].queryset = league.teams.all()


class NightForm(forms.Form):
    date = forms.DateField(label=_("Date"), widget=forms.DateInput(attrs={"type": "date"}))
    kind = forms.ChoiceField(
        label=_("Played as"), choices=League.Kind.choices, widget=forms.RadioSelect
    )
    host = forms.ModelChoiceField(
        label=_("Host team (its venue)"),
        queryset=Team.objects.none(),
        required=False,
        empty_label=_("No host team"),
    )
    venue = forms.CharField(
        label=_("Venue"),
        max_length=120,
        required=False,
        help_text=_("Leave it empty to use the host team's venue."),
    )
    home = forms.ModelChoiceField(
        label=_("Team match: home team"), queryset=Team.objects.none(), required=False
    )
    away = forms.ModelChoiceField(
        label=_("Team match: visiting team"), queryset=Team.objects.none(), required=False
    )

    def __init__(self, *args, league: League, **kwargs):
        super().__init__(*args, **kwargs)
        for name in ("host", "home", "away"):
            self.fields[name].queryset = league.teams.all()

    def teams(self) -> list[Team]:
        home, away = self.cleaned_data.get("home"), self.cleaned_data.get("away")
        return [t for t in (home, away) if t is not None]


class PairForm(forms.Form):
    first = forms.ModelChoiceField(
        label=_("First player"),
        queryset=RosterEntry.objects.none(),
        empty_label=_("Choose a player"),
    )
    second = forms.ModelChoiceField(
        label=_("Second player"),
        queryset=RosterEntry.objects.none(),
        empty_label=_("Choose a player"),
    )

    def __init__(self, *args, team: Team, playing: frozenset[int] = frozenset(), **kwargs):
        """`playing`: the players already in a pair tonight, left out of the lists (a post
        naming one still gets the service's plain refusal)."""
        super().__init__(*args, **kwargs)
        roster = team.roster.filter(left_at__isnull=True).select_related("player")
        roster = roster.exclude(player_id__in=playing).order_by("player__name")
        for name in ("first", "second"):
            self.fields[name].queryset = roster
            self.fields[name].label_from_instance = lambda e: e.player.name
