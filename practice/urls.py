from django.urls import path

from . import school, views
from .friends import views as friends

app_name = "practice"

urlpatterns = [
    path("", views.table, name="table"),
    path("new/", views.new, name="new"),
    path("start/", views.start, name="start"),
    path("first-game/", views.first_game, name="first_game"),
    path("guide/", views.guide, name="guide"),
    path("move/", views.move, name="move"),
    path("undo/", views.undo, name="undo"),
    path("next/", views.next_hand, name="next"),
    path("again/", views.again, name="again"),
    path("hint/", views.hint, name="hint"),
    path("coaching/", views.coaching, name="coaching"),
    path("school/", school.school, name="school"),
    path("school/again/", school.school_reset, name="school_reset"),
    path("school/<str:kind>/", school.drill, name="drill"),
    path("school/<str:kind>/answer/", school.drill_answer, name="drill_answer"),
    path("friends/", friends.home, name="friends"),
    path("friends/start/", friends.start, name="friends_start"),
    path("friends/join/", friends.join, name="friends_join"),
    path("friends/<str:table_code>/", friends.table, name="friends_table"),
    path("friends/<str:table_code>/poll/", friends.poll, name="friends_poll"),
    path("friends/<str:table_code>/sit/", friends.sit, name="friends_sit"),
    path("friends/<str:table_code>/begin/", friends.begin, name="friends_begin"),
    path("friends/<str:table_code>/move/", friends.move, name="friends_move"),
    path("friends/<str:table_code>/next/", friends.next_hand, name="friends_next"),
    path("friends/<str:table_code>/hand-over/", friends.hand_over, name="friends_hand_over"),
    path("friends/<str:table_code>/qr.svg", friends.qr, name="friends_qr"),
]
