"""Every address of the night, by audience. config/urls.py mounts each list under its prefix
and namespace: drives (organizer and scorer screens), table (the phones at the tables), card
(a pair's own page on its phone) and the table-link screens in the club namespace. The
drive's print, file and standings addresses under /drives/ belong to the apps above it
(printing, exchange, board)."""

from django.urls import path

from .views import links, night, organizer, pair_card, people, scoresheets, table

app_name = "drives"

TABLE = "<id:drive_id>/games/<id:game>/tables/<id:table>"

urlpatterns = [
    path("", organizer.drive_list, name="drive_list"),
    path("new/", organizer.drive_create, name="drive_create"),
    path("<id:drive_id>/", organizer.drive_detail, name="drive_detail"),
    path("<id:drive_id>/settings/", organizer.drive_edit, name="drive_edit"),
    path("<id:drive_id>/copy/", organizer.drive_copy, name="drive_copy"),
    path("<id:drive_id>/screens/", organizer.drive_screens, name="drive_screens"),
    path("<id:drive_id>/pairs/", organizer.pairs, name="pairs"),
    path("<id:drive_id>/pairs/add/", organizer.pair_add, name="pair_add"),
    path("<id:drive_id>/pairs/suggest/", people.pair_suggest, name="pair_suggest"),
    path("<id:drive_id>/pairs/paste/", organizer.pairs_bulk, name="pairs_bulk"),
    path("<id:drive_id>/pairs/paste/undo/", organizer.pairs_bulk_undo, name="pairs_bulk_undo"),
    path("<id:drive_id>/pairs/reregister/", organizer.pairs_reregister, name="pairs_reregister"),
    path("<id:drive_id>/pairs/<id:pair_id>/edit/", organizer.pair_edit, name="pair_edit"),
    path("<id:drive_id>/pairs/<id:pair_id>/remove/", organizer.pair_remove, name="pair_remove"),
    path("<id:drive_id>/pairs/<id:pair_id>/paid/", organizer.pair_paid, name="pair_paid"),
    path(
        "<id:drive_id>/pairs/<id:pair_id>/card/", pair_card.pair_card_renew, name="pair_card_renew"
    ),
    path("<id:drive_id>/start/", organizer.drive_start, name="drive_start"),
    path("<id:drive_id>/delete/", organizer.drive_delete, name="drive_delete"),
    path("<id:drive_id>/table-cards/", links.table_cards_serve, name="table_cards_serve"),
    path("<id:drive_id>/games/<id:game>/", night.game, name="game"),
    path("<id:drive_id>/games/<id:game>/live/", night.game_live, name="game_live"),
    path(f"{TABLE}/result/", night.result_record, name="result_record"),
    # The scorekeeper: GET shows the scoresheet, POST to the same address enters a hand.
    path(f"{TABLE}/score/", scoresheets.scoresheet, name="scoresheet"),
    path(f"{TABLE}/score/", scoresheets.scoresheet, name="hand_add"),
    path(f"{TABLE}/score/undo/", scoresheets.hand_undo, name="hand_undo"),
    path("<id:drive_id>/games/<id:game>/next/", night.game_next, name="game_next"),
    path("<id:drive_id>/games/<id:game>/undo-result/", night.result_undo, name="result_undo"),
    path("<id:drive_id>/games/<id:game>/undo-next/", night.game_undo, name="game_undo"),
    path("<id:drive_id>/seating/", night.seating, name="seating"),
    path("<id:drive_id>/seating/preview/", night.seating_preview, name="seating_preview"),
    path("<id:drive_id>/seating/change/", night.seating_change, name="seating_change"),
    path(f"{TABLE}/correct/", night.result_correct, name="result_correct"),
    path("<id:drive_id>/finish-early/", night.finish_early, name="finish_early"),
    path("<id:drive_id>/finish/", night.drive_finish, name="drive_finish"),
    path("<id:drive_id>/cards/<id:number>/", organizer.pair_card, name="pair_card"),
    path("<id:drive_id>/audit/", organizer.audit, name="audit"),
    path("<id:drive_id>/rules/", organizer.rules, name="rules"),
]

# The table's own page, opened from its QR card: no login, the token is the key.
table_patterns = [
    path("<str:token>/", table.table_page, name="page"),
    path("<str:token>/report/", table.table_report, name="report"),
    path("<str:token>/confirm/", table.table_confirm, name="confirm"),
    path("<str:token>/withdraw/", table.table_withdraw, name="withdraw"),
]

# A pair's own page, opened from the second QR code of its punch card: no login, the card
# token is the key.
card_patterns = [
    path("<str:card>/", pair_card.pair_page, name="page"),
]

# The club's table links; mounted in the club namespace with accounts' screens.
club_patterns = [
    path("tables/", links.table_links, name="table_links"),
    path("tables/<id:table>/rotate/", links.table_link_rotate, name="table_link_rotate"),
    path("tables/test/", links.table_card_test, name="table_card_test"),
    path("tables/test/qr.svg", links.table_card_test_qr, name="table_card_test_qr"),
    path("reach/", links.reach, name="reach"),
    path("language/", links.club_language, name="club_language"),
]
