"""What every printed document shares (printing/pdf/common.py), by worked examples:
text made printable, fitted and wrapped, the page frame, the canvas that numbers pages.

Sizes are compared to the font's own widths (text_width), so an example states the
rule ("shrunk to just fit", "the next size down") rather than a number to the last digit.
"""

from __future__ import annotations

import pytest

from printing.pdf.common import (
    BOLD,
    REGULAR,
    Box,
    DocInfo,
    Fitted,
    circle_grid,
    draw_line,
    fit_size,
    fit_text,
    game_circle,
    printable,
    register_fonts,
    render,
    text_width,
    wrap,
)
from tests.builders.pdf import drawing


@pytest.fixture(autouse=True, scope="module")
def _fonts():
    register_fonts()


def texts(pdf: bytes) -> list[str]:
    return [line.strip() for line in drawing(pdf) if line.strip().startswith("text ")]


# ---------------------------------------------------------------- printable text


def test_empty_text_prints_as_nothing():
    assert printable("") == ""
    assert printable(None) == ""


def test_characters_the_font_has_print_as_typed_in_either_weight():
    for font in (REGULAR, BOLD):
        assert printable("Ó Súilleabháin ♣♥", font) == "Ó Súilleabháin ♣♥"


def test_a_control_character_prints_as_a_space_and_a_format_character_as_nothing():
    # A tab or a line break inside a name: a space. A direction isolate (not in the
    # font): dropped, and what follows it is kept.
    assert printable("Ann\tLee\nJoe\x85Bo") == "Ann Lee Joe Bo"
    assert printable("Ann\u2066Lee\u2069 Joe") == "AnnLee Joe"


def test_a_missing_character_prints_as_the_replacement_in_its_font():
    assert printable("Li 王", BOLD) == "Li \ufffd"
    assert printable("王王") == "\ufffd\ufffd"


# A name typed with a phone's "fancy text" keyboard: letters the bold face has and the
# regular one lacks.
FANCY = "𝗔𝗻𝗻 𝗟𝗲𝗲"


def test_fancy_bold_letters_print_in_bold_and_as_replacements_in_regular():
    assert printable(FANCY, BOLD) == FANCY
    assert printable(FANCY) == "\ufffd\ufffd\ufffd \ufffd\ufffd\ufffd"
    assert fit_text(FANCY, BOLD, 200, 40, 12).lines == (FANCY,)
    assert fit_text(FANCY, REGULAR, 200, 40, 12).lines == (printable(FANCY),)


def test_the_frame_prints_each_text_with_the_letters_of_its_own_font():
    # The title is set in regular (replacements), the drive and the page number in bold.
    words = {"Page %(page)d of %(pages)d": "𝗣𝗮𝗴𝗲 %(page)d/%(pages)d"}
    info = DocInfo(FANCY, gettext=lambda m: words.get(m, m))
    lines = texts(render(info, FANCY, lambda c: None))
    assert [line.split(" ", 5)[5] for line in lines] == [
        f'"{printable(FANCY)}"',
        f'"{FANCY}"',
        '"𝗣𝗮𝗴𝗲 1/1"',
    ]


def test_a_line_drawn_in_bold_keeps_its_fancy_letters():
    lines = texts(render(DocInfo("D"), "T", lambda c: draw_line(c, FANCY, BOLD, 10, 40, 500, 300)))
    assert f'text 40,500 DejaVuSans-Bold 10 fill=0 "{FANCY}"' in lines


# ---------------------------------------------------------------- one line, shrunk


def test_text_that_fits_keeps_its_size_even_when_it_just_fits():
    width = text_width("Ann Lee", REGULAR, 10)
    assert fit_size("Ann Lee", REGULAR, width, 10) == 10
    assert fit_size("Ann Lee", REGULAR, width + 1, 10) == 10


def test_text_too_wide_shrinks_to_just_under_the_width():
    size = fit_size("Ann Lee", REGULAR, 20, 10)
    assert size == pytest.approx(10 * 20 / text_width("Ann Lee", REGULAR, 10) * 0.995)
    assert text_width("Ann Lee", REGULAR, size) < 20


def test_a_tiny_text_in_a_tinier_box_still_shrinks():
    # A space at size 1 is about 0.3 points wide: in 0.1 point it shrinks.
    size = fit_size(" ", REGULAR, 0.1, 1)
    assert size == pytest.approx(0.1 / text_width(" ", REGULAR, 1) * 0.995)


def test_empty_text_keeps_its_size_even_in_no_room():
    assert fit_size("", REGULAR, -5, 10) == 10


# ---------------------------------------------------------------- wrapping


def test_words_wrap_greedily_and_a_line_may_be_exactly_full():
    width = text_width("Ann Lee", REGULAR, 10)
    assert wrap("Ann Lee", REGULAR, 10, width) == ["Ann Lee"]
    assert wrap("Ann Lee Joe", REGULAR, 10, width) == ["Ann Lee", "Joe"]
    assert wrap("Ann Lee Ann Lee", REGULAR, 10, width) == ["Ann Lee", "Ann Lee"]
    assert wrap("Ann Lee Ann Lee", REGULAR, 10, width - 0.01) == ["Ann", "Lee", "Ann", "Lee"]


def test_a_word_longer_than_the_line_breaks_between_letters():
    width = text_width("Mac", REGULAR, 10)
    assert wrap("Al MacNeilson", REGULAR, 10, width) == ["Al", "Mac", "Neil", "son"]
    # A letter wider than the line still goes on a line of its own, never an empty one.
    assert wrap("WWW", REGULAR, 10, 5) == ["W", "W", "W"]


def test_nothing_to_wrap_is_one_empty_line():
    assert wrap("", REGULAR, 10, 50) == [""]
    assert wrap("   ", REGULAR, 10, 50) == [""]


# ---------------------------------------------------------------- fitting a box


def test_text_that_fits_is_one_line_at_its_size():
    fitted = fit_text("  Ann Lee ", REGULAR, 200, 40, 12)
    assert (fitted.size, fitted.lines, fitted.font, fitted.leading) == (
        12,
        ("Ann Lee",),
        REGULAR,
        1.15,
    )
    assert fitted.height == pytest.approx(12 * 1.15)
    assert fitted.width == text_width("Ann Lee", REGULAR, 12)


def test_a_short_box_caps_the_size():
    fitted = fit_text("Ann", BOLD, 200, 11.5, 30)
    assert fitted.size == pytest.approx(10)
    assert fitted.lines == ("Ann",)


def test_text_shrunk_down_to_the_smallest_size_stays_on_one_line():
    one = fit_size("Ann Lee", REGULAR, 30, 12)
    fitted = fit_text("Ann Lee", REGULAR, 30, 40, 12, min_size=one)
    assert (fitted.size, fitted.lines) == (one, ("Ann Lee",))


def test_text_that_would_shrink_too_far_wraps_at_the_largest_size_that_fits():
    # 12 does not fit three lines in 40 points; 12 x 0.92 does.
    fitted = fit_text("Ann Lee Joe", REGULAR, 30, 40, 12)
    assert fitted.size == pytest.approx(12 * 0.92)
    assert fitted.lines == ("Ann", "Lee", "Joe")
    assert fitted.height <= 40


def test_the_leading_sets_the_lines_height():
    fitted = fit_text("Ann Lee", REGULAR, 20, 40, 12, leading=1.5)
    assert fitted.leading == 1.5
    assert fitted.lines == ("Ann", "Lee")
    assert fitted.size == pytest.approx(12 * 0.92**2)
    # The same size with the usual leading would have fitted three lines sooner.
    assert fit_text("Ann Lee", REGULAR, 20, 40, 12).size == pytest.approx(12 * 0.92)


def test_a_text_no_wrapping_can_help_stays_on_one_line_as_small_as_it_takes():
    fitted = fit_text("Supercalifragilistic", BOLD, 20, 3, 12, leading=1.3)
    assert (fitted.lines, fitted.font, fitted.leading) == (("Supercalifragilistic",), BOLD, 1.3)
    assert fitted.size == pytest.approx(fit_size("Supercalifragilistic", BOLD, 20, 3 / 1.3))


def test_by_default_text_shrinks_down_to_7_points_before_it_wraps():
    width = 7.5 * text_width("Ann Lee Joe", REGULAR, 12) / (12 * 0.995)
    fitted = fit_text("Ann Lee Joe", REGULAR, width, 40, 12)
    assert fitted.lines == ("Ann Lee Joe",)
    assert fitted.size == pytest.approx(7.5)


def test_text_that_fits_keeps_the_leading_asked_for():
    assert fit_text("Ann", REGULAR, 200, 40, 12, leading=1.5).leading == 1.5


def test_a_text_that_fits_a_box_too_short_for_its_smallest_size_stays_as_typed():
    # Ten points is all the box allows (11.5 / 1.15), under the smallest size asked for:
    # the text is not wrapped, and its double space stays.
    fitted = fit_text("Ann  Lee", REGULAR, 200, 11.5, 12, min_size=11)
    assert (fitted.size, fitted.lines) == (10, ("Ann  Lee",))


def test_a_wrapped_line_may_fill_the_width_and_the_lines_the_height_exactly():
    width = text_width("Ann", REGULAR, 12)
    assert fit_text("Ann Lee", REGULAR, width, 30, 12) == Fitted(12, ("Ann", "Lee"), REGULAR)
    height = 2 * 12 * 1.15
    assert fit_text("Ann Lee", REGULAR, width, height, 12) == Fitted(12, ("Ann", "Lee"), REGULAR)
    smaller = fit_text("Ann Lee", REGULAR, width, height - 1e-9, 12)
    assert smaller == Fitted(12 * 0.92, ("Ann", "Lee"), REGULAR)


def test_a_letter_wider_than_the_box_does_not_stop_the_fitting():
    fitted = fit_text("WW", BOLD, 4, 30, 12)
    assert all(text_width(line, BOLD, fitted.size) <= 4 for line in fitted.lines)
    assert "".join(fitted.lines) == "WW"


def test_an_empty_text_is_one_empty_line():
    fitted = fit_text("", REGULAR, 20, 9, 12, min_size=30)
    assert fitted.lines == ("",)
    assert fitted.size == pytest.approx(9 / 1.15)


# ---------------------------------------------------------------- pages


def test_paper_sizes_and_an_unknown_paper_prints_on_letter():
    assert DocInfo("D").pagesize == (612, 792)
    assert DocInfo("D", paper="a4").pagesize == pytest.approx((595.28, 841.89), abs=0.01)
    assert DocInfo("D", paper="legal").pagesize == (612, 792)


def test_a_box_knows_its_top_and_right():
    box = Box(10, 20, 30, 40)
    assert (box.top, box.right) == (60, 40)


def test_a_document_with_nothing_drawn_is_one_framed_page():
    lines = drawing(render(DocInfo("Friday"), "Empty", lambda c: None))
    assert "pages 1" in lines
    assert any('"Page 1 of 1"' in line for line in lines)


def test_what_is_drawn_after_the_last_page_break_is_a_page_of_its_own():
    def draw(c):
        c.setFont(REGULAR, 10)
        c.drawString(100, 500, "first")
        c.showPage()
        c.setFont(REGULAR, 10)
        c.drawString(100, 500, "second")

    lines = drawing(render(DocInfo("Friday"), "Two", draw))
    assert "pages 2" in lines
    first, second = "\n".join(lines).split("page 2 ")
    assert '"first"' in first and '"Page 1 of 2"' in first
    assert '"second"' in second and '"Page 2 of 2"' in second


def test_a_page_ending_on_its_break_adds_no_blank_page():
    def draw(c):
        c.setFont(REGULAR, 10)
        c.drawString(100, 500, "only")
        c.showPage()

    assert "pages 1" in drawing(render(DocInfo("Friday"), "One", draw))


def test_the_frame_names_the_drive_the_title_the_page_and_when_it_was_made():
    info = DocInfo("Friday 45s", generated_at="Nov. 29, 3:00 p.m.")
    assert texts(render(info, "Standings", lambda c: None)) == [
        'text 532.24,766 DejaVuSans 10 fill=0.07 "Standings"',
        'text 30,766 DejaVuSans-Bold 11 fill=0.07 "Friday 45s"',
        'text 524.76,16 DejaVuSans-Bold 9 fill=0.45 "Page 1 of 1"',
        'text 30,16 DejaVuSans 8 fill=0.45 "Generated Nov. 29, 3:00 p.m."',
    ]


def test_a_long_title_takes_under_half_the_width_and_the_name_the_rest():
    title = "Blank punch cards for the walk-in pairs of the night, to fill in by hand"
    name = "The Christmas Card Drive of the Parish of Saint Margaret of Scotland, Glace Bay"
    words = {
        "Page %(page)d of %(pages)d": "Page %(page)d of %(pages)d: ask the front table for one"
    }
    info = DocInfo(name, generated_at="Friday " * 20, gettext=lambda m: words.get(m, m))
    lines = texts(render(info, title, lambda c: None))
    inner = 612 - 60
    sizes = {}
    for line in lines:
        _, _, font, size, _, text = line.split(" ", 5)
        sizes[text.strip('"').split(",")[0][:20]] = (font, float(size))
    title_font, title_size = sizes[title[:20]]
    assert text_width(title, title_font, title_size) <= inner * 0.45
    assert title_size == pytest.approx(fit_size(title, REGULAR, inner * 0.45, 10), abs=0.01)
    room = inner - text_width(title, REGULAR, title_size) - 14
    assert sizes[name[:20]][1] == pytest.approx(fit_size(name, BOLD, room, 11), abs=0.01)
    numbering = "Page 1 of 1: ask the front table for one"
    num_size = sizes["Page 1 of 1: ask the"][1]
    assert num_size < 9
    assert num_size == pytest.approx(fit_size(numbering, BOLD, inner * 0.3, 9), abs=0.01)
    made = "Generated " + "Friday " * 20
    left = inner - text_width(numbering, BOLD, num_size) - 14
    assert sizes["Generated Friday Fri"][1] == pytest.approx(
        fit_size(made, REGULAR, left, 8), abs=0.01
    )


# ---------------------------------------------------------------- the game circles


def test_one_game_is_one_circle_in_the_middle_of_its_box():
    d, centres = circle_grid(Box(0, 0, 100, 100), 1)
    assert d == 26.0
    assert centres == [(50.0, 50.0)]


def test_circles_take_the_grid_that_makes_them_largest():
    # A tall narrow box: one column of five.
    d, centres = circle_grid(Box(0, 0, 30, 300), 5)
    assert d == pytest.approx(30 * 0.86)
    assert centres == [(15.0, y) for y in (210.0, 180.0, 150.0, 120.0, 90.0)]
    # A wide box: one row; a square one: the grid nearest a square, the last row short.
    d, centres = circle_grid(Box(10, 0, 300, 30), 5, max_diameter=100)
    assert d == pytest.approx(30 * 0.86)
    assert centres == [(x, 15.0) for x in (100.0, 130.0, 160.0, 190.0, 220.0)]
    d, centres = circle_grid(Box(0, 0, 90, 90), 7, max_diameter=100)
    assert d == pytest.approx(30 * 0.86)
    assert centres[:4] == [(15.0, 75.0), (45.0, 75.0), (75.0, 75.0), (15.0, 45.0)]
    assert centres[6] == (15.0, 15.0)


def test_a_grid_as_good_as_one_with_fewer_columns_keeps_the_fewer():
    # Four circles in 100 x 50: 4 x 1 makes them 25 wide, so does 2 x 2.
    d, centres = circle_grid(Box(0, 0, 100, 50), 4, max_diameter=100)
    assert d == pytest.approx(25 * 0.86)
    assert [y for _, y in centres] == [37.5, 37.5, 12.5, 12.5]


def test_a_grid_half_a_point_better_is_taken_and_a_hundredth_of_a_point_is_not():
    # Four circles in 100 x 49: 2 x 2 makes them 24.5 wide, 4 x 1 makes them 25.
    d, centres = circle_grid(Box(0, 0, 100, 49), 4, max_diameter=100)
    assert d == pytest.approx(25 * 0.86)
    assert [y for _, y in centres] == [24.5] * 4
    # Two circles in 100 x 99.98: one above the other 49.99 wide, side by side 50.
    d, centres = circle_grid(Box(0, 0, 100, 99.98), 2, max_diameter=100)
    assert d == pytest.approx(49.99 * 0.86)
    assert [x for x, _ in centres] == [50.0, 50.0]


def test_circles_are_centred_in_their_box():
    d, centres = circle_grid(Box(0, 0, 100, 20), 3)
    assert centres == [(30.0, 10.0), (50.0, 10.0), (70.0, 10.0)]
    assert d == pytest.approx(20 * 0.86)


def circle_drawn(d: float, number: int, **how) -> list[str]:
    lines = drawing(render(DocInfo("D"), "T", lambda c: game_circle(c, 100, 200, d, number, **how)))
    # What the page draws before its frame (title, drive, page number).
    return [line.strip() for line in lines[lines.index("page 1 612x792") + 1 :]][:-3]


def test_a_game_circle_with_its_number():
    assert circle_drawn(26, 7) == [
        "stroke=0.07 w=0.8: circle 100,200 r=13",
        'text 96.2,196.07 DejaVuSans-Bold 10.92 fill=0.07 "7"',
    ]


def test_a_won_game_is_filled_with_its_number_in_white():
    assert circle_drawn(26, 12, punched=True) == [
        "fill=0.07 even-odd stroke=0.07 w=0.8: circle 100,200 r=13",
        'text 92.4,196.07 DejaVuSans-Bold 10.92 fill=1 "12"',
    ]


def test_a_game_the_pair_missed_is_faint_dashed_and_struck_through():
    assert circle_drawn(26, 3, missed=True) == [
        "stroke=0.75 w=0.8 dash=1.5,1.5/0: circle 100,200 r=13",
        "stroke=0.45 w=0.8: m 90.9,190.9 l 109.1,209.1",
        'text 96.2,196.07 DejaVuSans-Bold 10.92 fill=0.45 "3"',
    ]


def test_a_tiny_circle_keeps_its_number_readable_yet_inside():
    # In a circle 8 points across a number stays at 4 points; in one 6 across, "12" at 4
    # points is wider than 80% of the circle, and shrinks to fit it.
    assert " DejaVuSans-Bold 4 " in circle_drawn(8, 12)[1]
    size = float(circle_drawn(6, 12)[1].split()[3])
    assert size == pytest.approx(fit_size("12", BOLD, 6 * 0.8, 4), abs=0.01)
    assert size < 4


def test_the_translations_reach_the_frame():
    words = {"Page %(page)d of %(pages)d": "Page %(page)d sur %(pages)d"}
    info = DocInfo("Drive", gettext=lambda m: words.get(m, m))
    assert any("Page 1 sur 1" in line for line in texts(render(info, "T", lambda c: None)))
