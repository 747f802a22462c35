"""Forms of the People page. They only parse: the rules (a free username, a
password Django accepts, the club keeps an organizer) live in accounts.py."""

from django import forms
from django.utils.translation import gettext_lazy as _

from clubs.models import Membership

# The organizer types a password for someone else and tells them: no email in halls.
_NEW_PASSWORD = forms.PasswordInput(
    attrs={"autocomplete": "new-password", "autocapitalize": "none", "spellcheck": "false"}
)


class MemberAddForm(forms.Form):
    username = forms.CharField(
        label=_("Username"),
        max_length=150,
        help_text=_("The name they type to log in, for example mary or front-table."),
        widget=forms.TextInput(
            attrs={"autocomplete": "off", "autocapitalize": "none", "spellcheck": "false"}
        ),
    )
    password = forms.CharField(
        label=_("Password"),
        strip=False,
        help_text=_("Tell it to them yourself: they can log in with it right away."),
        widget=_NEW_PASSWORD,
    )
    role = forms.ChoiceField(
        label=_("Role"),
        choices=Membership.Role.choices,
        initial=Membership.Role.SCORER,
    )


class PasswordForm(forms.Form):
    password = forms.CharField(label=_("New password"), strip=False, widget=_NEW_PASSWORD)


class RoleForm(forms.Form):
    role = forms.ChoiceField(choices=Membership.Role.choices)


class OwnPasswordForm(forms.Form):
    """One's own new password, typed twice, with the old one (profile page)."""

    old_password = forms.CharField(
        label=_("Your password now"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )
    new_password1 = forms.CharField(label=_("New password"), strip=False, widget=_NEW_PASSWORD)
    new_password2 = forms.CharField(
        label=_("New password again"), strip=False, widget=_NEW_PASSWORD
    )

    def clean(self):
        data = super().clean()
        one, two = data.get("new_password1"), data.get("new_password2")
        if one and two and one != two:
            self.add_error("new_password2", _("The two password fields didn’t match."))
        return data
