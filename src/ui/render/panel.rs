//! The side panel: the player's state, the turn and seed, and what is in view.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};

use super::look::describe;
use crate::game::GameState;
use crate::geometry::Pos;
use crate::ui::targeting::first_hit;
use crate::ui::theme::Theme;

/// The cursor the panel reports on.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Cursor {
    /// No cursor: the panel shows the player and what is in view only.
    None,
    /// Look mode: describe the cell.
    Look(Pos),
    /// Targeting: describe the cell and say what the arrow will meet first.
    Aim(Pos),
}

/// Draws the panel. With a cursor it ends with the description of the cell under it, and when
/// aiming with what the arrow will hit first.
pub fn render(game: &GameState, cursor: Cursor, area: Rect, buf: &mut Buffer, theme: &Theme) {
    let block = Block::bordered().border_style(theme.border);
    let inner = block.inner(area);
    block.render(area, buf);
    let p = &game.player;
    // (in i64: the panel draws whatever state it is given, and must not overflow on any)
    let (hp, max) = (i64::from(p.hp), i64::from(p.max_hp).max(1));
    let hp_style = if hp * 3 <= max { theme.bad } else { theme.good };
    let bar_width = 10;
    let filled = ((hp.clamp(0, max) * bar_width + max - 1) / max) as usize;
    let mut lines = vec![
        Line::from(vec![
            Span::styled(format!("HP {:>2}/{:<2} ", p.hp.max(0), p.max_hp), hp_style),
            Span::styled("#".repeat(filled), hp_style),
            Span::styled("-".repeat(bar_width as usize - filled), theme.faint),
        ]),
        Line::styled(format!("Turn {}   Seed {}", game.turn, game.seed), theme.text),
        Line::styled(format!("Position {}", p.pos), theme.text),
        Line::styled(format!("Arrows {}   Potions {}", p.arrows, p.potions), theme.text),
        Line::styled(format!("Gold {}   Kills {}", p.gold, p.kills), theme.text),
        Line::default(),
        Line::styled("In view:", theme.title),
    ];
    let monsters = game.visible_monsters();
    let items = game.visible_items();
    for m in &monsters {
        let health = match m.hp * 3 {
            h if h >= 2 * m.stats().max_hp => "",
            h if h >= m.stats().max_hp => " (hurt)",
            _ => " (badly hurt)",
        };
        lines.push(Line::from(vec![
            Span::styled(format!(" {} ", m.kind.glyph()), theme.monster(m.kind)),
            Span::styled(format!("{}{health}", m.name()), theme.text),
        ]));
    }
    for item in &items {
        lines.push(Line::from(vec![
            Span::styled(format!(" {} ", item.kind.glyph()), theme.item_visible(item.kind)),
            Span::styled(item.describe(), theme.text),
        ]));
    }
    if monsters.is_empty() && items.is_empty() {
        lines.push(Line::styled(" nothing of note", theme.faint));
    }
    let here = game.item_at(p.pos).map(|i| i.describe()).or_else(|| {
        let tile = game.map.tile(p.pos);
        (tile != crate::map::Tile::Floor).then(|| tile.name().to_string())
    });
    if let Some(here) = here {
        lines.push(Line::default());
        lines.push(Line::styled(format!("Here: {here}"), theme.text));
    }
    match cursor {
        Cursor::None => {}
        Cursor::Look(c) => {
            lines.push(Line::default());
            lines.push(Line::styled(format!("Look {c}:"), theme.title));
            lines.push(Line::styled(describe(game, c), theme.text));
        }
        Cursor::Aim(c) => {
            lines.push(Line::default());
            lines.push(Line::styled(format!("Aim at {c}:"), theme.title));
            lines.push(Line::styled(describe(game, c), theme.text));
            lines.push(Line::styled(first_hit(game, c), theme.bad));
        }
    }
    Paragraph::new(lines).wrap(Wrap { trim: false }).render(inner, buf);
}
