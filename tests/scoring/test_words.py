"""Sentences said again in another language (scoring/words.py, scoring/speak.py).

A pure module's sentence is a str holding the English that remembers its msgid and its
values; ``say`` translates it in the active language, values that are words too. The
French catalog is being written while this is, so French here is a small fake catalog:
``scoring.speak.gettext`` and ``ngettext`` looked up in a dict.
"""

from __future__ import annotations

import json
import pickle
import re
from html import unescape

import pytest
from django.urls import reverse
from django.utils import translation
from hypothesis import given
from hypothesis import strategies as st

from practice.codes import Deal, card_code
from scorekeeper import services as scorekeeper
from scoring import speak
from scoring.games.cards import deck
from scoring.games.core import HandError, SetupError, Variant, hand_points, two_pairs
from scoring.games.options import OPTION
from scoring.play import PlayOptions
from scoring.words import Msg, Said, from_json, gettext_noop, ngettext_noop, to_json
from tests.builders import NOW
from tests.builders.practice import at_of, played_in

_ = gettext_noop

FRENCH = {
    "You must follow {suit}.": "Vous devez fournir à {suit}.",
    "hearts": "cœur",
    "the {rank} of {suit}": "le {rank} de {suit}",
    "trumps": "atout",
    "{card} beats {beaten}: {why}": "{card} bat {beaten} : {why}",
    "Counted: pair %(pair)d won.": "Compté : la paire %(pair)d a gagné.",
    "tricks add up to {total}, must be {n}": "les levées font {total}, il en faut {n}",
    "Elimination": "Élimination",
    "{option}: enter a whole number, or leave it blank": (
        "{option} : entrez un nombre entier, ou laissez vide"
    ),
    "{items} and {last}": "{items} et {last}",
}
FRENCH_PLURALS = {
    "%(n)d pair": ("%(n)d paire", "%(n)d paires"),
    "{n} game": ("{n} partie", "{n} parties"),
    "Prize {numbers} is not awarded: {scores}.": (
        "Le prix {numbers} n'est pas attribué : {scores}.",
        "Les prix {numbers} ne sont pas attribués : {scores}.",
    ),
    "there is only {n} different score": (
        "il n'y a que {n} score différent",
        "il n'y a que {n} scores différents",
    ),
}


def fake_gettext(text: str) -> str:
    return FRENCH.get(text, text)


def fake_ngettext(singular: str, plural: str, n: int) -> str:
    if singular not in FRENCH_PLURALS:
        return singular if n == 1 else plural
    one, many = FRENCH_PLURALS[singular]
    return one if n <= 1 else many  # French: 0 and 1 are singular


@pytest.fixture
def french(monkeypatch):
    monkeypatch.setattr(speak, "gettext", fake_gettext)
    monkeypatch.setattr(speak, "ngettext", fake_ngettext)
    with translation.override("fr"):
        yield


def follow_hearts() -> Said:
    return _("You must follow {suit}.").format(suit=_("hearts"))


# --- making sentences ----------------------------------------------------------------


def test_a_marked_text_is_a_msg_that_reads_as_its_english():
    m = _("hearts")
    assert isinstance(m, Msg) and m == "hearts" and str(m) == "hearts"


def test_format_gives_the_english_and_remembers_what_it_was_made_of():
    s = follow_hearts()
    assert isinstance(s, Said) and s == "You must follow hearts."
    assert s.msgid == "You must follow {suit}." and s.style == "{}"
    assert s.params == {"suit": "hearts"} and isinstance(s.params["suit"], Msg)
    assert s.plural is None and s.count is None


def test_percent_gives_the_english_and_remembers_what_it_was_made_of():
    s = _("Counted: pair %(pair)d won.") % {"pair": 7}
    assert s == "Counted: pair 7 won."
    assert (s.msgid, s.style, s.params) == ("Counted: pair %(pair)d won.", "%", {"pair": 7})


def test_a_sentence_takes_named_values_only():
    with pytest.raises(TypeError):
        _("{0} won").format("A")
    with pytest.raises(TypeError):
        _("%s won") % ("A",)
    with pytest.raises(TypeError):
        ngettext_noop("{n} game", "{n} games", 2).format(2)
    with pytest.raises(TypeError):
        ngettext_noop("%(n)d pair", "%(n)d pairs", 2) % (2,)


def test_sentences_nest():
    card = _("the {rank} of {suit}").format(rank="5", suit=_("trumps"))
    s = _("{card} beats {beaten}: {why}").format(card=card, beaten="K♥", why=follow_hearts())
    assert s == "the 5 of trumps beats K♥: You must follow hearts."
    assert s.params["card"].msgid == "the {rank} of {suit}"
    assert s.params["why"].params["suit"] == "hearts"


@pytest.mark.parametrize(("n", "english"), [(1, "1 pair"), (2, "2 pairs"), (0, "0 pairs")])
def test_a_plural_picks_the_english_form_and_keeps_both(n, english):
    s = ngettext_noop("%(n)d pair", "%(n)d pairs", n) % {"n": n}
    assert s == english
    assert (s.msgid, s.plural, s.count, s.style) == ("%(n)d pair", "%(n)d pairs", n, "%")


def test_a_plural_formats_with_braces_too():
    s = ngettext_noop("{n} game", "{n} games", 3).format(n=3)
    assert s == "3 games" and s.style == "{}" and s.count == 3 and s.msgid == "{n} game"


# --- saying them -----------------------------------------------------------------------


def test_say_passes_plain_text_through():
    assert speak.say("Pair 7") == "Pair 7"
    assert speak.say(None) == ""
    assert speak.say(12) == "12"


def test_say_in_english_is_the_english():
    with translation.override("en"):
        assert speak.say(follow_hearts()) == "You must follow hearts."


def test_say_in_french_translates_the_sentence_and_its_words(french):
    assert speak.say(_("hearts")) == "cœur"
    assert speak.say(follow_hearts()) == "Vous devez fournir à cœur."
    assert (
        speak.say(_("Counted: pair %(pair)d won.") % {"pair": 7}) == "Compté : la paire 7 a gagné."
    )


def test_say_in_french_translates_nested_sentences(french):
    card = _("the {rank} of {suit}").format(rank="5", suit=_("trumps"))
    s = _("{card} beats {beaten}: {why}").format(card=card, beaten="K♥", why=follow_hearts())
    assert speak.say(s) == "le 5 de atout bat K♥ : Vous devez fournir à cœur."


def test_say_in_french_picks_the_french_plural(french):
    for n, said in ((1, "1 paire"), (2, "2 paires"), (0, "0 paire")):
        assert speak.say(ngettext_noop("%(n)d pair", "%(n)d pairs", n) % {"n": n}) == said
    # A plural never formatted is said in the count's form.
    assert speak.say(ngettext_noop("{n} game", "{n} games", 5)) == "{n} parties"


def test_a_plural_nested_in_a_plural(french):
    scores = ngettext_noop(
        "there is only {n} different score", "there are only {n} different scores", 1
    ).format(n=1)
    s = ngettext_noop(
        "Prize {numbers} is not awarded: {scores}.",
        "Prizes {numbers} are not awarded: {scores}.",
        2,
    ).format(numbers=_("{items} and {last}").format(items="2", last="3"), scores=scores)
    assert s == "Prizes 2 and 3 are not awarded: there is only 1 different score."
    assert speak.say(s) == "Les prix 2 et 3 ne sont pas attribués : il n'y a que 1 score différent."


@pytest.mark.parametrize(
    "bad",
    ["Vous devez fournir à {couleur}.", "Vous devez fournir à {0}.", "{suit", "%(suit)s {suit}}"],
)
def test_a_bad_translation_falls_back_to_the_english(monkeypatch, bad):
    monkeypatch.setattr(speak, "gettext", lambda text: bad if text.startswith("You") else text)
    with translation.override("fr"):
        assert speak.say(follow_hearts()) == "You must follow hearts."


def test_a_bad_percent_translation_falls_back_to_the_english(monkeypatch):
    monkeypatch.setattr(speak, "gettext", lambda text: "Compté : %(paire)d.")
    with translation.override("fr"):
        assert speak.say(_("Counted: pair %(pair)d won.") % {"pair": 7}) == "Counted: pair 7 won."


def test_say_json_says_a_kept_sentence_in_the_readers_language(french):
    kept = json.loads(json.dumps(to_json(follow_hearts())))
    assert speak.say_json(kept) == "Vous devez fournir à cœur."
    assert speak.say_json("plain words") == "plain words"
    assert speak.say_json(None) == ""


# --- keeping them ------------------------------------------------------------------------


def test_to_json_keeps_what_a_sentence_was_made_of():
    assert to_json("Pair 7") == "Pair 7"
    assert to_json(_("hearts")) == {"msgid": "hearts"}
    assert to_json(follow_hearts()) == {
        "msgid": "You must follow {suit}.",
        "style": "{}",
        "params": {"suit": {"msgid": "hearts"}},
    }
    s = ngettext_noop("%(n)d pair", "%(n)d pairs", 2) % {"n": 2}
    assert to_json(s) == {
        "msgid": "%(n)d pair",
        "style": "%",
        "params": {"n": 2},
        "plural": "%(n)d pairs",
        "count": 2,
    }
    assert to_json(ngettext_noop("{n} game", "{n} games", 3)) == {
        "msgid": "{n} game",
        "plural": "{n} games",
        "count": 3,
    }


@pytest.mark.parametrize(
    "sentence",
    [
        _("hearts"),
        follow_hearts(),
        _("Counted: pair %(pair)d won.") % {"pair": 7},
        _("{card} beats {beaten}: {why}").format(
            card=_("the {rank} of {suit}").format(rank="5", suit=_("trumps")),
            beaten="K♥",
            why=follow_hearts(),
        ),
        ngettext_noop("%(n)d pair", "%(n)d pairs", 1) % {"n": 1},
        ngettext_noop("{n} game", "{n} games", 4).format(n=4),
        ngettext_noop("{n} game", "{n} games", 4),
        ngettext_noop("{pairs} declines", "{pairs} decline", 2).format(
            pairs=ngettext_noop("pair {numbers}", "pairs {numbers}", 2).format(
                numbers=_("{items} and {last}").format(items="3", last="7")
            )
        ),
    ],
)
def test_a_sentence_goes_to_json_and_back_whole(sentence):
    back = from_json(json.loads(json.dumps(to_json(sentence))))
    assert str(back) == str(sentence)
    assert to_json(back) == to_json(sentence)


def test_from_json_reads_anything_as_text():
    assert from_json(None) == ""
    assert from_json(12) == "12"
    assert from_json({"no": "msgid"}) == "{'no': 'msgid'}"
    # A kept sentence whose values no longer fit its text: the text, never an error.
    assert from_json({"msgid": "You must follow {suit}.", "style": "{}", "params": {}}) == (
        "You must follow {suit}."
    )
    assert from_json({"msgid": "Pair %(pair)d", "style": "%", "params": "nonsense"}) == (
        "Pair %(pair)d"
    )


def test_a_said_sentence_pickles_whole():
    s = _("{card} beats {beaten}: {why}").format(card="5♥", beaten="K♥", why=follow_hearts())
    back = pickle.loads(pickle.dumps(s))
    assert isinstance(back, Said) and back == s
    assert (back.msgid, back.style, back.params) == (s.msgid, s.style, s.params)
    assert isinstance(back.params["why"], Said) and back.params["why"].msgid == (
        "You must follow {suit}."
    )
    p = pickle.loads(pickle.dumps(ngettext_noop("%(n)d pair", "%(n)d pairs", 3) % {"n": 3}))
    assert (p, p.msgid, p.plural, p.count, p.params) == (
        "3 pairs",
        "%(n)d pair",
        "%(n)d pairs",
        3,
        {"n": 3},
    )


def test_a_pickled_sentence_is_still_said_in_french(french):
    assert speak.say(pickle.loads(pickle.dumps(follow_hearts()))) == "Vous devez fournir à cœur."


WORDS = st.sampled_from([_("hearts"), _("trumps"), _("the Joker"), _("diamonds")])
VALUES = st.one_of(
    st.text(max_size=20),
    st.integers(min_value=-(10**9), max_value=10**9),
    st.booleans(),
    st.none(),
    WORDS,
    WORDS.map(lambda w: _("You must follow {suit}.").format(suit=w)),
)


@given(a=VALUES, b=VALUES, n=st.integers(min_value=0, max_value=50))
def test_any_values_go_to_json_and_back_as_the_same_words(a, b, n):
    for s in (
        _("{a} then {b}").format(a=a, b=b),
        _("%(a)s then %(b)s") % {"a": a, "b": b},
        ngettext_noop("{n} card for {a}", "{n} cards for {a}", n).format(n=n, a=a),
        _("{outer}: {b}").format(outer=_("{a}!").format(a=a), b=b),
    ):
        assert str(from_json(json.loads(json.dumps(to_json(s))))) == str(s)


# --- a pure module's refusal on the screen ---------------------------------------------

KNOWN = {
    "tricks add up to {total}, must be {n}",
    "You do not hold {card}.",
}


def shouted(text: str) -> str:
    """The known msgids in capitals, their {values} untouched: a stand-in translation."""
    if text not in KNOWN:
        return text
    parts = re.split(r"(\{[^}]*\})", text)
    return "".join(p if p.startswith("{") else p.upper() for p in parts)


def test_the_stand_in_translation_keeps_the_values():
    assert (
        shouted("tricks add up to {total}, must be {n}") == "TRICKS ADD UP TO {total}, MUST BE {n}"
    )
    assert shouted("something else") == "something else"


def test_a_hand_the_rules_refuse_is_said_in_the_language_of_the_screen(
    monkeypatch, org_client, club, organizer
):
    monkeypatch.setattr(speak, "gettext", shouted)
    game = scorekeeper.score_game_create(
        club=club,
        family="forty_fives",
        variant="forty_fives_45",
        sides=[{"name": "A", "players": 2}, {"name": "B", "players": 2}],
        options={},
        target=None,
        title="",
        actor=organizer,
        now=NOW,
    )
    data = {"number": 1, "key": "key-1", "tricks_0": 4, "tricks_1": 2, "best": 0}
    r = org_client.post(reverse("scorekeeper:hand_add", args=[game.pk]), data)
    assert r.status_code == 400
    assert "TRICKS ADD UP TO 6, MUST BE 5" in unescape(r.content.decode())
    assert not game.hands.exists()


def test_a_practice_move_the_rules_refuse_is_said_in_the_language_of_the_screen(
    monkeypatch, anon_client
):
    monkeypatch.setattr(speak, "gettext", shouted)
    deal = Deal("traditional", 3, PlayOptions(), 20261130).code
    r = anon_client.post(reverse("practice:start"), {"deal": deal, "level": "ned"})
    assert r.status_code == 302
    played = played_in(anon_client)
    other = next(c for c in deck() if c not in played.state.hands[0])
    r = anon_client.post(
        reverse("practice:move"), {"move": f"p:{card_code(other)}", "at": at_of(anon_client)}
    )
    assert r.status_code == 400
    assert f"YOU DO NOT HOLD {other}." in unescape(r.content.decode())


def test_an_options_refusal_names_the_option_in_the_screens_language(french):
    with pytest.raises(SetupError) as refused:
        OPTION["elimination_floor"].checked("-80")
    reason = refused.value.args[0]
    assert str(reason) == "elimination: enter a whole number, or leave it blank"
    assert speak.say(reason) == "Élimination : entrez un nombre entier, ou laissez vide"


def test_a_pure_rules_refusal_is_said_in_french(french):
    with pytest.raises(HandError) as refused:
        hand_points(Variant("forty_fives", 45, two_pairs()), (4, 2), best=0)
    assert refused.value.reason == "tricks add up to 6, must be 5"
    assert speak.say(refused.value.reason) == "les levées font 6, il en faut 5"
    assert speak.say(refused.value.args[0]) == "les levées font 6, il en faut 5"


# --- What a programmer gets wrong is refused plainly (kills the format/mod mutants) -----

WRONG = "a sentence to translate takes named values only"


@pytest.mark.parametrize(
    "template",
    [gettext_noop("{n} of {m}"), ngettext_noop("{n} pair", "{n} pairs", 2)],
    ids=["msg", "plural"],
)
def test_every_wrong_use_says_the_same_plain_reason(template):
    with pytest.raises(TypeError, match=f"^{WRONG}$"):
        template.format(1, 2)
    with pytest.raises(TypeError, match=f"^{WRONG}$"):
        template % (1, 2)
    with pytest.raises(TypeError, match=f"^{WRONG}$"):
        template % "x"
    said = template.format(n=1, m=2)
    assert (said.style, said.params) == ("{}", {"n": 1, "m": 2})


def test_percent_style_keeps_its_values_as_a_dict():
    said = gettext_noop("%(n)d of %(m)d") % {"n": 1, "m": 2}
    assert (str(said), said.style, said.params) == ("1 of 2", "%", {"n": 1, "m": 2})
    plural = ngettext_noop("%(n)d pair", "%(n)d pairs", 1) % {"n": 1}
    assert (str(plural), plural.style, plural.count, plural.plural) == (
        "1 pair",
        "%",
        1,
        "%(n)d pairs",
    )


def test_values_of_every_json_kind_are_kept_as_they_are():
    said = gettext_noop("{a}{b}{c}{d}{e}").format(a=None, b=True, c=2, d=1.5, e=gettext_noop("x"))
    assert to_json(said)["params"] == {"a": None, "b": True, "c": 2, "d": 1.5, "e": {"msgid": "x"}}


def test_a_plural_kept_without_its_count_is_said_as_its_msgid():
    assert str(from_json({"msgid": "{n} pair", "plural": "{n} pairs", "style": "{}"})) == "{n} pair"
    back = from_json(
        {"msgid": "{n} pair", "plural": "{n} pairs", "count": 3, "style": "{}", "params": {"n": 3}}
    )
    assert (str(back), back.count, back.plural) == ("3 pairs", 3, "{n} pairs")


def test_json_with_params_that_are_not_a_mapping_says_the_msgid():
    assert str(from_json({"msgid": "plain", "style": "%", "params": ["x"]})) == "plain"
    assert str(from_json({"msgid": "{n}", "style": "{}", "params": ["x"]})) == "{n}"
