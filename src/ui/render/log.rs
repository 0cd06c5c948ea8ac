//! The message area under the map, and the full history screen.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};

use crate::game::GameState;
use crate::ui::theme::Theme;

/// The newest messages, newest last; messages of the current turn stand out (all of the last
/// turn, the player's action as much as the monsters' replies, and the reasons for any action
/// refused since), older ones are faint. `notice` (a prompt or hint) takes the line after the
/// newest message (one line is kept free for it).
pub fn recent(game: &GameState, notice: Option<&str>, area: Rect, buf: &mut Buffer, theme: &Theme) {
    let block = Block::bordered()
        .title(" Messages (m: history) ")
        .border_style(theme.border)
        .title_style(theme.faint);
    let inner = block.inner(area);
    block.render(area, buf);
    let room = inner.height as usize - usize::from(notice.is_some()).min(inner.height as usize);
    let mut lines: Vec<Line> = game
        .log
        .recent(room)
        .iter()
        .map(|m| Line::styled(m.text.clone(), if m.turn == game.turn { theme.text } else { theme.faint }))
        .collect();
    if let Some(n) = notice {
        lines.push(Line::styled(n.to_string(), theme.title));
    }
    Paragraph::new(lines).render(inner, buf);
}

/// How many messages the history screen shows at once on a screen `height` rows high (all but
/// its border). The event loop hands it to [`crate::ui::App::history_rows`], so that scrolling
/// stops where the oldest message reaches the top.
pub fn history_rows(height: u16) -> usize {
    usize::from(height.saturating_sub(2)).max(1)
}

/// Every message, `scroll` lines up from the newest. A scroll past the oldest page shows the
/// oldest page: the screen is always as full as the log allows.
pub fn history(game: &GameState, scroll: usize, area: Rect, buf: &mut Buffer, theme: &Theme) {
    let block = Block::bordered()
        .title(" Message history — Up/Down/PgUp/PgDn scroll, Esc to return ")
        .border_style(theme.border)
        .title_style(theme.title);
    let inner = block.inner(area);
    block.render(area, buf);
    let all = game.log.messages();
    let rows = inner.height as usize;
    let end = all.len().saturating_sub(scroll).max(rows.min(all.len()));
    let start = end.saturating_sub(rows);
    let lines: Vec<Line> = all[start..end]
        .iter()
        .map(|m| Line::styled(format!("{:>5}  {}", m.turn, m.text), theme.text))
        .collect();
    Paragraph::new(lines).wrap(Wrap { trim: false }).render(inner, buf);
}
