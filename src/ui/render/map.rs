//! The map view: what the player sees and remembers, scrolled to keep the focus on screen.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::{Block, Widget};

use crate::game::GameState;
use crate::geometry::Pos;
use crate::ui::targeting::{PathCell, PathKind};
use crate::ui::theme::Theme;

/// The map position drawn at the top-left cell of a `view_w × view_h` view that keeps `focus`
/// on screen: centred on it, clamped so no space is wasted past the map's edges, and the map
/// centred when it is smaller than the view.
pub fn camera(map_w: usize, map_h: usize, view_w: u16, view_h: u16, focus: Pos) -> Pos {
    fn axis(map: i32, view: i32, focus: i32) -> i32 {
        if map <= view { -(view - map) / 2 } else { (focus - view / 2).clamp(0, map - view) }
    }
    Pos::new(axis(map_w as i32, view_w as i32, focus.x), axis(map_h as i32, view_h as i32, focus.y))
}

/// Draws the map in a bordered box. Visible cells show what is there now, creatures included;
/// remembered cells show what was there when last seen, dimmed; unseen cells stay blank.
/// `cursor` is the look or aiming cursor, which the view follows; `path` the targeting preview,
/// drawn over the cells it crosses in the style of what each holds (a never-seen cell on it
/// shows `*`), with the aim cursor patched on the aimed-at cell.
pub fn render(
    game: &GameState,
    cursor: Option<Pos>,
    path: &[PathCell],
    area: Rect,
    buf: &mut Buffer,
    theme: &Theme,
) {
    let title = if game.map.meta.name.is_empty() {
        " sightline ".to_string()
    } else {
        // (the name comes from the map file or a save: control and bidirectional characters
        // are drawn as U+FFFD; a name wider than the border ends with "…")
        let name = crate::map::terminal_text(&game.map.meta.name);
        format!(" {} ", super::wrap::shorten(&name, usize::from(area.width).saturating_sub(4)))
    };
    let block = Block::bordered().title(title).border_style(theme.border).title_style(theme.title);
    let inner = block.inner(area);
    block.render(area, buf);
    if inner.is_empty() {
        return;
    }
    let focus = cursor.unwrap_or(game.player.pos);
    let top_left = camera(game.map.width(), game.map.height(), inner.width, inner.height, focus);
    // Only the screen cells over the map can show anything (a cursor never leaves the map).
    let span = |origin: i32, len: u16, size: usize| {
        let first = (-origin).clamp(0, i32::from(len));
        let last = (size as i32 - origin).clamp(first, i32::from(len));
        first as u16..last as u16
    };
    for sy in span(top_left.y, inner.height, game.map.height()) {
        for sx in span(top_left.x, inner.width, game.map.width()) {
            let p = top_left + Pos::new(sx.into(), sy.into());
            let target = &mut buf[(inner.x + sx, inner.y + sy)];
            if let Some((glyph, style)) = cell(game, p, theme) {
                target.set_char(glyph).set_style(style);
            }
            if cursor == Some(p) {
                target.set_style(theme.cursor);
            }
        }
    }
    for step in path {
        let (sx, sy) = (step.pos.x - top_left.x, step.pos.y - top_left.y);
        if !(0..i32::from(inner.width)).contains(&sx) || !(0..i32::from(inner.height)).contains(&sy) {
            continue;
        }
        let target = &mut buf[(inner.x + sx as u16, inner.y + sy as u16)];
        if step.kind == PathKind::Unknown && !game.memory.is_known(step.pos) {
            target.set_char('*');
        }
        // The path's style replaces the cell's, so its four kinds read the same everywhere; the
        // aim cursor is patched on top, so the aimed-at cell still shows where the path goes on.
        target.set_style(ratatui::style::Style::reset()).set_style(theme.path(step.kind));
        if cursor == Some(step.pos) {
            target.set_style(theme.cursor);
        }
    }
}

/// The glyph and style of map cell `p`, or `None` for a never-seen cell.
pub fn cell(game: &GameState, p: Pos, theme: &Theme) -> Option<(char, ratatui::style::Style)> {
    if game.is_visible(p) {
        if p == game.player.pos {
            return Some(('@', theme.player));
        }
        if let Some(m) = game.monster_at(p) {
            return Some((m.kind.glyph(), theme.monster(m.kind)));
        }
        if let Some(item) = game.item_at(p) {
            return Some((item.kind.glyph(), theme.item_visible(item.kind)));
        }
        let tile = game.map.tile(p);
        return Some((tile.glyph(), theme.tile_visible(tile)));
    }
    if let Some(item) = game.memory.item(p) {
        return Some((item.glyph(), theme.item_remembered(item)));
    }
    game.memory.tile(p).map(|t| (t.glyph(), theme.tile_remembered(t)))
}
