"""Reading and checking a document before anything is written: its size, format and version,
every value's type and range, every reference.
"""

from __future__ import annotations

import re
import string
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from clubs.interface import DriveError, RepeatedKey, strict_loads
from drives.interface import (
    MAX_SIDE_NUMBER,
    MAX_TABLES,
    OPTION_NAMES,
    PAIR_CODE_ALPHABET,
    PAIR_CODE_LENGTH,
    is_pair_code,
)
from drives.models import (
    CENTS_MAX,
    MAX_GAMES,
    MAX_NAME,
    MAX_PAIRS,
    Drive,
    PrizeSettings,
    Submission,
    TableGame,
)
from prizes.interface import SETTING_FIELDS as PRIZE_SETTING_FIELDS
from prizes.models import Decision, SideDraw

from . import fields as read
from .fields import DocumentRefused
from .limits import (
    DRIVE_FIELDS,
    FORMAT,
    INT_MAX,
    MAX_BYTES,
    MAX_PAIR,
    SEED_LIMIT,
    SMALL_MAX,
    VERSION,
)

# ---------------------------------------------------------------- reading a file


def _no_constant(name: str):
    raise ValueError(f"{name} is not a number JSON allows")


def check_size(size: int) -> None:
    if size > MAX_BYTES:
        raise DriveError(
            _("The file is too big: a drive export is at most %(mb)d MB.")
            % {"mb": MAX_BYTES // (1024 * 1024)}
        )


def _repeated_key(e: RepeatedKey) -> DriveError:
    """The file names one key twice in one object: which key, and where (pairs[3])."""
    if e.where:
        return DriveError(
            _("The file has the key “%(key)s” twice (in %(where)s): nothing was imported.")
            % {"key": e.key, "where": e.where}
        )
    return DriveError(
        _("The file has the key “%(key)s” twice: nothing was imported.") % {"key": e.key}
    )


def read_document(content: bytes) -> dict:
    """The document in an uploaded file, or a DriveError (400) saying why it is not one."""
    check_size(len(content))
    try:
        text = content.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise DriveError(_("The file is not a drive export: it is not text (UTF-8).")) from None
    try:
        document = strict_loads(text, parse_constant=_no_constant)
    except RepeatedKey as e:
        raise _repeated_key(e) from None
    except RecursionError:
        raise DriveError(
            _("The file is not a drive export: its JSON is nested too deep.")
        ) from None
    except ValueError as e:
        raise DriveError(
            _("The file is not JSON (%(error)s): choose a file exported from Card Drive.")
            % {"error": e}
        ) from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise DriveError(
            _("The file is JSON but not a drive export from Card Drive (format “%(format)s”).")
            % {"format": FORMAT}
        )
    return document


# ---------------------------------------------------------------- checking


@dataclass
class CheckedDocument:
    """The document, checked: plain values, pairs by number."""

    drive: dict
    pairs: list[dict]
    tables: list[dict]  # each with game, table, seats, result, hands, submissions
    audit: list[dict]
    prizes: dict
    usernames: set[str] = field(default_factory=set)


def _check_drive(raw: Any) -> dict:
    # confirm_by_code and the pairs' codes came after the first files: optional, so those
    # files still read (their codes are drawn afresh on import).
    d = read.an_object(raw, "drive", DRIVE_FIELDS, optional=("confirm_by_code",))
    out = {
        "name": read.name(d["name"], "drive.name", 120),
        "date": read.a_date(d["date"], "drive.date"),
        "venue": read.name(d["venue"], "drive.venue", 120, blank=True),
        "games": read.whole_number(d["games"], "drive.games", 1, MAX_GAMES),
        "game": read.choice(d["game"], "drive.game", Drive.Game.values),
        "game_options": read.free_json(d["game_options"], "drive.game_options"),
        "prize_places": read.whole_number(d["prize_places"], "drive.prize_places", 0, 20),
        "sitout_wins": read.true_or_false(d["sitout_wins"], "drive.sitout_wins"),
        "confirm_by_number": read.true_or_false(d["confirm_by_number"], "drive.confirm_by_number"),
        "confirm_by_code": read.true_or_false(
            d.get("confirm_by_code", False), "drive.confirm_by_code"
        ),
        "board_public": read.true_or_false(d["board_public"], "drive.board_public"),
        "standings_public": read.true_or_false(d["standings_public"], "drive.standings_public"),
        "movement": read.choice(d["movement"], "drive.movement", Drive.Movement.values),
        "jar_carried_in": read.cents(d["jar_carried_in"], "drive.jar_carried_in"),
        "status": read.choice(d["status"], "drive.status", Drive.Status.values),
        "seed": read.whole_number(d["seed"], "drive.seed", 0, SEED_LIMIT - 1, null=True),
        "current_game": read.whole_number(d["current_game"], "drive.current_game", 0, MAX_GAMES),
        "finished_at": read.date_time(d["finished_at"], "drive.finished_at", null=True),
        "copied_from": read.drive_ref(d["copied_from"], "drive.copied_from"),
    }
    if not isinstance(out["game_options"], dict):
        raise DocumentRefused("drive.game_options", _("must be an object"))
    unknown = sorted(set(out["game_options"]) - OPTION_NAMES)
    if unknown:
        raise DocumentRefused(
            "drive.game_options", _("unknown option %(name)s") % {"name": unknown[0]}
        )
    if out["confirm_by_number"] and out["confirm_by_code"]:
        raise DocumentRefused(
            "drive.confirm_by_code",
            _("a drive has one way to agree: by pair number or by pair code, not both"),
        )
    if out["status"] == Drive.Status.SETUP:
        if out["current_game"] != 0:
            raise DocumentRefused("drive.current_game", _("must be 0 while pairs are registering"))
    elif not 1 <= out["current_game"] <= out["games"]:
        raise DocumentRefused(
            "drive.current_game",
            _("must be from 1 to the drive's %(n)d games once it has started")
            % {"n": out["games"]},
        )
    if out["status"] != Drive.Status.SETUP and out["seed"] is None:
        raise DocumentRefused(
            "drive.seed", _("a started drive keeps the seed its seating was drawn with")
        )
    return out


def _check_pairs(raw: Any) -> list[dict]:
    pairs = []
    seen: set[int] = set()
    codes: set[str] = set()
    if len(read.a_list(raw, "pairs")) > MAX_PAIRS:
        raise DocumentRefused("pairs", _("a drive has at most %(max)d pairs") % {"max": MAX_PAIRS})
    for i, p in enumerate(read.a_list(raw, "pairs")):
        where = f"pairs[{i}]"
        p = read.an_object(
            p,
            where,
            ("number", "player1", "player2", "paid", "arrived_game", "left_after_game"),
            # Pair codes, the register's people and the pairs' teams came after the first
            # files.
            optional=("code", "person1", "person2", "side"),
        )
        n = read.whole_number(p["number"], f"{where}.number", 1, MAX_PAIR)
        if n in seen:
            raise DocumentRefused(where, _("pair %(n)d is in the list twice") % {"n": n})
        seen.add(n)
        arrived = read.whole_number(p["arrived_game"], f"{where}.arrived_game", 1, MAX_GAMES)
        left = read.whole_number(
            p["left_after_game"], f"{where}.left_after_game", 0, MAX_GAMES, null=True
        )
        if left is not None and left < arrived - 1:
            raise DocumentRefused(where, _("pair %(n)d leaves before it arrives") % {"n": n})
        code = p.get("code")
        if code is not None:
            if not isinstance(code, str) or not is_pair_code(code):
                raise DocumentRefused(
                    f"{where}.code",
                    _("must be %(n)d capital letters from %(letters)s")
                    % {"n": PAIR_CODE_LENGTH, "letters": PAIR_CODE_ALPHABET},
                )
            if code in codes:
                raise DocumentRefused(
                    where, _("pair code %(code)s is in the list twice") % {"code": code}
                )
            codes.add(code)
        pairs.append(
            {
                "number": n,
                "player1": read.name(p["player1"], f"{where}.player1", MAX_NAME),
                "player2": read.name(p["player2"], f"{where}.player2", MAX_NAME),
                "paid": read.true_or_false(p["paid"], f"{where}.paid"),
                "arrived_game": arrived,
                "left_after_game": left,
                "code": code,
                "person1": _person(p.get("person1"), f"{where}.person1"),
                "person2": _person(p.get("person2"), f"{where}.person2"),
                "side": read.whole_number(
                    p.get("side"), f"{where}.side", 1, MAX_SIDE_NUMBER, null=True
                ),
            }
        )
    return pairs


def _person(value: Any, where: str) -> str | None:
    """A pair's person as the file names them (the register's name), or None."""
    return None if value is None else read.name(value, where, MAX_NAME)


def _check_table(raw: Any, game: int, where: str, numbers: set[int], users: set[str]) -> dict:
    t = read.an_object(
        raw, where, ("table", "deal_first", "seats", "result", "hands", "submissions")
    )
    table = read.whole_number(t["table"], f"{where}.table", 1, MAX_TABLES)
    at = _("game %(game)d, table %(table)d") % {"game": game, "table": table}

    def pair_ref(value: Any, path: str, *, null: bool = True) -> int | None:
        n = read.whole_number(value, path, 1, MAX_PAIR, null=null)
        if n is not None and n not in numbers:
            raise DocumentRefused(path, _("pair %(n)d is not registered in this drive") % {"n": n})
        return n

    seats = []
    for j, s in enumerate(read.a_list(t["seats"], f"{where}.seats")):
        path = f"{where}.seats[{j}]"
        s = read.an_object(s, path, ("slot", "pair", "from_table"))
        seats.append(
            {
                "slot": read.whole_number(s["slot"], f"{path}.slot", 1, 2),
                "pair": pair_ref(s["pair"], f"{path}.pair", null=False),
                "from_table": read.whole_number(
                    s["from_table"], f"{path}.from_table", 1, MAX_TABLES, null=True
                ),
            }
        )
    if not 1 <= len(seats) <= 2:
        raise DocumentRefused(where, _("%(at)s must seat one or two pairs") % {"at": at})
    if len({s["slot"] for s in seats}) != len(seats):
        raise DocumentRefused(where, _("%(at)s has two pairs in one seat") % {"at": at})
    seated = {s["pair"] for s in seats}
    if len(seated) != len(seats):
        raise DocumentRefused(where, _("%(at)s seats the same pair twice") % {"at": at})

    deal_first = pair_ref(t["deal_first"], f"{where}.deal_first")
    if deal_first is not None and deal_first not in seated:
        raise DocumentRefused(
            f"{where}.deal_first",
            _("pair %(n)d deals first at %(at)s but does not sit there")
            % {"n": deal_first, "at": at},
        )

    r = read.an_object(
        t["result"],
        f"{where}.result",
        ("status", "winner", "source", "entered_by", "entered_at", "version", "reported_device"),
    )
    S = TableGame.Status
    status = read.choice(r["status"], f"{where}.result.status", S.values)
    winner = pair_ref(r["winner"], f"{where}.result.winner")
    if winner is not None and winner not in seated:
        raise DocumentRefused(
            f"{where}.result.winner",
            _("pair %(n)d won at %(at)s but did not sit there") % {"n": winner, "at": at},
        )
    if status in (S.PENDING, S.CONFLICT) and winner is not None:
        raise DocumentRefused(
            f"{where}.result", _("%(at)s has a winner but no counted result") % {"at": at}
        )
    if status in (S.REPORTED, S.CONFIRMED) and winner is None:
        raise DocumentRefused(
            f"{where}.result",
            _("%(at)s is %(status)s but has no winner") % {"at": at, "status": status},
        )
    if (status == S.SITOUT) != (len(seats) == 1):
        raise DocumentRefused(
            f"{where}.result",
            _("%(at)s: a sit-out table seats one pair, and only a sit-out does") % {"at": at},
        )
    result = {
        "status": status,
        "winner": winner,
        "source": read.choice(
            r["source"], f"{where}.result.source", ["", *TableGame.Source.values]
        ),
        "entered_by": read.username(r["entered_by"], f"{where}.result.entered_by", users),
        "entered_at": read.date_time(r["entered_at"], f"{where}.result.entered_at", null=True),
        "version": read.whole_number(r["version"], f"{where}.result.version", 0, INT_MAX),
        "reported_device": read.text(r["reported_device"], f"{where}.result.reported_device", 64),
    }

    hands = []
    keys: set[str] = set()
    for j, h in enumerate(read.a_list(t["hands"], f"{where}.hands")):
        path = f"{where}.hands[{j}]"
        h = read.an_object(
            h, path, ("number", "record", "key", "source", "device", "entered_by", "entered_at")
        )
        number = read.whole_number(h["number"], f"{path}.number", 1, SMALL_MAX)
        if number != j + 1:
            raise DocumentRefused(
                f"{path}.number",
                _("the hands of %(at)s must be numbered 1, 2, 3… in order") % {"at": at},
            )
        key = read.text(h["key"], f"{path}.key", 64, blank=False)
        if key in keys:
            raise DocumentRefused(
                f"{path}.key", _("two hands of %(at)s have the same key") % {"at": at}
            )
        keys.add(key)
        record = read.free_json(h["record"], f"{path}.record")
        if not isinstance(record, dict):
            raise DocumentRefused(f"{path}.record", _("must be an object"))
        hands.append(
            {
                "number": number,
                "record": record,
                "key": key,
                "source": read.text(h["source"], f"{path}.source", 16),
                "device": read.text(h["device"], f"{path}.device", 200),
                "entered_by": read.username(h["entered_by"], f"{path}.entered_by", users),
                "entered_at": read.date_time(h["entered_at"], f"{path}.entered_at"),
            }
        )
    if hands and len(seats) != 2:
        raise DocumentRefused(
            f"{where}.hands", _("%(at)s is a sit-out: no hands are kept there") % {"at": at}
        )

    submissions = []
    for j, sub in enumerate(read.a_list(t["submissions"], f"{where}.submissions")):
        path = f"{where}.submissions[{j}]"
        sub = read.an_object(
            sub,
            path,
            ("key", "kind", "winner", "device", "agent", "actor", "at", "answer_status", "answer"),
        )
        won = pair_ref(sub["winner"], f"{path}.winner")
        if won is not None and won not in seated:
            raise DocumentRefused(
                f"{path}.winner", _("pair %(n)d did not sit at %(at)s") % {"n": won, "at": at}
            )
        submissions.append(
            {
                "key": read.text(sub["key"], f"{path}.key", 64, blank=False),
                "kind": read.choice(sub["kind"], f"{path}.kind", Submission.Kind.values),
                "winner": won,
                "device": read.text(sub["device"], f"{path}.device", 64),
                "agent": read.text(sub["agent"], f"{path}.agent", 200),
                "actor": read.username(sub["actor"], f"{path}.actor", users),
                "at": read.date_time(sub["at"], f"{path}.at"),
                "answer_status": read.whole_number(
                    sub["answer_status"], f"{path}.answer_status", 100, 599
                ),
                "answer": read.text(sub["answer"], f"{path}.answer", 300),
            }
        )
    return {
        "game": game,
        "table": table,
        "deal_first": deal_first,
        "seats": seats,
        "result": result,
        "hands": hands,
        "submissions": submissions,
    }


def _check_games(raw: Any, drive: dict, pairs: list[dict], users: set[str]) -> list[dict]:
    numbers = {p["number"] for p in pairs}
    played = drive["current_game"]
    tables: list[dict] = []
    games = read.a_list(raw, "games")
    if not played and games:
        raise DocumentRefused("games", _("a drive still registering pairs has no games yet"))
    if len(games) != played:
        raise DocumentRefused(
            "games",
            _("the drive is at game %(n)d, so the file must hold games 1 to %(n)d") % {"n": played},
        )
    keys: set[str] = set()
    for i, g in enumerate(games):
        where = f"games[{i}]"
        g = read.an_object(g, where, ("game", "tables"))
        game = read.whole_number(g["game"], f"{where}.game", 1, MAX_GAMES)
        if game != i + 1:
            raise DocumentRefused(f"{where}.game", _("the games must be 1, 2, 3… in order"))
        seen_tables: set[int] = set()
        seen_pairs: set[int] = set()
        rows = read.a_list(g["tables"], f"{where}.tables")
        if not rows:
            raise DocumentRefused(
                f"{where}.tables", _("game %(game)d has no tables") % {"game": game}
            )
        for j, t in enumerate(rows):
            row = _check_table(t, game, f"{where}.tables[{j}]", numbers, users)
            if row["table"] in seen_tables:
                raise DocumentRefused(
                    f"{where}.tables[{j}]",
                    _("game %(game)d has table %(table)d twice")
                    % {"game": game, "table": row["table"]},
                )
            seen_tables.add(row["table"])
            for s in row["seats"]:
                if s["pair"] in seen_pairs:
                    raise DocumentRefused(
                        f"{where}.tables[{j}]",
                        _("pair %(n)d sits at two tables in game %(game)d")
                        % {"n": s["pair"], "game": game},
                    )
                seen_pairs.add(s["pair"])
            for sub in row["submissions"]:
                if sub["key"] in keys:
                    raise DocumentRefused(
                        f"{where}.tables[{j}].submissions",
                        _("two submissions have the key %(key)s") % {"key": sub["key"]},
                    )
                keys.add(sub["key"])
            over = game < played or drive["status"] == Drive.Status.FINISHED
            if over and row["result"]["status"] not in TableGame.COUNTED:
                raise DocumentRefused(
                    f"{where}.tables[{j}].result",
                    _(
                        "game %(game)d, table %(table)d has no counted result, "
                        "but game %(game)d is over"
                    )
                    % {"game": game, "table": row["table"]},
                )
            tables.append(row)
    return tables


# What an entry's words (scoring.words.to_json) may say in all, placeholders filled: a door
# prize draw naming every pair of the largest drive fits many times over.
WORDS_MAX = 20_000
_PERCENT_FIELD = re.compile(r"%(?:%|\(([A-Za-z_][A-Za-z0-9_]*)\)[sdi])")


def _words(value: Any, where: str) -> dict | None:
    """The words of an audit entry's summary, or None (files from before they were kept).

    They are read back on every audit page, so they may hold only what Card Drive writes:
    plain placeholders (no width, no attribute or index: nothing that runs away or reaches
    into the program) and, placeholders filled, at most WORDS_MAX characters."""
    if value is None:
        return None
    if not isinstance(value, dict):
        raise DocumentRefused(where, _("must be an object or null"))
    read.free_json(value, where)
    if _sentence_size(value, where) > WORDS_MAX:
        raise DocumentRefused(where, _("says more than %(n)d characters") % {"n": WORDS_MAX})
    return value


def _sentence_size(node: Any, where: str) -> int:
    """How long the sentence is at most once its placeholders are filled."""
    node = read.an_object(node, where, ("msgid",), ("style", "params", "plural", "count"))
    texts = [read.text(node["msgid"], f"{where}.msgid", WORDS_MAX, blank=False)]
    if "plural" in node or "count" in node:
        texts.append(read.text(node.get("plural"), f"{where}.plural", WORDS_MAX, blank=False))
        read.whole_number(node.get("count"), f"{where}.count", 0, INT_MAX)
    if "style" not in node:  # a word, said as it is: nothing is put into it
        return max(len(t) for t in texts)
    style = read.choice(node["style"], f"{where}.style", ["%", "{}", ""])
    params = node.get("params", {})
    if not isinstance(params, dict):
        raise DocumentRefused(f"{where}.params", _("must be an object"))
    sizes = {}
    for name, v in params.items():
        if isinstance(v, dict):
            sizes[name] = _sentence_size(v, f"{where}.params.{name}")
        elif isinstance(v, list):
            raise DocumentRefused(
                f"{where}.params.{name}", _("must be text, a number or a sentence")
            )
        else:
            sizes[name] = len(str(v))
    return max(len(t) + sum(sizes.get(f, 0) for f in _fields(t, style, where)) for t in texts)


def _fields(text: str, style: str, where: str) -> list[str]:
    """The names of the placeholders in a sentence, in the style it is formatted with."""
    refused = DocumentRefused(f"{where}.msgid", _("holds a placeholder Card Drive does not write"))
    fields: list[str] = []
    if style == "{}":
        try:
            parts = list(string.Formatter().parse(text))
        except ValueError:
            raise refused from None
        for _literal, name, spec, conversion in parts:
            if name is None:
                continue
            if not name.isidentifier() or spec or conversion:
                raise refused
            fields.append(name)
        return fields
    rest = _PERCENT_FIELD.sub(lambda m: fields.append(m.group(1)) or "", text)
    if "%" in rest:
        raise refused
    return [f for f in fields if f is not None]


def _check_audit(raw: Any, users: set[str]) -> list[dict]:
    entries = read.a_list(raw, "audit")
    out = []
    for i, e in enumerate(entries):
        where = f"audit[{i}]"
        e = read.an_object(
            e,
            where,
            ("at", "actor", "action", "summary", "source", "device", "old", "new"),
            ("undoes", "words"),
        )
        row = {
            "at": read.date_time(e["at"], f"{where}.at"),
            "actor": read.username(e["actor"], f"{where}.actor", users),
            "action": read.text(e["action"], f"{where}.action", 40, blank=False),
            "summary": read.text(e["summary"], f"{where}.summary", 300),
            "source": read.text(e["source"], f"{where}.source", 120),
            "device": read.text(e["device"], f"{where}.device", 200),
            "old": read.free_json(e["old"], f"{where}.old"),
            "new": read.free_json(e["new"], f"{where}.new"),
            # Kept since the trail reads in its reader's language; optional for older files.
            "words": _words(e.get("words"), f"{where}.words"),
        }
        if "undoes" in e:
            if not isinstance(row["new"], dict) or "undoes" in row["new"]:
                raise DocumentRefused(where, _("an undo's new state must be an object"))
            undoes = read.whole_number(e["undoes"], f"{where}.undoes", 0, INT_MAX, null=True)
            if undoes is not None and undoes >= i:
                raise DocumentRefused(f"{where}.undoes", _("an undo must name an earlier entry"))
            row["undoes"] = undoes
        out.append(row)
    return out


PRIZE_RE = re.compile(r"^(place-([1-9]|1[0-9]|20)|booby)$")


def _check_prizes(raw: Any, drive: dict, pairs: list[dict], users: set[str]) -> dict:
    p = read.an_object(
        raw, "prizes", ("settings", "places", "decisions", "jar_entries", "jar_draw", "side_draws")
    )
    numbers = {x["number"] for x in pairs}
    finished = drive["status"] == Drive.Status.FINISHED

    def pair_list(value: Any, where: str, within: set[int]) -> list[int]:
        out = []
        for k, n in enumerate(read.a_list(value, where)):
            n = read.whole_number(n, f"{where}[{k}]", 1, MAX_PAIR)
            if n not in within:
                raise DocumentRefused(
                    f"{where}[{k}]", _("pair %(n)d is not among the pairs it may be") % {"n": n}
                )
            if n in out:
                raise DocumentRefused(f"{where}[{k}]", _("pair %(n)d is named twice") % {"n": n})
            out.append(n)
        return out

    settings = None
    if p["settings"] is not None:
        s = read.an_object(p["settings"], "prizes.settings", PRIZE_SETTING_FIELDS)
        settings = {}
        for name in PRIZE_SETTING_FIELDS:
            f = PrizeSettings._meta.get_field(name)
            where = f"prizes.settings.{name}"
            if f.get_internal_type() == "BooleanField":
                settings[name] = read.true_or_false(s[name], where)
            elif f.get_internal_type() == "CharField":
                settings[name] = read.text(s[name], where, f.max_length)
            else:
                hi = CENTS_MAX if f.get_internal_type() == "PositiveIntegerField" else SMALL_MAX
                settings[name] = read.whole_number(s[name], where, 0, hi, null=f.null)
        if settings["jar_games"] < 1:
            raise DocumentRefused("prizes.settings.jar_games", _("must be at least 1"))
        if settings["booby_cents"] is not None and settings["booby_item"].strip():
            raise DocumentRefused(
                "prizes.settings", _("the booby prize is money or an item, not both")
            )

    places = []
    for i, row in enumerate(read.a_list(p["places"], "prizes.places")):
        where = f"prizes.places[{i}]"
        row = read.an_object(row, where, ("place", "cents", "item"))
        place = read.whole_number(row["place"], f"{where}.place", 1, 20)
        if place > drive["prize_places"]:
            raise DocumentRefused(
                f"{where}.place",
                _("the drive has %(n)d prize places") % {"n": drive["prize_places"]},
            )
        if place in {x["place"] for x in places}:
            raise DocumentRefused(f"{where}.place", _("place %(n)d is there twice") % {"n": place})
        cents = read.cents(row["cents"], f"{where}.cents", null=True)
        item = read.text(row["item"], f"{where}.item", 120)
        if (cents is None) == (not item.strip()):
            raise DocumentRefused(where, _("a place wins money or an item, one of them"))
        places.append({"place": place, "cents": cents, "item": item})

    decisions = []
    for i, row in enumerate(read.a_list(p["decisions"], "prizes.decisions")):
        where = f"prizes.decisions[{i}]"
        row = read.an_object(
            row,
            where,
            (
                "prize",
                "pairs",
                "status",
                "method",
                "winners",
                "detail",
                "history",
                "decided_at",
                "decided_by",
            ),
        )
        prize = read.text(row["prize"], f"{where}.prize", 20)
        if not PRIZE_RE.match(prize):
            raise DocumentRefused(f"{where}.prize", _("must be place-1 … place-20 or booby"))
        if prize in {d["prize"] for d in decisions}:
            raise DocumentRefused(
                f"{where}.prize", _("%(prize)s is decided twice") % {"prize": prize}
            )
        if not finished:
            raise DocumentRefused(where, _("prizes are decided only once the drive is finished"))
        status = read.choice(row["status"], f"{where}.status", Decision.Status.values)
        method = read.choice(row["method"], f"{where}.method", ["", *Decision.Method.values])
        if (status == Decision.Status.OPEN) != (method == ""):
            raise DocumentRefused(
                where, _("a decided prize says how it was decided, an open one does not")
            )
        tied = pair_list(row["pairs"], f"{where}.pairs", numbers)
        detail = read.free_json(row["detail"], f"{where}.detail")
        history = read.free_json(row["history"], f"{where}.history")
        if not isinstance(detail, dict):
            raise DocumentRefused(f"{where}.detail", _("must be an object"))
        if not isinstance(history, list):
            raise DocumentRefused(f"{where}.history", _("must be a list"))
        decisions.append(
            {
                "prize": prize,
                "pairs": tied,
                "status": status,
                "method": method,
                "winners": pair_list(row["winners"], f"{where}.winners", set(tied)),
                "detail": detail,
                "history": history,
                "decided_at": read.date_time(row["decided_at"], f"{where}.decided_at", null=True),
                "decided_by": read.username(row["decided_by"], f"{where}.decided_by", users),
            }
        )

    entries = []
    for i, row in enumerate(read.a_list(p["jar_entries"], "prizes.jar_entries")):
        where = f"prizes.jar_entries[{i}]"
        row = read.an_object(row, where, ("pair", "created_at"))
        n = read.whole_number(row["pair"], f"{where}.pair", 1, MAX_PAIR)
        if n not in numbers:
            raise DocumentRefused(
                f"{where}.pair", _("pair %(n)d is not registered in this drive") % {"n": n}
            )
        if n in {e["pair"] for e in entries}:
            raise DocumentRefused(f"{where}.pair", _("pair %(n)d is in the jar twice") % {"n": n})
        entries.append(
            {"pair": n, "created_at": read.date_time(row["created_at"], f"{where}.created_at")}
        )

    jar_draw = None
    if p["jar_draw"] is not None:
        where = "prizes.jar_draw"
        row = read.an_object(
            p["jar_draw"],
            where,
            (
                "numbers",
                "seed",
                "winners",
                "total",
                "share",
                "kept_by_hall",
                "carried_to",
                "drawn_at",
            ),
        )
        if not finished:
            raise DocumentRefused(
                where, _("the cookie jar is drawn only once the drive is finished")
            )
        drawn = []
        for k, n in enumerate(read.a_list(row["numbers"], f"{where}.numbers")):
            n = read.whole_number(n, f"{where}.numbers[{k}]", 1, drive["current_game"])
            if n in drawn:
                raise DocumentRefused(
                    f"{where}.numbers[{k}]", _("game %(n)d is drawn twice") % {"n": n}
                )
            drawn.append(n)
        jar_draw = {
            "numbers": drawn,
            "seed": read.whole_number(row["seed"], f"{where}.seed", 0, SEED_LIMIT - 1, null=True),
            "winners": pair_list(row["winners"], f"{where}.winners", {e["pair"] for e in entries}),
            "total": read.cents(row["total"], f"{where}.total"),
            "share": read.cents(row["share"], f"{where}.share"),
            "kept_by_hall": read.cents(row["kept_by_hall"], f"{where}.kept_by_hall"),
            "carried_to": read.drive_ref(row["carried_to"], f"{where}.carried_to"),
            "drawn_at": read.date_time(row["drawn_at"], f"{where}.drawn_at"),
        }

    side_draws = []
    for i, row in enumerate(read.a_list(p["side_draws"], "prizes.side_draws")):
        where = f"prizes.side_draws[{i}]"
        row = read.an_object(row, where, ("kind", "seed", "result", "cents", "drawn_at"))
        kind = read.choice(row["kind"], f"{where}.kind", SideDraw.Kind.values)
        if kind in {s["kind"] for s in side_draws}:
            raise DocumentRefused(
                f"{where}.kind", _("the %(kind)s is drawn twice") % {"kind": kind}
            )
        if drive["status"] == Drive.Status.SETUP:
            raise DocumentRefused(where, _("nothing is drawn before the drive starts"))
        result = read.free_json(row["result"], f"{where}.result")
        if not isinstance(result, dict):
            raise DocumentRefused(f"{where}.result", _("must be an object"))
        side_draws.append(
            {
                "kind": kind,
                "seed": read.whole_number(row["seed"], f"{where}.seed", 0, SEED_LIMIT - 1),
                "result": result,
                "cents": read.cents(row["cents"], f"{where}.cents"),
                "drawn_at": read.date_time(row["drawn_at"], f"{where}.drawn_at"),
            }
        )
    return {
        "settings": settings,
        "places": places,
        "decisions": decisions,
        "jar_entries": entries,
        "jar_draw": jar_draw,
        "side_draws": side_draws,
    }


def check_document(document: Any) -> CheckedDocument:
    """The document checked from top to bottom; DocumentRefused names the first thing wrong."""
    doc = read.an_object(
        document,
        "document",
        ("format", "version", "club", "drive", "pairs", "games", "audit", "prizes"),
    )
    if doc["format"] != FORMAT:
        raise DocumentRefused("format", _("must be “%(format)s”") % {"format": FORMAT})
    if type(doc["version"]) is not int or doc["version"] != VERSION:
        raise DocumentRefused(
            "version",
            _("this site reads version %(ours)d; the file is version %(theirs)s")
            % {"ours": VERSION, "theirs": str(doc["version"])[:20]},
        )
    read.text(doc["club"], "club", 120)
    users: set[str] = set()
    drive = _check_drive(doc["drive"])
    pairs = _check_pairs(doc["pairs"])
    if drive["status"] != Drive.Status.SETUP and len(pairs) < 2:
        raise DocumentRefused("pairs", _("a started drive has at least 2 pairs"))
    tables = _check_games(doc["games"], drive, pairs, users)
    audit = _check_audit(doc["audit"], users)
    prizes = _check_prizes(doc["prizes"], drive, pairs, users)
    return CheckedDocument(drive, pairs, tables, audit, prizes, users)
