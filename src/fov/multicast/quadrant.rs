//! [`Quadrant`]: one quadrant of the scan, in quadrant coordinates `(i, j)`, plain or turned,
//! with how it finds a cell on the map and reads its opacity; and the square angles of its cells.

use super::Observer;
use super::angle::Dir;
use super::intervals::Interval;
use crate::geometry::{Opacity, Pos};

/// The lowest direction of the square of quadrant cell `(i, j)` (its far corner on the x side),
/// clipped to the quadrant.
#[inline]
pub(super) fn sq_lo(i: i32, j: i32) -> Dir {
    if j == 0 { Dir::new(1, 0) } else { Dir::new(2 * i + 1, 2 * j - 1) }
}

/// The highest direction of the square of quadrant cell `(i, j)`, clipped to the quadrant.
#[inline]
pub(super) fn sq_hi(i: i32, j: i32) -> Dir {
    if i == 0 { Dir::new(0, 1) } else { Dir::new(2 * i - 1, 2 * j + 1) }
}

/// The whole square angle of quadrant cell `(i, j)`.
#[inline]
pub(super) fn square(i: i32, j: i32) -> Interval {
    Interval::of(sq_lo(i, j), false, sq_hi(i, j), false)
}

/// A row of a quadrant's cells as opacity flags in a slice of the world's: cell `i` is the
/// flag at `start + step·i`, and opaque if that lies outside the slice.
#[derive(Copy, Clone)]
pub(super) struct Row<'w> {
    pub(super) flags: &'w [bool],
    pub(super) start: isize,
    pub(super) step: isize,
}

impl Row<'_> {
    #[inline]
    pub(super) fn opaque(&self, i: i32) -> bool {
        let k = self.start + self.step * i as isize;
        usize::try_from(k).ok().and_then(|k| self.flags.get(k)).is_none_or(|&o| o)
    }
}

/// One quadrant of the scan: quadrant cell `(i, j)` is the map cell `origin + (sx·i, sy·j)`,
/// or, turned (`T`), `origin + (sx·j, sy·i)`: then the scan's rows are the map's columns.
///
/// The geometry is the same either way: swapping x and y mirrors the map across a diagonal,
/// which takes squares, diamonds, seals and centres to their like, so a turned quadrant is a
/// plain quadrant of the mirrored map. Only the shortcuts that read or mark the map's rows a
/// stretch at a time (whole rows, runs of whole floors, the axis row's floors) need the scan's
/// rows to be map rows; a turned scan goes cell by cell there, but for the axis row of the one
/// on the `sx < 0` side, whose floors it reads from the view ([`Quadrant::turned_axis_floors`]).
pub(super) struct Quadrant<const T: bool> {
    pub(super) origin: Pos,
    pub(super) sx: i32,
    pub(super) sy: i32,
    pub(super) w: i64,
    pub(super) h: i64,
    /// With the viewer inside the area, every cell the scan visits is inside it too.
    pub(super) viewer_inside: bool,
}

impl<const T: bool> Quadrant<T> {
    #[inline]
    pub(super) fn at(&self, i: i32, j: i32) -> Pos {
        if T {
            Pos::new(self.origin.x + self.sx * j, self.origin.y + self.sy * i)
        } else {
            Pos::new(self.origin.x + self.sx * i, self.origin.y + self.sy * j)
        }
    }

    /// Whether the scan takes the shortcuts along the map's rows: not when it tells an observer
    /// cell by cell, nor when its rows are not map rows, nor for a viewer outside the area.
    #[inline]
    pub(super) fn shortcuts<O: Observer>(&self) -> bool {
        !O::WATCHES && !T && self.viewer_inside
    }

    #[inline]
    pub(super) fn in_area(&self, p: Pos) -> bool {
        p.x >= 0 && p.y >= 0 && i64::from(p.x) < self.w && i64::from(p.y) < self.h
    }

    #[inline]
    pub(super) fn opaque(&self, world: &(impl Opacity + ?Sized), p: Pos) -> bool {
        !(self.viewer_inside || self.in_area(p)) || world.is_opaque(p)
    }

    /// The world's opacity flags of row `j`, if the world keeps them in slices: for a plain
    /// scan the map row cut to the area (empty when the row is outside it), for a turned one
    /// the map column, read out of `block`, the rows of the scan's cells (see
    /// [`Quadrant::turned_block`]).
    #[inline]
    pub(super) fn opaque_row<'w>(
        &self,
        world: &'w (impl Opacity + ?Sized),
        j: i32,
        block: Option<(&'w [bool], usize)>,
    ) -> Option<Row<'w>> {
        if T {
            let (flags, stride) = block?;
            // (a column outside the world's rows is looked up cell by cell)
            let x = usize::try_from(self.origin.x + self.sx * j).ok().filter(|&x| x < stride)?;
            // the viewer's row is the block's first for `sy > 0`, its last otherwise (the block
            // holds exactly the scan's rows: see `turned_block`)
            let (start, step) = if self.sy > 0 {
                (x as isize, stride as isize)
            } else {
                ((flags.len() - stride + x) as isize, -(stride as isize))
            };
            return Some(Row { flags, start, step });
        }
        let y = self.origin.y + self.sy * j;
        let row = world.opaque_row(y)?;
        let flags =
            if y >= 0 && i64::from(y) < self.h { &row[..row.len().min(self.w as usize)] } else { &[] };
        Some(Row { flags, start: self.origin.x as isize, step: self.sx as isize })
    }

    /// For a turned scan whose cells lie at `i = 0..=ilim`, on the `ilim + 1` map rows from the
    /// viewer's outward (toward `sy`), the world's opacity flags of those rows as one slice of
    /// exactly those rows and its stride, if the world keeps them that way
    /// ([`Opacity::opaque_rows`]; a longer slice is cut): a turned scan's rows are map columns,
    /// each read one stride at a time down the slice.
    #[inline]
    pub(super) fn turned_block<'w>(
        &self,
        world: &'w (impl Opacity + ?Sized),
        ilim: u32,
    ) -> Option<(&'w [bool], usize)> {
        let n = ilim as usize + 1;
        let top = if self.sy > 0 { self.origin.y } else { self.origin.y - ilim as i32 };
        let (flags, stride) = world.opaque_rows(top, n)?;
        // (the viewer's row, for `sy < 0`, is the last of the `n`: see `opaque_row`)
        Some((flags.get(..n.checked_mul(stride)?)?, stride))
    }

    /// [`Quadrant::opaque`] for cell `(i, j)` at `p`, with row `j`'s flags from
    /// [`Quadrant::opaque_row`].
    #[inline]
    pub(super) fn opaque_at(
        &self,
        world: &(impl Opacity + ?Sized),
        row: Option<Row>,
        i: i32,
        p: Pos,
    ) -> bool {
        match row {
            Some(row) if T => row.opaque(i),
            Some(row) => {
                // (a plain row's `start` and `step` are the viewer's x and `sx`: the same look-up
                // in 32 bits, as the plain scan's loop was measured with; `Row::opaque` there cost
                // the 5 % map 0.8 % more instructions. A negative x, read as a `u32`, is 2³¹ or
                // more, past the end of any row, as no row is that long: one comparison for both.)
                let x = self.origin.x + self.sx * i;
                row.flags.get(x as u32 as usize).is_none_or(|&o| o)
            }
            None => self.opaque(world, p),
        }
    }
}
