"""The school for newcomers: short drills on the rules and the bidding, no account needed.

Each drill's position comes from ``practice.drills`` by a seed; the question's form
sends the seed back with the answer and the position is made again here to check it.
The running score ("7 right of 9", by kind of drill) is kept in the browser's own
signed cookie, ``cd_school`` (sent to /practice/school/ only): no session row, no
database row. A seed answered twice in a row (a page sent again) counts once.

Views parse, call the pure module, render; for htmx the page's #content region. Bad
input (a seed or card that does not read, a card not in the position) is a 400 in plain
words; an unknown kind of drill a 404. Weighing a bid or a rob sets the computer
thinking (about half a second of a core), so that answer counts to the client's pace and
takes one of the computer players' slots (``practice.pool``), as the practice table's
moves do.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.core import signing
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_POST

from clubs.views import htmx_refusal, page
from practice import drills, pool
from practice.codes import card_code
from practice.screen import face, suit_words
from scoring.games.cards import Suit, card, is_trump
from scoring.speak import say

SCHOOL = "practice/school.html"
DRILL = "practice/drill.html"
COOKIE = "cd_school"
SALT = "practice.school"
KEPT_FOR = 365 * 24 * 3600  # a score is kept a year on the device

TITLES = {
    "winner": gettext_lazy("Which card wins this trick?"),
    "may-play": gettext_lazy("May this card be played here?"),
    "bid": gettext_lazy("What would you bid on this hand?"),
    "rob": gettext_lazy("Rob or not, and what to discard?"),
}
BLURBS = {
    "winner": gettext_lazy(
        "Trumps, the 5, the jack and the ace of hearts, red high and black low."
    ),
    "may-play": gettext_lazy("Following suit, trumps, and holding back the top trumps (reneging)."),
    "bid": gettext_lazy(
        "Auction Forty-Fives: pass or bid 15, 20, 25 or 30, checked by the computer."
    ),
    "rob": gettext_lazy(
        "You hold the ace of trumps: take the turned-up card or not, checked by the computer."
    ),
}


# ---- the score on the device ----------------------------------------------------------


def read_score(request: HttpRequest) -> dict[str, list[int]]:
    """The score by kind, ``{kind: [right, tries, last seed]}``; a cookie that does not
    read (changed, too old) counts as no score yet."""
    try:
        data = signing.loads(request.COOKIES.get(COOKIE, ""), salt=SALT, max_age=KEPT_FOR)
    except signing.BadSignature:
        return {}
    if not isinstance(data, dict):
        return {}
    return {
        k: v
        for k, v in data.items()
        if k in drills.KINDS
        and isinstance(v, list)
        and len(v) == 3
        and all(type(n) is int and n >= -1 for n in v)
        and 0 <= v[0] <= v[1]
    }


def counted(score: dict[str, list[int]], kind: str, seed: int, right: bool) -> dict:
    """The score with one more try of ``kind``, unless that seed was the last one counted."""
    kept = score.get(kind, [0, 0, -1])
    if kept[2] == seed:
        return score
    return {**score, kind: [kept[0] + right, kept[1] + 1, seed]}


def keep_score(response: HttpResponse, score: dict) -> HttpResponse:
    path = reverse("practice:school")
    if score:
        response.set_cookie(
            COOKIE,
            signing.dumps(score, salt=SALT),
            max_age=KEPT_FOR,
            path=path,
            secure=settings.SESSION_COOKIE_SECURE,
            httponly=True,
            samesite="Lax",
        )
    else:
        response.delete_cookie(COOKIE, path=path, samesite="Lax")
    return response


def score_line(score: dict, kind: str) -> dict:
    right, tries, _seed = score.get(kind, [0, 0, -1])
    return {"right": right, "tries": tries}


# ---- what the screens show --------------------------------------------------------------


def _kind(kind: str) -> str:
    if kind not in drills.KINDS:
        raise Http404(_("There is no such drill."))
    return kind


def _trump(trump: Suit) -> dict:
    return {"words": suit_words(trump), "symbol": trump.symbol, "red": trump.red}


def _position(kind: str, seed: int) -> dict:
    if kind == "winner":
        d = drills.trick_drill(seed)
        return {"trump": _trump(d.trump), "trick": [face(c) for c in d.cards]}
    if kind == "may-play":
        d = drills.play_drill(seed)
        return {
            "trump": _trump(d.trump),
            "trick": [face(c) for c in d.trick],
            "hand": [{**face(c), "marked": c == d.card} for c in d.hand],
            "marked": face(d.card),
        }
    if kind == "rob":
        return _rob_position(drills.rob_drill(seed))
    d = drills.bid_drill(seed)
    return {
        "hand": [face(c) for c in d.hand],
        "bids": [{"value": b, "words": say(drills.bid_words(b))} for b in drills.BIDS],
    }


def _rob_position(d: drills.RobDrill) -> dict:
    """The hand to tap (a tap robs, discarding that card), the ace of trumps dimmed with
    the reason it is kept, the turned-up card and the first trick so far."""
    return {
        "trump": _trump(d.trump),
        "turn_up": face(d.turn_up),
        "trick": [face(c) for c in d.trick],
        "players": d.players,
        "hand": [
            {
                **face(c),
                "kept": c == d.ace,
                "reason": _("Keep %(card)s: it gives you the right to rob.") % {"card": c}
                if c == d.ace
                else "",
            }
            for c in d.hand
        ],
    }


def _ladders(seed: int) -> dict:
    d = drills.trick_drill(seed)
    led = d.cards[0]
    out = {"trump_ladder": [face(c) for c in drills.trump_ladder(d.trump)], "led_ladder": None}
    if not is_trump(led, d.trump):
        assert led.suit is not None
        out["led_ladder"] = [face(c) for c in drills.suit_ladder(led.suit, d.trump)]
        out["led_suit"] = suit_words(led.suit)
        out["led_red"] = led.suit.red
    return out


def _drill_page(request, kind: str, seed: int, *, status: int = 200, **more) -> HttpResponse:
    score = more.pop("score", None)
    if score is None:
        score = read_score(request)
    ctx = {
        "kind": kind,
        "title": TITLES[kind],
        "seed": seed,
        "score": score_line(score, kind),
        **_position(kind, seed),
        **more,
    }
    return page(request, DRILL, ctx, status=status)


def _bad(request, kind: str, message: str) -> HttpResponse:
    """A 400 in plain words, on a fresh position of the same drill."""
    return _drill_page(
        request, kind, secrets.randbelow(drills.MAX_SEED + 1), status=400, error=message
    )


# ---- the screens ----------------------------------------------------------------------


@require_GET
def school(request: HttpRequest) -> HttpResponse:
    """The drills, each with its running score on this device."""
    return _school_page(request, read_score(request))


def _school_page(request, score: dict) -> HttpResponse:
    rows = [
        {
            "kind": k,
            "title": TITLES[k],
            "blurb": BLURBS[k],
            "url": reverse("practice:drill", args=[k]),
            **score_line(score, k),
        }
        for k in drills.KINDS
    ]
    return page(request, SCHOOL, {"drills": rows})


@require_POST
def school_reset(request: HttpRequest) -> HttpResponse:
    """Start the count again: every drill's score on this device goes back to 0 of 0."""
    response = _school_page(request, {}) if request.htmx else redirect("practice:school")
    return keep_score(response, {})


@require_GET
def drill(request: HttpRequest, kind: str) -> HttpResponse:
    """A position of this drill (``?seed=`` names one, else a new one at random)."""
    kind = _kind(kind)
    text = request.GET.get("seed")
    if text is None:
        return _drill_page(request, kind, secrets.randbelow(drills.MAX_SEED + 1))
    try:
        seed = drills.read_seed(text)
    except ValueError:
        return _bad(request, kind, _("That drill's number does not read: here is a new one."))
    return _drill_page(request, kind, seed)


@require_POST
def drill_answer(request: HttpRequest, kind: str) -> HttpResponse:
    """Check one try: right or not, the right answer and why; the score counts it."""
    kind = _kind(kind)
    try:
        seed = drills.read_seed(request.POST.get("seed", ""))
    except ValueError:
        return _bad(request, kind, _("That drill's number does not read: here is a new one."))
    if kind == "bid":
        return _bid_answer(request, seed)
    if kind == "rob":
        return _rob_answer(request, seed)
    answer = request.POST.get("answer", "")
    if kind == "winner":
        try:
            checked = drills.trick_check(drills.trick_drill(seed), card(answer))
        except (ValueError, KeyError):
            return _not_offered(request, kind, seed)
        verdict = {
            "right": checked.right,
            "answer": face(checked.winner),
            "reason": say(checked.reason),
        }
        more = _ladders(seed)
        chosen = answer
    else:
        if answer not in ("yes", "no"):
            return _not_offered(request, kind, seed)
        checked = drills.play_check(drills.play_drill(seed), answer == "yes")
        verdict = {"right": checked.right, "may": checked.may, "reason": say(checked.reason)}
        more = {}
        chosen = answer
    return _answered(request, kind, seed, verdict, chosen=chosen, **more)


def _not_offered(request, kind: str, seed: int) -> HttpResponse:
    return _drill_page(
        request, kind, seed, status=400, error=_("That answer is not one of this drill's choices.")
    )


def _answered(request, kind: str, seed: int, verdict: dict, **more) -> HttpResponse:
    score = counted(read_score(request), kind, seed, verdict["right"])
    response = _drill_page(request, kind, seed, verdict=verdict, score=score, **more)
    return keep_score(response, score)


def _weighed_verdict(checked, options: list, words) -> dict:
    """A weighed drill's verdict for the screen (a bid's or a rob's answer): each choice
    in ``options`` order with its points, its give or take, and whether it is the best or
    the one chosen."""
    return {
        "right": checked.right,
        "reason": say(checked.reason),
        "best": say(words(checked.best)),
        "deals": checked.deals,
        "choices": [
            {
                "words": say(words(option)),
                "points": round(c.points),
                "margin": max(1, round(c.margin)),
                "best": option == checked.best,
                "chosen": option == checked.chosen,
            }
            for option, c in zip(options, checked.choices, strict=True)
        ],
    }


def _bid_answer(request, seed: int) -> HttpResponse:
    try:
        bid = int(request.POST.get("answer", ""))
    except ValueError:
        return _not_offered(request, "bid", seed)
    if bid not in drills.BIDS:
        return _not_offered(request, "bid", seed)

    def verdict() -> dict:
        checked = drills.bid_check(drills.bid_drill(seed), bid)
        return _weighed_verdict(checked, [c.bid for c in checked.choices], drills.bid_words)

    return _weighed_answer(request, "bid", seed, str(bid), verdict)


def _rob_answer(request, seed: int) -> HttpResponse:
    """ "keep" leaves the turned-up card; a card's code robs, discarding that card."""
    text = request.POST.get("answer", "")
    d = drills.rob_drill(seed)
    if text == "keep":
        discard = None
    else:
        try:
            discard = card(text)
        except (ValueError, KeyError):
            return _not_offered(request, "rob", seed)
        if discard == d.ace:
            message = _("Keep %(card)s: it gives you the right to rob.") % {"card": discard}
            return _drill_page(request, "rob", seed, status=400, error=message)
        if discard not in d.hand:
            return _not_offered(request, "rob", seed)

    def verdict() -> dict:
        checked = drills.rob_check(d, discard)
        return _weighed_verdict(checked, [c.discard for c in checked.choices], drills.rob_words)

    chosen = "keep" if discard is None else card_code(discard)
    return _weighed_answer(request, "rob", seed, chosen, verdict)


def _weighed_answer(request, kind: str, seed: int, chosen: str, verdict) -> HttpResponse:
    """An answer the computer weighs: at the client's pace, in one of the computer
    players' slots; 429 too fast, 503 busy, each with Retry-After."""
    wait = pool.too_fast(request)
    if wait:
        message = _("You are going faster than the computer can think: wait a few seconds.")
        status = 429
    else:
        try:
            with pool.computing():
                weighed = verdict()
        except pool.Busy as busy:
            message = _("The computer is busy: try again in a moment.")
            status, wait = 503, busy.retry_after
        else:
            return _answered(request, kind, seed, weighed, chosen=chosen)
    if request.htmx:
        response = htmx_refusal(request, message, status)
    else:
        response = _drill_page(request, kind, seed, status=status, error=message)
    response["Retry-After"] = str(wait)
    return response
