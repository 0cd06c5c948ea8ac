//! The `?` screen: every key, and the rules a player needs.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};

use crate::ui::theme::Theme;

/// The keys, as (keys, what they do).
pub const KEYS: &[(&str, &str)] = &[
    ("arrows hjkl yubn 1-9", "move; bump a monster to attack it, a door to open it"),
    (". s 5", "wait a turn"),
    ("o c", "open / close a door next to you"),
    ("g ,", "pick up what lies here"),
    ("p", "drink a healing potion"),
    (">", "leave by the stairs you stand on: you win"),
    ("x", "look: move a cursor, read what is (or was) there"),
    ("f", "aim the bow; Tab/Shift-Tab: next target; Enter shoots"),
    ("m", "message history"),
    ("S", "save and quit; resume with  sightline --load FILE"),
    ("q", "quit without saving (asks first)"),
    ("?", "this help"),
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
    "Walls and closed doors block sight. Glass and water do not, but bar the way.",
    "Diagonal steps pass walls meeting at corners. Failed actions take no turn.",
    "S saves to --save or --load FILE, else $XDG_DATA_HOME/sightline/save.ron.",
];

/// Draws the help screen over `area`: the key table, then the rules the screen follows
/// ([`notes`]). Reads nothing but the theme.
pub fn render(area: Rect, buf: &mut Buffer, theme: &Theme) {
    let block = Block::bordered()
        .title(" Help — Esc or ? to return ")
        .border_style(theme.border)
        .title_style(theme.title);
    let inner = block.inner(area);
    block.render(area, buf);
    let width = KEYS.iter().map(|(k, _)| k.len()).max().unwrap_or(0);
    let mut lines = vec![Line::styled("Keys", theme.title)];
    lines.extend(KEYS.iter().map(|(keys, what)| {
        Line::from(vec![
            Span::styled(format!("  {keys:<width$}  "), theme.title),
            Span::styled(*what, theme.text),
        ])
    }));
    lines.push(Line::default());
    lines.push(Line::styled("The screen and the rules", theme.title));
    lines.extend(notes().into_iter().map(|n| Line::styled(format!("  {n}"), theme.text)));
    Paragraph::new(lines).wrap(Wrap { trim: false }).render(inner, buf);
}
