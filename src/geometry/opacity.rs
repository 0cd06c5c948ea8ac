//! What the sight code asks of a world: is this cell opaque?

use super::{Grid, Pos};

/// A world the sight code can look through.
///
/// The field of view and line of sight ask only this question, so they work on any grid type:
/// implement it for your own map, or pass a closure `Fn(Pos) -> bool`. The contract says cells
/// outside the map are opaque; an implementation should answer `true` for them (the FOV code also
/// never looks outside the area of its output buffer).
///
/// # Examples
///
/// Your own map type:
///
/// ```
/// use sightline::fov::{Fov, multicast};
/// use sightline::geometry::{Opacity, Pos};
///
/// struct Cavern { rock: Vec<Pos>, size: i32 }
///
/// impl Opacity for Cavern {
///     fn is_opaque(&self, p: Pos) -> bool {
///         let outside = p.x < 0 || p.y < 0 || p.x >= self.size || p.y >= self.size;
///         outside || self.rock.contains(&p)
///     }
/// }
///
/// let cavern = Cavern { rock: vec![Pos::new(2, 1)], size: 5 };
/// let mut fov = Fov::new(5, 5);
/// multicast::compute(Pos::new(0, 1), None, &cavern, &mut fov);
/// assert!(fov.is_visible(Pos::new(2, 1)));  // the rock is seen
/// assert!(!fov.is_visible(Pos::new(4, 1))); // what is straight behind it is not
/// ```
///
/// Or a closure:
///
/// ```
/// use sightline::{Pos, dda};
/// let walls = |p: Pos| p.x == 3;
/// assert!(!dda::line_of_sight(Pos::new(0, 0), Pos::new(6, 0), &walls));
/// ```
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
