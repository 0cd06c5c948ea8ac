//! The map view: what the player sees and remembers, centred on the player, and scrolled to keep
//! the look or aiming cursor on screen (see [`view_origin`]).

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

/// The part of the map a view shows: the map cell drawn at its top-left screen cell, and its
/// size in cells.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Shown {
    /// The map position drawn at the view's top-left cell (negative, or past the map, where the
    /// map is smaller than the view and centred in it).
    pub origin: Pos,
    /// The view's width in cells.
    pub width: u16,
    /// The view's height in cells.
    pub height: u16,
}

impl Shown {
    /// Whether map cell `p` is drawn in the view.
    pub fn contains(&self, p: Pos) -> bool {
        self.offset(p) == (0, 0)
    }

    /// Which way map cell `p` lies off the view, as an arrow (`↑`, `↗`, `→`, ... `↖`), or
    /// `None` when it is drawn.
    pub fn direction(&self, p: Pos) -> Option<&'static str> {
        Some(match self.offset(p) {
            (0, 0) => return None,
            (0, -1) => "↑",
            (1, -1) => "↗",
            (1, 0) => "→",
            (1, 1) => "↘",
            (0, 1) => "↓",
            (-1, 1) => "↙",
            (-1, 0) => "←",
            _ => "↖",
        })
    }

    /// -1, 0 or 1 on each axis: before the view, in it, past it.
    fn offset(&self, p: Pos) -> (i32, i32) {
        let axis = |origin: i32, len: u16, v: i32| {
            let rel = i64::from(v) - i64::from(origin);
            if rel < 0 {
                -1
            } else if rel >= i64::from(len) {
                1
            } else {
                0
            }
        };
        (axis(self.origin.x, self.width, p.x), axis(self.origin.y, self.height, p.y))
    }
}

/// The part of the map a `view_w × view_h` view of `game` shows, with the look or aiming
/// `cursor` if there is one. Without a cursor, the view is centred on the player ([`camera`]:
/// clamped to the map's edges), and nothing else moves it: walking in a straight line, the map
/// scrolls exactly with the player (away from the map's edges); standing still, it stays put
/// whatever the monsters do. (It once moved to bring every monster and item in view on screen
/// with the player: the player was pinned to the view's edge, their surroundings cut off, and
/// the view bobbed as things came in and out of sight.) What is in view but off screen is
/// marked in the panel's In view list with the way it lies ([`Shown::direction`]).
///
/// A cursor on that view leaves it as it is, so entering look or aim mode, or moving the cursor
/// about what is on screen, leaves the map where it was (it once centred on the cursor, and the
/// map jumped sideways as aiming began); a cursor off that view moves it just far enough to
/// bring the cursor to its edge (the least scrolling, the player kept on screen as long as the
/// view can hold both). A cursor on the map never needs the view past the map's edges, so none
/// is wasted there.
///
/// Rendering reads this and changes nothing: the view is a function of the state alone.
pub fn view_origin(game: &GameState, view_w: u16, view_h: u16, cursor: Option<Pos>) -> Shown {
    let (map_w, map_h) = (game.map.width(), game.map.height());
    let around_player = camera(map_w, map_h, view_w, view_h, game.player.pos);
    let origin = match cursor {
        None => around_player,
        Some(cursor) => {
            fn axis(origin: i32, view: i32, cursor: i32) -> i32 {
                if cursor < origin {
                    cursor
                } else if cursor >= origin + view {
                    cursor - view + 1
                } else {
                    origin
                }
            }
            Pos::new(
                axis(around_player.x, i32::from(view_w), cursor.x),
                axis(around_player.y, i32::from(view_h), cursor.y),
            )
        }
    };
    Shown { origin, width: view_w, height: view_h }
}

/// Draws the map in a bordered box. Visible cells show what is there now, creatures included;
/// remembered cells show what was there when last seen, dimmed; unseen cells stay blank.
/// `cursor` is the look or aiming cursor, kept on screen ([`view_origin`]); `path` the targeting
/// preview, drawn over the cells it crosses in the style of what each holds (a never-seen cell
/// on it shows `*`), with the aim cursor patched on the aimed-at cell. Returns the part of the
/// map drawn (none, 0 × 0, when the box has no room inside), for the panel to say what is off
/// screen.
pub fn render(
    game: &GameState,
    cursor: Option<Pos>,
    path: &[PathCell],
    area: Rect,
    buf: &mut Buffer,
    theme: &Theme,
) -> Shown {
    let title = if game.map.meta.name.is_empty() {
        " sightline ".to_string()
    } else {
        // (the name comes from the map file or a save: control and bidirectional characters
        // are drawn as U+FFFD, a tab as a space; a name wider than the border ends with "…")
        let name = crate::map::inline_text(&game.map.meta.name);
        format!(" {} ", super::wrap::shorten(&name, usize::from(area.width).saturating_sub(4)))
    };
    let block = Block::bordered().title(title).border_style(theme.border).title_style(theme.title);
    let inner = block.inner(area);
    block.render(area, buf);
    if inner.is_empty() {
        return Shown { origin: game.player.pos, width: 0, height: 0 };
    }
    let shown = view_origin(game, inner.width, inner.height, cursor);
    let top_left = shown.origin;
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
    shown
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
