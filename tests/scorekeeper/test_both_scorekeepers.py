"""The same hands through both scorekeepers get the same answers: a drive table's Keep
score (drives/views/scoresheets.py) and the stand-alone scorekeeper (scorekeeper/views.py),
both on one hand-keeping engine (scoring/keeping.py).

Each game below is a list of hands as a table enters them, sides by index (side 0 is the
pair in seat slot 1), with refused hands among them. Each hand is posted to both screens
as that screen's form posts it; the status, the words said and the running score must be
the same on both, and so must the Auction's "hanging on 40"."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.conf import settings
from django.urls import reverse

from drives import services
from drives.models import TableGame
from scorekeeper import services as scorekeeper
from tests.builders import NOW, started_drive

pytestmark = pytest.mark.django_db

MESSAGE = re.compile(r'<p class="msg (error|success)">(.*?)</p>', re.S)


def hand(tricks, best, bidder=None, bid=None):
    """A Forty-Fives hand: tricks as tapped (None: not tapped), best a side, "none" (no
    trump played) or None (not tapped)."""
    return {"tricks": tricks, "best": best, "bidder": bidder, "bid": bid}


def deal(dealer, turned, *, high=None, low=None, jack=None, game=None, beg=None):
    """An All Fours deal: the card turned up ("7H"), sides by index, None for nobody."""
    return {"dealer": dealer, "turned": turned, "beg": beg, "high": high, "low": low} | {
        "jack": jack,
        "game": game,
    }


GAMES = {
    "forty_fives": [
        hand((3, 3), 0),  # refused: 6 tricks
        hand((4, 1), None),  # refused: the best trump not tapped
        hand((4, 1), 0),  # 25 - 5
        hand((0, 5), 0),  # refused: the best trump won by a side with no trick
        hand((-1, 6), 1),  # refused: a side's tricks below 0
        hand((None, 5), 1),  # refused: a side's tricks not tapped
        hand((2, 3), 1),  # 35 - 25
        hand((2, 3), "none"),  # 45 - 40: side 0 wins
        hand((5, 0), 0),  # refused: the game is over
    ],
    "forty_fives_120": [
        hand((5, 0), 0),
        hand((4, 1), 0, bidder=0, bid=20),  # a bid in a game without bidding
        hand((5, 0), 0),
        hand((5, 0), "none"),
        hand((1, 4), 1),
        hand((5, 0), 0),  # 125: out
    ],
    "auction_45": [
        hand((4, 1), 0),  # refused: nobody won the bid
        hand((4, 1), 0, bidder=0, bid=17),  # refused: no such bid
        hand((4, 1), None, bidder=0, bid=25),  # refused: the best trump not tapped
        hand((4, 1), 0, bidder=0, bid=25),  # 30 - 5
        hand((4, 1), 0, bidder=0, bid=25),  # 60 - 10
        hand((4, 1), 0, bidder=0, bid=25),  # 90 - 15
        hand((1, 4), 1, bidder=1, bid=25),  # 95 - 40
        hand((4, 1), 0, bidder=1, bid=20),  # side 1 set
        hand((3, 2), 1, bidder=1, bid=15),
        hand((5, 0), 0, bidder=0, bid=30),
        hand((5, 0), 0, bidder=0, bid=30),
        hand((5, 0), 0, bidder=0, bid=30),  # past the end: refused, the game is over
    ],
    "one_ten": [
        hand((4, 1), 0, bidder=0, bid=25),
        hand((2, 3), 1, bidder=0, bid=20),  # set
        hand((4, 1), 0, bidder=0, bid=35),  # refused: no such bid
        hand((5, 0), 0, bidder=0, bid=30),
        hand((5, 0), 0, bidder=0, bid=30),
        hand((5, 0), 0, bidder=0, bid=30),
        hand((5, 0), 0, bidder=0, bid=30),
    ],
    "seven_up": [
        deal(0, "7H", high=1, low=0, game=1),
        deal(1, "JH", high=0, low=0, jack=1, game=0),  # refused: the Jack was turned up
        deal(1, "JC", high=0, low=1, game=0),
        deal(0, "9S", high=1, low=1, jack=1, game=1, beg="gift"),
        deal(1, "2D", high=0, low=0, jack=0, game=0),
        deal(0, "KD", high=1, low=1, jack=1, game=1),
        deal(1, "3C", high=0, low=0, jack=0, game=0),
    ],
}
# The hand the old code took on one screen and refused on the other: a Forty-Fives hand
# with the best trump not tapped (the stand-alone scorekeeper read it as no trump played).

AUCTION_HANGING = [
    *[hand((4, 1), 0, bidder=0, bid=25)] * 3,  # 75 - 15
    hand((1, 4), 1, bidder=1, bid=25),  # 80 - 40
    hand((5, 0), 0, bidder=0, bid=30),  # 110 - 40
    hand((5, 0), 0, bidder=0, bid=30),  # 140: side 0 goes out, side 1 hanging on 40
]


def forty_fives_posted(h, side):
    """The hand form of a screen; ``side`` names each side's tap (index or pair number)."""
    data = {}
    for i, t in enumerate(h["tricks"]):
        if t is not None:
            data[f"tricks_{side[i]}"] = str(t)
    if h["best"] is not None:
        data["best"] = "none" if h["best"] == "none" else str(side[h["best"]])
    if h["bidder"] is not None:
        data["bidder"] = str(side[h["bidder"]])
    if h["bid"] is not None:
        data["bid"] = str(h["bid"])
    return data


def drive_posted(h, numbers):
    if "dealer" not in h:
        return forty_fives_posted(h, numbers)
    pair = {None: "none", **{i: str(n) for i, n in enumerate(numbers)}}
    rank, suit = h["turned"][:-1], h["turned"][-1]
    return {
        "dealer": pair[h["dealer"]],
        "rank_1": rank,
        "suit_1": suit,
        "beg": h["beg"] or "stood",
        **{what: pair[h[what]] for what in ("high", "low", "jack", "game")},
    }


def scorekeeper_posted(h):
    if "dealer" not in h:
        return forty_fives_posted(h, (0, 1))
    side = {None: "", 0: "0", 1: "1"}
    return {
        "dealer": side[h["dealer"]],
        "turned": h["turned"],
        "beg": h["beg"] or "",
        **{what: side[h[what]] for what in ("high", "low", "jack", "game")},
    }


def answer(response):
    page = unescape(response.content.decode())
    return response.status_code, [text.strip() for _tag, text in MESSAGE.findall(page)]


class Drive:
    """A drive playing ``game``, at its first two-pair table."""

    def __init__(self, client, club, organizer, game):
        self.client = client
        self.drive = started_drive(club, organizer, pairs=4, games=2, seed=7, game=game)
        for tg in TableGame.objects.filter(drive=self.drive, game=1).order_by("table"):
            seats = tg.seats.select_related("pair").order_by("slot")
            numbers = tuple(s.pair.number for s in seats)
            if len(numbers) == 2:
                self.table, self.numbers = tg.table, numbers
                break
        self.url = reverse("drives:scoresheet", args=[self.drive.pk, 1, self.table])
        self.sent = 0

    @property
    def names(self):
        return [f"Pair {n}" for n in self.numbers]

    def post(self, h):
        self.sent += 1
        number = len(services.scoresheet(self.drive, 1, self.table).hands) + 1
        data = {"number": str(number), "key": f"drive-{self.sent}", **drive_posted(h, self.numbers)}
        return answer(self.client.post(self.url, data, follow=True))

    def sheet(self):
        s = services.scoresheet(self.drive, 1, self.table)
        hanging = [tuple(f"Pair {n}" for n in row.hanging) for row in s.hands if not s.all_fours]
        return s.totals, None if s.winner is None else f"Pair {s.winner}", hanging


class StandAlone:
    """The stand-alone scorekeeper playing the same game, its sides named as the pairs."""

    def __init__(self, client, club, organizer, game, names):
        family = "all_fours" if game == "seven_up" else "forty_fives"
        key = {"forty_fives": "forty_fives_45"}.get(game, game)
        self.client = client
        self.game = scorekeeper.score_game_create(
            club=club,
            family=family,
            variant=key,
            sides=[{"name": n, "players": 2} for n in names],
            options={},
            target=None,
            title="",
            actor=organizer,
            now=NOW,
        )
        self.url = reverse("scorekeeper:hand_add", args=[self.game.pk])
        self.sent = 0

    def post(self, h):
        self.sent += 1
        number = self.game.hands.count() + 1
        data = {"number": str(number), "key": f"alone-{self.sent}", **scorekeeper_posted(h)}
        return answer(self.client.post(self.url, data, follow=True))

    def sheet(self):
        s = scorekeeper.scoresheet(self.game)
        names = [side.name for side in s.sides]
        hanging = [
            tuple(n for n in names if f"{n} hanging on 40" in row.text)
            for row in s.rows
            if s.game.family == "forty_fives"
        ]
        return s.totals, s.winner_name or None, hanging


def play_both(org_client, club, organizer, game, hands):
    drive = Drive(org_client, club, organizer, game)
    alone = StandAlone(org_client, club, organizer, game, drive.names)
    answers = []
    for n, h in enumerate(hands, start=1):
        at_drive, stand_alone = drive.post(h), alone.post(h)
        assert at_drive == stand_alone, f"hand {n} of {game}: {h}"
        assert drive.sheet() == alone.sheet(), f"after hand {n} of {game}: {h}"
        answers.append(at_drive)
    return answers, drive.sheet()


@pytest.mark.parametrize("game", list(GAMES))
def test_the_same_hands_get_the_same_answers_on_both_screens(org_client, club, organizer, game):
    answers, (totals, winner, _hanging) = play_both(org_client, club, organizer, game, GAMES[game])
    refused = [words for status, words in answers if status != 200]
    taken = [words for status, words in answers if status == 200]
    assert refused and taken  # each game has hands of both kinds
    assert all(len(words) == 1 for words in refused + taken)


def test_the_refusals_on_both_screens_say_the_same_words(org_client, club, organizer):
    answers, (totals, winner, _hanging) = play_both(
        org_client, club, organizer, "forty_fives", GAMES["forty_fives"]
    )
    assert answers == [
        (400, ["Hand 1 refused: tricks add up to 6, must be 5."]),
        (400, ["Tap who won the best trump, or “No trump played”."]),
        (200, ["Hand 1 entered."]),
        (400, ["Hand 2 refused: the best trump was won by a side with no trick."]),
        (400, ["Hand 2 refused: a side's tricks must be a whole number, 0 or more."]),
        (400, [answers[5][1][0]]),
        (200, ["Hand 2 entered."]),
        (200, ["Hand 3 entered."]),
        (409, [f"The game is over: {winner} won. It takes no more hands."]),
    ]
    assert answers[5][1][0].startswith("Tap the tricks of Pair ")
    assert totals == (45, 40)


def test_hanging_on_40_is_the_same_on_both_screens(org_client, club, organizer):
    answers, (totals, winner, hanging) = play_both(
        org_client, club, organizer, "auction_45", AUCTION_HANGING
    )
    assert totals == (140, 40) and all(status == 200 for status, _words in answers)
    assert hanging[:-1] == [()] * 5 and len(hanging[-1]) == 1 and hanging[-1][0] != winner


def test_a_refusal_is_said_in_french_alike_on_both_screens(org_client, club, organizer):
    org_client.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"
    answers, _sheet = play_both(
        org_client, club, organizer, "forty_fives", [hand((3, 3), 0), hand((4, 1), None)]
    )
    assert answers == [
        (400, ["Main 1 refusée : les levées font 6, il en faut 5."]),
        (400, ["Touchez qui a gagné le meilleur atout, ou « Aucun atout joué »."]),
    ]


def test_taking_back_a_hand_is_refused_alike_on_both_screens(org_client, club, organizer):
    drive = Drive(org_client, club, organizer, "forty_fives")
    alone = StandAlone(org_client, club, organizer, "forty_fives", drive.names)
    undo_urls = (
        reverse("drives:hand_undo", args=[drive.drive.pk, 1, drive.table]),
        reverse("scorekeeper:hand_undo", args=[alone.game.pk]),
    )

    def undo(number):
        return [
            answer(org_client.post(url, {"number": number}, HTTP_HX_REQUEST="true"))
            for url in undo_urls
        ]

    for screen in (drive, alone):
        screen.post(hand((4, 1), 0))
        screen.post(hand((2, 3), 1))
    stale = (
        "Another device changed the hands: the last hand is now hand 2. Check it before undoing."
    )
    assert undo("1") == [(409, [stale])] * 2
    assert undo("2") == [(200, ["Hand 2 taken back."])] * 2
    assert undo("1") == [(200, ["Hand 1 taken back."])] * 2
    assert undo("") == [(409, ["No hand has been kept: there is nothing to undo."])] * 2
    assert drive.sheet() == alone.sheet() == ((0, 0), None, [])
