"""The register's forms. They only parse: the rules (a name that shows something, an
e-mail that is one) are the services'."""

from django import forms
from django.utils.translation import gettext_lazy as _

from clubs.interface import PLAYER_NAME_MAX

from .services import CONTACT_MAX, NOTES_MAX


class PlayerForm(forms.Form):
    name = forms.CharField(
        label=_("Name"),
        max_length=PLAYER_NAME_MAX,
        help_text=_("As they like it written: accents and spellings are kept."),
        widget=forms.TextInput(attrs={"autocomplete": "off", "spellcheck": "false"}),
    )
    phone = forms.CharField(label=_("Phone"), max_length=CONTACT_MAX, required=False)
    email = forms.CharField(label=_("E-mail"), max_length=254, required=False)
    notes = forms.CharField(
        label=_("Notes"),
        max_length=NOTES_MAX,
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
    )
