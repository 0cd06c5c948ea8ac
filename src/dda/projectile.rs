//! The flight of a missile: the targeting preview and the shot are the same walk.

use super::ray;
use crate::geometry::diamond::{centre2, opaque_cell_blocks};
use crate::geometry::{Opacity, Pos};

/// Why a [`Flight`] ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Stop {
    /// The first cell along the ray that blocks it: an opaque cell whose open diamond the ray
    /// meets, or one of whose seals it passes through. The missile never enters it; it drops in
    /// [`Flight::landing`].
    Blocked(Pos),
    /// The first cell after the shooter's where the caller's `occupied` answered true: the
    /// missile hits whatever is there. It is the last cell of [`Flight::cells`].
    Hit(Pos),
    /// The missile flew its full range without meeting anything and fell in this cell,
    /// [`Flight::landing`] (the shooter's own cell when the range is 0, or when the target is
    /// the shooter's cell and the shot has no direction).
    MaxRange(Pos),
}

/// The path of a missile and where it ended: see [`projectile`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Flight {
    cells: Vec<Pos>,
    stop: Stop,
    landing: Pos,
}

impl Flight {
    /// The cells the missile flew through after leaving the shooter's cell, in order. A
    /// blocking cell is not among them, but an opaque cell whose square the ray crosses without
    /// meeting its diamond or a seal is: the missile passes by its corner (so the last cell is
    /// not always where it lands: see [`Flight::landing`]).
    pub fn cells(&self) -> &[Pos] {
        &self.cells
    }

    /// Why the flight ended.
    pub fn stop(&self) -> Stop {
        self.stop
    }

    /// The cell the missile ended in: the occupant's cell it hit; otherwise (stopped by a wall,
    /// or out of range) the last cell of [`Flight::cells`] that is not opaque, since a missile
    /// that passes a wall's corner is not inside the wall, or the shooter's cell when there is
    /// none.
    pub fn landing(&self) -> Pos {
        self.landing
    }
}

/// The flight of a missile shot from `from` at `target`, at most `max_range` away.
///
/// **The line.** The missile follows the ray from `from`'s centre through `target`'s centre
/// and on past it (a missed shot flies on): the cells of [`ray`](fn@super::ray), so the
/// first cells are exactly [`cells(from, target)`](fn@super::cells), the line the player saw
/// in the targeting preview.
///
/// **The first blocker.** A cell stops the missile when it is opaque and the *ray* meets its
/// open diamond or passes through one of its seals — the contract's blocking test, applied to
/// the ray instead of the segment. Every point where a cell can block lies in the cell's
/// closed square, and before `target` the ray and the segment `from → target` cover the same
/// part of each square, so a cell strictly between `from` and `target` stops the missile
/// exactly when it blocks [`line_of_sight`](super::line_of_sight)`(from, target)`. An opaque
/// `target` (a wall, a closed door) stops it: the ray passes through its centre. Past the
/// target the same test goes on along the ray, so the flight does not depend on which cell of
/// the line was aimed at: aiming at any cell further along the same ray gives the same flight.
///
/// **Occupants.** `occupied` is asked about each cell the missile enters, after the wall test
/// (never about `from`); the first `true` is a [`Stop::Hit`].
///
/// **Range** is Euclidean, the same disc as a field-of-view radius: the missile enters only
/// cells `c` with `(cx−fx)² + (cy−fy)² ≤ max_range²`. Along a ray that distance only grows, so
/// the flight ends at the first cell beyond it. (A count of walk steps would make shots along
/// near-diagonals about 0.7 (1/√2) times as long as straight ones.)
///
/// ```
/// use sightline::{Pos, dda::{self, Stop}};
/// let wall = |p: Pos| p.x == 5;
/// // An archer at (0,0) shoots at a goblin at (3,0); nothing is in the way.
/// let shot = dda::projectile(Pos::new(0, 0), Pos::new(3, 0), 8, &wall, |p| p == Pos::new(3, 0));
/// assert_eq!(shot.stop(), Stop::Hit(Pos::new(3, 0)));
/// assert_eq!(shot.cells(), [Pos::new(1, 0), Pos::new(2, 0), Pos::new(3, 0)]);
/// // The goblin steps away: the arrow flies on and hits the wall at x = 5, dropping at (4, 0).
/// let miss = dda::projectile(Pos::new(0, 0), Pos::new(3, 0), 8, &wall, |_| false);
/// assert_eq!(miss.stop(), Stop::Blocked(Pos::new(5, 0)));
/// assert_eq!(miss.landing(), Pos::new(4, 0));
/// ```
pub fn projectile(
    from: Pos,
    target: Pos,
    max_range: u32,
    world: &(impl Opacity + ?Sized),
    mut occupied: impl FnMut(Pos) -> bool,
) -> Flight {
    let mut flight = Flight { cells: Vec::new(), stop: Stop::MaxRange(from), landing: from };
    if from == target {
        return flight;
    }
    let range2 = u64::from(max_range) * u64::from(max_range);
    let a = centre2(from);
    // The direction reduced to lowest terms: its multiples reach cell centres on the ray.
    let (dx, dy) = (i64::from(target.x) - i64::from(from.x), i64::from(target.y) - i64::from(from.y));
    let g = gcd(dx.unsigned_abs(), dy.unsigned_abs()) as i64;
    let (p, q) = (dx / g, dy / g);
    // Inside a Euclidean radius R a cell is at most |dx| + |dy| <= 2R walk steps away.
    for c in ray(from, target, max_range.saturating_mul(2)).skip(1) {
        if from.dist2(c) as u64 > range2 {
            break;
        }
        let opaque = world.is_opaque(c);
        if opaque {
            // A point of the ray beyond `c`'s square: the centre `m` direction-steps along,
            // with `m` large enough to pass the square on the major axis.
            let (major, off) = if p.abs() >= q.abs() {
                (p.abs(), (i64::from(c.x) - i64::from(from.x)).abs())
            } else {
                (q.abs(), (i64::from(c.y) - i64::from(from.y)).abs())
            };
            let m = (off + major) / major; // ceil((off + 1) / major)
            let e = (a.0 + 2 * m * p, a.1 + 2 * m * q);
            if opaque_cell_blocks(a, e, c, |n| world.is_opaque(n)) {
                flight.stop = Stop::Blocked(c);
                return flight;
            }
        }
        flight.cells.push(c);
        if occupied(c) {
            (flight.stop, flight.landing) = (Stop::Hit(c), c);
            return flight;
        }
        if !opaque {
            flight.landing = c;
        }
    }
    flight.stop = Stop::MaxRange(flight.landing);
    flight
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dda::{cells, line_of_sight};

    #[test]
    fn range_is_euclidean() {
        let open = |_: Pos| false;
        // Straight east, range 3: (1,0) (2,0) (3,0).
        let f = projectile(Pos::new(0, 0), Pos::new(1, 0), 3, &open, |_| false);
        assert_eq!(f.stop(), Stop::MaxRange(Pos::new(3, 0)));
        assert_eq!(f.cells().len(), 3);
        // Exact diagonal: (2,2) is at distance² 8 <= 9, (3,3) at 18 > 9.
        let f = projectile(Pos::new(0, 0), Pos::new(1, 1), 3, &open, |_| false);
        assert_eq!(f.cells(), [Pos::new(1, 1), Pos::new(2, 2)]);
        // Range 0 never leaves; a shot at oneself neither.
        let f = projectile(Pos::new(0, 0), Pos::new(1, 1), 0, &open, |_| true);
        assert_eq!((f.stop(), f.cells().len()), (Stop::MaxRange(Pos::new(0, 0)), 0));
        let f = projectile(Pos::new(4, 4), Pos::new(4, 4), 9, &open, |_| true);
        assert_eq!((f.stop(), f.landing()), (Stop::MaxRange(Pos::new(4, 4)), Pos::new(4, 4)));
    }

    #[test]
    fn passes_a_diagonal_gap_but_not_a_seal() {
        // Walls at (1,0) and (0,1) touch diagonally: the shot along the diagonal passes.
        let gap = |p: Pos| p == Pos::new(1, 0) || p == Pos::new(0, 1);
        let f = projectile(Pos::new(0, 0), Pos::new(1, 1), 2, &gap, |_| false);
        assert_eq!(f.stop(), Stop::MaxRange(Pos::new(1, 1)));
        // Toward (2,1) the line passes the seal between (1,0) and (1,1).
        let seal = |p: Pos| p == Pos::new(1, 0) || p == Pos::new(1, 1);
        let f = projectile(Pos::new(0, 0), Pos::new(2, 1), 10, &seal, |_| false);
        assert_eq!(f.stop(), Stop::Blocked(Pos::new(1, 0)));
        assert!(f.cells().is_empty());
        assert!(!line_of_sight(Pos::new(0, 0), Pos::new(2, 1), &seal));
    }

    #[test]
    fn a_wall_beyond_the_target_is_hit_on_the_same_line() {
        // A wall at x = 6; aiming at (2,1) the ray continues along slope 1/2 and the walls it
        // could hit first are on column 6. cells(0,0 -> 12,6) is the same line, twice as far.
        let wall = |p: Pos| p.x >= 6;
        let f = projectile(Pos::new(0, 0), Pos::new(2, 1), 20, &wall, |_| false);
        let line: Vec<Pos> = cells(Pos::new(0, 0), Pos::new(12, 6)).collect();
        let Stop::Blocked(b) = f.stop() else { panic!("{:?}", f.stop()) };
        assert_eq!(b.x, 6);
        let at = line.iter().position(|&c| c == b).unwrap();
        assert_eq!(f.cells(), &line[1..at]);
        // Aiming at a farther cell of the same ray gives the same flight.
        assert_eq!(projectile(Pos::new(0, 0), Pos::new(4, 2), 20, &wall, |_| false), f);
    }

    #[test]
    fn a_missile_passing_a_wall_s_corner_does_not_land_in_the_wall() {
        // Toward (2,11) the ray crosses the square of (0,3) near its corner, clear of its
        // diamond: the wall is flown past, and the arrow out of range falls before it.
        let wall = |p: Pos| p == Pos::new(0, 3);
        let f = projectile(Pos::new(0, 0), Pos::new(2, 11), 3, &wall, |_| false);
        assert_eq!(f.cells().last(), Some(&Pos::new(0, 3)));
        assert_eq!((f.stop(), f.landing()), (Stop::MaxRange(Pos::new(0, 2)), Pos::new(0, 2)));
        // Passing the corner of (1,0), then stopped by (1,1) below it: it drops at the
        // shooter's feet, not in (1,0).
        let walls = |p: Pos| p == Pos::new(1, 0) || p == Pos::new(1, 1);
        let f = projectile(Pos::new(0, 0), Pos::new(5, 3), 20, &walls, |_| false);
        assert_eq!((f.stop(), f.cells()), (Stop::Blocked(Pos::new(1, 1)), &[Pos::new(1, 0)][..]));
        assert_eq!(f.landing(), Pos::new(0, 0));
        // An occupant is hit where it stands.
        let f = projectile(Pos::new(0, 0), Pos::new(2, 11), 9, &wall, |p| p == Pos::new(1, 5));
        assert_eq!((f.stop(), f.landing()), (Stop::Hit(Pos::new(1, 5)), Pos::new(1, 5)));
    }
}
