from django.urls import path

from . import views

app_name = "leagues"

urlpatterns = [
    path("", views.league_list, name="league_list"),
    path("new/", views.league_create, name="league_create"),
    path("<id:league_id>/", views.league_detail, name="league_detail"),
    path("<id:league_id>/rules/", views.league_edit, name="league_edit"),
    path("<id:league_id>/standings/", views.league_standings, name="league_standings"),
    path("<id:league_id>/teams/add/", views.team_add, name="team_add"),
    path("<id:league_id>/teams/<id:team_id>/", views.team_detail, name="team_detail"),
    path("<id:league_id>/teams/<id:team_id>/roster/", views.roster_add, name="roster_add"),
    path("<id:league_id>/roster/<id:entry_id>/move/", views.roster_move, name="roster_move"),
    path("<id:league_id>/roster/<id:entry_id>/remove/", views.roster_remove, name="roster_remove"),
    path("<id:league_id>/nights/new/", views.night_create, name="night_create"),
    path("<id:league_id>/nights/<id:night_id>/", views.night_detail, name="night_detail"),
    path("<id:league_id>/nights/<id:night_id>/edit/", views.night_edit, name="night_edit"),
    path("<id:league_id>/nights/<id:night_id>/remove/", views.night_remove, name="night_remove"),
    path("<id:league_id>/nights/<id:night_id>/drive/", views.night_drive, name="night_drive"),
    path(
        "<id:league_id>/nights/<id:night_id>/teams/<id:team_id>/pairs/",
        views.night_pair_add,
        name="night_pair_add",
    ),
    path("<id:league_id>/nights/<id:night_id>/playoff/", views.night_playoff, name="playoff"),
]
