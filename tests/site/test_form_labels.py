"""A checkbox's label, shown after its box, is a plain phrase: no colon at its end ("Paid",
not "Paid:"; « Payé », not « Payé : »). Django adds its label suffix to every label_tag; the
site's form renderer (config/forms.py) leaves it off a checkbox's."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from django import forms
from django.urls import reverse
from django.utils import translation

from drives import services
from tests.builders import NOW, make_drive, started_drive

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _english_after():
    """A French request leaves French active in this thread: the next tests speak English."""
    yield
    translation.activate("en")


class CheckboxLabels(HTMLParser):
    """The words of every checkbox's label in a page: a <label for=...> or the one around it."""

    def __init__(self) -> None:
        super().__init__()
        self.boxes: list[str] = []  # the ids of the checkboxes
        self.labels: dict[str, str] = {}  # for= -> words
        self.around: list[str] = []  # words of labels holding a checkbox
        self._open: list[dict] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "label":
            self._open.append({"for": a.get("for"), "words": "", "box": False})
        elif tag == "input" and a.get("type") == "checkbox":
            if self._open:
                self._open[-1]["box"] = True
            elif a.get("id"):
                self.boxes.append(a["id"])

    def handle_data(self, data):
        for label in self._open:
            label["words"] += data

    def handle_endtag(self, tag):
        if tag == "label" and self._open:
            label = self._open.pop()
            words = " ".join(label["words"].split())
            if label["box"]:
                self.around.append(words)
            elif label["for"]:
                self.labels[label["for"]] = words

    def words(self) -> list[str]:
        return [self.labels[i] for i in self.boxes if i in self.labels] + self.around


def checkbox_labels(html: str) -> list[str]:
    parser = CheckboxLabels()
    parser.feed(html)
    return parser.words()


def test_the_reader_of_the_page_finds_the_label_of_each_checkbox():
    html = (
        '<input type="checkbox" id="a"> <label for="a">Paid:</label>'
        '<label><input type="checkbox"> Joker</label><label for="b">Name:</label>'
    )
    assert checkbox_labels(html) == ["Paid:", "Joker"]


def test_a_checkbox_label_of_any_form_has_no_colon():
    class AnyForm(forms.Form):
        name = forms.CharField(label="Name")
        paid = forms.BooleanField(label="Paid", required=False)

    form = AnyForm()
    assert form["paid"].label_tag() == '<label for="id_paid">Paid</label>'
    assert form["name"].label_tag() == '<label for="id_name">Name:</label>'


@pytest.mark.parametrize("language", ["en", "fr"])
def test_no_label_after_a_checkbox_ends_in_a_colon(org_client, club, organizer, language):
    org_client.cookies["django_language"] = language
    drive = make_drive(club, organizer)
    services.pairs_bulk_add(drive=drive, actor=organizer, now=NOW, text="A & B\nC & D")
    running = started_drive(club, organizer, pairs=4)
    pair = drive.pairs.first()
    pages = {
        "pairs": reverse("drives:pairs", args=[drive.pk]),
        "pair edit": reverse("drives:pair_edit", args=[drive.pk, pair.pk]),
        "new drive": reverse("drives:drive_create"),
        "drive settings": reverse("drives:drive_edit", args=[drive.pk]),
        "prize settings": reverse("prizes:prize_settings", args=[drive.pk]),
        "start": reverse("drives:drive_start", args=[drive.pk]),
        "late pair": reverse("drives:seating", args=[running.pk]),
        "drive page": reverse("drives:drive_detail", args=[drive.pk]),
    }
    found = {}
    for name, url in pages.items():
        r = org_client.get(url)
        assert r.status_code == 200, name
        found[name] = checkbox_labels(r.content.decode())
    assert found["pairs"] and found["prize settings"] and found["drive settings"]
    with_colon = {
        name: [w for w in words if w.rstrip().endswith(":")] for name, words in found.items()
    }
    assert {name: words for name, words in with_colon.items() if words} == {}
