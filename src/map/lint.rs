//! Things a valid map may do by accident: warnings for map authors, never errors.

use super::{Map, Tile};
use crate::geometry::Pos;

/// Two opaque cells that touch only at a corner, with transparent cells on both other sides of
/// that corner: under the visibility contract sight passes between their diamonds, so such a
/// "wall" is see-through. Intended on a map that shows off diagonal gaps; elsewhere usually a
/// mistake (draw the wall as a staircase of orthogonally touching cells instead).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ThinDiagonal {
    /// The upper of the two opaque cells.
    pub upper: Pos,
    /// The lower one, diagonally next to `upper`.
    pub lower: Pos,
}

impl Map {
    /// Every thin diagonal wall, row by row.
    ///
    /// ```
    /// use sightline::map::format::parse_text;
    /// use sightline::Pos;
    /// // (1,1) and (2,2) touch only at a corner, with floor on both other sides.
    /// let map = parse_text("....\n.#..\n..#.\n....\n", "thin.txt")?;
    /// let thin = map.thin_diagonals();
    /// assert_eq!(thin.len(), 1);
    /// assert_eq!((thin[0].upper, thin[0].lower), (Pos::new(1, 1), Pos::new(2, 2)));
    /// # Ok::<(), sightline::map::MapError>(())
    /// ```
    pub fn thin_diagonals(&self) -> Vec<ThinDiagonal> {
        let mut found = Vec::new();
        let (w, h) = (self.width() as i32, self.height() as i32);
        for y in 0..h - 1 {
            for x in 0..w - 1 {
                let [a, b, c, d] =
                    [Pos::new(x, y), Pos::new(x + 1, y), Pos::new(x, y + 1), Pos::new(x + 1, y + 1)];
                let [oa, ob, oc, od] = [a, b, c, d].map(|p| self.blocks_sight(p));
                if oa && od && !ob && !oc {
                    found.push(ThinDiagonal { upper: a, lower: d });
                }
                if ob && oc && !oa && !od {
                    found.push(ThinDiagonal { upper: b, lower: c });
                }
            }
        }
        found
    }

    /// Whether the map has an exit (`>`, or a legend glyph meaning `Tile(Exit)`). The game is
    /// won by reaching one: a map to be played without one cannot be won.
    ///
    /// ```
    /// use sightline::map::format::parse_text;
    /// assert!(parse_text("#@.>#\n", "won.txt")?.has_exit());
    /// assert!(!parse_text("#@..#\n", "endless.txt")?.has_exit());
    /// # Ok::<(), sightline::map::MapError>(())
    /// ```
    pub fn has_exit(&self) -> bool {
        (0..self.height()).any(|y| self.tiles.row(y).contains(&Tile::Exit))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_both_diagonals_but_not_staircases() {
        let mut m = Map::open(4, 3);
        // (0,0)-(1,1) and (3,0)-(2,1) are thin; (1,1)-(1,2) touch along an edge, and
        // (2,1)-(1,2) share a corner whose other cells (1,1) and (2,2) are not both transparent.
        for p in [(0, 0), (1, 1), (3, 0), (2, 1), (1, 2)] {
            m.tiles.set(Pos::new(p.0, p.1), Tile::Wall);
        }
        let got = m.thin_diagonals();
        assert_eq!(
            got,
            vec![
                ThinDiagonal { upper: Pos::new(0, 0), lower: Pos::new(1, 1) },
                ThinDiagonal { upper: Pos::new(3, 0), lower: Pos::new(2, 1) },
            ]
        );
    }
}
