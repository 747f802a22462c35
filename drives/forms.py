from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.games.options import OPTIONS, Option

from . import game_options
from .models import MAX_NAME, Drive


def _option_field(option: Option) -> forms.Field:
    """The form field of one game option: a checkbox, a choice or a whole number."""
    label = _(option.label)
    if option.kind == "yes_no":
        # The label is a sentence: no colon after it.
        field: forms.Field = forms.BooleanField(label=label, required=False, label_suffix="")
    elif option.kind == "choice":
        field = forms.TypedChoiceField(
            label=label,
            required=False,
            choices=[(c.value, _(c.label)) for c in option.choices],
            empty_value=option.default,
        )
    else:
        # Below zero is for the rules to say (they refuse it only for the game it is for).
        field = forms.IntegerField(label=label, required=False, min_value=-9999)
    notes = [_(option.help)] if option.help else []
    field.help_text = " ".join([*map(str, notes), game_options.applies_note(option)])
    # Which Drive.game values it is for: the template marks the field with them.
    field.games = game_options.games_of(option)
    return field


class DriveForm(forms.ModelForm):
    """The drive's settings, with the options of its game (game-scoring.md).

    Every option is shown with a note of the game it is for; on saving, only
    the options of the chosen game are kept, in cleaned_data["game_options"],
    and the rules are asked whether they go together.
    """

    class Meta:
        model = Drive
        fields = ["name", "date", "venue", "games", "game", "prize_places", "sitout_wins"]
        widgets = {"date": forms.DateInput(attrs={"type": "date"})}
        help_texts = {
            "games": _("Usually 25 (from 1 to 60)."),
            "sitout_wins": _("With an odd number of pairs one pair sits out each game."),
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        stored = self.instance.game_options or {}
        for option in OPTIONS:
            field = _option_field(option)
            field.initial = stored.get(option.name, option.default)
            self.fields[option.name] = field

    def setting_fields(self):
        return [self[name] for name in self.fields if name not in game_options.OPTION_NAMES]

    def option_fields(self):
        return [self[o.name] for o in OPTIONS]

    def clean(self):
        data = super().clean()
        values = {o.name: data.pop(o.name, o.default) for o in OPTIONS}
        game = data.get("game")
        if game and not self.has_error(None):
            try:
                data["game_options"] = game_options.clean_options(game, values)
            except ValueError as e:
                self.add_error(None, game_options.plain_refusal(e))
        return data


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


class HandForm(forms.Form):
    """One hand from the scorekeeper. The tricks fields are named after the pairs
    (tricks_7, tricks_12); best and bidder carry a pair number, best "none" when no
    trump was played. Only the shape is checked here: the rules check the hand."""

    STALE = _("This page is out of date: reload it.")
    BEST = _("Tap the pair that won the best trump, or “No trump played”.")

    number = forms.IntegerField(
        min_value=1, max_value=9999, error_messages={"required": STALE, "invalid": STALE}
    )
    key = forms.CharField(max_length=64, error_messages={"required": STALE})
    best = forms.RegexField(r"^(none|\d{1,4})$", error_messages={"required": BEST, "invalid": BEST})
    bidder = forms.IntegerField(
        min_value=1,
        max_value=9999,
        required=False,
        error_messages={"invalid": _("Tap the pair that won the bid.")},
    )
    bid = forms.IntegerField(
        min_value=0, max_value=999, required=False, error_messages={"invalid": _("Tap the bid.")}
    )

    def __init__(self, data, numbers: tuple[int, ...]):
        super().__init__(data)
        self.numbers = numbers
        for n in numbers:
            tap = _("Tap the tricks of pair %(n)d.") % {"n": n}
            self.fields[f"tricks_{n}"] = forms.IntegerField(
                min_value=-99, max_value=99, error_messages={"required": tap, "invalid": tap}
            )
        # The first error shown is the first thing missing, top to bottom on the page.
        self.order_fields(["number", "key", *(f"tricks_{n}" for n in numbers), "best"])

    def first_error(self) -> str:
        return next(iter(self.errors.values()))[0]

    def record(self) -> dict:
        d = self.cleaned_data
        best = d["best"]
        return {
            "tricks": {n: d[f"tricks_{n}"] for n in self.numbers},
            "best": None if best == "none" else int(best),
            "bidder": d.get("bidder"),
            "bid": d.get("bid"),
        }
