"""The hosted server's recipe (README, "An association's server"): an https address turns
on HSTS and the redirect so `check --deploy` is clean; the hall's http laptop gets neither;
the health probe; every log line says which club; a PostgreSQL backup restores."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.db import DatabaseError, connection
from django.test import Client, override_settings
from django.urls import reverse

from clubs.logs import ClubFilter
from drives.management.commands.backup import kept_too_long
from drives.models import Drive, Pair
from tests.builders import add_pairs, make_club, make_drive, make_user, started_drive

ROOT = Path(__file__).resolve().parents[2]
SECRET = "k" * 20 + "-a-long-and-random-enough-secret-for-the-deploy-check-0123456789"


def site_env(tmp_path, **values) -> dict:
    # As on a server: none of the test run's own settings (the browser tests' async switch).
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("SECURE_", "SITE_", "DJANGO_ALLOW_ASYNC_UNSAFE"))
    }
    env.update(CARD_DRIVE_VAR=str(tmp_path / "var"), SECRET_KEY=SECRET, **values)
    return env


HOSTED = {
    "SITE_BASE_URL": "https://cards.example.org",
    "ALLOWED_HOSTS": "cards.example.org",
    "CSRF_TRUSTED_ORIGINS": "https://cards.example.org",
    "BEHIND_PROXY": "1",
}


def test_check_deploy_has_nothing_to_say_for_an_https_address(tmp_path):
    run = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=site_env(tmp_path, **HOSTED),
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "System check identified no issues" in run.stdout


READ = (
    "import django, json, os; os.environ.setdefault('DJANGO_SETTINGS_MODULE', "
    "'config.settings'); django.setup(); from django.conf import settings as s; "
    "print(json.dumps([s.SECURE_SSL_REDIRECT, s.SECURE_HSTS_SECONDS, "
    "s.SECURE_HSTS_INCLUDE_SUBDOMAINS, s.SECURE_HSTS_PRELOAD, s.SESSION_COOKIE_SECURE]))"
)


@pytest.mark.parametrize(
    ("values", "expected"),
    [
        (HOSTED, [True, 31536000, True, True, True]),
        # The hall's laptop on plain http: no redirect, no HSTS, cookies not Secure.
        ({"SITE_BASE_URL": "http://192.168.1.10:8000"}, [False, 0, False, False, False]),
        # Each one can be turned off on an https site.
        (
            {**HOSTED, "SECURE_HSTS_SECONDS": "0", "SECURE_SSL_REDIRECT": "0"},
            [False, 0, True, True, True],
        ),
    ],
)
def test_https_is_what_the_address_says(tmp_path, values, expected):
    out = subprocess.run(
        [sys.executable, "-c", READ],
        cwd=ROOT,
        env=site_env(tmp_path, **values),
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert json.loads(out) == expected


# ---- the health probe ---------------------------------------------------------------


@pytest.mark.django_db
def test_health_says_ok_with_no_login_and_is_never_cached(client):
    r = client.get(reverse("health"))
    assert r.status_code == 200
    assert r.json() == {"status": "ok", "database": "ok"}
    assert r["Cache-Control"] == "no-store"
    assert not r.cookies  # no session, no CSRF cookie
    assert client.head(reverse("health")).status_code == 200


@pytest.mark.django_db
def test_health_answers_get_only(client):
    assert client.post(reverse("health")).status_code == 405


@pytest.mark.django_db
def test_health_is_503_when_the_database_cannot_be_reached(client, monkeypatch):
    def unreachable(*args, **kwargs):
        raise DatabaseError("connection refused")

    monkeypatch.setattr(connection, "cursor", unreachable)
    r = client.get(reverse("health"))
    assert r.status_code == 503
    assert r.json()["database"] == "unreachable"
    assert r["Retry-After"] == "10"


@pytest.mark.django_db
@override_settings(SECURE_SSL_REDIRECT=True, SECURE_REDIRECT_EXEMPT=[r"^health/$"])
def test_on_https_plain_http_is_redirected_but_the_probe_is_not():
    c = Client()
    r = c.get("/accounts/login/")
    assert r.status_code == 301 and r["Location"].startswith("https://")
    assert c.get(reverse("health")).status_code == 200


# ---- every log line says which club -------------------------------------------------


class Kept(logging.Handler):
    def __init__(self):
        super().__init__()
        self.addFilter(ClubFilter())
        self.records: list[logging.LogRecord] = []

    def emit(self, record):
        self.records.append(record)


@pytest.fixture
def logged():
    """The access log and Django's own request log, as the server's console handler sees
    them (its ClubFilter)."""
    kept = Kept()
    loggers = [logging.getLogger("carddrive.requests"), logging.getLogger("django.request")]
    levels = [lg.level for lg in loggers]
    for lg in loggers:
        lg.addHandler(kept)
        lg.setLevel(logging.INFO)
    yield kept.records
    for lg, level in zip(loggers, levels, strict=True):
        lg.removeHandler(kept)
        lg.setLevel(level)


def lines(records, name="carddrive.requests"):
    return [(r.getMessage().split(" ")[1], r.club) for r in records if r.name == name]


@pytest.mark.django_db
def test_each_request_logs_its_club_and_the_next_one_starts_with_none(
    org_client, club, organizer, logged
):
    drive = make_drive(club, organizer)
    page = reverse("drives:drive_detail", args=[drive.pk])
    org_client.get(page)
    org_client.get(reverse("health"))
    org_client.get("/accounts/login/")
    assert lines(logged) == [
        (page, f'{club.pk} "{club.name}"'),
        ("/health/", "-"),
        ("/accounts/login/", "-"),
    ]
    message = next(r for r in logged if r.name == "carddrive.requests").getMessage()
    assert message.startswith(f"GET {page} 200 ") and message.endswith("ms")


@pytest.mark.django_db
def test_a_refusal_in_a_club_says_the_club_on_djangos_own_line(org_client, club, logged):
    org_client.get("/drives/999999/")
    warning = [r for r in logged if r.name == "django.request"]
    assert warning and warning[0].club == f'{club.pk} "{club.name}"'


@pytest.mark.django_db
def test_a_table_phone_and_the_api_say_their_club(club, organizer, logged):
    from drives import services
    from tests.builders.api import key_for

    started_drive(club, organizer, pairs=4)
    link = services.table_links(club, 1)[0]
    Client().get(link.path)
    other = make_club(name="Legion 45s")
    boss = make_user(other, username="legion")
    key = key_for(boss)
    Client().get("/api/drives", HTTP_AUTHORIZATION=f"Bearer {key}")
    assert lines(logged) == [
        (link.path, f'{club.pk} "{club.name}"'),
        ("/api/drives", f'{other.pk} "Legion 45s"'),
    ]


# ---- backups on PostgreSQL ----------------------------------------------------------


def test_the_oldest_scheduled_backups_go_past_the_number_kept(tmp_path):
    names = [f"db-20261207-22{m:02d}00.psql.bin" for m in range(5)]
    for name in [*names, "notes.txt", "db-20261207.sqlite3"]:
        (tmp_path / name).write_text("x")
    assert [p.name for p in kept_too_long(tmp_path, 3)] == names[:2]
    assert kept_too_long(tmp_path, 5) == []


on_postgresql = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="the PostgreSQL backup needs PostgreSQL"
)


@on_postgresql
@pytest.mark.django_db(transaction=True)
def test_a_postgresql_backup_restores_what_was_lost(club, organizer, tmp_path):
    drive = make_drive(club, organizer, name="Saturday 45s")
    add_pairs(drive, organizer, 6)
    pairs = Pair.objects.filter(drive=drive).count()
    out = []
    call_command("backup", to=str(tmp_path) + "/", stdout=_Out(out))
    (backup,) = tmp_path.glob("db-*.psql.bin")
    assert oct(backup.stat().st_mode & 0o777) == "0o600"
    assert f"written to {backup}" in out[-1]

    Drive.objects.filter(pk=drive.pk).delete()  # lost: the drive and its pairs
    assert not Pair.objects.filter(drive_id=drive.pk).exists()
    call_command("restore", str(backup), dry_run=True, stdout=_Out(out))
    assert out[-1] == "Dry run: nothing was changed."
    assert not Drive.objects.filter(pk=drive.pk).exists()

    call_command("restore", str(backup), stdout=_Out(out))
    connection.close()  # the restore replaced the tables: a fresh connection reads them
    assert Drive.objects.get(pk=drive.pk).name == "Saturday 45s"
    assert Pair.objects.filter(drive_id=drive.pk).count() == pairs


@on_postgresql
@pytest.mark.django_db(transaction=True)
def test_a_file_that_is_no_backup_is_refused_and_nothing_changes(club, organizer, tmp_path):
    drive = make_drive(club, organizer)
    bad = tmp_path / "db-20261207-220000.psql.bin"
    bad.write_bytes(b"PGDMP but cut off")
    with pytest.raises(CommandError, match="not a backup pg_restore can read"):
        call_command("restore", str(bad))
    assert Drive.objects.filter(pk=drive.pk).exists()


class _Out:
    """A command's stdout, line by line."""

    def __init__(self, into: list):
        self.into = into

    def write(self, text: str) -> None:
        self.into.extend(line for line in text.splitlines() if line)

    def flush(self) -> None:
        pass
