"""The standings screens, in the board namespace; config/urls.py mounts this list at the
site's root, since the organizer's page lives among the drive's own addresses."""

from django.urls import include, path

from . import views

app_name = "board"

# Public screens for the hall, no login: /board/<drive>/ and its standings.
public_patterns = [
    path("<id:drive_id>/", views.board, name="board"),
    path("<id:drive_id>/standings/", views.standings, name="standings"),
]

urlpatterns = [
    path("board/", include(public_patterns)),
    path("drives/<id:drive_id>/standings/", views.drive_standings, name="drive_standings"),
]
