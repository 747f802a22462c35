from django import forms
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from clubs.interface import TextError, clean_name, clean_text
from scoring.games.all_fours import MAX_BID, RANKS, SUITS
from scoring.games.options import Option

from . import game_options
from .models import MAX_NAME, Drive
from .services.people import parse_choice


def _name(value: str, *, max_length: int, what: str) -> str:
    """clubs.clean_name for a form field: its refusal as the field's error."""
    try:
        return clean_name(value, max_length=max_length, what=what)
    except TextError as e:
        raise forms.ValidationError(e.message) from None


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
        field = forms.IntegerField(label=label, required=False, min_value=-9999, max_value=9999)
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
        fields = [
            "name",
            "date",
            "venue",
            "games",
            "game",
            "prize_places",
            "sitout_wins",
            "confirm_by_number",
            "confirm_by_code",
            "board_public",
            "standings_public",
            "language",
        ]
        widgets = {"date": forms.DateInput(attrs={"type": "date"})}
        help_texts = {
            "games": _("Usually 25 (from 1 to 60)."),
            "sitout_wins": _("With an odd number of pairs one pair sits out each game."),
            "confirm_by_number": _(
                "Otherwise the other pair agrees to a result reported at its table with one tap."
            ),
            "confirm_by_code": _(
                "Each pair's code is printed on its punch card: only that pair can agree for it."
            ),
            "board_public": _(
                "Show the projector board without a login. Its address is on the drive's page."
            ),
            "standings_public": _(
                "Show every pair's games won without a login. Its address is on the drive's page."
            ),
            "language": _(
                "Punch cards, table cards, sheets and the prize report print in this language, "
                "whatever language this screen is in."
            ),
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.instance.pk:
            # A saved drive has its addresses already: say them where the box is ticked.
            self.fields["board_public"].help_text = _(
                "Show the projector board at %(address)s without a login."
            ) % {"address": reverse("board:board", args=[self.instance.pk])}
            self.fields["standings_public"].help_text = _(
                "Show every pair's games won at %(address)s without a login."
            ) % {"address": reverse("board:standings", args=[self.instance.pk])}
        stored = self.instance.game_options or {}
        for option in game_options.DRIVE_OPTIONS:
            field = _option_field(option)
            field.initial = stored.get(option.name, option.default)
            self.fields[option.name] = field

    def clean_name(self):
        return _name(self.cleaned_data["name"], max_length=120, what=_("The drive's name"))

    def clean_venue(self):
        try:
            return clean_text(self.cleaned_data["venue"], max_length=120, what=_("The venue"))
        except TextError as e:
            raise forms.ValidationError(e.message) from None

    def setting_fields(self):
        return [self[name] for name in self.fields if name not in game_options.OPTION_NAMES]

    def option_fields(self):
        return [self[o.name] for o in game_options.DRIVE_OPTIONS]

    def clean(self):
        data = super().clean()
        values = {o.name: data.pop(o.name, o.default) for o in game_options.DRIVE_OPTIONS}
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
    # The register's entry chosen from the suggestions under each name ("" to match it).
    person1 = forms.CharField(required=False, widget=forms.HiddenInput)
    person2 = forms.CharField(required=False, widget=forms.HiddenInput)

    def clean_person1(self):
        return parse_choice(self.cleaned_data.get("person1"))

    def clean_person2(self):
        return parse_choice(self.cleaned_data.get("person2"))

    def clean_player1(self):
        return _name(self.cleaned_data["player1"], max_length=MAX_NAME, what=_("A player's name"))

    def clean_player2(self):
        return _name(self.cleaned_data["player2"], max_length=MAX_NAME, what=_("A player's name"))


class BulkPairsForm(forms.Form):
    text = forms.CharField(
        label=_("One pair per line"),
        widget=forms.Textarea(attrs={"rows": 8, "placeholder": "Mary MacNeil & John Boudreau"}),
        max_length=60000,
    )
    paid = forms.BooleanField(label=_("All of these have paid"), required=False)
    # "ask" first; the warning about pairs already registered offers "skip" and "add".
    duplicates = forms.ChoiceField(
        choices=[("ask", "ask"), ("skip", "skip"), ("add", "add")], required=False
    )

    def clean_duplicates(self):
        return self.cleaned_data.get("duplicates") or "ask"

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
    # Yes to starting while another drive of the club is running (the screen asked).
    alongside = forms.BooleanField(required=False)
    # Take the club's table cards from the running drive that has them (the screen says which).
    table_cards = forms.BooleanField(required=False)


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
    # A late pair pays into the cookie jar as it registers, as the pairs at the door do.
    jar = forms.BooleanField(label=_("In the jar"), required=False)

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


class DriveCopyForm(forms.Form):
    """A new drive from this one: its name and date are asked, the rest is copied."""

    name = forms.CharField(label=_("Name of the new drive"), max_length=120)
    date = forms.DateField(label=_("Date"), widget=forms.DateInput(attrs={"type": "date"}))

    def clean_name(self):
        name = " ".join(self.cleaned_data["name"].split())
        if not name:
            raise forms.ValidationError(_("Give the new drive a name."))
        return name


class ReregisterForm(forms.Form):
    """One pair of the night a drive was copied from (number), or all of them (numbers=all)."""

    number = forms.IntegerField(min_value=1, max_value=9999, required=False)
    numbers = forms.ChoiceField(choices=[("all", "all")], required=False)

    def clean(self):
        data = super().clean()
        if data.get("number") is None and not data.get("numbers"):
            raise forms.ValidationError(_("Tap a pair to add."))
        return data


class DealForm(forms.Form):
    """One All Fours deal from the scorekeeper. Pair taps carry a pair number; High,
    Low and Jack also "none" (not in play), the Jack "hang_<n>" (Caribbean: the pair
    that hanged it), Game "none" (a tie that nobody takes). Only the shape is checked
    here: the rules check the deal."""

    STALE = _("This page is out of date: reload it.")
    TAP = r"^(none|\d{1,4})$"
    CARDS = 3  # the card turned up, and those turned when the cards are run

    number = forms.IntegerField(
        min_value=1, max_value=9999, error_messages={"required": STALE, "invalid": STALE}
    )
    key = forms.CharField(max_length=64, error_messages={"required": STALE})
    dealer = forms.RegexField(
        r"^\d{1,4}$",
        error_messages={
            "required": _("Tap the dealer's pair."),
            "invalid": _("Tap the dealer's pair."),
        },
    )
    beg = forms.ChoiceField(
        choices=[("stood", "stood"), ("gift", "gift"), ("run", "run")], required=False
    )
    sold = forms.BooleanField(required=False)

    def __init__(self, data, numbers: tuple[int, ...], rules):
        super().__init__(data)
        self.numbers, self.rules = numbers, rules
        ranks = [("", "")] + [(r, r) for r in RANKS]
        suits = [("", "")] + [(s, s) for s in SUITS]
        for i in range(1, self.CARDS + 1):
            self.fields[f"rank_{i}"] = forms.ChoiceField(choices=ranks, required=False)
            self.fields[f"suit_{i}"] = forms.ChoiceField(choices=suits, required=False)
        bid_error = {
            "invalid": _("Tap each bid, or pass."),
            "required": _("Tap each bid, or pass."),
        }
        for seat in self.bid_seats(rules):
            self.fields[f"bid_{seat}"] = forms.IntegerField(
                min_value=0, max_value=MAX_BID, error_messages=bid_error
            )
        for name, what in (("high", _("High")), ("low", _("Low")), ("jack", _("the Jack"))):
            tap = _("Tap who took %(what)s, or “Not in play”.") % {"what": what}
            pattern = r"^(none|\d{1,4}|hang_\d{1,4})$" if name == "jack" else self.TAP
            self.fields[name] = forms.RegexField(
                pattern, error_messages={"required": tap, "invalid": tap}
            )
        game_tap = _("Tap who took Game, or enter the card points.")
        self.fields["game"] = forms.RegexField(
            self.TAP, required=False, error_messages={"invalid": game_tap}
        )
        for n in numbers:
            self.fields[f"count_{n}"] = forms.IntegerField(
                min_value=0, max_value=99, required=False
            )
            if rules.card_points:
                self.fields[f"capture_{n}"] = forms.IntegerField(
                    min_value=0, max_value=99, required=False
                )

    @staticmethod
    def bid_seats(rules) -> list[int]:
        """The seats that bid, counted from the elder: every player in Auction Pitch,
        the players after the elder in Commercial Pitch."""
        if rules.bidding is None:
            return []
        return list(range(0 if rules.bidding == "auction" else 1, 4))

    def clean(self):
        data = super().clean()
        for i in range(1, self.CARDS + 1):
            if bool(data.get(f"rank_{i}")) != bool(data.get(f"suit_{i}")):
                raise forms.ValidationError(
                    _("Pick both the rank and the suit of each card turned up.")
                )
        counts = [data.get(f"count_{n}") for n in self.numbers]
        if any(c is not None for c in counts) and None in counts:
            raise forms.ValidationError(_("Enter the card points of each pair, or none."))
        if not data.get("game") and None in counts and not self.has_error("game"):
            raise forms.ValidationError(_("Tap who took Game, or enter the card points."))
        return data

    def first_error(self) -> str:
        return next(iter(self.errors.values()))[0]

    def record(self) -> dict:
        d = self.cleaned_data

        def pair(value: str | None) -> int | None:
            return None if value in (None, "", "none") else int(value.removeprefix("hang_"))

        dealer = int(d["dealer"])
        turned = [
            f"{d[f'rank_{i}']}{d[f'suit_{i}']}"
            for i in range(1, self.CARDS + 1)
            if d.get(f"rank_{i}")
        ]
        # All Fives: the trumps each pair took, the elder's pair first (it leads).
        order = sorted(self.numbers, key=lambda n: n == dealer)
        captures = [
            [n, d[f"capture_{n}"]]
            for n in order
            if self.rules.card_points and d.get(f"capture_{n}")
        ]
        counts = {str(n): d[f"count_{n}"] for n in self.numbers}
        return {
            "dealer": dealer,
            "turned": turned,
            "beg": None if d.get("beg") in (None, "", "stood") else d["beg"],
            "bids": [d[f"bid_{seat}"] for seat in self.bid_seats(self.rules)],
            "sold": bool(d.get("sold")),
            "captures": captures,
            "high": pair(d["high"]),
            "low": pair(d["low"]),
            "jack": pair(d["jack"]),
            "hanged": d["jack"].startswith("hang_"),
            "game": pair(d.get("game")),
            "counts": counts if None not in counts.values() else {},
        }
