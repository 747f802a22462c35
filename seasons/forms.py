"""The organizer's forms of a series: its rules, and a drive to add as a night."""

from __future__ import annotations

import re

from django import forms
from django.utils.translation import gettext_lazy as _

from drives.models import Drive

from .models import MAX_NIGHTS, MAX_POINT_PLACES, MAX_POINTS, Series

DEFAULT_POINTS = "10, 8, 6, 5, 4, 3, 2, 1"


def points_text(points) -> str:
    return ", ".join(str(p) for p in points or ())


class SeriesForm(forms.Form):
    name = forms.CharField(
        label=_("Name of the series"),
        max_length=120,
        help_text=_("For example “Fall 45s 2026”."),
    )
    counts = forms.ChoiceField(
        label=_("What counts each night"),
        choices=Series.Counts.choices,
        widget=forms.RadioSelect,
        initial=Series.Counts.GAMES,
        help_text=_(
            "Games won: a night adds the games the player won. Points by place: first place "
            "of the night gets the most points, as set below; a tie shares the place."
        ),
    )
    points = forms.CharField(
        label=_("Points for 1st, 2nd, 3rd… place"),
        required=False,
        initial=DEFAULT_POINTS,
        help_text=_("Numbers from the first place down, with commas. Places past the list get 0."),
    )
    best_nights = forms.IntegerField(
        label=_("Nights that count"),
        required=False,
        min_value=1,
        max_value=MAX_NIGHTS,
        help_text=_(
            "Leave it empty and every night counts. With 3, each player's best 3 nights count."
        ),
    )
    min_nights = forms.IntegerField(
        label=_("Nights to qualify"),
        min_value=1,
        max_value=MAX_NIGHTS,
        initial=1,
        help_text=_("A player who came fewer nights is listed but holds no place."),
    )
    by = forms.ChoiceField(
        label=_("Standings of"),
        choices=Series.By.choices,
        widget=forms.RadioSelect,
        initial=Series.By.PLAYERS,
        help_text=_(
            "Partners change from week to week: each player is the usual choice. Each pair "
            "counts the same two players together."
        ),
    )

    def clean_points(self) -> list[int]:
        text = self.cleaned_data.get("points") or ""
        parts = [p for p in re.split(r"[\s,;]+", text.strip()) if p]
        if not all(p.isascii() and p.isdigit() and len(p) <= 6 for p in parts):
            raise forms.ValidationError(_("Type whole numbers with commas, e.g. 10, 8, 6."))
        if len(parts) > MAX_POINT_PLACES:
            raise forms.ValidationError(
                _("Points go to at most %(n)d places.") % {"n": MAX_POINT_PLACES}
            )
        numbers = [int(p) for p in parts]
        if any(n > MAX_POINTS for n in numbers):
            raise forms.ValidationError(_("A place gets at most %(n)d points.") % {"n": MAX_POINTS})
        return numbers

    @classmethod
    def initial_of(cls, series: Series) -> dict:
        return {
            "name": series.name,
            "counts": series.counts,
            "points": points_text(series.points) or DEFAULT_POINTS,
            "best_nights": series.best_nights,
            "min_nights": series.min_nights,
            "by": series.by,
        }


class NightAddForm(forms.Form):
    drive = forms.ModelChoiceField(
        label=_("Drive"), queryset=Drive.objects.none(), empty_label=_("Choose a drive")
    )

    def __init__(self, *args, club, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["drive"].queryset = free_drives(club)


def free_drives(club):
    """The club's drives in no series yet, newest first."""
    return Drive.objects.filter(club=club, series_nights__isnull=True).order_by("-date", "-id")
