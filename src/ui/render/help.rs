//! The `?` screen: every key, and the rules a player needs. It scrolls (the movement keys,
//! PgUp/PgDn, Home/End): at the smallest terminal it is taller than the screen.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget};

use super::wrap::wrap;

use crate::ui::theme::Theme;

/// Every key the game answers to, as (keys, what they do): what [`crate::ui::input`] binds, in
/// every mode, so the list is exact (the README's key table says `?` shows the same list).
pub const KEYS: &[(&str, &str)] = &[
    ("arrows hjkl yubn", "move; bump a monster to attack it, a door to open it"),
    ("numpad 1-4 6-9", "move too (NumLock off: Home PgUp End PgDn are diagonals)"),
    (". s 5 R", "wait a turn (numpad 5 too); R: rest until healed"),
    // (with the glyphs of both states of a door, here where doors are opened: the notes name
    // the rest of the terrain, and the open door `'` was named nowhere; there was no room for
    // it in that line within 80 columns)
    ("o c", "open / close a door next to you (+ shut, ' open)"),
    ("g ,", "pick up what lies here"),
    ("p", "drink a healing potion"),
    (">", "leave by the stairs you stand on: you win"),
    ("x", "look: move a cursor, read what is (or was) there"),
    ("f", "aim the bow; Tab/Shift-Tab: next target; Enter or f shoots"),
    ("m", "message history; Up Down PgUp PgDn Home End scroll it"),
    ("S W", "save and quit; W: to a file whose name you type"),
    ("q", "quit without saving (asks); Ctrl-C now; Ctrl-Z suspends"),
    ("Esc", "leave a screen or a prompt; put the bow away"),
    ("?", "this help; the same keys scroll it"),
];

/// What the screen shows and the rules that surprise.
pub fn notes() -> Vec<String> {
    let regen = format!(
        "You heal 1 HP every {} turns; potions heal more. Gold and kills score.",
        crate::game::turn::REGEN_EVERY
    );
    let mut notes: Vec<String> = NOTES.iter().map(|n| n.to_string()).collect();
    notes.insert(4, regen);
    notes
}

const NOTES: &[&str] = &[
    "Bright: in view. Dim: remembered as you last saw it. Blank: never seen.",
    "A monster sees you exactly when you see it; unseen monsters are not shown.",
    // (with the glyphs the map draws them with: new-player QA found `"` named nowhere)
    "# walls and + shut doors block sight; \" glass and ~ water bar the way only.",
    "Diagonal steps pass walls meeting at corners. Failed actions take no turn.",
    "S saves to --save or --load FILE; a resumed game's end goes to --load FILE.",
];

/// Every line of the help, wrapped to `width` cells: the key table (a key's description wraps
/// under itself), then the rules the screen follows ([`notes`]).
fn lines(width: usize, theme: &Theme) -> Vec<Line<'static>> {
    let keys = KEYS.iter().map(|(k, _)| k.len()).max().unwrap_or(0);
    let mut lines = Vec::new();
    for (k, what) in KEYS {
        let line = Line::from(vec![
            Span::styled(format!("  {k:<keys$}  "), theme.title),
            Span::styled(*what, theme.text),
        ]);
        lines.extend(wrap(&line, width, keys + 4));
    }
    lines.push(Line::default());
    lines.push(Line::styled("The screen and the rules", theme.title));
    for n in notes() {
        lines.extend(wrap(&Line::styled(format!("  {n}"), theme.text), width, 4));
    }
    lines
}

/// The largest useful scroll of the help on a screen of `area`: the one that puts its last line
/// on the last row. The app stops scrolling there ([`crate::ui::App::handle`]).
pub fn max_scroll(area: Rect) -> usize {
    let inner = Block::bordered().inner(area);
    lines(usize::from(inner.width), &Theme::monochrome()).len().saturating_sub(usize::from(inner.height))
}

/// Draws the help screen over `area`, `scroll` rows down from its top (a scroll past the end
/// shows the last page); the border says when there is more above or below and which keys
/// scroll. Reads nothing but the theme.
pub fn render(scroll: usize, area: Rect, buf: &mut Buffer, theme: &Theme) {
    let scroll = scroll.min(max_scroll(area));
    let inner = Block::bordered().inner(area);
    let lines = lines(usize::from(inner.width), theme);
    let rows = usize::from(inner.height);
    let more = match (scroll > 0, lines.len() > scroll + rows) {
        (false, false) => "",
        (true, false) => " ↑ more above ",
        (false, true) => " ↓ more below ",
        (true, true) => " ↑↓ more ",
    };
    let block = Block::bordered()
        .title(" Help — Up Down PgUp PgDn Home End, Esc or ? back ")
        .title_bottom(Line::from(more).right_aligned())
        .border_style(theme.border)
        .title_style(theme.title);
    block.render(area, buf);
    Paragraph::new(lines.into_iter().skip(scroll).take(rows).collect::<Vec<_>>()).render(inner, buf);
}
