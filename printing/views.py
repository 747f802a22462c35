"""The Print page and the PDF downloads of a drive.

Organizers and scorers may download. Each view reads the drive through
get_drive_for_user (404 for another club's drive), builds the document's
plain data (printing/pdf/data.py), draws it (printing/pdf/*) and sends the bytes
as an attachment named after the drive's date.
"""

from __future__ import annotations

from collections.abc import Callable

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_POST

from clubs.interface import DriveError
from clubs.views import address_note, handle_drive_errors, origin_of, page
from drives.interface import drive_print_language_set, table_link_url, table_links
from drives.models import Drive
from drives.views.shared import get_drive_for_user

from .pdf import cards, data, pack, prize_report, seating, standings, tables

MAX_COPIES = data.MAX_COPIES


class BlankCardsForm(forms.Form):
    count = forms.IntegerField(
        label=gettext_lazy("How many blank cards"),
        min_value=1,
        max_value=MAX_COPIES,
        initial=16,
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "size": 4}),
    )


class PairCardForm(forms.Form):
    pair = forms.IntegerField(
        label=gettext_lazy("Pair number"),
        min_value=1,
        max_value=9999,
        required=False,
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "size": 4}),
    )


class TableCardsForm(forms.Form):
    tables = forms.IntegerField(
        label=gettext_lazy("How many tables"),
        min_value=1,
        max_value=MAX_COPIES,
        required=False,
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "size": 4}),
    )


def _download(drive: Drive, what: str, build: Callable[[], bytes]) -> HttpResponse:
    """The PDF `build` draws, in the drive's language (a French hall prints French cards
    from an English laptop), as an attachment."""
    with translation.override(drive.print_language):
        content = build()
    response = HttpResponse(content, content_type="application/pdf")
    response["Content-Disposition"] = content_disposition_header(True, data.file_name(drive, what))
    return response


def _documents(drive: Drive) -> list[dict]:
    """Every printable document of the drive, for the Print page."""

    def url(name: str) -> str:
        return reverse(f"printing:{name}", args=[drive.pk])

    started = not drive.is_setup
    return [
        {
            "id": "punch-cards",
            "title": _("Punch cards"),
            "about": _("One card per pair with its number and names, eight to a page."),
            "url": url("pdf_punch_cards"),
        },
        {
            "id": "seating",
            "title": _("Seating list"),
            "about": _(
                "Where every pair sits this game, in large type for the wall, "
                "and who deals first at each table."
            ),
            "url": url("pdf_seating"),
            "not_yet": "" if started else _("There is a seating list once the drive has started."),
        },
        {
            "id": "paper-pack",
            "title": _("Paper fallback pack"),
            "about": _(
                "Standings, the current seating and a result sheet for every game left: "
                "the night goes on in pencil if the laptop stops."
            ),
            "url": url("pdf_paper_pack"),
        },
        {
            "id": "standings",
            "title": _("Standings sheet"),
            "about": _("Every pair by games won, with its punched games."),
            "url": url("pdf_standings"),
        },
        {
            "id": "final-cards",
            "title": _("Final score cards"),
            "about": _("Each pair's card as the night ended: games won punched, total, prize."),
            "url": url("pdf_final_cards"),
        },
        {
            "id": "prize-report",
            "title": _("Prize report"),
            "about": _(
                "Places and ties, cookie jar, side prizes and the cash summary, "
                "with a line for the organizer's signature."
            ),
            "url": url("pdf_prize_report"),
            "organizer": True,
        },
    ]


def _print_page(request, drive, *, blank_form=None, tables_form=None, pair_form=None, status=200):
    ctx = {
        "address_note": address_note(request),
        "drive": drive,
        "documents": _documents(drive),
        "blank_form": blank_form or BlankCardsForm(),
        "pair_form": pair_form or PairCardForm(),
        "tables_form": tables_form or TableCardsForm(),
        "table_count": data.table_count(drive),
        "print_languages": Drive._meta.get_field("language").choices,
    }
    return page(request, "printing/print.html", ctx, status)


class PrintLanguageForm(forms.Form):
    language = forms.ChoiceField(choices=[("", ""), *settings.LANGUAGES], required=False)


@login_required
@require_POST
@handle_drive_errors
def print_language(request: HttpRequest, drive_id: int) -> HttpResponse:
    """The language of the drive's printouts (organizers): its own, or the club's ("")."""
    drive = get_drive_for_user(request, drive_id)
    form = PrintLanguageForm(request.POST)
    if not form.is_valid():
        raise DriveError(_("Choose English or French."))
    drive = drive_print_language_set(
        drive=drive,
        language=form.cleaned_data["language"],
        actor=request.user,
        now=timezone.now(),
        origin=origin_of(request, "print"),
    )
    messages.success(
        request, _("Printouts are now in %(language)s.") % {"language": _language_name(drive)}
    )
    return _print_page(request, drive)


def _language_name(drive: Drive) -> str:
    return dict(settings.LANGUAGES)[drive.print_language]


@login_required
@require_GET
def print_page(request: HttpRequest, drive_id: int) -> HttpResponse:
    """Every document of the drive, each with a big download button."""
    drive = get_drive_for_user(request, drive_id, scorer_ok=True)
    return _print_page(request, drive)


@login_required
@require_GET
def punch_cards(request: HttpRequest, drive_id: int) -> HttpResponse:
    """Every pair's punch card, or ?pair=N only that pair's (a card spoiled or lost, and
    given a new card link): each with the QR code of the pair's own page."""
    drive = get_drive_for_user(request, drive_id, scorer_ok=True)
    form = PairCardForm(request.GET)
    if not form.is_valid():
        return _print_page(request, drive, pair_form=form, status=400)
    number = form.cleaned_data["pair"]
    if number is not None and not drive.pairs.filter(number=number).exists():
        form.add_error("pair", _("There is no pair %(n)d in this drive.") % {"n": number})
        return _print_page(request, drive, pair_form=form, status=404)
    what = "punch-cards" if number is None else f"punch-card-{number}"
    return _download(drive, what, lambda: cards.punch_cards(data.punch_cards(drive, number=number)))


@login_required
@require_GET
def blank_cards(request: HttpRequest, drive_id: int) -> HttpResponse:
    """?count=N (1..200) punch cards with no pair number and no names, for walk-ins."""
    drive = get_drive_for_user(request, drive_id, scorer_ok=True)
    form = BlankCardsForm(request.GET)
    if not form.is_valid():
        return _print_page(request, drive, blank_form=form, status=400)
    count = form.cleaned_data["count"]
    return _download(
        drive,
        "blank-cards",
        lambda: cards.punch_cards(data.blank_cards(drive, count), title=_("Blank punch cards")),
    )


@login_required
@require_GET
def table_cards(request: HttpRequest, drive_id: int) -> HttpResponse:
    """One card per table with its QR code; ?tables=N (1..200) overrides the count.

    Organizers only: the QR codes are the tables' keys, like the table links page."""
    drive = get_drive_for_user(request, drive_id)
    form = TableCardsForm(request.GET)
    if not form.is_valid():
        return _print_page(request, drive, tables_form=form, status=400)
    count = form.cleaned_data["tables"] or data.table_count(drive)
    links = [link for link in table_links(drive.club, count) if link.table <= count]
    return _download(
        drive,
        "table-cards",
        lambda: tables.table_cards(data.table_cards(drive, links, table_link_url)),
    )


@login_required
@require_GET
@handle_drive_errors
def seating_list(request: HttpRequest, drive_id: int) -> HttpResponse:
    drive = get_drive_for_user(request, drive_id, scorer_ok=True)
    if drive.is_setup:
        raise DriveError(_("There is no seating yet: start the drive first."), 409)
    return _download(drive, "seating", lambda: seating.seating(data.seating(drive)))


@login_required
@require_GET
def paper_pack(request: HttpRequest, drive_id: int) -> HttpResponse:
    drive = get_drive_for_user(request, drive_id, scorer_ok=True)
    return _download(drive, "paper-pack", lambda: pack.paper_pack(data.paper_pack(drive)))


@login_required
@require_GET
def standings_sheet(request: HttpRequest, drive_id: int) -> HttpResponse:
    drive = get_drive_for_user(request, drive_id, scorer_ok=True)
    return _download(drive, "standings", lambda: standings.standings(data.standings(drive)))


@login_required
@require_GET
def final_cards(request: HttpRequest, drive_id: int) -> HttpResponse:
    drive = get_drive_for_user(request, drive_id, scorer_ok=True)
    return _download(drive, "final-cards", lambda: cards.final_cards(data.final_cards(drive)))


@login_required
@require_GET
def prize_report_pdf(request: HttpRequest, drive_id: int) -> HttpResponse:
    drive = get_drive_for_user(request, drive_id)
    return _download(
        drive, "prize-report", lambda: prize_report.prize_report(data.prize_report(drive))
    )
