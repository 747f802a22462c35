"""Who sent each retry key: the device, or the person at the front or the API.

Existing submissions get the person who sent them, else the device.
"""

from django.db import migrations, models


def fill(apps, schema_editor):
    Submission = apps.get_model("drives", "Submission")
    for sub in Submission.objects.filter(source="").only("pk", "actor_id", "device"):
        sub.source = f"user:{sub.actor_id}" if sub.actor_id else f"device:{sub.device or sub.pk}"
        sub.save(update_fields=["source"])


class Migration(migrations.Migration):
    dependencies = [
        ("drives", "0008_api_tokens"),
    ]

    operations = [
        migrations.AddField(
            model_name="submission",
            name="source",
            field=models.CharField(default="", max_length=80),
            preserve_default=False,
        ),
        migrations.RunPython(fill, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="submission",
            constraint=models.CheckConstraint(
                condition=models.Q(("source", ""), _negated=True),
                name="submission_source_not_blank",
            ),
        ),
    ]
