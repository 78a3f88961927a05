"""The end of a game: a celebration for the winner(s), the pictures everyone found, and what next.

A tie is a shared victory (R12): every winner jumps just as high under a trophy. The scores are
rows of collected pictures, one row per figure, so nobody needs to read. Confetti made of the
collected pictures drifts down once beside the title and the winners, never over them (with many winners in a
narrow window it shows only below them), and comes to rest; the fanfare plays once. Three buttons:

- **again**: the same table, a new seed;
- **decider** (only after a tie): the same table with half the secrets (the rule text's quick
  second game for a tie);
- **new setup**: back to the setup screen, pre-filled with this table.

The card game's end (:class:`doolhof.gui.end.cards.CardEndScene`) is the same celebration; only
its score panel differs. The shared part is :class:`Celebration`.
"""

from __future__ import annotations

import math
import random
import zlib
from dataclasses import dataclass

import pygame

from doolhof.engine import Game
from doolhof.gui.kit import theme
from doolhof.gui.kit.art import Art
from doolhof.gui.kit.pointer import PointerEvent
from doolhof.gui.kit.scene import Host, Scene
from doolhof.gui.kit.text import draw_text, fit_text, readable_px
from doolhof.gui.kit.widgets import (
    CARD,
    PRIMARY,
    SECONDARY,
    Button,
    ButtonSet,
    draw_card,
    garden_background,
    lighten,
    safe_icon,
    share_text_size,
)
from doolhof.i18n import _, ngettext
from doolhof.session.games import AnyGame, kind_of
from doolhof.session.paths import game_path
from doolhof.session.savegame import clear_game
from doolhof.session.seats import TableSetup

#: Seconds the figures jump and the confetti falls before everything rests (and the loop sleeps).
CELEBRATION = 5.0
CONFETTI = 36
#: The card of the score rows.
SCORES = CARD.but(corner=14, least_radius=6, drop=60, least_drop=2)
#: Rotations pre-rendered per confetti picture (rotating every frame would cost too much).
ANGLES = 8


@dataclass
class Confetto:
    """One falling picture: where it starts (as fractions of the window), how it drifts and spins."""

    picture: str
    x: float
    y: float
    fall: float
    sway: float
    phase: float
    spin: int
    size: float


def half_secrets(game: Game, table: TableSetup) -> int:
    """The number of secrets for the decider: half of this game's, at least one each where piles are own."""
    total = table.secrets if table.secrets is not None else len(game.variant.pictures)
    least = game.players if game.variant.own_piles else 1
    return max(least, max(1, total // 2))


class Celebration(Scene):
    """What every end screen shares: the winners jumping under a trophy, confetti, a score panel, buttons.

    A game's end screen fills in :meth:`again` and :meth:`_draw_scores` (and may offer a decider).
    """

    #: True when a tie offers the decider button (the maze game; the card game has none).
    offers_decider = False
    #: True after an online game: "again" and the decider are not offered (they would start a game on this
    #: computer only); "new setup" leads back, where the far computer can be invited again.
    online = False
    #: The seats that were far away from here (the host's, after an online game): "new setup" marks them again.
    far_seats: frozenset[int] = frozenset()

    def __init__(self, host: Host, finished: AnyGame, table: TableSetup, winners: frozenset[int],
                 found: list[str], seed_text: str) -> None:
        """The celebration of *finished* (over) at *table*; confetti of the pictures *found*."""
        super().__init__(host)
        self.finished = finished
        self.table = table
        self.players = finished.players
        self.winners: tuple[int, ...] = tuple(sorted(winners))
        self.time = 0.0
        self.fanfare_played = False
        self.size = (1, 1)
        rng = random.Random(zlib.crc32(seed_text.encode()))
        found = found or ["star"]
        self.confetti = [
            Confetto(rng.choice(found), rng.random(), -0.1 - rng.random() * 0.9, 0.15 + rng.random() * 0.2,
                     0.02 + rng.random() * 0.03, rng.random() * math.tau, rng.choice((-1, 1)),
                     0.035 + rng.random() * 0.025)
            for _ in range(CONFETTI)
        ]
        self._sprites: dict[tuple[str, int], list[pygame.Surface]] = {}
        self.buttons = ButtonSet(on_press=lambda: self.host.play_sound("tap"))
        self.again_button = self.buttons.add(Button(self.again, icon="again", label=lambda: _("Again"),
                                                    style=PRIMARY, name="again"))
        self.decider_button = self.buttons.add(Button(self.decider, icon="trophy", label=self._decider_label,
                                                      style=SECONDARY, name="decider"))
        self.setup_button = self.buttons.add(Button(self.new_setup, icon="home", label=lambda: _("New setup"),
                                                    style=SECONDARY, name="setup"))

    def _decider_label(self) -> str:
        return ""

    # ----- what next -----------------------------------------------------------------------
    def again(self) -> None:
        """The same table again, with a new shuffle (a new game of the same kind)."""
        self.host.screens.start_game(self.table.fresh(self.host.next_seed()), self.table)

    def decider(self) -> None:
        """A quick decider after a tie (only where :attr:`offers_decider`)."""

    def new_setup(self) -> None:
        """Back to the setup screen, with this table chosen (and the far seats, after an online game)."""
        self.host.screens.show_setup(self.table, self.far_seats)

    # ----- lifecycle -----------------------------------------------------------------------
    def enter(self) -> None:
        """Play the fanfare (once) and forget the finished game's save file.

        Only when this is the session's own game: an end screen shown for anything else (a picture
        made by ``doolhof screenshot``) must not remove a family's saved game.
        """
        if not self.fanfare_played:
            self.fanfare_played = True
            self.host.play_sound("fanfare")
        session = self.host.session
        if session.running and session.game == self.finished:
            clear_game(game_path(kind_of(self.finished)))  # already gone since the win (GameKeeper.save)

    def resize(self, size: tuple[int, int]) -> None:
        """Lay out the stage, the score rows and the buttons."""
        self.size = (max(1, size[0]), max(1, size[1]))
        w, h = self.size
        pad = max(4, int(min(w, h) * 0.02))
        wide = w >= h * 1.15
        stage_h = int(h * (0.42 if wide else 0.36))
        buttons_h = int(h * (0.15 if wide else 0.12))
        self.stage = pygame.Rect(pad, pad, w - 2 * pad, stage_h - pad)
        self.scores_rect = pygame.Rect(pad, stage_h + pad, w - 2 * pad, h - stage_h - buttons_h - 3 * pad)
        if wide:
            self.scores_rect.width = min(self.scores_rect.width, int(w * 0.8))
            self.scores_rect.centerx = w // 2
        # Rows no taller than a comfortable picture line; the panel shrinks around them.
        band = self.scores_rect.copy()
        row_cap = int(min(w, h) * 0.15)
        wanted = self.players * row_cap + int(row_cap * 0.4)
        if band.height > wanted:
            self.scores_rect.height = wanted
            self.scores_rect.centery = band.centery
        row = pygame.Rect(pad, h - buttons_h - pad, w - 2 * pad, buttons_h)
        gap = pad
        # The decider is the rule text's answer to a tie; after a clear win it would only puzzle.
        tie = len(self.winners) > 1 and self.offers_decider and not self.online
        self.decider_button.visible = tie
        self.again_button.visible = not self.online
        shown: tuple[Button, ...]
        widths: tuple[float, ...]
        if self.online:
            shown, widths = (self.setup_button,), (1.0,)  # alone: centred, wide enough for one line
            self.decider_button.rect = self.again_button.rect = pygame.Rect(row.center, (0, 0))
        elif tie:
            shown, widths = (self.again_button, self.decider_button, self.setup_button), (0.30, 0.40, 0.30)
        else:
            shown, widths = (self.again_button, self.setup_button), (0.5, 0.5)
            self.decider_button.rect = pygame.Rect(row.center, (0, 0))
        gaps = gap * (len(shown) - 1)
        usable = min(row.width - gaps, int(row.height * 4 * len(shown)))
        x = row.centerx - (usable + gaps) // 2
        for button, share in zip(shown, widths):
            bw = int(usable * share)
            button.rect = pygame.Rect(x, row.y, bw, row.height)
            x += bw + gap
        self.share_label_size()
        self._sprites.clear()

    def share_label_size(self) -> None:
        """One size for the buttons' words: the largest at which each fits on one line, or, when that would be
        below a parent's reading size, on two (a long translation wraps, never set smaller than its neighbours)."""
        shown = [b for b in (self.again_button, self.decider_button, self.setup_button) if b.visible]
        px = share_text_size(shown)
        if px is None or px < readable_px(self.size):
            share_text_size(shown, lines=2)

    def update(self, dt: float) -> None:
        """Advance the celebration."""
        if self.time < CELEBRATION:
            self.time = min(CELEBRATION, self.time + dt)

    def busy(self) -> bool:
        """Moving until the celebration has come to rest."""
        return self.time < CELEBRATION

    def handle_pointer(self, event: PointerEvent) -> None:
        """Buttons take the pointer."""
        self.buttons.handle(event)

    # ----- drawing -------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Paint the celebration."""
        self.share_label_size()  # the words follow the language
        surface.blit(garden_background(surface.get_size()), (0, 0))
        art = self.host.art
        self._draw_rays(surface)
        self._draw_confetti(surface, art)
        self._draw_winners(surface, art)
        self._draw_scores(surface, art)
        self.buttons.draw(surface, art)

    def _draw_rays(self, surface: pygame.Surface) -> None:
        """A soft sunburst behind the winners."""
        cx, cy = self.stage.centerx, self.stage.bottom
        radius = int(max(self.stage.width, self.stage.height * 2) * 0.7)
        color = lighten(theme.BACKGROUND, 0.12)
        for k in range(16):
            a0 = math.pi + k * math.pi / 16
            a1 = a0 + math.pi / 32
            pygame.draw.polygon(surface, color, [
                (cx, cy), (cx + radius * math.cos(a0), cy + radius * math.sin(a0)),
                (cx + radius * math.cos(a1), cy + radius * math.sin(a1)),
            ])

    def _confetti_sprite(self, art: Art, name: str, px: int, turn: int) -> pygame.Surface:
        key = (name, px)
        if key not in self._sprites:
            base = art.picture(name, px)
            self._sprites[key] = [pygame.transform.rotate(base, k * 360 / ANGLES) for k in range(ANGLES)]
        return self._sprites[key][turn % ANGLES]

    def keep_clear(self) -> list[pygame.Rect]:
        """What the confetti never falls over: the title's words and each winner's trophy (and figure)."""
        return [self.title_text_rect()] + [rect.union(trophy) for _seat, rect, trophy in self.winner_spots()]

    def clear_span(self) -> tuple[int, int] | None:
        """The stretch of the window's width (left, right) the confetti keeps out of: the title's words and the
        winners with their trophies; None when that leaves too little room beside them (many winners in a
        narrow window): then the confetti shows only below them (see :meth:`confetti_spots`)."""
        w, _h = self.size
        keep = self.keep_clear()
        margin = self.confetti_reach()
        left, right = min(r.left for r in keep) - margin, max(r.right for r in keep) + margin
        free = max(0, left) + max(0, w - right)
        return (left, right) if free >= w * 0.3 else None

    def confetti_reach(self) -> int:
        """How far a confetto may reach from its line of fall: half its largest turned picture and its sway."""
        w, h = self.size
        biggest = max((c.size for c in self.confetti), default=0.0)
        sway = max((c.sway for c in self.confetti), default=0.0)
        return int(min(w, h) * biggest * 1.6 * 0.75 + sway * w) + 2

    def confetti_spots(self) -> list[tuple[Confetto, int, int, tuple[int, int], int]]:
        """Each confetto now: (confetto, picture size, turn, centre, opacity 0-255).

        It falls beside the :meth:`clear_span`; when there is no room beside it, it shows only below the title
        and the trophies, fading in as it comes out from under them."""
        w, h = self.size
        # Falling slows to a rest as the celebration ends (ease-out), so the last frame is a calm scatter.
        progress = self.time / CELEBRATION
        travel = CELEBRATION * (progress - progress * progress / 2)
        span = self.clear_span()
        tops = [self.title_text_rect()] + [trophy for _seat, _rect, trophy in self.winner_spots()]
        below = max(r.bottom for r in tops) if span is None else 0
        spots = []
        for c in self.confetti:
            y = c.y + c.fall * travel * 1.6
            y = y % 1.1 - 0.05 if y > 1.05 else y
            x = c.x * w
            if span is not None:  # the line of fall, in the free room left and right of the span
                left, right = max(0, span[0]), max(0, w - span[1])
                x = c.x * (left + right)
                x = x if x < left else x + (span[1] - left)
            x += c.sway * w * math.sin(c.phase + travel * 2.5)
            px = max(8, int(min(w, h) * c.size * 1.6))
            turn = int((c.phase + c.spin * travel * 3) / math.tau * ANGLES)
            opacity = 255
            if span is None:
                half = int(px * 0.75) + 1
                opacity = int(255 * max(0.0, min(1.0, (y * h - half - below) / (2 * half))))
            if opacity > 0:
                spots.append((c, px, turn, (int(x), int(y * h)), opacity))
        return spots

    def _draw_confetti(self, surface: pygame.Surface, art: Art) -> None:
        for c, px, turn, centre, opacity in self.confetti_spots():
            sprite = self._confetti_sprite(art, c.picture, px, turn)
            if opacity < 255:
                sprite = sprite.copy()
                sprite.set_alpha(opacity)
            surface.blit(sprite, sprite.get_rect(center=centre))

    def title_rect(self) -> pygame.Rect:
        """Where the title ("Hooray!") is written, at the top of the stage."""
        stage = self.stage
        return pygame.Rect(stage.x, stage.y, stage.width, int(stage.height * 0.2))

    def title(self) -> str:
        """The title over the winners, in the parents' language."""
        return _("A shared victory!") if len(self.winners) > 1 else _("Hooray!")

    def title_text_rect(self) -> pygame.Rect:
        """Where the title's words are drawn (inside :meth:`title_rect`)."""
        box = self.title_rect()
        return fit_text(self.title(), box.size, theme.PANEL).get_rect(center=box.center)

    def winner_spots(self) -> list[tuple[int, pygame.Rect, pygame.Rect]]:
        """(seat, figure rect, trophy rect) of each winner now, jumping. Figure and trophy are sized so that
        even the highest jump keeps the trophy under the title."""
        stage = self.stage
        count = max(1, len(self.winners))
        title = self.title_rect()
        area = pygame.Rect(stage.x, title.bottom, stage.width, stage.bottom - title.bottom)
        # The highest point: a jump of 0.16 of the area, the trophy reaching px / 3 - px / 6 over the head.
        px = max(8, int(min(area.height * 0.84 / (1 + 1 / 6 + 0.02), area.width / (count + 0.5))))
        amplitude = area.height * 0.16 * (1 - self.time / CELEBRATION)
        side = max(8, px // 3)
        spots = []
        for k, seat in enumerate(self.winners):
            cx = int(area.centerx + (k - (count - 1) / 2) * px * 1.1)
            hop = abs(math.sin(self.time * 5.5 + k * 0.9)) * amplitude
            rect = pygame.Rect(0, 0, px, px)
            rect.midbottom = (cx, int(area.bottom - hop))
            trophy = pygame.Rect(0, 0, side, side)
            trophy.midbottom = (rect.centerx + px // 3, rect.top + px // 6)
            spots.append((seat, rect, trophy))
        return spots

    def _draw_winners(self, surface: pygame.Surface, art: Art) -> None:
        draw_text(surface, self.title(), self.title_rect(), theme.PANEL, shadow=theme.HEDGE_DARK)
        for seat, rect, place in self.winner_spots():
            px = rect.w
            shadow = pygame.Rect(0, 0, int(px * 0.6), max(4, px // 10))
            shadow.center = (rect.centerx, self.stage.bottom - shadow.height // 2)
            pygame.draw.ellipse(surface, theme.HEDGE_DARK, shadow)
            surface.blit(art.figure(self.table.figure(seat), px), rect)
            trophy = safe_icon(art, "trophy", place.w)
            if trophy is not None:
                surface.blit(trophy, trophy.get_rect(midbottom=place.midbottom))

    def _draw_scores(self, surface: pygame.Surface, art: Art) -> None:
        """The score panel (each game draws its own)."""


class EndScene(Celebration):
    """Celebrate the end of the maze *game* (played at *table*) and offer the next game."""

    offers_decider = True

    def __init__(self, host: Host, game: Game, table: TableSetup) -> None:
        """The end screen; *game* must be over."""
        outcome = game.outcome()
        winners = outcome.winners if outcome is not None else frozenset()
        super().__init__(host, game, table, winners, [p for row in game.collected for p in row],
                         repr(game.collected))
        self.game = game
        self.reason = outcome.reason if outcome is not None else "most-secrets"

    def _decider_label(self) -> str:
        n = half_secrets(self.game, self.table)
        # Translators: the button after a tie: a short game with half the secrets that decides who wins.
        return ngettext("Tie-breaker: {n} secret", "Tie-breaker: {n} secrets", n).format(n=n)

    def again(self) -> None:
        """The same table again, with a new shuffle."""
        self.host.screens.start_game(self.table.new_game(self.host.next_seed()), self.table)

    def decider(self) -> None:
        """A quick decider at the same table with half the secrets."""
        table = self.table.with_secrets(half_secrets(self.game, self.table))
        self.host.screens.start_game(table.new_game(self.host.next_seed()), table)

    def badges(self, seat: int) -> tuple[str, ...]:
        """The icons at the end of *seat*'s score row, right to left: a trophy for a winner, and a house
        when the win came from getting home first (own secrets), so a parent sees why an equal row lost."""
        if seat not in self.winners:
            return ()
        return ("trophy", "home") if self.reason == "home" else ("trophy",)

    def _draw_scores(self, surface: pygame.Surface, art: Art) -> None:
        panel = self.scores_rect
        if panel.width <= 0 or panel.height <= 0:
            return
        draw_card(surface, panel, theme.PANEL, theme.HEDGE_DARK, SCORES)
        inner = panel.inflate(-max(4, panel.height // 20), -max(4, panel.height // 20))
        rows = self.game.players
        gap = max(2, inner.height // 40)
        row_h = max(1, (inner.height - gap * (rows - 1)) // rows)
        collected = self.game.collected
        for seat in range(rows):
            row = pygame.Rect(inner.x, inner.y + seat * (row_h + gap), inner.width, row_h)
            won = seat in self.winners
            color = theme.SEAT_COLORS[self.table.figure(seat)]
            pygame.draw.rect(surface, lighten(color, 0.55 if won else 0.8), row, border_radius=max(4, row_h // 4))
            if won:
                pygame.draw.rect(surface, color, row, width=max(2, row_h // 16), border_radius=max(4, row_h // 4))
            face_px = int(row_h * 0.9)
            face = art.figure(self.table.figure(seat), face_px)
            surface.blit(face, face.get_rect(midleft=(row.x + row_h // 8, row.centery)))
            left = row.x + row_h // 8 + face_px + row_h // 6
            right = row.right - row_h // 8
            for badge in self.badges(seat):
                image = safe_icon(art, badge, int(row_h * 0.8))
                if image is not None:
                    surface.blit(image, image.get_rect(midright=(right, row.centery)))
                    right -= int(row_h * 0.9)
            pictures = collected[seat]
            if not pictures:
                continue
            room = max(1, right - left)
            px = int(min(row_h * 0.78, room / (len(pictures) * 1.08)))
            step = px * 1.08
            for i, name in enumerate(pictures):
                image = art.picture(name, max(4, px))
                surface.blit(image, image.get_rect(midleft=(int(left + i * step), row.centery)))
