"""Side prizes: jackpot, 50/50 draw, travelling prize and door prizes (services and screens)."""

import pytest
from django.db import IntegrityError
from django.urls import reverse

from clubs.models import AuditEntry
from drives import services
from drives.models import PrizeSettings
from prizes import rules as prizes
from prizes.models import SideDraw
from prizes.services import side
from prizes.services.common import DriveError, tallies
from tests.builders import NOW, make_drive, play_game, row_counts, started_drive

ALL_ON = {
    "jackpot": True,
    "jackpot_threshold": 2,
    "jackpot_cents": 1001,
    "fifty_fifty": True,
    "travelling": True,
    "travelling_item": "a ham",
    "door_prizes": 2,
}


def counts() -> dict[str, int]:
    return {**row_counts(), "SideDraw": SideDraw.objects.count()}


def play_to_the_end(drive, actor, *, leave_after_1=None):
    """Play every game (a front result at each table), then finish the drive."""
    for game in range(1, drive.games + 1):
        play_game(drive, actor)
        if game < drive.games:
            services.game_advance(drive=drive, from_game=game, actor=actor, now=NOW)
            if game == 1 and leave_after_1:
                services.pair_leave(
                    drive=drive, from_game=2, number=leave_after_1, actor=actor, now=NOW
                )
    services.drive_finish(drive=drive, from_game=drive.games, actor=actor, now=NOW)
    drive.refresh_from_db()
    return drive


def with_prizes(drive, **values):
    PrizeSettings.objects.create(drive=drive, **values)
    return drive


@pytest.fixture
def running(club, organizer):
    return with_prizes(started_drive(club, organizer, pairs=8, games=3), **ALL_ON)


@pytest.fixture
def finished(running, organizer):
    return play_to_the_end(running, organizer)


def audit(drive, action):
    return list(AuditEntry.objects.filter(drive=drive, action=action))


def draw_fifty(drive, actor, **kw):
    kw.setdefault("ranges", [(1, 50), (101, 120)])
    kw.setdefault("takings_cents", 3505)
    return side.fifty_fifty_draw(drive=drive, actor=actor, now=NOW, **kw)


# ---------------------------------------------------------------- ticket ranges


def test_ticket_ranges_are_read_as_the_organizer_types_them():
    assert side.parse_ticket_ranges("1-100, 201-250") == [(1, 100), (201, 250)]
    assert side.parse_ticket_ranges(" 5 to 9;12\n300–310 ") == [(5, 9), (12, 12), (300, 310)]


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "Enter the ticket numbers sold"),
        ("1-100, abc", "“abc” is not a range of ticket numbers"),
        ("1-2-3", "“1-2-3” is not a range of ticket numbers"),
        ("-5", "is not a range"),
        ("100-1", "Tickets 100 to 1 run backwards"),
        ("1-100, 50-150", "Tickets 1 to 100 and 50 to 150 overlap"),
        ("1-10, 1-10", "Tickets 1 to 10 and 1 to 10 overlap"),
        ("0-10", "Ticket numbers start at 1"),
        ("1-1000000", "too large"),
        ("1-" + "9" * 5000, "is not a range"),
    ],
)
def test_ticket_ranges_that_make_no_sense_are_refused_plainly(text, message):
    with pytest.raises(DriveError, match=message):
        side.parse_ticket_ranges(text)


# ---------------------------------------------------------------- 50/50


def test_fifty_fifty_draws_a_sold_ticket_and_pays_half_rounded_to_the_cash_unit(
    finished, organizer
):
    draw = draw_fifty(finished, organizer, seed=12)
    again = prizes.fifty_fifty_draw([(1, 50), (101, 120)], takings=3505, seed=12, unit=5)
    r = draw.result
    assert (r["ticket"], r["tickets_sold"], r["seed"]) == (again.ticket, 70, 12)
    assert r["ranges"] == [[1, 50], [101, 120]]
    assert draw.cents == 1750 and r["kept_by_hall"] == 1755  # half of 3505 is 1752: pay 1750
    [entry] = audit(finished, "side_fifty_fifty")
    assert entry.old is None and entry.new == r
    assert f"ticket {r['ticket']} of 70" in entry.summary


def test_fifty_fifty_money_goes_to_the_cash_summary(finished, organizer):
    draw_fifty(finished, organizer, seed=12)
    c = side.cash(finished)
    assert (c["takings"], c["carried_over"]) == (3505, 0)
    # Jackpot (threshold 2, $10.01) is paid too: check the 50/50 lines alone.
    labels = {label: (cents, kind) for label, cents, kind in c["lines"]}
    assert labels["50/50 draw: tickets sold"] == (3505, "in")
    ticket = side.side_draw_of(finished, "fifty_fifty").result["ticket"]
    assert labels[f"50/50 draw: half to ticket {ticket}"] == (1750, "out")
    assert c["paid_out"] - 1750 + c["kept_by_hall"] - 1755 == 1001


def test_fifty_fifty_refusals_write_nothing(club, organizer, running):
    before = counts()
    with pytest.raises(DriveError, match="finish the drive first"):
        draw_fifty(running, organizer)
    assert counts() == before
    off = play_to_the_end(with_prizes(started_drive(club, organizer, pairs=4, games=1)), organizer)
    finished = play_to_the_end(running, organizer)
    before = counts()
    with pytest.raises(DriveError, match="This drive has no 50/50 draw"):
        draw_fifty(off, organizer)
    for kw, message in [
        ({"ranges": []}, "No 50/50 tickets were sold"),
        ({"ranges": [(9, 3)]}, "Tickets 9 to 3"),
        ({"ranges": [(1, 20), (15, 30)]}, "overlap"),
        ({"takings_cents": 0}, "Enter the money taken"),
        ({"takings_cents": -5}, "Enter the money taken"),
        ({"takings_cents": "12"}, "Enter the money taken"),
        ({"takings_cents": 10**9}, "too large"),
        ({"seed": -1}, "The seed must be a whole number"),
    ]:
        with pytest.raises(DriveError, match=message):
            draw_fifty(finished, organizer, **kw)
    assert counts() == before


def test_a_second_fifty_fifty_is_refused_with_the_first_ticket(finished, organizer):
    first = draw_fifty(finished, organizer, seed=3)
    before = counts()
    with pytest.raises(DriveError, match=f"already been drawn: ticket {first.result['ticket']}"):
        draw_fifty(finished, organizer, seed=4)
    assert counts() == before


def test_the_database_refuses_a_second_draw_of_a_kind_and_the_service_says_so(
    finished, organizer, monkeypatch
):
    draw_fifty(finished, organizer)
    # Two screens at the same moment: the check saw no draw, the database still says no.
    monkeypatch.setattr(side, "side_draw_of", lambda drive, kind: None)
    before = counts()
    with pytest.raises(DriveError, match="50/50 draw: drawn on another screen a moment ago") as e:
        draw_fifty(finished, organizer)
    assert e.value.status == 409
    assert counts() == before
    with pytest.raises(IntegrityError):
        SideDraw.objects.create(drive=finished, kind="fifty_fifty", seed=1, drawn_at=NOW)


def test_conflict_blocks_the_end_of_night_draws(finished, organizer, monkeypatch):
    monkeypatch.setattr("prizes.services.common.conflicts", lambda drive: 1)
    before = counts()
    for draw in (
        lambda: draw_fifty(finished, organizer),
        lambda: side.door_draw(drive=finished, actor=organizer, now=NOW),
    ):
        with pytest.raises(DriveError, match="in conflict"):
            draw()
    assert counts() == before
    assert side.section(finished)["jackpot"]["pairs"] == []


# ---------------------------------------------------------------- travelling prize


def test_travelling_card_is_drawn_while_the_drive_runs_and_announced(running, organizer):
    draw = side.travelling_draw(drive=running, seed=31, actor=organizer, now=NOW)
    card = prizes.travelling_prize_draw(31).card
    assert draw.result == {
        "card": list(card),
        "label": prizes.card_label(card),
        "seed": 31,
        "holder": None,
    }
    [entry] = audit(running, "side_travelling_draw")
    assert entry.old is None and entry.new["label"] == prizes.card_label(card)
    s = side.section(running)["travelling"]
    assert s["card"] == prizes.card_label(card) and s["item"] == "a ham"
    before = counts()
    with pytest.raises(DriveError, match="card has already been drawn"):
        side.travelling_draw(drive=running, actor=organizer, now=NOW)
    assert counts() == before


def test_travelling_holder_is_recorded_after_the_finish_and_can_be_corrected(running, organizer):
    side.travelling_draw(drive=running, seed=31, actor=organizer, now=NOW)
    before = counts()
    with pytest.raises(DriveError, match="finish the drive first"):
        side.travelling_holder(drive=running, pair_number=3, actor=organizer, now=NOW)
    assert counts() == before
    finished = play_to_the_end(running, organizer)
    side.travelling_holder(drive=finished, pair_number=3, actor=organizer, now=NOW)
    side.travelling_holder(drive=finished, pair_number=5, actor=organizer, now=NOW)
    assert SideDraw.objects.get(drive=finished, kind="travelling").result["holder"] == 5
    first, second = sorted(audit(finished, "side_travelling_holder"), key=lambda e: e.pk)
    assert (first.old, first.new) == ({"holder": None}, {"holder": 3})
    assert (second.old, second.new) == ({"holder": 3}, {"holder": 5})
    s = side.section(finished)["travelling"]
    assert s["holder"] == 5 and s["holder_names"] == "Player 5a & Player 5b"


def test_travelling_refusals_write_nothing(club, organizer, finished):
    off = with_prizes(started_drive(club, organizer, pairs=4, games=1))
    setup = with_prizes(make_drive(club, organizer), travelling=True)
    before = counts()
    with pytest.raises(DriveError, match="Draw the travelling prize's card first"):
        side.travelling_holder(drive=finished, pair_number=3, actor=organizer, now=NOW)
    with pytest.raises(DriveError, match="This drive has no travelling prize"):
        side.travelling_draw(drive=off, actor=organizer, now=NOW)
    with pytest.raises(DriveError, match="This drive has no travelling prize"):
        side.travelling_holder(drive=off, pair_number=1, actor=organizer, now=NOW)
    with pytest.raises(DriveError, match="drawn once the drive has started"):
        side.travelling_draw(drive=setup, actor=organizer, now=NOW)
    assert counts() == before
    side.travelling_draw(drive=finished, actor=organizer, now=NOW)
    before = counts()
    for number, message in [(99, "There is no pair 99"), (0, "There is no pair 0")]:
        with pytest.raises(DriveError, match=message):
            side.travelling_holder(drive=finished, pair_number=number, actor=organizer, now=NOW)
    assert counts() == before


def test_a_pair_that_left_early_did_not_hold_the_travelling_card(running, organizer):
    side.travelling_draw(drive=running, actor=organizer, now=NOW)
    finished = play_to_the_end(running, organizer, leave_after_1=4)
    before = counts()
    with pytest.raises(DriveError, match="Pair 4 left early"):
        side.travelling_holder(drive=finished, pair_number=4, actor=organizer, now=NOW)
    assert counts() == before
    offered = [p["number"] for p in side.section(finished)["travelling"]["candidates"]]
    assert 4 not in offered and 3 in offered


# ---------------------------------------------------------------- door prizes


def test_door_prizes_go_to_distinct_pairs_still_present(running, organizer):
    finished = play_to_the_end(running, organizer, leave_after_1=4)
    draw = side.door_draw(drive=finished, count=7, seed=6, actor=organizer, now=NOW)
    present = [1, 2, 3, 5, 6, 7, 8]
    assert sorted(draw.result["pairs"]) == present  # 7 prizes, 7 pairs present: everyone once
    assert draw.result["present"] == present and draw.seed == 6
    [entry] = audit(finished, "side_door_draw")
    assert entry.old is None and entry.new == draw.result


def test_door_prizes_default_to_the_settings_count_and_repeat_from_the_seed(finished, organizer):
    draw = side.door_draw(drive=finished, seed=9, actor=organizer, now=NOW)
    expected = prizes.door_prize_draw(range(1, 9), seed=9, count=2)
    assert draw.result["pairs"] == list(expected) and draw.result["count"] == 2
    s = side.section(finished)["door"]
    assert [p["number"] for p in s["pairs"]] == list(expected)


def test_door_prize_refusals_write_nothing(club, organizer, running):
    before = counts()
    with pytest.raises(DriveError, match="finish the drive first"):
        side.door_draw(drive=running, actor=organizer, now=NOW)
    assert counts() == before
    off = play_to_the_end(with_prizes(started_drive(club, organizer, pairs=4, games=1)), organizer)
    finished = play_to_the_end(running, organizer)
    before = counts()
    with pytest.raises(DriveError, match="This drive has no door prizes"):
        side.door_draw(drive=off, actor=organizer, now=NOW)
    for count, message in [
        (0, "Draw at least one door prize"),
        (9, "Only 8 pairs present can still win a door prize, not 9"),
        ("2", "Enter how many door prizes"),
    ]:
        with pytest.raises(DriveError, match=message):
            side.door_draw(drive=finished, count=count, actor=organizer, now=NOW)
    assert counts() == before
    first = side.door_draw(drive=finished, actor=organizer, now=NOW)
    before = counts()
    pairs = ", ".join(str(n) for n in first.result["pairs"])
    with pytest.raises(DriveError, match=f"already been drawn: pairs {pairs}"):
        side.door_draw(drive=finished, actor=organizer, now=NOW)
    assert counts() == before


# ---------------------------------------------------------------- jackpot


def test_jackpot_is_shared_by_every_pair_reaching_the_threshold(finished, organizer):
    games = tallies(finished)
    threshold = max(games.values())
    PrizeSettings.objects.filter(drive=finished).update(jackpot_threshold=threshold)
    reached = sorted(p for p, g in games.items() if g >= threshold)
    share, rest = prizes.split_cents(1001, len(reached), 5)
    j = side.section(finished)["jackpot"]
    assert [p["number"] for p in j["pairs"]] == reached
    assert (j["share"], j["kept_by_hall"], j["threshold"]) == (share, rest, threshold)
    assert rest > 0  # $10.01 never splits into nickels: the hall keeps the odd cents
    c = side.cash(finished)
    assert (c["paid_out"], c["kept_by_hall"], c["takings"]) == (share * len(reached), rest, 0)
    label, cents, kind = c["lines"][-1]
    assert label.startswith("Jackpot") and (cents, kind) == (share * len(reached), "out")


def test_jackpot_not_reached_pays_nothing(finished):
    PrizeSettings.objects.filter(drive=finished).update(jackpot_threshold=25)
    j = side.section(finished)["jackpot"]
    assert j["pairs"] == [] and j["ready"]
    assert side.cash(finished) == {
        "takings": 0,
        "paid_out": 0,
        "carried_over": 0,
        "kept_by_hall": 0,
        "lines": [],
    }


def test_jackpot_waits_for_the_finish(running):
    j = side.section(running)["jackpot"]
    assert not j["ready"] and j["pairs"] == []
    assert side.cash(running)["paid_out"] == 0


def test_every_side_prize_is_off_by_default(club, organizer):
    drive = started_drive(club, organizer, pairs=4, games=1)
    s = side.section(drive)
    assert not s["any"]
    assert [s[k] for k in ("jackpot", "fifty_fifty", "travelling", "door")] == [None] * 4
    assert side.cash(drive)["lines"] == []


# ---------------------------------------------------------------- screens


def url(name, drive):
    return reverse(f"prizes:{name}", args=[drive.pk])


HX = {"HTTP_HX_REQUEST": "true"}
POSTS = [
    ("side_fifty_fifty", {"ranges": "1-100", "takings": "50"}),
    ("side_travelling", {}),
    ("side_travelling_holder", {"pair": "3"}),
    ("side_door", {}),
]


def test_side_screen_shows_a_card_per_prize_that_is_on(org_client, finished):
    page = org_client.get(url("side", finished)).content.decode()
    assert "<html" in page
    for text in ("Jackpot: $10.01", "50/50 draw", "Travelling prize: a ham", "Door prizes"):
        assert text in page
    assert "Draw the winning ticket" in page and "Draw 2 door prizes" in page
    assert "Draw the card" in page


def test_side_screen_says_plainly_when_no_side_prize_is_on(org_client, club, organizer):
    drive = started_drive(club, organizer, pairs=4, games=1)
    page = org_client.get(url("side", drive)).content.decode()
    assert "No side prize is on for this drive" in page
    assert url("prize_settings", drive) in page


def test_side_screen_htmx_returns_the_content_partial(org_client, finished):
    r = org_client.get(url("side", finished), **HX)
    assert r.status_code == 200
    assert "<html" not in r.content.decode() and 'id="side-prizes"' in r.content.decode()


def test_fifty_fifty_through_the_screen(org_client, finished):
    r = org_client.post(
        url("side_fifty_fifty", finished), {"ranges": "1-100, 201-250", "takings": "$75.50"}
    )
    assert r.status_code == 302 and r["Location"] == url("side", finished)
    draw = SideDraw.objects.get(drive=finished, kind="fifty_fifty")
    assert draw.result["tickets_sold"] == 150 and draw.cents == 3775
    page = org_client.get(url("side", finished)).content.decode()
    assert f'<p class="drawn">{draw.result["ticket"]}</p>' in page
    assert f"Seed {draw.seed}" in page and "$37.75" in page
    assert "Draw the winning ticket" not in page


def test_fifty_fifty_under_htmx_swaps_the_section(org_client, finished):
    r = org_client.post(
        url("side_fifty_fifty", finished), {"ranges": "1-10", "takings": "10"}, **HX
    )
    body = r.content.decode()
    assert r.status_code == 200 and "<html" not in body
    assert body.lstrip().startswith('<section id="side-prizes"')
    assert "Ticket " in body and "wins the 50/50" in body  # the flash, out of band


def test_a_draw_from_the_prizes_page_swaps_the_section_there(org_client, finished):
    prizes_page = "http://testserver" + url("prizes", finished)
    r = org_client.post(url("side_travelling", finished), HTTP_HX_CURRENT_URL=prizes_page, **HX)
    body = r.content.decode()
    assert r.status_code == 200 and "<h2>Side prizes</h2>" in body
    assert url("side", finished) in body  # a way to the full screen
    side_screen = "http://testserver" + url("side", finished)
    r = org_client.post(url("side_door", finished), HTTP_HX_CURRENT_URL=side_screen, **HX)
    assert "<h2>Side prizes</h2>" not in r.content.decode()  # the screen's h1 says it


@pytest.mark.parametrize(
    "data, message",
    [
        ({"ranges": "one to ten", "takings": "10"}, "is not a range of ticket numbers"),
        ({"ranges": "10-1", "takings": "10"}, "run backwards"),
        ({"ranges": "1-10, 5-20", "takings": "10"}, "overlap"),
        ({"ranges": "1-10, 1-10", "takings": "10"}, "overlap"),
        ({"ranges": "1-10", "takings": "ten"}, "Write an amount like 12 or 12.50"),
        ({"ranges": "1-10", "takings": "-5"}, "Write an amount like 12 or 12.50"),
        ({"ranges": "1-10", "takings": "0"}, "Enter the money taken"),
        ({"ranges": "", "takings": "10"}, "Enter the ticket numbers sold"),
    ],
)
def test_bad_fifty_fifty_input_is_refused_and_writes_nothing(org_client, finished, data, message):
    before = counts()
    r = org_client.post(url("side_fifty_fifty", finished), data)
    assert r.status_code == 400
    body = r.content.decode()
    assert message in body
    # The screen comes back with what was typed, to fix it.
    assert f'value="{data["ranges"]}"' in body
    r = org_client.post(url("side_fifty_fifty", finished), data, **HX)
    assert r.status_code == 400 and r["HX-Retarget"] == "#flash"
    assert message in r.content.decode()
    assert counts() == before


def test_travelling_and_door_through_the_screens(org_client, finished):
    r = org_client.post(url("side_travelling", finished), **HX)
    draw = SideDraw.objects.get(drive=finished, kind="travelling")
    body = r.content.decode()
    assert r.status_code == 200 and draw.result["label"] in body
    assert "Which pair held the" in body
    r = org_client.post(url("side_travelling_holder", finished), {"pair": "6"})
    assert r.status_code == 302
    page = org_client.get(url("side", finished)).content.decode()
    assert "Pair 6" in page and "Player 6a &amp; Player 6b" in page
    r = org_client.post(url("side_door", finished), **HX)
    door = SideDraw.objects.get(drive=finished, kind="door")
    assert r.status_code == 200 and len(door.result["pairs"]) == 2
    for n in door.result["pairs"]:
        assert f"Pair {n}</span>" in r.content.decode()


@pytest.mark.parametrize(
    "name, data, message",
    [
        ("side_travelling_holder", {"pair": "abc"}, "The pair number must be a number"),
        ("side_travelling_holder", {"pair": "0"}, "The pair number must be a number from 1"),
        ("side_travelling_holder", {"pair": "42"}, "There is no pair 42"),
        ("side_travelling_holder", {"pair": "²"}, "The pair number must be a number"),
        ("side_travelling_holder", {"pair": "9" * 5000}, "The pair number must be a number"),
        ("side_door", {"count": "x"}, "The number of door prizes must be a number"),
        ("side_door", {"count": "0"}, "must be a number from 1"),
        ("side_door", {"count": "12"}, "Only 8 pairs present"),
    ],
)
def test_bad_pair_numbers_and_counts_are_refused(
    org_client, finished, organizer, name, data, message
):
    side.travelling_draw(drive=finished, actor=organizer, now=NOW)
    before = counts()
    r = org_client.post(url(name, finished), data, **HX)
    assert r.status_code == 400 and r["HX-Retarget"] == "#flash"
    assert message in r.content.decode()
    r = org_client.post(url(name, finished), data)
    assert r.status_code == 400 and message in r.content.decode()
    assert counts() == before


def test_a_refused_draw_under_htmx_is_a_flash_message(org_client, running):
    r = org_client.post(url("side_door", running), **HX)
    assert r.status_code == 409 and r["HX-Retarget"] == "#flash"
    assert "finish the drive first" in r.content.decode()
    assert not SideDraw.objects.exists()


@pytest.mark.parametrize("name, data", POSTS)
def test_draws_take_posts_only(org_client, finished, name, data):
    assert org_client.get(url(name, finished)).status_code == 405
    assert org_client.put(url(name, finished)).status_code == 405


def test_the_side_screen_is_read_with_get_only(org_client, finished):
    assert org_client.post(url("side", finished)).status_code == 405


@pytest.mark.parametrize("name, data", [("side", None), *POSTS])
def test_outsiders_cannot_see_or_draw(
    name, data, finished, other_club_client, scorer_client, anon_client
):
    def call(c):
        return c.get(url(name, finished)) if data is None else c.post(url(name, finished), data)

    assert call(other_club_client).status_code == 404
    assert call(scorer_client).status_code == 403
    r = call(anon_client)
    assert r.status_code == 302 and r["Location"].startswith(reverse("login"))
    assert not SideDraw.objects.exists()


def test_section_on_the_printed_report_has_no_buttons(finished, organizer, rf):
    from django.template.loader import render_to_string

    draw_fifty(finished, organizer, seed=1)
    ctx = {"section": side.section(finished), "drive": finished, "report": True}
    html = render_to_string("prizes/_side_section.html", ctx)
    assert "<form" not in html and "<button" not in html
    assert "Not drawn." in html  # the travelling card and the door prizes
    none = started_drive(finished.club, organizer, pairs=4, games=1)
    ctx = {"section": side.section(none), "drive": none, "report": True}
    assert render_to_string("prizes/_side_section.html", ctx).strip() == ""
