"""The cookie jar screen: who is in (before the start), the draw (after the finish)."""

from __future__ import annotations

import re

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_POST

from clubs.views import handle_drive_errors, origin_of, page
from drives.models import Drive, JarEntry, Pair
from drives.views.shared import get_drive_for_user, pair_row
from prizes.services import jar as service
from prizes.services.common import DriveError
from prizes.templatetags.money import cents as dollars

SCREEN = "cookie jar"
_SPLIT = re.compile(r"[\s,;]+")
MAX_TYPED = 200  # far more than any drive's games; refuses a pasted essay before parsing


def _with_jar_flags(drive: Drive) -> list[Pair]:
    entered = set(JarEntry.objects.filter(drive=drive).values_list("pair_id", flat=True))
    pairs = list(drive.pairs.all())
    for p in pairs:
        p.in_jar = p.pk in entered
    return pairs


def _context(drive: Drive) -> dict:
    return {
        "drive": drive,
        "section": service.section(drive),
        "pairs": _with_jar_flags(drive),
        "report": False,
        "jar_page": True,
    }


def parse_numbers(text: str) -> list[int]:
    """ "3 7 12, 19" -> [3, 7, 12, 19]; anything that is not a whole number is refused.

    The range and repeats are checked by the jar rules, with the drive's games at hand.
    """
    text = (text or "").strip()
    if len(text) > MAX_TYPED:
        raise DriveError(_("That is too long for a list of game numbers."), 400)
    numbers = []
    for token in _SPLIT.split(text) if text else []:
        if not token.isdigit() or not token.isascii() or len(token) > 3:
            raise DriveError(
                _("“%(token)s” is not a game number: type the games drawn, like 3 7 12 19.")
                % {"token": token[:12]},
                400,
            )
        numbers.append(int(token))
    return numbers


def parse_seed(text: str) -> int | None:
    text = (text or "").strip()
    if not text:
        return None
    if not text.isdigit() or not text.isascii() or len(text) > 18:
        raise DriveError(_("The seed must be a whole number from 0 up."), 400)
    return int(text)


@login_required
@require_GET
def jar(request, drive_id):
    drive = get_drive_for_user(request, drive_id)
    return page(request, "prizes/jar.html", _context(drive))


@login_required
@require_POST
@handle_drive_errors
def jar_entry(request, drive_id, pair_id):
    """One tap: "Not in the jar" puts the pair in, "In the jar" takes it out."""
    drive = get_drive_for_user(request, drive_id)
    pair = get_object_or_404(Pair, pk=pair_id, drive=drive)
    joining = request.POST.get("jar") == "on"
    kw = {
        "pair": pair,
        "actor": request.user,
        "now": timezone.now(),
        "origin": origin_of(request, SCREEN),
    }
    if joining:
        service.jar_opt_in(**kw)
    else:
        service.jar_opt_out(**kw)
    if request.POST.get("next") == "pairs":  # the toggle beside "Paid" on the Pairs page
        if request.htmx:
            return pair_row(request, drive, pair)
        return redirect("drives:pairs", drive_id=drive.pk)
    if request.htmx:
        pair.in_jar = joining
        ctx = {"drive": drive, "p": pair, "section": service.section(drive), "oob": True}
        return render(request, "prizes/jar.html#jar-row", ctx)
    return redirect("prizes:jar", drive_id=drive.pk)


@login_required
@require_POST
@handle_drive_errors
def jar_draw(request, drive_id):
    """The site draws from a seed, or the organizer records the numbers drawn by hand.

    The site's draw asks first ("Draw now?") and draws only with confirm=yes: one stray tap
    must not draw before the hall is watching. Numbers typed by hand are recorded at once.
    """
    drive = get_drive_for_user(request, drive_id)
    if request.POST.get("how") == "hand":
        kw = {"numbers": parse_numbers(request.POST.get("numbers", ""))}
    else:
        kw = {"seed": parse_seed(request.POST.get("seed", ""))}
        if request.POST.get("confirm") != "yes":
            ctx = _context(drive)
            if ctx["section"].get("can_draw"):
                seed = "" if kw["seed"] is None else str(kw["seed"])
                return page(request, "prizes/jar.html", {**ctx, "ask": {"seed": seed}})
            # Nothing to ask (drawn already, not finished, no jar): the service says why.
    row = service.jar_draw(
        drive=drive,
        actor=request.user,
        now=timezone.now(),
        origin=origin_of(request, SCREEN),
        **kw,
    )
    games = ", ".join(str(n) for n in row.numbers)
    if row.winners:
        message = ngettext(
            "Games drawn: %(games)s. Pair %(who)s wins the jar.",
            "Games drawn: %(games)s. Pairs %(who)s share the jar.",
            len(row.winners),
        ) % {"games": games, "who": ", ".join(str(n) for n in row.winners)}
    else:
        message = _("Games drawn: %(games)s. No pair won every game drawn.") % {"games": games}
    messages.success(request, message)
    if request.htmx:
        return page(request, "prizes/jar.html", _context(drive))
    return redirect("prizes:jar", drive_id=drive.pk)


@login_required
@require_POST
@handle_drive_errors
def jar_carry(request, drive_id):
    """Carry a jar with no winner to the club's next drive, created after the draw."""
    drive = get_drive_for_user(request, drive_id)
    row = service.jar_carry_over(
        drive=drive, actor=request.user, now=timezone.now(), origin=origin_of(request, SCREEN)
    )
    messages.success(
        request,
        _("%(total)s carried over to %(to)s.")
        % {"total": dollars(row.total), "to": row.carried_to.name},
    )
    if request.htmx:
        return page(request, "prizes/jar.html", _context(drive))
    return redirect("prizes:jar", drive_id=drive.pk)
