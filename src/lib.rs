//! sightline: exact field of view and line of sight on a grid, and the roguelike built on them.
//!
//! The layers depend in one direction only:
//!
//! ```text
//! geometry (grid, positions)  <-  fov, dda, map  <-  game (rules, turns, AI)  <-  ui (ratatui, input)
//! ```
//!
//! Everything but [`ui`] builds with `default-features = false`, without any terminal crate.

// Every public item says what it is for; CI (clippy with `-D warnings`) keeps it that way.
#![warn(missing_docs)]

pub mod dda;
pub mod fov;
pub mod game;
pub mod geometry;
pub mod map;
pub mod picture;
#[cfg(feature = "tui")]
pub mod ui;

pub use geometry::{Grid, Pos};
pub use map::{Map, Tile};

/// The README's Rust examples, compiled and run as doc tests so they cannot drift from the API.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
