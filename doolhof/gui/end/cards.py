"""The end of a card game: the same celebration as the maze game's, with the taken cards as stacks.

The winners (most cards taken; a tie is a shared victory, C9) jump under a trophy. Below, every
figure stands in order of cards taken, the best first, under its own stack of taken cards, the last
card taken face up on top and a strip of every other card under it, as thick as the room lets the
tallest stack be: the stacks' heights differ as the counts do, and a child can count the strips. The
count sits above each stack on a white badge, big and dark, inside the column; a winner's trophy
stands beside its figure. Confetti of the treasures taken drifts down. Once the confetti rests, the
winners' stacks keep twinkling: a few stars fade in and out round them (never over a count), drawn a
few times a second (the loop otherwise sleeps), so the screen never stands still. Two buttons:
**again** (a new card game at the same table) and **new setup**.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from doolhof.cards import CardGame
from doolhof.gui.end.scene import CELEBRATION, SCORES, Celebration
from doolhof.gui.kit import theme
from doolhof.gui.kit.art import Art
from doolhof.gui.kit.cardpics import card_nets, draw_card_back, draw_card_face
from doolhof.gui.kit.scene import Host
from doolhof.gui.kit.text import draw_text, readable_px
from doolhof.gui.kit.widgets import draw_card, lighten, safe_icon
from doolhof.session.seats import TableSetup

#: Seconds between two pictures of the twinkling after the celebration (the loop sleeps in between).
TWINKLE_STEP = 0.125
#: Stars twinkling round each winner's stack.
TWINKLES = 5


def count_px(window: tuple[int, int]) -> int:
    """The font size of a stack's count: twice a parent's reading size, so it reads from the sofa."""
    return readable_px(window) * 2


@dataclass(frozen=True)
class Column:
    """One seat's column on the score panel: its *box*, the *figure*, the stack's *top* card (None: no card
    taken), the *count* above it and the *trophy* of a winner (None otherwise)."""

    box: pygame.Rect
    figure: pygame.Rect
    top: pygame.Rect | None
    count: pygame.Rect | None
    trophy: pygame.Rect | None
    #: Pixels of one card's layer in the stack.
    layer: float


class CardEndScene(Celebration):
    """Celebrate the end of the card *game* (played at *table*) and offer the next one."""

    def __init__(self, host: Host, game: CardGame, table: TableSetup) -> None:
        """The end screen; *game* must be over."""
        outcome = game.outcome()
        winners = outcome.winners if outcome is not None else frozenset()
        taken = [sorted(card.treasures) for seat in range(game.players) for card in game.taken(seat)]
        found = [name for names in taken for name in names]
        super().__init__(host, game, table, winners, found, repr(game.scores) + repr(found[:12]))
        self.game = game
        #: Seconds since the screen opened (the twinkling's clock; the celebration's own stops at its end).
        self.clock = 0.0
        self._twinkle_drawn = 0

    def update(self, dt: float) -> None:
        """Advance the celebration, then the twinkling: a new picture every TWINKLE_STEP seconds."""
        super().update(dt)
        self.clock += max(0.0, dt)
        if self.time >= CELEBRATION:
            step = int(self.clock / TWINKLE_STEP)
            if step != self._twinkle_drawn:
                self._twinkle_drawn = step
                self.host.request_redraw()

    def wake_after(self) -> float | None:
        """While resting after the celebration: wake for the next twinkle."""
        if self.time < CELEBRATION:
            return None
        return max(0.01, TWINKLE_STEP - self.clock % TWINKLE_STEP)

    def order(self) -> list[int]:
        """The seats in order of cards taken, most first (equal counts keep their seat order)."""
        scores = self.game.scores
        return sorted(range(self.game.players), key=lambda seat: (-scores[seat], seat))

    def again(self) -> None:
        """A new card game at the same table."""
        self.host.screens.start_game(self.table.new_card_game(self.host.next_seed()), self.table)

    def resize(self, size: tuple[int, int]) -> None:
        """Like every end screen, but the score panel takes the whole room between the stage and the buttons."""
        super().resize(size)
        w, h = self.size
        wide = w >= h * 1.15
        pad = max(4, int(min(w, h) * 0.02))
        self.stage.height = int(h * (0.38 if wide else 0.32)) - pad  # the stacks get the room: they tell the result
        stage_h = self.stage.bottom
        buttons_h = int(h * (0.15 if wide else 0.12))
        self.scores_rect = pygame.Rect(pad, stage_h + pad, w - 2 * pad, h - stage_h - buttons_h - 3 * pad)
        if wide:
            self.scores_rect.width = min(self.scores_rect.width, int(w * 0.8))
            self.scores_rect.centerx = w // 2
        columns = self.game.players
        most = max(1, self.scores_rect.height) * 1.1
        if self.scores_rect.width > columns * most:
            self.scores_rect.width = int(columns * most)
            self.scores_rect.centerx = w // 2

    def columns(self) -> list[tuple[int, Column]]:
        """(seat, its column) in the order shown, best first."""
        panel = self.scores_rect
        if panel.width <= 0 or panel.height <= 0:
            return []
        inner = panel.inflate(-max(4, panel.height // 12), -max(4, panel.height // 12))
        seats = self.order()
        gap = max(2, inner.width // 60)
        col_w = max(1, (inner.width - gap * (len(seats) - 1)) // len(seats))
        scores = self.game.scores
        most = max(1, max(scores))
        return [(seat, self.column(pygame.Rect(inner.x + k * (col_w + gap), inner.y, col_w, inner.height), seat,
                                   scores[seat], most))
                for k, seat in enumerate(seats)]

    def column(self, box: pygame.Rect, seat: int, score: int, most: int) -> Column:
        """Where the parts of *seat*'s column go in *box*, bottom up: the figure (with a winner's trophy at its
        side, as big as the figure allows), the stack of taken cards, its count on a white badge above it.

        The stack shows a strip of every card under the top one, as thick as the room lets the tallest stack
        (*most* cards) be, so the stacks' heights differ as the counts do and a child can count the strips."""
        margin = max(2, box.height // 30)
        face_px = int(min(box.width * 0.62, box.height * 0.24))
        foot = box.bottom - margin
        won = seat in self.winners
        trophy = None
        figure = pygame.Rect(0, 0, face_px, face_px)
        if won:
            side = int(min(face_px * 0.95, box.width - face_px - 3 * margin))
            if side >= face_px * 0.6:  # room beside the figure: the two side by side
                trophy = pygame.Rect(0, 0, side, side)
                figure.bottomleft = (box.centerx - (face_px + side + margin) // 2, foot)
                trophy.bottomleft = (figure.right + margin, foot)
            else:  # a narrow column: the trophy stands in front of the figure's lower right
                side = max(8, int(face_px * 0.7))
                trophy = pygame.Rect(0, 0, side, side)
                figure.midbottom = (box.centerx - side // 5, foot)
                trophy.bottomright = (min(box.right - margin, figure.right + side // 2), foot)
        else:
            figure.midbottom = (box.centerx, foot)
        count_h = min(count_px(self.size) + max(4, box.height // 40), box.height // 6)
        base = figure.top - max(2, box.height // 40)
        room = base - count_h - 2 * margin - box.top  # the tallest stack's height
        card_side = int(max(8, min(box.width * 0.56, room * 0.3)))
        layer = max(0.5, min(card_side * 0.35, (room - card_side) / max(1, most - 1)))
        top = count = None
        if score:
            top = pygame.Rect(0, 0, card_side, card_side)
            top.midbottom = (box.centerx, int(base - (score - 1) * layer))
            count = pygame.Rect(0, 0, min(box.width - 2 * margin, max(count_h * 2, card_side)), count_h)
            count.midbottom = (box.centerx, top.top - margin)
        return Column(box, figure, top, count, trophy, layer)

    def _draw_scores(self, surface: pygame.Surface, art: Art) -> None:
        panel = self.scores_rect
        if panel.width <= 0 or panel.height <= 0:
            return
        draw_card(surface, panel, theme.PANEL, theme.HEDGE_DARK, SCORES)
        for seat, column in self.columns():
            self._draw_column(surface, art, column, seat, self.game.scores[seat])
        self._draw_twinkles(surface)

    def _draw_column(self, surface: pygame.Surface, art: Art, column: Column, seat: int, score: int) -> None:
        """One seat: its figure at the foot, its stack of taken cards above (a strip per card), the count, a
        trophy."""
        box = column.box
        won = seat in self.winners
        color = theme.SEAT_COLORS[self.table.figure(seat) % len(theme.SEAT_COLORS)]
        radius = max(4, box.width // 8)
        pygame.draw.rect(surface, lighten(color, 0.55 if won else 0.82), box, border_radius=radius)
        if won:
            pygame.draw.rect(surface, color, box, width=max(2, box.width // 30), border_radius=radius)
        face = art.figure(self.table.figure(seat), column.figure.w)
        surface.blit(face, column.figure)
        if column.top is not None and column.count is not None:
            card = column.top.copy()
            # The stack: a strip of every card taken, drawn bottom to top, the last card face up on top.
            for n in range(score):
                card.bottom = int(column.top.bottom + (score - 1 - n) * column.layer)
                draw_card_back(surface, card)
            last = self.game.taken(seat)[-1]
            draw_card_face(surface, column.top, card_nets((n.ports, n.treasures) for n in last.networks), art)
            badge = column.count
            pygame.draw.rect(surface, theme.WHITE, badge, border_radius=badge.h // 2)
            pygame.draw.rect(surface, color, badge, width=max(2, badge.h // 10), border_radius=badge.h // 2)
            draw_text(surface, str(score), badge.inflate(-badge.h // 3, -max(2, badge.h // 8)), theme.INK,
                      max_px=badge.h)
        if column.trophy is not None:
            trophy = safe_icon(art, "trophy", column.trophy.w)
            if trophy is not None:
                surface.blit(trophy, column.trophy)

    def twinkles(self) -> list[tuple[tuple[int, int], int]]:
        """The stars twinkling round the winners' stacks now: (centre, radius); none during the celebration."""
        if self.time < CELEBRATION:
            return []
        found = []
        for seat, column in self.columns():
            if seat not in self.winners or column.top is None:
                continue
            top = column.top
            for k in range(TWINKLES):
                glow = math.sin(self.clock * 2.4 + k * 1.7)
                if glow <= 0:
                    continue  # this star is out just now
                a = k * math.tau / TWINKLES + self.clock * 0.35
                x = top.centerx + math.cos(a) * top.w * 0.62
                y = top.centery + math.sin(a) * top.h * 0.62
                r = max(2, round(top.w * 0.07 * glow))
                star = pygame.Rect(round(x) - 2 * r, round(y) - 2 * r, 4 * r + 1, 4 * r + 1)
                if column.count is not None and star.colliderect(column.count):
                    continue  # never over the count: it stays plain to read
                found.append(((round(x), round(y)), r))
        return found

    def _draw_twinkles(self, surface: pygame.Surface) -> None:
        for (x, y), r in self.twinkles():
            pygame.draw.circle(surface, theme.HEDGE_DARK, (x, y + 1), r + 1)
            pygame.draw.polygon(surface, theme.SPARKLE, [
                (x, y - 2 * r), (x + r // 2, y - r // 2), (x + 2 * r, y), (x + r // 2, y + r // 2),
                (x, y + 2 * r), (x - r // 2, y + r // 2), (x - 2 * r, y), (x - r // 2, y - r // 2)])
