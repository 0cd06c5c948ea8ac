//! The end screens (victory, death), the quit question's box over the game, and the whole-screen
//! "terminal too small" notice.

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Constraint, Flex, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Block, Clear, Paragraph, Widget};

use super::log::runs;
use super::wrap::{clip, wrap, wrap_all};
use super::{MIN_HEIGHT, MIN_WIDTH};
use crate::game::{GameState, Outcome};
use crate::map::inline_text;
use crate::ui::theme::Theme;

/// A box of `w × h` centred in `area`, shrunk to fit.
pub(super) fn centred(area: Rect, w: u16, h: u16) -> Rect {
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

/// The key hint of the end screens, drawn in the box's bottom border: always on screen, however
/// much the text above it must be cut.
const END_KEYS: &str = " Enter or q: quit    m: message history ";

/// The box of an end screen: the headline, the summary ([`stats`]), the last three messages (a
/// message repeated in a row once, with its count, as the message area shows it). It is
/// sized by the rows its text takes once wrapped, and when that is more than the screen has
/// (a long map name, the smallest terminal), it gives up first the blank lines, then all but
/// two rows of the name's line (ending "…"), then the oldest of the last messages; the key hint
/// is in the border and never cut. A `notice` (the end of a resumed game could not be written
/// over its save) comes last, and is kept whatever else is given up.
fn end_screen(
    title: &str,
    headline: [Line<'static>; 2],
    game: &GameState,
    notice: Option<&str>,
    area: Rect,
    buf: &mut Buffer,
    theme: &Theme,
) {
    let box_w = 64.min(area.width);
    let width = usize::from(box_w.saturating_sub(2));
    let room = usize::from(area.height.saturating_sub(2));
    // (a message repeated in a row once, with its count, as the message area shows it)
    let mut messages: Vec<Line> =
        runs(game.log.messages()).take(3).map(|run| Line::styled(run.text(), theme.faint)).collect();
    messages.reverse();
    let notice_lines: Vec<Line<'static>> = notice.map_or_else(Vec::new, |n| {
        let mut lines = vec![Line::default()];
        lines.extend(wrap(&Line::styled(inline_text(n).into_owned(), theme.bad), width, 0));
        lines
    });
    let compose = |blanks: bool, name_rows: usize, last: usize| {
        let [head, name] = &headline;
        let mut lines = wrap(head, width, 0);
        lines.extend(clip(wrap(name, width, 0), name_rows, width));
        let add_blank = |lines: &mut Vec<Line<'static>>| {
            if blanks {
                lines.push(Line::default());
            }
        };
        add_blank(&mut lines);
        lines.extend(wrap_all(&stats(game, theme), width));
        if last > 0 {
            add_blank(&mut lines);
            lines.push(Line::styled("Last messages", theme.title));
            lines.extend(wrap_all(&messages[messages.len() - last..], width));
        }
        lines.extend(notice_lines.iter().cloned());
        lines
    };
    let all = messages.len();
    let mut tries = vec![(true, usize::MAX, all), (false, usize::MAX, all)];
    tries.extend((0..=all).rev().map(|last| (false, 2, last)));
    tries.push((false, 1, 0));
    let lines = tries
        .iter()
        .map(|&(blanks, name_rows, last)| compose(blanks, name_rows, last))
        .find(|lines| lines.len() <= room)
        .unwrap_or_else(|| compose(false, 1, 0));
    let box_area = centred(area, box_w, lines.len().saturating_add(2).min(usize::from(u16::MAX)) as u16);
    Clear.render(area, buf);
    let block = Block::bordered()
        .title(title.to_string())
        .title_bottom(Line::styled(END_KEYS, theme.faint).centered())
        .border_style(theme.border)
        .title_style(theme.title);
    Paragraph::new(lines).block(block).alignment(Alignment::Center).render(box_area, buf);
}

/// The end screen of a won game: the headline, then the summary every end screen shows.
pub fn victory(game: &GameState, notice: Option<&str>, area: Rect, buf: &mut Buffer, theme: &Theme) {
    let headline = [
        Line::styled("You escaped the dungeon!", theme.title),
        Line::styled(format!("You leave {} behind.", map_name(game)), theme.text),
    ];
    end_screen(" Victory ", headline, game, notice, area, buf, theme);
}

/// The end screen of a lost game, naming the killer from [`Outcome::Dead`].
pub fn death(game: &GameState, notice: Option<&str>, area: Rect, buf: &mut Buffer, theme: &Theme) {
    let killer = match &game.outcome {
        Outcome::Dead { killer } => killer.clone(),
        _ => "misfortune".to_string(),
    };
    let headline = [
        Line::styled("You died.", theme.bad),
        Line::styled(format!("Slain by {} in {}.", inline_text(&killer), map_name(game)), theme.text),
    ];
    end_screen(" Rest in peace ", headline, game, notice, area, buf, theme);
}

/// The map's name as the end screens write it (from the map file or a save: through [`inline_text`]).
fn map_name(game: &GameState) -> String {
    if game.map.meta.name.is_empty() {
        "the dungeon".into()
    } else {
        inline_text(&game.map.meta.name).into_owned()
    }
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
    too_small_notice("sightline", (MIN_WIDTH, MIN_HEIGHT), "Ctrl-C", area, buf, theme.title);
}

/// The "terminal too small" notice of a screen of `size` (width, height), for `who` (the game,
/// the lab), which needs at least `least`, and is left with `quit`: one wording, here, for the
/// game and the lab ([`crate::ui::lab::view::render`]).
pub fn too_small_text(size: (u16, u16), who: &str, least: (u16, u16), quit: &str) -> String {
    format!(
        "Terminal too small: {}x{}. {who} needs at least {}x{}: enlarge the window ({quit} quits).",
        size.0, size.1, least.0, least.1
    )
}

/// Clears `area` and draws [`too_small_text`] over it, wrapped, in `style`; on a screen too
/// small for that, the longest form that fits, so that the key that quits is always told where
/// it fits, and why the game is not shown wherever both fit: "Too small: 20x5, needs 60x18.
/// Ctrl-C quits.", "10x5: too small. Ctrl-C quits.", "Too small; Ctrl-C quits." (10×3: one
/// row each for "Too small;", "Ctrl-C", "quits."), then "Ctrl-C quits.". Every form is measured
/// wrapped as it is drawn, rows and width both; where none fits, the last is drawn, cut.
pub fn too_small_notice(
    who: &str,
    least: (u16, u16),
    quit: &str,
    area: Rect,
    buf: &mut Buffer,
    style: ratatui::style::Style,
) {
    Clear.render(area, buf);
    let forms = [
        too_small_text((area.width, area.height), who, least, quit),
        format!("Too small: {}x{}, needs {}x{}. {quit} quits.", area.width, area.height, least.0, least.1),
        format!("{}x{}: too small. {quit} quits.", area.width, area.height),
        format!("Too small; {quit} quits."),
        format!("{quit} quits."),
    ];
    let width = usize::from(area.width);
    // (wrapped as drawn, so that what is measured is what is shown: as many rows as the screen
    // has, none wider than it — a word wider than the screen is broken, and its pieces counted)
    let wrapped = |text: &String| wrap(&Line::styled(text.clone(), style), width, 0);
    let fits = |lines: &Vec<Line>| {
        lines.len() <= usize::from(area.height) && lines.iter().all(|l| l.width() <= width)
    };
    let lines = forms.iter().map(wrapped).find(fits).unwrap_or_else(|| wrapped(&forms[forms.len() - 1]));
    Paragraph::new(lines).render(area, buf);
}
