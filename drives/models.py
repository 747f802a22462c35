"""The night's records: drives, pairs, seats, table results, hands, and the prizes the
organizer sets up before the night (money, places, who bought into the cookie jar).

Integrity lives here as database constraints: one seat per pair per game, at
most two pairs at a table, one result per table per game, one winner per
table. Services in services/ are the only writers. The club, its people and the audit
trail are the ground floor's (clubs.models).
"""

import secrets

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Player

from .pair_codes import TRIES as CODE_TRIES

MAX_NAME = 60
MAX_GAMES = 60
# Pairs in one drive: more than any hall seats (200 tables), and every sheet of a drive
# that size prints well within a server worker's time limit (bench/pdfs.py).
MAX_PAIRS = 400


class Drive(models.Model):
    class Game(models.TextChoices):
        # Keys of scoring.games.VARIANTS ("forty_fives" is traditional 45).
        FORTY_FIVES = "forty_fives", _("Forty-Fives (game to 45)")
        FORTY_FIVES_120 = "forty_fives_120", _("120 (Forty-Fives to 120)")
        AUCTION_45 = "auction_45", _("Auction Forty-Fives (to 120)")
        ONE_TEN = "one_ten", _("110 (One Hundred and Ten)")
        # The All Fours family, played by the two pairs (keys of scoring.games.all_fours.RULES).
        SEVEN_UP = "seven_up", _("All Fours: Seven Up")
        RUNNING_ALL_FOURS = "running_all_fours", _("All Fours: Running All Fours")
        CARIBBEAN = "caribbean", _("All Fours: Caribbean (Trinidad and Tobago)")
        YORKSHIRE = "yorkshire", _("All Fours: Yorkshire")
        LANCASHIRE = "lancashire", _("All Fours: Lancashire")
        PITCH = "pitch", _("All Fours: Pitch")
        AUCTION_PITCH = "auction_pitch", _("All Fours: Auction Pitch")
        COMMERCIAL_PITCH = "commercial_pitch", _("All Fours: Commercial Pitch")
        ALL_FIVES = "all_fives", _("All Fours: All Fives")
        CALIFORNIA_JACK = "california_jack", _("All Fours: California Jack")

    class Movement(models.TextChoices):
        # Names of the movements (drives.movement.WinnersMove, drives.team_match.TeamMatch).
        WINNERS_MOVE = "winners_move", _("Winners move, losers stay")
        TEAM_MATCH = "team_match", _("Team match")

    class Status(models.TextChoices):
        SETUP = "setup", _("Registering pairs")
        RUNNING = "running", _("Playing")
        FINISHED = "finished", _("Finished")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="drives")
    name = models.CharField(_("name"), max_length=120)
    date = models.DateField(_("date"))
    venue = models.CharField(_("venue"), max_length=120, blank=True)
    games = models.PositiveSmallIntegerField(
        _("number of games"),
        default=25,
        validators=[MinValueValidator(1), MaxValueValidator(MAX_GAMES)],
    )
    game = models.CharField(
        _("game played"), max_length=32, choices=Game.choices, default=Game.FORTY_FIVES
    )
    # The named options of the game's rules (scoring.games), e.g. {"dealer_may_hold": true}.
    game_options = models.JSONField(_("game options"), default=dict, blank=True)
    prize_places = models.PositiveSmallIntegerField(
        _("prize places"), default=3, validators=[MinValueValidator(0), MaxValueValidator(20)]
    )
    sitout_wins = models.BooleanField(_("a sit-out counts as a game won"), default=True)
    # How the other pair confirms a result reported at a table: one tap on
    # "Pair 7 agrees", or by typing its own pair number.
    confirm_by_number = models.BooleanField(
        _("the other pair confirms by typing its pair number"), default=False
    )
    # Or by typing its pair code, printed on its punch card (Pair.code): the one way that
    # shows the other pair itself agreed, not whoever holds the phone.
    confirm_by_code = models.BooleanField(
        _("the other pair confirms by typing its pair code"), default=False
    )
    # Public screens, no login: the projector board and read-only standings.
    board_public = models.BooleanField(_("projector board on"), default=False)
    standings_public = models.BooleanField(_("standings public"), default=False)
    # The language of the drive's printouts (punch cards, table cards, sheets, the prize
    # report); blank: the club's.
    language = models.CharField(
        _("language of the printouts"),
        max_length=8,
        choices=[("", _("The club's language")), *settings.LANGUAGES],
        blank=True,
        default="",
    )
    # How the pairs move between games. A team match (drives.team_match) needs each pair's
    # team (Pair.side); its seats follow its schedule, whoever wins.
    movement = models.CharField(
        max_length=32, choices=Movement.choices, default=Movement.WINNERS_MOVE, editable=False
    )
    # Cookie jar money carried in from an earlier drive of the club that had no winner.
    jar_carried_in = models.PositiveIntegerField(default=0)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.SETUP)
    seed = models.BigIntegerField(null=True, blank=True)
    # 0 before the start; then the game being played (or the last played once finished).
    current_game = models.PositiveSmallIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # The night this drive was set up from: its pairs are offered for re-registration.
    copied_from = models.ForeignKey(
        "self",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="copies",
        editable=False,
    )
    # A drive `make run` loaded to show the site (setup_site): it never takes the club's table
    # cards, and it is the one kind of drive that can be deleted on screen.
    is_demo = models.BooleanField(default=False, editable=False)

    class Meta:
        ordering = ["-date", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(games__gte=1) & Q(games__lte=MAX_GAMES), name="drive_games_range"
            ),
            models.CheckConstraint(
                condition=Q(current_game__lte=models.F("games")), name="drive_current_game_le_games"
            ),
            models.CheckConstraint(
                condition=(
                    Q(status="setup", current_game=0) | ~Q(status="setup") & Q(current_game__gte=1)
                ),
                name="drive_current_game_matches_status",
            ),
            models.CheckConstraint(
                condition=Q(movement__in=["winners_move", "team_match"]),
                name="drive_movement_known",
            ),
            models.CheckConstraint(
                condition=~Q(confirm_by_number=True, confirm_by_code=True),
                name="drive_one_way_to_confirm",
                violation_error_message=_(
                    "Choose one way for the other pair to agree: its pair number or its pair code."
                ),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.date})"

    @property
    def print_language(self) -> str:
        """The language of the drive's printouts: its own, else its club's."""
        return self.language or self.club.language

    @property
    def is_setup(self) -> bool:
        return self.status == self.Status.SETUP

    @property
    def is_running(self) -> bool:
        return self.status == self.Status.RUNNING

    @property
    def is_finished(self) -> bool:
        return self.status == self.Status.FINISHED

    @property
    def confirm_mode(self) -> str:
        """How the other pair agrees at a table: "tap", "number" or "code"."""
        if self.confirm_by_code:
            return "code"
        return "number" if self.confirm_by_number else "tap"


# A pair's card token: the key of its own page on its phone (/c/<token>/), printed as a QR
# code on its punch card. 16 random bytes, 22 characters of [A-Za-z0-9_-]: unguessable.
CARD_TOKEN_BYTES = 16
CARD_TOKEN_LENGTH = 22


def new_card_token() -> str:
    """A fresh card token for a pair (every new pair gets one; a lost card gets another)."""
    return secrets.token_urlsafe(CARD_TOKEN_BYTES)


class Pair(models.Model):
    drive = models.ForeignKey(Drive, on_delete=models.CASCADE, related_name="pairs")
    number = models.PositiveSmallIntegerField(_("pair number"), validators=[MinValueValidator(1)])
    player1 = models.CharField(_("first player"), max_length=MAX_NAME)
    player2 = models.CharField(_("second player"), max_length=MAX_NAME)
    # The register's people the names are, when known. The names stay: removing a person
    # from the register keeps the night's results with the names only.
    person1 = models.ForeignKey(
        Player,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("first player in the register"),
    )
    person2 = models.ForeignKey(
        Player,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("second player in the register"),
    )
    paid = models.BooleanField(_("paid"), default=False)
    # The pair's own code, printed on its punch card: the other pair types it to agree
    # with a result reported at its table (when the drive confirms by pair code).
    code = models.CharField(_("pair code"), max_length=8)
    # The first game the pair could play (a late pair arrives later), and the
    # last game it played when it left early (None: stayed to the end).
    arrived_game = models.PositiveSmallIntegerField(default=1)
    left_after_game = models.PositiveSmallIntegerField(null=True, blank=True)
    # The team the pair plays for on a night of teams (1, 2, ...; a team match is team 1
    # against team 2); None on an ordinary night.
    side = models.PositiveSmallIntegerField(_("team"), null=True, blank=True)
    # The key of the pair's own page (its card live on its phone), made with the pair. A
    # secret like a table link's token: kept out of exports, the API and the audit trail.
    card_token = models.CharField(
        max_length=32, unique=True, default=new_card_token, editable=False
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["drive", "number"], name="pair_number_unique_in_drive"),
            models.UniqueConstraint(fields=["drive", "code"], name="pair_code_unique_in_drive"),
            models.CheckConstraint(condition=~Q(code=""), name="pair_code_not_blank"),
            models.CheckConstraint(condition=Q(number__gte=1), name="pair_number_positive"),
            models.CheckConstraint(
                condition=Q(arrived_game__gte=1)
                & (
                    Q(left_after_game__isnull=True)
                    | Q(left_after_game__gte=models.F("arrived_game") - 1)
                ),
                name="pair_arrives_before_leaving",
            ),
            models.CheckConstraint(
                condition=~Q(player1="") & ~Q(player2=""), name="pair_names_not_blank"
            ),
            # One person cannot partner themself (two unknown people are both null).
            models.CheckConstraint(
                condition=~Q(person1=models.F("person2")), name="pair_two_different_people"
            ),
            models.CheckConstraint(condition=~Q(card_token=""), name="pair_card_token_not_blank"),
            models.CheckConstraint(
                condition=Q(side__isnull=True) | Q(side__gte=1), name="pair_side_from_one"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.number}: {self.player1} & {self.player2}"

    @property
    def names(self) -> str:
        return f"{self.player1} & {self.player2}"

    @property
    def card_path(self) -> str:
        """The address of the pair's own page, as its punch card's QR code opens it."""
        return f"/c/{self.card_token}/"


class TableGame(models.Model):
    """One table in one game: who sat there, who deals first, who won."""

    class Status(models.TextChoices):
        PENDING = "pending", _("Playing")
        REPORTED = "reported", _("Reported, waiting for the other pair")
        CONFIRMED = "confirmed", _("Counted")
        CONFLICT = "conflict", _("In conflict")
        SITOUT = "sitout", _("Sit-out")

    class Source(models.TextChoices):
        FRONT = "front", _("Front table")
        TABLE = "table", _("Table")
        AUTO = "auto", _("Automatic")

    COUNTED = (Status.CONFIRMED, Status.SITOUT)

    drive = models.ForeignKey(Drive, on_delete=models.CASCADE, related_name="table_games")
    game = models.PositiveSmallIntegerField()
    table = models.PositiveSmallIntegerField()
    # Null deal_first means the table cuts for the deal (no arriving winner).
    deal_first = models.ForeignKey(
        Pair, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    winner = models.ForeignKey(
        Pair, null=True, blank=True, on_delete=models.PROTECT, related_name="wins"
    )
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PENDING)
    source = models.CharField(max_length=16, choices=Source.choices, blank=True)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    entered_at = models.DateTimeField(null=True, blank=True)
    # Bumped on every change of the result so screens and tokens can spot stale state.
    version = models.PositiveIntegerField(default=0)
    # The device whose table report waits for the other pair (status reported):
    # that device may change its own report; another device disagreeing is a conflict.
    reported_device = models.CharField(max_length=64, blank=True)
    # Wrong pair codes typed at this table in this game (drives.pair_codes.TRIES at most):
    # at TRIES the table takes no more codes and the front table enters its result, which
    # sets it back to 0.
    wrong_codes = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["game", "table"]
        constraints = [
            models.UniqueConstraint(
                fields=["drive", "game", "table"], name="tablegame_one_per_table_per_game"
            ),
            models.CheckConstraint(
                condition=Q(game__gte=1) & Q(table__gte=1), name="tablegame_positive"
            ),
            models.CheckConstraint(
                condition=(
                    Q(status__in=["pending", "conflict"], winner__isnull=True)
                    | Q(status__in=["reported", "confirmed"], winner__isnull=False)
                    | Q(status="sitout")
                ),
                name="tablegame_winner_matches_status",
            ),
            models.CheckConstraint(
                condition=Q(wrong_codes__gte=0) & Q(wrong_codes__lte=CODE_TRIES),
                name="tablegame_wrong_codes_up_to_the_tries",
            ),
        ]
        indexes = [models.Index(fields=["drive", "winner", "status"])]

    def __str__(self) -> str:
        return f"game {self.game} table {self.table}"

    @property
    def counts(self) -> bool:
        return self.status in self.COUNTED

    @property
    def is_sitout(self) -> bool:
        return self.status == self.Status.SITOUT

    @property
    def codes_locked(self) -> bool:
        """Too many wrong pair codes: the table takes no more in this game."""
        return self.wrong_codes >= CODE_TRIES

    @property
    def needs_the_front(self) -> bool:
        """Too many wrong pair codes and no result in: the front table enters it."""
        return self.codes_locked and self.status not in self.COUNTED


class TableLink(models.Model):
    """A club's reusable link for one table number: printed once as a QR card.

    The token opens that table in the club's running drive. Rotating it makes
    the old printed card stop working.
    """

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="table_links")
    table = models.PositiveSmallIntegerField(_("table"))
    token = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField()
    rotated_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["club", "table"]
        constraints = [
            models.UniqueConstraint(fields=["club", "table"], name="tablelink_one_per_table"),
            models.CheckConstraint(condition=Q(table__gte=1), name="tablelink_table_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.club} table {self.table}"

    @property
    def path(self) -> str:
        return f"/t/{self.token}/"


class Submission(models.Model):
    """One result submission for a table (a report, a confirmation, a front entry).

    The key is made on the device: a retry with the same key is answered with
    the first answer and writes nothing. The rows also keep both sides of a
    conflict (device, time) for the organizer to settle.
    """

    class Kind(models.TextChoices):
        REPORT = "report", _("Table report")
        CONFIRM = "confirm", _("Confirmation by the other pair")
        WITHDRAW = "withdraw", _("Report taken back")
        FRONT = "front", _("Front table")

    drive = models.ForeignKey(Drive, on_delete=models.CASCADE, related_name="submissions")
    table_game = models.ForeignKey(TableGame, on_delete=models.CASCADE, related_name="submissions")
    key = models.CharField(max_length=64)
    kind = models.CharField(max_length=16, choices=Kind.choices)
    winner = models.ForeignKey(
        Pair, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    device = models.CharField(max_length=64, blank=True)
    agent = models.CharField(max_length=200, blank=True)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # Who sent the key: "device:<the table device's key>" or "user:<id>" (the front, the
    # API). A retry is answered only to the same source; anyone else reusing the key is
    # refused, never given someone else's answer.
    source = models.CharField(max_length=80)
    at = models.DateTimeField()
    # The answer given the first time, returned again to a retry.
    answer_status = models.PositiveSmallIntegerField(default=200)
    answer = models.CharField(max_length=300, blank=True)

    class Meta:
        ordering = ["table_game", "at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["drive", "key"], name="submission_key_once_per_drive"),
            models.CheckConstraint(
                condition=Q(kind__in=["report", "confirm", "withdraw", "front"]),
                name="submission_kind_valid",
            ),
            models.CheckConstraint(condition=~Q(key=""), name="submission_key_not_blank"),
            models.CheckConstraint(condition=~Q(source=""), name="submission_source_not_blank"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.key} at {self.table_game}"


class Seat(models.Model):
    """A pair sitting at a table for one game. Played seats are facts."""

    drive = models.ForeignKey(Drive, on_delete=models.CASCADE, related_name="seats")
    game = models.PositiveSmallIntegerField()
    table_game = models.ForeignKey(TableGame, on_delete=models.CASCADE, related_name="seats")
    pair = models.ForeignKey(Pair, on_delete=models.PROTECT, related_name="seats")
    slot = models.PositiveSmallIntegerField()
    # The table the pair came from (its seat in the previous game), None in game 1.
    from_table = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["game", "table_game__table", "slot"]
        constraints = [
            models.UniqueConstraint(
                fields=["drive", "game", "pair"], name="seat_pair_once_per_game"
            ),
            models.UniqueConstraint(fields=["table_game", "slot"], name="seat_two_slots_per_table"),
            models.CheckConstraint(condition=Q(slot__in=[1, 2]), name="seat_slot_one_or_two"),
        ]

    def __str__(self) -> str:
        return f"game {self.game}: pair {self.pair_id} at table_game {self.table_game_id}"


class Hand(models.Model):
    """One hand kept by the scorekeeper for a table's game, in order (1, 2, 3...).

    The record is the hand as entered (tricks per pair, the best trump, the bid);
    the scores are always replayed from the hands, so undo is exact.
    """

    table_game = models.ForeignKey(TableGame, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveSmallIntegerField()
    record = models.JSONField()
    # Made on the device: a retried submission is recognised and not stored twice.
    key = models.CharField(max_length=64)
    source = models.CharField(max_length=16, default="front")
    device = models.CharField(max_length=200, blank=True)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    entered_at = models.DateTimeField()

    class Meta:
        ordering = ["table_game", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table_game", "number"], name="hand_once_per_number"),
            models.UniqueConstraint(fields=["table_game", "key"], name="hand_once_per_key"),
            models.CheckConstraint(condition=Q(number__gte=1), name="hand_number_positive"),
        ]

    def __str__(self) -> str:
        return f"hand {self.number} of {self.table_game}"


# --- The prizes set up before the night -------------------------------------------------
# Moved here from prizes (tables kept: scoring_*), so that the night's screens and services
# read them without importing prizes.

CENTS_MAX = 10_000_000  # $100,000: far above any hall's prize, below any overflow


def cents_field(label, **kw):
    kw.setdefault("default", 0)
    return models.PositiveIntegerField(
        label, validators=[MaxValueValidator(CENTS_MAX)], help_text=_("In cents."), **kw
    )


class PrizeSettings(models.Model):
    """A drive's money and side prizes. Made with its defaults when first needed."""

    drive = models.OneToOneField(Drive, on_delete=models.CASCADE, related_name="prize_settings")
    entry_fee = cents_field(_("entry fee per pair"))
    ace_low = models.BooleanField(_("ace is low when cutting"), default=True)
    booby = models.BooleanField(_("booby prize"), default=True)
    booby_cents = cents_field(_("booby prize (money)"), null=True, blank=True, default=None)
    booby_item = models.CharField(_("booby prize (item)"), max_length=120, blank=True)
    booby_excludes_late_or_early = models.BooleanField(
        _("pairs that came late or left early cannot win the booby"), default=True
    )
    jar = models.BooleanField(_("cookie jar"), default=False)
    jar_games = models.PositiveSmallIntegerField(
        _("cookie jar: games drawn"), default=8, validators=[MinValueValidator(1)]
    )
    jar_price = cents_field(_("cookie jar: price per pair"))
    jackpot = models.BooleanField(_("jackpot"), default=False)
    jackpot_threshold = models.PositiveSmallIntegerField(_("jackpot: games needed"), default=20)
    jackpot_cents = cents_field(_("jackpot: amount"))
    fifty_fifty = models.BooleanField(_("50/50 draw"), default=False)
    travelling = models.BooleanField(_("travelling prize"), default=False)
    travelling_item = models.CharField(_("travelling prize (item)"), max_length=120, blank=True)
    door_prizes = models.PositiveSmallIntegerField(_("door prizes to draw"), default=0)

    class Meta:
        db_table = "scoring_prizesettings"  # kept from before the move: no table rebuilt
        constraints = [
            models.CheckConstraint(condition=Q(jar_games__gte=1), name="prizesettings_jar_games"),
        ]

    def __str__(self) -> str:
        return f"prize settings of {self.drive}"


class PlacePrize(models.Model):
    """What a place (1st, 2nd, ...) wins: money or a described item."""

    drive = models.ForeignKey(Drive, on_delete=models.CASCADE, related_name="place_prizes")
    place = models.PositiveSmallIntegerField(validators=[MinValueValidator(1)])
    cents = cents_field(_("amount"), null=True, blank=True, default=None)
    item = models.CharField(_("or an item"), max_length=120, blank=True)

    class Meta:
        db_table = "scoring_placeprize"  # kept from before the move: no table rebuilt
        ordering = ["place"]
        constraints = [
            models.UniqueConstraint(fields=["drive", "place"], name="placeprize_once_per_place"),
            models.CheckConstraint(condition=Q(place__gte=1), name="placeprize_place_positive"),
        ]

    def __str__(self) -> str:
        return f"place {self.place} of {self.drive}"


class JarEntry(models.Model):
    """A pair in the cookie jar: opted in and paid at registration."""

    pair = models.OneToOneField(Pair, on_delete=models.CASCADE, related_name="jar_entry")
    drive = models.ForeignKey(Drive, on_delete=models.CASCADE, related_name="jar_entries")
    created_at = models.DateTimeField()

    class Meta:
        db_table = "scoring_jarentry"  # kept from before the move: no table rebuilt

    def __str__(self) -> str:
        return f"jar: pair {self.pair_id}"
