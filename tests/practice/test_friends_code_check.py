"""A friends' table's code is checked by the database itself (five capitals or digits, none
of 0, O, 1, I), with no REGEXP: SQLite has that function only under Django, and the hall's
file must pass its own checks (PRAGMA quick_check) read by any tool."""

import pytest
from django.db import IntegrityError, connection, transaction

from practice.models import FriendsTable
from tests.builders.friends import friends_table

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("bad", ["ABCD", "ABCDEF", "abcde", "ABC0E", "ABCOE", "AB1DE", "ABIDE"])
def test_a_code_of_the_wrong_form_is_refused_by_the_database(bad):
    table, _keys = friends_table("Ann", "Bob")
    with pytest.raises(IntegrityError), transaction.atomic():
        FriendsTable.objects.filter(pk=table.pk).update(code=bad)


def test_a_good_code_is_kept():
    table, _keys = friends_table("Ann", "Bob")
    FriendsTable.objects.filter(pk=table.pk).update(code="K7Q2Z")
    assert FriendsTable.objects.get(pk=table.pk).code == "K7Q2Z"


def test_the_check_needs_no_function_of_django():
    with connection.cursor() as cursor:
        if connection.vendor == "sqlite":
            cursor.execute("SELECT sql FROM sqlite_master WHERE name = 'practice_friendstable'")
            (sql,) = cursor.fetchone()
            assert "REGEXP" not in sql.upper()
