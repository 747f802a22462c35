"""The tie screen: settle a tie for a place or the booby prize, or reopen its decision.

GET shows the tied pairs and the ticks (asks for a play-off, agrees to split,
declines the play-off) as saved on the server, and the method that follows.
Every step is saved as it is made (prizes.services.tie_steps): a tick
(action "ticks"), a round of a cut by hand ("physical"), starting the cut again
("restart"). So a reload or another tablet carries on where the tie was.

Deciding takes a second tap where one stray tap would settle a prize: the
play-off winner and the digital cut first ask "sure?" and are recorded only
with confirm=yes. A split shows what each pair gets, and any lower prize that
pays more, before its one button.
"""

from __future__ import annotations

import re
from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, QueryDict
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect, reselect

from clubs.interface import DriveError
from clubs.views import handle_drive_errors, origin_of, page
from drives.interface import pair_set_paid
from drives.views.shared import get_drive_for_user
from prizes import rules as prizes
from prizes.services import report as report_service
from prizes.services import tie_steps
from prizes.services import ties as services
from prizes.services.common import PrizeError, as_drive_error, prize_settings, require_finished

TEMPLATE = "prizes/ties.html"
ACTIONS = ("playoff", "playoff_undo", "split", "digital", "physical", "ticks", "restart")
RANKS = tuple((r, {1: "A", 11: "J", 12: "Q", 13: "K"}.get(r, str(r))) for r in range(1, 14))
SUITS = (("C", "♣"), ("D", "♦"), ("H", "♥"), ("S", "♠"))
_NUMBER = re.compile(r"^[0-9]{1,4}$")
_CARD_FIELD = re.compile(r"^r([0-9]{1,2})-([0-9]{1,4})-(rank|suit)$")
_GAME_FIELD = re.compile(r"^([0-9]{1,4})-([0-9]{1,4})$")


def _pair_number(value: str, group: services.PrizeGroup) -> int:
    value = (value or "").strip()
    if not _NUMBER.match(value):
        raise DriveError(_("“%(value)s” is not a pair number.") % {"value": value[:20]})
    n = int(value)
    if n not in group.numbers:
        raise DriveError(_("Pair %(n)d is not in this tie.") % {"n": n})
    return n


def _ticked(data: QueryDict, name: str, group: services.PrizeGroup) -> tuple[int, ...]:
    out: list[int] = []
    for value in data.getlist(name):
        n = _pair_number(value, group)
        if n in out:
            raise DriveError(_("Pair %(n)d is ticked twice.") % {"n": n})
        out.append(n)
    return tuple(sorted(out))


def _ticks(data: QueryDict, group: services.PrizeGroup) -> dict[str, tuple[int, ...]]:
    return {name: _ticked(data, name, group) for name in ("playoff", "split", "declined")}


def _rounds(
    data: QueryDict, group: services.PrizeGroup, saved: list | None = None
) -> list[dict[int, prizes.Card]]:
    """The cards cut so far: the saved rounds, then the fields r<round>-<pair>-rank / -suit
    of the next round (a round sent again must be the one saved)."""
    saved = list(saved or [])
    found: dict[int, dict[int, dict[str, str]]] = {}
    for key in data:
        m = _CARD_FIELD.match(key)
        if not m:
            continue
        rnd, pair, part = int(m.group(1)), _pair_number(m.group(2), group), m.group(3)
        values = data.getlist(key)
        if len(values) != 1:
            raise DriveError(_("Pair %(n)d has two cards in one round.") % {"n": pair})
        found.setdefault(rnd, {}).setdefault(pair, {})[part] = values[0].strip()
    if (
        not found
        or min(found) > len(saved) + 1
        or sorted(found) != list(range(min(found), max(found) + 1))
    ):
        raise DriveError(_("The rounds of the cut are out of order: start the cut again."))
    rounds = []
    suits = {s for s, _symbol in SUITS}
    for rnd in sorted(found):
        cards: dict[int, prizes.Card] = {}
        for pair, card in sorted(found[rnd].items()):
            rank, suit = card.get("rank", ""), card.get("suit", "")
            if not (_NUMBER.match(rank) and 1 <= int(rank) <= 13 and suit in suits):
                raise DriveError(
                    _("Choose the card pair %(n)d cut: a rank from A to K and a suit.")
                    % {"n": pair}
                )
            cards[pair] = (int(rank), suit)
        rounds.append(cards)
    first = min(found)
    for i, cards in enumerate(rounds, start=first):
        if i <= len(saved) and saved[i - 1] != cards:
            raise DriveError(
                _("The cut has moved on on another screen: look at the cards again."), 409
            )
    return saved + rounds[len(saved) - first + 1 :]


def _pairing(value: str | None, left: tuple[int, ...]) -> tuple[int, int] | None:
    """ "3-7": the two pairs the organizer chose to play the next game of a play-off, both
    still in it; None when nothing was chosen."""
    value = (value or "").strip()
    if not value:
        return None
    m = _GAME_FIELD.match(value)
    a, b = (int(m.group(1)), int(m.group(2))) if m else (0, 0)
    if not m or a == b or a not in left or b not in left:
        raise DriveError(_("Choose two pairs still in the play-off to play the next game."))
    return (min(a, b), max(a, b))


def _playoff(group: services.PrizeGroup, ticks, chosen: str | None = None) -> dict | None:
    """A play-off of three pairs or more, as it stands: the games played, the pairs still
    in, the next game (the hall's ladder, or the two pairs the organizer chose) and the
    pairings to choose from. None when two pairs (or one) play it: one game settles it."""
    players = tie_steps.playoff_players(group, ticks)
    games = tie_steps.saved_games(group)
    if len(players) < 3 and not games:
        return None
    try:
        left = prizes.playoff_left(players, games)
        ladder = prizes.playoff_next(players, games)
    except PrizeError as e:
        raise as_drive_error(e, 409) from None
    nxt = _pairing(chosen, left) or ladder
    by_number = {p.number: p for p in group.pairs}
    return {
        "players": [by_number[n] for n in players],
        "games": [
            {"n": i, "winner": g.winner, "loser": g.loser} for i, g in enumerate(games, start=1)
        ],
        "left": left,
        "left_text": services.pairs_text(left),
        "next_number": len(games) + 1,
        "next": [by_number[n] for n in nxt] if nxt else [],
        "next_value": f"{nxt[0]}-{nxt[1]}" if nxt else "",
        "last": len(left) == 2,  # the next game decides the prize
        "choices": [
            (f"{a}-{b}", _("Pair %(a)d against pair %(b)d") % {"a": a, "b": b})
            for i, a in enumerate(left)
            for b in left[i + 1 :]
        ],
    }


def _split_warnings(state, group, share: int) -> list[str]:
    """Lower prizes that pay a pair more than a share of this split would.

    A lower prize is one pair's (alone on its level, or its tie settled for one), or still
    to be settled among pairs tied for it (or split among them): those pairs are named as
    tied, since no one of them has it yet."""
    out = []
    if group.place is None:
        return out
    for g in state.places:
        if not (g.place > group.place and g.is_money):
            continue
        paid = g.payout  # None while its own tie is open
        if (paid.share if paid else g.cents) <= share:
            continue
        words = {
            "share": services.dollars(share),
            "prize": g.label.lower(),
            "amount": services.dollars(g.cents),
        }
        if paid is not None and len(paid.recipients) == 1:
            out.append(
                _(
                    "Each pair would get %(share)s, less than %(prize)s pays to a pair with "
                    "fewer games (%(amount)s, %(pairs)s)."
                )
                % {**words, "pairs": services.pairs_text(paid.recipients)}
            )
        else:
            out.append(
                _(
                    "Each pair would get %(share)s, less than %(prize)s (%(amount)s), which "
                    "%(pairs)s are tied for with fewer games."
                )
                % {**words, "pairs": services.pairs_text(g.numbers)}
            )
    return out


def _context(drive, state, group, ticks=None, rounds=None, confirm=None, chosen=None) -> dict:
    if ticks is None:
        ticks = tie_steps.saved_ticks(group)
    if rounds is None:
        rounds = tie_steps.saved_rounds(group)
    ace_low = prize_settings(drive).ace_low
    method = next_cutters = None
    if group.is_tie and not group.is_decided and group.stale is None:
        try:
            method = prizes.settle_method(
                group.numbers, ticks["playoff"], ticks["split"], group.is_money
            )
            next_cutters = prizes.who_cuts_next(group.numbers, rounds or [], ace_low)
        except PrizeError as e:
            raise as_drive_error(e) from None
    players = [p for p in group.pairs if p.number not in ticks["declined"]]
    playoff = _playoff(group, ticks, chosen) if method == "playoff" else None
    split_share = None
    split_warnings: list[str] = []
    if method == "split":
        split_share = prizes.split_cents(group.cents, len(group.pairs), drive.club.cash_unit)
        split_warnings = _split_warnings(state, group, split_share[0])
    blocked = None
    if not drive.is_finished or state.conflicts:
        try:
            require_finished(drive)
        except DriveError as e:
            blocked = e.message
    marks_unpaid = services.marks_unpaid(drive)
    unpaid = [p.number for p in group.pairs if not p.paid] if marks_unpaid else []
    return {
        "drive": drive,
        "group": group,
        "marks_unpaid": marks_unpaid,
        "unpaid_text": services.pairs_text(unpaid) if unpaid else "",
        "back": group.prize,
        "ticks": ticks,
        "method": method,
        "players": players,
        "playoff": playoff,
        "split_share": split_share,
        "split_warnings": split_warnings,
        "confirm": confirm,
        "started": any(ticks.values()) or bool(rounds),
        "rounds": [[(p, prizes.card_label(c)) for p, c in sorted(r.items())] for r in rounds or []],
        "next_round": len(rounds or []) + 1,
        "next_cutters": [p for p in group.pairs if p.number in (next_cutters or ())],
        "ace_low": ace_low,
        "ranks": RANKS,
        "suits": SUITS,
        "blocked": blocked,
        # The shared steps (prizes/_tie_steps.html) post to these.
        "tie_url": _tie_url(drive, group.prize),
        "reopen_url": reverse("prizes:tie_reopen", args=[drive.pk, group.prize]),
    }


def _said_in_flash(view):
    """A refusal sent to the flash region (handle_drive_errors) is picked out whole: the
    tie page's forms select #content from an answer, and a refusal has none, so without
    this it showed nothing at all."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        response = view(request, *args, **kwargs)
        if request.htmx and response.get("HX-Retarget") == "#flash":
            response = reselect(response, ".msg")
        return response

    return wrapper


def _tie_url(drive, prize: str) -> str:
    return reverse("prizes:tie", args=[drive.pk, prize])


@login_required
@require_http_methods(["GET", "POST"])
@_said_in_flash
@handle_drive_errors
def tie(request: HttpRequest, drive_id: int, prize: str):
    drive = get_drive_for_user(request, drive_id)
    state = services.prize_groups(drive)
    group = state.get(prize)
    if request.method == "GET":
        # ?game=3-7: the organizer's choice of the two pairs that play the next game.
        ctx = _context(drive, state, group, chosen=request.GET.get("game"))
        return page(request, TEMPLATE, ctx)

    data = request.POST
    action = data.get("action", "")
    if action not in ACTIONS:
        raise DriveError(_("Choose how the tie is settled."))
    require_finished(drive)
    services.check_open(group)
    saved = tie_steps.saved_ticks(group)
    sent = _ticks(data, group)
    common = {
        "drive": drive,
        "prize": prize,
        "actor": request.user,
        "now": timezone.now(),
        "origin": origin_of(request, "prizes: tie"),
    }
    if action == "ticks":
        tie_steps.decision_progress(ticks=sent, **common)
        return _after(request, drive, prize)
    if action == "restart":
        tie_steps.decision_progress(rounds=[], **common)
        return _after(request, drive, prize)
    if action == "playoff_undo":
        games = tie_steps.saved_games(group)
        if not games:
            raise DriveError(_("No game of the play-off has been recorded."), 409)
        tie_steps.decision_progress(games=games[:-1], **common)
        return _after(request, drive, prize)
    # A decision goes by the ticks saved on the server; a screen that still shows
    # others (changed on another tablet) is told to look again.
    if any(saved.values()) and any(sent.values()) and sent != saved:
        raise DriveError(_("The ticks were changed on another screen: look at them again."), 409)
    ticks = saved if any(saved.values()) else sent
    kw: dict = {}
    if action == "playoff":
        if not data.get("winner"):
            raise DriveError(_("Tap the pair that won the play-off."))
        winner = _pair_number(data["winner"], group)
        games = tie_steps.saved_games(group)
        players = tie_steps.playoff_players(group, ticks)
        if len(players) >= 3 or games:
            # Two at a time: this game's loser is out; the last game decides the prize.
            try:
                left = prizes.playoff_left(players, games)
                pairing = _pairing(data.get("game"), left) or prizes.playoff_next(players, games)
                if pairing is None or winner not in pairing:
                    raise DriveError(
                        _("Pair %(n)d did not play this game of the play-off.") % {"n": winner}
                    )
                games = [*games, prizes.PlayoffGame(pairing, winner)]
                left = prizes.playoff_left(players, games)
            except PrizeError as e:
                raise as_drive_error(e) from None
            if len(left) > 1:
                tie_steps.decision_progress(games=games, **common)
                return _after(request, drive, prize)
            kw["playoff_games"] = services.playoff_games_detail(games)
        else:
            kw["playoff_winner"] = winner
        if data.get("confirm") != "yes":
            confirm = {"action": "playoff", "winner": winner, "game": data.get("game", "")}
            ctx = _context(drive, state, group, ticks, confirm=confirm, chosen=confirm["game"])
            return page(request, TEMPLATE, ctx)
    elif action == "digital":
        if data.get("confirm") != "yes":
            confirm = {"action": "digital"}
            return page(request, TEMPLATE, _context(drive, state, group, ticks, confirm=confirm))
        kw["cut"] = "digital"
    elif action == "physical":
        rounds = _rounds(data, group, tie_steps.saved_rounds(group))
        try:
            waiting = prizes.who_cuts_next(group.numbers, rounds, prize_settings(drive).ace_low)
        except PrizeError as e:
            raise as_drive_error(e) from None
        if waiting:
            # Another round to cut: the rounds so far are saved, the tie is not decided yet.
            tie_steps.decision_progress(rounds=rounds, **common)
            return _after(request, drive, prize)
        kw["cut"] = rounds
    row = services.decision_record(
        playoff_requests=ticks["playoff"],
        split_agreements=ticks["split"],
        declined=ticks["declined"],
        **common,
        **kw,
    )
    messages.success(
        request,
        _("%(prize)s is decided: %(how)s.")
        % {"prize": group.label, "how": services.decision_text(row)},
    )
    return _after(request, drive, prize)


def _after(request, drive, prize):
    """Back to the tie screen (its partial for htmx); to the prizes page if the prize
    is no longer awarded (a reopened decision for a level that changed)."""
    state = services.prize_groups(drive)
    try:
        group = state.get(prize)
    except DriveError:
        url = reverse("prizes:prizes", args=[drive.pk])
        return HttpResponseClientRedirect(url) if request.htmx else redirect(url)
    if request.htmx:
        return page(request, TEMPLATE, _context(drive, state, group))
    return redirect(_tie_url(drive, prize))


@login_required
@require_POST
@_said_in_flash
@handle_drive_errors
def tie_reopen(request: HttpRequest, drive_id: int, prize: str):
    drive = get_drive_for_user(request, drive_id)
    services.parse_prize(prize)
    services.decision_reopen(
        drive=drive,
        prize=prize,
        reason=request.POST.get("reason", ""),
        actor=request.user,
        now=timezone.now(),
        origin=origin_of(request, "prizes: tie"),
    )
    messages.success(
        request,
        _("%(prize)s is reopened: settle it again.") % {"prize": services.prize_label(prize)},
    )
    return _after(request, drive, prize)


@login_required
@require_POST
@_said_in_flash
@handle_drive_errors
def pair_paid(request: HttpRequest, drive_id: int, pair_id: int):
    """ "Mark paid" beside a pair that has not paid, where its prize is decided (the prizes
    page, a tie): the pair-paid service of the Pairs page, then back to that screen.
    ``back`` is "prizes" (the default) or the prize ("place-1", "booby")."""
    drive = get_drive_for_user(request, drive_id)
    back = request.POST.get("back", "").strip() or "prizes"
    if back != "prizes":
        services.parse_prize(back)  # anything else is no screen of ours: 404
    pair = get_object_or_404(drive.pairs, pk=pair_id)
    pair_set_paid(
        pair=pair,
        paid=True,
        actor=request.user,
        now=timezone.now(),
        origin=origin_of(request, "prizes"),
    )
    messages.success(request, _("Pair %(n)d paid.") % {"n": pair.number})
    if back == "prizes":
        if request.htmx:
            ctx = {"drive": drive, **report_service.prize_report(drive), "report": False}
            return page(request, "prizes/prizes.html", ctx)
        return redirect("prizes:prizes", drive_id=drive.pk)
    return _after(request, drive, back)
