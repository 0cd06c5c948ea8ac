//! Cell positions on the grid.

use std::fmt;
use std::num::IntErrorKind;
use std::ops::{Add, Sub};
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A cell position: `x` grows to the right, `y` grows downwards.
///
/// Cell `(x, y)` is the unit square `[x, x+1] × [y, y+1]`; every sight question treats a cell as
/// the point at its centre `(x + ½, y + ½)` (see the visibility contract in the
/// [crate documentation](crate#the-geometry)).
///
/// Its arithmetic (`+`, `-`, [`Pos::neighbours8`]) is `i32` arithmetic and overflows as `i32`
/// does, a panic in debug builds, a wrap in release ones: a step off the `i32` range is the
/// caller's to avoid (a map is at most 4096 cells a side). Every sight question
/// ([`crate::dda`], [`crate::fov`], [`crate::fov::in_radius`] included) is exact for any two
/// positions (a field of view's are those of its area, at most [`crate::fov::MAX_SIDE`] cells a
/// side); [`Pos::dist2`] saturates (see there).
///
/// # Examples
///
/// ```
/// use sightline::Pos;
/// let p = Pos::new(3, -2);
/// assert_eq!(p + Pos::new(1, 1), Pos::new(4, -1));
/// assert_eq!(p - Pos::new(3, -2), Pos::default());
/// assert_eq!(p.to_string(), "3,-2");
/// assert_eq!("3,-2".parse::<Pos>(), Ok(p));
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Pos {
    /// The column: grows to the right.
    pub x: i32,
    /// The row: grows downwards.
    pub y: i32,
}

impl Pos {
    /// The cell in column `x`, row `y`.
    pub const fn new(x: i32, y: i32) -> Self {
        Pos { x, y }
    }

    /// Squared Euclidean distance between cell centres: the FOV radius test compares it to `R²`.
    /// It saturates at `i64::MAX`, which only cells more than about 2·10⁹ apart on an axis
    /// reach (the square of a distance between two `i32`s can need 65 bits); `fov::in_radius`
    /// does not go through it, and is exact for any two cells.
    ///
    /// ```
    /// use sightline::Pos;
    /// assert_eq!(Pos::new(0, 0).dist2(Pos::new(3, 4)), 25); // within radius 5, not 4
    /// assert_eq!(Pos::new(i32::MIN, i32::MIN).dist2(Pos::new(i32::MAX, 0)), i64::MAX);
    /// ```
    pub fn dist2(self, other: Pos) -> i64 {
        let dx = i64::from(self.x) - i64::from(other.x);
        let dy = i64::from(self.y) - i64::from(other.y);
        dx.saturating_mul(dx).saturating_add(dy.saturating_mul(dy))
    }

    /// Chebyshev distance: the number of king moves between two cells.
    ///
    /// ```
    /// use sightline::Pos;
    /// assert_eq!(Pos::new(0, 0).chebyshev(Pos::new(-3, 4)), 4);
    /// ```
    pub fn chebyshev(self, other: Pos) -> u32 {
        self.x.abs_diff(other.x).max(self.y.abs_diff(other.y))
    }

    /// The eight neighbours, orthogonal ones first.
    ///
    /// ```
    /// use sightline::Pos;
    /// let n = Pos::new(5, 5).neighbours8();
    /// assert_eq!(&n[..4], &Pos::new(5, 5).neighbours4());
    /// assert!(n.iter().all(|q| q.chebyshev(Pos::new(5, 5)) == 1));
    /// ```
    pub fn neighbours8(self) -> [Pos; 8] {
        let Pos { x, y } = self;
        [
            Pos::new(x + 1, y),
            Pos::new(x - 1, y),
            Pos::new(x, y + 1),
            Pos::new(x, y - 1),
            Pos::new(x + 1, y + 1),
            Pos::new(x - 1, y + 1),
            Pos::new(x + 1, y - 1),
            Pos::new(x - 1, y - 1),
        ]
    }

    /// The four orthogonal neighbours.
    pub fn neighbours4(self) -> [Pos; 4] {
        let Pos { x, y } = self;
        [Pos::new(x + 1, y), Pos::new(x - 1, y), Pos::new(x, y + 1), Pos::new(x, y - 1)]
    }
}

impl Add for Pos {
    type Output = Pos;
    fn add(self, o: Pos) -> Pos {
        Pos::new(self.x + o.x, self.y + o.y)
    }
}

impl Sub for Pos {
    type Output = Pos;
    fn sub(self, o: Pos) -> Pos {
        Pos::new(self.x - o.x, self.y - o.y)
    }
}

/// `(x, y)` as a position: for coordinates that come as a pair (another crate's, a table's).
///
/// ```
/// use sightline::Pos;
/// assert_eq!(Pos::from((3, -2)), Pos::new(3, -2));
/// let p: Pos = (3, -2).into();
/// let (x, y) = p.into(); // and back (see `From<Pos> for (i32, i32)`)
/// assert_eq!((x, y), (3, -2));
/// ```
impl From<(i32, i32)> for Pos {
    fn from((x, y): (i32, i32)) -> Pos {
        Pos::new(x, y)
    }
}

/// A position as the pair `(x, y)`.
///
/// ```
/// use sightline::Pos;
/// assert_eq!(<(i32, i32)>::from(Pos::new(4, 7)), (4, 7));
/// ```
impl From<Pos> for (i32, i32) {
    fn from(p: Pos) -> (i32, i32) {
        (p.x, p.y)
    }
}

impl fmt::Display for Pos {
    /// `x,y`, the form the command line reads and prints.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

/// Why a `x,y` string is not a position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParsePosError {
    /// Not two integers separated by a comma.
    #[error("expected a position as X,Y (two integers separated by a comma), got {0:?}")]
    Malformed(String),
    /// Two integers, but one does not fit an `i32`.
    #[error("{0:?} is out of range: each coordinate must be from {min} to {max}", min = i32::MIN, max = i32::MAX)]
    OutOfRange(String),
}

impl FromStr for Pos {
    type Err = ParsePosError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let (x, y) = s.split_once(',').ok_or_else(|| ParsePosError::Malformed(s.to_string()))?;
        let coordinate = |v: &str| {
            v.trim().parse::<i32>().map_err(|e| match e.kind() {
                IntErrorKind::PosOverflow | IntErrorKind::NegOverflow => {
                    ParsePosError::OutOfRange(s.to_string())
                }
                _ => ParsePosError::Malformed(s.to_string()),
            })
        };
        let (x, y) = (coordinate(x)?, coordinate(y)?);
        Ok(Pos::new(x, y))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints_negative_coordinates() {
        let p: Pos = "-3,5".parse().unwrap();
        assert_eq!(p, Pos::new(-3, 5));
        assert_eq!(p.to_string(), "-3,5");
        assert!("3".parse::<Pos>().is_err());
        assert!("a,b".parse::<Pos>().is_err());
        assert_eq!("3,4,5".parse::<Pos>(), Err(ParsePosError::Malformed("3,4,5".into())));
        assert_eq!("99999999999,0".parse::<Pos>(), Err(ParsePosError::OutOfRange("99999999999,0".into())));
        assert_eq!("0,-2147483649".parse::<Pos>(), Err(ParsePosError::OutOfRange("0,-2147483649".into())));
        assert_eq!("-2147483648,2147483647".parse::<Pos>(), Ok(Pos::new(i32::MIN, i32::MAX)));
    }

    #[test]
    fn distances() {
        assert_eq!(Pos::new(0, 0).dist2(Pos::new(3, 4)), 25);
        assert_eq!(Pos::new(0, 0).chebyshev(Pos::new(-3, 4)), 4);
    }
}
