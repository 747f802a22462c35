"""The laptop's publishing in a real browser, on a phone (390x844) and the front tablet:
the Publishing page set once, then a drive's page publishing its night and saying when.
The association's server is stood in for (exchange.services.wire.send_night): the live
server answers one request at a time here, so it cannot also be the server the laptop
calls (tests/exchange/test_publish_live.py does that over HTTP)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from exchange.services import wire
from tests.builders import make_user, started_drive
from tests.e2e.conftest import LANDSCAPE, PHONE
from tests.support import hall_fit_problems

pytestmark = pytest.mark.e2e


def test_an_organizer_sets_up_publishing_and_publishes_a_night(
    page: Page, shoot, live_server, transactional_db, monkeypatch
):
    from clubs.models import Club

    sent = []

    def send_night(**kwargs):
        sent.append(kwargs)
        return wire.Reply(ok=True, outcome="published")

    monkeypatch.setattr(wire, "send_night", send_night)
    club = Club.objects.create(name="Glace Bay Legion")
    organizer = make_user(club)
    drive = started_drive(club, organizer, pairs=8)

    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("input[name=username]", "organizer")
    page.fill("input[name=password]", "pw-for-tests-1")
    page.click("#main button[type=submit]")

    page.goto(f"{live_server.url}/club/publishing/")
    expect(page.locator("#publishing-now")).to_contain_text("not set up")
    assert hall_fit_problems(page) == []
    page.fill("input[name=server]", "https://cb45s.example.ca")
    page.fill("input[name=key]", "cd_" + "k" * 43)
    page.get_by_role("button", name="Save").click()
    expect(page.locator("#publishing-now")).to_contain_text("cb45s.example.ca")
    expect(page.locator("#publishing-now")).to_contain_text("cd_kkkk…")
    assert "k" * 43 not in page.content()
    assert hall_fit_problems(page) == []
    shoot(page, "publishing-settings-phone", full_page=True)

    for size, name in ((PHONE, "phone"), (LANDSCAPE, "landscape")):
        page.set_viewport_size(size)
        page.goto(f"{live_server.url}/drives/{drive.pk}/")
        button = page.get_by_role("button", name="Publish to cb45s.example.ca")
        expect(button).to_be_visible()
        if not sent:
            expect(page.locator("#publish")).to_contain_text("Not published yet.")
        assert hall_fit_problems(page) == []
        button.click()
        expect(page.locator("#publish")).to_contain_text("Published at")
        assert hall_fit_problems(page) == []
        shoot(page, f"publishing-drive-{name}", full_page=True)
    assert len(sent) == 2 and sent[0]["server"] == "https://cb45s.example.ca"
