from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from django.views.generic import RedirectView

from accounts import urls as accounts_urls
from accounts.views.login import LoginView
from api.views import api
from clubs.views import health
from drives import urls as drives_urls
from exchange import urls as exchange_urls
from exchange.views.published import router as published_router
from printing import urls as printing_urls

# A night published from a hall's laptop is the API's (its keys, errors and docs), while
# taking it in is exchange's, beside the API on the top floor: the two meet here.
api.add_router("/", published_router)

urlpatterns = [
    path("", RedirectView.as_view(pattern_name="drives:drive_list", permanent=False)),
    # The load balancer's probe: this app server answers and reaches its database.
    path("health/", health, name="health"),
    path("accounts/login/", LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("drives/", include("drives.urls")),
    # Above the night and prizes: the drive's print, files and standings, the board, the API.
    path("drives/<id:drive_id>/print/", include("printing.urls")),
    path(
        "series/<id:series_id>/print/",
        include((printing_urls.series_patterns, "series_print")),
    ),
    path(
        "leagues/<id:league_id>/print/",
        include((printing_urls.league_patterns, "league_print")),
    ),
    path("drives/", include("exchange.urls")),
    path("", include("board.urls")),
    path("prizes/", include("prizes.urls")),
    # A series of drives (a season) and its standings.
    path("series/", include("seasons.urls")),
    # A league between halls: teams, its schedule of nights, its standings.
    path("leagues/", include("leagues.urls")),
    path("scorekeeper/", include("scorekeeper.urls")),
    path("practice/", include("practice.urls")),
    path("t/", include((drives_urls.table_patterns, "table"))),
    path("c/", include((drives_urls.card_patterns, "card"))),
    # The club's screens: people and profile (accounts), table links (drives).
    path("club/players/", include("players.urls")),
    # Where the laptop publishes the club's nights (an association's server).
    path("club/publishing/", include((exchange_urls.club_patterns, "publishing"))),
    path("club/", include(([*accounts_urls.urlpatterns, *drives_urls.club_patterns], "club"))),
    path("api/", include("api.urls")),
    # A club's public pages (/p/<address>/, no login) and the organizer's screen for them.
    path("", include("public.urls")),
    # The association's site administrator: every club of this server.
    path("site/", include("siteadmin.urls")),
    # The language switch on every page (Django's set_language: a cookie kept per device).
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
]

handler400 = "clubs.views.bad_request"
handler403 = "clubs.views.forbidden"
handler404 = "clubs.views.not_found"
# A full disk or a busy database met outside a view is a 503 (clubs/middleware.py).
handler500 = "clubs.middleware.server_error"
