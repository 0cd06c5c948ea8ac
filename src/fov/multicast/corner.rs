//! [`Corner`]: what a quadrant looks like next to a viewer with a wall beside it on the
//! quadrant's x axis, which decides whether the quadrant is walled in, turned, or scanned as it
//! is.

use crate::geometry::{Opacity, Pos};

/// What the quadrant `(sx, sy)` of a viewer inside the area is like next to the viewer, when a
/// wall stands there on the quadrant's x axis: two shortcuts that look at the same few cells.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Corner {
    /// Walls on the y axis next to the viewer too and between the two (a corner of a room or a
    /// corridor): the light that leaves the viewer's square between the axis walls' diamonds is
    /// the angle of the wall between, whose two bounding rays end on that wall's seals with the
    /// axis walls, so those three walls are all the quadrant shows (within a radius of 2 or
    /// more, which reaches the wall between), and it is not scanned.
    WalledIn,
    /// The wall goes on in the next row and the viewer looks down a floor along the y axis
    /// (three cells of it): a corridor, or a room's side. The quadrant had better be scanned
    /// along the map's columns (see [`Quadrant`](super::quadrant::Quadrant)): by rows, such a
    /// view is a thin wedge whose every row costs the row's set-up for the two or three cells the
    /// wedge has there; by columns, the corridor is the first row and its wall the second. (Only
    /// a guess: either way the scan is exact.)
    Tall,
    /// Neither: scanned by rows.
    Other,
}

impl Corner {
    /// The quadrant `(sx, sy)` of a viewer at `origin` (a wall next to it on the x axis), given
    /// `ahead`, the floors along the quadrant's y axis from the viewer (up to three, found once
    /// for both quadrants on that side), and `down`, how far the area reaches that way (one cell
    /// or more). The radius is 1 or more.
    #[inline]
    pub(super) fn of(
        origin: Pos,
        sx: i32,
        sy: i32,
        down: i32,
        ahead: i32,
        radius: Option<u32>,
        world: &(impl Opacity + ?Sized),
    ) -> Corner {
        debug_assert!(down > 0 && radius != Some(0));
        if !world.is_opaque(Pos::new(origin.x + sx, origin.y + sy)) {
            Corner::Other
        } else if ahead == 0 {
            if radius.is_none_or(|r| r >= 2) { Corner::WalledIn } else { Corner::Other }
        } else if down >= 3 && ahead >= 3 {
            Corner::Tall
        } else {
            Corner::Other
        }
    }
}
