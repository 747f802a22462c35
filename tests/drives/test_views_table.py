"""The table page (drives/table_views.py), the organizer's table links
(drives/links_views.py) and the live region of the result screen."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client
from django.urls import reverse

from clubs.interface import DriveError
from clubs.models import AuditEntry
from drives import services
from drives.models import Submission, TableGame, TableLink
from tests.builders import HTMX, NOW, make_club, make_user, row_counts, started_drive

pytestmark = pytest.mark.django_db

FETCH = {"HTTP_X_REQUESTED_WITH": "fetch"}


@pytest.fixture
def running(club, organizer):
    return started_drive(club, organizer, pairs=8)


@pytest.fixture
def link(club, running):
    return services.table_links(club, 4)[0]  # table 1


@pytest.fixture
def player():
    return Client()


def pairs_at(drive, table):
    tg = TableGame.objects.get(drive=drive, game=drive.current_game, table=table)
    return tuple(s.pair.number for s in tg.seats.order_by("slot").select_related("pair"))


def url(link, action=""):
    return reverse(f"table:{action or 'page'}", args=[link.token])


def post(client, link, action, key="k-00000001", **data):
    payload = {"game": 1, "key": key, **data}
    return client.post(url(link, action), payload, **FETCH)


def state(drive, table=1):
    tg = TableGame.objects.get(drive=drive, game=drive.current_game, table=table)
    return (tg.status, tg.winner.number if tg.winner else None)


def test_the_table_page_needs_no_login_and_shows_the_table(player, link, running):
    a, b = pairs_at(running, 1)
    r = player.get(url(link))
    assert r.status_code == 200
    page = r.content.decode()
    assert "Table 1" in page and "Game 1 of 25" in page
    assert f"Pair {a} won" in page and f"Pair {b} won" in page
    assert "Player" in page  # the players' names
    assert "deals first" in page or "Cut for the deal" in page
    assert "cd_device" in r.cookies


def test_the_table_page_htmx_poll_is_the_panel_only_and_304_when_unchanged(player, link, running):
    r = player.get(url(link), **HTMX)
    assert r.status_code == 200
    body = r.content.decode()
    assert body.lstrip().startswith('<section id="table-panel"') and "<html" not in body
    etag = r["ETag"]
    again = player.get(url(link), HTTP_IF_NONE_MATCH=etag, **HTMX)
    assert again.status_code == 304 and again.content == b""
    a, _b = pairs_at(running, 1)
    post(player, link, "report", winner=a)
    changed = player.get(url(link), HTTP_IF_NONE_MATCH=etag, **HTMX)
    assert changed.status_code == 200


def test_report_then_agree_counts_the_result(player, link, running):
    a, b = pairs_at(running, 1)
    r = post(player, link, "report", winner=a)
    assert r.status_code == 200
    assert f"waiting for pair {b} to agree" in r.content.decode()
    [other] = phones(link, 1)  # the other pair's phone
    assert f"Pair {b} agrees: pair {a} won" in other.get(url(link)).content.decode()
    r = post(other, link, "confirm", key="k-00000002", winner=a, confirmer=b)
    assert r.status_code == 200
    assert f"Counted: pair {a} won" in r.content.decode()
    assert state(running) == ("confirmed", a)
    entry = AuditEntry.objects.filter(drive=running, action="table_confirm").get()
    assert entry.source.startswith("table 1: ") and entry.actor is None


def test_agreeing_by_typing_the_pair_number(player, link, running):
    running.confirm_by_number = True
    running.save()
    a, b = pairs_at(running, 1)
    post(player, link, "report", winner=a)
    [other] = phones(link, 1)  # the other pair's phone
    assert "type your pair number to agree" in other.get(url(link)).content.decode()
    wrong = post(other, link, "confirm", key="k-00000002", winner=a, confirmer=a)
    assert wrong.status_code == 400 and state(running) == ("reported", a)
    ok = post(other, link, "confirm", key="k-00000003", winner=a, confirmer=b)
    assert ok.status_code == 200 and state(running) == ("confirmed", a)


def test_five_retries_of_one_tap_count_once(player, link, running):
    a, _b = pairs_at(running, 1)
    player.get(url(link))
    answers = [post(player, link, "report", key="retry-key-1", winner=a) for _ in range(5)]
    assert {r.status_code for r in answers} == {200}
    assert Submission.objects.count() == 1
    assert AuditEntry.objects.filter(action__startswith="table_").count() == 1


def test_without_javascript_a_tap_redirects_back_to_the_page(player, link, running):
    a, _b = pairs_at(running, 1)
    r = player.post(url(link, "report"), {"game": 1, "key": "nojs-key-1", "winner": a})
    assert r.status_code == 302 and r["Location"] == url(link)
    assert "waiting for pair" in player.get(url(link)).content.decode()


def test_the_reporting_device_can_take_it_back_and_another_cannot(link, running):
    a, _b = pairs_at(running, 1)
    mine, other = Client(), Client()
    mine.get(url(link))
    other.get(url(link))
    post(mine, link, "report", winner=a)
    assert "Take back this report" in mine.get(url(link)).content.decode()
    assert "Take back this report" not in other.get(url(link)).content.decode()
    assert post(other, link, "withdraw", key="k-00000009").status_code == 409
    assert post(mine, link, "withdraw", key="k-00000010").status_code == 200
    assert state(running) == ("pending", None)


def test_two_devices_disagreeing_put_the_table_in_conflict(link, running, org_client):
    a, b = pairs_at(running, 1)
    one, two = Client(), Client()
    one.get(url(link))
    two.get(url(link))
    post(one, link, "report", winner=a)
    r = post(two, link, "report", key="k-00000002", winner=b)
    assert r.status_code == 200 and "the front table settles it" in r.content.decode()
    assert state(running) == ("conflict", None)
    screen = org_client.get(reverse("drives:game", args=[running.pk, 1])).content.decode()
    assert "In conflict: it does not count." in screen
    assert f"pair {a} won" in screen and f"pair {b} won" in screen
    settle = reverse("drives:result_record", args=[running.pk, 1, 1])
    org_client.post(settle, {"winner": b}, **HTMX)
    assert state(running) == ("confirmed", b)


@pytest.mark.parametrize(
    "case",
    ["no key", "bad key", "tampered pair", "other table's pair", "old game", "not a number"],
)
def test_bad_submissions_are_refused_and_write_nothing(player, link, running, case):
    a, _b = pairs_at(running, 1)
    c, _d = pairs_at(running, 2)
    data = {
        "no key": {"game": 1, "winner": a},
        "bad key": {"game": 1, "winner": a, "key": "bad key!"},
        "tampered pair": {"game": 1, "winner": 9999, "key": "k-00000001"},
        "other table's pair": {"game": 1, "winner": c, "key": "k-00000001"},
        "old game": {"game": 2, "winner": a, "key": "k-00000001"},
        "not a number": {"game": "one", "winner": a, "key": "k-00000001"},
    }[case]
    status = {"old game": 409}.get(case, 400)
    before = row_counts()
    r = player.post(url(link, "report"), data, **FETCH)
    assert r.status_code == status
    assert 'class="msg error"' in r.content.decode()
    assert row_counts() == before and state(running) == ("pending", None)


def test_a_replay_of_an_old_game_is_refused(player, link, running, organizer):
    from tests.builders import play_game

    a, _b = pairs_at(running, 1)
    play_game(running, organizer)
    services.game_advance(drive=running, from_game=1, actor=organizer, now=NOW)
    before = row_counts()
    r = post(player, link, "report", key="new-key-01", winner=a)
    assert r.status_code == 409 and "That was game 1" in r.content.decode()
    assert row_counts() == before


def test_when_the_game_moves_on_the_page_shows_the_new_seating(player, link, running, organizer):
    from tests.builders import play_game

    play_game(running, organizer)
    services.game_advance(drive=running, from_game=1, actor=organizer, now=NOW)
    page = player.get(url(link)).content.decode()
    assert "Game 2 of 25" in page
    assert re.search(r"Pair \d+ arriving from table \d+ deals first", page)


@pytest.mark.parametrize("token", ["nope", "x" * 80, "a" * 24, "../../etc"])
def test_unknown_or_malformed_tokens_are_not_found(player, db, token):
    assert player.get(f"/t/{token}/").status_code == 404
    assert player.post(f"/t/{token}/report/", {"game": 1}).status_code == 404


def test_a_rotated_token_stops_working_and_the_new_one_works(player, club, organizer, running):
    old = services.table_links(club, 1)[0]
    new = services.table_link_rotate(club=club, table=1, actor=organizer, now=NOW)
    assert player.get(f"/t/{old.token}/").status_code == 404
    assert player.get(url(new)).status_code == 200


def test_another_clubs_card_cannot_reach_this_clubs_drive(player, running):
    other = make_club("Legion Branch 12")
    other_link = services.table_links(other, 1)[0]
    page = player.get(url(other_link)).content.decode()
    assert "No drive is running at Legion Branch 12" in page
    before = row_counts()
    a, _b = pairs_at(running, 1)
    r = post(player, other_link, "report", winner=a)
    assert r.status_code == 409 and row_counts() == before


def test_wrong_methods(player, link, running):
    assert player.post(url(link)).status_code == 405
    for action in ("report", "confirm", "withdraw"):
        assert player.get(url(link, action)).status_code == 405


def test_an_oversized_body_is_refused(player, link, running):
    before = row_counts()
    r = player.post(
        url(link, "report"),
        "game=1&key=k-00000001&winner=1&pad=" + "x" * (600 * 1024),
        content_type="application/x-www-form-urlencoded",
    )
    assert r.status_code == 400
    assert row_counts() == before


# --- the organizer's table links ---------------------------------------------


def test_table_links_page_lists_a_link_per_table(org_client, club, running, settings):
    r = org_client.get(reverse("club:table_links"))
    assert r.status_code == 200
    page = r.content.decode()
    links = TableLink.objects.filter(club=club)
    assert links.count() == 4  # 8 pairs: 4 tables
    for link in links:
        assert f"{settings.SITE_BASE_URL}/t/{link.token}/" in page


def test_table_links_use_the_configured_base_address(org_client, club, settings):
    settings.SITE_BASE_URL = "http://carddrive.local:8000"
    services.table_links(club, 2)
    page = org_client.get(reverse("club:table_links")).content.decode()
    assert "http://carddrive.local:8000/t/" in page


def test_making_links_up_to_a_number(org_client, club):
    r = org_client.post(reverse("club:table_links"), {"upto": 12})
    assert r.status_code == 302
    assert TableLink.objects.filter(club=club).count() == 12
    bad = org_client.post(reverse("club:table_links"), {"upto": 999})
    assert bad.status_code == 400
    assert TableLink.objects.filter(club=club).count() == 12


def test_rotating_a_link_changes_it_and_is_audited(org_client, club):
    old = services.table_links(club, 3)[2].token
    r = org_client.post(reverse("club:table_link_rotate", args=[3]))
    assert r.status_code == 302
    assert TableLink.objects.get(club=club, table=3).token != old
    assert AuditEntry.objects.filter(action="table_link_rotate").count() == 1
    assert org_client.post(reverse("club:table_link_rotate", args=[999])).status_code == 404


def test_table_links_htmx_partial(org_client, club):
    r = org_client.get(reverse("club:table_links"), **HTMX)
    assert r.status_code == 200 and "<html" not in r.content.decode()
    r = org_client.post(reverse("club:table_link_rotate", args=[1]), **HTMX)
    assert r.status_code == 200 and r["HX-Redirect"].endswith("#link-1")


def test_table_links_are_for_organizers_only(scorer_client, other_club_client, anon_client, club):
    services.table_links(club, 2)
    before = row_counts()
    tokens = list(TableLink.objects.values_list("token", flat=True))
    assert scorer_client.get(reverse("club:table_links")).status_code == 403
    assert scorer_client.post(reverse("club:table_link_rotate", args=[1])).status_code == 403
    assert anon_client.get(reverse("club:table_links")).status_code == 302
    # Another club's organizer only ever sees and rotates its own club's links.
    other_club_client.post(reverse("club:table_link_rotate", args=[1]))
    assert list(TableLink.objects.filter(club=club).values_list("token", flat=True)) == tokens
    assert row_counts()["AuditEntry"] == before["AuditEntry"] + 1
    assert reverse("club:table_links") and org_only_wrong_method(anon_client)


def org_only_wrong_method(client) -> bool:
    return client.get(reverse("club:table_link_rotate", args=[1])).status_code in (302, 405)


# --- the live region of the result screen --------------------------------------


def test_the_result_screen_live_region_updates_and_answers_304(org_client, link, running):
    live = reverse("drives:game_live", args=[running.pk, 1])
    r = org_client.get(live, **HTMX)
    assert r.status_code == 200 and r.content.decode().lstrip().startswith('<div id="live"')
    etag = r["ETag"]
    assert org_client.get(live, HTTP_IF_NONE_MATCH=etag, **HTMX).status_code == 304
    a, _b = pairs_at(running, 1)
    post(Client(), link, "report", winner=a)
    r = org_client.get(live, HTTP_IF_NONE_MATCH=etag, **HTMX)
    assert r.status_code == 200 and "waiting for the other pair to agree" in r.content.decode()


def test_the_live_region_is_for_the_club_only(other_club_client, anon_client, running):
    live = reverse("drives:game_live", args=[running.pk, 1])
    assert other_club_client.get(live).status_code == 404
    assert anon_client.get(live).status_code == 302
    assert anon_client.post(live).status_code in (302, 405)


def test_the_live_region_wrong_method(org_client, running):
    assert org_client.post(reverse("drives:game_live", args=[running.pk, 1])).status_code == 405


def test_scorer_sees_the_live_region(scorer_client, running):
    assert scorer_client.get(reverse("drives:game_live", args=[running.pk, 1])).status_code == 200


def test_a_scorer_confirms_a_table_report_from_the_front(scorer_client, link, running):
    a, _b = pairs_at(running, 1)
    post(Client(), link, "report", winner=a)
    r = scorer_client.post(reverse("drives:result_record", args=[running.pk, 1, 1]), {"winner": a})
    assert r.status_code == 302 and state(running) == ("confirmed", a)


def test_make_user_helper_is_used(club):
    assert make_user(club, username="x2").memberships.get().role == "organizer"


# --- screens and confirmation, changed mid-night -----------------------------


def test_the_board_can_be_switched_on_during_the_night(org_client, running):
    screens = reverse("drives:drive_screens", args=[running.pk])
    r = org_client.post(screens, {"board_public": "on", "confirm_by_number": "on"})
    assert r.status_code == 302
    running.refresh_from_db()
    assert (running.board_public, running.standings_public, running.confirm_by_number) == (
        True,
        False,
        True,
    )
    assert AuditEntry.objects.filter(drive=running, action="drive_screens").count() == 1
    assert Client().get(reverse("board:board", args=[running.pk])).status_code == 200
    org_client.post(screens, {})
    running.refresh_from_db()
    assert not running.board_public and not running.confirm_by_number
    assert Client().get(reverse("board:board", args=[running.pk])).status_code == 404
    # Saving the same again writes nothing.
    before = row_counts()
    org_client.post(screens, {})
    assert row_counts() == before


def test_screens_htmx_wrong_method_and_outsiders(
    org_client, scorer_client, other_club_client, anon_client, running
):
    screens = reverse("drives:drive_screens", args=[running.pk])
    r = org_client.post(screens, {"board_public": "on"}, **HTMX)
    assert r.status_code == 200 and r["HX-Redirect"] == reverse(
        "drives:drive_detail", args=[running.pk]
    )
    assert org_client.get(screens).status_code == 405
    before = row_counts()
    assert scorer_client.post(screens, {}).status_code == 403
    assert other_club_client.post(screens, {}).status_code == 404
    assert anon_client.post(screens, {}).status_code == 302
    assert row_counts() == before


# --- a second device confirms (issue 14) ----------------------------------------


def phones(link, n=2):
    out = [Client() for _ in range(n)]
    for c in out:
        c.get(url(link))  # each gets its own device cookie
    return out


def test_the_reporting_phone_cannot_agree_to_its_own_report(link, running):
    a, b = pairs_at(running, 1)
    mine, other = phones(link)
    r = post(mine, link, "report", winner=a)
    page = r.content.decode()
    assert f"Pair {b} agrees: pair {a} won" not in page
    assert f"Pair {b} agrees on another phone" in page
    assert f"Pair {b} agrees: pair {a} won" in other.get(url(link)).content.decode()
    table_rows = list(TableGame.objects.values_list("status", "winner_id", "version"))
    r = post(mine, link, "confirm", key="k-00000002", winner=a, confirmer=b)
    assert r.status_code == 403
    assert "This phone sent the report" in r.content.decode()
    assert state(running) == ("reported", a)
    assert list(TableGame.objects.values_list("status", "winner_id", "version")) == table_rows
    refusal = AuditEntry.objects.get(drive=running, action="table_confirm_refused")
    assert "This phone sent the report" in refusal.summary
    assert refusal.new["table"] == 1 and refusal.new["game"] == 1
    r = post(other, link, "confirm", key="k-00000003", winner=a, confirmer=b)
    assert r.status_code == 200 and state(running) == ("confirmed", a)


def test_the_number_mode_does_not_show_the_number_to_type(link, running):
    running.confirm_by_number = True
    running.save()
    a, b = pairs_at(running, 1)
    mine, other = phones(link)
    post(mine, link, "report", winner=a)
    page = other.get(url(link)).content.decode()
    assert "type your pair number to agree" in page
    assert f"Pair {b}" not in page and f"pair {b}" not in page
    ok = post(other, link, "confirm", key="k-00000003", winner=a, confirmer=b)
    assert ok.status_code == 200 and state(running) == ("confirmed", a)


def code_mode(drive):
    services.drive_screens_set(drive=drive, actor=None, now=NOW, confirm_by_code=True)
    drive.refresh_from_db()


def code_of(drive, number):
    return drive.pairs.get(number=number).code


def test_the_pair_code_mode_asks_the_other_pair_for_its_code(link, running):
    code_mode(running)
    a, b = pairs_at(running, 1)
    mine, other = phones(link)
    post(mine, link, "report", winner=a)
    page = other.get(url(link)).content.decode()
    assert "type your pair code" in page
    assert code_of(running, b) not in page and code_of(running, a) not in page
    table_rows = list(TableGame.objects.values_list("status", "winner_id", "version"))
    for i, (typed, reason) in enumerate(
        [
            ("", "Type your pair code"),
            (code_of(running, a), f"That is pair {a}'s code"),
            ("XXXX" if code_of(running, b) != "XXXX" else "YYYY", f"not pair {b}'s code"),
        ]
    ):
        r = post(other, link, "confirm", key=f"k-0000001{i}", winner=a, code=typed)
        assert r.status_code == 400, typed
        assert reason in html.unescape(r.content.decode())
    assert list(TableGame.objects.values_list("status", "winner_id", "version")) == table_rows
    # The empty code is refused, the two wrong ones counted: one entry each.
    assert AuditEntry.objects.filter(drive=running, action="table_confirm_refused").count() == 1
    wrong = AuditEntry.objects.get(drive=running, action="table_codes_refused")
    assert wrong.new["wrong"] == 2
    # The pair number alone does not count in this mode.
    r = post(other, link, "confirm", key="k-00000020", winner=a, confirmer=b)
    assert r.status_code == 400 and state(running) == ("reported", a)
    # Typed in small letters with spaces: still the code.
    typed = f" {code_of(running, b).lower()} "
    r = post(other, link, "confirm", key="k-00000021", winner=a, code=typed)
    assert r.status_code == 200 and state(running) == ("confirmed", a)
    assert f"Counted: pair {a} won" in r.content.decode()


# --- retry keys belong to their device (issue 14) --------------------------------


def test_a_key_sent_by_another_phone_is_refused_not_answered(link, running):
    a, b = pairs_at(running, 1)
    mine, other = phones(link)
    assert post(mine, link, "report", key="shared-key-2", winner=a).status_code == 200
    before = row_counts()
    r = post(other, link, "report", key="shared-key-2", winner=b)
    assert r.status_code == 409
    assert "already used" in r.content.decode()
    assert row_counts() == before and state(running) == ("reported", a)
    # The phone that sent it first still gets its answer back on a retry.
    again = post(mine, link, "report", key="shared-key-2", winner=a)
    assert again.status_code == 200 and row_counts() == before


def test_a_key_a_phone_used_is_refused_to_the_front(link, running, organizer):
    a, b = pairs_at(running, 1)
    [mine] = phones(link, 1)
    post(mine, link, "report", key="shared-key-3", winner=a)
    before = row_counts()
    with pytest.raises(DriveError, match="already used") as refused:
        services.result_enter(
            drive=running,
            game=1,
            table=1,
            winner_number=b,
            actor=organizer,
            now=NOW,
            key="shared-key-3",
        )
    assert refused.value.status == 409
    assert row_counts() == before and state(running) == ("reported", a)


def test_the_queued_tap_banner_has_its_words_in_the_pages_language(player, link, running):
    """An offline phone says which result waits ("Sending: pair 7 won…"); the words come
    from the page, marked for translation, with %s for the result."""
    page = player.get(f"/t/{link.token}/").content.decode()
    assert 'data-sending="Sending: %s… it will keep trying until the front table answers."' in page
