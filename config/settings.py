"""Card Drive settings: one file, driven by the environment.

Nothing secret is committed. The secret key is taken from SECRET_KEY or
generated once into var/secret.key (outside git). The database is SQLite in
var/ unless DATABASE_URL names another (PostgreSQL in production).
"""

import contextlib
import os
import re
import secrets
from datetime import timedelta
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured

from config import network
from config.files import private_file, private_folder, private_text

BASE_DIR = Path(__file__).resolve().parent.parent
# The database, the secret key, snapshots and backups live here: the site's account only.
VAR_DIR = private_folder(Path(os.environ.get("CARD_DRIVE_VAR", BASE_DIR / "var")))


def _env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def _secret_key() -> str:
    if os.environ.get("SECRET_KEY"):
        return os.environ["SECRET_KEY"]
    path = VAR_DIR / "secret.key"
    # Made on an earlier start, or by another worker starting at the same moment.
    with contextlib.suppress(FileExistsError):
        private_text(path, secrets.token_urlsafe(50))
    return path.read_text().strip()


SECRET_KEY = _secret_key()


def _install_id() -> str:
    """This copy of the site's own id, made once into var/install-id: a hall's laptop names
    the nights it publishes to an association's server by it (exchange/services/publishing)."""
    if os.environ.get("CARD_DRIVE_INSTALL_ID"):
        return os.environ["CARD_DRIVE_INSTALL_ID"]
    path = VAR_DIR / "install-id"
    with contextlib.suppress(FileExistsError):
        private_text(path, secrets.token_hex(16))
    return path.read_text().strip()


INSTALL_ID = _install_id()
# How long a laptop waits for the association's server to answer a publish (seconds).
PUBLISH_TIMEOUT = float(os.environ.get("PUBLISH_TIMEOUT", "5"))
DEBUG = _env_bool("DEBUG", False)
ALLOWED_HOSTS = [h for h in os.environ.get("ALLOWED_HOSTS", "*").split(",") if h]
# The address printed on QR table cards and shown for table links and the board, e.g.
# "http://192.168.1.10:8000" or "http://carddrive.local:8000". Give the laptop a
# fixed address or hostname on the hall network so printed cards keep working.
# Not set: the laptop's hall network address, found once here at start, with PORT
# (what `make run` serves on). Never the Host a request came with (config/network.py).
SITE_BASE_URL = network.base_url(
    configured=os.environ.get("SITE_BASE_URL", ""), port=os.environ.get("PORT", "8000")
)
# Who a suspended club's people are told to ask (an association's e-mail or telephone):
# "This club is suspended: ... Ask the association's site administrator (SITE_CONTACT)".
SITE_CONTACT = os.environ.get("SITE_CONTACT", "").strip()
CSRF_TRUSTED_ORIGINS = [o for o in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if o]

# Over HTTPS the session and CSRF cookies are sent over HTTPS only. The hall's own
# network is plain http, so they are not Secure unless SECURE_COOKIES says so or the
# site's address is https://.
SECURE_COOKIES = _env_bool("SECURE_COOKIES", SITE_BASE_URL.startswith("https://"))
SESSION_COOKIE_SECURE = SECURE_COOKIES
CSRF_COOKIE_SECURE = SECURE_COOKIES
# Behind a proxy or load balancer that ends HTTPS: trust its X-Forwarded-Proto (so
# request.is_secure() is true) and its X-Forwarded-For (the address logins are counted
# by). Only set it when the proxy overwrites those headers: a client could fake them.
BEHIND_PROXY = _env_bool("BEHIND_PROXY", False)
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https") if BEHIND_PROXY else None
# A site whose address is https:// (an association's hosted server) is https only: plain
# http is sent to https, and browsers are told to come back over https only (HSTS, a year,
# this host and its subdomains, fit for the browsers' preload list), so `manage.py check
# --deploy` has nothing to say. The hall's laptop (http://) gets none of it. Each can be
# turned off: SECURE_SSL_REDIRECT=0, SECURE_HSTS_SECONDS=0, SECURE_HSTS_SUBDOMAINS=0,
# SECURE_HSTS_PRELOAD=0. The load balancer's probe of /health/ over http is not redirected.
HTTPS_SITE = SITE_BASE_URL.startswith("https://")
SECURE_SSL_REDIRECT = _env_bool("SECURE_SSL_REDIRECT", HTTPS_SITE)
SECURE_REDIRECT_EXEMPT = [r"^health/$"]
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000" if HTTPS_SITE else "0"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = _env_bool("SECURE_HSTS_SUBDOMAINS", HTTPS_SITE)
SECURE_HSTS_PRELOAD = _env_bool("SECURE_HSTS_PRELOAD", HTTPS_SITE)

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "axes",
    "csp",
    # The API docs page serves its Swagger UI from ninja's static files (no CDN).
    "ninja",
    # The practice table's pace per client (practice/pool.py); in the apps for its checks.
    "django_ratelimit",
    # The ground floor: the club, its people, API keys, the audit trail.
    "clubs",
    "drives",
    "prizes",
    "scorekeeper",
    "practice",
    "accounts",
    # Above the night and prizes: a series of drives (a season) and its standings.
    "seasons",
    # Beside the series: a league between halls, its teams, schedule and standings.
    "leagues",
    # Above the series: the club's player register and a person's history.
    "players",
    # Above them: print, export and import, the API, the board.
    "printing",
    # Beside them: a club's public pages (opt-in), for an association's server.
    "public",
    "exchange",
    "api",
    "board",
    # The PostgreSQL server's backups and their restore (manage.py backup / restore).
    "dbbackup",
    "siteadmin",
    # The rules library; an app only for the migrations that once made the prize and
    # scorekeeper tables (their models now live in prizes and scorekeeper).
    "scoring",
]

MIDDLEWARE = [
    # First: the club a request was for is on its log lines, and on its one access line.
    "clubs.logs.RequestLog",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # After CSRF and htmx: refuses a NUL or another control character anywhere in a request.
    "clubs.middleware.RefuseControlCharacters",
    # Near the last, so it sees a view's database error first: locked or read-only is a 503.
    "clubs.middleware.DatabaseUnavailable",
    # A refusal no view answered (a change to a night published from a hall's laptop): a 4xx.
    "clubs.middleware.Refusals",
    # Last: it turns a locked-out login into the login page saying so.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
            ],
        },
    },
]

# A checkbox's label, after its box, without Django's "Label:" colon (config/forms.py).
FORM_RENDERER = "config.forms.FormRenderer"

WSGI_APPLICATION = "config.wsgi.application"

# SQLite is the embedded default: WAL so readers never block the writer, and writers
# queued on a lock file beside the database before BEGIN IMMEDIATE (config/sqlite_backend:
# no busy-retry sleeps, no deadlock when two workers upgrade a read lock at once).
# Connections are kept across requests (CONN_MAX_AGE, seconds; each gunicorn sync worker
# serves one request at a time, so each has one connection); 0 opens one per request.
_sqlite_path = Path(os.environ.get("SQLITE_PATH", VAR_DIR / "db.sqlite3"))
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{_sqlite_path}", conn_max_age=int(os.environ.get("CONN_MAX_AGE", "60"))
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    if DATABASES["default"]["NAME"] == str(_sqlite_path):
        # Made empty and private before SQLite opens it; its -wal and -shm files take its mode.
        private_file(private_folder(_sqlite_path.parent) / _sqlite_path.name)
    DATABASES["default"]["ENGINE"] = "config.sqlite_backend"
    DATABASES["default"]["OPTIONS"] = {
        # Seconds a write waits for another's lock before the request answers 503: the
        # lock file's queue, then SQLite's busy timeout for a program that does not use it.
        "timeout": float(os.environ.get("SQLITE_BUSY_TIMEOUT", "20")),
        # Past a 1 s wait, only this many writers wait on (the others answer 503 at once),
        # so a write lock held elsewhere never ties up every worker.
        "long_waiters": int(os.environ.get("SQLITE_WRITE_WAITERS", "1")),
        "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    DATABASES["default"]["TEST"] = {"NAME": os.environ.get("SQLITE_TEST_PATH") or None}
else:
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
    if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
        # As on SQLite: a write that waits 20 s for a lock gives up and answers 503.
        DATABASES["default"].setdefault("OPTIONS", {})["options"] = "-c lock_timeout=20000"

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Django's standard four: not like the username, at least 8 characters, not a common
# password, not all digits; and ours: not built from the username (`scorer1scorer1`,
# `Scorer1!`), which Django's likeness check lets through. Every place a password is set
# goes through them.
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": f"django.contrib.auth.password_validation.{name}"}
    for name in (
        "UserAttributeSimilarityValidator",
        "MinimumLengthValidator",
        "CommonPasswordValidator",
        "NumericPasswordValidator",
    )
] + [{"NAME": "accounts.passwords.NotFromUsernameValidator"}]

# Axes checks every login first and counts the wrong ones (accounts/throttle.py).
AUTHENTICATION_BACKENDS = [
    "accounts.throttle.LoginThrottle",
    "django.contrib.auth.backends.ModelBackend",
]
# Wrong passwords lock a username at one address (one phone or tablet) for a while: never
# the same person on another device, so no phone can lock the organizer out. A right
# password resets that device's count. The laptop itself is never locked (a loopback
# address, accounts.throttle.from_the_laptop). The organizer unlocks a person on the
# People page; `manage.py axes_reset_username <name>` does it too.
AXES_FAILURE_LIMIT = int(os.environ.get("LOGIN_FAILURE_LIMIT", "10"))
AXES_COOLOFF_TIME = timedelta(minutes=int(os.environ.get("LOGIN_LOCK_MINUTES", "15")))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_WHITELIST_CALLABLE = "accounts.throttle.from_the_laptop"
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "accounts.throttle.locked_out"
AXES_CLIENT_IP_CALLABLE = "accounts.throttle.client_address"
AXES_VERBOSE = False

# The first organizer's generated password, kept only until it is changed.
ORGANIZER_PASSWORD_FILE = VAR_DIR / "organizer-password.txt"

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "drives:drive_list"
LOGOUT_REDIRECT_URL = "login"

LANGUAGE_CODE = "en"
# Each language named in itself, as a switch shows it.
LANGUAGES = [("en", "English"), ("fr", "Français")]
LOCALE_PATHS = [BASE_DIR / "locale"]
# A device's own choice of language (the switch on every page) is kept a year.
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
LANGUAGE_COOKIE_SAMESITE = "Lax"
LANGUAGE_COOKIE_HTTPONLY = True
# fr-CA dates and 24-hour times ("1 décembre 2026", "22 h 41").
FORMAT_MODULE_PATH = ["config.formats"]
TIME_ZONE = os.environ.get("TIME_ZONE", "America/Halifax")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = VAR_DIR / "staticfiles"
STATIC_ROOT.mkdir(exist_ok=True)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        if not DEBUG
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}

# Sessions are kept in the database under their person (accounts/sessions.py), so
# logging out, a new password or removing a person ends every one of that person's
# sessions on the server, and any app server answers any tablet. A session lasts a
# hall night: 12 hours from logging in, or SESSION_HOURS.
SESSION_ENGINE = "accounts.sessions"
SESSION_COOKIE_AGE = int(float(os.environ.get("SESSION_HOURS", "12")) * 60 * 60)

# Content-Security-Policy (django-csp): scripts and styles from this server's own files
# only; no inline script or style, no eval. Images may be data: URIs (the favicon, the
# API docs' icons). Frames, plugins and <base> are refused; forms post here only.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
        "base-uri": [NONE],
        "object-src": [NONE],
    }
}

# Uploads and bodies stay small: nothing a hall sends is large.
DATA_UPLOAD_MAX_MEMORY_SIZE = 512 * 1024
DATA_UPLOAD_MAX_NUMBER_FIELDS = 2000

SNAPSHOT_DIR = Path(os.environ.get("SNAPSHOT_DIR", VAR_DIR / "snapshots"))
# Backups (manage.py backup): SQLite's online copy, or on PostgreSQL django-dbbackup's
# pg_dump in its custom format, restored by pg_restore in one transaction. BACKUP_KEEP:
# how many PostgreSQL backups a scheduled `backup` keeps in BACKUP_DIR (older ones go).
BACKUP_DIR = Path(os.environ.get("BACKUP_DIR", VAR_DIR / "backups"))
STORAGES["dbbackup"] = {
    "BACKEND": "django.core.files.storage.FileSystemStorage",
    "OPTIONS": {"location": str(BACKUP_DIR), "file_permissions_mode": 0o600},
}
DBBACKUP_CONNECTORS = {
    "default": {"CONNECTOR": "dbbackup.db.postgresql.PgDumpBinaryConnector"},
}
BACKUP_KEEP = max(1, int(os.environ.get("BACKUP_KEEP", "14")))

# One cache for every process of the site (gunicorn's workers, the practice table's own
# server): files in CACHE_DIR (config/shared_cache.py). "default" keeps where points were
# lost in a practice hand (computed once, then read by any worker); "rates" counts each
# practice client's pace, apart, so counts never push a coaching entry out; "turns" keeps,
# for a few minutes, each practice game's last changes (practice.services: a second change
# sent with the same game cookie is refused as stale), apart for the same reason. Past
# MAX_ENTRIES a cache drops a third of its files.
CACHE_DIR = Path(os.environ.get("CACHE_DIR", VAR_DIR / "cache"))
CACHES = {
    "default": {
        "BACKEND": "config.shared_cache.FileCache",
        "LOCATION": str(CACHE_DIR / "coaching"),
        "OPTIONS": {"MAX_ENTRIES": int(os.environ.get("CACHE_MAX_ENTRIES", "2000"))},
    },
    "rates": {
        "BACKEND": "config.shared_cache.FileCache",
        "LOCATION": str(CACHE_DIR / "rates"),
        "OPTIONS": {"MAX_ENTRIES": 2000},
    },
    "turns": {
        "BACKEND": "config.shared_cache.FileCache",
        "LOCATION": str(CACHE_DIR / "turns"),
        "OPTIONS": {"MAX_ENTRIES": 5000},
    },
}


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


# The practice table's computer players (practice/pool.py), bounded across every process:
# at most PRACTICE_WORK_AT_ONCE computations at once (default: one a core), and at most
# PRACTICE_WORK_WAITING more waiting for their turn, each for PRACTICE_WORK_WAIT seconds at
# most; past that "the computer players are busy" (503) at once. Their slots are lock files
# in PRACTICE_WORK_DIR.
PRACTICE_WORK_DIR = Path(os.environ.get("PRACTICE_WORK_DIR", VAR_DIR / "practice-work"))
PRACTICE_WORK_AT_ONCE = max(1, int(os.environ.get("PRACTICE_WORK_AT_ONCE", "0")) or _cores())
PRACTICE_WORK_WAITING = max(0, int(os.environ.get("PRACTICE_WORK_WAITING", "8")))
PRACTICE_WORK_WAIT = float(os.environ.get("PRACTICE_WORK_WAIT", "4"))
# A coaching review takes seconds of a core (an Auction hand's about 9 s): reviews have
# slots of their own, PRACTICE_REVIEW_AT_ONCE (default: one a core) with
# PRACTICE_REVIEW_WAITING more waiting, so a review never holds the slot a move or a hint
# needs.
PRACTICE_REVIEW_AT_ONCE = max(1, int(os.environ.get("PRACTICE_REVIEW_AT_ONCE", "0")) or _cores())
PRACTICE_REVIEW_WAITING = max(0, int(os.environ.get("PRACTICE_REVIEW_WAITING", "4")))
# Each client's pace of computer work (moves, hints, reviews, starts), django-ratelimit's
# "count/period" (s, m, h, d): past it "you are going faster..." (429). Counted by the
# client's address (behind the front: set BEHIND_PROXY, else every phone counts as the
# front's one address), a logged-in person by themselves.
PRACTICE_RATE = os.environ.get("PRACTICE_RATE", "60/m")
if not re.fullmatch(r"[1-9]\d*/(?:[1-9]\d*)?[smhd]", PRACTICE_RATE):
    raise ImproperlyConfigured(f"PRACTICE_RATE is not a count a period, like 60/m: {PRACTICE_RATE}")
RATELIMIT_USE_CACHE = "rates"
RATELIMIT_FAIL_OPEN = True  # a cache that cannot count lets practice go on
# django-ratelimit knows only memcached and redis; this cache's add and incr are exact
# across processes all the same (config/shared_cache.py).
SILENCED_SYSTEM_CHECKS = ["django_ratelimit.W001"]

# Every line says which club the request was for (clubs/logs.py: `club=12 "Name"`, or
# `club=-` for none), so one server's log of many clubs can be read club by club.
# REQUEST_LOG_LEVEL=INFO adds a line per request (method, path, status, milliseconds,
# club): the hosted server's access log; the hall's laptop keeps it off.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"club": {"()": "clubs.logs.ClubFilter"}},
    "formatters": {
        "club": {"format": "%(asctime)s %(levelname)s %(name)s club=%(club)s %(message)s"}
    },
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "filters": ["club"],
            "formatter": "club",
        }
    },
    "loggers": {
        "carddrive.requests": {"level": os.environ.get("REQUEST_LOG_LEVEL", "WARNING")},
    },
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
