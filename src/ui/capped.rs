//! A terminal backend that reports at most [`MAX_COLUMNS`] × [`MAX_ROWS`] cells, whatever size
//! the terminal claims.
//!
//! ratatui sizes its screen buffers from the backend's size on every draw, at several dozen
//! bytes a cell, and a terminal's size is whatever the pseudo-terminal says: `TIOCSWINSZ` can set
//! 65535 × 65535. Believed, that asks for tens of gigabytes and the allocator aborts the process,
//! which skips the panic hook and leaves the terminal in raw mode on the alternate screen.
//! Capped, the screens are drawn into the top-left corner and the rest stays blank: no real
//! display is this large (1000 columns is a 4K screen in a 4-pixel font).

use ratatui::backend::{Backend, ClearType, WindowSize};
use ratatui::buffer::Cell;
use ratatui::layout::{Position, Size};

/// The widest screen drawn, in columns.
pub const MAX_COLUMNS: u16 = 1000;
/// The tallest screen drawn, in rows.
pub const MAX_ROWS: u16 = 500;

/// `B` with its size capped at [`MAX_COLUMNS`] × [`MAX_ROWS`]; everything else is passed on.
#[derive(Debug)]
pub struct Capped<B>(pub B);

/// `size` cut to the cap.
pub fn capped(size: Size) -> Size {
    Size { width: size.width.min(MAX_COLUMNS), height: size.height.min(MAX_ROWS) }
}

impl<B: Backend> Backend for Capped<B> {
    type Error = B::Error;

    fn draw<'a, I>(&mut self, content: I) -> Result<(), Self::Error>
    where
        I: Iterator<Item = (u16, u16, &'a Cell)>,
    {
        self.0.draw(content)
    }

    fn append_lines(&mut self, n: u16) -> Result<(), Self::Error> {
        self.0.append_lines(n)
    }

    fn hide_cursor(&mut self) -> Result<(), Self::Error> {
        self.0.hide_cursor()
    }

    fn show_cursor(&mut self) -> Result<(), Self::Error> {
        self.0.show_cursor()
    }

    fn get_cursor_position(&mut self) -> Result<Position, Self::Error> {
        self.0.get_cursor_position()
    }

    fn set_cursor_position<P: Into<Position>>(&mut self, position: P) -> Result<(), Self::Error> {
        self.0.set_cursor_position(position)
    }

    fn clear(&mut self) -> Result<(), Self::Error> {
        self.0.clear()
    }

    fn clear_region(&mut self, clear_type: ClearType) -> Result<(), Self::Error> {
        self.0.clear_region(clear_type)
    }

    fn size(&self) -> Result<Size, Self::Error> {
        self.0.size().map(capped)
    }

    fn window_size(&mut self) -> Result<WindowSize, Self::Error> {
        // (The pixel size is passed on as it is: ratatui sizes nothing from it.)
        self.0.window_size().map(|w| WindowSize { columns_rows: capped(w.columns_rows), pixels: w.pixels })
    }

    fn flush(&mut self) -> Result<(), Self::Error> {
        self.0.flush()
    }
}

#[cfg(test)]
mod tests {
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;

    use super::*;

    #[test]
    fn a_huge_terminal_is_drawn_at_the_cap() {
        // (TestBackend allocates its own buffer at the size it is given: kept small here, the cap is
        // tested on the size it reports.)
        assert_eq!(capped(Size::new(65535, 65535)), Size::new(MAX_COLUMNS, MAX_ROWS));
        assert_eq!(capped(Size::new(30000, 40)), Size::new(MAX_COLUMNS, 40));
        assert_eq!(capped(Size::new(80, 24)), Size::new(80, 24));
        let mut terminal = Terminal::new(Capped(TestBackend::new(80, 24))).unwrap();
        terminal.draw(|f| assert_eq!(f.area().as_size(), Size::new(80, 24))).unwrap();
        let mut wide = Capped(TestBackend::new(MAX_COLUMNS + 7, 3));
        assert_eq!(wide.size().unwrap(), Size::new(MAX_COLUMNS, 3));
        assert_eq!(wide.window_size().unwrap().columns_rows, Size::new(MAX_COLUMNS, 3));
    }
}
