"""The public pages at /p/<address>/ (anyone, no login) and the organizer's "Public page"
screen at /club/public/ (config/urls.py mounts both under the namespace "public")."""

from django.urls import path

from .views import organizer, pages

app_name = "public"

urlpatterns = [
    path("club/public/", organizer.public_settings, name="settings"),
    path("club/public/drives/<id:drive_id>/", organizer.drive_show, name="drive_show"),
    path("club/public/series/<id:series_id>/", organizer.series_show, name="series_show"),
    path("club/public/leagues/<id:league_id>/", organizer.league_show, name="league_show"),
    path("p/<slug:slug>/", pages.club_page, name="club"),
    path("p/<slug:slug>/nights/<id:drive_id>/", pages.drive_results, name="drive"),
    path("p/<slug:slug>/series/<id:series_id>/", pages.series_standings, name="series"),
    path("p/<slug:slug>/leagues/<id:league_id>/", pages.league_standings, name="league"),
    path("p/<slug:slug>/players/<id:player_id>/", pages.player_page, name="player"),
]
