//! How often, and about which cells, the sight code asks its world: the figures the `Opacity`
//! docs give ("How often the sight code asks"), checked on the map families the other FOV tests
//! use, for viewers anywhere (inside walls, on the rim, just outside the area) and the radii they
//! use, and for every arrangement of walls next to a viewer.
//!
//! The worlds here answer only `is_opaque`, so every look the multicast takes along a row comes
//! through it cell by cell: the most asks a world can get.

use std::cell::RefCell;
use std::collections::HashMap;

use proptest::prelude::*;
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use sightline::fov::{Fov, in_radius, multicast, reference};
use sightline::geometry::Opacity;
use sightline::{Grid, Pos, dda};

#[path = "support/families.rs"]
mod families;
use families::{RADII, family};

/// The most asks about one cell in one multicast view, as the docs give it (in debug builds,
/// which these tests are, the consistency checks ask again).
const MOST_ASKS: u32 = 10;

/// A grid that counts the asks about each cell.
struct Counting<'g> {
    grid: &'g Grid<bool>,
    asks: RefCell<HashMap<Pos, u32>>,
}

impl<'g> Counting<'g> {
    fn new(grid: &'g Grid<bool>) -> Self {
        Counting { grid, asks: RefCell::new(HashMap::new()) }
    }
}

impl Opacity for Counting<'_> {
    fn is_opaque(&self, p: Pos) -> bool {
        *self.asks.borrow_mut().entry(p).or_default() += 1;
        self.grid.is_opaque(p)
    }
}

/// Whether `p` lies in `g`'s area grown by `margin` cells on each side.
fn within(g: &Grid<bool>, p: Pos, margin: i32) -> bool {
    let (w, h) = (g.width() as i32, g.height() as i32);
    p.x >= -margin && p.y >= -margin && p.x < w + margin && p.y < h + margin
}

/// The multicast's view of `g` (its output sized to `g`) from `at` within `radius`, checked
/// against the docs: no cell asked about more than [`MOST_ASKS`] times, none beyond the radius
/// plus two, none beyond the area plus one (from a viewer inside it) or outside it (from a
/// viewer outside). Returns the most asks of one cell.
fn check_multicast(g: &Grid<bool>, at: Pos, radius: Option<u32>, out: &mut Fov) -> Result<u32, String> {
    let world = Counting::new(g);
    multicast::compute(at, radius, &world, out);
    let margin = i32::from(within(g, at, 0));
    let mut most = 0;
    for (&p, &n) in world.asks.borrow().iter() {
        most = most.max(n);
        let problem = if n > MOST_ASKS {
            format!("asked {n} times")
        } else if !within(g, p, margin) {
            format!("asked about, more than {margin} cells outside the area")
        } else if !in_radius(at, p, radius.map(|r| r + 2)) {
            "asked about, beyond the radius plus two".into()
        } else {
            continue;
        };
        let (w, h) = (g.width(), g.height());
        return Err(format!("{w}x{h}, viewer {at}, radius {radius:?}: cell {p} {problem}"));
    }
    Ok(most)
}

#[test]
fn the_multicast_asks_about_few_cells_few_times_on_every_kind_of_map() {
    // Every family, small and larger maps, every viewer of the small ones (and just outside
    // them), some of the larger ones', every radius: the bounds hold for all, and the most
    // asked cell is asked about more than once (the counting is real).
    let mut r = Xoshiro256PlusPlus::seed_from_u64(0x0a5c_5eed);
    let mut most = 0;
    let mut out = Fov::default();
    for kind in 0..8 {
        for seed in 0..4 {
            let (w, h) = (r.random_range(1..14usize), r.random_range(1..14usize));
            let g = family(kind, w, h, seed);
            out.resize(w, h);
            for y in -2..h as i32 + 2 {
                for x in -2..w as i32 + 2 {
                    for radius in RADII {
                        most = most.max(check_multicast(&g, Pos::new(x, y), radius, &mut out).unwrap());
                    }
                }
            }
        }
        let g = family(kind, 61, 43, 7);
        out.resize(61, 43);
        for _ in 0..12 {
            let at = Pos::new(r.random_range(0..61), r.random_range(0..43));
            for radius in RADII {
                most = most.max(check_multicast(&g, at, radius, &mut out).unwrap());
            }
        }
    }
    assert!(most > 2, "the most asks of one cell: {most}");
}

#[test]
fn the_multicast_asks_few_times_whatever_the_walls_next_to_the_viewer() {
    // The cells asked about most are the viewer's neighbours, which the shortcuts around the
    // viewer look at before the quadrant scans: every arrangement of walls among the viewer's
    // own cell, its eight neighbours and the four cells two steps along its axes, on open floor
    // and on scattered walls, within radii that stop next to the viewer and beyond.
    let mut r = Xoshiro256PlusPlus::seed_from_u64(0x4e1_9b0e);
    let at = Pos::new(4, 4);
    let mut near: Vec<Pos> = at.neighbours8().to_vec();
    near.extend([Pos::new(6, 4), Pos::new(2, 4), Pos::new(4, 6), Pos::new(4, 2), at]);
    let mut out = Fov::new(9, 9);
    let mut most = 0;
    for scattered in [false, true] {
        let mut g = Grid::new(9, 9, false);
        if scattered {
            for y in 0..9 {
                for x in 0..9 {
                    g.set(Pos::new(x, y), r.random_range(0..100) < 30);
                }
            }
        }
        for mask in 0..1u32 << near.len() {
            for (k, &p) in near.iter().enumerate() {
                g.set(p, mask >> k & 1 == 1);
            }
            for radius in [Some(1), Some(2), None] {
                most = most.max(check_multicast(&g, at, radius, &mut out).unwrap());
            }
        }
    }
    assert!(most > 2, "the most asks of one cell: {most}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn the_multicast_asks_within_its_bounds(
        kind in 0..8u32,
        w in 1usize..24,
        h in 1usize..24,
        seed in any::<u64>(),
        vx in -2i32..26,
        vy in -2i32..26,
        radius in prop::sample::select(RADII.to_vec()),
    ) {
        let g = family(kind, w, h, seed);
        let at = Pos::new(vx.min(w as i32 + 1), vy.min(h as i32 + 1));
        let mut out = Fov::new(w, h);
        if let Err(e) = check_multicast(&g, at, radius, &mut out) {
            return Err(TestCaseError::fail(e));
        }
    }
}

#[test]
fn the_reference_asks_again_and_again_but_never_outside_the_area() {
    // Radius 20 from the middle of an open 41×41 room: the cells next to the viewer lie
    // between it and hundreds of cells farther out, and are asked about for each of them.
    // Walls on its rim and viewers at its edge: no ask outside the area.
    let room = family(7, 41, 41, 0);
    let world = Counting::new(&room);
    let mut out = Fov::new(41, 41);
    reference::compute(Pos::new(20, 20), Some(20), &world, &mut out);
    let most = world.asks.borrow().values().copied().max().unwrap_or(0);
    assert!(most > 100, "the reference asked about no cell more than {most} times");
    let g = family(0, 9, 7, 5);
    let mut out = Fov::new(9, 7);
    for at in [Pos::new(0, 0), Pos::new(8, 6), Pos::new(4, 0), Pos::new(-1, 3), Pos::new(9, 7)] {
        let world = Counting::new(&g);
        reference::compute(at, None, &world, &mut out);
        let outside: Vec<Pos> = world.asks.borrow().keys().copied().filter(|&p| !within(&g, p, 0)).collect();
        assert!(outside.is_empty(), "from {at}: asked about {outside:?}");
    }
}

#[test]
fn line_of_sight_over_open_floor_asks_once_about_each_cell_between() {
    // No opaque cell on the way: each cell the segment crosses is asked about once, and no
    // other (the ends never count).
    let open = Grid::new(40, 40, false);
    let mut r = Xoshiro256PlusPlus::seed_from_u64(0x1_05);
    for _ in 0..200 {
        let from = Pos::new(r.random_range(0..40), r.random_range(0..40));
        let to = Pos::new(r.random_range(0..40), r.random_range(0..40));
        let world = Counting::new(&open);
        assert!(dda::line_of_sight(from, to, &world));
        let mut between: Vec<Pos> = dda::cells(from, to).filter(|&p| p != from && p != to).collect();
        let mut asked: Vec<Pos> = world.asks.borrow().keys().copied().collect();
        between.sort();
        asked.sort();
        assert_eq!(asked, between, "{from} to {to}");
        assert!(world.asks.borrow().values().all(|&n| n == 1), "{from} to {to}");
    }
}
