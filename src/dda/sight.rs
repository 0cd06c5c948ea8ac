//! Line of sight between two cells: `LOS(A, B)` of the visibility contract.

use super::cells;
use crate::geometry::diamond::{centre2, opaque_cell_blocks};
use crate::geometry::{Opacity, Pos};

/// Whether `to` is in sight of `from`: the segment between their centres is blocked by no cell
/// other than `from` and `to` (the contract's `LOS`).
///
/// A cell blocks when the segment meets its open diamond, or passes through one of its seals
/// (the midpoint of an edge it shares with an opaque orthogonal neighbour). Only cells whose
/// open square the segment crosses can do that, so the walk of [`cells`](fn@super::cells) is the
/// broad phase and [`opaque_cell_blocks`] the exact narrow phase, asked only of the opaque
/// cells of the walk. Both are symmetric in `from` and `to`, so `line_of_sight(a, b, w) ==
/// line_of_sight(b, a, w)` for every world.
///
/// Whether `from` and `to` themselves are opaque does not matter: a viewer can look at a wall,
/// and a wall cell "sees" its neighbours. Diagonally touching walls leave a gap that sight
/// passes; a straight wall's seals do not.
///
/// ```
/// use sightline::{Pos, dda};
/// // One wall cell at (2, 1).
/// let wall = |p: Pos| p == Pos::new(2, 1);
/// assert!(!dda::line_of_sight(Pos::new(0, 1), Pos::new(4, 1), &wall)); // straight through it
/// assert!(dda::line_of_sight(Pos::new(0, 0), Pos::new(4, 0), &wall)); // along the next row
/// // Through the gap between two diagonally touching walls:
/// let diagonal = |p: Pos| p == Pos::new(1, 0) || p == Pos::new(0, 1);
/// assert!(dda::line_of_sight(Pos::new(0, 0), Pos::new(1, 1), &diagonal));
/// ```
pub fn line_of_sight(from: Pos, to: Pos, world: &(impl Opacity + ?Sized)) -> bool {
    first_blocker(from, to, world).is_none()
}

/// The first cell along `cells(from, to)` that blocks the segment between the centres, if
/// any: [`line_of_sight`] is `first_blocker(..).is_none()`. `from` and `to` never count.
///
/// Unlike the yes/no answer this one depends on the direction: from the other end the first
/// blocker can be another cell.
///
/// ```
/// use sightline::{Pos, dda};
/// let wall = |p: Pos| p.x == 2 || p.x == 4;
/// assert_eq!(dda::first_blocker(Pos::new(0, 0), Pos::new(6, 0), &wall), Some(Pos::new(2, 0)));
/// assert_eq!(dda::first_blocker(Pos::new(6, 0), Pos::new(0, 0), &wall), Some(Pos::new(4, 0)));
/// assert_eq!(dda::first_blocker(Pos::new(0, 0), Pos::new(1, 0), &wall), None);
/// ```
pub fn first_blocker(from: Pos, to: Pos, world: &(impl Opacity + ?Sized)) -> Option<Pos> {
    if from == to {
        return None;
    }
    let (a, b) = (centre2(from), centre2(to));
    // Neither `from` nor `to` can block their own line.
    cells(from, to)
        .skip(1)
        .take_while(|&c| c != to)
        .find(|&c| world.is_opaque(c) && opaque_cell_blocks(a, b, c, |n| world.is_opaque(n)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn straight_walls_seal_and_neighbours_see_each_other() {
        // A straight horizontal wall along y = 1, x in 0..=4.
        let wall = |p: Pos| p.y == 1 && (0..=4).contains(&p.x);
        assert!(!line_of_sight(Pos::new(2, 0), Pos::new(2, 2), &wall));
        assert!(line_of_sight(Pos::new(2, 0), Pos::new(3, 0), &wall));
        // Two opaque neighbours see each other (only they could block their own line).
        assert!(line_of_sight(Pos::new(1, 1), Pos::new(2, 1), &wall));
        // A slanted line across the wall meets the diamond of (1,1).
        assert!(!line_of_sight(Pos::new(0, 0), Pos::new(3, 2), &wall));
    }

    #[test]
    fn a_seal_blocks_where_two_diamonds_only_touch() {
        // From (0,0) to (2,1) the segment passes through the doubled point (3,2): the midpoint
        // of the edge between (1,0) and (1,1). It touches each diamond only at that vertex.
        let both = |p: Pos| p == Pos::new(1, 0) || p == Pos::new(1, 1);
        let one = |p: Pos| p == Pos::new(1, 0);
        assert!(!line_of_sight(Pos::new(0, 0), Pos::new(2, 1), &both));
        assert!(line_of_sight(Pos::new(0, 0), Pos::new(2, 1), &one));
        assert!(!line_of_sight(Pos::new(2, 1), Pos::new(0, 0), &both));
    }
}
