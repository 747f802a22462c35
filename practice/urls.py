from django.urls import path

from . import views

app_name = "practice"

urlpatterns = [
    path("", views.table, name="table"),
    path("new/", views.new, name="new"),
    path("start/", views.start, name="start"),
    path("move/", views.move, name="move"),
    path("undo/", views.undo, name="undo"),
    path("next/", views.next_hand, name="next"),
    path("again/", views.again, name="again"),
    path("hint/", views.hint, name="hint"),
    path("coaching/", views.coaching, name="coaching"),
]
