"""Models that moved between apps keep their tables, their rows and their content types.

The club, its memberships, API keys and audit trail moved from drives to clubs; the prizes
set up before the night (prize settings, place prizes, cookie jar entries) from prizes to
drives. A whole populated database migrated across the move is counted by
scripts/migration_rows.py (docs/architecture.md, "Tables and the move of models").
"""

from importlib import import_module

import pytest
from django.apps import apps
from django.core.management import call_command

from clubs.models import ApiToken, AuditEntry, Club, Membership
from drives.models import JarEntry, PlacePrize, PrizeSettings

CLUBS_MOVE = import_module("drives.migrations.0014_clubs_moved")
PRIZES_MOVE = import_module("prizes.migrations.0002_prize_setup_moved")


@pytest.mark.django_db
def test_every_model_change_has_its_migration():
    # --check exits with 1 when a model differs from what the migrations make.
    call_command("makemigrations", "--check", "--dry-run", verbosity=0)


@pytest.mark.parametrize(
    ("model", "table"),
    [
        (Club, "drives_club"),
        (Membership, "drives_membership"),
        (ApiToken, "drives_apitoken"),
        (AuditEntry, "drives_auditentry"),
        (PrizeSettings, "scoring_prizesettings"),
        (PlacePrize, "scoring_placeprize"),
        (JarEntry, "scoring_jarentry"),
    ],
)
def test_a_moved_model_keeps_its_table(model, table):
    assert model._meta.db_table == table


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("migration", "old", "new", "model"),
    [(CLUBS_MOVE, "drives", "clubs", "club"), (PRIZES_MOVE, "prizes", "drives", "prizesettings")],
)
def test_the_content_type_follows_its_model_with_its_permissions(migration, old, new, model):
    from django.contrib.auth.models import Permission
    from django.contrib.contenttypes.models import ContentType

    # As on a database made before the move: the content type and a permission under the
    # old app, and an empty one under the new app (made by a migrate between going back
    # and forth), which gives way.
    ContentType.objects.filter(model=model, app_label__in=[old, new]).delete()
    kept = ContentType.objects.create(app_label=old, model=model)
    Permission.objects.create(content_type=kept, codename=f"see_{model}", name="see")
    ContentType.objects.create(app_label=new, model=model)

    migration.content_types_follow(apps, None)
    assert ContentType.objects.get(app_label=new, model=model).pk == kept.pk
    assert not ContentType.objects.filter(app_label=old, model=model).exists()
    assert Permission.objects.get(codename=f"see_{model}").content_type_id == kept.pk

    migration.content_types_back(apps, None)
    assert ContentType.objects.get(app_label=old, model=model).pk == kept.pk
    assert not ContentType.objects.filter(app_label=new, model=model).exists()


@pytest.mark.django_db(transaction=True)
def test_pairs_made_before_card_tokens_each_get_their_own():
    """Pairs of a database from before the pair's own page get a card token each, every one
    its own, so each punch card printed afterwards opens only its pair."""
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    before, after = [("drives", "0017_pair_people")], [("drives", "0018_pair_card_token")]
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    old = executor.loader.project_state(before).apps
    club = old.get_model("clubs", "Club").objects.create(name="Legion Branch 12")
    drive = old.get_model("drives", "Drive").objects.create(
        club_id=club.pk, name="Friday 45s", date="2026-11-27"
    )
    Pair = old.get_model("drives", "Pair")
    for n in range(1, 8):
        Pair.objects.create(drive_id=drive.pk, number=n, player1="A", player2="B", code=f"C{n}")
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(after)
    tokens = list(
        executor.loader.project_state(after)
        .apps.get_model("drives", "Pair")
        .objects.values_list("card_token", flat=True)
    )
    assert len(tokens) == 7 and len(set(tokens)) == 7
    assert all(len(t) == 22 for t in tokens)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
