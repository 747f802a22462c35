"""A league's printed sheets: its schedule for the venues' walls, its standings (the teams,
then the players) and a team match's schedule, printed for the night.

A league: teams that each stand for a venue (a tavern, a lodge, a social club) play league
nights at the venues in turn through a season. Plain data in, bytes out, as series.py:
DocInfo's drive_name holds the league's name, dates arrive written out in the reader's
language, and the drawing's own words go through DocInfo.gettext.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from .common import (
    BOLD,
    GREY,
    INK,
    LIGHT,
    REGULAR,
    Box,
    DocInfo,
    body,
    draw_fitted,
    draw_line,
    fit_size,
    fit_text,
    printable,
    render,
    text_width,
)
from .standings import Span

GAP = 6.0  # between two columns
SHADE = (0.94, 0.94, 0.94)  # every other row
WALL_ROWS = 20  # league nights the schedule fits on one page


# ---------------------------------------------------------------- the documents' data


@dataclass(frozen=True)
class LeagueNight:
    """One night of the league's schedule."""

    number: int
    date_text: str  # written out as the other documents write dates: "Oct. 3, 2026"
    venue: str  # the host venue
    match: tuple[str, str] | None = None  # a team match's teams (home, away); None: a drive night
    played: bool = False


@dataclass(frozen=True)
class LeagueSchedule:
    info: DocInfo  # drive_name: the league's name; club_name: the club's
    season: str  # "Winter 2026–27"
    nights: tuple[LeagueNight, ...]


@dataclass(frozen=True)
class TeamLine:
    """One team of the standings: tied teams share their place."""

    place: int | None  # None: no place (yet)
    team: str
    venue: str
    nights: int  # nights played
    points: int
    won: int  # games won
    lost: int  # games lost
    by_night: tuple[int | None, ...] = ()  # points each night of night_numbers; None: not played


@dataclass(frozen=True)
class PlayerLine:
    place: int | None
    name: str
    team: str
    nights: int
    won: int  # games won


@dataclass(frozen=True)
class LeagueStandings:
    info: DocInfo  # drive_name: the league's name; generated_at: when it is printed
    season: str
    nights_played: int
    night_numbers: tuple[int, ...]  # the head of each night's column of points
    teams: tuple[TeamLine, ...]
    players: tuple[PlayerLine, ...] = ()
    # The league's tie-breaks after points, in order (leagues.standings' codes): "head"
    # (head to head), "won" (games won), "lost" (games lost).
    tiebreaks: tuple[str, ...] = ("head", "won", "lost")


@dataclass(frozen=True)
class MatchPair:
    number: int
    player1: str
    player2: str


@dataclass(frozen=True)
class MatchTeam:
    name: str
    pairs: tuple[MatchPair, ...]


@dataclass(frozen=True)
class MatchRound:
    """One game of a team match: who plays whom at each table, and who sits out."""

    game: int
    tables: tuple[tuple[int, int] | None, ...]  # table 1, 2, ...: (home pair, away pair)
    sitting_out: tuple[int, ...] = ()


@dataclass(frozen=True)
class MatchSchedule:
    info: DocInfo  # drive_name: the league's name; date_text and venue: the match's
    home: MatchTeam
    away: MatchTeam
    rounds: tuple[MatchRound, ...]


# ---------------------------------------------------------------- drawing tables


@dataclass(frozen=True)
class _Col:
    """A column of a table: its head, where it runs, and how its cells print."""

    head: str
    span: Span
    align: str = "left"
    font: str = REGULAR
    size: float = 11.0
    least: float = 8.0  # the smallest size a long cell shrinks to before it wraps


def _spans(x: float, widths: list[float]) -> list[Span]:
    """Columns of these widths side by side from x, GAP apart."""
    out = []
    for w in widths:
        out.append(Span(x, w))
        x += w + GAP
    return out


def _header(c: Canvas, b: Box, lines: list[tuple[str, str, float, tuple]]) -> float:
    """The document's lines (text, font, size, colour) from the body's top; returns the
    y below them. A long line shrinks, then wraps."""
    y = b.top
    for text, font, size, colour in lines:
        if not text.strip():
            continue
        c.setFillColorRGB(*colour)
        fitted = fit_text(text, font, b.width, size * 2.4, size, min_size=max(7.0, size * 0.6))
        y = draw_fitted(c, fitted, b.x, y, b.width)
    c.setFillColorRGB(*INK)
    return y


def _rule(c: Canvas, b: Box, y: float, width: float = 0.8) -> None:
    c.setStrokeColorRGB(*INK)
    c.setLineWidth(width)
    c.line(b.x, y, b.right, y)


def _heads(c: Canvas, b: Box, cols: list[_Col], y: float, size: float) -> float:
    """The columns' heads in grey, on two lines where one is too narrow, over a rule;
    returns the y below the rule."""
    fitted = [
        fit_text(col.head, REGULAR, col.span.width, size * 2.4, size, min_size=size) for col in cols
    ]
    h = max(f.height for f in fitted)
    c.setFillColorRGB(*GREY)
    for col, f in zip(cols, fitted, strict=True):
        if col.head:
            draw_fitted(c, f, col.span.x, y - (h - f.height), col.span.width, col.align)
    _rule(c, b, y - h - 2)
    c.setFillColorRGB(*INK)
    return y - h - 3


def _row(c: Canvas, cols: list[_Col], texts: list[str], top: float, h: float) -> None:
    """One row's cells, each centred in the row's height: shrunk, then wrapped, to fit."""
    for col, text in zip(cols, texts, strict=True):
        if not text:
            continue
        f = fit_text(text, col.font, col.span.width, h - 3, col.size, min_size=col.least)
        draw_fitted(c, f, col.span.x, top - (h - f.height) / 2, col.span.width, col.align)


def _shade(c: Canvas, b: Box, top: float, h: float) -> None:
    c.setFillColorRGB(*SHADE)
    c.rect(b.x, top - h, b.width, h, stroke=0, fill=1)
    c.setFillColorRGB(*INK)


def _place(place: int | None, previous: int | None, first_on_page: bool) -> str:
    """A place once per tie: "=" under it for the others tied, the number again at the top
    of a page."""
    if place is None:
        return "–"
    if place == previous and not first_on_page:
        return "="
    return str(place)


def _joined(*parts: str) -> str:
    return " · ".join(p for p in parts if p and p.strip())


# ---------------------------------------------------------------- the schedule


def draw_schedule(c: Canvas, doc: LeagueSchedule, title: str) -> None:
    """One row per league night, in type to read on a wall; 20 nights a page."""
    info = doc.info
    _ = info.gettext
    b = body(info)
    number_w, date_w, status_w = 36.0, 108.0, 60.0
    flex = b.width - number_w - date_w - status_w - 4 * GAP
    venue_w = flex * 0.42
    spans = _spans(b.x, [number_w, date_w, venue_w, flex - venue_w, status_w])
    # A long venue or match wraps onto two lines rather than shrink below 11 points.
    cols = [
        _Col(_("Night"), spans[0], "right", BOLD, 16),
        _Col(_("Date"), spans[1], "left", REGULAR, 14, 9),
        _Col(_("Venue"), spans[2], "left", REGULAR, 14, 11),
        _Col(_("What is played"), spans[3], "left", REGULAR, 14, 11),
        _Col("", spans[4], "left", BOLD, 13, 9),
    ]

    def page_head() -> float:
        y = _header(
            c,
            b,
            [
                (info.drive_name, BOLD, 24, INK),
                (_joined(info.club_name, doc.season), REGULAR, 14, GREY),
            ],
        )
        return _heads(c, b, cols, y - 8, 11)

    y = page_head()
    h = min(40.0, (y - b.y) / min(max(len(doc.nights), 1), WALL_ROWS))
    for i, night in enumerate(doc.nights):
        if y - h < b.y - 0.01:
            c.showPage()
            y = page_head()
        if i % 2:
            _shade(c, b, y, h)
        if night.match is None:
            what = _("Drive night of teams")
        else:
            home, away = night.match
            what = _("Team match: %(home)s v %(away)s") % {"home": home, "away": away}
        status = _("Played") if night.played else ""
        _row(c, cols, [str(night.number), night.date_text, night.venue, what, status], y, h)
        y -= h
    c.showPage()


def schedule_pdf(doc: LeagueSchedule) -> bytes:
    """The league's nights, for the venues' walls: number, date, host venue, what is
    played, and "Played" once a night is played."""
    _ = doc.info.gettext
    title = _("League schedule")
    return render(doc.info, title, lambda c: draw_schedule(c, doc, title))


# ---------------------------------------------------------------- the standings

NIGHT_LINE = 13.0  # the height of one line of a team's nights
LEAST_CELL = 16.0  # the narrowest night column (two digits at 9 points, with room)


def after_nights(_: Callable[[str], str], n: int) -> str:
    """ "After 6 nights". DocInfo brings gettext but not ngettext: English and French both
    say one night and, from two, nights; no night has words of its own."""
    if n <= 0:
        return _("Before the first night")
    if n == 1:
        return _("After 1 night")
    return _("After %(n)d nights") % {"n": n}


def ties_words(_: Callable[[str], str], tiebreaks: tuple[str, ...]) -> str:
    """ "Ties: head to head, then games won, then games lost." A sentence for each count, so
    a translation can order its words as its language does."""
    names = {"head": _("head to head"), "won": _("games won"), "lost": _("games lost")}
    said = [names.get(code, code) for code in tiebreaks]
    if not said:
        return _("Ties: teams equal on points share the place.")
    if len(said) == 1:
        return _("Ties: %(first)s.") % {"first": said[0]}
    if len(said) == 2:
        return _("Ties: %(first)s, then %(second)s.") % {"first": said[0], "second": said[1]}
    return _("Ties: %(first)s, then %(second)s, then %(third)s.") % {
        "first": said[0],
        "second": said[1],
        "third": ", ".join(said[2:]),
    }


@dataclass(frozen=True)
class _TeamCols:
    place: Span
    team: Span
    nights: Span
    points: Span
    won: Span
    lost: Span
    cells: Span
    per_line: int  # nights on one line of a team's row
    cell: float  # a night's width


def _team_cols(b: Box, nights: int) -> _TeamCols:
    """The teams' columns: the team over its venue, the figures, then a column of points
    per night, on as many lines as it takes for a night's column to be LEAST_CELL wide."""
    fixed = [30.0, 40.0, 44.0, 38.0, 38.0]  # place, nights, points, won, lost
    name_least = 130.0
    gaps = GAP * (len(fixed) + (1 if nights else 0))
    room = b.width - sum(fixed) - gaps - name_least
    per_line, cell = 1, 0.0
    if nights:
        per_line = max(1, int(room // LEAST_CELL))
        lines = -(-nights // per_line)
        per_line = -(-nights // lines)
        cell = min(26.0, room / per_line)
    name_w = b.width - sum(fixed) - gaps - cell * per_line
    place, team, played, points, won, lost, cells = _spans(
        b.x, [fixed[0], name_w, *fixed[1:], cell * per_line]
    )
    return _TeamCols(place, team, played, points, won, lost, cells, per_line, cell)


def draw_league_standings(c: Canvas, doc: LeagueStandings, title: str) -> None:
    """The teams by place, each night's points beside them, then the players, as many
    pages as it takes, the heads on each."""
    info = doc.info
    _ = info.gettext
    b = body(info)
    n = len(doc.night_numbers)
    tc = _team_cols(b, n)
    lines = -(-n // tc.per_line) if n else 0
    team_h = max(30.0, lines * NIGHT_LINE + 8)
    printed = _("Printed %(at)s") % {"at": info.generated_at} if info.generated_at else ""

    def page_head() -> float:
        return _header(
            c,
            b,
            [
                (info.drive_name, BOLD, 20, INK),
                (_joined(info.club_name, doc.season), REGULAR, 12, GREY),
                (_joined(after_nights(_, doc.nights_played), printed), REGULAR, 11, GREY),
            ],
        )

    def section(y: float, text: str) -> float:
        fitted = fit_text(text, BOLD, b.width, 20, 13, min_size=9)
        return draw_fitted(c, fitted, b.x, y - 8, b.width) - 3

    def team_heads(y: float) -> float:
        y = section(y, _("Teams"))
        c.setFillColorRGB(*GREY)
        if n:
            draw_line(c, _("Points by night"), REGULAR, 8, tc.cells.x, y - 8, tc.cells.width)
        base = y - 8 - 10 * max(lines, 1)
        for k in range(lines):
            numbers = doc.night_numbers[k * tc.per_line : (k + 1) * tc.per_line]
            for j, number in enumerate(numbers):
                x = tc.cells.x + j * tc.cell
                draw_line(c, str(number), REGULAR, 8, x, y - 18 - 10 * k, tc.cell, "center")
        for text, span, align in (
            (_("Place"), tc.place, "right"),
            (_("Venue"), tc.team, "left"),
            (_("Nights"), tc.nights, "right"),
            (_("Points"), tc.points, "right"),
            (_("Won"), tc.won, "right"),
            (_("Lost"), tc.lost, "right"),
        ):
            draw_line(c, text, REGULAR, 9, span.x, base, span.width, align)
        # The team's name is printed over its venue: so are their heads.
        draw_line(c, _("Team"), REGULAR, 9, tc.team.x, base + 11, tc.team.width)
        _rule(c, b, base - 5)
        c.setFillColorRGB(*INK)
        return base - 6

    def team_row(row: TeamLine, mark: str, top: float, h: float, name, venue) -> None:
        mid = top - h / 2 - 4
        draw_line(c, mark, REGULAR, 11, tc.place.x, mid, tc.place.width, "right")
        both = name.height + venue.height
        y = draw_fitted(c, name, tc.team.x, top - (h - both) / 2, tc.team.width)
        c.setFillColorRGB(*GREY)
        draw_fitted(c, venue, tc.team.x, y, tc.team.width)
        c.setFillColorRGB(*INK)
        for text, span, font, size in (
            (str(row.nights), tc.nights, REGULAR, 11),
            (str(row.points), tc.points, BOLD, 13),
            (str(row.won), tc.won, REGULAR, 11),
            (str(row.lost), tc.lost, REGULAR, 11),
        ):
            draw_line(c, text, font, size, span.x, mid, span.width, "right")
        cells_top = top - (h - lines * NIGHT_LINE) / 2
        for i in range(n):
            k, j = divmod(i, tc.per_line)
            x, y = tc.cells.x + j * tc.cell, cells_top - k * NIGHT_LINE
            c.setStrokeColorRGB(*LIGHT)
            c.setLineWidth(0.5)
            c.rect(x + 1, y - NIGHT_LINE + 1, tc.cell - 2, NIGHT_LINE - 2)
            points = row.by_night[i] if i < len(row.by_night) else None
            if points is not None:
                baseline = y - NIGHT_LINE / 2 - 9 * 0.36
                draw_line(c, str(points), REGULAR, 9, x + 1, baseline, tc.cell - 2, "center")

    y = team_heads(page_head())
    previous, first = None, True
    for i, row in enumerate(doc.teams):
        # A long name wraps, and its row grows to hold it.
        name = fit_text(row.team, BOLD, tc.team.width, 26, 11, min_size=8)
        venue = fit_text(row.venue, REGULAR, tc.team.width, 21, 9, min_size=7.5)
        h = max(team_h, name.height + venue.height + 6)
        if y - h < b.y:
            c.showPage()
            y = team_heads(page_head())
            first = True
        if i % 2:
            _shade(c, b, y, h)
        team_row(row, _place(row.place, previous, first), y, h, name, venue)
        previous, first = row.place, False
        y -= h

    ties = fit_text(ties_words(_, doc.tiebreaks), REGULAR, b.width, 24, 9, 7)
    if y - ties.height - 4 < b.y:
        c.showPage()
        y = page_head()
    c.setFillColorRGB(*GREY)
    y = draw_fitted(c, ties, b.x, y - 4, b.width)
    c.setFillColorRGB(*INK)

    if doc.players:
        flex = b.width - 30 - 2 * 56 - 4 * GAP
        spans = _spans(b.x, [30, flex * 0.55, flex * 0.45, 56, 56])
        player_cols = [
            _Col(_("Place"), spans[0], "right"),
            _Col(_("Player"), spans[1], "left", least=8.5),
            _Col(_("Team"), spans[2], "left", least=8.5),
            _Col(_("Nights"), spans[3], "right"),
            _Col(_("Won"), spans[4], "right", BOLD),
        ]
        player_h = 17.0

        def player_heads(y: float) -> float:
            return _heads(c, b, player_cols, section(y, _("Players")), 9)

        # The players start under the teams if their heads and a few of them fit there.
        if y - 60 - 3 * player_h < b.y:
            c.showPage()
            y = page_head()
        y = player_heads(y - 8)
        previous, first = None, True
        for i, p in enumerate(doc.players):
            # A long name wraps, and its row grows to hold it.
            h = max(
                player_h,
                *(
                    fit_text(text, REGULAR, col.span.width, 26, col.size, 8.5).height + 4
                    for text, col in ((p.name, player_cols[1]), (p.team, player_cols[2]))
                ),
            )
            if y - h < b.y:
                c.showPage()
                y = player_heads(page_head())
                first = True
            if i % 2:
                _shade(c, b, y, h)
            mark = _place(p.place, previous, first)
            texts = [mark, p.name, p.team, str(p.nights), str(p.won)]
            _row(c, player_cols, texts, y, h)
            previous, first = p.place, False
            y -= h
    c.showPage()


def standings_pdf(doc: LeagueStandings) -> bytes:
    """The league's standings: the teams by place with each night's points, the order of
    the tie-breaks, then the players by place."""
    _ = doc.info.gettext
    title = _("League standings")
    return render(doc.info, title, lambda c: draw_league_standings(c, doc, title))


# ---------------------------------------------------------------- a team match

CELL_LEAST = 9.0  # a game's cell never prints smaller
PAIR_ROW = 17.0


def draw_match(c: Canvas, doc: MatchSchedule, title: str) -> None:
    """The grid of games by tables, with who sits out, then each team's pairs; 12 games at
    12 tables and 12 pairs a team fit one page."""
    info = doc.info
    _ = info.gettext
    b = body(info)
    tables = max((len(r.tables) for r in doc.rounds), default=0)
    cells = [
        [_("%(home)d v %(away)d") % {"home": m[0], "away": m[1]} if m else "" for m in r.tables]
        for r in doc.rounds
    ]
    sits = [", ".join(str(n) for n in r.sitting_out) for r in doc.rounds]
    game_w, pad = 24.0, 1.5  # pad: a cell's room each side of its text
    # "Sitting out" may take two lines: the column is as wide as its longer word, or its
    # longest list of pairs.
    sit_head = max(text_width(w, REGULAR, 9) for w in printable(_("Sitting out")).split())
    sit_least = max([sit_head + 2] + [min(text_width(s, REGULAR, 11), 150) + 4 for s in sits])
    table_w = min(64.0, (b.width - game_w - sit_least - 2 * pad) / max(tables, 1))
    sit_w = b.width - game_w - table_w * tables - 2 * pad
    # One size for every cell: the largest at which the widest fits, never under 9 points
    # (a cell wider still, as a long translation of "v" can make it, wraps).
    texts = [printable(t) for row in cells for t in row if t]
    cell_size = max(
        CELL_LEAST, min([12.0] + [fit_size(t, REGULAR, table_w - 2 * pad, 12) for t in texts])
    )
    sit_size = max(
        CELL_LEAST,
        min([11.0] + [fit_size(printable(t), REGULAR, sit_w - pad, 11) for t in sits if t]),
    )
    game = Span(b.x, game_w)
    grid_x = b.x + game_w + pad
    sit = Span(grid_x + table_w * tables + pad * 2, sit_w - pad)

    def page_head() -> float:
        teams = _("%(home)s v %(away)s") % {"home": doc.home.name, "away": doc.away.name}
        return _header(
            c,
            b,
            [
                (_joined(info.club_name, info.drive_name), REGULAR, 11, GREY),
                (_("Team match"), BOLD, 14, INK),
                (teams, BOLD, 20, INK),
                (_joined(info.date_text, info.venue), REGULAR, 12, INK),
            ],
        )

    def grid_heads(y: float) -> float:
        y -= 8
        c.setFillColorRGB(*GREY)
        if tables:
            draw_line(c, _("Table"), REGULAR, 9, grid_x, y - 9, table_w * tables, "center")
        base = y - 22
        for t in range(tables):
            x = grid_x + t * table_w
            draw_line(c, str(t + 1), BOLD, 10, x, base, table_w, "center")
        draw_line(c, _("Game"), REGULAR, 9, game.x, base, game.width, "center")
        said = fit_text(_("Sitting out"), REGULAR, sit.width, 22, 9, min_size=9)
        # Its last line on the heads' baseline.
        top = base + said.size * 0.92 + (len(said.lines) - 1) * said.size * said.leading
        draw_fitted(c, said, sit.x, top, sit.width)
        _rule(c, b, base - 5)
        c.setFillColorRGB(*INK)
        return base - 5

    def pair_heads(y: float) -> float:
        y -= 16
        for team, x in ((doc.home, b.x), (doc.away, b.x + half + 16)):
            fitted = fit_text(team.name, BOLD, half, 30, 12, min_size=8)
            draw_fitted(c, fitted, x, y - (30 - fitted.height), half)
        _rule(c, b, y - 32)
        return y - 33

    half = (b.width - 16) / 2
    pair_rows = max(len(doc.home.pairs), len(doc.away.pairs))
    pairs_h = 16 + 33 + pair_rows * PAIR_ROW
    y = grid_heads(page_head())
    h = max(20.0, min(30.0, (y - b.y - pairs_h) / max(len(doc.rounds), 1)))

    for i, r in enumerate(doc.rounds):
        if y - h < b.y:
            c.showPage()
            y = grid_heads(page_head())
        if i % 2:
            _shade(c, b, y, h)
        draw_line(c, str(r.game), BOLD, 12, game.x, y - h / 2 - 4, game.width, "center")
        for t, text in enumerate(cells[i]):
            if not text:
                continue
            f = fit_text(text, REGULAR, table_w - 2 * pad, h - 2, cell_size, min_size=cell_size)
            x = grid_x + t * table_w + pad
            draw_fitted(c, f, x, y - (h - f.height) / 2, table_w - 2 * pad, "center")
        if sits[i]:
            f = fit_text(sits[i], REGULAR, sit.width, h - 2, sit_size, min_size=sit_size)
            draw_fitted(c, f, sit.x, y - (h - f.height) / 2, sit.width)
        c.setStrokeColorRGB(*GREY)
        c.setLineWidth(0.4)
        for t in range(tables + 1):
            x = grid_x + t * table_w
            c.line(x, y, x, y - h)
        c.line(b.x, y - h, b.right, y - h)
        y -= h

    if y - 49 - PAIR_ROW < b.y:
        c.showPage()
        y = page_head()
    y = pair_heads(y)
    names_w = half - 26 - GAP
    for i in range(pair_rows):
        # Each team's pair of this row; long names wrap, and the row grows to hold them.
        row = []
        for team, x in ((doc.home, b.x), (doc.away, b.x + half + 16)):
            if i < len(team.pairs):
                p = team.pairs[i]
                names = fit_text(f"{p.player1} & {p.player2}", REGULAR, names_w, 26, 10.5, 8)
                row.append((x, p, names))
        h = max([PAIR_ROW] + [names.height + 4 for _x, _p, names in row])
        if y - h < b.y:
            c.showPage()
            y = pair_heads(page_head())
        if i % 2:
            _shade(c, b, y, h)
        for x, p, names in row:
            draw_line(c, str(p.number), BOLD, 12, x, y - h / 2 - 4.3, 26, "right")
            draw_fitted(c, names, x + 26 + GAP, y - (h - names.height) / 2, names_w)
        y -= h
    c.showPage()


def match_schedule_pdf(doc: MatchSchedule) -> bytes:
    """A team match for the night: the two teams, the date and venue, the grid of games by
    tables (each cell "3 v 7"), who sits out each game, and each team's pairs."""
    _ = doc.info.gettext
    title = _("Team match")
    return render(doc.info, title, lambda c: draw_match(c, doc, title))
