//! Directions from the viewer, as integer vectors compared by cross products.
//!
//! Every direction the multicast deals with points from the viewer's centre to a corner, a
//! diamond vertex (seal points are vertices too) or a centre, in doubled coordinates relative to
//! the viewer: small integer vectors. All of them lie in the open half-plane `x + y > 0` of the
//! quadrant being scanned (the quadrant is turned so that it is `x >= 0, y >= 0`), where the sign
//! of the cross product is a total order on directions: no angle, no division, no float.
//!
//! With components below 2³⁰ (a 4096-cell map needs 2·4097 + 1) a cross product fits an `i64`
//! with room to spare.

/// A direction from the viewer's centre: the ray through the point `(x, y)`, in doubled
/// coordinates relative to that centre. Two vectors that differ by a positive factor are the same
/// direction; compare with [`Dir::lt`] and [`Dir::same`], never with `==`.
///
/// Packed in one word, `x` in the low half (a direction is stored and loaded whole: kept as two
/// halves, the cell loop wrote the ends of the intervals it appends half by half and the next
/// cell read them back whole, a load the processor cannot take from the two stores still in
/// flight).
#[derive(Copy, Clone, Default, PartialEq, Eq)]
pub struct Dir(u64);

impl std::fmt::Debug for Dir {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Dir").field("x", &self.x()).field("y", &self.y()).finish()
    }
}

impl Dir {
    #[inline]
    pub const fn new(x: i32, y: i32) -> Dir {
        Dir(x as u32 as u64 | (y as u32 as u64) << 32)
    }

    #[inline]
    pub const fn x(self) -> i32 {
        self.0 as u32 as i32
    }

    #[inline]
    pub const fn y(self) -> i32 {
        (self.0 >> 32) as u32 as i32
    }

    /// The cross product `self × o`: positive when `o` is turned further from the x axis toward
    /// the y axis than `self`.
    #[inline]
    pub fn cross(self, o: Dir) -> i64 {
        i64::from(self.x()) * i64::from(o.y()) - i64::from(self.y()) * i64::from(o.x())
    }

    /// Whether `self` comes strictly before `o` (closer to the x axis).
    #[inline]
    pub fn lt(self, o: Dir) -> bool {
        self.cross(o) > 0
    }

    /// Whether the two vectors point the same way.
    #[inline]
    pub fn same(self, o: Dir) -> bool {
        self.cross(o) == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orders_by_angle_not_by_length() {
        let (x, diag, y) = (Dir::new(1, 0), Dir::new(3, 3), Dir::new(0, 1));
        assert!(x.lt(diag) && diag.lt(y) && x.lt(y));
        assert!(!diag.lt(x) && !y.lt(diag));
        assert!(Dir::new(1, 1).same(diag) && !Dir::new(1, 1).lt(diag));
        // directions just below the x axis (axis cells' diamonds reach there) still order
        assert!(Dir::new(8, -1).lt(x));
        assert!(y.lt(Dir::new(-1, 8)));
        // the largest components a 4096-cell map produces do not overflow
        let big = Dir::new(8195, 8193);
        assert!(big.lt(Dir::new(8193, 8195)));
    }
}
