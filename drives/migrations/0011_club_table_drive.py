"""The running drive the club's table cards open.

A club with a running drive keeps its cards on the drive they opened until now (the newest
running one); from here on only the organizer moves them.
"""

import django.db.models.deletion
from django.db import migrations, models


def fill(apps, schema_editor):
    Drive = apps.get_model("drives", "Drive")
    Club = apps.get_model("drives", "Club")
    for club in Club.objects.filter(table_drive__isnull=True):
        newest = Drive.objects.filter(club=club, status="running").order_by("-date", "-id").first()
        if newest is not None:
            club.table_drive = newest
            club.save(update_fields=["table_drive"])


class Migration(migrations.Migration):
    dependencies = [
        ("drives", "0010_pair_codes"),
    ]

    operations = [
        migrations.AddField(
            model_name="club",
            name="table_drive",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="+",
                to="drives.drive",
                verbose_name="drive the table cards open",
            ),
        ),
        migrations.RunPython(fill, migrations.RunPython.noop),
    ]
