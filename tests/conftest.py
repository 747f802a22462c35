import os

from hypothesis import HealthCheck, settings

# CI caps examples so the whole run stays well under its time budget.
settings.register_profile(
    "ci", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("dev", max_examples=200, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))

import pytest  # noqa: E402
from django.utils import timezone  # noqa: E402

from tests.builders import NOW, make_club, make_user  # noqa: E402


@pytest.fixture(autouse=True)
def _plain_static(settings):
    # Tests render templates without running collectstatic.
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    # The real hasher takes most of a second per user; tests make several per test.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(scope="session")
def _site_var(tmp_path_factory):
    return tmp_path_factory.mktemp("site-var")


@pytest.fixture(autouse=True)
def _own_cache_and_practice_slots(settings, _site_var):
    # Each test starts from empty caches and free computer slots, in files of its own (not
    # var/, which a site running from this checkout uses). Tests start hundreds of practice
    # games from one address: the pace is counted only where a test sets PRACTICE_RATE.
    settings.CACHES = {
        name: {**conf, "LOCATION": str(_site_var / "cache" / name)}
        for name, conf in settings.CACHES.items()
    }
    settings.PRACTICE_WORK_DIR = _site_var / "practice-work"
    settings.PRACTICE_RATE = "1000000/m"
    from django.core.cache import caches

    for name in settings.CACHES:
        caches[name].clear()


@pytest.fixture(autouse=True)
def _english_after_each_test():
    # A request to a French club activates French on the thread (its club's language);
    # the next test's words outside a request start in English again.
    yield
    from django.utils import translation

    translation.activate("en")


@pytest.fixture
def now():
    return NOW


@pytest.fixture
def club(db):
    return make_club()


@pytest.fixture
def organizer(club):
    return make_user(club)


@pytest.fixture
def org_client(client, organizer):
    client.force_login(organizer)
    return client


@pytest.fixture
def other_club_client(db, client):
    other = make_club("Legion Branch 12")
    user = make_user(other, username="other-organizer")
    from django.test import Client

    c = Client()
    c.force_login(user)
    return c


@pytest.fixture
def scorer_client(club):
    from django.test import Client

    c = Client()
    c.force_login(make_user(club, username="scorer", role="scorer"))
    return c


__all__ = ["timezone"]


@pytest.fixture
def anon_client(db):
    from django.test import Client

    return Client()
