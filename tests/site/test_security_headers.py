"""The Content-Security-Policy (django-csp) and Secure cookies over HTTPS.

Every page is sent with a policy that runs scripts only from this server's own
files: no inline script, no event-handler attributes, no eval (htmx's hx-on
and trigger filters need eval, so none is used). Styles come from site.css only.
The browser tests (tests/e2e) fail on any CSP violation in the console.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.urls import reverse

from drives import services
from tests.builders import settings_value, started_drive

pytestmark = pytest.mark.django_db

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


def policy(response) -> dict[str, list[str]]:
    header = response.headers.get("Content-Security-Policy", "")
    assert header, f"no Content-Security-Policy on {response.request['PATH_INFO']}"
    out = {}
    for part in header.split(";"):
        name, *values = part.split()
        out[name] = values
    return out


def assert_strict(response) -> None:
    p = policy(response)
    scripts = p.get("script-src", p.get("default-src"))
    styles = p.get("style-src", p.get("default-src"))
    assert scripts == ["'self'"], scripts
    assert styles == ["'self'"], styles
    assert p["object-src"] == ["'none'"] and p["base-uri"] == ["'none'"]
    assert p["frame-ancestors"] == ["'none'"]


def test_the_organizers_screens_are_sent_with_a_strict_policy(org_client, club, organizer):
    drive = started_drive(club, organizer)
    for url in (
        reverse("drives:drive_list"),
        reverse("drives:game", args=[drive.pk, 1]),
        reverse("club:people"),
        reverse("club:profile"),
        reverse("prizes:report", args=[drive.pk]),
    ):
        response = org_client.get(url)
        assert response.status_code == 200, url
        assert_strict(response)


def test_the_public_screens_are_sent_with_a_strict_policy(anon_client, club, organizer):
    drive = started_drive(club, organizer)
    link = services.table_links(club, 1)[0]
    card = reverse("card:page", args=[drive.pairs.first().card_token])
    for url in (reverse("login"), reverse("table:page", args=[link.token]), card):
        response = anon_client.get(url)
        assert response.status_code == 200, url
        assert_strict(response)


def test_the_api_docs_page_has_a_policy_too(anon_client):
    response = anon_client.get(reverse("api:openapi-view"))
    assert response.status_code == 200
    assert "script-src 'self'" in response.headers["Content-Security-Policy"]


INLINE = [
    (re.compile(r"<script\b(?![^>]*\bsrc=)(?![^>]*application/json)[^>]*>", re.I), "<script>"),
    (re.compile(r"\son[a-z]+\s*=", re.I), "an on…= event handler"),
    (re.compile(r"\sstyle\s*=", re.I), "a style attribute"),
    (re.compile(r"\shx-on[:-]", re.I), "hx-on (needs eval)"),
    (re.compile(r'hx-trigger="[^"]*\[', re.I), "an hx-trigger filter (needs eval)"),
    (re.compile(r"javascript:", re.I), "a javascript: address"),
]


def test_no_template_has_inline_script_handlers_or_styles():
    found = []
    for path in sorted(TEMPLATES.rglob("*.html")):
        text = path.read_text()
        for pattern, what in INLINE:
            for m in pattern.finditer(text):
                line = text[: m.start()].count("\n") + 1
                found.append(f"{path.relative_to(TEMPLATES)}:{line}: {what}")
    assert not found, "The policy blocks these; move them to static/js or site.css:\n" + "\n".join(
        found
    )


def test_htmx_is_told_not_to_eval_or_inject_styles():
    for name in ("base.html", "board/board_base.html", "drives/table.html"):
        text = (TEMPLATES / name).read_text()
        assert '"allowEval":false' in text and '"includeIndicatorStyles":false' in text, name


# --- Secure cookies over HTTPS ----------------------------------------------------------


def test_cookies_are_not_secure_on_the_hall_network_by_default(tmp_path):
    assert settings_value(tmp_path, "SESSION_COOKIE_SECURE") == "False"
    assert settings_value(tmp_path, "CSRF_COOKIE_SECURE") == "False"


def test_secure_cookies_turns_on_secure_session_and_csrf_cookies(tmp_path):
    env = {"SECURE_COOKIES": "1"}
    assert settings_value(tmp_path, "SESSION_COOKIE_SECURE", **env) == "True"
    assert settings_value(tmp_path, "CSRF_COOKIE_SECURE", **env) == "True"


def test_an_https_site_address_makes_the_cookies_secure(tmp_path):
    env = {"SITE_BASE_URL": "https://cards.example.org"}
    assert settings_value(tmp_path, "SESSION_COOKIE_SECURE", **env) == "True"
    assert settings_value(tmp_path, "CSRF_COOKIE_SECURE", **env) == "True"


def test_behind_a_proxy_the_forwarded_scheme_is_trusted(tmp_path):
    assert settings_value(tmp_path, "SECURE_PROXY_SSL_HEADER") == "None"
    forwarded = settings_value(tmp_path, "SECURE_PROXY_SSL_HEADER", BEHIND_PROXY="1")
    assert forwarded == "('HTTP_X_FORWARDED_PROTO', 'https')"
