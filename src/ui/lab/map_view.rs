//! The map pane: terrain in and out of view, the overlays, the walk and the viewer, scrolled
//! to keep the focus (the viewer, or the cursor when it drives) in sight.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

use super::overlay::{InternalsView, OverlayState};
use super::state::Lab;
use super::style::LabStyle;
use crate::geometry::Pos;

/// The first map column (row) shown when `view` cells of a `size`-cell map are shown around
/// `focus`: centred on it, without showing space past the map's ends.
pub fn scroll(size: i32, view: i32, focus: i32) -> i32 {
    if size <= view { 0 } else { (focus - view / 2).clamp(0, size - view) }
}

/// The glyph and style of map cell `p`: the viewer, then the cursor (the cell's own glyph,
/// reversed), then the walk's marks, then the overlays over the terrain.
pub fn cell(lab: &Lab, style: &LabStyle, p: Pos) -> (char, Style) {
    if p == lab.viewer() {
        return ('@', style.viewer());
    }
    if lab.cursor() == Some(p) {
        return (base(lab, style, p).0, style.cursor());
    }
    if let Some(walk) = lab.walk() {
        if walk.blocker == Some(p) {
            return ('X', style.blocker());
        }
        if walk.diagonal_steps.contains(&p) {
            let i = walk.cells.iter().position(|&q| q == p).unwrap_or(0);
            let prev = walk.cells[i.saturating_sub(1)];
            // y grows downwards: a step right-and-down is drawn `\`.
            let glyph = if (p.x - prev.x) * (p.y - prev.y) > 0 { '\\' } else { '/' };
            return (glyph, style.walk());
        }
        if walk.cells.contains(&p) {
            return ('o', style.walk());
        }
    }
    base(lab, style, p)
}

/// The cell under the viewer, cursor and walk: a difference, the step mode or internals
/// overlay, or the terrain in or out of view. In step mode a cell beyond the ring reached is
/// blank, and the filter of the internals overlay applies to the rest as it does without step
/// mode (with the overlay off, step mode shows every state).
fn base(lab: &Lab, style: &LabStyle, p: Pos) -> (char, Style) {
    if lab.diff() && lab.differences().contains(&p) {
        return style.difference();
    }
    let tile = lab.map().tile(p);
    let plain = if lab.fov().is_visible(p) {
        (tile.glyph(), style.tile_visible(tile))
    } else {
        (tile.glyph(), style.tile_hidden())
    };
    let tr = lab.internals();
    let view = lab.internals_view();
    match lab.step() {
        Some(k) if tr.ring(p) > k => return style.not_yet(),
        None if view == InternalsView::Off => return plain,
        _ => {}
    }
    let state = OverlayState::of(tr, p);
    if view.shows(state) { style.internal(state) } else { (plain.0, style.tile_hidden()) }
}

/// Draws the visible part of the map into `area` of `buf`.
pub fn render(lab: &Lab, style: &LabStyle, area: Rect, buf: &mut Buffer) {
    let map = lab.map();
    let (w, h) = (map.width() as i32, map.height() as i32);
    let focus = lab.focus();
    let x0 = scroll(w, area.width as i32, focus.x);
    let y0 = scroll(h, area.height as i32, focus.y);
    for sy in 0..area.height {
        for sx in 0..area.width {
            let p = Pos::new(x0 + sx as i32, y0 + sy as i32);
            if !map.contains(p) {
                continue;
            }
            let (glyph, st) = cell(lab, style, p);
            buf[(area.x + sx, area.y + sy)].set_char(glyph).set_style(st);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::scroll;

    #[test]
    fn scrolling_centres_the_focus_and_stops_at_the_ends() {
        assert_eq!(scroll(10, 20, 5), 0);
        assert_eq!(scroll(100, 20, 50), 40);
        assert_eq!(scroll(100, 20, 3), 0);
        assert_eq!(scroll(100, 20, 99), 80);
    }
}
