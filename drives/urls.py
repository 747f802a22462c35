from django.urls import include, path

from . import csv_views, exchange_views, views

app_name = "drives"

urlpatterns = [
    path("", views.drive_list, name="drive_list"),
    path("new/", views.drive_create, name="drive_create"),
    path("import/", exchange_views.drive_import, name="drive_import"),
    path("<int:drive_id>/", views.drive_detail, name="drive_detail"),
    path("<int:drive_id>/settings/", views.drive_edit, name="drive_edit"),
    path("<int:drive_id>/copy/", views.drive_copy, name="drive_copy"),
    path("<int:drive_id>/export.json", exchange_views.drive_export, name="drive_export"),
    path("<int:drive_id>/csv/standings.csv", csv_views.standings, name="csv_standings"),
    path("<int:drive_id>/csv/results.csv", csv_views.results, name="csv_results"),
    path("<int:drive_id>/csv/audit.csv", csv_views.audit, name="csv_audit"),
    path("<int:drive_id>/screens/", views.drive_screens, name="drive_screens"),
    path("<int:drive_id>/pairs/", views.pairs, name="pairs"),
    path("<int:drive_id>/pairs/add/", views.pair_add, name="pair_add"),
    path("<int:drive_id>/pairs/paste/", views.pairs_bulk, name="pairs_bulk"),
    path("<int:drive_id>/pairs/reregister/", views.pairs_reregister, name="pairs_reregister"),
    path("<int:drive_id>/pairs/<int:pair_id>/edit/", views.pair_edit, name="pair_edit"),
    path("<int:drive_id>/pairs/<int:pair_id>/remove/", views.pair_remove, name="pair_remove"),
    path("<int:drive_id>/pairs/<int:pair_id>/paid/", views.pair_paid, name="pair_paid"),
    path("<int:drive_id>/start/", views.drive_start, name="drive_start"),
    path("<int:drive_id>/games/<int:game>/", views.game, name="game"),
    path("<int:drive_id>/games/<int:game>/live/", views.game_live, name="game_live"),
    path(
        "<int:drive_id>/games/<int:game>/tables/<int:table>/result/",
        views.result_record,
        name="result_record",
    ),
    # The scorekeeper: GET shows the scoresheet, POST to the same address enters a hand.
    path(
        "<int:drive_id>/games/<int:game>/tables/<int:table>/score/",
        views.scoresheet,
        name="scoresheet",
    ),
    path(
        "<int:drive_id>/games/<int:game>/tables/<int:table>/score/",
        views.scoresheet,
        name="hand_add",
    ),
    path(
        "<int:drive_id>/games/<int:game>/tables/<int:table>/score/undo/",
        views.hand_undo,
        name="hand_undo",
    ),
    path("<int:drive_id>/games/<int:game>/next/", views.game_next, name="game_next"),
    path("<int:drive_id>/games/<int:game>/undo-result/", views.result_undo, name="result_undo"),
    path("<int:drive_id>/games/<int:game>/undo-next/", views.game_undo, name="game_undo"),
    path("<int:drive_id>/seating/", views.seating, name="seating"),
    path("<int:drive_id>/seating/preview/", views.seating_preview, name="seating_preview"),
    path("<int:drive_id>/seating/change/", views.seating_change, name="seating_change"),
    path(
        "<int:drive_id>/games/<int:game>/tables/<int:table>/correct/",
        views.result_correct,
        name="result_correct",
    ),
    path("<int:drive_id>/finish-early/", views.finish_early, name="finish_early"),
    path("<int:drive_id>/finish/", views.drive_finish, name="drive_finish"),
    path("<int:drive_id>/standings/", views.standings, name="standings"),
    path("<int:drive_id>/cards/<int:number>/", views.pair_card, name="pair_card"),
    path("<int:drive_id>/audit/", views.audit, name="audit"),
    path("<int:drive_id>/rules/", views.rules, name="rules"),
    path("<int:drive_id>/print/", include("drives.pdf_urls")),
]
