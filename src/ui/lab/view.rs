//! The whole lab screen: the map pane and the panel side by side, the help on top when asked
//! for, and a notice instead of a garbled screen when the terminal is too small.

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Widget};

use super::state::Lab;
use super::style::LabStyle;
use super::{help, map_view, panel};

/// The narrowest terminal the lab draws in, in columns; below it (or [`MIN_HEIGHT`]) a notice
/// says so.
pub const MIN_WIDTH: u16 = 60;
/// The smallest terminal height the lab draws in.
pub const MIN_HEIGHT: u16 = 16;
/// The panel's width, borders included.
pub const PANEL_WIDTH: u16 = 36;

/// Whether a `width`×`height` terminal is too small for the lab: it then shows only a notice,
/// and the keys do nothing but quit ([`super::keys::handle`]).
pub fn too_small(width: u16, height: u16) -> bool {
    width < MIN_WIDTH || height < MIN_HEIGHT
}

/// Draws the lab into the frame.
pub fn draw(frame: &mut Frame, lab: &Lab, style: &LabStyle) {
    let area = frame.area();
    render(lab, style, area, frame.buffer_mut());
}

/// Draws the lab into `area` of `buf`; never panics, whatever the size.
pub fn render(lab: &Lab, style: &LabStyle, area: Rect, buf: &mut Buffer) {
    if too_small(area.width, area.height) {
        // (the game's wording: one notice for both)
        let least = (MIN_WIDTH, MIN_HEIGHT);
        crate::ui::render::screens::too_small_notice("sightline lab", least, "q", area, buf, style.text());
        return;
    }
    let map_area = Rect { width: area.width - PANEL_WIDTH, ..area };
    let panel_area = Rect { x: area.x + map_area.width, width: PANEL_WIDTH, ..area };
    // (the name comes from the map file: control and bidirectional characters shown as U+FFFD,
    // a tab as a space; a name wider than the border ends with "…")
    let name = crate::map::inline_text(&lab.map().meta.name);
    let title = format!(
        " {} ",
        crate::ui::render::wrap::shorten(&name, usize::from(map_area.width).saturating_sub(4))
    );
    let block = Block::bordered().title(Line::styled(title, style.title())).border_style(style.border());
    let inner = block.inner(map_area);
    block.render(map_area, buf);
    map_view::render(lab, style, inner, buf);
    panel::render(lab, style, panel_area, buf);
    if lab.help {
        help::render(lab.help_scroll, style, area, buf);
    }
}
