from django.urls import path

from . import prize_views, views

app_name = "seasons"

urlpatterns = [
    path("", views.series_list, name="series_list"),
    path("new/", views.series_create, name="series_create"),
    path("<id:series_id>/", views.series_detail, name="series_detail"),
    path("<id:series_id>/edit/", views.series_edit, name="series_edit"),
    path("<id:series_id>/standings/", views.series_standings, name="series_standings"),
    path("<id:series_id>/nights/add/", views.night_add, name="night_add"),
    path("<id:series_id>/nights/<id:drive_id>/remove/", views.night_remove, name="night_remove"),
    path("<id:series_id>/new-drive/", views.drive_create, name="drive_create"),
    # The series' prizes and their ties (prize_views).
    path("<id:series_id>/prizes/", prize_views.series_prizes, name="series_prizes"),
    path("<id:series_id>/prizes/<int:place>/", prize_views.series_tie, name="series_tie"),
    path(
        "<id:series_id>/prizes/<int:place>/reopen/",
        prize_views.series_tie_reopen,
        name="series_tie_reopen",
    ),
]
