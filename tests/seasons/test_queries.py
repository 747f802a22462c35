"""The series' standings read live from its nights: a result entered or corrected on a
night changes the series at once, people add up by the register or by the typed name."""

import datetime as dt

from clubs.models import Player
from drives import services as drive_services
from drives.models import Pair, TableGame
from seasons.queries import series_of_drive, series_of_player, series_standings
from tests.builders import NOW, make_club, make_user
from tests.builders.series import make_series, night_of, setup_night
from tests.support import assert_statement_count


def board(table):
    return [(e.names, e.total, e.played, e.place, e.qualified) for e in table.entries]


def winner_of(drive, table=1, game=1):
    tg = TableGame.objects.get(drive=drive, game=game, table=table)
    return tg.winner


def test_typed_names_add_up_across_nights_without_accents_or_case(club, organizer):
    s = make_series(club, organizer, min_nights=2)
    one = night_of(s, organizer, 6, ["Mary Thériault & Joe Doucet", "Ann Boyd & Rita Poirier"])
    two = night_of(s, organizer, 13, ["mary theriault & Ann Boyd", "Joe Doucet & Rita Poirier"])
    won1 = winner_of(one).names
    won2 = winner_of(two).names
    table = series_standings(s)
    totals = {e.names[0].casefold().replace("é", "e"): (e.total, e.played) for e in table.entries}
    assert set(totals) == {"mary theriault", "joe doucet", "ann boyd", "rita poirier"}
    assert all(played == 2 for _total, played in totals.values())
    expected = {}
    for names in (won1, won2):
        for name in names.split(" & "):
            expected[name.casefold().replace("é", "e")] = (
                expected.get(name.casefold().replace("é", "e"), 0) + 1
            )
    assert {k: v[0] for k, v in totals.items() if v[0]} == expected
    # Both nights' names are one person of the register, shown as the register writes them.
    assert "Mary Thériault" in [e.names[0] for e in table.entries]


def test_a_correction_on_a_night_changes_the_standings_at_once(club, organizer):
    s = make_series(club, organizer)
    drive = night_of(s, organizer, 6, ["Ann & Bob", "Cy & Di"], games=2)
    before = {e.names[0]: e.total for e in series_standings(s).entries}
    tg = TableGame.objects.get(drive=drive, game=1, table=1)
    loser = next(seat.pair for seat in tg.seats.all() if seat.pair_id != tg.winner_id)
    old_winner = tg.winner
    drive_services.result_correct(
        drive=drive,
        game=1,
        table=1,
        winner_number=loser.number,
        from_game=drive.current_game,
        actor=organizer,
        now=NOW,
    )
    after = {e.names[0]: e.total for e in series_standings(s).entries}
    for name in (loser.player1, loser.player2):
        assert after[name] == before[name] + 1
    for name in (old_winner.player1, old_winner.player2):
        assert after[name] == before[name] - 1


def test_a_result_entered_reaches_the_series_as_the_night_goes(club, organizer):
    s = make_series(club, organizer)
    drive = night_of(s, organizer, 6, ["Ann & Bob", "Cy & Di"], games=0)
    assert {e.total for e in series_standings(s).entries} == {0}
    tg = TableGame.objects.get(drive=drive, game=1, table=1)
    seat = tg.seats.order_by("slot").first()
    drive_services.result_record(
        drive=drive, game=1, table=1, winner_number=seat.pair.number, actor=organizer, now=NOW
    )
    got = {e.names[0]: (e.total, e.place) for e in series_standings(s).entries}
    assert got[seat.pair.player1] == (1, 1)
    assert sorted(v for v in got.values()) == [(0, 2), (0, 2), (1, 1), (1, 1)]


def test_register_people_count_whatever_name_was_typed_and_merges_follow(club, organizer):
    s = make_series(club, organizer, by="players")
    one = night_of(s, organizer, 6, ["Mary MacNeil & Joe Doucet", "Ann Boyd & Rita Poirier"])
    two = night_of(s, organizer, 13, ["M. MacNeil & Ann Boyd", "Joe Doucet & Rita Poirier"])
    mary = Player.objects.create(club=club, name="Mary MacNeil", match_key="mary macneil")
    old = Player.objects.create(club=club, name="Mary Mac Neil", match_key="mary macneil 2")
    Player.objects.filter(pk=old.pk).update(merged_into=mary)
    Pair.objects.filter(drive=one, number=1).update(person1=mary)
    Pair.objects.filter(drive=two, number=1).update(person1=old)
    table = series_standings(s)
    (entry,) = [e for e in table.entries if e.key == (f"p{mary.pk}",)]
    assert (entry.names, entry.played) == (("Mary MacNeil",), 2)
    assert "M. MacNeil" not in [e.names[0] for e in table.entries]
    ((found, entries),) = series_of_player(mary)
    assert found.series == s and entries == (entry,)


def test_an_unlinked_name_joins_the_one_linked_person_of_that_name(club, organizer):
    s = make_series(club, organizer)
    one = night_of(s, organizer, 6, ["Mary MacNeil & Joe Doucet", "Ann Boyd & Rita Poirier"])
    night_of(s, organizer, 13, ["mary macneil & Ann Boyd", "Joe Doucet & Rita Poirier"])
    # Pairs registered before the club kept a register link no one.
    Pair.objects.update(person1=None, person2=None)
    mary = Player.objects.create(club=club, name="Mary MacNeil", match_key="mary macneil")
    Pair.objects.filter(drive=one, number=1).update(person1=mary)
    (entry,) = [e for e in series_standings(s).entries if "mary" in e.names[0].casefold()]
    assert (entry.key, entry.played) == ((f"p{mary.pk}",), 2)


def test_by_pairs_the_same_two_people_add_up_whatever_their_order(club, organizer):
    s = make_series(club, organizer, by="pairs")
    night_of(s, organizer, 6, ["Ann & Bob", "Cy & Di"])
    night_of(s, organizer, 13, ["Bob & Ann", "Di & Cy"])
    table = series_standings(s)
    assert sorted((e.names, e.played) for e in table.entries) == [
        (("Ann", "Bob"), 2),
        (("Cy", "Di"), 2),
    ]


def test_nights_by_date_and_a_night_not_started_counts_no_one(club, organizer):
    s = make_series(club, organizer)
    later = night_of(s, organizer, 20, ["Ann & Bob", "Cy & Di"])
    waiting = setup_night(s, organizer, day=27)
    earlier = night_of(s, organizer, 6, ["Ann & Bob", "Cy & Di"])
    table = series_standings(s)
    assert [(n.number, n.drive.pk, n.played) for n in table.nights] == [
        (1, earlier.pk, True),
        (2, later.pk, True),
        (3, waiting.pk, False),
    ]
    assert {e.played for e in table.entries} == {2}
    assert series_of_drive(waiting) == s
    assert (
        series_of_drive(
            drive_services.drive_create(
                club=club, actor=organizer, now=NOW, name="Alone", date=dt.date(2026, 12, 1)
            )
        )
        is None
    )


def test_the_read_is_four_statements_whatever_the_number_of_nights(club, organizer):
    s = make_series(club, organizer)
    for day in (6, 13):
        night_of(s, organizer, day, ["Ann & Bob", "Cy & Di", "Ed & Flo", "Gus & Hal"])
    # Pairs registered before the club kept a register link no one.
    Pair.objects.update(person1=None, person2=None)
    with assert_statement_count(3, label="two nights, no one linked"):
        series_standings(s)
    for day in (20, 27):
        night_of(s, organizer, day, ["Ann & Bob", "Cy & Di", "Ed & Flo", "Gus & Hal"])
    Pair.objects.update(person1=None, person2=None)
    mary = Player.objects.create(club=club, name="Ann", match_key="ann")
    Pair.objects.filter(pk=Pair.objects.first().pk).update(person1=mary)
    with assert_statement_count(4, label="four nights, one linked"):
        series_standings(s)


def test_another_clubs_series_is_apart(club, organizer):
    other = make_club("Legion")
    legion = make_series(other, make_user(other, "legion-organizer"))
    s = make_series(club, organizer)
    night_of(s, organizer, 6, ["Ann & Bob", "Cy & Di"])
    assert series_standings(legion).entries == ()
