"""Each pair gets its card token (the key of its own page on its phone): pairs made before
it get one each here, every one its own, before the column turns unique."""

from django.db import migrations, models

import drives.models


def give_every_pair_a_token(apps, schema_editor):
    Pair = apps.get_model("drives", "Pair")
    pairs = list(Pair.objects.filter(card_token="").only("pk"))
    for pair in pairs:
        pair.card_token = drives.models.new_card_token()
    Pair.objects.bulk_update(pairs, ["card_token"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [
        ("drives", "0017_pair_people"),
    ]

    operations = [
        # Blank first: a callable default would be called once, the same token for all.
        migrations.AddField(
            model_name="pair",
            name="card_token",
            field=models.CharField(default="", editable=False, max_length=32),
            preserve_default=False,
        ),
        migrations.RunPython(give_every_pair_a_token, migrations.RunPython.noop, elidable=False),
        migrations.AlterField(
            model_name="pair",
            name="card_token",
            field=models.CharField(
                default=drives.models.new_card_token, editable=False, max_length=32, unique=True
            ),
        ),
        migrations.AddConstraint(
            model_name="pair",
            constraint=models.CheckConstraint(
                condition=models.Q(("card_token", ""), _negated=True),
                name="pair_card_token_not_blank",
            ),
        ),
    ]
