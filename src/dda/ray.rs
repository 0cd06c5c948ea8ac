//! The walk of `cells(A, B)` continued past B: the path of a missile that flies on.

use super::cells::Walk;
use crate::geometry::Pos;

/// The cells crossed by the ray from `from`'s centre through `through`'s centre, in order:
/// `from` first, then at most `max_len` more cells (so at most `max_len + 1` in all).
///
/// It is the walk of [`super::cells`](fn@super::cells) that does not stop at `through`: the same error term, so
/// `cells(from, through)` is exactly its first [`super::cell_count`] cells, and the cells after
/// `through` are the ones the line crosses beyond it (with the same corner rule). `max_len`
/// counts walk steps, not distance: a diagonal step through an exact corner counts one, like an
/// orthogonal one.
///
/// When `from == through` the ray has no direction and yields `from` alone. It also ends, early,
/// at the edge of the `i32` coordinate range.
///
/// ```
/// use sightline::{Pos, dda};
/// let flight: Vec<Pos> = dda::ray(Pos::new(0, 0), Pos::new(2, 1), 5).collect();
/// // cells(0,0 → 2,1) is (0,0) (1,0) (1,1) (2,1); the line goes on through (3,1) (3,2).
/// assert_eq!(
///     flight,
///     [Pos::new(0, 0), Pos::new(1, 0), Pos::new(1, 1), Pos::new(2, 1), Pos::new(3, 1), Pos::new(3, 2)]
/// );
/// ```
pub fn ray(from: Pos, through: Pos, max_len: u32) -> Ray {
    let left = if from == through { 1 } else { u64::from(max_len) + 1 };
    Ray { walk: Walk::new(from, through), left }
}

/// The iterator [`ray`] returns.
#[derive(Clone, Debug)]
pub struct Ray {
    walk: Walk,
    /// Cells still to yield at most, the current one included.
    left: u64,
}

impl Ray {
    /// The unit step of the ray's direction on each axis: −1, 0 or 1.
    pub fn direction(&self) -> Pos {
        self.walk.direction()
    }
}

impl Iterator for Ray {
    type Item = Pos;

    #[inline]
    fn next(&mut self) -> Option<Pos> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        let out = self.walk.cur;
        if self.left > 0 {
            let (mx, my) = self.walk.next_step();
            let d = self.walk.direction();
            let off_x = mx && out.x.checked_add(d.x).is_none();
            let off_y = my && out.y.checked_add(d.y).is_none();
            if off_x || off_y {
                self.left = 0;
            } else {
                self.walk.advance();
            }
        }
        Some(out)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (usize::from(self.left > 0), usize::try_from(self.left).ok())
    }
}

impl std::iter::FusedIterator for Ray {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn continues_the_walk_along_the_same_line() {
        let (a, b) = (Pos::new(3, -2), Pos::new(-4, 7));
        let walk: Vec<Pos> = super::super::cells(a, b).collect();
        let r: Vec<Pos> = ray(a, b, 100).collect();
        assert_eq!(r.len(), 101);
        assert_eq!(&r[..walk.len()], &walk[..]);
        // Past `through`, the ray is the walk toward the point twice as far along the line.
        let far = Pos::new(2 * b.x - a.x, 2 * b.y - a.y);
        let twice: Vec<Pos> = super::super::cells(a, far).collect();
        assert_eq!(&r[..twice.len()], &twice[..]);
    }

    #[test]
    fn zero_length_and_range_edges() {
        assert_eq!(ray(Pos::new(1, 1), Pos::new(1, 1), 10).collect::<Vec<_>>(), [Pos::new(1, 1)]);
        assert_eq!(ray(Pos::new(1, 1), Pos::new(5, 1), 0).collect::<Vec<_>>(), [Pos::new(1, 1)]);
        let edge: Vec<Pos> = ray(Pos::new(i32::MAX - 2, 0), Pos::new(i32::MAX, 0), 10).collect();
        assert_eq!(edge, [Pos::new(i32::MAX - 2, 0), Pos::new(i32::MAX - 1, 0), Pos::new(i32::MAX, 0)]);
    }
}
