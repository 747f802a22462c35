"""A league and its rules: create and change (leagues.standings reads the rules)."""

from __future__ import annotations

from datetime import datetime

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from clubs.interface import FRONT, DriveError, Origin, TextError, clean_name, record_audit
from clubs.models import Club
from scoring.words import gettext_noop

from ..models import MAX_PAIRS, MAX_POINT_PLACES, MAX_POINTS, League

RULE_FIELDS = (
    "name",
    "season",
    "kind",
    "best_pairs",
    "points_by",
    "place_points",
    "match_win",
    "match_draw",
    "match_loss",
    "tie_rule",
    "tiebreaks",
)
TIEBREAKS = ("head", "won", "lost")


def rules_of(league: League) -> dict:
    """The league's name and rules as an audit entry keeps them."""
    return {k: getattr(league, k) for k in RULE_FIELDS}


def whole(value, *, low: int, high: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise DriveError(
            _("%(what)s: give a whole number from %(low)d to %(high)d.")
            % {"what": what, "low": low, "high": high}
        )
    return value


def clean_rules(values: dict) -> dict:
    """The rules as kept, or a DriveError saying what is wrong, in the secretary's words."""
    unknown = set(values) - set(RULE_FIELDS)
    if unknown:
        raise TypeError(f"unknown league settings: {sorted(unknown)}")
    out = dict(values)
    try:
        if "name" in out:
            out["name"] = clean_name(out["name"], max_length=120, what=_("The league's name"))
        if out.get("season"):
            out["season"] = clean_name(out["season"], max_length=60, what=_("The season"))
    except TextError as e:
        raise DriveError(str(e)) from e
    if "season" in out and not out["season"]:
        out["season"] = ""
    if "kind" in out and out["kind"] not in League.Kind.values:
        raise DriveError(_("Choose how league nights are played."))
    if "points_by" in out and out["points_by"] not in League.PointsBy.values:
        raise DriveError(_("Choose how a drive night gives league points."))
    if "tie_rule" in out and out["tie_rule"] not in League.TieRule.values:
        raise DriveError(_("Choose what decides a team match with equal games won."))
    if out.get("best_pairs") is not None:
        out["best_pairs"] = whole(
            out["best_pairs"], low=1, high=MAX_PAIRS * 4, what=_("The pairs that count")
        )
    if "place_points" in out:
        points = list(out["place_points"] or [])
        if len(points) > MAX_POINT_PLACES:
            raise DriveError(_("Points go to at most %(n)d places.") % {"n": MAX_POINT_PLACES})
        for p in points:
            whole(p, low=0, high=MAX_POINTS, what=_("Each place's points"))
        if any(b > a for a, b in zip(points, points[1:], strict=False)):
            raise DriveError(_("A place cannot get more points than the place above it."))
        out["place_points"] = points
    for key, what in (
        ("match_win", _("The points for a match won")),
        ("match_draw", _("The points for a match drawn")),
        ("match_loss", _("The points for a match lost")),
    ):
        if key in out:
            out[key] = whole(out[key], low=0, high=MAX_POINTS, what=what)
    if "tiebreaks" in out:
        order = list(out["tiebreaks"] or [])
        if any(t not in TIEBREAKS for t in order) or len(set(order)) != len(order):
            raise DriveError(_("Name each tie-break at most once."))
        out["tiebreaks"] = order
    return out


def check_rules(league: League) -> None:
    if league.points_by == League.PointsBy.PLACE and not any(league.place_points):
        raise DriveError(_("Give the points for first place at least (for example 4, 3, 2, 1)."))
    if not league.match_loss <= league.match_draw <= league.match_win:
        raise DriveError(_("A match won must get at least the points of a draw, a draw of a loss."))


def saved(league: League) -> None:
    try:
        with transaction.atomic():
            league.save()
    except IntegrityError as e:
        raise DriveError(
            _("The club already has a league named “%(name)s”.") % {"name": league.name}, 409
        ) from e


def league_create(*, club: Club, actor, now: datetime, origin: Origin = FRONT, **values) -> League:
    values = clean_rules(values)
    if not values.get("name"):
        raise DriveError(_("Give the league a name."))
    values.setdefault("tiebreaks", list(TIEBREAKS))
    with transaction.atomic():
        league = League(club=club, created_at=now, **values)
        check_rules(league)
        saved(league)
        record_audit(
            club=club,
            drive=None,
            actor=actor,
            now=now,
            origin=origin,
            action="league_create",
            summary=gettext_noop("League created: %(name)s") % {"name": league.name},
            new=rules_of(league),
        )
    return league


def league_update(
    *, league: League, actor, now: datetime, origin: Origin = FRONT, **values
) -> League:
    values = clean_rules(values)
    with transaction.atomic():
        league = League.objects.select_for_update().get(pk=league.pk)
        old = rules_of(league)
        for k, v in values.items():
            setattr(league, k, v)
        check_rules(league)
        if rules_of(league) == old:
            return league
        saved(league)
        record_audit(
            club=league.club,
            drive=None,
            actor=actor,
            now=now,
            origin=origin,
            action="league_update",
            summary=gettext_noop("League rules changed: %(name)s") % {"name": league.name},
            old=old,
            new=rules_of(league),
        )
    return league
