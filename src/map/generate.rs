//! Seeded map families for tests, benchmarks and the lab.
//!
//! Each family stresses the sight code differently: scattered single walls (`noise`), organic
//! open spaces (`cave`), rooms joined by corridors with doors (`rooms`), lone pillars casting
//! expanding shadows (`pillars`), diagonal lines of walls whose gaps light speckles
//! (`diagonal_lines`), straight walls pierced by single-cell openings (`gaps`), corridors one
//! cell wide and nothing else (`maze`) and a plain open room (`open_room`). The same arguments
//! always give the same map, on every platform: the randomness comes from
//! [`Xoshiro256PlusPlus`](https://docs.rs/rand/0.10/rand/rngs/struct.Xoshiro256PlusPlus.html), a
//! portable generator, seeded with the `seed` argument, and only
//! integer sampling is used.
//!
//! Generators accept any size, including degenerate ones (0 or 1 cells wide); a family that does
//! not fit returns what it can (often solid wall) rather than panicking, so property tests can
//! draw sizes freely.
//!
//! ```
//! use sightline::map::generate;
//! use sightline::fov::{Fov, multicast, reference};
//! use sightline::Pos;
//!
//! let cave = generate::cave(40, 20, 7);
//! assert_eq!(cave.tiles, generate::cave(40, 20, 7).tiles); // same seed, same map
//! let viewer = generate::floor_near(&cave, Pos::new(20, 10)).expect("a cave has floor");
//! let (mut fast, mut slow) = (Fov::for_map(&cave), Fov::for_map(&cave));
//! multicast::compute(viewer, Some(8), &cave, &mut fast);
//! reference::compute(viewer, Some(8), &cave, &mut slow);
//! let (mut a, mut b) = (fast.cells().to_vec(), slow.cells().to_vec());
//! a.sort();
//! b.sort();
//! assert_eq!(a, b);
//! ```

use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

use super::{Map, MapMeta, Tile};
use crate::geometry::{Grid, Pos};

fn rng(seed: u64) -> Xoshiro256PlusPlus {
    Xoshiro256PlusPlus::seed_from_u64(seed)
}

fn map_from(name: String, tiles: Grid<Tile>) -> Map {
    Map {
        meta: MapMeta { name, ..MapMeta::default() },
        tiles,
        player_start: None,
        monsters: Vec::new(),
        items: Vec::new(),
    }
}

/// Whether `p` lies on the outermost ring of a `w × h` grid.
fn on_border(p: Pos, w: usize, h: usize) -> bool {
    p.x == 0 || p.y == 0 || p.x as usize + 1 == w || p.y as usize + 1 == h
}

/// A grid of floor closed by a one-cell wall border.
fn walled_floor(w: usize, h: usize) -> Grid<Tile> {
    let mut tiles = Grid::new(w, h, Tile::Floor);
    for y in 0..h {
        for x in 0..w {
            let p = Pos::new(x as i32, y as i32);
            if on_border(p, w, h) {
                tiles[p] = Tile::Wall;
            }
        }
    }
    tiles
}

/// Independent random walls: each cell is a wall with probability `wall_percent`% (clamped to
/// 100), and there is no border (outside the map is opaque anyway, so edges are still closed
/// for sight, and viewers on the edge see the map's real edge cells).
///
/// ```
/// let map = sightline::map::generate::noise(30, 10, 0, 1);
/// assert!(map.tiles.cells().iter().all(|t| !t.blocks_sight())); // 0 % walls
/// ```
pub fn noise(w: usize, h: usize, wall_percent: u32, seed: u64) -> Map {
    let pct = wall_percent.min(100);
    let mut r = rng(seed);
    let cells = (0..w * h).map(|_| if r.random_range(0..100u32) < pct { Tile::Wall } else { Tile::Floor });
    let tiles = Grid::from_vec(w, h, cells.collect()).expect("w*h cells");
    map_from(format!("noise {w}x{h} {pct}% seed {seed}"), tiles)
}

/// A cave from a cellular automaton (45 % random walls, then four rounds of "a cell becomes wall
/// when at least five of the nine cells around and including it are walls"), closed by a wall
/// border. Only the largest orthogonally connected floor region is kept; the others are filled
/// in, so every floor cell can reach every other by orthogonal steps.
pub fn cave(w: usize, h: usize, seed: u64) -> Map {
    let mut r = rng(seed);
    let mut tiles = walled_floor(w, h);
    for (p, t) in tiles.clone().iter() {
        if *t == Tile::Floor && r.random_range(0..100u32) < 45 {
            tiles[p] = Tile::Wall;
        }
    }
    for _ in 0..4 {
        let prev = tiles.clone();
        for (p, _) in prev.iter() {
            if on_border(p, w, h) {
                continue;
            }
            let walls = (-1..=1)
                .flat_map(|dy| (-1..=1).map(move |dx| Pos::new(p.x + dx, p.y + dy)))
                .filter(|&q| prev.get(q).is_none_or(|t| *t == Tile::Wall))
                .count();
            tiles[p] = if walls >= 5 { Tile::Wall } else { Tile::Floor };
        }
    }
    keep_largest_region(&mut tiles);
    map_from(format!("cave {w}x{h} seed {seed}"), tiles)
}

/// Fills every orthogonally connected region of non-wall cells but the largest with wall (ties:
/// the region found first in row-major order wins).
fn keep_largest_region(tiles: &mut Grid<Tile>) {
    const NONE: u32 = u32::MAX;
    let mut label = Grid::new(tiles.width(), tiles.height(), NONE);
    let mut sizes: Vec<usize> = Vec::new();
    let mut stack = Vec::new();
    for i in 0..tiles.cells().len() {
        let start = tiles.pos_of(i);
        if tiles[start] == Tile::Wall || label[start] != NONE {
            continue;
        }
        let id = sizes.len() as u32;
        let mut size = 0;
        label[start] = id;
        stack.push(start);
        while let Some(p) = stack.pop() {
            size += 1;
            for q in p.neighbours4() {
                if tiles.get(q).is_some_and(|t| *t != Tile::Wall) && label[q] == NONE {
                    label[q] = id;
                    stack.push(q);
                }
            }
        }
        sizes.push(size);
    }
    // max_by_key keeps the last maximum; compare reversed indices so the first one wins.
    let Some(keep) = (0..sizes.len()).max_by_key(|&i| (sizes[i], std::cmp::Reverse(i))) else {
        return;
    };
    for (t, l) in tiles.cells_mut().iter_mut().zip(label.cells()) {
        if *l != NONE && *l as usize != keep {
            *t = Tile::Wall;
        }
    }
}

/// A room's floor: `x0 <= x < x1`, `y0 <= y < y1`. Its wall ring is one cell outside.
#[derive(Clone, Copy)]
struct Room {
    x0: i32,
    y0: i32,
    x1: i32,
    y1: i32,
}

impl Room {
    /// Whether the rooms' rings (one cell around each floor) overlap or touch.
    fn too_close(&self, o: &Room) -> bool {
        self.x0 - 1 <= o.x1 && o.x0 - 1 <= self.x1 && self.y0 - 1 <= o.y1 && o.y0 - 1 <= self.y1
    }

    fn centre(&self) -> Pos {
        Pos::new((self.x0 + self.x1 - 1) / 2, (self.y0 + self.y1 - 1) / 2)
    }

    fn on_ring(&self, p: Pos) -> bool {
        let inside_grown = p.x >= self.x0 - 1 && p.x <= self.x1 && p.y >= self.y0 - 1 && p.y <= self.y1;
        let inside = p.x >= self.x0 && p.x < self.x1 && p.y >= self.y0 && p.y < self.y1;
        inside_grown && !inside
    }
}

/// Rectangular rooms (3–10 cells a side, fewer on maps too small for that) in solid rock, each joined to the previous one by an
/// L-shaped corridor one cell wide. Where a corridor breaks through a room's wall it leaves a
/// door (closed or open at random) when the opening is a proper doorway, one cell in a wall. The border stays wall, and every floor and door cell can reach
/// every other by orthogonal steps (doors counted as passable).
pub fn rooms(w: usize, h: usize, seed: u64) -> Map {
    let mut r = rng(seed);
    let mut tiles = Grid::new(w, h, Tile::Wall);
    let (wi, hi) = (w as i32, h as i32);
    let mut placed: Vec<Room> = Vec::new();
    // Room floors lie in 1..w-1 × 1..h-1, so the corridors (between room centres) never touch
    // the border; a room's wall ring may lie on it.
    if wi >= 3 && hi >= 3 {
        let attempts = (w * h / 40).max(4);
        for _ in 0..attempts {
            let rw = r.random_range(3..=10).min(wi - 2);
            let rh = r.random_range(3..=10).min(hi - 2);
            let x0 = r.random_range(1..=wi - 1 - rw);
            let y0 = r.random_range(1..=hi - 1 - rh);
            let room = Room { x0, y0, x1: x0 + rw, y1: y0 + rh };
            if placed.iter().all(|o| !room.too_close(o)) {
                placed.push(room);
            }
        }
    }
    for room in &placed {
        for y in room.y0..room.y1 {
            for x in room.x0..room.x1 {
                tiles[Pos::new(x, y)] = Tile::Floor;
            }
        }
    }
    let mut carved = Vec::new();
    for pair in placed.windows(2) {
        let (a, b) = (pair[0].centre(), pair[1].centre());
        let corner = if r.random_bool(0.5) { Pos::new(b.x, a.y) } else { Pos::new(a.x, b.y) };
        for p in straight(a, corner).chain(straight(corner, b)) {
            if tiles[p] == Tile::Wall {
                tiles[p] = Tile::Floor;
                carved.push(p);
            }
        }
    }
    // A doorway is a carved cell of a room's wall ring with wall on two opposite sides; where a
    // corridor runs along a ring, the ring is simply opened up.
    for p in carved {
        let [e, w, s, n] = p.neighbours4().map(|q| tiles[q] == Tile::Wall);
        if ((e && w) || (s && n)) && placed.iter().any(|room| room.on_ring(p)) {
            tiles[p] = if r.random_bool(0.5) { Tile::DoorClosed } else { Tile::DoorOpen };
        }
    }
    map_from(format!("rooms {w}x{h} seed {seed}"), tiles)
}

/// The cells from `a` to `b` inclusive, along a row or a column.
fn straight(a: Pos, b: Pos) -> impl Iterator<Item = Pos> {
    let steps = a.chebyshev(b) as i32;
    let d = Pos::new((b.x - a.x).signum(), (b.y - a.y).signum());
    (0..=steps).map(move |i| Pos::new(a.x + d.x * i, a.y + d.y * i))
}

/// An open room with single-cell pillars on a square lattice: at every `(x, y)` with both
/// coordinates multiples of `spacing` (at least 2), kept at least one floor cell away from the
/// border wall so each pillar stands alone.
///
/// ```
/// use sightline::{Pos, Tile};
/// let hall = sightline::map::generate::pillars(13, 9, 4);
/// assert_eq!(hall.tile(Pos::new(4, 4)), Tile::Wall); // a pillar
/// assert_eq!(hall.tile(Pos::new(5, 4)), Tile::Floor); // standing alone
/// let bare = sightline::map::generate::pillars(5, 5, u32::MAX); // wider than the map: none
/// assert_eq!(bare.tile(Pos::new(2, 2)), Tile::Floor);
/// ```
pub fn pillars(w: usize, h: usize, spacing: u32) -> Map {
    // (a spacing past any map's side stands for "no pillars", as it does below it)
    let s = spacing.clamp(2, i32::MAX as u32) as i32;
    let mut tiles = walled_floor(w, h);
    let (wi, hi) = (w as i32, h as i32);
    for y in (s..hi - 2).step_by(s as usize) {
        for x in (s..wi - 2).step_by(s as usize) {
            tiles[Pos::new(x, y)] = Tile::Wall;
        }
    }
    map_from(format!("pillars {w}x{h} every {s}"), tiles)
}

/// An open room crossed by lines of single walls running diagonally (each cell touching the next
/// only at a corner), so sight passes through the gaps between them. No two walls inside the
/// border are orthogonal neighbours, and none touches the border: every gap is a real gap.
pub fn diagonal_lines(w: usize, h: usize, seed: u64) -> Map {
    let mut r = rng(seed);
    let mut tiles = walled_floor(w, h);
    let (wi, hi) = (w as i32, h as i32);
    if wi >= 5 && hi >= 5 {
        let lines = (w * h / 60).max(1);
        for _ in 0..lines {
            let mut p = Pos::new(r.random_range(2..=wi - 3), r.random_range(2..=hi - 3));
            let d =
                Pos::new(if r.random_bool(0.5) { 1 } else { -1 }, if r.random_bool(0.5) { 1 } else { -1 });
            let len = r.random_range(2..=12);
            for _ in 0..len {
                let fits = p.x >= 2 && p.y >= 2 && p.x <= wi - 3 && p.y <= hi - 3;
                if !fits || p.neighbours4().iter().any(|&q| tiles[q] == Tile::Wall) {
                    break;
                }
                tiles[p] = Tile::Wall;
                p = p + d;
            }
        }
    }
    map_from(format!("diagonal lines {w}x{h} seed {seed}"), tiles)
}

/// An open room divided by straight walls that run from border to border, with at least two
/// floor cells between parallel walls (and between a wall and the border). Wherever walls cross they split each other into segments; every segment
/// gets exactly one opening, a single floor cell, so the openings are one cell wide and every
/// floor cell can reach every other by orthogonal steps.
pub fn gaps(w: usize, h: usize, seed: u64) -> Map {
    let mut r = rng(seed);
    let mut tiles = walled_floor(w, h);
    let (wi, hi) = (w as i32, h as i32);
    // Wall lines at coordinates 3..=n-4, at least three apart from each other.
    let mut pick_lines = |n: i32| {
        let mut lines = Vec::new();
        let mut c = 3 + r.random_range(0..4);
        while c <= n - 4 {
            lines.push(c);
            c += r.random_range(3..=10);
        }
        lines
    };
    let cols = pick_lines(wi);
    let rows = pick_lines(hi);
    for &x in &cols {
        for y in 1..hi - 1 {
            tiles[Pos::new(x, y)] = Tile::Wall;
        }
    }
    for &y in &rows {
        for x in 1..wi - 1 {
            tiles[Pos::new(x, y)] = Tile::Wall;
        }
    }
    // Segment ends: the border and the crossing lines.
    let cuts = |lines: &[i32], n: i32| {
        let mut c = vec![0];
        c.extend_from_slice(lines);
        c.push(n - 1);
        c
    };
    let row_cuts = cuts(&rows, hi);
    let col_cuts = cuts(&cols, wi);
    for &x in &cols {
        for seg in row_cuts.windows(2).filter(|s| s[1] - s[0] >= 2) {
            let y = r.random_range(seg[0] + 1..seg[1]);
            tiles[Pos::new(x, y)] = Tile::Floor;
        }
    }
    for &y in &rows {
        for seg in col_cuts.windows(2).filter(|s| s[1] - s[0] >= 2) {
            let x = r.random_range(seg[0] + 1..seg[1]);
            tiles[Pos::new(x, y)] = Tile::Floor;
        }
    }
    map_from(format!("gaps {w}x{h} seed {seed}"), tiles)
}

/// A maze of corridors one cell wide, closed by a wall border: a perfect maze, dug by a
/// randomized depth-first search from a random cell, so every floor cell reaches every other by
/// exactly one path and a wall stands between any two corridors side by side. Its floor cells
/// are those at odd coordinates and the walls it opened between them; on a side of even length
/// the line inside the border stays wall too (the border is two cells thick there).
///
/// Its views are the smallest a map gives, a few short corridors, so a field of view's fixed
/// cost per view is a large part of its time there.
///
/// ```
/// use sightline::{Pos, Tile};
/// let maze = sightline::map::generate::maze(21, 11, 5);
/// assert_eq!(maze.tile(Pos::new(1, 1)), Tile::Floor); // a cell of the maze
/// assert_eq!(maze.tile(Pos::new(2, 2)), Tile::Wall); // between four cells: always wall
/// ```
pub fn maze(w: usize, h: usize, seed: u64) -> Map {
    let mut r = rng(seed);
    let mut tiles = Grid::new(w, h, Tile::Wall);
    // The maze's cells: cell (a, b) is the map cell (2a + 1, 2b + 1).
    let (cw, ch) = (w.saturating_sub(1) / 2, h.saturating_sub(1) / 2);
    if cw > 0 && ch > 0 {
        let at = |(a, b): (usize, usize)| Pos::new(2 * a as i32 + 1, 2 * b as i32 + 1);
        let mut dug = vec![false; cw * ch];
        let start = (r.random_range(0..cw), r.random_range(0..ch));
        dug[start.1 * cw + start.0] = true;
        tiles[at(start)] = Tile::Floor;
        // The path dug so far: its last cell digs on into a random neighbour not yet dug, or,
        // with none left, the path backs up.
        let mut path = vec![start];
        while let Some(&(a, b)) = path.last() {
            let mut next = [(0, 0); 4];
            let mut n = 0;
            let around = [(a + 1, b), (a.wrapping_sub(1), b), (a, b + 1), (a, b.wrapping_sub(1))];
            for (na, nb) in around {
                if na < cw && nb < ch && !dug[nb * cw + na] {
                    next[n] = (na, nb);
                    n += 1;
                }
            }
            if n == 0 {
                path.pop();
                continue;
            }
            let cell = next[r.random_range(0..n)];
            dug[cell.1 * cw + cell.0] = true;
            let (from, to) = (at((a, b)), at(cell));
            tiles[Pos::new((from.x + to.x) / 2, (from.y + to.y) / 2)] = Tile::Floor;
            tiles[to] = Tile::Floor;
            path.push(cell);
        }
    }
    map_from(format!("maze {w}x{h} seed {seed}"), tiles)
}

/// Floor surrounded by a one-cell wall border: the convex room of the "expansive walls" property
/// and the benchmarks' largest open view.
///
/// ```
/// use sightline::{Pos, fov::Fov};
/// let room = sightline::map::generate::open_room(9, 7);
/// let mut fov = Fov::for_map(&room);
/// room.fov(Pos::new(4, 3), None, &mut fov);
/// assert_eq!(fov.len(), 9 * 7); // a convex room: every floor and every wall is seen
/// ```
pub fn open_room(w: usize, h: usize) -> Map {
    map_from(format!("open room {w}x{h}"), walled_floor(w, h))
}

/// The transparent cell nearest to `target` (squared distance; ties go to the first in row-major
/// order), if the map has one: where benchmarks and examples put a viewer "near the centre".
pub fn floor_near(map: &Map, target: Pos) -> Option<Pos> {
    map.tiles.iter().filter(|(_, t)| !t.blocks_sight()).min_by_key(|(p, _)| p.dist2(target)).map(|(p, _)| p)
}

/// `n` transparent cells of `map` drawn at random (with repeats), the same ones for the same
/// seed: where benchmarks put many viewers, to time a map's average view rather than one. Empty
/// if the map has no transparent cell (or `n` is 0).
///
/// ```
/// use sightline::map::generate;
/// let maze = generate::maze(41, 41, 2);
/// let viewers = generate::spread_floors(&maze, 16, 7);
/// assert_eq!(viewers.len(), 16);
/// assert!(viewers.iter().all(|&p| !maze.tile(p).blocks_sight()));
/// assert_eq!(viewers, generate::spread_floors(&maze, 16, 7));
/// ```
pub fn spread_floors(map: &Map, n: usize, seed: u64) -> Vec<Pos> {
    let floors: Vec<Pos> = map.tiles.iter().filter(|(_, t)| !t.blocks_sight()).map(|(p, _)| p).collect();
    if floors.is_empty() {
        return Vec::new();
    }
    let mut r = rng(seed);
    (0..n).map(|_| floors[r.random_range(0..floors.len())]).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use pathfinding::prelude::bfs_reach;

    fn count(map: &Map, f: impl Fn(Tile) -> bool) -> usize {
        map.tiles.cells().iter().filter(|t| f(**t)).count()
    }

    fn wall_fraction(map: &Map) -> f64 {
        count(map, |t| t == Tile::Wall) as f64 / (map.width() * map.height()) as f64
    }

    fn border_closed(map: &Map) -> bool {
        map.tiles
            .iter()
            .filter(|(p, _)| on_border(*p, map.width(), map.height()))
            .all(|(_, t)| *t == Tile::Wall)
    }

    /// Whether every non-wall cell reaches every other by orthogonal steps over non-wall cells,
    /// checked with a search independent of the generators' own flood fill.
    fn connected(map: &Map) -> bool {
        let open = |p: &Pos| map.tiles.get(*p).is_some_and(|t| *t != Tile::Wall);
        let total = count(map, |t| t != Tile::Wall);
        let Some(start) = map.tiles.iter().map(|(p, _)| p).find(open) else {
            return true;
        };
        let reached = bfs_reach(start, |p| p.neighbours4().into_iter().filter(open).collect::<Vec<_>>());
        reached.count() == total
    }

    type Gen = fn(usize, usize, u64) -> Map;
    const SEEDED: [(&str, Gen); 7] = [
        ("noise", |w, h, s| noise(w, h, 30, s)),
        ("cave", cave),
        ("rooms", rooms),
        ("pillars", |w, h, s| pillars(w, h, 2 + (s % 5) as u32)),
        ("diagonal_lines", diagonal_lines),
        ("gaps", gaps),
        ("maze", maze),
    ];

    #[test]
    fn every_family_has_the_requested_size_at_any_size() {
        for (name, g) in SEEDED {
            for (w, h) in [(0, 0), (1, 1), (2, 7), (3, 3), (5, 4), (17, 9), (64, 40)] {
                let m = g(w, h, 3);
                assert_eq!((m.width(), m.height()), (w, h), "{name}");
            }
        }
        assert_eq!(open_room(9, 4).width(), 9);
    }

    #[test]
    fn the_same_seed_gives_the_same_map_and_seeds_differ() {
        for (name, g) in SEEDED {
            assert_eq!(g(48, 30, 11), g(48, 30, 11), "{name}");
        }
        for (name, g) in SEEDED.into_iter().filter(|(n, _)| *n != "pillars") {
            assert_ne!(g(48, 30, 11).tiles, g(48, 30, 12).tiles, "{name}");
        }
    }

    #[test]
    fn noise_density_follows_the_percentage() {
        assert_eq!(wall_fraction(&noise(50, 50, 0, 1)), 0.0);
        assert_eq!(wall_fraction(&noise(50, 50, 100, 1)), 1.0);
        assert_eq!(wall_fraction(&noise(50, 50, 250, 1)), 1.0);
        for pct in [5, 20, 45, 60] {
            for seed in 0..4 {
                // 40 000 cells: the standard deviation of the fraction is at most 0.0025.
                let f = wall_fraction(&noise(200, 200, pct, seed));
                assert!((f - f64::from(pct) / 100.0).abs() < 0.015, "{pct}% seed {seed}: {f}");
            }
        }
    }

    #[test]
    fn walled_families_close_their_border() {
        for (name, g) in SEEDED.into_iter().filter(|(n, _)| *n != "noise") {
            for seed in 0..5 {
                for (w, h) in [(1, 1), (3, 3), (80, 50), (31, 77)] {
                    assert!(border_closed(&g(w, h, seed)), "{name} {w}x{h} seed {seed}");
                }
            }
        }
        assert!(border_closed(&open_room(1001, 3)));
    }

    #[test]
    fn caves_are_connected_open_and_not_trivial() {
        for seed in 0..8 {
            let m = cave(80, 50, seed);
            assert!(connected(&m), "seed {seed}");
            let f = wall_fraction(&m);
            assert!((0.3..0.8).contains(&f), "seed {seed}: wall fraction {f}");
            assert!(count(&m, |t| t == Tile::Floor) > 600, "seed {seed}");
        }
    }

    #[test]
    fn rooms_are_connected_and_have_doors_in_their_walls() {
        let mut doors = 0;
        for seed in 0..8 {
            let m = rooms(200, 200, seed);
            assert!(connected(&m), "seed {seed}");
            doors += count(&m, |t| matches!(t, Tile::DoorClosed | Tile::DoorOpen));
            for (p, t) in m.tiles.iter() {
                if matches!(t, Tile::DoorClosed | Tile::DoorOpen) {
                    // A door sits in a wall: walls on two opposite sides.
                    let [e, w, s, n] = p.neighbours4().map(|q| m.tile(q) == Tile::Wall);
                    assert!((e && w) || (s && n), "seed {seed}: door at {p} is not in a wall");
                }
            }
            let f = wall_fraction(&m);
            assert!((0.3..0.9).contains(&f), "seed {seed}: wall fraction {f}");
        }
        assert!(doors >= 8 * 10, "only {doors} doors in 8 maps");
        let small = rooms(12, 12, 5);
        assert!(count(&small, |t| t == Tile::Floor) >= 9, "a small map still gets a room");
    }

    #[test]
    fn mazes_are_perfect_and_their_corridors_one_cell_wide() {
        for (w, h, seed) in [(3, 3, 1), (4, 9, 2), (21, 11, 5), (40, 31, 6), (65, 65, 7)] {
            let m = maze(w, h, seed);
            let floor = |x: i32, y: i32| m.tiles.get(Pos::new(x, y)).is_some_and(|t| *t == Tile::Floor);
            assert!(connected(&m), "{w}x{h}");
            // every cell of the maze is dug, and the cell between four of them stays wall
            let (cw, ch) = ((w as i32 - 1) / 2, (h as i32 - 1) / 2);
            for b in 0..ch {
                for a in 0..cw {
                    assert!(floor(2 * a + 1, 2 * b + 1), "{w}x{h}: cell ({a}, {b}) not dug");
                    assert!(!floor(2 * a + 2, 2 * b + 2), "{w}x{h}: a pillar opened");
                }
            }
            // no 2×2 block of floor: corridors one cell wide
            for (p, _) in m.tiles.iter() {
                let block =
                    [(0, 0), (1, 0), (0, 1), (1, 1)].iter().all(|&(dx, dy)| floor(p.x + dx, p.y + dy));
                assert!(!block, "{w}x{h}: open area at {p:?}");
            }
            // perfect: the floor, joined by orthogonal steps, is a tree (one edge fewer than
            // cells), so between any two cells there is exactly one path
            let cells = count(&m, |t| t == Tile::Floor);
            let edges = m
                .tiles
                .iter()
                .filter(|(p, _)| floor(p.x, p.y))
                .map(|(p, _)| usize::from(floor(p.x + 1, p.y)) + usize::from(floor(p.x, p.y + 1)));
            assert_eq!(edges.sum::<usize>() + 1, cells, "{w}x{h}");
            assert_eq!(
                cells,
                (cw * ch * 2 - 1) as usize,
                "{w}x{h}: every cell and one opening each but the first"
            );
        }
        assert_eq!(count(&maze(2, 9, 1), |t| t == Tile::Floor), 0, "too narrow for a cell");
    }

    #[test]
    fn spread_floors_covers_the_floor_and_nothing_else() {
        let m = maze(21, 21, 3);
        let spread = spread_floors(&m, 2000, 9);
        assert!(spread.iter().all(|&p| m.tile(p) == Tile::Floor));
        // 2000 draws over 199 cells reach nearly all of them, and differ by seed
        let distinct: std::collections::HashSet<Pos> = spread.iter().copied().collect();
        assert!(distinct.len() > 190, "{}", distinct.len());
        assert_ne!(spread_floors(&m, 50, 9), spread_floors(&m, 50, 10));
        assert!(spread_floors(&maze(2, 2, 1), 5, 1).is_empty());
    }

    #[test]
    fn pillars_stand_alone_on_their_lattice() {
        for spacing in [0, 2, 3, 7] {
            let m = pillars(40, 31, spacing);
            let s = spacing.max(2) as i32;
            let mut n = 0;
            for (p, t) in m.tiles.iter() {
                if *t == Tile::Wall && !on_border(p, 40, 31) {
                    n += 1;
                    assert!(p.x % s == 0 && p.y % s == 0, "pillar off the lattice at {p}");
                    assert!(p.neighbours8().iter().all(|&q| m.tile(q) == Tile::Floor), "{p}");
                }
            }
            let per_side = |len: i32| (s..len - 2).step_by(s as usize).count();
            assert_eq!(n, per_side(40) * per_side(31), "spacing {spacing}");
        }
    }

    #[test]
    fn diagonal_lines_never_touch_orthogonally() {
        for seed in 0..10 {
            let m = diagonal_lines(60, 40, seed);
            let inner: Vec<Pos> = m
                .tiles
                .iter()
                .filter(|(p, t)| **t == Tile::Wall && !on_border(*p, 60, 40))
                .map(|(p, _)| p)
                .collect();
            assert!(inner.len() > 40, "seed {seed}: only {} line cells", inner.len());
            for &p in &inner {
                assert!(p.neighbours4().iter().all(|&q| m.tile(q) == Tile::Floor), "seed {seed} {p}");
            }
            // They are lines: most cells have a diagonal neighbour that is a wall too.
            let linked = inner
                .iter()
                .filter(|p| p.neighbours8()[4..].iter().any(|&q| m.tile(q) == Tile::Wall))
                .count();
            assert!(linked * 10 >= inner.len() * 8, "seed {seed}");
        }
    }

    #[test]
    fn every_family_accepts_every_small_size() {
        for w in 0..9 {
            for h in 0..9 {
                for m in [
                    noise(w, h, 30, 1),
                    cave(w, h, 1),
                    rooms(w, h, 1),
                    pillars(w, h, 2),
                    diagonal_lines(w, h, 1),
                    gaps(w, h, 1),
                    open_room(w, h),
                ] {
                    assert_eq!((m.width(), m.height()), (w, h), "{}", m.meta.name);
                }
            }
        }
    }

    #[test]
    fn gaps_are_single_cells_in_straight_walls_and_connect_everything() {
        for seed in 0..10 {
            let m = gaps(70, 45, seed);
            assert!(connected(&m), "seed {seed}");
            let mut openings = 0;
            for (p, t) in m.tiles.iter() {
                if *t != Tile::Floor {
                    continue;
                }
                let [e, w, s, n] = p.neighbours4().map(|q| m.tile(q) == Tile::Wall);
                if (e && w) || (s && n) {
                    openings += 1;
                    // Only openings have walls on two opposite sides, and they have floor on the
                    // other two: the walls are never thicker than one cell, nor the openings wider.
                    assert!((e && w && !s && !n) || (s && n && !e && !w), "seed {seed} {p}");
                }
            }
            assert!(openings >= 4, "seed {seed}: {openings} openings");
            // Straight walls: every interior wall cell lies on a row or column that is wall from
            // border to border but for openings (floor flanked by wall along the line).
            let is = |x: i32, y: i32, t: Tile| m.tile(Pos::new(x, y)) == t;
            let row_line = |y: i32| {
                (1..69)
                    .all(|x| is(x, y, Tile::Wall) || (is(x - 1, y, Tile::Wall) && is(x + 1, y, Tile::Wall)))
            };
            let col_line = |x: i32| {
                (1..44)
                    .all(|y| is(x, y, Tile::Wall) || (is(x, y - 1, Tile::Wall) && is(x, y + 1, Tile::Wall)))
            };
            for (p, t) in m.tiles.iter() {
                if *t == Tile::Wall && !on_border(p, 70, 45) {
                    assert!(row_line(p.y) || col_line(p.x), "seed {seed}: stray wall at {p}");
                }
            }
        }
    }

    #[test]
    fn open_room_is_floor_inside_a_wall() {
        let m = open_room(7, 5);
        assert!(border_closed(&m));
        assert_eq!(count(&m, |t| t == Tile::Floor), 5 * 3);
    }

    #[test]
    fn floor_near_finds_the_closest_transparent_cell() {
        let m = open_room(11, 11);
        assert_eq!(floor_near(&m, Pos::new(5, 5)), Some(Pos::new(5, 5)));
        assert_eq!(floor_near(&m, Pos::new(0, 5)), Some(Pos::new(1, 5)));
        assert_eq!(floor_near(&pillars(11, 11, 2), Pos::new(4, 4)), Some(Pos::new(4, 3)));
        assert_eq!(floor_near(&noise(5, 5, 100, 0), Pos::new(2, 2)), None);
    }
}
