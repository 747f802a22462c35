"""Card Drive settings: one file, driven by the environment.

Nothing secret is committed. The secret key is taken from SECRET_KEY or
generated once into var/secret.key (outside git). The database is SQLite in
var/ unless DATABASE_URL names another (PostgreSQL in production).
"""

import contextlib
import os
import secrets
from pathlib import Path

import dj_database_url
from django.utils.translation import gettext_lazy as _

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
DEBUG = _env_bool("DEBUG", False)
ALLOWED_HOSTS = [h for h in os.environ.get("ALLOWED_HOSTS", "*").split(",") if h]
# The address printed on QR table cards and shown for table links, e.g.
# "http://192.168.1.10:8000" or "http://carddrive.local:8000". Give the laptop a
# fixed address or hostname on the hall network so printed cards keep working.
# Empty: the address the page was opened with.
SITE_BASE_URL = os.environ.get("SITE_BASE_URL", "").rstrip("/")
CSRF_TRUSTED_ORIGINS = [o for o in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if o]

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
    # The API docs page serves its Swagger UI from ninja's static files (no CDN).
    "ninja",
    "drives",
    "prizes",
    "scorekeeper",
    "accounts",
    # The rules library; an app only for the migrations that once made the prize and
    # scorekeeper tables (their models now live in prizes and scorekeeper).
    "scoring",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # After CSRF and htmx: refuses a NUL or another control character anywhere in a request.
    "drives.middleware.RefuseControlCharacters",
    # Last, so it sees a view's database error first: locked or read-only is a 503.
    "drives.middleware.DatabaseUnavailable",
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

WSGI_APPLICATION = "config.wsgi.application"

# SQLite is the embedded default: WAL so readers never block the writer, a
# busy timeout so concurrent writers wait instead of failing, and IMMEDIATE
# transactions so a transaction takes the write lock when it starts (no
# deadlock when two workers upgrade a read lock at once).
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
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"]["OPTIONS"] = {
        # Seconds a write waits for another's lock before the request answers 503.
        "timeout": float(os.environ.get("SQLITE_BUSY_TIMEOUT", "20")),
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

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
]

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "drives:drive_list"
LOGOUT_REDIRECT_URL = "login"

LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("fr", _("French"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
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

# Sessions live in a signed cookie: no database read per request, and a
# restarted laptop keeps tablets logged in. Logging out or changing a
# password still ends the session (Django checks the password hash).
SESSION_ENGINE = "django.contrib.sessions.backends.signed_cookies"
SESSION_COOKIE_AGE = 60 * 60 * 24 * 30

# Uploads and bodies stay small: nothing a hall sends is large.
DATA_UPLOAD_MAX_MEMORY_SIZE = 512 * 1024
DATA_UPLOAD_MAX_NUMBER_FIELDS = 2000

SNAPSHOT_DIR = Path(os.environ.get("SNAPSHOT_DIR", VAR_DIR / "snapshots"))

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
