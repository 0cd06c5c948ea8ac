//! The visibility contract's named consequences, each on a small map drawn by hand, checked
//! against both FOV algorithms. The expected answers come from the geometry (worked out in the
//! comments), never from running the code.

use sightline::fov::{Algorithm, Fov};
use sightline::{Grid, Pos};

/// A map from rows of `#` (opaque) and anything else (transparent); `@` marks the viewer.
fn parse(rows: &[&str]) -> (Grid<bool>, Option<Pos>) {
    let (w, h) = (rows[0].len(), rows.len());
    let mut viewer = None;
    let mut cells = Vec::with_capacity(w * h);
    for (y, row) in rows.iter().enumerate() {
        assert_eq!(row.len(), w, "ragged test map");
        for (x, c) in row.chars().enumerate() {
            if c == '@' {
                viewer = Some(Pos::new(x as i32, y as i32));
            }
            cells.push(c == '#');
        }
    }
    (Grid::from_vec(w, h, cells).unwrap(), viewer)
}

fn fov(algo: Algorithm, grid: &Grid<bool>, at: Pos, radius: Option<u32>) -> Fov {
    let mut out = Fov::new(grid.width(), grid.height());
    algo.compute(at, radius, grid, &mut out);
    out
}

/// The view as rows of `1`/`0`, for readable failure messages.
fn mask(f: &Fov) -> Vec<String> {
    (0..f.height())
        .map(|y| {
            (0..f.width())
                .map(|x| if f.is_visible(Pos::new(x as i32, y as i32)) { '1' } else { '0' })
                .collect()
        })
        .collect()
}

#[test]
fn straight_walls_never_leak() {
    // A full horizontal wall: its diamonds and the seals between them cover the whole line
    // y = 3.5, so nothing below it can be seen from above; its own cells are all visible
    // (the open room above is convex).
    let (g, at) = parse(&[
        ".........", //
        "....@....",
        ".........",
        "#########",
        ".........",
        ".........",
    ]);
    for algo in Algorithm::ALL {
        let f = fov(algo, &g, at.unwrap(), None);
        for p in g.iter().map(|(p, _)| p) {
            assert_eq!(f.is_visible(p), p.y <= 3, "{algo:?} at {p}:\n{}", mask(&f).join("\n"));
        }
    }
}
