//! The help screen: every key of the lab, and what the overlay's states mean. It scrolls (Up,
//! Down, `k`, `j`, PgUp, PgDn, Home, End), as the game's help does: at the lab's smallest
//! terminal, 60×16, it is taller than the screen.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Clear, Paragraph, Widget};

use super::style::LabStyle;

/// The help's lines, each at most [`WIDTH`] characters: no line wraps, so a line is a row and
/// the scrolling counts rows exactly.
pub const LINES: [&str; 26] = [
    "arrows hjklyubn numpad  move the viewer (or the cursor)",
    "+ -                     radius up / down by one",
    "] [                     radius up / down by ten",
    "r                       radius unlimited / back again",
    "a                       switch multicast / reference",
    "d                       diff overlay: where they disagree",
    "i                       internals: all states, then each",
    "t                       enter / leave step mode",
    "space backspace         step mode: one ring on / back",
    "> <                     step mode: ten rings on / back",
    "x                       cursor on / off: DDA walk to it",
    "tab                     keys move cursor / viewer",
    "e                       export the view as SVG",
    "?                       this help",
    "q esc                   quit",
    "",
    "The viewer walks anywhere, walls too. Internal states:",
    "* lit whole: all of its square lit (so in view)",
    "% edge, in view / - edge, not in view: on the edge of",
    "  an occluded area (a shadow's boundary crosses it)",
    "x culled (never expanded)  : never looked at",
    "In view: * and % (and the viewer). In step mode, the",
    "filter of i applies to the rings reached.",
    "Past what the reference can run, - goes to where it runs.",
    "Up Down PgUp PgDn Home End scroll this help; any other",
    "key closes it (q quits).",
];

/// The widest line of [`LINES`]: the help box's inside at the lab's least width (60 columns,
/// less the two borders).
pub const WIDTH: usize = super::view::MIN_WIDTH as usize - 2;

/// The help box on a screen of `screen`: centred, 62 columns wide where there is room, as
/// tall as its lines where there is room.
pub fn area(screen: Rect) -> Rect {
    let w = screen.width.min(62);
    let h = screen.height.min(LINES.len() as u16 + 2);
    Rect { x: screen.x + (screen.width - w) / 2, y: screen.y + (screen.height - h) / 2, width: w, height: h }
}

/// The rows of help the box shows on a screen `height` rows tall.
pub fn rows(height: u16) -> usize {
    usize::from(height.min(LINES.len() as u16 + 2).saturating_sub(2))
}

/// The largest useful scroll on a screen `height` rows tall: the one that puts the last line on
/// the box's last row. The keys stop there ([`super::keys::handle`]).
pub fn max_scroll(height: u16) -> usize {
    LINES.len().saturating_sub(rows(height))
}

/// Draws the help box over `screen`, `scroll` rows down (a scroll past the end shows the last
/// page); its bottom border says when there is more above or below. Reads nothing but its
/// arguments.
pub fn render(scroll: usize, style: &LabStyle, screen: Rect, buf: &mut Buffer) {
    let popup = area(screen);
    let rows = rows(screen.height);
    let scroll = scroll.min(max_scroll(screen.height));
    let more = match (scroll > 0, LINES.len() > scroll + rows) {
        (false, false) => "",
        (true, false) => " ↑ more above ",
        (false, true) => " ↓ more below ",
        (true, true) => " ↑↓ more ",
    };
    Clear.render(popup, buf);
    let block = Block::bordered()
        .title(Line::styled(" keys ", style.title()))
        .title_bottom(Line::styled(more, style.title()).right_aligned())
        .border_style(style.border());
    let lines: Vec<Line<'static>> = LINES.iter().skip(scroll).take(rows).map(|l| Line::from(*l)).collect();
    Paragraph::new(lines).style(style.text()).block(block).render(popup, buf);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A line wider than the box would wrap, and the scrolling, which counts lines, would stop
    /// short of the end.
    #[test]
    fn no_line_is_wider_than_the_box_at_the_least_width() {
        for l in LINES {
            assert!(l.chars().count() <= WIDTH, "{l:?}");
        }
    }

    /// The help names each state with the glyph the overlay draws and the words the legend and
    /// the filter use.
    #[test]
    fn the_states_read_as_the_legend_names_them() {
        let help = LINES.join("\n");
        for s in super::super::OverlayState::ALL {
            let (glyph, _) = LabStyle::colour().internal(s);
            assert!(help.contains(&format!("{glyph} {}", s.label())), "{s:?}: {help}");
        }
    }
}
