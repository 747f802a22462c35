from django.urls import path

from . import views

app_name = "scorekeeper"

urlpatterns = [
    path("", views.game_list, name="game_list"),
    path("new/", views.game_new, name="game_new"),
    path("<id:game_id>/", views.game_detail, name="game"),
    path("<id:game_id>/hands/", views.hand_add, name="hand_add"),
    path("<id:game_id>/undo/", views.hand_undo, name="hand_undo"),
]
