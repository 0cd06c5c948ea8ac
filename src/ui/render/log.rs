//! The message area under the map, and the full history screen. Messages are drawn through
//! [`inline_text`]: the log carries a map's name (the welcome) and comes back from save files.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph, Widget};

use super::wrap::wrap;
use crate::game::GameState;
use crate::game::Message;
use crate::map::inline_text;
use crate::ui::theme::Theme;

/// The newest messages, newest last, each wrapped whole onto as many rows as it needs; messages
/// of the current turn stand out (all of the last turn, the player's action as much as the
/// monsters' replies, and the reasons for any action refused since), older ones are faint.
/// `notice` (a prompt, a hint, why a save failed) comes after the newest message, wrapped too,
/// and takes the rows it needs first: its end (the key that cancels, the option to pass) is
/// what the player needs. Messages fill the rows above it, newest first, whole (only a newest
/// message taller than its room is cut, from the bottom). A message repeated in a row is drawn
/// once, with its count: "A pane of glass is in the way. (×5)" ([`runs`]).
pub fn recent(game: &GameState, notice: Option<&str>, area: Rect, buf: &mut Buffer, theme: &Theme) {
    let block = Block::bordered()
        .title(" Messages (m: history) ")
        .border_style(theme.border)
        .title_style(theme.faint);
    let inner = block.inner(area);
    block.render(area, buf);
    let (width, rows) = (usize::from(inner.width), usize::from(inner.height));
    let mut notice: Vec<Line> = notice
        .map_or_else(Vec::new, |n| wrap(&Line::styled(inline_text(n).into_owned(), theme.title), width, 0));
    // (taller than the area: its end is kept, the reason or the key that cancels, and its first
    // row kept starts with "…", so the cut shows)
    let cut = notice.len().saturating_sub(rows);
    notice.drain(..cut);
    if cut > 0
        && let Some(first) = notice.first_mut().and_then(|l| l.spans.first_mut())
    {
        let rest: String = first.content.chars().skip(1).collect();
        first.content = format!("…{rest}").into();
    }
    let mut room = rows - notice.len();
    let mut messages: Vec<Vec<Line>> = Vec::new();
    let mut runs = runs(game.log.messages());
    while room > 0
        && let Some(run) = runs.next()
    {
        let (m, text) = (run.message, run.text());
        // (a run stands out when its newest message is of the current turn)
        let style = if m.turn == game.turn { theme.text } else { theme.faint };
        let mut wrapped = wrap(&Line::styled(text, style), width, 0);
        if wrapped.len() > room {
            if !messages.is_empty() {
                break;
            }
            wrapped.truncate(room);
        }
        room -= wrapped.len();
        messages.push(wrapped);
    }
    let lines: Vec<Line> = messages.into_iter().rev().flatten().chain(notice).collect();
    Paragraph::new(lines).render(inner, buf);
}

/// The most repeats of one message counted: more show as "(×999+)".
pub const REPEATS_COUNTED: usize = 999;

/// A message repeated in a row, told once: the newest of the run, and how many it holds (more
/// than [`REPEATS_COUNTED`] when counting stopped).
#[derive(Copy, Clone, Debug)]
pub struct Run<'a> {
    /// The newest message of the run.
    pub message: &'a Message,
    /// How many times in a row it was logged.
    pub count: usize,
}

impl Run<'_> {
    /// The message as the screens write it: through [`inline_text`], with its count when it
    /// was repeated ("A pane of glass is in the way. (×5)", "(×999+)" past the count).
    pub fn text(&self) -> String {
        let text = inline_text(&self.message.text);
        match self.count {
            1 => text.into_owned(),
            n if n > REPEATS_COUNTED => format!("{text} (×{REPEATS_COUNTED}+)"),
            n => format!("{text} (×{n})"),
        }
    }
}

/// The messages of `log` (oldest first) newest first, each run of one message repeated in a row
/// (the same wall bumped again and again, the same orc hitting as hard) as one [`Run`] with its
/// count; the history keeps every one. A repeat is the same text about the same monsters
/// ([`Message::about`]): two archers seen one after the other are two lines, not "You see an
/// archer. (×2)", which reads as one archer seen twice and hides the second. The message area
/// and the end screens' last messages both read the log this way.
/// Past [`REPEATS_COUNTED`] repeats, where the run began is not looked for: it is the last run
/// given, so that a frame's work stays bounded whatever a save's log holds.
pub fn runs(log: &[Message]) -> impl Iterator<Item = Run<'_>> {
    let mut end = log.len();
    std::iter::from_fn(move || {
        let message = log[..end].last()?;
        let count = log[..end]
            .iter()
            .rev()
            .take(REPEATS_COUNTED + 1)
            .take_while(|r| r.text == message.text && r.about == message.about)
            .count();
        end = if count > REPEATS_COUNTED { 0 } else { end - count };
        Some(Run { message, count })
    })
}

/// One message of the history as rows `width` wide: its turn, then its text, wrapped under
/// itself.
fn history_rows(m: &Message, width: usize, theme: &Theme) -> Vec<Line<'static>> {
    let line = Line::styled(format!("{:>5}  {}", m.turn, inline_text(&m.text)), theme.text);
    wrap(&line, width, 7)
}

/// `scroll` cut to the largest useful scroll of the history on a screen of `area`: the one that
/// puts the oldest message on the top row. It counts screen rows, a wrapped message as all of
/// its rows, so every row of every message, the newest included, can be reached. The app stops
/// scrolling there ([`crate::ui::App::handle`]).
///
/// Messages are wrapped from the newest back only as far as `scroll` and a screen reach: the
/// log is never trimmed, and a long game's (or a hand-made save's million messages) would
/// otherwise all be wrapped on every key.
pub fn history_scroll_within(game: &GameState, area: Rect, scroll: usize) -> usize {
    let inner = Block::bordered().inner(area);
    let (width, rows) = (usize::from(inner.width), usize::from(inner.height).max(1));
    let mut total = 0;
    for m in game.log.messages().iter().rev() {
        total += history_rows(m, width, &Theme::monochrome()).len();
        if total >= scroll.saturating_add(rows) {
            return scroll;
        }
    }
    scroll.min(total.saturating_sub(rows))
}

/// Every message, wrapped, `scroll` rows up from the newest: at 0 the newest message ends on the
/// last row. A scroll past the oldest page shows the oldest page: the screen is always as full
/// as the log allows.
pub fn history(game: &GameState, scroll: usize, area: Rect, buf: &mut Buffer, theme: &Theme) {
    let block = Block::bordered()
        .title(" Message history — Up Down PgUp PgDn Home End, Esc back ")
        .border_style(theme.border)
        .title_style(theme.title);
    let inner = block.inner(area);
    block.render(area, buf);
    let (width, rows) = (usize::from(inner.width), usize::from(inner.height));
    let scroll = history_scroll_within(game, area, scroll);
    // Only the messages that reach the screen are wrapped: newest first, until the rows
    // scrolled past and the screen's rows are covered.
    let mut lines: Vec<Line> = Vec::new();
    for m in game.log.messages().iter().rev() {
        if lines.len() >= scroll.saturating_add(rows) {
            break;
        }
        lines.extend(history_rows(m, width, theme).into_iter().rev());
    }
    let end = lines.len().min(scroll.saturating_add(rows));
    let start = scroll.min(end);
    let mut shown: Vec<Line> = lines.drain(start..end).collect();
    shown.reverse();
    Paragraph::new(shown).render(inner, buf);
}
