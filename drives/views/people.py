"""The name box of the Pairs page offering the club's known players as letters are typed.

GET only, writes nothing. Typing sends the name (player1 or player2) and the box's slot;
the answer is the list of suggestions under the box, and the box's chosen entry cleared
(out of band: a new name is not the person chosen before). Tapping a suggestion sends
choose=<id>: the answer is the whole box, the name written as the register has it and
the entry chosen, so the pair is linked to that person when it is saved.
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.shortcuts import render
from django.views.decorators.http import require_GET

from clubs.interface import person_of, register_of

from ..models import MAX_NAME
from .shared import get_drive_for_user

SUGGESTIONS = 6


def _slot(raw: str | None) -> int:
    return 2 if raw == "2" else 1


@login_required
@require_GET
def pair_suggest(request, drive_id):
    drive = get_drive_for_user(request, drive_id)
    slot = _slot(request.GET.get("slot"))
    ctx = {"drive": drive, "slot": slot, "field": f"player{slot}", "person_field": f"person{slot}"}
    choose = request.GET.get("choose", "")
    if choose.isascii() and choose.isdigit() and len(choose) <= 18:
        person = person_of(drive.club, int(choose))
        if person is not None:
            ctx.update(name=person.name, person=person)
            return render(request, "drives/_name_box.html", ctx)
    typed = (request.GET.get(f"player{slot}") or "")[:MAX_NAME]
    ctx.update(name=typed, suggestions=register_of(drive.club).suggest(typed, limit=SUGGESTIONS))
    return render(request, "drives/_name_box.html#suggestions", ctx)
