//! A dense rectangular container indexed by [`Pos`].

use serde::{Deserialize, Serialize};

use super::Pos;

/// A `width × height` grid of `T`, row-major, with `(0, 0)` at the top left.
///
/// Positions outside the grid are not an error to ask about: [`Grid::get`] answers `None`, which
/// is what the sight code needs (cells outside a map are opaque).
///
/// # Examples
///
/// ```
/// use sightline::{Grid, Pos};
/// let mut g = Grid::new(3, 2, '.');
/// assert!(g.set(Pos::new(2, 1), '#'));
/// assert_eq!(g[Pos::new(2, 1)], '#');
/// assert_eq!(g.get(Pos::new(3, 0)), None); // outside
/// assert_eq!(g.row(1), &['.', '.', '#']);
/// let walls = g.map(|&c| c == '#');
/// assert_eq!(walls.iter().filter(|(_, w)| **w).count(), 1);
/// ```
///
/// Deserializing checks what [`Grid::from_vec`] checks: `width × height` cells, or an error
/// (a grid edited in a file to another size is refused, not accepted to panic later).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Unchecked<T>")]
pub struct Grid<T> {
    width: usize,
    height: usize,
    cells: Vec<T>,
}

/// A [`Grid`] as serialized, before its size is checked.
#[derive(Deserialize)]
struct Unchecked<T> {
    width: usize,
    height: usize,
    cells: Vec<T>,
}

impl<T> TryFrom<Unchecked<T>> for Grid<T> {
    type Error = String;

    fn try_from(g: Unchecked<T>) -> Result<Grid<T>, String> {
        let (w, h, n) = (g.width, g.height, g.cells.len());
        Grid::from_vec(w, h, g.cells).ok_or_else(|| match w.checked_mul(h) {
            Some(need) => format!("a {w}x{h} grid has {need} cells, but {n} are given"),
            None => format!("a {w}x{h} grid has more cells than can be counted"),
        })
    }
}

impl<T: Clone> Grid<T> {
    /// A grid filled with `value`.
    ///
    /// # Panics
    ///
    /// If `width * height` overflows `usize`: such a grid has more cells than can be counted,
    /// and a wrapped product would make a grid whose cells do not match its sides. (A grid that
    /// can be counted but not held fails the way `vec!` does.)
    pub fn new(width: usize, height: usize, value: T) -> Self {
        let n = width
            .checked_mul(height)
            .unwrap_or_else(|| panic!("a {width}x{height} grid has more cells than a usize can count"));
        Grid { width, height, cells: vec![value; n] }
    }
}

impl<T> Grid<T> {
    /// A grid from row-major cells; `None` when `cells.len() != width * height`, including when
    /// that product overflows `usize` (no vector is that long).
    pub fn from_vec(width: usize, height: usize, cells: Vec<T>) -> Option<Self> {
        (width.checked_mul(height) == Some(cells.len())).then_some(Grid { width, height, cells })
    }

    /// The number of columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The number of rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Whether `p` is a cell of the grid.
    pub fn contains(&self, p: Pos) -> bool {
        p.x >= 0 && p.y >= 0 && (p.x as usize) < self.width && (p.y as usize) < self.height
    }

    /// The row-major index of `p`, if it is inside the grid.
    pub fn index_of(&self, p: Pos) -> Option<usize> {
        self.contains(p).then(|| p.y as usize * self.width + p.x as usize)
    }

    /// The position of a row-major index: the inverse of [`Grid::index_of`].
    ///
    /// # Panics
    ///
    /// If `index` is not the index of a cell (`index >= width * height`; every index, in a grid
    /// with no cells), like indexing a slice past its end: an index past the end has no position
    /// in the grid. Also if the position's coordinates do not fit in a [`Pos`] (a grid more than
    /// `i32::MAX` cells wide or high), rather than answering a wrapped position.
    pub fn pos_of(&self, index: usize) -> Pos {
        let (w, h) = (self.width, self.height);
        assert!(index < self.cells.len(), "index {index} is outside the {w}x{h} grid");
        let coordinate = |c: usize| {
            i32::try_from(c).unwrap_or_else(|_| panic!("index {index} of the {w}x{h} grid has no Pos"))
        };
        Pos::new(coordinate(index % w), coordinate(index / w))
    }

    /// The cell at `p`, or `None` outside the grid.
    pub fn get(&self, p: Pos) -> Option<&T> {
        self.index_of(p).map(|i| &self.cells[i])
    }

    /// The cell at `p` for writing, or `None` outside the grid.
    pub fn get_mut(&mut self, p: Pos) -> Option<&mut T> {
        self.index_of(p).map(|i| &mut self.cells[i])
    }

    /// Sets the cell at `p`; returns false (and changes nothing) when `p` is outside.
    pub fn set(&mut self, p: Pos, value: T) -> bool {
        match self.get_mut(p) {
            Some(c) => {
                *c = value;
                true
            }
            None => false,
        }
    }

    /// The cells in row-major order.
    pub fn cells(&self) -> &[T] {
        &self.cells
    }

    /// The cells in row-major order, for writing.
    pub fn cells_mut(&mut self) -> &mut [T] {
        &mut self.cells
    }

    /// Every position with its cell, row by row.
    ///
    /// # Panics
    ///
    /// On reaching a cell whose position does not fit in a [`Pos`] (see [`Grid::pos_of`]).
    pub fn iter(&self) -> impl Iterator<Item = (Pos, &T)> + '_ {
        self.cells.iter().enumerate().map(|(i, c)| (self.pos_of(i), c))
    }

    /// One row of cells.
    ///
    /// # Panics
    ///
    /// If `y >= height`, like indexing a slice past its end (every caller walks `0..height`).
    pub fn row(&self, y: usize) -> &[T] {
        let (w, h) = (self.width, self.height);
        assert!(y < h, "row {y} is outside the {w}x{h} grid");
        &self.cells[y * w..(y + 1) * w]
    }

    /// A grid of the same size with every cell mapped.
    pub fn map<U>(&self, f: impl FnMut(&T) -> U) -> Grid<U> {
        Grid { width: self.width, height: self.height, cells: self.cells.iter().map(f).collect() }
    }
}

impl<T> std::ops::Index<Pos> for Grid<T> {
    type Output = T;
    /// Panics outside the grid; use [`Grid::get`] where `p` may be outside.
    fn index(&self, p: Pos) -> &T {
        let i = self
            .index_of(p)
            .unwrap_or_else(|| panic!("{p} is outside the {}x{} grid", self.width, self.height));
        &self.cells[i]
    }
}

impl<T> std::ops::IndexMut<Pos> for Grid<T> {
    fn index_mut(&mut self, p: Pos) -> &mut T {
        let (w, h) = (self.width, self.height);
        let i = self.index_of(p).unwrap_or_else(|| panic!("{p} is outside the {w}x{h} grid"));
        &mut self.cells[i]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_deserialized_grid_has_as_many_cells_as_its_size_says() {
        let g = Grid::from_vec(2, 3, vec![1u8, 2, 3, 4, 5, 6]).unwrap();
        let text = ron::to_string(&g).unwrap();
        assert_eq!(ron::from_str::<Grid<u8>>(&text).unwrap(), g);
        let short = ron::from_str::<Grid<bool>>("(width: 5, height: 5, cells: [false])").unwrap_err();
        assert!(short.to_string().contains("a 5x5 grid has 25 cells, but 1 are given"), "{short}");
        let huge = format!("(width: {}, height: 2, cells: [])", usize::MAX);
        let huge = ron::from_str::<Grid<bool>>(&huge).unwrap_err();
        assert!(huge.to_string().contains("more cells than can be counted"), "{huge}");
    }

    #[test]
    fn bounds_and_indexing() {
        let mut g = Grid::new(3, 2, 0u8);
        assert!(g.contains(Pos::new(2, 1)));
        assert!(!g.contains(Pos::new(3, 0)));
        assert!(!g.contains(Pos::new(-1, 0)));
        assert!(g.set(Pos::new(2, 1), 7));
        assert!(!g.set(Pos::new(0, 2), 7));
        assert_eq!(g[Pos::new(2, 1)], 7);
        assert_eq!(g.get(Pos::new(0, -1)), None);
        assert_eq!(g.row(1), &[0, 0, 7]);
        assert_eq!(g.pos_of(5), Pos::new(2, 1));
        assert!(Grid::from_vec(2, 2, vec![1, 2, 3]).is_none());
    }
}
