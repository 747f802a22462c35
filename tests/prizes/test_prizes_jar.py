"""The cookie jar: pairs buy in at registration, games are drawn after the last game,
pairs that won every drawn game share the jar, and a jar with no winner carries over."""

import datetime as dt

import pytest
from django.template.loader import render_to_string
from django.test import RequestFactory
from django.urls import reverse

from clubs.models import AuditEntry
from drives.models import JarEntry, TableGame
from prizes import rules as prizes
from prizes.models import JarDraw
from prizes.services import jar
from prizes.services.common import DriveError
from tests.builders import NOW, add_pairs, make_drive
from tests.builders.jar import PRICE, everything, jar_on, opt_in, play_all, setup_drive, start, url


def winners_of_game(drive, game):
    return sorted(
        TableGame.objects.filter(drive=drive, game=game, winner__isnull=False).values_list(
            "winner__number", flat=True
        )
    )


def losers_of_game(drive, game):
    won = set(winners_of_game(drive, game))
    return sorted(n for n in drive.pairs.values_list("number", flat=True) if n not in won)


def audits(action):
    return list(AuditEntry.objects.filter(action=action))


# ------------------------------------------------------------------ opting in


def test_a_pair_opts_in_at_registration_with_one_audit_entry(club, organizer):
    drive = setup_drive(club, organizer)
    pair = drive.pairs.get(number=3)
    entry = jar.jar_opt_in(pair=pair, actor=organizer, now=NOW)
    assert entry.pair == pair and entry.drive == drive
    [a] = audits("jar_opt_in")
    assert a.old == {"pair": 3, "jar": False}
    assert a.new == {"pair": 3, "jar": True, "price": PRICE}
    # Tapping again changes nothing and writes nothing.
    before = everything()
    jar.jar_opt_in(pair=pair, actor=organizer, now=NOW)
    assert everything() == before


def test_a_pair_opts_out_before_the_start_with_one_audit_entry(club, organizer):
    drive = setup_drive(club, organizer)
    opt_in(drive, organizer, [3])
    jar.jar_opt_out(pair=drive.pairs.get(number=3), actor=organizer, now=NOW)
    assert not JarEntry.objects.exists()
    [a] = audits("jar_opt_out")
    assert (a.old, a.new) == ({"pair": 3, "jar": True}, {"pair": 3, "jar": False})
    before = everything()
    jar.jar_opt_out(pair=drive.pairs.get(number=3), actor=organizer, now=NOW)
    assert everything() == before


def test_a_late_opt_in_is_refused_and_writes_nothing(club, organizer):
    drive = setup_drive(club, organizer)
    opt_in(drive, organizer, [1])
    start(drive, organizer)
    before = everything()
    with pytest.raises(DriveError, match="Pair 2 cannot join the cookie jar") as e:
        jar.jar_opt_in(pair=drive.pairs.get(number=2), actor=organizer, now=NOW)
    assert e.value.status == 409
    with pytest.raises(DriveError, match="Pair 1 cannot leave the cookie jar"):
        jar.jar_opt_out(pair=drive.pairs.get(number=1), actor=organizer, now=NOW)
    assert everything() == before


def test_no_opt_in_when_the_jar_is_off(club, organizer):
    drive = make_drive(club, organizer)
    add_pairs(drive, organizer, 4)
    before = everything()
    with pytest.raises(DriveError, match="This drive has no cookie jar"):
        jar.jar_opt_in(pair=drive.pairs.get(number=1), actor=organizer, now=NOW)
    jar_on(drive, on=False)
    before = everything()
    with pytest.raises(DriveError, match="This drive has no cookie jar"):
        jar.jar_opt_out(pair=drive.pairs.get(number=1), actor=organizer, now=NOW)
    assert everything() == before


# ------------------------------------------------------------------ the draw


def test_three_winners_split_the_jar_rounded_to_the_cash_unit(club, organizer):
    drive = setup_drive(club, organizer, pairs=6, games=2, jar_games=1)
    opt_in(drive, organizer, range(1, 7))
    drive.jar_carried_in = 100
    drive.save(update_fields=["jar_carried_in"])
    start(drive, organizer)
    play_all(drive, organizer)
    won_game_1 = winners_of_game(drive, 1)
    assert len(won_game_1) == 3

    row = jar.jar_draw(drive=drive, numbers=[1], actor=organizer, now=NOW)

    assert row.numbers == [1] and row.seed is None
    assert row.winners == won_game_1
    assert row.total == 6 * PRICE + 100  # 1300
    assert (row.share, row.kept_by_hall, row.carried_to) == (430, 10, None)  # 5-cent unit
    [a] = audits("jar_draw")
    assert a.old == {"drawn": False, "carried_to": None}
    assert a.new["winners"] == won_game_1 and a.new["share"] == 430
    s = jar.section(drive)
    assert [w["number"] for w in s["winners"]] == won_game_1 and s["paid_out"] == 1290
    assert jar.cash(drive) == {
        "takings": 1300,
        "paid_out": 1290,
        "carried_over": 0,
        "kept_by_hall": 10,
        "lines": [
            ("Cookie jar: 6 pairs at $2.00", 1200, "in"),
            ("Cookie jar carried in from an earlier drive", 100, "in"),
            (
                "Cookie jar: won by pair(s) " + ", ".join(str(n) for n in won_game_1),
                1290,
                "out",
            ),
        ],
    }


def test_one_winner_takes_the_whole_jar(club, organizer):
    drive = setup_drive(club, organizer, pairs=6, games=2, jar_games=1)
    opt_in(drive, organizer, range(1, 7))
    start(drive, organizer)
    play_all(drive, organizer)
    winner = winners_of_game(drive, 1)[0]
    # Who wins game 1 is known only once it is played: keep one of its winners in the jar.
    JarEntry.objects.filter(pair__number__in=winners_of_game(drive, 1)[1:]).delete()

    row = jar.jar_draw(drive=drive, numbers=[1], actor=organizer, now=NOW)

    assert row.winners == [winner]
    assert (row.total, row.share, row.kept_by_hall) == (4 * PRICE, 4 * PRICE, 0)
    assert jar.cash(drive)["paid_out"] == 4 * PRICE


def test_no_winner_carries_the_jar_to_the_clubs_next_drive(club, organizer):
    drive = setup_drive(club, organizer, pairs=6, games=2, jar_games=1)
    start(drive, organizer)
    play_all(drive, organizer)
    # Who loses game 1 is known only once it is played: put its losers in the jar.
    for n in losers_of_game(drive, 1):
        JarEntry.objects.create(pair=drive.pairs.get(number=n), drive=drive, created_at=NOW)
    earlier = make_drive(club, organizer, name="Last week", date=dt.date(2026, 11, 22))
    later = make_drive(club, organizer, name="Two weeks on", date=dt.date(2026, 12, 13))
    nxt = make_drive(club, organizer, name="Next Friday", date=dt.date(2026, 12, 6))

    row = jar.jar_draw(drive=drive, numbers=[1], actor=organizer, now=NOW)

    assert row.winners == [] and row.share == 0
    assert row.total == 3 * PRICE and row.carried_to == nxt
    nxt.refresh_from_db()
    earlier.refresh_from_db()
    later.refresh_from_db()
    assert (nxt.jar_carried_in, earlier.jar_carried_in, later.jar_carried_in) == (600, 0, 0)
    [a] = audits("jar_draw")
    assert a.old["carried_to"] == {"drive": nxt.pk, "name": "Next Friday", "jar_carried_in": 0}
    assert a.new["carried_to"]["jar_carried_in"] == 600
    assert jar.cash(drive) | {"lines": None} == {
        "takings": 600,
        "paid_out": 0,
        "carried_over": 600,
        "kept_by_hall": 0,
        "lines": None,
    }
    # The next drive shows the money it carries in.
    s = jar.section(nxt)
    assert s["carried_in"] == 600 and s["carried_from"] == [drive]
    html = render_to_string(
        "prizes/_jar_section.html", {"section": s, "drive": nxt, "report": True}
    )
    assert "$6.00 was carried into this drive" in html  # its jar is still off
    jar_on(nxt)
    s = jar.section(nxt)
    assert s["total"] == 600
    assert jar.cash(nxt)["lines"] == [
        ("Cookie jar carried in from Friday 45s (2026-11-29)", 600, "in")
    ]
    html = render_to_string(
        "prizes/_jar_section.html", {"section": s, "drive": nxt, "report": True}
    )
    assert "Carried in from an earlier drive with no winner: $6.00" in html and "Friday 45s" in html
    assert "<form" not in html and "<a " not in html
    # And the drive it came from says where the jar went.
    html = render_to_string(
        "prizes/_jar_section.html",
        {"section": jar.section(drive), "drive": drive, "report": True},
    )
    assert "No winner: $6.00 carries over to Next Friday" in html


def test_no_winner_and_no_next_drive_keeps_the_jar_until_one_is_created(club, organizer):
    drive = setup_drive(club, organizer, pairs=4, games=1, jar_games=1)
    opt_in(drive, organizer, [1, 2, 3, 4])
    start(drive, organizer)
    play_all(drive, organizer)
    JarEntry.objects.filter(pair__number__in=winners_of_game(drive, 1)).delete()
    started = make_drive(club, organizer, name="Started", date=dt.date(2026, 12, 6))
    add_pairs(started, organizer, 2)
    start(started, organizer)

    row = jar.jar_draw(drive=drive, numbers=[1], actor=organizer, now=NOW)

    assert row.carried_to is None and row.total == 2 * PRICE
    s = jar.section(drive)
    assert s["held"] and s["next_drive"] is None
    html = render_to_string("prizes/_jar_section.html", {"section": s, "drive": drive})
    assert "is kept for the club's next drive" in html
    assert "There is no drive to carry it to yet" in html
    before = everything()
    with pytest.raises(DriveError, match="create the next drive"):
        jar.jar_carry_over(drive=drive, actor=organizer, now=NOW)
    assert everything() == before

    nxt = make_drive(club, organizer, name="Next Friday", date=dt.date(2026, 12, 13))
    assert jar.section(drive)["next_drive"] == nxt
    jar.jar_carry_over(drive=drive, actor=organizer, now=NOW)
    nxt.refresh_from_db()
    assert nxt.jar_carried_in == 400
    [a] = audits("jar_carry_over")
    assert a.new["carried_to"] == {"drive": nxt.pk, "name": "Next Friday", "jar_carried_in": 400}
    before = everything()
    with pytest.raises(DriveError, match="already been carried over to Next Friday"):
        jar.jar_carry_over(drive=drive, actor=organizer, now=NOW)
    assert everything() == before


def test_the_site_draw_is_repeatable_from_its_seed(club, organizer):
    drive = setup_drive(club, organizer, pairs=6, games=5, jar_games=3)
    opt_in(drive, organizer, [1, 2])
    start(drive, organizer)
    play_all(drive, organizer)
    row = jar.jar_draw(drive=drive, seed=77, actor=organizer, now=NOW)
    assert row.seed == 77
    assert tuple(row.numbers) == prizes.cookie_jar_draw(5, 3, seed=77).numbers
    # No seed given: the site picks one and records it.
    other = setup_drive(club, organizer, pairs=4, games=2, jar_games=2, name="Other")
    start(other, organizer)
    play_all(other, organizer)
    row = jar.jar_draw(drive=other, actor=organizer, now=NOW)
    assert row.seed is not None and row.numbers == [1, 2]


def test_a_drive_finished_early_draws_from_the_games_played(club, organizer):
    drive = setup_drive(club, organizer, pairs=6, games=10, jar_games=8)
    opt_in(drive, organizer, [1, 2, 3])
    start(drive, organizer)
    play_all(drive, organizer, games=3)
    assert drive.current_game == 3
    assert jar.section(drive)["draw_count"] == 3
    before = everything()
    with pytest.raises(DriveError, match="Game 4 was not played: enter numbers from 1 to 3"):
        jar.jar_draw(drive=drive, numbers=[1, 2, 4], actor=organizer, now=NOW)
    assert everything() == before
    row = jar.jar_draw(drive=drive, seed=1, actor=organizer, now=NOW)
    assert row.numbers == [1, 2, 3]


@pytest.mark.parametrize(
    "numbers,message",
    [
        ([0, 2], "Game 0 was not played: enter numbers from 1 to 3"),
        ([2, 9], "Game 9 was not played: enter numbers from 1 to 3"),
        ([2, 2], "Game 2 is entered twice"),
        ([1], "Enter 2 game numbers; 1 was entered"),
        ([1, 2, 3], "Enter 2 game numbers; 3 were entered"),
        ([], "Enter 2 game numbers; 0 were entered"),
        (["2", 3], "was not played"),
    ],
)
def test_bad_numbers_drawn_by_hand_are_refused_and_write_nothing(club, organizer, numbers, message):
    drive = setup_drive(club, organizer, pairs=4, games=3, jar_games=2)
    opt_in(drive, organizer, [1])
    start(drive, organizer)
    play_all(drive, organizer)
    before = everything()
    with pytest.raises(DriveError, match=message) as e:
        jar.jar_draw(drive=drive, numbers=numbers, actor=organizer, now=NOW)
    assert e.value.status == 400
    assert everything() == before


def test_the_draw_is_refused_before_the_finish_twice_or_without_a_jar(club, organizer):
    drive = setup_drive(club, organizer, pairs=4, games=2, jar_games=1)
    before = everything()
    with pytest.raises(DriveError, match="finish the drive first"):
        jar.jar_draw(drive=drive, seed=1, actor=organizer, now=NOW)
    assert everything() == before
    start(drive, organizer)
    before = everything()
    with pytest.raises(DriveError, match="finish the drive first"):
        jar.jar_draw(drive=drive, seed=1, actor=organizer, now=NOW)
    assert everything() == before
    play_all(drive, organizer)
    before = everything()
    for kw, message in [
        ({"seed": 1, "numbers": [1]}, "not both"),
        ({"seed": -1}, "whole number from 0 up"),
        ({"seed": True}, "whole number from 0 up"),
    ]:
        with pytest.raises(DriveError, match=message):
            jar.jar_draw(drive=drive, actor=organizer, now=NOW, **kw)
        assert everything() == before
    jar.jar_draw(drive=drive, numbers=[2], actor=organizer, now=NOW)
    before = everything()
    with pytest.raises(DriveError, match="already been drawn: games 2") as e:
        jar.jar_draw(drive=drive, seed=1, actor=organizer, now=NOW)
    assert e.value.status == 409
    assert everything() == before
    jar_on(drive, on=False)
    JarDraw.objects.all().delete()
    with pytest.raises(DriveError, match="This drive has no cookie jar"):
        jar.jar_draw(drive=drive, seed=1, actor=organizer, now=NOW)


def test_a_won_jar_is_not_carried_over(club, organizer):
    drive = setup_drive(club, organizer, pairs=4, games=1, jar_games=1)
    opt_in(drive, organizer, [1, 2, 3, 4])
    start(drive, organizer)
    play_all(drive, organizer)
    make_drive(club, organizer, name="Next", date=dt.date(2026, 12, 6))
    jar.jar_draw(drive=drive, numbers=[1], actor=organizer, now=NOW)
    before = everything()
    with pytest.raises(DriveError, match="was won"):
        jar.jar_carry_over(drive=drive, actor=organizer, now=NOW)
    assert everything() == before


def test_cash_and_section_are_zero_when_the_jar_is_off(club, organizer):
    drive = make_drive(club, organizer)
    assert jar.cash(drive) == {
        "takings": 0,
        "paid_out": 0,
        "carried_over": 0,
        "kept_by_hall": 0,
        "lines": [],
    }
    assert jar.section(drive)["on"] is False
    html = render_to_string(
        "prizes/_jar_section.html",
        {"section": jar.section(drive), "drive": drive, "report": True},
    )
    assert "Cookie jar" not in html


def test_cash_before_the_draw_counts_only_the_takings(club, organizer):
    drive = setup_drive(club, organizer, pairs=4)
    opt_in(drive, organizer, [1, 2])
    c = jar.cash(drive)
    assert (c["takings"], c["paid_out"], c["carried_over"]) == (400, 0, 0)
    s = jar.section(drive)
    assert s["count"] == 2 and s["total"] == 400 and s["draw"] is None


# ------------------------------------------------------------------ the screen


@pytest.fixture
def registering(club, organizer):
    return setup_drive(club, organizer, pairs=4, games=2, jar_games=1)


@pytest.fixture
def finished(club, organizer):
    drive = setup_drive(club, organizer, pairs=4, games=3, jar_games=2)
    opt_in(drive, organizer, [1, 2, 3, 4])
    start(drive, organizer)
    return play_all(drive, organizer)


def test_the_jar_screen_before_the_start_lists_every_pair_with_a_toggle(org_client, registering):
    r = org_client.get(url(registering))
    page = r.content.decode()
    assert r.status_code == 200
    assert page.count("Not in the jar") == 4 and "the jar so far: <strong>$0.00</strong>" in page
    r = org_client.get(url(registering), HTTP_HX_REQUEST="true")
    assert r.status_code == 200 and "<html" not in r.content.decode()


def test_one_tap_puts_a_pair_in_the_jar_and_updates_the_total(org_client, registering):
    pair = registering.pairs.get(number=2)
    r = org_client.post(
        url(registering, "jar_entry", pair.pk), {"jar": "on"}, HTTP_HX_REQUEST="true"
    )
    html = r.content.decode()
    assert r.status_code == 200 and "<html" not in html
    assert f'id="jar-pair-{pair.pk}"' in html and "✓ In the jar" in html
    assert 'id="jar-total" hx-swap-oob="true"' in html and "$2.00" in html
    assert JarEntry.objects.filter(pair=pair).exists()
    # Tapping "In the jar" takes it out again; without htmx the page reloads.
    r = org_client.post(url(registering, "jar_entry", pair.pk))
    assert r.status_code == 302 and r["Location"] == url(registering)
    assert not JarEntry.objects.exists()


def test_a_late_tap_is_refused_under_htmx_with_the_reason(org_client, registering, organizer):
    start(registering, organizer)
    pair = registering.pairs.get(number=2)
    before = everything()
    r = org_client.post(
        url(registering, "jar_entry", pair.pk), {"jar": "on"}, HTTP_HX_REQUEST="true"
    )
    assert r.status_code == 409 and r["HX-Retarget"] == "#flash"
    assert "pairs join before the first game starts" in r.content.decode()
    r = org_client.post(url(registering, "jar_entry", pair.pk), {"jar": "on"})
    assert r.status_code == 409 and "<html" in r.content.decode()
    assert everything() == before


def test_while_the_drive_runs_the_screen_says_the_draw_comes_later(
    org_client, registering, organizer
):
    opt_in(registering, organizer, [3])
    start(registering, organizer)
    page = org_client.get(url(registering)).content.decode()
    assert "the draw comes after the last game" in page
    assert "Player 3a &amp; Player 3b" in page and "Not in the jar" not in page


def test_the_draw_screen_draws_and_shows_the_result(org_client, finished):
    page = org_client.get(url(finished)).content.decode()
    assert "Draw 2 games" in page and "Type 2 different game numbers, from 1 to 3" in page
    # The site's draw asks first (tests/prizes/test_prizes_jar_draw_asks.py); yes draws.
    r = org_client.post(
        url(finished, "jar_draw"),
        {"how": "site", "seed": "5", "confirm": "yes"},
        HTTP_HX_REQUEST="true",
    )
    html = r.content.decode()
    assert r.status_code == 200 and "<html" not in html
    row = JarDraw.objects.get(drive=finished)
    assert row.seed == 5
    assert "Drawn by the site with seed 5" in html
    for n in row.numbers:
        assert f"<li>{n}</li>" in html
    assert "Games drawn:" in html  # the flash, out of band


def test_numbers_typed_by_hand(org_client, finished):
    r = org_client.post(url(finished, "jar_draw"), {"how": "hand", "numbers": " 3, 1 "})
    assert r.status_code == 302
    row = JarDraw.objects.get(drive=finished)
    assert row.numbers == [1, 3] and row.seed is None
    page = org_client.get(url(finished)).content.decode()
    assert "the organizer typed the numbers in" in page and "Draw 2 games" not in page


@pytest.mark.parametrize(
    "data,message",
    [
        ({"how": "hand", "numbers": "3 seven"}, "“seven” is not a game number"),
        ({"how": "hand", "numbers": "1 -2"}, "“-2” is not a game number"),
        ({"how": "hand", "numbers": "1 2.5"}, "“2.5” is not a game number"),
        ({"how": "hand", "numbers": "1 4"}, "Game 4 was not played: enter numbers from 1 to 3."),
        ({"how": "hand", "numbers": "2 2"}, "Game 2 is entered twice"),
        ({"how": "hand", "numbers": ""}, "Enter 2 game numbers; 0 were entered."),
        ({"how": "hand", "numbers": "1 " * 150}, "too long"),
        ({"how": "site", "seed": "lucky"}, "The seed must be a whole number from 0 up."),
        ({"how": "site", "seed": "-4"}, "The seed must be a whole number from 0 up."),
    ],
)
def test_bad_input_on_the_draw_screen_is_refused_plainly(org_client, finished, data, message):
    before = everything()
    r = org_client.post(url(finished, "jar_draw"), data, HTTP_HX_REQUEST="true")
    assert r.status_code == 400 and r["HX-Retarget"] == "#flash"
    assert message in r.content.decode()
    r = org_client.post(url(finished, "jar_draw"), data)
    assert r.status_code == 400 and message in r.content.decode()
    assert everything() == before


def test_drawing_twice_from_the_screen_is_refused(org_client, finished):
    org_client.post(url(finished, "jar_draw"), {"how": "site", "seed": "5", "confirm": "yes"})
    before = everything()
    r = org_client.post(url(finished, "jar_draw"), {"how": "site"}, HTTP_HX_REQUEST="true")
    assert r.status_code == 409 and "already been drawn" in r.content.decode()
    assert everything() == before


def test_the_carry_button_once_the_next_drive_exists(org_client, club, organizer):
    drive = setup_drive(club, organizer, pairs=4, games=1, jar_games=1)
    start(drive, organizer)
    play_all(drive, organizer)
    JarEntry.objects.create(
        pair=drive.pairs.get(number=losers_of_game(drive, 1)[0]), drive=drive, created_at=NOW
    )
    org_client.post(url(drive, "jar_draw"), {"how": "hand", "numbers": "1"})
    page = org_client.get(url(drive)).content.decode()
    assert "There is no drive to carry it to yet" in page
    nxt = make_drive(club, organizer, name="Next Friday", date=dt.date(2026, 12, 6))
    page = org_client.get(url(drive)).content.decode()
    assert "Carry $2.00 over to Next Friday" in page
    r = org_client.post(url(drive, "jar_carry"), HTTP_HX_REQUEST="true")
    assert r.status_code == 200 and "<html" not in r.content.decode()
    assert "No winner: $2.00 carries over to Next Friday" in r.content.decode()
    nxt.refresh_from_db()
    assert nxt.jar_carried_in == 200
    jar_on(nxt)
    page = org_client.get(url(nxt)).content.decode()
    assert "Carried in from an earlier drive with no winner: $2.00" in page
    assert "the jar so far: <strong>$2.00</strong>" in page
    r = org_client.post(url(drive, "jar_carry"), HTTP_HX_REQUEST="true")
    assert r.status_code == 409 and r["HX-Retarget"] == "#flash"


def test_the_jar_screens_are_for_the_clubs_organizers(
    anon_client, other_club_client, scorer_client, org_client, registering
):
    pair = registering.pairs.get(number=1)
    posts = [url(registering, "jar_entry", pair.pk), url(registering, "jar_draw")]
    posts.append(url(registering, "jar_carry"))
    before = everything()
    assert other_club_client.get(url(registering)).status_code == 404
    assert scorer_client.get(url(registering)).status_code == 403
    r = anon_client.get(url(registering))
    assert r.status_code == 302 and "/accounts/login/" in r["Location"]
    for u in posts:
        assert other_club_client.post(u, {"jar": "on"}).status_code == 404
        assert scorer_client.post(u, {"jar": "on"}).status_code == 403
        r = anon_client.post(u, {"jar": "on"})
        assert r.status_code == 302 and "/accounts/login/" in r["Location"]
        assert org_client.get(u).status_code == 405
    assert org_client.post(url(registering)).status_code == 405
    assert everything() == before


def test_a_pair_of_another_drive_is_not_found(org_client, registering, club, organizer):
    other = setup_drive(club, organizer, name="Other")
    pair = other.pairs.get(number=1)
    r = org_client.post(url(registering, "jar_entry", pair.pk), {"jar": "on"})
    assert r.status_code == 404
    assert not JarEntry.objects.exists()


def test_the_jar_screen_when_the_jar_is_off(org_client, club, organizer):
    drive = make_drive(club, organizer)
    page = org_client.get(url(drive)).content.decode()
    assert "This drive has no cookie jar." in page
    assert reverse("prizes:prize_settings", args=[drive.pk]) in page


def test_the_prizes_page_section_links_to_the_jar_screen(finished):
    s = jar.section(finished)
    request = RequestFactory().get("/")
    html = render_to_string(
        "prizes/_jar_section.html",
        {"section": s, "drive": finished, "report": False},
        request=request,
    )
    assert "Draw the cookie jar" in html and url(finished) in html
    assert "4 pairs in at $2.00 each." in html and "$8.00" in html


def test_jar_money_carried_into_a_drive_with_the_jar_off_is_not_lost_from_the_cash(club, organizer):
    from drives.models import Drive
    from prizes.services import report
    from tests.builders import make_drive

    d = make_drive(club, organizer)
    Drive.objects.filter(pk=d.pk).update(jar_carried_in=600)
    d.refresh_from_db()
    c = jar.cash(d)
    assert (c["takings"], c["carried_over"], c["paid_out"]) == (600, 600, 0)
    summary = report.cash_summary(d)
    assert summary.carried_over == 600 and summary.remaining == 0
