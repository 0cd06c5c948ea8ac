//! sightline: exact field of view and line of sight on a grid, and the roguelike built on them.
//!
//! Every sight question here — which cells a viewer sees, whether two cells see each other, where
//! an arrow flies — is answered from one geometry, the *visibility contract*: cells are unit
//! squares, floors are points at their centres, an opaque cell blocks the open diamond inscribed
//! in its square, and two orthogonally adjacent opaque cells also block the point where their
//! diamonds touch (a *seal*). Double every coordinate and all of it is integer arithmetic.
//!
//! Where to start reading:
//!
//! - [`fov`]: field of view. [`fov::multicast`] is the fast, exact ray-multicast algorithm
//!   (its module docs teach it, with pictures); [`fov::reference`] is the slow obvious oracle it
//!   is tested against, cell for cell.
//! - [`dda`]: the Amanatides & Woo grid walk in integers — [`dda::cells`],
//!   [`dda::line_of_sight`], [`dda::projectile`] — and the `f64` traversal in [`dda::world`].
//! - [`geometry`]: positions, grids, the [`geometry::Opacity`] trait any world implements, and
//!   the exact diamond-and-seal predicates in [`geometry::diamond`] that both of the above share.
//! - [`map`]: the map model and its hand-authored RON format with located errors.
//! - [`game`] (cargo feature `game`): the roguelike's rules, no terminal; `ui` (feature `tui`):
//!   its ratatui screens and the FOV lab.
//!
//! The layers depend in one direction only:
//!
//! ```text
//! geometry (grid, positions)  <-  fov, dda, map  <-  game (rules, turns, AI)  <-  ui (ratatui, input)
//! ```
//!
//! Both are on by default (`tui` turns on `game`). With `default-features = false` the library
//! is geometry, FOV, DDA, maps and pictures alone: no terminal crate, no path-finding crate;
//! `features = ["game"]` adds the rules, still without a terminal.

// Every public item says what it is for; CI (clippy with `-D warnings`) keeps it that way.
#![warn(missing_docs)]

pub mod dda;
pub mod fov;
#[cfg(feature = "game")]
pub mod game;
pub mod geometry;
pub mod map;
pub mod picture;
mod safe_file;
#[cfg(feature = "tui")]
pub mod ui;

pub use geometry::{Grid, Pos};
pub use map::{Map, Tile};

/// The README's Rust examples, compiled and run as doc tests so they cannot drift from the API.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
