"""The site administrator's forms: a new club with its first organizer, a suspension."""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _

from clubs.models import Club

from .services import NAME_MAX, REASON_MAX


class ClubForm(forms.Form):
    name = forms.CharField(
        label=_("Name of the club"),
        max_length=NAME_MAX,
        help_text=_("For example “St. Joseph's Parish Hall”."),
    )
    language = forms.ChoiceField(
        label=_("Language of its screens"),
        choices=settings.LANGUAGES,
        initial=Club._meta.get_field("language").default,
        widget=forms.RadioSelect,
    )
    username = forms.CharField(
        label=_("Username of its first organizer"),
        max_length=150,
        help_text=_("They log in with it. A password is made for them on the next page."),
    )


class SuspendForm(forms.Form):
    reason = forms.CharField(
        label=_("Why the club is suspended"),
        max_length=REASON_MAX,
        help_text=_("Its members read it, for example “the association's dues are unpaid”."),
        widget=forms.Textarea(attrs={"rows": 3}),
    )
