"""Pair codes, and the drive setting that the other pair confirms by typing its code.

Every existing pair gets a code, unique in its drive.
"""

from django.db import migrations, models

from drives import pair_codes


def fill(apps, schema_editor):
    Pair = apps.get_model("drives", "Pair")
    for drive_id in Pair.objects.filter(code="").values_list("drive_id", flat=True).distinct():
        pairs = list(Pair.objects.filter(drive_id=drive_id, code="").order_by("number"))
        taken = set(
            Pair.objects.filter(drive_id=drive_id).exclude(code="").values_list("code", flat=True)
        )
        for pair, code in zip(pairs, pair_codes.draw(taken, len(pairs)), strict=True):
            pair.code = code
        Pair.objects.bulk_update(pairs, ["code"])


class Migration(migrations.Migration):
    dependencies = [
        ("drives", "0009_submission_source"),
    ]

    operations = [
        migrations.AddField(
            model_name="drive",
            name="confirm_by_code",
            field=models.BooleanField(
                default=False, verbose_name="the other pair confirms by typing its pair code"
            ),
        ),
        migrations.AddField(
            model_name="pair",
            name="code",
            field=models.CharField(default="", max_length=8, verbose_name="pair code"),
            preserve_default=False,
        ),
        migrations.RunPython(fill, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="drive",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    ("confirm_by_code", True), ("confirm_by_number", True), _negated=True
                ),
                name="drive_one_way_to_confirm",
                violation_error_message=(
                    "Choose one way for the other pair to agree: its pair number or its pair code."
                ),
            ),
        ),
        migrations.AddConstraint(
            model_name="pair",
            constraint=models.UniqueConstraint(
                fields=("drive", "code"), name="pair_code_unique_in_drive"
            ),
        ),
        migrations.AddConstraint(
            model_name="pair",
            constraint=models.CheckConstraint(
                condition=models.Q(("code", ""), _negated=True), name="pair_code_not_blank"
            ),
        ),
    ]
