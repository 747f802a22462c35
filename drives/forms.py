from django import forms
from django.utils.translation import gettext_lazy as _

from .models import MAX_NAME, Drive


class DriveForm(forms.ModelForm):
    class Meta:
        model = Drive
        fields = ["name", "date", "venue", "games", "game", "prize_places", "sitout_wins"]
        widgets = {"date": forms.DateInput(attrs={"type": "date"})}
        help_texts = {
            "games": _("Usually 25 (from 1 to 60)."),
            "sitout_wins": _("With an odd number of pairs one pair sits out each game."),
        }


class PairForm(forms.Form):
    number = forms.IntegerField(label=_("Pair number"), min_value=1, max_value=9999, required=False)
    player1 = forms.CharField(label=_("First player"), max_length=MAX_NAME, strip=True)
    player2 = forms.CharField(label=_("Second player"), max_length=MAX_NAME, strip=True)
    paid = forms.BooleanField(label=_("Paid"), required=False)


class BulkPairsForm(forms.Form):
    text = forms.CharField(
        label=_("One pair per line"),
        widget=forms.Textarea(attrs={"rows": 8, "placeholder": "Mary MacNeil & John Boudreau"}),
        max_length=60000,
    )
    paid = forms.BooleanField(label=_("All of these have paid"), required=False)

    def __init__(self, *args, **kwargs):
        # Its own ids: the add-a-pair form on the same page also has a "paid" box.
        kwargs.setdefault("auto_id", "id_bulk_%s")
        super().__init__(*args, **kwargs)


class StartForm(forms.Form):
    seed = forms.IntegerField(
        label=_("Seed (leave blank for a fresh random draw)"),
        required=False,
        min_value=0,
        max_value=2**62 - 1,
    )


class ResultForm(forms.Form):
    winner = forms.IntegerField(min_value=1, max_value=9999)


class GameStepForm(forms.Form):
    """Carries the game the page was showing, so a stale page cannot act twice."""

    from_game = forms.IntegerField(min_value=1, max_value=60)


class PaidForm(forms.Form):
    paid = forms.BooleanField(required=False)


class SeatChangeForm(forms.Form):
    """One change to the coming game's seating: a late pair, a leaver, a swap or a move."""

    KINDS = {
        "arrive": _("A late pair arrives"),
        "leave": _("A pair leaves"),
        "swap": _("Swap two pairs"),
        "move": _("Move a pair to another table"),
    }
    kind = forms.ChoiceField(choices=list(KINDS.items()), widget=forms.HiddenInput)
    number = forms.IntegerField(label=_("Pair number"), min_value=1, max_value=9999, required=False)
    a = forms.IntegerField(label=_("Pair"), min_value=1, max_value=9999, required=False)
    b = forms.IntegerField(label=_("and pair"), min_value=1, max_value=9999, required=False)
    table = forms.IntegerField(label=_("To table"), min_value=1, max_value=999, required=False)
    player1 = forms.CharField(label=_("First player"), max_length=MAX_NAME, required=False)
    player2 = forms.CharField(label=_("Second player"), max_length=MAX_NAME, required=False)
    paid = forms.BooleanField(label=_("Paid"), required=False)

    NEEDS = {
        "arrive": ("player1", "player2"),
        "leave": ("number",),
        "swap": ("a", "b"),
        "move": ("number", "table"),
    }

    def clean(self):
        data = super().clean()
        for name in self.NEEDS.get(data.get("kind"), ()):
            if data.get(name) in (None, ""):
                self.add_error(name, _("This is needed."))
        return data

    def params(self) -> dict:
        d = self.cleaned_data
        return {
            "arrive": {"number": d.get("number")},
            "leave": {"number": d.get("number")},
            "swap": {"a": d.get("a"), "b": d.get("b")},
            "move": {"number": d.get("number"), "table": d.get("table")},
        }[d["kind"]]


class CorrectionForm(GameStepForm):
    winner = forms.IntegerField(min_value=1, max_value=9999)


class ReregisterForm(forms.Form):
    """One pair of the night a drive was copied from (number), or all of them (numbers=all)."""

    number = forms.IntegerField(min_value=1, max_value=9999, required=False)
    numbers = forms.ChoiceField(choices=[("all", "all")], required=False)

    def clean(self):
        data = super().clean()
        if data.get("number") is None and not data.get("numbers"):
            raise forms.ValidationError(_("Tap a pair to add."))
        return data
