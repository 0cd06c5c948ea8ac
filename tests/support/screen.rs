//! Drawing the game's screen on ratatui's `TestBackend`, and reading it back as text, for the
//! screen tests.

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use sightline::ui::{App, render};

/// The whole screen of `app` drawn once on a `width × height` test terminal.
pub fn draw(app: &App, width: u16, height: u16) -> Terminal<TestBackend> {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|f| render::draw(f, app)).unwrap();
    terminal
}

/// The screen's text, one line per row, trailing spaces trimmed.
pub fn text(terminal: &Terminal<TestBackend>) -> String {
    let buf = terminal.backend().buffer();
    (0..buf.area.height)
        .map(|y| (0..buf.area.width).map(|x| buf[(x, y)].symbol()).collect::<String>().trim_end().to_string())
        .collect::<Vec<_>>()
        .join("\n")
}
