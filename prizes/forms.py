import re
from decimal import Decimal, InvalidOperation

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from clubs.models import Club
from drives.models import CENTS_MAX

# "12", "$12.50", "12,50", and "12,50 $" as French writes it.
_MONEY = re.compile(r"^\$?\s*(\d{1,6})(?:[.,](\d{1,2}))?\s*\$?\s*$")


def decimal_mark() -> str:
    """The decimal mark of the active language: "12.50" in English, "12,50" in French."""
    return "," if (get_language() or "").startswith("fr") else "."


def parse_cents(text: str) -> int:
    """ "12", "12.5", "$12.50", "12,50" -> cents. Refuses negatives and fractions of a cent."""
    m = _MONEY.match(text or "")
    if not m:
        raise ValidationError(_("Write an amount like 12 or 12.50."))
    try:
        cents = int(Decimal(f"{m.group(1)}.{(m.group(2) or '0').ljust(2, '0')}") * 100)
    except InvalidOperation:
        raise ValidationError(_("Write an amount like 12 or 12.50.")) from None
    if cents > CENTS_MAX:
        raise ValidationError(_("That amount is too large."))
    return cents


class MoneyField(forms.Field):
    """Dollars and cents typed by a person; cleaned to integer cents (or None when blank)."""

    widget = forms.TextInput

    def __init__(self, **kwargs):
        kwargs.setdefault("required", False)
        super().__init__(**kwargs)
        self.widget.attrs.update({"inputmode": "decimal", "maxlength": 12})

    def widget_attrs(self, widget):
        return {**super().widget_attrs(widget), "placeholder": _("0.00")}

    def prepare_value(self, value):
        if isinstance(value, int):
            return f"{value // 100}{decimal_mark()}{value % 100:02d}"
        return value

    def to_python(self, value):
        value = (value or "").strip()
        if not value:
            return None
        if len(value) > 12:
            raise ValidationError(_("Write an amount like 12 or 12.50."))
        return parse_cents(value)


class PrizeSettingsForm(forms.Form):
    entry_fee = MoneyField(label=_("Entry fee per pair ($)"))
    ace_low = forms.BooleanField(label=_("Ace is low when cutting for a tie"), required=False)
    booby = forms.BooleanField(label=_("Booby prize for the fewest games"), required=False)
    booby_cents = MoneyField(label=_("Booby prize: money ($)"))
    booby_item = forms.CharField(label=_("or an item"), max_length=120, required=False)
    booby_excludes_late_or_early = forms.BooleanField(
        label=_("Pairs that came late or left early cannot win the booby"), required=False
    )
    jar = forms.BooleanField(label=_("Cookie jar"), required=False)
    jar_games = forms.IntegerField(
        label=_("Cookie jar: games drawn"), min_value=1, max_value=60, required=False
    )
    jar_price = MoneyField(label=_("Cookie jar: price per pair ($)"))
    jackpot = forms.BooleanField(label=_("Jackpot"), required=False)
    jackpot_threshold = forms.IntegerField(
        label=_("Jackpot: games needed"), min_value=1, max_value=60, required=False
    )
    jackpot_cents = MoneyField(label=_("Jackpot: amount ($)"))
    fifty_fifty = forms.BooleanField(label=_("50/50 draw"), required=False)
    travelling = forms.BooleanField(label=_("Travelling prize"), required=False)
    travelling_item = forms.CharField(
        label=_("Travelling prize: what it is"), max_length=120, required=False
    )
    door_prizes = forms.IntegerField(
        label=_("Door prizes to draw (0 for none)"), min_value=0, max_value=50, required=False
    )

    def __init__(self, *args, places: int = 3, **kwargs):
        super().__init__(*args, **kwargs)
        self.places = places
        for n in range(1, places + 1):
            self.fields[f"place_{n}_cents"] = MoneyField(
                label=_("Prize %(n)d: money ($)") % {"n": n}
            )
            self.fields[f"place_{n}_item"] = forms.CharField(
                label=_("or an item"), max_length=120, required=False
            )

    def place_rows(self):
        return [
            (self[f"place_{n}_cents"], self[f"place_{n}_item"]) for n in range(1, self.places + 1)
        ]

    def settings_fields(self):
        return [f for f in self if not f.name.startswith("place_")]

    def clean(self):
        data = super().clean()
        for n in range(1, self.places + 1):
            if (
                data.get(f"place_{n}_cents") is not None
                and (data.get(f"place_{n}_item") or "").strip()
            ):
                self.add_error(f"place_{n}_item", _("Money or an item, not both."))
        if data.get("booby_cents") is not None and (data.get("booby_item") or "").strip():
            self.add_error("booby_item", _("Money or an item, not both."))
        return data

    def values(self) -> dict:
        d = self.cleaned_data
        return {
            "entry_fee": d["entry_fee"] or 0,
            "ace_low": d["ace_low"],
            "booby": d["booby"],
            "booby_cents": d["booby_cents"],
            "booby_item": d["booby_item"],
            "booby_excludes_late_or_early": d["booby_excludes_late_or_early"],
            "jar": d["jar"],
            "jar_games": d["jar_games"] or 8,
            "jar_price": d["jar_price"] or 0,
            "jackpot": d["jackpot"],
            "jackpot_threshold": d["jackpot_threshold"] or 20,
            "jackpot_cents": d["jackpot_cents"] or 0,
            "fifty_fifty": d["fifty_fifty"],
            "travelling": d["travelling"],
            "travelling_item": d["travelling_item"],
            "door_prizes": d["door_prizes"] or 0,
        }

    def places_values(self) -> dict[int, tuple[int | None, str]]:
        d = self.cleaned_data
        return {
            n: (d.get(f"place_{n}_cents"), d.get(f"place_{n}_item") or "")
            for n in range(1, self.places + 1)
        }


class CashUnitForm(forms.Form):
    cash_unit = forms.TypedChoiceField(
        label=_("Smallest cash unit paid out"),
        coerce=int,
        choices=[(1, _("1 cent")), (5, _("5 cents")), (10, _("10 cents")), (25, _("25 cents"))],
    )
    # Empty leaves the club's paper as it is.
    paper_size = forms.ChoiceField(
        label=_("Paper the club prints on"),
        choices=[("", "---------"), *Club.PaperSize.choices],
        required=False,
    )
