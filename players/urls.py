"""The player register's addresses; config/urls.py mounts them at /club/players/."""

from django.urls import path

from . import views

app_name = "players"

urlpatterns = [
    path("", views.register, name="register"),
    path("<id:player_id>/", views.player, name="player"),
    path("<id:player_id>/edit/", views.player_edit, name="player_edit"),
    path("<id:player_id>/remove/", views.player_remove, name="player_remove"),
    path("<id:player_id>/restore/", views.player_restore, name="player_restore"),
    path("<id:player_id>/merge/", views.player_merge, name="player_merge"),
    path("<id:player_id>/unmerge/", views.player_unmerge, name="player_unmerge"),
]
