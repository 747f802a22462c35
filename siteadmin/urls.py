"""The site administrator's screens; config/urls.py mounts them under /site/."""

from django.urls import path

from . import views

app_name = "siteadmin"

urlpatterns = [
    path("", views.clubs, name="clubs"),
    path("clubs/new/", views.club_new, name="club_new"),
    path("clubs/<id:club_id>/suspend/", views.club_suspend, name="club_suspend"),
    path("clubs/<id:club_id>/restore/", views.club_restore, name="club_restore"),
]
