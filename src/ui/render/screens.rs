//! The end screens (victory, death), the quit question's box over the game, and the whole-screen
//! "terminal too small" notice.

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Constraint, Flex, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Block, Clear, Paragraph, Widget, Wrap};

use super::{MIN_HEIGHT, MIN_WIDTH};
use crate::game::{GameState, Outcome};
use crate::ui::theme::Theme;

/// A box of `w × h` centred in `area`, shrunk to fit.
fn centred(area: Rect, w: u16, h: u16) -> Rect {
    let [row] = Layout::vertical([Constraint::Length(h.min(area.height))]).flex(Flex::Center).areas(area);
    let [cell] = Layout::horizontal([Constraint::Length(w.min(area.width))]).flex(Flex::Center).areas(row);
    cell
}

fn stats(game: &GameState, theme: &Theme) -> Vec<Line<'static>> {
    let p = &game.player;
    // Equal-width rows, so the centred block lines up as a table.
    let row = |label: &str, value: String| format!("{label:<16}{value:>8}");
    vec![
        Line::styled(row("Turns played", game.turn.to_string()), theme.text),
        Line::styled(row("Monsters slain", p.kills.to_string()), theme.text),
        Line::styled(row("Gold", p.gold.to_string()), theme.text),
        Line::styled(row("Health", format!("{}/{}", p.hp.max(0), p.max_hp)), theme.text),
        Line::styled(row("Arrows", p.arrows.to_string()), theme.text),
        Line::styled(row("Score", game.score().to_string()), theme.title),
        Line::styled(row("Seed", game.seed.to_string()), theme.faint),
    ]
}

fn end_screen(
    title: &str,
    headline: Vec<Line<'static>>,
    game: &GameState,
    area: Rect,
    buf: &mut Buffer,
    theme: &Theme,
) {
    let mut lines = headline;
    lines.push(Line::default());
    lines.extend(stats(game, theme));
    lines.push(Line::default());
    lines.push(Line::styled("Last messages", theme.title));
    lines.extend(game.log.recent(3).iter().map(|m| Line::styled(m.text.clone(), theme.faint)));
    lines.push(Line::default());
    lines.push(Line::styled("Enter or q: quit    m: message history", theme.faint));
    let box_area = centred(area, 64, lines.len() as u16 + 2);
    Clear.render(area, buf);
    let block =
        Block::bordered().title(title.to_string()).border_style(theme.border).title_style(theme.title);
    Paragraph::new(lines)
        .block(block)
        .alignment(Alignment::Center)
        .wrap(Wrap { trim: true })
        .render(box_area, buf);
}

/// The end screen of a won game: the headline, then the summary every end screen shows.
pub fn victory(game: &GameState, area: Rect, buf: &mut Buffer, theme: &Theme) {
    let headline = vec![
        Line::styled("You escaped the dungeon!", theme.title),
        Line::styled(format!("You leave {} behind.", map_name(game)), theme.text),
    ];
    end_screen(" Victory ", headline, game, area, buf, theme);
}

/// The end screen of a lost game, naming the killer from [`Outcome::Dead`].
pub fn death(game: &GameState, area: Rect, buf: &mut Buffer, theme: &Theme) {
    let killer = match &game.outcome {
        Outcome::Dead { killer } => killer.clone(),
        _ => "misfortune".to_string(),
    };
    let headline = vec![
        Line::styled("You died.", theme.bad),
        Line::styled(format!("Slain by {killer} in {}.", map_name(game)), theme.text),
    ];
    end_screen(" Rest in peace ", headline, game, area, buf, theme);
}

fn map_name(game: &GameState) -> String {
    if game.map.meta.name.is_empty() { "the dungeon".into() } else { game.map.meta.name.clone() }
}

/// The "quit without saving?" box, drawn centred over the main screen already in `buf`.
pub fn confirm_quit(area: Rect, buf: &mut Buffer, theme: &Theme) {
    let lines = vec![
        Line::styled("Quit without saving?", theme.title),
        Line::styled("y: quit   n or Esc: keep playing", theme.text),
        Line::styled("(S saves and quits)", theme.faint),
    ];
    let box_area = centred(area, 38, 5);
    Clear.render(box_area, buf);
    let block = Block::bordered().border_style(theme.title);
    Paragraph::new(lines).block(block).alignment(Alignment::Center).render(box_area, buf);
}

/// Replaces the whole screen with a notice when `area` is below [`MIN_WIDTH`] × [`MIN_HEIGHT`];
/// it names the size needed and how to quit, since no other screen can be drawn.
pub fn too_small(area: Rect, buf: &mut Buffer, theme: &Theme) {
    Clear.render(area, buf);
    let text = format!(
        "Terminal too small: {}x{}. sightline needs at least {MIN_WIDTH}x{MIN_HEIGHT}. Enlarge the window (Ctrl-C quits).",
        area.width, area.height
    );
    let lines = vec![Line::styled(text, theme.title)];
    Paragraph::new(lines).wrap(Wrap { trim: true }).render(area, buf);
}
