//! What the sight code asks of a world: is this cell opaque?

use super::{Grid, Pos};

/// A world the sight code can look through.
///
/// The field of view and line of sight ask only this question, so they work on any grid type:
/// implement it for your own map, or pass a closure `Fn(Pos) -> bool`. The contract says cells
/// outside the map are opaque; an implementation should answer `true` for them (the FOV code also
/// never looks outside the area of its output buffer).
pub trait Opacity {
    /// Whether the cell at `p` blocks sight.
    fn is_opaque(&self, p: Pos) -> bool;
}

impl<F: Fn(Pos) -> bool> Opacity for F {
    #[inline]
    fn is_opaque(&self, p: Pos) -> bool {
        self(p)
    }
}

/// A grid of "is opaque" flags; outside the grid is opaque.
impl Opacity for Grid<bool> {
    #[inline]
    fn is_opaque(&self, p: Pos) -> bool {
        self.get(p).copied().unwrap_or(true)
    }
}
