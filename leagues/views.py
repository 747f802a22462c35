"""The league's screens: the list and a new league, a league's page (its standings, its
schedule, its teams), its rules, a team with its roster, a night of the schedule (its
drive, the pairs of each team, its result), and the standings with the players' table.

Every member of the club reads a league; only an organizer (the league's secretary)
changes one. Another club's league is not found (404)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from clubs.interface import DriveError
from clubs.models import Membership
from clubs.views import handle_drive_errors, membership_of, organizer_only, origin_of, page, posted
from drives.interface import TeamMatch
from drives.models import Pair

from . import queries, services
from .forms import (
    LeagueForm,
    NightForm,
    PairForm,
    RosterAddForm,
    RosterMoveForm,
    TeamEditForm,
    TeamForm,
)
from .models import League, LeagueNight, RosterEntry, Team


def league_for_user(
    request, league_id: int, *, organizer: bool = False
) -> tuple[League, Membership]:
    """The league if it is of the user's club (else 404); an organizer's only when asked."""
    m = membership_of(request)
    league = League.objects.select_related("club").filter(pk=league_id, club=m.club).first()
    if league is None:
        raise Http404(_("No such league in your club."))
    if organizer:
        organizer_only(m.role)
    request.role = m.role
    return league, m


def team_of(league: League, team_id: int) -> Team:
    team = league.teams.filter(pk=team_id).first()
    if team is None:
        raise Http404(_("No such team in this league."))
    return team


def night_of(league: League, night_id: int) -> LeagueNight:
    night = league.nights.select_related("drive", "host", "playoff_winner").filter(pk=night_id)
    night = night.first()
    if night is None:
        raise Http404(_("No such night in this league."))
    return night


def entry_of(league: League, entry_id: int) -> RosterEntry:
    entry = RosterEntry.objects.select_related("player", "team", "league").filter(
        pk=entry_id, league=league
    )
    entry = entry.first()
    if entry is None:
        raise Http404(_("No such player on this league's rosters."))
    return entry


def partial(request, template: str, ctx: dict, status: int = 200) -> HttpResponse:
    """One region for htmx, with the flash messages out of band."""
    response = render(request, template, ctx, status=status)
    response.write(render_to_string("clubs/_flash_oob.html", request=request))
    return response


def form_refused(form, error: DriveError) -> None:
    form.add_error(None, error.message)


def now_and_origin(request, what: str) -> dict:
    return {"actor": request.user, "now": timezone.now(), "origin": origin_of(request, what)}


# ---- the list, a new league, its rules ----------------------------------------------------


@login_required
@require_GET
def league_list(request):
    m = membership_of(request)
    rows = [
        {"league": lg, "teams": lg.teams.count(), "nights": lg.nights.count()}
        for lg in League.objects.filter(club=m.club)
    ]
    return page(request, "leagues/league_list.html", {"rows": rows, "role": m.role})


@login_required
@require_http_methods(["GET", "POST"])
@handle_drive_errors
def league_create(request):
    m = membership_of(request)
    organizer_only(m.role)
    form = LeagueForm(posted(request))
    if request.method == "POST" and form.is_valid():
        try:
            league = services.league_create(
                club=m.club, **now_and_origin(request, "new league"), **form.rules()
            )
        except DriveError as e:
            form_refused(form, e)
        else:
            messages.success(request, _("League created. Now add its teams."))
            return redirect("leagues:league_detail", league_id=league.pk)
    status = 400 if request.method == "POST" else 200
    return page(request, "leagues/league_form.html", {"form": form, "league": None}, status)


@login_required
@require_http_methods(["GET", "POST"])
@handle_drive_errors
def league_edit(request, league_id):
    league, m = league_for_user(request, league_id, organizer=True)
    form = LeagueForm(posted(request), initial=LeagueForm.initial_of(league))
    if request.method == "POST" and form.is_valid():
        try:
            services.league_update(
                league=league, **now_and_origin(request, "league rules"), **form.rules()
            )
        except DriveError as e:
            form_refused(form, e)
        else:
            messages.success(request, _("Rules saved: the standings follow them at once."))
            return redirect("leagues:league_detail", league_id=league.pk)
    status = 400 if request.method == "POST" else 200
    ctx = {"form": form, "league": league, "role": m.role}
    return page(request, "leagues/league_form.html", ctx, status)


# ---- a league's page: standings, schedule, teams ------------------------------------------


def league_context(league: League, role: str, team_form: TeamForm | None = None) -> dict:
    table = queries.league_standings(league)
    return {
        "league": league,
        "table": table,
        "rows": team_rows(table),
        "rules": queries.rules_words(league),
        "teams": list(league.teams.select_related("captain")),
        "team_form": team_form or TeamForm(),
        "role": role,
    }


def team_rows(table: queries.LeagueStandings) -> list[dict]:
    played = table.played
    return [
        {
            "row": row,
            "team": table.teams[row.team],
            "by_night": [row.night_points.get(n.number) for n in played],
        }
        for row in table.rows
    ]


@login_required
@require_GET
def league_detail(request, league_id):
    league, m = league_for_user(request, league_id)
    return page(request, "leagues/league_detail.html", league_context(league, m.role))


@login_required
@require_POST
@handle_drive_errors
def team_add(request, league_id):
    league, m = league_for_user(request, league_id, organizer=True)
    form = TeamForm(request.POST)
    status = 400
    if form.is_valid():
        try:
            team = services.team_create(
                league=league,
                name=form.cleaned_data["name"],
                venue=form.cleaned_data["venue"],
                **now_and_origin(request, "league teams"),
            )
        except DriveError as e:
            form_refused(form, e)
            status = e.status
        else:
            messages.success(request, _("%(team)s added.") % {"team": team.name})
            if not request.htmx:
                return redirect("leagues:league_detail", league_id=league.pk)
            form, status = None, 200
    if request.htmx:
        ctx = league_context(league, m.role, form)
        return partial(request, "leagues/league_detail.html#league-teams", ctx, status)
    ctx = league_context(league, m.role, form)
    return page(request, "leagues/league_detail.html", ctx, status)


# ---- a team and its roster ------------------------------------------------------------------


def team_context(league: League, team: Team, role: str, **forms) -> dict:
    roster = list(team.roster.filter(left_at__isnull=True).select_related("player"))
    past = list(team.roster.filter(left_at__isnull=False).select_related("player"))
    return {
        "league": league,
        "team": team,
        "roster": roster,
        "past": past,
        "edit_form": forms.get("edit_form")
        or TeamEditForm(
            initial={"name": team.name, "venue": team.venue, "captain": team.captain_id},
            team=team,
        ),
        "add_form": forms.get("add_form") or RosterAddForm(league=league),
        "move_form": RosterMoveForm(league=league),
        "role": role,
    }


@login_required
@require_http_methods(["GET", "POST"])
@handle_drive_errors
def team_detail(request, league_id, team_id):
    """A team: its name, venue and captain (POST changes them), its roster."""
    league, m = league_for_user(request, league_id, organizer=request.method == "POST")
    team = team_of(league, team_id)
    status = 200
    edit_form = None
    if request.method == "POST":
        edit_form = TeamEditForm(request.POST, team=team)
        status = 400
        if edit_form.is_valid():
            try:
                team = services.team_update(
                    team=team,
                    name=edit_form.cleaned_data["name"],
                    venue=edit_form.cleaned_data["venue"],
                    captain=edit_form.cleaned_data["captain"],
                    **now_and_origin(request, "league team"),
                )
            except DriveError as e:
                form_refused(edit_form, e)
                status = e.status
            else:
                messages.success(request, _("Team saved."))
                return redirect("leagues:team_detail", league_id=league.pk, team_id=team.pk)
    ctx = team_context(league, team, m.role, edit_form=edit_form)
    return page(request, "leagues/team_detail.html", ctx, status)


def roster_answer(request, league, team, role, status=200, add_form=None):
    if request.htmx:
        ctx = team_context(league, team, role, add_form=add_form)
        return partial(request, "leagues/team_detail.html#team-roster", ctx, status)
    return redirect("leagues:team_detail", league_id=league.pk, team_id=team.pk)


@login_required
@require_POST
@handle_drive_errors
def roster_add(request, league_id, team_id):
    league, m = league_for_user(request, league_id, organizer=True)
    team = team_of(league, team_id)
    form = RosterAddForm(request.POST, league=league)
    if not form.is_valid():
        raise DriveError(_("Choose a player of the club's register who is on no team yet."))
    entry = services.roster_add(
        team=team, player=form.cleaned_data["player"], **now_and_origin(request, "roster")
    )
    messages.success(
        request, _("%(player)s is on %(team)s.") % {"player": entry.player.name, "team": team.name}
    )
    return roster_answer(request, league, team, m.role)


@login_required
@require_POST
@handle_drive_errors
def roster_move(request, league_id, entry_id):
    league, m = league_for_user(request, league_id, organizer=True)
    entry = entry_of(league, entry_id)
    form = RosterMoveForm(request.POST, league=league)
    if not form.is_valid():
        raise DriveError(_("Choose the team to move the player to."))
    team = form.cleaned_data["team"]
    services.roster_move(entry=entry, team=team, **now_and_origin(request, "roster"))
    messages.success(
        request,
        _("%(player)s moved to %(team)s.") % {"player": entry.player.name, "team": team.name},
    )
    return roster_answer(request, league, entry.team, m.role)


@login_required
@require_POST
@handle_drive_errors
def roster_remove(request, league_id, entry_id):
    league, m = league_for_user(request, league_id, organizer=True)
    entry = entry_of(league, entry_id)
    services.roster_remove(entry=entry, **now_and_origin(request, "roster"))
    messages.success(
        request,
        _("%(player)s is off %(team)s's roster.")
        % {"player": entry.player.name, "team": entry.team.name},
    )
    return roster_answer(request, league, entry.team, m.role)


# ---- the schedule ---------------------------------------------------------------------------


def night_values(form: NightForm) -> dict:
    return {
        "on": form.cleaned_data["date"],
        "kind": form.cleaned_data["kind"],
        "host": form.cleaned_data["host"],
        "venue": form.cleaned_data["venue"],
        "teams": form.teams(),
    }


@login_required
@require_http_methods(["GET", "POST"])
@handle_drive_errors
def night_create(request, league_id):
    league, m = league_for_user(request, league_id, organizer=True)
    initial = {"date": timezone.localdate(), "kind": league.kind}
    form = NightForm(posted(request), initial=initial, league=league)
    if request.method == "POST" and form.is_valid():
        try:
            night = services.night_schedule(
                league=league, **night_values(form), **now_and_origin(request, "league schedule")
            )
        except DriveError as e:
            form_refused(form, e)
        else:
            messages.success(request, _("Night %(n)d is on the schedule.") % {"n": night.number})
            return redirect("leagues:league_detail", league_id=league.pk)
    status = 400 if request.method == "POST" else 200
    ctx = {"form": form, "league": league, "night": None, "role": m.role}
    return page(request, "leagues/night_form.html", ctx, status)


@login_required
@require_http_methods(["GET", "POST"])
@handle_drive_errors
def night_edit(request, league_id, night_id):
    league, m = league_for_user(request, league_id, organizer=True)
    night = night_of(league, night_id)
    teams = [nt.team for nt in night.teams.select_related("team")]
    initial = {
        "date": night.date,
        "kind": night.kind,
        "host": night.host_id,
        "venue": night.venue,
        "home": teams[0].pk if len(teams) == 2 else None,
        "away": teams[1].pk if len(teams) == 2 else None,
    }
    form = NightForm(posted(request), initial=initial, league=league)
    if request.method == "POST" and form.is_valid():
        try:
            services.night_update(
                night=night, **night_values(form), **now_and_origin(request, "league schedule")
            )
        except DriveError as e:
            form_refused(form, e)
        else:
            messages.success(request, _("Night %(n)d changed.") % {"n": night.number})
            return redirect("leagues:night_detail", league_id=league.pk, night_id=night.pk)
    status = 400 if request.method == "POST" else 200
    ctx = {"form": form, "league": league, "night": night, "role": m.role}
    return page(request, "leagues/night_form.html", ctx, status)


@login_required
@require_POST
@handle_drive_errors
def night_remove(request, league_id, night_id):
    league, _m = league_for_user(request, league_id, organizer=True)
    night = night_of(league, night_id)
    services.night_remove(night=night, **now_and_origin(request, "league schedule"))
    messages.success(request, _("Night %(n)d is off the schedule.") % {"n": night.number})
    return redirect("leagues:league_detail", league_id=league.pk)


# ---- a night: its drive, its pairs by team, its result --------------------------------------


def night_context(league: League, night: LeagueNight, role: str, forms=None) -> dict:
    night = night_of(league, night.pk)
    table = queries.league_standings(league)
    info = table.night(night.number)
    night_teams = list(night.teams.select_related("team"))
    pairs = list(Pair.objects.filter(drive=night.drive).order_by("number")) if night.drive else []
    forms = forms or {}
    playing = frozenset(p for pair in pairs for p in (pair.person1_id, pair.person2_id) if p)
    sides = []
    for nt in night_teams:
        sides.append(
            {
                "team": nt.team,
                "side": nt.side,
                "pairs": [p for p in pairs if p.side == nt.side],
                "form": forms.get(nt.team.pk)
                or PairForm(team=nt.team, playing=playing, prefix=f"t{nt.team.pk}"),
            }
        )
    results = {r.team: r for r in (info.results if info else ())}
    return {
        "schedule": match_rounds(night, pairs),
        "league": league,
        "night": night,
        "info": info,
        "sides": sides,
        "results": [(table.teams[r.team], r) for r in (info.results if info else ())],
        "result_of": results,
        "unsided": [p for p in pairs if p.side is None],
        "match": night.kind == League.Kind.MATCH,
        "playoff": night.kind == League.Kind.MATCH
        and league.tie_rule == League.TieRule.PLAYOFF
        and any(r.outcome in ("undecided",) for r in results.values())
        or night.playoff_winner_id is not None,
        "role": role,
    }


def match_rounds(night: LeagueNight, pairs: list[Pair]) -> list[dict]:
    """A team match's schedule on screen: each game, each table's two pairs (the home
    team's first) and the pairs sitting out; empty until both teams have a pair."""
    if night.kind != League.Kind.MATCH or not pairs:
        return []
    side_of = {p.number: p.side for p in pairs}
    try:
        match = TeamMatch.from_sides(side_of)
    except ValueError:
        return []
    rounds = []
    for r in match.schedule():
        tables = [
            (
                m.table,
                *((m.staying, m.moving) if side_of[m.staying] == 1 else (m.moving, m.staying)),
            )
            for m in r.tables
        ]
        rounds.append({"game": r.game, "tables": tables, "sitting_out": r.sitting_out})
    return rounds


@login_required
@require_GET
def night_detail(request, league_id, night_id):
    league, m = league_for_user(request, league_id)
    night = night_of(league, night_id)
    ctx = night_context(league, night, m.role)
    if request.htmx and request.htmx.target == "night-result":
        return render(request, "leagues/night_detail.html#night-result", ctx)
    return page(request, "leagues/night_detail.html", ctx)


@login_required
@require_POST
@handle_drive_errors
def night_drive(request, league_id, night_id):
    league, _m = league_for_user(request, league_id, organizer=True)
    night = night_of(league, night_id)
    services.night_drive_make(night=night, **now_and_origin(request, "league night"))
    messages.success(request, _("The night's drive is made. Now add each team's pairs."))
    return redirect("leagues:night_detail", league_id=league.pk, night_id=night.pk)


@login_required
@require_POST
@handle_drive_errors
def night_pair_add(request, league_id, night_id, team_id):
    league, m = league_for_user(request, league_id, organizer=True)
    night = night_of(league, night_id)
    team = team_of(league, team_id)
    form = PairForm(request.POST, team=team, prefix=f"t{team.pk}")
    status = 400
    if form.is_valid():
        try:
            pair = services.night_pair_add(
                night=night,
                team=team,
                first=form.cleaned_data["first"],
                second=form.cleaned_data["second"],
                **now_and_origin(request, "league night pairs"),
            )
        except DriveError as e:
            form_refused(form, e)
            status = e.status
        else:
            messages.success(
                request,
                _("Pair %(n)d added for %(team)s.") % {"n": pair.number, "team": team.name},
            )
            if not request.htmx:
                return redirect("leagues:night_detail", league_id=league.pk, night_id=night.pk)
            form, status = None, 200
    ctx = night_context(league, night, m.role, forms={team.pk: form} if form else None)
    if request.htmx:
        return partial(request, "leagues/night_detail.html#night-pairs", ctx, status)
    return page(request, "leagues/night_detail.html", ctx, status)


@login_required
@require_POST
@handle_drive_errors
def night_playoff(request, league_id, night_id):
    league, m = league_for_user(request, league_id, organizer=True)
    night = night_of(league, night_id)
    raw = request.POST.get("team", "")
    team = None
    if raw:
        if not raw.isascii() or not raw.isdigit() or len(raw) > 18:
            raise DriveError(_("Choose the team that won the play-off."))
        team = team_of(league, int(raw))
    services.playoff_winner_set(night=night, team=team, **now_and_origin(request, "play-off"))
    if team is None:
        messages.success(request, _("The play-off's winner is cleared."))
    else:
        messages.success(request, _("%(team)s won the play-off.") % {"team": team.name})
    if request.htmx:
        ctx = night_context(league, night, m.role)
        return partial(request, "leagues/night_detail.html#night-result", ctx)
    return redirect("leagues:night_detail", league_id=league.pk, night_id=night.pk)


# ---- the standings ----------------------------------------------------------------------------


@login_required
@require_GET
def league_standings(request, league_id):
    league, m = league_for_user(request, league_id)
    table = queries.league_standings(league)
    ctx = {
        "league": league,
        "table": table,
        "rows": team_rows(table),
        "players": [(p, table.teams.get(p.team)) for p in table.players],
        "rules": queries.rules_words(league),
        "role": m.role,
    }
    if request.htmx and request.htmx.target == "league-standings":
        return render(request, "leagues/league_standings.html#league-standings", ctx)
    return page(request, "leagues/league_standings.html", ctx)
