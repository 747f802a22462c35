"""drives/services.py: the only writers of a drive's state.

Each change is one transaction with one audit entry; a refusal is a
DriveError with a message for the organizer and leaves every table as it was.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.exceptions import ValidationError

from clubs.interface import DriveError, StaleError
from clubs.models import AuditEntry
from drives import services
from drives.models import Drive, Pair, Seat, TableGame
from tests.builders import NOW, add_pairs, make_drive, play_game, row_counts, started_drive

pytestmark = pytest.mark.django_db


def refused(call, match: str, error: type[DriveError] = DriveError) -> DriveError:
    """Run a call the rules must refuse; check the message and that nothing was written."""
    before = row_counts()
    with pytest.raises(error, match=match) as caught:
        call()
    assert row_counts() == before
    return caught.value


def audit_entries(drive, action=None):
    qs = AuditEntry.objects.filter(drive=drive).order_by("id")
    return list(qs.filter(action=action) if action else qs)


def seating(drive, game):
    """{table: (pair numbers by slot, pair dealing first or None, status)} as the screens see it."""
    out = {}
    for tg in (
        TableGame.objects.filter(drive=drive, game=game)
        .select_related("deal_first")
        .prefetch_related("seats__pair")
    ):
        pairs = tuple(s.pair.number for s in sorted(tg.seats.all(), key=lambda s: s.slot))
        deal = tg.deal_first.number if tg.deal_first else None
        out[tg.table] = (pairs, deal, tg.status)
    return out


def winner_at(drive, game, table):
    return (
        TableGame.objects.select_related("winner").get(drive=drive, game=game, table=table).winner
    )


def two_pair_table(drive, game=1):
    table, (pairs, _, _) = next(
        (t, v) for t, v in sorted(seating(drive, game).items()) if len(v[0]) == 2
    )
    return table, pairs


def record(drive, table, winner, game=None, actor=None, **kw):
    drive.refresh_from_db()
    return services.result_record(
        drive=drive,
        game=game or drive.current_game,
        table=table,
        winner_number=winner,
        actor=actor,
        now=NOW,
        **kw,
    )


# --- Drives -----------------------------------------------------------------


def test_drive_create_saves_the_settings_and_audits_them(club, organizer):
    drive = services.drive_create(
        club=club,
        actor=organizer,
        now=NOW,
        name="Christmas drive",
        date=dt.date(2026, 12, 18),
        venue="Legion",
        games=20,
        prize_places=4,
        sitout_wins=False,
    )
    drive.refresh_from_db()
    assert (drive.name, drive.games, drive.prize_places, drive.sitout_wins) == (
        "Christmas drive",
        20,
        4,
        False,
    )
    assert drive.is_setup and drive.current_game == 0
    [entry] = audit_entries(drive)
    assert entry.action == "drive_create"
    assert entry.actor == organizer
    assert entry.at == NOW
    assert entry.old is None
    assert entry.new["name"] == "Christmas drive"
    assert entry.new["games"] == 20
    assert entry.new["date"] == "2026-12-18"


@pytest.mark.parametrize(
    "values",
    [{"games": 0}, {"games": 61}, {"name": ""}, {"prize_places": 21}],
    ids=["no-games", "61-games", "no-name", "21-prize-places"],
)
def test_drive_create_refuses_bad_settings_and_writes_nothing(club, organizer, values):
    before = row_counts()
    with pytest.raises(ValidationError):
        make_drive(club, organizer, **values)
    assert row_counts() == before


def test_drive_create_rejects_settings_it_does_not_know(club, organizer):
    with pytest.raises(TypeError, match="status"):
        make_drive(club, organizer, status="finished")
    assert not Drive.objects.exists()


def test_drive_update_changes_settings_and_audits_old_and_new(club, organizer):
    drive = make_drive(club, organizer, games=25)
    services.drive_update(drive=drive, actor=organizer, now=NOW, games=20, venue="Legion")
    drive.refresh_from_db()
    assert (drive.games, drive.venue) == (20, "Legion")
    [entry] = audit_entries(drive, "drive_update")
    assert (entry.old["games"], entry.new["games"]) == (25, 20)
    assert (entry.old["venue"], entry.new["venue"]) == ("Parish hall", "Legion")


def test_drive_update_is_refused_once_the_drive_has_started(club, organizer):
    drive = started_drive(club, organizer, pairs=4, games=25)
    error = refused(
        lambda: services.drive_update(drive=drive, actor=organizer, now=NOW, games=10),
        "settings can no longer change",
    )
    assert error.status == 409
    drive.refresh_from_db()
    assert drive.games == 25


def test_drive_update_refuses_a_bad_value_and_keeps_the_old_one(club, organizer):
    drive = make_drive(club, organizer, games=25)
    before = row_counts()
    with pytest.raises(ValidationError):
        services.drive_update(drive=drive, actor=organizer, now=NOW, games=0)
    assert row_counts() == before
    drive.refresh_from_db()
    assert drive.games == 25


# --- One pair at a time -----------------------------------------------------


@pytest.fixture
def drive(club, organizer):
    return make_drive(club, organizer)


def add(drive, actor, p1="Mary MacNeil", p2="John Boudreau", **kw):
    return services.pair_add(drive=drive, actor=actor, now=NOW, player1=p1, player2=p2, **kw)


def test_pair_add_takes_the_next_number_and_audits_the_pair(drive, organizer):
    add(drive, organizer, number=7)
    pair = add(drive, organizer, "Mary MacNeil", "John Boudreau", paid=True)
    assert (pair.number, pair.player1, pair.player2, pair.paid) == (
        8,
        "Mary MacNeil",
        "John Boudreau",
        True,
    )
    entries = audit_entries(drive, "pair_add")
    assert len(entries) == 2
    assert entries[-1].new == {
        "number": 8,
        "player1": "Mary MacNeil",
        "player2": "John Boudreau",
        "paid": True,
        # Two new names: two new people in the club's register, and the pair names them.
        "person1": pair.person1_id,
        "person2": pair.person2_id,
        "new_in_register": ["Mary MacNeil", "John Boudreau"],
    }
    assert (pair.person1.name, pair.person2.name) == ("Mary MacNeil", "John Boudreau")


def test_pair_add_tidies_spaces_in_names(drive, organizer):
    pair = add(drive, organizer, "  Mary   MacNeil ", "John\tBoudreau")
    assert (pair.player1, pair.player2) == ("Mary MacNeil", "John Boudreau")


@pytest.mark.parametrize(
    "p1,p2",
    [
        ("Seán Ó Súilleabháin", "Anne-Marie Thériault"),
        ("Renée Chiasson", "Zoë LeBlanc"),
        ("🃏 Joker Jim", "Queen 👑 Bea"),
        ("Mary O'Neil", 'Big "Dan" MacDonald'),
    ],
    ids=["irish-acadian", "accents", "emoji", "quotes"],
)
def test_pair_add_stores_names_exactly(drive, organizer, p1, p2):
    pair = add(drive, organizer, p1, p2)
    stored = Pair.objects.get(pk=pair.pk)
    assert (stored.player1, stored.player2) == (p1, p2)


def test_pair_add_accepts_a_name_of_exactly_60_characters(drive, organizer):
    pair = add(drive, organizer, "M" * 60, "John")
    assert Pair.objects.get(pk=pair.pk).player1 == "M" * 60


@pytest.mark.parametrize(
    "p1,p2,match",
    [
        ("", "John Boudreau", "blank"),
        ("Mary MacNeil", "   ", "blank"),
        ("M" * 61, "John Boudreau", "longer than 60"),
        ("Mary MacNeil", "J" * 61, "longer than 60"),
    ],
    ids=["blank-first", "blank-second", "61-first", "61-second"],
)
def test_pair_add_refuses_blank_or_long_names(drive, organizer, p1, p2, match):
    refused(lambda: add(drive, organizer, p1, p2), match)


def test_pair_add_refuses_a_number_already_taken(drive, organizer):
    add(drive, organizer, number=3)
    error = refused(lambda: add(drive, organizer, "Other", "Pair", number=3), "Pair 3 already")
    assert error.status == 409


@pytest.mark.parametrize("number", [0, 10000])
def test_pair_add_refuses_a_number_out_of_range(drive, organizer, number):
    refused(lambda: add(drive, organizer, number=number), "between 1 and 9999")


def test_pair_add_is_refused_once_the_drive_has_started(club, organizer):
    drive = started_drive(club, organizer, pairs=4)
    error = refused(lambda: add(drive, organizer), "can no longer be added")
    assert error.status == 409


# --- Pasting many pairs -----------------------------------------------------


@pytest.mark.parametrize(
    "line,expected",
    [
        ("Mary MacNeil & John Boudreau", (None, "Mary MacNeil", "John Boudreau")),
        ("12. Mary & John", (12, "Mary", "John")),
        ("12 Mary & John", (12, "Mary", "John")),
        ("7) Mary + John", (7, "Mary", "John")),
        ("A and B", (None, "A", "B")),
        ("Sandy Anderson AND Rod MacLeod", (None, "Sandy Anderson", "Rod MacLeod")),
        ("Pierre et Annette", (None, "Pierre", "Annette")),
        ("Mary / John", (None, "Mary", "John")),
        (
            "  3.   Seán Ó Súilleabháin &   Réjean Thériault  ",
            (3, "Seán Ó Súilleabháin", "Réjean Thériault"),
        ),
    ],
)
def test_a_pasted_line_reads_as_number_and_two_names(line, expected):
    assert services.parse_pair_line(line) == expected


@pytest.mark.parametrize("line", ["Mary MacNeil", "Mary &", "& John", "12. "])
def test_a_pasted_line_without_two_names_is_refused(line):
    with pytest.raises(DriveError, match="two names"):
        services.parse_pair_line(line)


def test_pairs_bulk_add_saves_every_line_and_skips_blank_ones(drive, organizer):
    text = "\nMary MacNeil & John Boudreau\n\n   \n12. Mary & John\nA and B\n"
    pairs = services.pairs_bulk_add(drive=drive, actor=organizer, now=NOW, text=text, paid=True)
    saved = [(p.number, p.player1, p.player2, p.paid) for p in drive.pairs.all()]
    assert saved == [
        (1, "Mary MacNeil", "John Boudreau", True),
        (12, "Mary", "John", True),
        (13, "A", "B", True),
    ]
    assert len(pairs) == 3
    [entry] = audit_entries(drive, "pairs_bulk_add")
    assert [p["number"] for p in entry.new] == [1, 12, 13]


def test_an_unnumbered_pasted_line_follows_the_numbered_line_before_it(drive, organizer):
    text = "5. A & B\nC & D\n20. E & F\nG & H"
    services.pairs_bulk_add(drive=drive, actor=organizer, now=NOW, text=text)
    assert list(drive.pairs.values_list("number", "player1")) == [
        (5, "A"),
        (6, "C"),
        (20, "E"),
        (21, "G"),
    ]


def test_a_pasted_line_with_ampersand_splits_there_even_with_a_slash_in_a_name(drive):
    assert services.parse_pair_line("Big Dan / Danny & Mary") == (None, "Big Dan / Danny", "Mary")


def test_a_five_digit_pair_number_is_refused_not_taken_as_a_name(drive):
    with pytest.raises(DriveError, match="between 1 and 9999"):
        services.parse_pair_line("10000. A & B")


def test_pairs_bulk_add_numbers_after_the_pairs_already_registered(drive, organizer):
    add_pairs(drive, organizer, 3)
    services.pairs_bulk_add(drive=drive, actor=organizer, now=NOW, text="A & B\nC & D")
    assert list(drive.pairs.values_list("number", flat=True)) == [1, 2, 3, 4, 5]


def test_pairs_bulk_add_stores_accents_and_emoji_exactly(drive, organizer):
    text = "Seán Ó Súilleabháin & Réjean Thériault\n🃏 Joker Jim & Queen 👑 Bea"
    services.pairs_bulk_add(drive=drive, actor=organizer, now=NOW, text=text)
    names = list(drive.pairs.values_list("player1", "player2"))
    assert names == [("Seán Ó Súilleabháin", "Réjean Thériault"), ("🃏 Joker Jim", "Queen 👑 Bea")]


@pytest.mark.parametrize(
    "text,match",
    [
        ("Mary & John\nJust One Name\nAnn & Bob", "Line 2: “Just One Name”"),
        ("Mary & John\n" + "M" * 61 + " & Bob", "Line 2: The name .* longer than 60"),
        ("3. Mary & John\n3. Ann & Bob", "Pair 3 already exists"),
        ("Mary & John\n0. Ann & Bob", "between 1 and 9999"),
        ("\n  \n", "at least one pair"),
    ],
    ids=["one-name", "61-chars", "same-number-twice", "pair-zero", "empty"],
)
def test_pairs_bulk_add_saves_nothing_when_any_line_is_bad(drive, organizer, text, match):
    refused(
        lambda: services.pairs_bulk_add(drive=drive, actor=organizer, now=NOW, text=text), match
    )


def test_pairs_bulk_add_refuses_a_number_already_registered(drive, organizer):
    add(drive, organizer, number=5)
    refused(
        lambda: services.pairs_bulk_add(
            drive=drive, actor=organizer, now=NOW, text="Ann & Bob\n5. Mary & John"
        ),
        "Pair 5 already exists",
    )


def test_pairs_bulk_add_lists_each_bad_line(drive, organizer):
    error = refused(
        lambda: services.pairs_bulk_add(
            drive=drive, actor=organizer, now=NOW, text="Solo\nA & B\nAlone"
        ),
        "Line 1",
    )
    assert "Line 3" in error.message


def test_pairs_bulk_add_is_refused_once_the_drive_has_started(club, organizer):
    drive = started_drive(club, organizer, pairs=4)
    refused(
        lambda: services.pairs_bulk_add(drive=drive, actor=organizer, now=NOW, text="A & B"),
        "can no longer be added",
    )


# --- Changing and removing pairs --------------------------------------------


def test_pair_update_changes_names_and_audits_old_and_new(drive, organizer):
    pair = add(drive, organizer, "Mary MacNeil", "Jon Boudreau")
    services.pair_update(
        pair=pair, actor=organizer, now=NOW, player1="Mary MacNeil", player2="John Boudreau"
    )
    assert Pair.objects.get(pk=pair.pk).player2 == "John Boudreau"
    [entry] = audit_entries(drive, "pair_update")
    assert (entry.old["player2"], entry.new["player2"]) == ("Jon Boudreau", "John Boudreau")


def test_pair_update_without_a_change_writes_nothing(drive, organizer):
    pair = add(drive, organizer, "Mary", "John", paid=True)
    before = row_counts()
    services.pair_update(pair=pair, actor=organizer, now=NOW, player1="Mary", player2="John ")
    assert row_counts() == before


def test_pair_update_renumbers_before_the_start(drive, organizer):
    pair = add(drive, organizer, number=1)
    services.pair_update(
        pair=pair, actor=organizer, now=NOW, player1="Mary MacNeil", player2="John", number=9
    )
    assert Pair.objects.get(pk=pair.pk).number == 9


def test_pair_update_refuses_a_number_another_pair_has(drive, organizer):
    add(drive, organizer, number=1)
    pair = add(drive, organizer, "Ann", "Bob", number=2)
    refused(
        lambda: services.pair_update(
            pair=pair, actor=organizer, now=NOW, player1="Ann", player2="Bob", number=1
        ),
        "Pair 1 already exists",
    )
    assert Pair.objects.get(pk=pair.pk).number == 2


@pytest.mark.parametrize("p2,match", [("  ", "blank"), ("x" * 61, "longer than 60")])
def test_pair_update_refuses_blank_or_long_names(drive, organizer, p2, match):
    pair = add(drive, organizer, "Mary", "John")
    refused(
        lambda: services.pair_update(
            pair=pair, actor=organizer, now=NOW, player1="Mary", player2=p2
        ),
        match,
    )
    assert Pair.objects.get(pk=pair.pk).player2 == "John"


def test_after_the_start_names_can_be_corrected_but_not_numbers(club, organizer):
    drive = started_drive(club, organizer, pairs=4)
    pair = drive.pairs.get(number=2)
    services.pair_update(pair=pair, actor=organizer, now=NOW, player1="Réjean", player2="Zoë")
    assert Pair.objects.get(pk=pair.pk).player1 == "Réjean"
    error = refused(
        lambda: services.pair_update(
            pair=pair, actor=organizer, now=NOW, player1="Réjean", player2="Zoë", number=9
        ),
        "cannot change once the drive has started",
    )
    assert error.status == 409


def test_pair_set_paid_records_the_payment_once(drive, organizer):
    pair = add(drive, organizer)
    services.pair_set_paid(pair=pair, actor=organizer, now=NOW, paid=True)
    services.pair_set_paid(pair=pair, actor=organizer, now=NOW, paid=True)
    assert Pair.objects.get(pk=pair.pk).paid is True
    [entry] = audit_entries(drive, "pair_paid")
    assert (entry.old, entry.new) == ({"paid": False}, {"paid": True})
    services.pair_set_paid(pair=pair, actor=organizer, now=NOW, paid=False)
    assert Pair.objects.get(pk=pair.pk).paid is False
    assert len(audit_entries(drive, "pair_paid")) == 2


def test_pair_remove_deletes_the_pair_and_audits_who_it_was(drive, organizer):
    pair = add(drive, organizer, "Mary MacNeil", "John Boudreau", number=4)
    services.pair_remove(pair=pair, actor=organizer, now=NOW)
    assert not drive.pairs.exists()
    [entry] = audit_entries(drive, "pair_remove")
    assert entry.old["number"] == 4
    assert entry.old["player1"] == "Mary MacNeil"


def test_pair_remove_is_refused_once_the_drive_has_started(club, organizer):
    drive = started_drive(club, organizer, pairs=4)
    pair = drive.pairs.get(number=1)
    error = refused(
        lambda: services.pair_remove(pair=pair, actor=organizer, now=NOW), "can no longer"
    )
    assert error.status == 409


# --- Start ------------------------------------------------------------------


def test_drive_start_seats_every_pair_once_for_game_one(club, organizer):
    drive = make_drive(club, organizer)
    add_pairs(drive, organizer, 10)
    services.drive_start(drive=drive, actor=organizer, now=NOW, seed=42)
    drive.refresh_from_db()
    assert (drive.status, drive.current_game, drive.seed) == ("running", 1, 42)
    tables = seating(drive, 1)
    assert sorted(tables) == [1, 2, 3, 4, 5]
    seated = sorted(n for pairs, _, _ in tables.values() for n in pairs)
    assert seated == list(range(1, 11))
    # Game 1: nobody arrives, so every table cuts for the deal.
    assert all(deal is None and status == "pending" for _, deal, status in tables.values())
    [entry] = audit_entries(drive, "drive_start")
    assert entry.new["seed"] == 42
    assert [t["pairs"] for t in entry.new["seating"]] == [
        list(v[0]) for _, v in sorted(tables.items())
    ]
    assert "seed 42" in entry.summary


@pytest.mark.parametrize("pairs", [0, 1])
def test_drive_start_needs_two_pairs(club, organizer, pairs):
    drive = make_drive(club, organizer)
    if pairs:
        add_pairs(drive, organizer, pairs)
    refused(
        lambda: services.drive_start(drive=drive, actor=organizer, now=NOW, seed=1),
        "At least 2 pairs",
    )
    drive.refresh_from_db()
    assert drive.is_setup


def test_drive_start_twice_is_refused_as_stale(club, organizer):
    drive = started_drive(club, organizer, pairs=4)
    error = refused(
        lambda: services.drive_start(drive=drive, actor=organizer, now=NOW, seed=1),
        "already started",
        StaleError,
    )
    assert error.status == 409


def test_drive_start_refuses_a_negative_seed(club, organizer):
    drive = make_drive(club, organizer)
    add_pairs(drive, organizer, 4)
    refused(lambda: services.drive_start(drive=drive, actor=organizer, now=NOW, seed=-1), "seed")


def test_the_same_seed_seats_the_same_pair_numbers_in_another_drive(club, organizer):
    first = make_drive(club, organizer, name="Friday")
    add_pairs(first, organizer, 12)
    # The same numbers registered in another order get other database ids.
    second = make_drive(club, organizer, name="Replay")
    text = "\n".join(f"{n}. Other {n}a & Other {n}b" for n in range(12, 0, -1))
    services.pairs_bulk_add(drive=second, actor=organizer, now=NOW, text=text)
    for d in (first, second):
        services.drive_start(drive=d, actor=organizer, now=NOW, seed=2026, alongside=True)
    same = {t: v[0] for t, v in seating(first, 1).items()}
    assert same == {t: v[0] for t, v in seating(second, 1).items()}


def test_another_seed_seats_the_pairs_differently(club, organizer):
    drives = []
    for seed in (1, 2):
        d = make_drive(club, organizer)
        add_pairs(d, organizer, 12)
        services.drive_start(drive=d, actor=organizer, now=NOW, seed=seed, alongside=True)
        drives.append({t: v[0] for t, v in seating(d, 1).items()})
    assert drives[0] != drives[1]


@pytest.mark.parametrize("sitout_wins", [True, False])
def test_an_odd_count_leaves_the_last_table_a_sit_out(club, organizer, sitout_wins):
    drive = started_drive(club, organizer, pairs=9, sitout_wins=sitout_wins)
    tables = seating(drive, 1)
    assert sorted(tables) == [1, 2, 3, 4, 5]
    assert all(len(tables[t][0]) == 2 and tables[t][2] == "pending" for t in (1, 2, 3, 4))
    (sitter,), deal, status = tables[5]
    assert (deal, status) == (None, "sitout")
    winner = winner_at(drive, 1, 5)
    assert (winner.number if winner else None) == (sitter if sitout_wins else None)


def test_an_even_count_has_no_sit_out(club, organizer):
    drive = started_drive(club, organizer, pairs=8)
    assert all(len(v[0]) == 2 for v in seating(drive, 1).values())


# --- Results ----------------------------------------------------------------


@pytest.fixture
def running(club, organizer):
    return started_drive(club, organizer, pairs=9, games=3)


def test_result_record_counts_the_winner_at_once(running, organizer):
    table, (a, b) = two_pair_table(running)
    tg = record(running, table, b, actor=organizer)
    tg.refresh_from_db()
    assert (tg.winner.number, tg.status, tg.source) == (b, "confirmed", "front")
    assert (tg.entered_by, tg.entered_at, tg.version) == (organizer, NOW, 1)
    [entry] = audit_entries(running, "result_record")
    assert entry.old == {"winner": None, "status": "pending"}
    assert entry.new == {"winner": b, "status": "confirmed", "game": 1, "table": table}


def test_tapping_the_other_pair_changes_the_winner(running, organizer):
    table, (a, b) = two_pair_table(running)
    record(running, table, a, actor=organizer)
    record(running, table, b, actor=organizer)
    assert winner_at(running, 1, table).number == b
    [change] = audit_entries(running, "result_change")
    assert change.old == {"winner": a, "status": "confirmed"}
    assert change.new["winner"] == b
    assert f"was pair {a}" in change.summary


def test_the_same_tap_twice_is_written_once(running, organizer):
    table, (a, _) = two_pair_table(running)
    record(running, table, a, actor=organizer)
    before = row_counts()
    tg = record(running, table, a, actor=organizer)
    assert row_counts() == before
    assert TableGame.objects.get(pk=tg.pk).version == 1


def test_a_result_for_a_pair_not_at_that_table_is_refused(running, organizer):
    table, pairs = two_pair_table(running)
    elsewhere = next(n for n in range(1, 10) if n not in pairs)
    refused(lambda: record(running, table, elsewhere), f"Pair {elsewhere} is not seated at table")
    refused(lambda: record(running, table, 99), "Pair 99 is not seated")
    assert winner_at(running, 1, table) is None


def test_a_result_for_an_unknown_table_is_refused(running):
    error = refused(lambda: record(running, 6, 1), "There is no table 6 in game 1")
    assert error.status == 404


def test_a_result_for_the_sit_out_table_is_refused(running):
    (sitter,), _, _ = seating(running, 1)[5]
    refused(lambda: record(running, 5, sitter), "Table 5 is a sit-out")


def test_a_result_for_a_game_that_is_not_current_is_refused(running, organizer):
    table, (a, b) = two_pair_table(running)
    error = refused(lambda: record(running, table, a, game=2), "Game 2 is not the current game")
    assert error.status == 409
    play_game(running, organizer)
    services.game_advance(drive=running, from_game=1, actor=organizer, now=NOW)
    loser = b if winner_at(running, 1, table).number == a else a
    refused(lambda: record(running, table, loser, game=1), "Game 1 is not the current", StaleError)
    assert winner_at(running, 1, table).number != loser


def test_results_are_refused_before_the_start(club, organizer):
    drive = make_drive(club, organizer)
    add_pairs(drive, organizer, 4)
    error = refused(lambda: record(drive, 1, 1, game=1), "has not started")
    assert error.status == 409


# --- Next game --------------------------------------------------------------


def test_game_advance_is_refused_while_tables_are_missing(running, organizer):
    record(running, 1, seating(running, 1)[1][0][0])
    record(running, 3, seating(running, 1)[3][0][0])
    error = refused(
        lambda: services.game_advance(drive=running, from_game=1, actor=organizer, now=NOW),
        r"Waiting for the result of table\(s\) 2, 4\.",
    )
    assert error.status == 409
    running.refresh_from_db()
    assert running.current_game == 1


def test_game_advance_seats_the_next_game_and_audits_the_moves(running, organizer):
    play_game(running, organizer)
    services.game_advance(drive=running, from_game=1, actor=organizer, now=NOW)
    running.refresh_from_db()
    assert running.current_game == 2
    assert len(seating(running, 2)) == 5
    [entry] = audit_entries(running, "game_advance")
    assert entry.old == {"game": 1}
    assert entry.new["game"] == 2
    # Four winners and the sit-out pair move; the four losers stay.
    assert len(entry.new["moves"]) == 5
    assert {m["pair"] for m in entry.new["moves"]} == {
        winner_at(running, 1, t).number for t in (1, 2, 3, 4)
    } | set(seating(running, 1)[5][0])


def test_game_advance_from_a_stale_page_is_refused(running, organizer):
    play_game(running, organizer)
    error = refused(
        lambda: services.game_advance(drive=running, from_game=2, actor=organizer, now=NOW),
        "out of date",
        StaleError,
    )
    assert error.status == 409


def test_a_double_advance_moves_on_only_one_game(running, organizer):
    play_game(running, organizer)
    services.game_advance(drive=running, from_game=1, actor=organizer, now=NOW)
    error = refused(
        lambda: services.game_advance(drive=running, from_game=1, actor=organizer, now=NOW),
        "Game 2 is already under way",
        StaleError,
    )
    assert error.status == 409
    running.refresh_from_db()
    assert running.current_game == 2
    assert not TableGame.objects.filter(drive=running, game=3).exists()
    assert len(audit_entries(running, "game_advance")) == 1


def test_game_advance_after_the_last_game_is_refused(club, organizer):
    drive = started_drive(club, organizer, pairs=4, games=1)
    play_game(drive, organizer)
    refused(
        lambda: services.game_advance(drive=drive, from_game=1, actor=organizer, now=NOW),
        "finish the drive instead",
    )


# --- Finish -----------------------------------------------------------------


def test_drive_finish_before_the_last_game_is_refused(running, organizer):
    play_game(running, organizer)
    error = refused(
        lambda: services.drive_finish(drive=running, from_game=1, actor=organizer, now=NOW),
        "Game 1 of 3 is being played",
    )
    assert error.status == 409
    running.refresh_from_db()
    assert running.is_running


def test_drive_finish_waits_for_the_last_results(club, organizer):
    drive = started_drive(club, organizer, pairs=6, games=1)
    record(drive, 2, seating(drive, 1)[2][0][0])
    refused(
        lambda: services.drive_finish(drive=drive, from_game=1, actor=organizer, now=NOW),
        r"table\(s\) 1, 3",
    )


def test_drive_finish_from_a_stale_page_is_refused(club, organizer):
    drive = started_drive(club, organizer, pairs=4, games=1)
    play_game(drive, organizer)
    refused(
        lambda: services.drive_finish(drive=drive, from_game=2, actor=organizer, now=NOW),
        "out of date",
        StaleError,
    )


def test_after_the_finish_results_are_read_only(club, organizer):
    drive = started_drive(club, organizer, pairs=4, games=1)
    play_game(drive, organizer, pick=0)
    services.drive_finish(drive=drive, from_game=1, actor=organizer, now=NOW)
    drive.refresh_from_db()
    assert (drive.status, drive.finished_at, drive.current_game) == ("finished", NOW, 1)
    [entry] = audit_entries(drive, "drive_finish")
    assert entry.new == {"status": "finished", "games_played": 1}
    (a, b), _, _ = seating(drive, 1)[1]
    error = refused(lambda: record(drive, 1, b, game=1), "finished: results are read-only")
    assert error.status == 409
    refused(
        lambda: services.game_advance(drive=drive, from_game=1, actor=organizer, now=NOW),
        "not running",
        StaleError,
    )
    refused(
        lambda: services.drive_finish(drive=drive, from_game=1, actor=organizer, now=NOW),
        "out of date",
        StaleError,
    )


# --- A whole night ----------------------------------------------------------


def test_a_night_of_nine_pairs_moves_winners_on_and_keeps_losers(club, organizer):
    drive = started_drive(club, organizer, pairs=9, games=3, seed=7)
    for game in (1, 2):
        before = seating(drive, game)
        assert sorted(before) == [1, 2, 3, 4, 5]
        play_game(drive, organizer, pick=game)  # winners from either slot
        winners = {t: winner_at(drive, game, t).number for t in (1, 2, 3, 4)}
        services.game_advance(drive=drive, from_game=game, actor=organizer, now=NOW)
        after = seating(drive, game + 1)
        (sitter,), _, _ = before[5]
        for t in (1, 2, 3, 4):
            loser = next(p for p in before[t][0] if p != winners[t])
            nxt = t + 1
            # The winner arrives at the next table and deals first there.
            assert after[nxt][0][0] == winners[t]
            if nxt != 5:
                assert after[nxt][1] == winners[t]
            # The loser stays put.
            assert loser in after[t][0]
        # The sit-out pair moves round to table 1 like a winner and deals there.
        assert after[1][0][0] == sitter
        assert after[1][1] == sitter
        # Table 5 holds only the winner of table 4: the new sit-out.
        assert after[5] == ((winners[4],), None, "sitout")
        every = sorted(p for pairs, _, _ in after.values() for p in pairs)
        assert every == list(range(1, 10))
        assert Seat.objects.filter(drive=drive, game=game + 1).count() == 9
    play_game(drive, organizer)
    services.drive_finish(drive=drive, from_game=3, actor=organizer, now=NOW)
    drive.refresh_from_db()
    assert drive.is_finished
    actions = [e.action for e in audit_entries(drive)]
    assert actions.count("game_advance") == 2
    assert actions.count("result_record") == 12
    assert actions[-1] == "drive_finish"
