"""Public screens for the hall, no login: /board/<drive>/ and its standings."""

from django.urls import path

from . import board_views

app_name = "board"

urlpatterns = [
    path("<int:drive_id>/", board_views.board, name="board"),
    path("<int:drive_id>/standings/", board_views.standings, name="standings"),
]
