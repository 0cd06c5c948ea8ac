//! Positions, grids and the exact shapes that block sight.
//!
//! This is the bottom layer: [`crate::fov`], [`crate::dda`] and [`crate::map`] build on it and
//! nothing here knows about them. The geometry every sight question answers to (the
//! *visibility contract*) is stated in the [crate documentation](crate#the-geometry) and
//! implemented, as integer predicates, in [`diamond`].

pub mod diamond;
mod grid;
mod opacity;
mod pos;
mod runs;

pub use grid::Grid;
pub use opacity::Opacity;
pub use pos::{ParsePosError, Pos};
pub(crate) use runs::{all_clear, both_clear, leading, run_in_row};
