from django.urls import path

from .views import jar as jar_views
from .views import prizes as prize_views
from .views import side as side_views
from .views import ties as ties_views

app_name = "prizes"

urlpatterns = [
    path("<id:drive_id>/", prize_views.prizes, name="prizes"),
    path("<id:drive_id>/settings/", prize_views.prize_settings, name="prize_settings"),
    path("<id:drive_id>/report/", prize_views.report, name="report"),
    path("<id:drive_id>/ties/<slug:prize>/", ties_views.tie, name="tie"),
    path("<id:drive_id>/ties/<slug:prize>/reopen/", ties_views.tie_reopen, name="tie_reopen"),
    path("<id:drive_id>/pairs/<id:pair_id>/paid/", ties_views.pair_paid, name="pair_paid"),
    path("<id:drive_id>/side/", side_views.side_prizes, name="side"),
    path("<id:drive_id>/side/fifty-fifty/", side_views.fifty_fifty, name="side_fifty_fifty"),
    path("<id:drive_id>/side/travelling/", side_views.travelling, name="side_travelling"),
    path(
        "<id:drive_id>/side/travelling/holder/",
        side_views.travelling_holder,
        name="side_travelling_holder",
    ),
    path("<id:drive_id>/side/door/", side_views.door, name="side_door"),
    path("<id:drive_id>/jar/", jar_views.jar, name="jar"),
    path("<id:drive_id>/jar/pairs/<id:pair_id>/", jar_views.jar_entry, name="jar_entry"),
    path("<id:drive_id>/jar/draw/", jar_views.jar_draw, name="jar_draw"),
    path("<id:drive_id>/jar/carry/", jar_views.jar_carry, name="jar_carry"),
]
