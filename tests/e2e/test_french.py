"""The site in French, in a real browser: a whole night, the layouts, a practice game.

A night at a French-speaking hall: the organizer's browser speaks fr-CA, taps the
switch once from English to French and sets the club's language, so the players'
phones open their table's card in French with no choice made. Pairs are pasted, the
drive starts with a typed seed, results come from the front and from two phones, the
next game is seated through its preview, an earlier result is corrected, a tie is
cut for, and the prize report and punch cards are downloaded and read (pypdf): every
screen and sheet is in French, with no English UI word left.

Then the screens where French runs longest are measured at 1024x768, 768x1024 and
390x844 (a phone, touch, 3x pixels): no sideways scroll, the hall-fit sizes, no
button whose label is cut. Last, a practice game is played to its end in French.
Screenshots: test-artifacts/screenshots/fr-*.png.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from pypdf import PdfReader

from clubs.interface import Origin
from clubs.models import Club
from drives import services
from drives.models import Drive, TableGame
from prizes.services import money, ties
from tests.builders import NOW, make_club, make_drive, make_user, started_drive
from tests.builders.browser import TRADITIONAL, at, tap_a_card, taps_ready
from tests.builders.prize_report import finished
from tests.e2e.conftest import LANDSCAPE, PHONE, PORTRAIT, watch
from tests.support import hall_fit_problems

pytestmark = pytest.mark.e2e

SIZES = {1024: LANDSCAPE, 768: PORTRAIT, 390: PHONE}
PASSWORD = "pw-for-tests-1"
SEED = "20261205"
PASTE = """\
Marie-Claire Chiasson & Léo Aucoin
Thérèse Poirier & Gérard Boudreau
Jeannette Deveau & Aurèle LeBlanc
Rita Doucet & Fernand Cormier
Père Ronald Larade & Cécile Boudreau
Angèle Samson & Réjean Gallant
"""
LONG_NAMES = "\n".join(
    f"Marie-Élisabeth Arsenault-Chiasson {n} & Jean-Baptiste Doucet-Boudreault {n}"
    for n in range(1, 13)
)

# English words a French screen must not show (the brand "Card Drive" and the switch's
# "English" are meant to stay). French words such as « Paire » or « Table » do not match.
ENGLISH = re.compile(
    r"\b(?:the|and|of|is|your|this|with|won|Won|Lost|Pairs?|Games?|Next|Log out|Tap|"
    r"Print|Printouts|Undo|Prizes|Results|Standings|Download|Settle|How many|language|"
    r"Trick|Trump|Hand|Every|player)\b"
)
PDF_ENGLISH = re.compile(
    r"\b(?:Pairs?|Games?|Prizes?|won|Won|lost|Punch|Place \d+ of|Printed|Cut|Booby|"
    r"Takings|Organizer|signature|the|and|of)\b"
)

# Every visible button whose label does not fit in it: cut, or spilling out of its box
# or off the screen.
CLIPPED_JS = """
() => {
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== "hidden";
  };
  // A phone's window.innerWidth grows with a page too wide for it: the layout viewport does not.
  const screenWidth = document.documentElement.clientWidth;
  const out = [];
  const buttons = "button, .btn, [role=button], input[type=submit]";
  for (const el of document.querySelectorAll(buttons)) {
    if (!shown(el)) continue;
    const label = (el.innerText || el.value || "").trim().replace(/\\s+/g, " ").slice(0, 50);
    const r = el.getBoundingClientRect();
    const [sw, sh, cw, ch] = [el.scrollWidth, el.scrollHeight, el.clientWidth, el.clientHeight];
    if (cw && (sw > cw + 1 || sh > ch + 1)) {
      out.push(`button "${label}" is cut: ${sw}x${sh} in ${cw}x${ch}`);
      continue;
    }
    const range = document.createRange();
    range.selectNodeContents(el);
    const t = range.getBoundingClientRect();
    const spills = t.left < r.left - 1 || t.right > r.right + 1
      || t.top < r.top - 1 || t.bottom > r.bottom + 1;
    if (t.width && spills) out.push(`button "${label}": its text spills out of it`);
    if (r.right > screenWidth + 1 || r.left < -1) {
      const edges = `${Math.round(r.left)} to ${Math.round(r.right)}`;
      out.push(`button "${label}" runs off the screen (${edges})`);
    }
  }
  for (const el of document.querySelectorAll(".topbar > *, .topbar form > *")) {
    if (!shown(el)) continue;
    const r = el.getBoundingClientRect();
    if (r.right > screenWidth + 1 || r.left < -1) {
      out.push(`top bar: "${(el.innerText || "").trim().slice(0, 30)}" runs off the screen`);
    }
  }
  return out;
}
"""


def layout_problems(page: Page) -> list[str]:
    """What breaks the layout here: sideways scroll, the hall-fit rules, cut buttons."""
    found = list(hall_fit_problems(page))
    wide = page.evaluate("document.documentElement.scrollWidth")
    inner = page.viewport_size["width"]
    if wide > inner + 1:
        found.append(f"the page is {wide} px wide in a {inner} px window")
    return found + page.evaluate(CLIPPED_JS)


def english_on(page: Page) -> list[str]:
    """The lines of a French screen (shown, or said to a screen reader) with English words."""
    said = page.evaluate(
        """() => [...document.querySelectorAll('[aria-label], [title], [placeholder]')]
             .flatMap(e => ['aria-label', 'title', 'placeholder'].map(a => e.getAttribute(a)))
             .filter(Boolean)"""
    )
    lines = [*page.locator("body").inner_text().splitlines(), *said]
    return sorted({line.strip()[:100] for line in lines if ENGLISH.search(line)})


def english_in(text: str) -> list[str]:
    """A printout's English words, each with the words around it."""
    return sorted({text[max(0, m.start() - 30) : m.end() + 30] for m in PDF_ENGLISH.finditer(text)})


def pdf_text(path: Path) -> str:
    """A PDF's text with its line breaks read as spaces."""
    pages = PdfReader(io.BytesIO(path.read_bytes())).pages
    return re.sub(r"\s+", " ", " ".join(p.extract_text() for p in pages))


def french_tab(browser: Browser, width: int = 1024, problems: list[str] | None = None):
    """A context that speaks fr-CA: a tablet, or at 390 px a phone (touch, 3x pixels)."""
    phone = width == 390
    context = browser.new_context(
        viewport=SIZES[width],
        locale="fr-CA",
        is_mobile=phone,
        has_touch=phone,
        device_scale_factor=3 if phone else 1,
    )
    context.set_default_timeout(8_000)
    page = context.new_page()
    if problems is not None:
        watch(page, problems)
    return context, page


def log_in(page: Page, url: str) -> None:
    page.goto(f"{url}/accounts/login/")
    page.get_by_label("Nom d'utilisateur").fill("organizer")
    page.get_by_label("Mot de passe").fill(PASSWORD)
    page.get_by_role("button", name="Se connecter").click()
    expect(page.get_by_role("button", name="Se déconnecter")).to_be_visible()


def french_club(name: str = "Salle paroissiale Saint-Joseph") -> tuple[Club, object]:
    club = make_club(name)
    club.language = "fr"
    club.save(update_fields=["language"])
    return club, make_user(club)


def pairs_at(drive: Drive, table: int) -> tuple[int, ...]:
    tg = TableGame.objects.get(drive=drive, game=drive.current_game, table=table)
    return tuple(s.pair.number for s in tg.seats.order_by("slot").select_related("pair"))


# --- 1. A whole night in French ---------------------------------------------------------


def test_a_whole_night_in_french(browser, shoot, live_server, transactional_db):
    club = make_club("Salle paroissiale Saint-Joseph")
    organizer = make_user(club)
    table_one = services.table_links(club, 3)[0]
    problems: list[str] = []
    english: dict[str, list[str]] = {}  # screen -> English words it shows
    context, page = french_tab(browser, problems=problems)

    def screen(name: str, tab: Page = page) -> None:
        """Save the screen and note any English word on it; every screen says lang="fr"."""
        shoot(tab, f"fr-night-{name}", full_page=True)
        expect(tab.locator("html")).to_have_attribute("lang", "fr")
        if found := english_on(tab):
            english[name] = found

    # The login page follows the browser (fr-CA): no club is known yet.
    page.goto(f"{live_server.url}/drives/")
    expect(page.get_by_role("heading", name="Se connecter")).to_be_visible()
    screen("01-login")
    page.get_by_label("Nom d'utilisateur").fill("organizer")
    page.get_by_label("Mot de passe").fill(PASSWORD)
    page.get_by_role("button", name="Se connecter").click()

    # Logged in, the club speaks English; one tap on the switch and this device is French.
    expect(page.get_by_role("link", name="New drive")).to_be_visible()
    expect(page.locator("#lang-switch")).to_contain_text("Français")
    page.locator("#lang-switch").get_by_role("button", name="Français").click()
    expect(page.get_by_role("link", name="Nouveau tournoi")).to_be_visible()
    expect(page.get_by_role("button", name="Se déconnecter")).to_be_visible()
    expect(page.locator("#lang-switch")).to_contain_text("English")
    cookie = {c["name"]: c["value"] for c in context.cookies()}
    assert cookie.get("django_language") == "fr"
    screen("02-drive-list")

    # The club's language, for the phones that have not chosen one (and the printouts).
    page.get_by_role("link", name="Personnes").click()
    page.locator("#club-language button[value=fr]").click()
    expect(page.get_by_role("heading", name="Personnes")).to_be_visible()
    screen("03-people")
    club.refresh_from_db()
    assert club.language == "fr"

    # A new drive of three games.
    page.goto(f"{live_server.url}/drives/")
    page.get_by_role("link", name="Nouveau tournoi").click()
    expect(page.get_by_role("heading", name="Nouveau tournoi")).to_be_visible()
    page.get_by_label("Nom :", exact=True).fill("Tournoi du vendredi")
    page.get_by_label("Lieu :", exact=True).fill("Salle paroissiale")
    page.get_by_label("Nombre de parties :", exact=True).fill("3")
    screen("04-new-drive")
    page.get_by_role("button", name="Créer le tournoi").click()
    expect(page.locator("#flash")).to_contain_text("Tournoi créé. Inscrivez maintenant les paires.")
    drive = Drive.objects.get(club=club)
    money.prize_settings_save(
        drive=drive,
        values={"entry_fee": 1000, "booby": True, "booby_cents": 500},
        places={1: (3000, ""), 2: (2000, ""), 3: (None, "une dinde")},
        actor=organizer,
        now=NOW,
    )

    # Six pairs pasted; one pays at the door.
    page.locator("#id_bulk_text").fill(PASTE)
    page.get_by_role("button", name="Vérifier les noms").click()
    page.get_by_role("button", name="Enregistrer ces 6 paires").click()
    rows = page.locator("table.list tbody tr[id^=pair-]")
    expect(rows).to_have_count(6)
    expect(page.locator("#flash")).to_contain_text("6 paires ajoutées.")
    expect(rows.nth(0)).to_contain_text("Marie-Claire Chiasson & Léo Aucoin")
    rows.nth(0).get_by_role("button", name="Non payé").click()
    expect(rows.nth(0).get_by_role("button", name="✓ Payé")).to_be_visible()
    expect(page.locator("#pair-summary")).to_have_text("6 paires · payé : 1")
    expect(page.get_by_role("heading", name="Paires", exact=True)).to_be_visible()
    screen("05-pairs")

    # Start with a typed seed.
    page.get_by_role("link", name="Commencer le tournoi").click()
    expect(page.locator("main")).to_contain_text("6 paires seront placées au hasard à 3 tables.")
    page.get_by_label("Graine").fill(SEED)
    screen("06-start")
    page.get_by_role("button", name="Placer les paires et commencer la partie 1").click()
    expect(page.locator("#flash")).to_contain_text(f"graine {SEED}")
    expect(page.get_by_role("heading", name="Partie 1 sur 3")).to_be_visible()
    count = page.locator("#count .count-text")
    expect(count).to_have_text("Résultats de 0 tables sur 3")
    expect(page.locator("#count")).to_contain_text("Touchez la paire gagnante à chaque table.")
    screen("07-game-1")

    # Tables 2 and 3 from the front, one tap each.
    for n in (2, 3):
        page.locator(f"#table-{n} button.pairbtn").first.click()
        expect(page.locator(f"#table-strip a[href='#table-{n}']")).to_have_class("chip confirmed")
        expect(page.locator(f"#table-{n} .pairbtn.won")).to_contain_text("Gagné")
        expect(page.locator(f"#table-{n} .pairbtn.lost")).to_contain_text("Perdu")
    expect(count).to_have_text("Résultats de 2 tables sur 3")

    # Table 1 from the players' phones: one reports, the other pair agrees on its own.
    drive.refresh_from_db()
    a, b = pairs_at(drive, 1)
    one_ctx, one = french_tab(browser, 390, problems)
    one.goto(f"{live_server.url}{table_one.path}")
    expect(one.locator("h1")).to_have_text("Table 1")
    expect(one.locator(".tp-game")).to_have_text("Partie 1 sur 3")
    expect(one.locator(".tp-ask")).to_have_text("Quelle paire a gagné?")
    screen("08-phone", one)
    one.get_by_role("button", name=f"Paire {a} a gagné").click()
    expect(one.locator(".tp-state")).to_contain_text(
        f"La paire {a} a gagné : en attente de la confirmation de la paire {b}."
    )
    expect(one.locator(".tp-other-phone")).to_contain_text(f"La paire {b} confirme")
    screen("09-phone-reported", one)
    two_ctx, two = french_tab(browser, 390, problems)
    two.goto(f"{live_server.url}{table_one.path}")
    two.get_by_role("button", name=f"Paire {b} confirme : la paire {a} a gagné").click()
    expect(two.locator(".tp-state")).to_contain_text(f"Compté : la paire {a} a gagné.")
    expect(two.locator(".tp-state")).to_contain_text("Poinçonnez la carte.")
    screen("10-phone-counted", two)
    one_ctx.close()
    two_ctx.close()
    expect(count).to_have_text("Résultats de 3 tables sur 3", timeout=12_000)
    expect(page.locator("#table-1 .pairbtn.won")).to_contain_text(f"Paire {a}")
    screen("11-game-1-complete")

    # The next game through its preview: every move in French.
    page.get_by_role("link", name="Partie suivante : 2").click()
    expect(page.get_by_role("heading", name="Plan des tables : partie 2")).to_be_visible()
    expect(page.locator("main .lead")).to_contain_text("Les gagnants avancent")
    moves = page.locator("ul.moves li").all_inner_texts()
    assert len(moves) == 3 and all(
        re.fullmatch(r"Paire \d+ \(.+ & .+\) ?: table \d → \d", m) for m in moves
    ), moves
    screen("12-next-preview")
    page.get_by_role("button", name="Confirmer : commencer la partie 2").click()
    expect(page.get_by_role("heading", name="Partie 2 sur 3")).to_be_visible()
    expect(page.locator("#table-1 .deal")).to_contain_text(re.compile(r"La paire \d+ donne"))

    # Games 2 and 3 from the front.
    for game in (2, 3):
        expect(page.get_by_role("heading", name=f"Partie {game} sur 3")).to_be_visible()
        for n in (1, 2, 3):
            page.locator(f"#table-{n} button.pairbtn").first.click()
            expect(count).to_have_text(f"Résultats de {n} tables sur 3")
        if game == 2:
            page.get_by_role("link", name="Partie suivante : 3").click()
            page.get_by_role("button", name="Confirmer : commencer la partie 3").click()
    expect(page.get_by_role("link", name="Terminer le tournoi")).to_be_visible()
    expect(page.locator("#game-actions")).to_contain_text("Annuler le dernier résultat")
    screen("13-game-3-complete")

    # A correction of game 1, table 2: the other pair really won.
    page.get_by_role("link", name="← Partie 2").click()
    page.get_by_role("link", name="← Partie 1").click()
    expect(page.locator(".gamehead .msg")).to_contain_text("La partie 3 est en cours.")
    page.locator("#table-2").get_by_role("link", name="Corriger ce résultat").click()
    expect(page.get_by_role("heading", name="Corriger la partie 1, table 2")).to_be_visible()
    was = page.locator(".correct-pairs .pairbtn.won .pn").inner_text()
    other = page.locator(".correct-pairs .pairbtn:not(.won)")
    now_won = other.locator(".pn").inner_text()
    other.click()
    expect(page.locator("main .lead")).to_contain_text(
        f"Correction : la {now_won.lower()} a gagné."
    )
    expect(page.get_by_role("heading", name="Parties gagnées")).to_be_visible()
    screen("14-correction")
    page.get_by_role("button", name="Confirmer la correction").click()
    expect(page.locator("#flash")).to_contain_text(
        f"Partie 1, table 2 corrigée : la {now_won.lower()} a gagné."
    )
    expect(page.locator("#table-2 .pairbtn.won")).to_contain_text(now_won)
    expect(page.locator("#table-2 .pairbtn.lost")).to_contain_text(was)

    # Finish, then the prizes: a tie for first, settled by a cut on the tablet.
    page.goto(f"{live_server.url}/drives/{drive.pk}/games/3/")
    page.get_by_role("link", name="Terminer le tournoi").click()
    page.get_by_role("button", name="Oui : terminer le tournoi").click()
    expect(page.locator("#flash")).to_contain_text("Le tournoi est terminé.")
    expect(page.get_by_role("heading", name="Classement")).to_be_visible()
    screen("15-standings")
    tied = [g for g in ties.prize_groups(drive).places if len(g.pairs) > 1]
    assert tied, "the seed and the taps should leave a tie for a prize"
    page.locator("nav.tabs").get_by_role("link", name="Prix").click()
    expect(page.get_by_role("heading", name="Prix", exact=True)).to_be_visible()
    expect(page.locator("main")).to_contain_text("Égalité : pas encore réglée.")
    expect(page.locator("#cash")).to_contain_text("Sommaire de la caisse")
    screen("16-prizes")
    page.goto(f"{live_server.url}/prizes/{drive.pk}/ties/place-{tied[0].place}/")
    expect(page.locator("main")).to_contain_text("À régler en coupant pour la carte basse")
    screen("17-tie")
    page.get_by_role("button", name="Couper pour elles sur cette tablette").click()
    expect(page.get_by_text("Couper maintenant?")).to_be_visible()
    page.get_by_role("button", name="Oui : couper maintenant").click()
    expect(page.get_by_role("button", name="Rouvrir la décision")).to_be_visible()
    expect(page.locator(".prize-pairs")).to_contain_text("gagne")
    screen("18-tie-cut")
    page.goto(f"{live_server.url}/prizes/{drive.pk}/report/")
    expect(page.get_by_text("Rapport des prix: Tournoi du vendredi")).to_be_visible()
    screen("19-prize-report")

    # The Print page: the printouts in the club's language, downloaded and read.
    page.get_by_role("link", name="← Prix").click()
    page.locator("nav.tabs").get_by_role("link", name="Imprimer").click()
    expect(page.get_by_role("heading", name="Imprimer", exact=True)).to_be_visible()
    screen("20-print")
    sheets = {}
    for doc in ("punch-cards", "prize-report"):
        with page.expect_download() as download:
            page.locator(f"#doc-{doc} a.btn").click()
        sheets[doc] = pdf_text(Path(download.value.path()))
    cards, report = sheets["punch-cards"], sheets["prize-report"]
    assert "Paire" in cards and "Cartes de pointage" in cards, cards[:300]
    assert "Marie-Claire Chiasson" in cards
    assert "Rapport des prix" in report and "Premier prix" in report, report[:300]
    assert "a gagné la coupe" in report and "Sommaire de la caisse" in report, report
    assert "Partie" in report or "parties" in report
    for name, text in sheets.items():
        if found := english_in(text):
            english[f"{name}.pdf"] = found

    context.close()
    assert not problems, problems
    # Checked last, so every screen is saved first.
    assert not english, "English on French screens:\n" + "\n".join(
        f"{name}: {line}" for name, lines in english.items() for line in lines
    )


# --- 2. Layouts that hold in French -----------------------------------------------------


def measure_at_every_size(
    browser, shoot, url: str, name: str, open_screen, login=True, look_at: str = ""
):
    """Open the screen in a French context at each size; return what breaks there.
    ``open_screen(page)`` brings the page to the state to measure; ``look_at`` is a part
    of it shot on its own as well (fr-<name>-<width>-part)."""
    unfit: dict[str, list[str]] = {}
    for width in SIZES:
        problems: list[str] = []
        context, page = french_tab(browser, width, problems)
        page.emulate_media(reduced_motion="reduce")
        if login:
            log_in(page, url)
        open_screen(page)
        expect(page.locator("html")).to_have_attribute("lang", "fr")
        page.evaluate("window.scrollTo(0, 0)")
        shoot(page, f"fr-{name}-{width}")
        shoot(page, f"fr-{name}-{width}-full", full_page=True)
        if look_at:
            page.locator(look_at).scroll_into_view_if_needed()
            shoot(page, f"fr-{name}-{width}-part")
        unfit[f"{name}-{width}"] = layout_problems(page) + problems
        context.close()
    return {k: v for k, v in unfit.items() if v}


def test_result_screen_of_thirty_tables_in_french(browser, shoot, live_server, transactional_db):
    club, organizer = french_club()
    drive = started_drive(club, organizer, pairs=60, games=2, seed=7)
    for table in range(1, 21):
        services.result_record(
            drive=drive, game=1, table=table, winner_number=pairs_at(drive, table)[table % 2],
            actor=organizer, now=NOW,
        )  # fmt: skip
    # Table 21 waits for the other pair; table 22 is in conflict.
    for table, reports in ((21, (0,)), (22, (0, 1))):
        for i in reports:
            services.table_report(
                drive=drive, game=1, table=table, winner_number=pairs_at(drive, table)[i],
                key=f"phone-{table}-{i}-key", device=f"phone-{table}-{i}", now=NOW,
                origin=Origin(source=f"table {table}", device="10.0.0.9"),
            )  # fmt: skip

    def open_screen(page: Page) -> None:
        page.goto(f"{live_server.url}/drives/{drive.pk}/games/1/")
        expect(page.locator("#count")).to_contain_text("Résultats de 20 tables sur 30")
        expect(page.locator("#count")).to_contain_text("1 en conflit")
        expect(page.locator("#table-22")).to_contain_text("En conflit : ne compte pas.")
        # A tap on the other pair of table 5 asks first: the longest words of a tile.
        page.locator("#table-5 button.pairbtn:not(.won)").click()
        expect(page.locator("#table-5 .change-confirm")).to_be_visible()
        expect(page.locator("#table-5 .change-confirm")).to_contain_text("Oui : la paire")

    unfit = measure_at_every_size(
        browser, shoot, live_server.url, "result", open_screen, look_at="#table-5"
    )
    assert not unfit, unfit


def test_phone_table_page_in_french(browser, shoot, live_server, transactional_db):
    club, organizer = french_club()
    drive = started_drive(club, organizer, pairs=8)
    links = services.table_links(club, 4)
    a, b = pairs_at(drive, 2)
    services.table_report(
        drive=drive, game=1, table=2, winner_number=a, key="phone-2-key", device="phone-2", now=NOW,
        origin=Origin(source="table 2", device="10.0.0.9"),
    )  # fmt: skip

    def pending(page: Page) -> None:
        page.goto(f"{live_server.url}{links[0].path}")
        expect(page.locator(".tp-ask")).to_have_text("Quelle paire a gagné?")
        expect(page.locator("button.tp-win")).to_have_count(2)

    def to_agree(page: Page) -> None:
        page.goto(f"{live_server.url}{links[1].path}")
        expect(
            page.get_by_role("button", name=f"Paire {b} confirme : la paire {a} a gagné")
        ).to_be_visible()
        expect(page.get_by_role("button", name=f"Non : la paire {b} a gagné")).to_be_visible()

    unfit = measure_at_every_size(browser, shoot, live_server.url, "table", pending, login=False)
    unfit |= measure_at_every_size(
        browser, shoot, live_server.url, "table-agree", to_agree, login=False
    )
    assert not unfit, unfit


def test_pairs_page_in_french(browser, shoot, live_server, transactional_db):
    club, organizer = french_club()
    drive = make_drive(club, organizer, name="Tournoi de la Saint-Jean")
    money.prize_settings_save(
        drive=drive, values={"jar": True, "jar_games": 2, "jar_price": 200}, places={},
        actor=organizer, now=NOW,
    )  # fmt: skip
    services.pairs_bulk_add(drive=drive, actor=organizer, now=NOW, text=LONG_NAMES)

    def open_screen(page: Page) -> None:
        page.goto(f"{live_server.url}/drives/{drive.pk}/pairs/")
        expect(page.get_by_role("heading", name="Paires", exact=True)).to_be_visible()
        expect(page.locator("#pair-summary")).to_have_text("12 paires · payé : 0")
        expect(page.locator("table.list")).to_contain_text("Pas dans la cagnotte")

    unfit = measure_at_every_size(
        browser, shoot, live_server.url, "pairs", open_screen, look_at="#pair-summary ~ table"
    )
    assert not unfit, unfit


def test_prizes_and_ties_pages_in_french(browser, shoot, live_server, transactional_db):
    club, organizer = french_club()
    drive = finished(club, organizer)
    tied = [g for g in ties.prize_groups(drive).places if len(g.pairs) > 1]
    assert tied, "the seed should leave a tie to settle"

    def prizes(page: Page) -> None:
        page.goto(f"{live_server.url}/prizes/{drive.pk}/")
        expect(page.get_by_role("heading", name="Prix", exact=True)).to_be_visible()
        expect(page.locator("#cash")).to_contain_text("Recette")

    def tie(page: Page) -> None:
        page.goto(f"{live_server.url}/prizes/{drive.pk}/ties/place-{tied[0].place}/")
        expect(
            page.get_by_role("button", name="Couper pour elles sur cette tablette")
        ).to_be_visible()
        expect(page.locator("table.tick-table")).to_contain_text("Demande une partie décisive")

    unfit = measure_at_every_size(browser, shoot, live_server.url, "prizes", prizes)
    unfit |= measure_at_every_size(browser, shoot, live_server.url, "ties", tie)
    assert not unfit, unfit


def test_practice_table_in_french(browser, shoot, live_server):
    def start(page: Page) -> None:
        page.goto(f"{live_server.url}/practice/")
        expect(page.get_by_role("heading", name="Entraînement au 45")).to_be_visible()

    def table(page: Page) -> None:
        page.goto(f"{live_server.url}/practice/?deal={TRADITIONAL}")
        page.get_by_role("button", name="Jouer cette donne").click()
        taps_ready(page)
        tap_a_card(page)
        page.get_by_role("button", name="Conseil").click()
        expect(page.locator("#hint")).to_contain_text("L'ordinateur jouerait")

    unfit = measure_at_every_size(browser, shoot, live_server.url, "practice-start", start, False)
    unfit |= measure_at_every_size(browser, shoot, live_server.url, "practice", table, False)
    assert not unfit, unfit


# --- 3. A practice game to its end, in French -------------------------------------------


def test_a_whole_practice_game_in_french(browser, shoot, live_server):
    problems: list[str] = []
    context, page = french_tab(browser, 390, problems)
    page.emulate_media(reduced_motion="reduce")
    page.goto(f"{live_server.url}/practice/?deal={TRADITIONAL}")
    expect(page.get_by_role("heading", name=f"Donne {TRADITIONAL}")).to_be_visible()
    expect(page.locator("main")).to_contain_text("vous et deux joueurs virtuels")
    english: dict[str, list[str]] = {}
    if found := english_on(page):
        english["deal"] = found
    page.get_by_role("button", name="Jouer cette donne").click()
    taps_ready(page)
    handline = page.locator(".handline").first
    expect(handline).to_contain_text("Partie en 45")
    expect(handline).to_contain_text("Atout :")
    expect(page.locator(".scores")).to_contain_text("Vous")
    expect(page.locator("#content")).to_contain_text("À vous : touchez une carte")
    if found := english_on(page):
        english["table"] = found
    shoot(page, "fr-practice-game-start", full_page=True)

    hands = 0
    shown_reason = False
    for _step in range(600):
        if page.locator(".game-over").count():
            break
        if page.locator("#next-hand").count():
            hands += 1
            summary = page.locator("#summary")
            expect(summary).to_contain_text(f"La main {hands} est terminée")
            expect(summary.locator("thead")).to_contain_text("Levées")
            if hands == 1:
                expect(page.locator("#coaching .lessons li").first).to_contain_text(
                    "Levée 1 : vous avez joué", timeout=60_000
                )
                shoot(page, "fr-practice-game-summary", full_page=True)
                if found := english_on(page):
                    english["summary"] = found
            page.locator("#next-hand").click()
            expect(page.locator("#summary")).to_have_count(0)
            continue
        assert page.locator("form#hand").count(), page.locator("#content").inner_text()
        dim = page.locator("form#hand button.playcard.dim")
        if dim.count() and not shown_reason:
            before = at(page)
            dim.first.click(force=True)  # aria-disabled: a tap still says why, in French
            expect(page.locator("#reason")).not_to_be_empty()
            assert at(page) == before
            if found := english_on(page):
                english["refused"] = found
            shown_reason = True
        if page.locator("#trick .played").count():
            expect(page.locator("#trick")).to_contain_text(re.compile(r"levée|Gauche|Droite"))
        tap_a_card(page)
    else:
        raise AssertionError("the game did not end")

    assert hands >= 2
    over = page.locator(".game-over")
    expect(over).to_contain_text(re.compile(r"Vous avez gagné la partie!|Partie gagnée par"))
    expect(page.locator("#summary")).to_contain_text("est terminée")
    expect(page.get_by_role("button", name="Rejouer la même donne").first).to_be_visible()
    expect(page.get_by_role("link", name="Nouvelle partie").first).to_be_visible()
    assert max(int(t) for t in page.locator(".scores .points").all_inner_texts()) >= 45
    shoot(page, "fr-practice-game-over", full_page=True)
    if found := english_on(page):
        english["game over"] = found
    context.close()
    assert not problems, problems
    assert not english, "English on French screens:\n" + "\n".join(
        f"{name}: {line}" for name, lines in english.items() for line in lines
    )
