//! How the lab draws each kind of cell: the game's [`Theme`] for terrain, the viewer and the
//! text, plus the lab's own overlays. Every overlay state has its own glyph as well as its own
//! style, so the lab reads the same under `NO_COLOR`, where only the glyphs and bold / dim /
//! reverse / underline remain (the monochrome theme uses `Color::Reset` everywhere, since with
//! `NO_COLOR` crossterm's colour reset would also drop the modifiers).

use ratatui::style::{Color, Modifier, Style};

use super::overlay::OverlayState;
use crate::map::Tile;
use crate::ui::Theme;

/// The lab's styles, in colour or monochrome.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LabStyle {
    /// The game's theme, which the lab's own styles follow.
    pub theme: Theme,
}

impl LabStyle {
    /// Monochrome when `NO_COLOR` is set to anything non-empty, as in the game.
    pub fn from_env() -> Self {
        LabStyle { theme: Theme::from_env() }
    }

    /// The colour styles.
    pub fn colour() -> Self {
        LabStyle { theme: Theme::colour() }
    }

    /// The `NO_COLOR` styles.
    pub fn monochrome() -> Self {
        LabStyle { theme: Theme::monochrome() }
    }

    fn base(&self) -> Style {
        self.theme.text
    }

    fn tint(&self, style: Style, colour: Color) -> Style {
        if self.theme.monochrome { style } else { style.fg(colour) }
    }

    /// Terrain in view: bold, in the tile's colour.
    pub fn tile_visible(&self, tile: Tile) -> Style {
        self.theme.tile_visible(tile)
    }

    /// Terrain out of view: dim, as the game draws remembered cells.
    pub fn tile_hidden(&self) -> Style {
        self.theme.remembered
    }

    /// The viewer's `@`.
    pub fn viewer(&self) -> Style {
        self.theme.player
    }

    /// The glyph and style of a state in the internals overlay and step mode. The states in
    /// view are bold, the others not; the two kinds of edge cell share their colour (they are
    /// one state of the algorithm) and differ in glyph and weight.
    pub fn internal(&self, state: OverlayState) -> (char, Style) {
        let b = self.base();
        match state {
            OverlayState::LitWhole => ('*', self.tint(b.add_modifier(Modifier::BOLD), Color::Green)),
            OverlayState::EdgeInView => {
                ('%', self.tint(b.add_modifier(Modifier::BOLD | Modifier::UNDERLINED), Color::Yellow))
            }
            OverlayState::EdgeOutOfView => ('-', self.tint(b.add_modifier(Modifier::DIM), Color::Yellow)),
            OverlayState::Culled => ('x', self.tint(b, Color::Red)),
            OverlayState::NeverLooked => (':', self.tint(b.add_modifier(Modifier::DIM), Color::DarkGray)),
        }
    }

    /// A cell step mode has not reached yet.
    pub fn not_yet(&self) -> (char, Style) {
        (' ', self.base())
    }

    /// A cell where the two algorithms disagree.
    pub fn difference(&self) -> (char, Style) {
        ('!', self.tint(self.base().add_modifier(Modifier::BOLD | Modifier::REVERSED), Color::Red))
    }

    /// A cell of the DDA walk.
    pub fn walk(&self) -> Style {
        self.tint(self.base().add_modifier(Modifier::BOLD), Color::Cyan)
    }

    /// The first cell that blocks the walk.
    pub fn blocker(&self) -> Style {
        self.tint(self.base().add_modifier(Modifier::BOLD | Modifier::REVERSED), Color::Red)
    }

    /// The cursor's cell.
    pub fn cursor(&self) -> Style {
        self.theme.cursor
    }

    /// Plain panel text.
    pub fn text(&self) -> Style {
        self.theme.text
    }

    /// Titles and the algorithm's name.
    pub fn title(&self) -> Style {
        self.theme.title
    }

    /// Key hints and things switched off.
    pub fn faint(&self) -> Style {
        self.theme.faint
    }

    /// A check that passed ("clear", "0 differences").
    pub fn good(&self) -> Style {
        self.theme.good
    }

    /// A check that failed ("blocked", a non-zero difference count).
    pub fn bad(&self) -> Style {
        self.theme.bad
    }

    /// Pane borders.
    pub fn border(&self) -> Style {
        self.theme.border
    }
}
