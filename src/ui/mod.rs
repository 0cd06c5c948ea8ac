//! The terminal interface: ratatui rendering over plain game state, and key input. (Cargo
//! feature `tui`, on by default.)
//!
//! [`app::App`] is the interface's state machine (which screen is up, the look cursor, prompts);
//! [`input`] turns key presses into its commands; [`render`] draws an `App` into any ratatui
//! buffer without changing it; [`terminal`] owns the real terminal (set-up, restore on every
//! exit path, signals), on a backend whose size is [`capped`], and [`play`] runs the game's
//! event loop on it. The game
//! changes only through actions the app sends to [`crate::game::GameState::act`]. [`lab`] is
//! `sightline lab`, the FOV lab.

pub mod app;
pub mod capped;
pub mod input;
pub mod lab;
pub mod play;
pub mod render;
pub mod targeting;
pub mod terminal;
pub mod theme;

pub use app::{App, Mode};
pub use theme::Theme;
