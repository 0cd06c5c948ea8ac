//! The blocking shapes of the visibility contract, in exact integer arithmetic.
//!
//! Every coordinate here is **doubled**: the centre of cell `(x, y)` is the odd point
//! `(2x + 1, 2y + 1)`, the vertices of its diamond and the midpoints of its edges (the seals) are
//! integer points. With that, "does this segment meet that diamond" is a handful of integer
//! comparisons: no floating point, no epsilon.
//!
//! ```text
//!   doubled coordinates of cell (0, 0) and its diamond
//!
//!   (0,0) +---(1,0)---+ (2,0)       the open diamond |X-1| + |Y-1| < 1
//!         |    / \    |             vertices (1,0) (2,1) (1,2) (0,1)
//!       (0,1) <  *  > (2,1)         centre   (1,1)
//!         |    \ /    |             a vertex is a seal when the neighbour
//!   (0,2) +---(1,2)---+ (2,2)       across that edge is opaque too
//! ```
//!
//! These are the primitives that [`crate::dda::line_of_sight`] and the field-of-view code
//! share, so that every sight question in sightline is answered from one geometry.
//!
//! **Range.** Points and directions are taken with coordinates within ±[`COORD_LIMIT`] (2⁴⁰):
//! within it every product formed here fits an `i128`, so every answer is exact. The doubled
//! points of `i32` cells lie within ±2³³. A coordinate beyond it is a caller's bug and panics,
//! in release builds too (an overflowed product would be a wrong answer, silently).

use super::Pos;

/// A point in doubled coordinates (see the module docs).
pub type Point2 = (i64, i64);

/// The largest magnitude of a coordinate, of a point or a direction, that the functions here
/// take (see the module docs: beyond it they panic).
pub const COORD_LIMIT: i64 = 1 << 40;

/// Panics unless every coordinate of `points` is within ±[`COORD_LIMIT`].
#[track_caller]
#[inline]
fn in_range(points: [Point2; 2]) {
    let fits =
        |(x, y): Point2| x.unsigned_abs() <= COORD_LIMIT as u64 && y.unsigned_abs() <= COORD_LIMIT as u64;
    assert!(
        fits(points[0]) && fits(points[1]),
        "doubled coordinates {points:?} beyond ±2^40, the range in which the diamond tests are exact"
    );
}

/// The centre of cell `p` in doubled coordinates.
///
/// ```
/// use sightline::{Pos, geometry::diamond::centre2};
/// assert_eq!(centre2(Pos::new(0, 0)), (1, 1));
/// assert_eq!(centre2(Pos::new(-1, 2)), (-1, 5));
/// ```
pub fn centre2(p: Pos) -> Point2 {
    (2 * i64::from(p.x) + 1, 2 * i64::from(p.y) + 1)
}

/// An open bound `num / den` on the segment parameter `t`, with `den > 0`.
#[derive(Clone, Copy)]
struct Frac {
    num: i128,
    den: i128,
}

impl Frac {
    fn lt(self, o: Frac) -> bool {
        self.num * o.den < o.num * self.den
    }
}

/// The open interval of `t` where `|w0 + t·dw| < 1`; `None` when it is empty, and
/// `Some((None, None))` when it is all of ℝ.
#[allow(clippy::type_complexity)]
fn band(w0: i128, dw: i128) -> Option<(Option<Frac>, Option<Frac>)> {
    use std::cmp::Ordering::*;
    match dw.cmp(&0) {
        Equal => (w0 == 0).then_some((None, None)),
        Greater => Some((Some(Frac { num: -1 - w0, den: dw }), Some(Frac { num: 1 - w0, den: dw }))),
        Less => Some((Some(Frac { num: w0 - 1, den: -dw }), Some(Frac { num: w0 + 1, den: -dw }))),
    }
}

/// Whether the closed segment `a`–`b` meets the **open** diamond of `cell`.
///
/// Touching the diamond's outline (a tangent along an edge, or a vertex) does not count: that is
/// what lets sight pass between diagonally touching walls.
///
/// ```
/// use sightline::{Pos, geometry::diamond::{centre2, segment_meets_diamond}};
/// let (a, b) = (centre2(Pos::new(0, 0)), centre2(Pos::new(2, 0)));
/// assert!(segment_meets_diamond(a, b, Pos::new(1, 0))); // straight through its centre
/// // From (0,0) to (1,1) the segment passes the corner between (1,0) and (0,1): a vertex of
/// // neither diamond, so it meets neither.
/// let (a, b) = (centre2(Pos::new(0, 0)), centre2(Pos::new(1, 1)));
/// assert!(!segment_meets_diamond(a, b, Pos::new(1, 0)));
/// assert!(!segment_meets_diamond(a, b, Pos::new(0, 1)));
/// ```
#[track_caller]
pub fn segment_meets_diamond(a: Point2, b: Point2, cell: Pos) -> bool {
    in_range([a, b]);
    let (cx, cy) = centre2(cell);
    // In the rotated frame u = X + Y, v = X - Y the open diamond is the open square |u|, |v| < 1.
    let (ax, ay, bx, by) = (a.0 as i128, a.1 as i128, b.0 as i128, b.1 as i128);
    let (cx, cy) = (cx as i128, cy as i128);
    let (u0, du) = (ax + ay - (cx + cy), (bx + by) - (ax + ay));
    let (v0, dv) = (ax - ay - (cx - cy), (bx - by) - (ax - ay));
    let (Some((ul, uh)), Some((vl, vh))) = (band(u0, du), band(v0, dv)) else {
        return false;
    };
    // lo = max of the open lower bounds, hi = min of the open upper bounds (None = unbounded).
    let lo = match (ul, vl) {
        (Some(p), Some(q)) => Some(if p.lt(q) { q } else { p }),
        (p, q) => p.or(q),
    };
    let hi = match (uh, vh) {
        (Some(p), Some(q)) => Some(if p.lt(q) { p } else { q }),
        (p, q) => p.or(q),
    };
    // Some t in [0, 1] with lo < t < hi.
    let zero = Frac { num: 0, den: 1 };
    let one = Frac { num: 1, den: 1 };
    let lo_ok = lo.is_none_or(|l| l.lt(one));
    let hi_ok = hi.is_none_or(|h| zero.lt(h));
    let nonempty = match (lo, hi) {
        (Some(l), Some(h)) => l.lt(h),
        _ => true,
    };
    lo_ok && hi_ok && nonempty
}

/// Whether the closed segment `a`–`b` passes through the point `s`.
///
/// ```
/// use sightline::geometry::diamond::segment_through_point;
/// assert!(segment_through_point((1, 1), (5, 3), (3, 2)));
/// assert!(!segment_through_point((1, 1), (5, 3), (7, 4))); // on the line, past the end
/// ```
#[track_caller]
pub fn segment_through_point(a: Point2, b: Point2, s: Point2) -> bool {
    in_range([a, b]);
    in_range([s, s]);
    if a == b {
        return s == a;
    }
    let (ax, ay, bx, by, sx, sy) =
        (a.0 as i128, a.1 as i128, b.0 as i128, b.1 as i128, s.0 as i128, s.1 as i128);
    let cross = (bx - ax) * (sy - ay) - (by - ay) * (sx - ax);
    if cross != 0 {
        return false;
    }
    let along_from_a = (sx - ax) * (bx - ax) + (sy - ay) * (by - ay);
    let along_from_b = (sx - bx) * (ax - bx) + (sy - by) * (ay - by);
    along_from_a >= 0 && along_from_b >= 0
}

/// The four orthogonal directions, in the order [`seal_points`] lists them.
pub const ORTHOGONAL: [Pos; 4] = [Pos::new(1, 0), Pos::new(0, 1), Pos::new(-1, 0), Pos::new(0, -1)];

/// The midpoints of the four edges of `cell` (east, south, west, north), in doubled coordinates.
/// The one toward neighbour `cell + ORTHOGONAL[i]` is a seal when both cells are opaque.
///
/// ```
/// use sightline::{Pos, geometry::diamond::seal_points};
/// // Cell (0,0) spans (0..2, 0..2) doubled: its edge midpoints east, south, west, north.
/// assert_eq!(seal_points(Pos::new(0, 0)), [(2, 1), (1, 2), (0, 1), (1, 0)]);
/// ```
pub fn seal_points(cell: Pos) -> [Point2; 4] {
    let (cx, cy) = centre2(cell);
    [(cx + 1, cy), (cx, cy + 1), (cx - 1, cy), (cx, cy - 1)]
}

/// Whether the opaque cell `cell` blocks the closed segment `a`–`b`: the segment meets its open
/// diamond, or passes through one of its seals (an edge midpoint shared with an opaque
/// orthogonal neighbour). `opaque` is asked only about neighbours whose seal the segment passes
/// through.
///
/// ```
/// use sightline::{Pos, geometry::diamond::{centre2, opaque_cell_blocks}};
/// // From (0,0) to (2,1) the segment passes the midpoint of the edge between (1,0) and (1,1),
/// // touching each diamond only at that vertex: a seal blocks it iff both cells are opaque.
/// let (a, b) = (centre2(Pos::new(0, 0)), centre2(Pos::new(2, 1)));
/// assert!(opaque_cell_blocks(a, b, Pos::new(1, 0), |p| p == Pos::new(1, 1)));
/// assert!(!opaque_cell_blocks(a, b, Pos::new(1, 0), |_| false));
/// ```
#[track_caller]
pub fn opaque_cell_blocks(a: Point2, b: Point2, cell: Pos, mut opaque: impl FnMut(Pos) -> bool) -> bool {
    if segment_meets_diamond(a, b, cell) {
        return true;
    }
    seal_points(cell)
        .into_iter()
        .zip(ORTHOGONAL)
        .any(|(s, d)| segment_through_point(a, b, s) && opaque(cell + d))
}

/// The closed interval of `t` where `|w0 + t·dw| <= 1`, as `(lo, hi)` with `None` for an
/// unbounded side; `None` when it is empty.
#[allow(clippy::type_complexity)]
fn closed_band(w0: i128, dw: i128) -> Option<(Option<Frac>, Option<Frac>)> {
    if dw == 0 {
        return (w0.abs() <= 1).then_some((None, None));
    }
    band(w0, dw)
}

/// Where the ray from `a` in direction `d` (not zero) first reaches the **closed** diamond of
/// `cell`: the parameter `t = num / den >= 0` (with `den > 0`) of the first point `a + t·d` on the
/// diamond, or `None` when the ray misses it. `Some((0, 1))` when `a` is on or in the diamond.
///
/// This is the "reaches the diamond" of the contract's rule for walls (a wall is visible when some
/// ray, strictly inside the angle its diamond subtends, reaches the diamond unblocked): the ray is
/// followed from the viewer up to that point and no further.
///
/// ```
/// use sightline::{Pos, geometry::diamond::ray_reaches_diamond};
/// // From the centre (1,1) of cell (0,0) along +x, the diamond of (2,0) (centre (5,1)) is
/// // first reached at its west vertex (4,1): t = 3.
/// assert_eq!(ray_reaches_diamond((1, 1), (1, 0), Pos::new(2, 0)), Some((3, 1)));
/// assert_eq!(ray_reaches_diamond((1, 1), (-1, 0), Pos::new(2, 0)), None); // pointing away
/// ```
#[track_caller]
pub fn ray_reaches_diamond(a: Point2, d: Point2, cell: Pos) -> Option<(i128, i128)> {
    in_range([a, d]);
    let (cx, cy) = centre2(cell);
    let (ax, ay, dx, dy) = (a.0 as i128, a.1 as i128, d.0 as i128, d.1 as i128);
    let (cx, cy) = (cx as i128, cy as i128);
    let (ul, uh) = closed_band(ax + ay - (cx + cy), dx + dy)?;
    let (vl, vh) = closed_band(ax - ay - (cx - cy), dx - dy)?;
    let zero = Frac { num: 0, den: 1 };
    let mut lo = zero;
    for l in [ul, vl].into_iter().flatten() {
        if lo.lt(l) {
            lo = l;
        }
    }
    for h in [uh, vh].into_iter().flatten() {
        if h.lt(lo) {
            return None;
        }
    }
    Some((lo.num, lo.den))
}

/// Whether the opaque cell `cell` blocks the ray from `a` in direction `d` (not zero) on the
/// closed stretch `0 <= t <= num / den` (`den > 0`): the stretch meets the cell's open diamond, or
/// passes through one of its seals (asking `opaque` about the neighbour across each seal on it).
/// `num` and `den` within ±4·[`COORD_LIMIT`], as [`ray_reaches_diamond`] gives them.
///
/// ```
/// use sightline::{Pos, geometry::diamond::ray_stretch_blocked};
/// // Along +x from (1,1), the diamond of (1,0) (centre (3,1)) spans t in (1, 3).
/// let none = |_: Pos| false;
/// assert!(ray_stretch_blocked((1, 1), (1, 0), (2, 1), Pos::new(1, 0), none)); // up to t = 2
/// assert!(!ray_stretch_blocked((1, 1), (1, 0), (1, 1), Pos::new(1, 0), none)); // stops at its vertex
/// ```
#[track_caller]
pub fn ray_stretch_blocked(
    a: Point2,
    d: Point2,
    (num, den): (i128, i128),
    cell: Pos,
    mut opaque: impl FnMut(Pos) -> bool,
) -> bool {
    in_range([a, d]);
    let limit = 4 * i128::from(COORD_LIMIT);
    assert!(num.abs() <= limit && den.abs() <= limit, "a stretch {num}/{den} beyond ±2^42");
    let (cx, cy) = centre2(cell);
    let (ax, ay, dx, dy) = (a.0 as i128, a.1 as i128, d.0 as i128, d.1 as i128);
    let (cxi, cyi) = (cx as i128, cy as i128);
    let end = Frac { num, den };
    let zero = Frac { num: 0, den: 1 };
    if let (Some((ul, uh)), Some((vl, vh))) =
        (band(ax + ay - (cxi + cyi), dx + dy), band(ax - ay - (cxi - cyi), dx - dy))
    {
        // open interval (lo, hi) of the open diamond, intersected with the closed [0, end]
        let lo = [ul, vl].into_iter().flatten().fold(None, |m: Option<Frac>, l| match m {
            Some(m) if !m.lt(l) => Some(m),
            _ => Some(l),
        });
        let hi = [uh, vh].into_iter().flatten().fold(None, |m: Option<Frac>, h| match m {
            Some(m) if m.lt(h) => Some(m),
            _ => Some(h),
        });
        let nonempty = match (lo, hi) {
            (Some(l), Some(h)) => l.lt(h),
            _ => true,
        };
        if nonempty && lo.is_none_or(|l| l.lt(end)) && hi.is_none_or(|h| zero.lt(h)) {
            return true;
        }
    }
    let dd = dx * dx + dy * dy;
    seal_points(cell).into_iter().zip(ORTHOGONAL).any(|(s, n)| {
        let (sx, sy) = (s.0 as i128 - ax, s.1 as i128 - ay);
        let along = sx * dx + sy * dy;
        dx * sy - dy * sx == 0 && along >= 0 && along * den <= num * dd && opaque(cell + n)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(x: i32, y: i32) -> Point2 {
        centre2(Pos::new(x, y))
    }

    #[test]
    fn straight_through_a_cell_meets_its_diamond() {
        assert!(segment_meets_diamond(c(0, 0), c(2, 0), Pos::new(1, 0)));
        assert!(segment_meets_diamond(c(0, 0), c(2, 2), Pos::new(1, 1)));
        // the segment ending at the cell's own centre meets it
        assert!(segment_meets_diamond(c(0, 0), c(1, 0), Pos::new(1, 0)));
    }

    #[test]
    fn passing_between_diagonal_walls_touches_only_vertices() {
        // from (0,0) to (1,1): passes through the corner shared with (1,0) and (0,1), which is
        // a vertex of neither diamond (their vertices sit at edge midpoints), so no contact.
        assert!(!segment_meets_diamond(c(0, 0), c(1, 1), Pos::new(1, 0)));
        assert!(!segment_meets_diamond(c(0, 0), c(1, 1), Pos::new(0, 1)));
        // a tangent along a diamond edge is not blocking: (0,0)->(2,1) passes (1,0)'s diamond?
        // centre (1,1)->(5,3) doubled; cell (1,0) centre (3,1): at X=3, Y=2: |0|+|1| = 1, on the
        // outline at a vertex only.
        assert!(!segment_meets_diamond(c(0, 0), c(2, 1), Pos::new(1, 0)));
        assert!(!segment_meets_diamond(c(0, 0), c(2, 1), Pos::new(1, 1)));
    }

    #[test]
    fn far_segment_misses() {
        assert!(!segment_meets_diamond(c(0, 0), c(5, 0), Pos::new(2, 1)));
        assert!(!segment_meets_diamond(c(0, 0), c(1, 0), Pos::new(3, 0)));
        // zero-length segment at a centre meets that cell only
        assert!(segment_meets_diamond(c(4, 4), c(4, 4), Pos::new(4, 4)));
        assert!(!segment_meets_diamond(c(4, 4), c(4, 4), Pos::new(4, 5)));
    }

    #[test]
    fn seals_block_only_between_opaque_neighbours() {
        // viewer (0,0) looking at (2,1): passes the point (3,2) doubled = midpoint between
        // (1,0) and (1,1). Each diamond is only touched at a vertex; the seal blocks when both
        // are opaque.
        let (a, b) = (c(0, 0), c(2, 1));
        assert!(segment_through_point(a, b, (3, 2)));
        assert!(opaque_cell_blocks(a, b, Pos::new(1, 0), |p| p == Pos::new(1, 1)));
        assert!(!opaque_cell_blocks(a, b, Pos::new(1, 0), |_| false));
    }

    #[test]
    fn point_on_segment() {
        assert!(segment_through_point((1, 1), (5, 1), (3, 1)));
        assert!(!segment_through_point((1, 1), (5, 1), (7, 1)));
        assert!(segment_through_point((1, 1), (1, 1), (1, 1)));
        assert!(!segment_through_point((1, 1), (1, 1), (3, 1)));
    }

    #[test]
    fn ray_reaches_the_near_outline_first() {
        // viewer (0,0) centre (1,1); cell (2,0) centre (5,1): the ray along +x reaches the
        // left vertex (4,1) at t = 3 with d = (1,0).
        let at =
            |a, d, cell| ray_reaches_diamond(a, d, cell).map(|(n, den)| (n * 6) as f64 / (den * 6) as f64);
        assert_eq!(at((1, 1), (1, 0), Pos::new(2, 0)), Some(3.0));
        // with d = (2,0) the same point is t = 3/2
        assert_eq!(at((1, 1), (2, 0), Pos::new(2, 0)), Some(1.5));
        // pointing away, or passing beside it: no contact
        assert_eq!(ray_reaches_diamond((1, 1), (-1, 0), Pos::new(2, 0)), None);
        assert_eq!(ray_reaches_diamond((1, 1), (1, 0), Pos::new(2, 1)), None);
        // grazing a vertex counts as reaching the closed diamond: (1,1) + t(4,1) hits (5,2)
        // = bottom vertex of cell (2,0) at t = 1
        assert_eq!(at((1, 1), (4, 1), Pos::new(2, 0)), Some(1.0));
        // from inside: t = 0
        assert_eq!(at((5, 1), (1, 1), Pos::new(2, 0)), Some(0.0));
    }

    #[test]
    fn ray_stretch_stops_where_told() {
        // cell (1,0) centre (3,1) lies on the ray (1,1) + t(1,0) for t in (1, 3)
        let no = |_| false;
        assert!(ray_stretch_blocked((1, 1), (1, 0), (2, 1), Pos::new(1, 0), no));
        assert!(!ray_stretch_blocked((1, 1), (1, 0), (1, 1), Pos::new(1, 0), no));
        assert!(ray_stretch_blocked((1, 1), (1, 0), (11, 10), Pos::new(1, 0), no));
        // a seal at the very end of the stretch blocks: ray towards (3,2) = midpoint between
        // (1,0) and (1,1), reached at t = 1 with d = (2,1)
        let both = |p: Pos| p == Pos::new(1, 1);
        assert!(ray_stretch_blocked((1, 1), (2, 1), (1, 1), Pos::new(1, 0), both));
        assert!(!ray_stretch_blocked((1, 1), (2, 1), (1, 2), Pos::new(1, 0), both));
        assert!(!ray_stretch_blocked((1, 1), (2, 1), (1, 1), Pos::new(1, 0), no));
    }

    /// At the edge of the range every answer is still exact (a debug build would panic on an
    /// overflowed product): a segment from −2⁴⁰ to 2⁴⁰ through the origin's cell meets it.
    #[test]
    fn the_whole_range_is_exact() {
        let (n, m) = (-COORD_LIMIT + 1, COORD_LIMIT - 1);
        assert!(segment_meets_diamond((n, 1), (m, 1), Pos::new(0, 0)));
        assert!(!segment_meets_diamond((n, 3), (m, 3), Pos::new(0, 0)));
        assert!(segment_meets_diamond(
            (-COORD_LIMIT, -COORD_LIMIT),
            (COORD_LIMIT, COORD_LIMIT),
            Pos::new(7, 7)
        ));
        assert!(segment_through_point((n, n), (m, m), (1, 1)));
        assert!(!segment_through_point((n, n), (m, m - 2), (1, 1)));
        // along an edge of the diamond, through two of its seals: blocked by an opaque neighbour only
        assert!(opaque_cell_blocks((n, n + 1), (m - 1, m), Pos::new(0, 0), |_| true));
        assert!(!opaque_cell_blocks((n, n + 1), (m - 1, m), Pos::new(0, 0), |_| false));
        let far = (COORD_LIMIT, COORD_LIMIT);
        let hit = ray_reaches_diamond((-COORD_LIMIT, 1), (1, 0), Pos::new(0, 0)).expect("reaches it");
        assert_eq!(hit, (i128::from(COORD_LIMIT), 1));
        assert!(ray_stretch_blocked(
            (-COORD_LIMIT, 1),
            (1, 0),
            (i128::from(COORD_LIMIT) + 2, 1),
            Pos::new(0, 0),
            |_| { false }
        ));
        assert!(!ray_stretch_blocked((-COORD_LIMIT, 1), (1, 0), hit, Pos::new(0, 0), |_| false));
        assert_eq!(
            ray_reaches_diamond(far, (-COORD_LIMIT, -COORD_LIMIT), Pos::new(0, 0))
                .map(|(n, d)| n * 4 < d * 4),
            Some(true)
        );
    }

    #[test]
    #[should_panic(expected = "beyond ±2^40")]
    fn beyond_the_range_is_a_panic_not_a_wrong_answer() {
        segment_meets_diamond((i64::MIN, 1), (i64::MAX, 1), Pos::new(0, 0));
    }
}
