"""The laptop's end of publishing: the club's Publishing page (/club/publishing/) and a
drive's publish state and button (/drives/<id>/publish/), with the server's answer stood
in for (exchange.services.wire.send_night)."""

from __future__ import annotations

import pytest

from clubs.interface import FRONT
from clubs.models import AuditEntry
from drives.models import Drive
from exchange.models import PublishingTarget, PublishState
from exchange.services import wire
from exchange.services.publishing import publishing_set
from tests.builders import HTMX, NOW, make_club, started_drive
from tests.builders.publishing import published_rows

pytestmark = pytest.mark.django_db

KEY = "cd_" + "k" * 43
SETTINGS = "/club/publishing/"


def publish_url(drive) -> str:
    return f"/drives/{drive.pk}/publish/"


@pytest.fixture
def drive(club, organizer):
    return started_drive(club, organizer, pairs=4)


@pytest.fixture
def target(club, organizer):
    return publishing_set(
        club=club,
        server="https://cb45s.example.ca/",
        key=KEY,
        actor=organizer,
        now=NOW,
        origin=FRONT,
    )


@pytest.fixture
def sent(monkeypatch):
    """What the laptop sent, and the server's answer to give."""
    calls = []
    answer = {"reply": wire.Reply(ok=True, outcome="published")}

    def send_night(**kwargs):
        calls.append(kwargs)
        return answer["reply"]

    monkeypatch.setattr(wire, "send_night", send_night)
    return calls, answer


# --- The Publishing page -------------------------------------------------------------


def test_the_page_sets_the_server_and_key_once_never_shows_the_key_and_audits(club, org_client):
    assert b"not set up" in org_client.get(SETTINGS).content

    response = org_client.post(SETTINGS, {"server": "https://cb45s.example.ca/", "key": KEY})

    assert response.status_code == 200
    target = PublishingTarget.objects.get(club=club)
    assert (target.server, target.key) == ("https://cb45s.example.ca", KEY)
    page = org_client.get(SETTINGS).content.decode()
    assert KEY not in page and "cd_kkkk…" in page and "cb45s.example.ca" in page
    entry = AuditEntry.objects.get(action="publishing_set")
    assert KEY not in str(entry.new) and entry.new["key"] == "cd_kkkk…"
    # A new address with the key left empty keeps the key.
    org_client.post(SETTINGS, {"server": "https://other.example.org", "key": ""})
    assert PublishingTarget.objects.get(club=club).key == KEY


@pytest.mark.parametrize(
    "data,words",
    [
        ({"server": "cb45s.example.ca", "key": KEY}, "https://"),
        ({"server": "ftp://cb45s.example.ca", "key": KEY}, "https://"),
        ({"server": "https://u:p@cb45s.example.ca", "key": KEY}, "password"),
        ({"server": "https://cb45s.example.ca", "key": ""}, "API key"),
        ({"server": "https://cb45s.example.ca", "key": "password123"}, "cd_"),
        ({"server": "", "key": KEY}, "required"),
    ],
)
def test_a_bad_address_or_key_is_refused_and_nothing_is_written(org_client, data, words):
    before = published_rows() | {"audit": AuditEntry.objects.count()}
    response = org_client.post(SETTINGS, data)
    assert response.status_code == 400
    assert words in response.content.decode()
    assert published_rows() | {"audit": AuditEntry.objects.count()} == before


def test_the_page_is_the_organizers_only(scorer_client, anon_client, club, target):
    assert scorer_client.get(SETTINGS).status_code == 403
    assert (
        scorer_client.post(SETTINGS, {"server": "https://x.example", "key": KEY}).status_code == 403
    )
    assert anon_client.get(SETTINGS).status_code == 302
    assert PublishingTarget.objects.get(club=club).server == "https://cb45s.example.ca"


def test_another_clubs_organizer_sees_only_their_own_clubs_setting(other_club_client, target):
    page = other_club_client.get(SETTINGS).content.decode()
    assert "cb45s.example.ca" not in page and "not set up" in page
    other_club_client.post(SETTINGS + "stop/")
    assert PublishingTarget.objects.count() == 1


def test_the_page_refuses_other_methods(org_client):
    assert org_client.put(SETTINGS).status_code == 405
    assert org_client.get(SETTINGS + "stop/").status_code == 405


def test_the_page_answers_htmx_with_its_content(org_client):
    response = org_client.get(SETTINGS, **HTMX)
    assert response.status_code == 200
    assert b'id="content"' in response.content and b"<html" not in response.content


def test_stopping_forgets_the_key_and_is_audited(club, org_client, target):
    response = org_client.post(SETTINGS + "stop/")
    assert response.status_code == 200
    assert not PublishingTarget.objects.exists()
    assert AuditEntry.objects.filter(action="publishing_stop").count() == 1
    assert org_client.post(SETTINGS + "stop/").status_code == 409


# --- A drive's publishing --------------------------------------------------------------


def test_publishing_sends_the_night_and_says_when(drive, org_client, target, sent, settings):
    calls, _ = sent
    settings.INSTALL_ID = "feedface" * 4
    response = org_client.post(publish_url(drive), **HTMX)

    assert response.status_code == 200
    (call,) = calls
    assert call["server"] == "https://cb45s.example.ca" and call["key"] == KEY
    assert call["source"] == f"{'feedface' * 4}-{drive.pk}"
    assert call["timeout"] == settings.PUBLISH_TIMEOUT
    state = PublishState.objects.get(drive=drive)
    assert state.published_at is not None and not state.error and len(state.revision) == 64
    page = response.content.decode()
    assert 'id="publish"' in page and "<html" not in page
    assert "Published at" in page and "cb45s.example.ca" in page
    # The club's trail says so; the drive's own trail (what is published) does not change.
    assert AuditEntry.objects.filter(action="night_publish", drive=None).count() == 1
    assert not AuditEntry.objects.filter(drive=drive, action__startswith="night_").exists()


def test_a_failed_publish_changes_nothing_but_its_shown_state(drive, org_client, target, sent):
    calls, answer = sent
    answer["reply"] = wire.Reply(ok=False, error="No internet, or the server cannot be reached.")
    drive_before = list(Drive.objects.filter(pk=drive.pk).values())
    audit_before = AuditEntry.objects.filter(drive=drive).count()

    response = org_client.post(publish_url(drive), **HTMX)

    assert response.status_code == 200
    assert "No internet" in response.content.decode()
    assert list(Drive.objects.filter(pk=drive.pk).values()) == drive_before
    assert AuditEntry.objects.filter(drive=drive).count() == audit_before
    state = PublishState.objects.get(drive=drive)
    assert state.published_at is None and "No internet" in state.error
    # The same reason again is not written to the trail again.
    org_client.post(publish_url(drive), **HTMX)
    assert AuditEntry.objects.filter(action="night_publish_failed").count() == 1


def test_the_minute_by_minute_publish_sends_only_a_changed_night(
    club, organizer, drive, org_client, target, sent
):
    calls, _ = sent
    org_client.post(publish_url(drive), {"auto": "1"}, **HTMX)
    org_client.post(publish_url(drive), {"auto": "1"}, **HTMX)
    assert len(calls) == 1
    from tests.builders import play_game

    play_game(drive, organizer)
    org_client.post(publish_url(drive), {"auto": "1"}, **HTMX)
    assert len(calls) == 2
    # The button sends it whatever.
    org_client.post(publish_url(drive), **HTMX)
    assert len(calls) == 3


def test_the_drive_page_asks_for_its_publish_region_and_it_polls_while_the_night_runs(
    drive, org_client, target
):
    page = org_client.get(f"/drives/{drive.pk}/").content.decode()
    assert f'hx-get="{publish_url(drive)}"' in page
    assert 'id="published-night"' not in page  # the laptop's own night is its to change
    region = org_client.get(publish_url(drive), **HTMX).content.decode()
    assert "Not published yet." in region and 'hx-trigger="every 60s"' in region
    assert "Publish to cb45s.example.ca" in region


def test_without_a_server_the_drive_says_so_and_publishing_is_refused(drive, org_client, sent):
    calls, _ = sent
    assert "not set up" in org_client.get(publish_url(drive)).content.decode()
    response = org_client.post(publish_url(drive), **HTMX)
    assert response.status_code == 409 and not calls
    assert not PublishState.objects.exists()


def test_a_revoked_key_is_said_in_plain_words(drive, org_client, target, sent):
    _, answer = sent
    answer["reply"] = wire.Reply(
        ok=False, error="The server refused the club's key: That key was revoked."
    )
    org_client.post(publish_url(drive))
    page = org_client.get(publish_url(drive)).content.decode()
    assert "refused the club" in page and "revoked" in page


def test_publishing_a_drive_is_the_organizers_of_its_club_only(
    drive, target, sent, scorer_client, other_club_client, anon_client
):
    calls, _ = sent
    assert scorer_client.post(publish_url(drive)).status_code == 403
    assert other_club_client.post(publish_url(drive)).status_code == 404
    assert other_club_client.get(publish_url(drive)).status_code == 404
    assert anon_client.post(publish_url(drive)).status_code == 302
    assert not calls and not PublishState.objects.exists()


def test_publishing_refuses_other_methods(drive, org_client, target):
    assert org_client.put(publish_url(drive)).status_code == 405
    assert org_client.delete(publish_url(drive)).status_code == 405


def test_without_htmx_the_button_publishes_and_comes_back_to_the_publish_page(
    drive, org_client, target, sent
):
    response = org_client.post(publish_url(drive))
    assert response.status_code == 302 and response.url == publish_url(drive)
    page = org_client.get(publish_url(drive)).content.decode()
    assert "<html" in page and "Published at" in page


def test_the_wire_says_why_a_server_cannot_be_reached():
    # Nothing listens on port 9 of this machine: refused at once, said plainly.
    reply = wire.send_night(
        server="http://127.0.0.1:9", key=KEY, source="abcdefgh-1", body=b"{}", timeout=2
    )
    assert not reply.ok and "cannot be reached" in reply.error


def test_a_french_club_reads_its_publish_state_in_french(drive, club, org_client, target):
    club.language = "fr"
    club.save()
    region = org_client.get(publish_url(drive), **HTMX).content.decode()
    assert "Pas encore publiée." in region and "Publier sur cb45s.example.ca" in region


def test_the_install_id_is_kept_in_var(tmp_path):
    from tests.builders import settings_value

    first = settings_value(tmp_path, "INSTALL_ID")
    assert len(first) == 32 and (tmp_path / "install-id").read_text().strip() == first
    assert settings_value(tmp_path, "INSTALL_ID") == first


# --- manage.py publish ------------------------------------------------------------------


def test_the_command_publishes_the_running_nights_of_clubs_that_publish(
    club, organizer, drive, target, sent
):
    from io import StringIO

    from django.core.management import call_command

    calls, _ = sent
    unpublished_club_drive = started_drive(
        make_club("No internet hall"), organizer, pairs=2, name="Elsewhere"
    )
    out = StringIO()
    call_command("publish", stdout=out)
    assert [c["source"].rsplit("-", 1)[1] for c in calls] == [str(drive.pk)]
    assert f"drive {drive.pk}): published at" in out.getvalue()
    assert not PublishState.objects.filter(drive=unpublished_club_drive).exists()

    # Watching: an unchanged night is not sent again.
    call_command("publish", "--watch", "--every", "0", "--rounds", "2", stdout=StringIO())
    assert len(calls) == 1


def test_the_command_says_why_a_night_was_not_published(drive, target, sent):
    from io import StringIO

    from django.core.management import CommandError, call_command

    _, answer = sent
    answer["reply"] = wire.Reply(ok=False, error="No internet, or the server cannot be reached.")
    err = StringIO()
    call_command("publish", str(drive.pk), stdout=StringIO(), stderr=err)
    assert "No internet" in err.getvalue()
    with pytest.raises(CommandError):
        call_command("publish", "999999")
