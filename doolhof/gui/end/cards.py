"""The end of a card game: the same celebration as the maze game's, with the taken cards as stacks.

The winners (most cards taken; a tie is a shared victory, C9) jump under a trophy. Below, every
figure stands in order of cards taken, the best first, under its own stack of taken cards: one thin
layer per card, the last card taken face up on top, so the tallest stack is plain to see without
numbers (a small count sits beside it for the parents). Confetti of the treasures taken drifts down.
Two buttons: **again** (a new card game at the same table) and **new setup**.
"""

from __future__ import annotations

import pygame

from doolhof.cards import CardGame
from doolhof.gui.end.scene import SCORES, Celebration
from doolhof.gui.kit import theme
from doolhof.gui.kit.art import Art
from doolhof.gui.kit.cardpics import card_nets, draw_card_back, draw_card_face
from doolhof.gui.kit.scene import Host
from doolhof.gui.kit.text import draw_text
from doolhof.gui.kit.widgets import draw_card, lighten, safe_icon
from doolhof.session.seats import TableSetup


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
        stage_h = int(h * (0.42 if wide else 0.36))
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

    def _draw_scores(self, surface: pygame.Surface, art: Art) -> None:
        panel = self.scores_rect
        if panel.width <= 0 or panel.height <= 0:
            return
        draw_card(surface, panel, theme.PANEL, theme.HEDGE_DARK, SCORES)
        inner = panel.inflate(-max(4, panel.height // 12), -max(4, panel.height // 12))
        seats = self.order()
        gap = max(2, inner.width // 60)
        col_w = max(1, (inner.width - gap * (len(seats) - 1)) // len(seats))
        scores = self.game.scores
        most = max(1, max(scores))
        for k, seat in enumerate(seats):
            column = pygame.Rect(inner.x + k * (col_w + gap), inner.y, col_w, inner.height)
            self._draw_column(surface, art, column, seat, scores[seat], most)

    def _draw_column(self, surface: pygame.Surface, art: Art, column: pygame.Rect, seat: int, score: int,
                     most: int) -> None:
        """One seat: its figure at the foot, its stack of taken cards above (thickness per card), a trophy."""
        won = seat in self.winners
        color = theme.SEAT_COLORS[seat % len(theme.SEAT_COLORS)]
        radius = max(4, column.width // 8)
        pygame.draw.rect(surface, lighten(color, 0.55 if won else 0.82), column, border_radius=radius)
        if won:
            pygame.draw.rect(surface, color, column, width=max(2, column.width // 30), border_radius=radius)
        face_px = int(min(column.width * 0.8, column.height * 0.3))
        face = art.figure(seat, face_px)
        foot = column.bottom - max(2, column.height // 30)
        surface.blit(face, face.get_rect(midbottom=(column.centerx, foot)))
        card_side = int(min(column.width * 0.72, column.height * 0.3))
        room = column.height - face_px - card_side - column.height // 8
        layer = max(1.0, min(card_side * 0.12, room / most))
        base = foot - face_px - max(2, column.height // 40)
        card = pygame.Rect(0, 0, card_side, card_side)
        # The stack: one thin layer per card taken, drawn bottom to top, the last card face up on top.
        for n in range(score):
            card.midbottom = (column.centerx, int(base - n * layer))
            draw_card_back(surface, card)
        if score:
            last = self.game.taken(seat)[-1]
            card.midbottom = (column.centerx, int(base - (score - 1) * layer))
            draw_card_face(surface, card, card_nets((n.ports, n.treasures) for n in last.networks), art)
            count = pygame.Rect(0, 0, column.width, max(8, card_side // 3))
            count.midbottom = (column.centerx, card.top - 2)
            draw_text(surface, str(score), count, theme.INK_SOFT, max_px=max(8, card_side // 4))
        if won:
            trophy = safe_icon(art, "trophy", max(8, face_px // 2))
            if trophy is not None:
                surface.blit(trophy, trophy.get_rect(bottomright=(column.right - 2, foot)))
