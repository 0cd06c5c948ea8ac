//! The two questions about where a save goes, each a box over the game: whether to replace the
//! save of another game (asked on `S` when the file it saves to holds one), and the name of
//! another file to save to (`W`), typed in.

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget};
use unicode_segmentation::UnicodeSegmentation;

use super::screens::centred;
use super::wrap::wrap_all;
use crate::map::inline_text;
use crate::ui::theme::Theme;

/// How wide either box is drawn at least (narrower on a narrower screen); the save-as box
/// grows with the name typed, up to the screen's width.
const WIDTH: u16 = 56;

/// The most rows the replace question gives the file's name: a longer one is shown by its end,
/// after a "…", so the question and its keys always fit (QA: a name of 1,231 characters at
/// 60×18 pushed them off the screen).
const NAME_ROWS: usize = 3;

/// "Replace the saved game in NAME?", over the game: `name` is the file `S` saves to, as
/// shown, which holds the save of another game. The name is wrapped into the box, whole unless
/// it takes more rows than `NAME_ROWS` (three).
pub fn confirm_replace(name: &str, area: Rect, buf: &mut Buffer, theme: &Theme) {
    let inner = usize::from(WIDTH.min(area.width).saturating_sub(2));
    let name = tail(&format!("{}?", inline_text(name)), inner * NAME_ROWS - NAME_ROWS);
    let mut lines = vec![Line::styled("Replace the saved game in", theme.title)];
    lines.extend(wrap_all(&[Line::styled(name, theme.title)], inner).into_iter().take(NAME_ROWS));
    lines.push(Line::styled("It holds another game, which would be lost.", theme.text));
    lines.push(Line::styled("y: replace it   n or Esc: keep playing", theme.text));
    lines.push(Line::styled("(W saves to another file)", theme.faint));
    draw_box(lines, WIDTH, area, buf, theme);
}

/// The save-as prompt over the game: the name typed so far (its end, where it is typed, when
/// it is longer than the box), a cursor after it, and the keys.
pub fn save_as(name: &str, area: Rect, buf: &mut Buffer, theme: &Theme) {
    let shown = inline_text(name);
    let wanted = u16::try_from(Span::raw(shown.as_ref()).width() + 3).unwrap_or(u16::MAX);
    let width = wanted.clamp(WIDTH, area.width.saturating_sub(4).max(WIDTH));
    let inner = usize::from(width.min(area.width).saturating_sub(2));
    let typed = tail(&shown, inner.saturating_sub(1));
    let lines = vec![
        Line::styled("Save to another file, then quit", theme.title),
        Line::from(vec![Span::styled(typed, theme.text), Span::styled("_", theme.title)])
            .alignment(Alignment::Left),
        Line::styled("Enter: save   Esc: cancel   Ctrl-U: clear   ~/: home", theme.faint),
    ];
    draw_box(lines, width, area, buf, theme);
}

/// `lines` in a bordered box `width` wide centred over `area`, as tall as they are.
fn draw_box(lines: Vec<Line<'static>>, width: u16, area: Rect, buf: &mut Buffer, theme: &Theme) {
    let height = u16::try_from(lines.len()).unwrap_or(u16::MAX).saturating_add(2);
    let box_area = centred(area, width, height);
    Clear.render(box_area, buf);
    let block = Block::bordered().border_style(theme.title);
    Paragraph::new(lines).block(block).alignment(Alignment::Center).render(box_area, buf);
}

/// The end of `text` that fits `width` cells, after a "…" where its start is cut off.
fn tail(text: &str, width: usize) -> String {
    let graphemes: Vec<&str> = text.graphemes(true).collect();
    let cells = |g: &str| Span::raw(g).width();
    if graphemes.iter().map(|g| cells(g)).sum::<usize>() <= width {
        return text.to_string();
    }
    let (mut start, mut used) = (graphemes.len(), 1);
    while start > 0 && used + cells(graphemes[start - 1]) <= width {
        start -= 1;
        used += cells(graphemes[start]);
    }
    format!("…{}", graphemes[start..].concat())
}

#[cfg(test)]
mod tests {
    use super::tail;

    #[test]
    fn a_long_name_shows_its_end() {
        assert_eq!(tail("saves/run.ron", 20), "saves/run.ron");
        assert_eq!(tail("/home/me/games/sightline/saves/run.ron", 12), "…ves/run.ron");
        assert_eq!(tail("/home/me/games/sightline/saves/run.ron", 12).chars().count(), 12);
        // wide characters count two cells each
        assert_eq!(tail("ab日本語", 5), "…本語");
    }
}
