//! Colours and emphasis. One theme in colour, one without (for `NO_COLOR`).
//!
//! What matters most is that remembered cells read differently from visible ones in both: the
//! colour theme dims and greys them, the monochrome theme relies on modifiers alone — visible
//! cells bold, remembered cells dim — and uses `Color::Reset` everywhere, because with
//! `NO_COLOR` crossterm's colour reset also drops bold and dim.

use ratatui::style::{Color, Modifier, Style};

use crate::map::{ItemKind, MonsterKind, Tile};

/// The styles the renderer draws with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Theme {
    /// True for the theme without colour: every style then sets `Color::Reset` and differs by
    /// modifiers only.
    pub monochrome: bool,
    /// The base of every visible cell (bold, never dim).
    pub visible: Style,
    /// The base of every remembered cell (dim, never bold).
    pub remembered: Style,
    /// The `@`.
    pub player: Style,
    /// The look and aim cursor, patched onto the style of the cell under it (its glyph stays).
    pub cursor: Style,
    /// Box borders.
    pub border: Style,
    /// Titles, headings and prompts.
    pub title: Style,
    /// Ordinary text, such as the messages of the current turn.
    pub text: Style,
    /// Text that matters less: messages of earlier turns, the seed, secondary labels.
    pub faint: Style,
    /// The player's hit points while above a third of the maximum.
    pub good: Style,
    /// Danger: hit points at a third of the maximum or less, what an aimed arrow will hit, the
    /// death headline.
    pub bad: Style,
    /// The targeting path, by what each cell holds: empty and in view, unknown, a monster in
    /// view, the blocker that stops the arrow. Four styles that differ in their modifiers as
    /// well as their colours, so they stay apart without colour.
    pub path_clear: Style,
    /// A path cell out of view (see [`Theme::path_clear`]).
    pub path_unknown: Style,
    /// A path cell holding a monster in view (see [`Theme::path_clear`]).
    pub path_monster: Style,
    /// The path's blocker (see [`Theme::path_clear`]).
    pub path_blocker: Style,
}

impl Theme {
    /// The theme for the environment: monochrome when `NO_COLOR` is set to anything non-empty
    /// (<https://no-color.org>).
    pub fn from_env() -> Self {
        match std::env::var_os("NO_COLOR") {
            Some(v) if !v.is_empty() => Theme::monochrome(),
            _ => Theme::colour(),
        }
    }

    /// The colour theme, for terminals without `NO_COLOR`.
    pub fn colour() -> Self {
        Theme {
            monochrome: false,
            visible: Style::new().add_modifier(Modifier::BOLD),
            remembered: Style::new().fg(Color::DarkGray).add_modifier(Modifier::DIM),
            player: Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD),
            cursor: Style::new().add_modifier(Modifier::REVERSED),
            border: Style::new().fg(Color::DarkGray),
            title: Style::new().fg(Color::Cyan).add_modifier(Modifier::BOLD),
            text: Style::new(),
            faint: Style::new().fg(Color::DarkGray),
            good: Style::new().fg(Color::Green),
            bad: Style::new().fg(Color::Red).add_modifier(Modifier::BOLD),
            path_clear: Style::new().fg(Color::Black).bg(Color::Yellow).add_modifier(Modifier::BOLD),
            path_unknown: Style::new()
                .fg(Color::Yellow)
                .bg(Color::DarkGray)
                .add_modifier(Modifier::UNDERLINED),
            path_monster: Style::new()
                .fg(Color::White)
                .bg(Color::Red)
                .add_modifier(Modifier::BOLD | Modifier::UNDERLINED | Modifier::REVERSED),
            path_blocker: Style::new().fg(Color::White).bg(Color::Blue).add_modifier(Modifier::CROSSED_OUT),
        }
    }

    /// The theme without colour: modifiers only, so it reads on any terminal and in snapshot
    /// tests that compare styles.
    pub fn monochrome() -> Self {
        let reset = Style::new().fg(Color::Reset).bg(Color::Reset);
        Theme {
            monochrome: true,
            visible: reset.add_modifier(Modifier::BOLD),
            remembered: reset.add_modifier(Modifier::DIM),
            player: reset.add_modifier(Modifier::BOLD | Modifier::REVERSED),
            cursor: reset.add_modifier(Modifier::REVERSED | Modifier::UNDERLINED),
            border: reset,
            title: reset.add_modifier(Modifier::BOLD),
            text: reset,
            faint: reset.add_modifier(Modifier::DIM),
            good: reset,
            bad: reset.add_modifier(Modifier::BOLD),
            path_clear: reset.add_modifier(Modifier::BOLD | Modifier::REVERSED),
            path_unknown: reset.add_modifier(Modifier::UNDERLINED),
            path_monster: reset.add_modifier(Modifier::BOLD | Modifier::UNDERLINED | Modifier::REVERSED),
            path_blocker: reset.add_modifier(Modifier::CROSSED_OUT),
        }
    }

    fn tint(&self, base: Style, colour: Color) -> Style {
        if self.monochrome { base } else { base.fg(colour) }
    }

    /// A terrain cell in view.
    pub fn tile_visible(&self, tile: Tile) -> Style {
        let colour = match tile {
            Tile::Wall => Color::Gray,
            Tile::Floor => Color::White,
            Tile::DoorClosed | Tile::DoorOpen => Color::Rgb(200, 140, 60),
            Tile::Glass => Color::LightCyan,
            Tile::Water => Color::Blue,
            Tile::Exit => Color::LightYellow,
        };
        self.tint(self.visible, colour)
    }

    /// A terrain cell remembered, not in view.
    pub fn tile_remembered(&self, _tile: Tile) -> Style {
        self.remembered
    }

    /// A monster; monsters are drawn only in view (they are never remembered), each kind in its
    /// own colour.
    pub fn monster(&self, kind: MonsterKind) -> Style {
        let colour = match kind {
            MonsterKind::Rat => Color::Rgb(170, 120, 80),
            MonsterKind::Goblin => Color::LightGreen,
            MonsterKind::Orc => Color::LightRed,
            MonsterKind::Archer => Color::LightMagenta,
        };
        self.tint(self.visible, colour)
    }

    /// An item in view, each kind in its own colour.
    pub fn item_visible(&self, kind: ItemKind) -> Style {
        let colour = match kind {
            ItemKind::Potion => Color::LightMagenta,
            ItemKind::Arrows => Color::LightCyan,
            ItemKind::Gold => Color::Yellow,
        };
        self.tint(self.visible, colour)
    }

    /// An item remembered, not in view: the same dimmed style whatever the kind.
    pub fn item_remembered(&self, _kind: ItemKind) -> Style {
        self.remembered
    }

    /// A cell of the targeting path.
    pub fn path(&self, kind: crate::ui::targeting::PathKind) -> Style {
        use crate::ui::targeting::PathKind;
        match kind {
            PathKind::Clear => self.path_clear,
            PathKind::Unknown => self.path_unknown,
            PathKind::Monster => self.path_monster,
            PathKind::Blocker => self.path_blocker,
        }
    }
}
