//! How the lab draws each kind of cell. Every overlay state has its own glyph as well as its
//! own colour, so the lab reads the same under `NO_COLOR`, where only the glyphs and bold / dim
//! / reverse remain (and every style uses `Color::Reset`, since with `NO_COLOR` crossterm's
//! colour reset would also drop the modifiers).

use ratatui::style::{Color, Modifier, Style};

use crate::map::Tile;
use crate::picture::Internal;

/// The lab's styles, in colour or monochrome.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LabStyle {
    pub monochrome: bool,
}

impl LabStyle {
    /// Monochrome when `NO_COLOR` is set to anything non-empty (<https://no-color.org>).
    pub fn from_env() -> Self {
        let monochrome = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        LabStyle { monochrome }
    }

    pub fn colour() -> Self {
        LabStyle { monochrome: false }
    }

    pub fn monochrome() -> Self {
        LabStyle { monochrome: true }
    }

    fn base(&self) -> Style {
        if self.monochrome { Style::new().fg(Color::Reset).bg(Color::Reset) } else { Style::new() }
    }

    fn tint(&self, style: Style, colour: Color) -> Style {
        if self.monochrome { style } else { style.fg(colour) }
    }

    /// Terrain in view: bold, in the tile's colour.
    pub fn tile_visible(&self, tile: Tile) -> Style {
        let colour = match tile {
            Tile::Wall => Color::Gray,
            Tile::Floor => Color::White,
            Tile::DoorClosed | Tile::DoorOpen => Color::Rgb(200, 140, 60),
            Tile::Glass => Color::LightCyan,
            Tile::Water => Color::Blue,
            Tile::Exit => Color::LightYellow,
        };
        self.tint(self.base().add_modifier(Modifier::BOLD), colour)
    }

    /// Terrain out of view: dim and grey.
    pub fn tile_hidden(&self) -> Style {
        self.tint(self.base().add_modifier(Modifier::DIM), Color::DarkGray)
    }

    pub fn viewer(&self) -> Style {
        let s = self.base().add_modifier(Modifier::BOLD);
        if self.monochrome { s.add_modifier(Modifier::REVERSED) } else { s.fg(Color::Yellow) }
    }

    /// The glyph and style of a multicast state in the internals overlay and step mode.
    pub fn internal(&self, state: Internal) -> (char, Style) {
        let b = self.base();
        match state {
            Internal::Visible => ('*', self.tint(b.add_modifier(Modifier::BOLD), Color::Green)),
            Internal::Edge => {
                ('%', self.tint(b.add_modifier(Modifier::BOLD | Modifier::UNDERLINED), Color::Yellow))
            }
            Internal::Culled => ('x', self.tint(b, Color::Red)),
            Internal::NeverLooked => (':', self.tint(b.add_modifier(Modifier::DIM), Color::DarkGray)),
        }
    }

    /// A cell step mode has not reached yet.
    pub fn not_yet(&self) -> (char, Style) {
        (' ', self.base())
    }

    /// A cell where the two algorithms disagree.
    pub fn difference(&self) -> (char, Style) {
        let s = self.base().add_modifier(Modifier::BOLD | Modifier::REVERSED);
        ('!', if self.monochrome { s } else { s.fg(Color::Red) })
    }

    /// A cell of the DDA walk.
    pub fn walk(&self) -> Style {
        self.tint(self.base().add_modifier(Modifier::BOLD), Color::Cyan)
    }

    /// The first cell that blocks the walk.
    pub fn blocker(&self) -> Style {
        let s = self.base().add_modifier(Modifier::BOLD | Modifier::REVERSED);
        if self.monochrome { s } else { s.fg(Color::Red) }
    }

    pub fn cursor(&self) -> Style {
        let s = self.base().add_modifier(Modifier::REVERSED);
        if self.monochrome { s.add_modifier(Modifier::UNDERLINED) } else { s.fg(Color::Magenta) }
    }

    pub fn text(&self) -> Style {
        self.base()
    }

    pub fn title(&self) -> Style {
        self.tint(self.base().add_modifier(Modifier::BOLD), Color::Cyan)
    }

    pub fn faint(&self) -> Style {
        self.tint(self.base().add_modifier(Modifier::DIM), Color::DarkGray)
    }

    pub fn good(&self) -> Style {
        self.tint(self.base(), Color::Green)
    }

    pub fn bad(&self) -> Style {
        self.tint(self.base().add_modifier(Modifier::BOLD), Color::Red)
    }

    pub fn border(&self) -> Style {
        self.tint(self.base(), Color::DarkGray)
    }
}
