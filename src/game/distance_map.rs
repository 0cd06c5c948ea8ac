//! The per-turn distance map: how many steps each cell is from the player, shared by every
//! monster that sees the player and hunts or flees, so those cost one breadth-first search a turn
//! however many they are. (A hunter that has lost sight of the player searches its own short way
//! to where it saw it last: [`DistanceMap::route`].)

use crate::geometry::{Grid, Pos};
use crate::map::{Map, Tile};

/// Steps from every cell near the player to the player, over cells a creature can enter: floor,
/// open doors, stairs — and closed doors, which those that can open them pass (the others are
/// kept out of them when they choose a step). Creatures are not obstacles here: they move; the
/// monster choosing a step skips occupied cells. King moves, each costing one step; diagonal
/// steps pass between walls that touch at a corner, as the movement rule allows.
///
/// The search stops `limit` steps out: a hunter sees the player within the sight radius, so a
/// bound of that radius plus a few steps (the game's `ai::search_limit`) covers every hunter's way
/// round the walls in between without searching the whole level each turn.
#[derive(Clone, Debug)]
pub struct DistanceMap {
    origin: Pos,
    /// The map cell at the top-left of `steps`: the grid covers only the square of cells the
    /// limit lets the search reach (and a frame of unreached cells around it), not the whole
    /// level.
    corner: Pos,
    /// Steps plus one; 0 for a cell not reached.
    steps: Grid<u32>,
}

/// Whether a path may go through `tile` (a closed door counts: someone can open it).
pub fn walkable(tile: Tile) -> bool {
    !tile.blocks_movement() || tile == Tile::DoorClosed
}

impl DistanceMap {
    /// Searches from `origin`, reaching cells up to `limit` steps away (`None`: the whole level).
    pub fn new(map: &Map, origin: Pos, limit: Option<u32>) -> Self {
        DistanceMap::search(map, origin, limit, true)
    }

    /// As [`DistanceMap::new`], for a creature that cannot open doors when `doors` is false:
    /// closed doors are then walls.
    pub fn search(map: &Map, origin: Pos, limit: Option<u32>, doors: bool) -> Self {
        DistanceMap::explore(map, origin, limit, doors, None)
    }

    /// The way from `from` to `goal` over cells a creature can enter (closed doors too when
    /// `doors`), at most `limit` steps long: the cells to step to in turn, `from` excluded and
    /// `goal` last (empty when `from` is `goal`; `None` when there is no such way). Exactly
    /// `DistanceMap::search(map, goal, Some(limit), doors).path_from(from)`, but the search out
    /// from `goal` stops as soon as it reaches `from`. Breadth first, every cell nearer `goal`
    /// than `from` has its steps by then, and the way down from `from` visits no other.
    ///
    /// ```
    /// use sightline::{Map, Pos, game::distance_map::DistanceMap};
    /// let hall = Map::open(4, 1);
    /// let (from, goal) = (Pos::new(0, 0), Pos::new(3, 0));
    /// let way = DistanceMap::route(&hall, from, goal, 10, true);
    /// assert_eq!(way, Some(vec![Pos::new(1, 0), Pos::new(2, 0), goal]));
    /// assert_eq!(DistanceMap::route(&hall, goal, goal, 10, true), Some(vec![]));
    /// assert_eq!(DistanceMap::route(&hall, from, goal, 2, true), None); // 3 steps away
    /// ```
    pub fn route(map: &Map, from: Pos, goal: Pos, limit: u32, doors: bool) -> Option<Vec<Pos>> {
        DistanceMap::explore(map, goal, Some(limit), doors, Some(from)).path_from(from)
    }

    /// The search of [`DistanceMap::search`], stopping early once it reaches `until`.
    fn explore(map: &Map, origin: Pos, limit: Option<u32>, doors: bool, until: Option<Pos>) -> Self {
        // A cell `limit` steps away is at most `limit` king moves away on each axis.
        let (w, h) = (map.width() as i32, map.height() as i32);
        let reach = limit.map_or(i32::MAX, |l| i32::try_from(l).unwrap_or(i32::MAX));
        let corner = Pos::new(origin.x.saturating_sub(reach).max(0), origin.y.saturating_sub(reach).max(0));
        let far =
            Pos::new(origin.x.saturating_add(reach).min(w - 1), origin.y.saturating_add(reach).min(h - 1));
        let (gw, gh) = ((far.x - corner.x + 1).max(0) as usize, (far.y - corner.y + 1).max(0) as usize);
        if !map.contains(origin) {
            return DistanceMap { origin, corner, steps: Grid::new(0, 0, 0) };
        }
        // The window with a frame of one cell around it. Each cell holds its steps plus one once
        // reached, 0 while it can still be entered, and `BARRED` if it never can (the frame, and
        // every cell the creature cannot enter, settled once up front): the search then reads
        // nothing but this grid, and a neighbour needs no bounds test. Window cell (x, y) is
        // frame index (y + 1)·fw + x + 1.
        const BARRED: u32 = u32::MAX;
        let (fw, fh) = (gw + 2, gh + 2);
        let mut steps = vec![BARRED; fw * fh];
        let tiles = map.tiles.cells();
        for y in 0..gh {
            let from = (corner.y as usize + y) * w as usize + corner.x as usize;
            let open = &mut steps[(y + 1) * fw + 1..][..gw];
            // (a store for every cell, so that the loop runs without branches)
            for (cell, &tile) in open.iter_mut().zip(&tiles[from..from + gw]) {
                *cell = if walkable(tile) && (doors || tile != Tile::DoorClosed) { 0 } else { BARRED };
            }
        }
        let limit = limit.unwrap_or(u32::MAX);
        let start = (origin.y - corner.y + 1) as usize * fw + (origin.x - corner.x + 1) as usize;
        steps[start] = 1;
        let fw = fw as isize;
        let moves = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1)];
        let offsets = moves.map(|(dx, dy)| dy * fw + dx);
        // Where to stop early: the frame index of `until` (none outside the window).
        let stop = until
            .filter(|p| (corner.x..=far.x).contains(&p.x) && (corner.y..=far.y).contains(&p.y))
            .map(|p| (p.y - corner.y + 1) as usize * fw as usize + (p.x - corner.x + 1) as usize);
        // Breadth first. Every cell enters the queue at most once: a vector read from the front.
        let mut queue: Vec<usize> = Vec::with_capacity(gw * gh);
        queue.push(start);
        let mut head = 0;
        'search: while let Some(&i) = queue.get(head) {
            head += 1;
            let d = steps[i];
            if d > limit {
                // `d` is this cell's steps plus one: its neighbours would be past the limit.
                continue;
            }
            for di in offsets {
                let n = i.wrapping_add_signed(di);
                if steps[n] == 0 {
                    steps[n] = d + 1;
                    if Some(n) == stop {
                        break 'search;
                    }
                    queue.push(n);
                }
            }
        }
        for cell in &mut steps {
            *cell = if *cell == BARRED { 0 } else { *cell };
        }
        let steps = Grid::from_vec(fw as usize, fh, steps).expect("fw * fh cells");
        DistanceMap { origin, corner: corner - Pos::new(1, 1), steps }
    }

    /// Where the search started: the player's cell.
    pub fn origin(&self) -> Pos {
        self.origin
    }

    /// The way from `from` to the origin, one king step at a time (each to the first neighbour,
    /// in [`Pos::neighbours8`] order, one step nearer), `from` excluded; `None` if `from` was not
    /// reached.
    pub fn path_from(&self, from: Pos) -> Option<Vec<Pos>> {
        let mut d = self.get(from)?;
        let mut path = Vec::with_capacity(d as usize);
        let mut at = from;
        while d > 0 {
            at = at.neighbours8().into_iter().find(|&n| self.get(n) == Some(d - 1))?;
            path.push(at);
            d -= 1;
        }
        Some(path)
    }

    /// The number of steps from `p` to the origin, if `p` was reached.
    pub fn get(&self, p: Pos) -> Option<u32> {
        self.steps.get(p - self.corner).copied().filter(|&d| d > 0).map(|d| d - 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_go_round_walls_and_through_doors_and_diagonal_gaps() {
        // A wall down column 2 with a closed door at its foot.
        let mut map = Map::open(5, 4);
        for y in 0..3 {
            map.tiles.set(Pos::new(2, y), Tile::Wall);
        }
        map.tiles.set(Pos::new(2, 3), Tile::DoorClosed);
        let d = DistanceMap::new(&map, Pos::new(0, 0), None);
        assert_eq!(d.get(Pos::new(0, 0)), Some(0));
        assert_eq!(d.get(Pos::new(1, 1)), Some(1));
        assert_eq!(d.get(Pos::new(2, 0)), None, "a wall is never reached");
        assert_eq!(d.get(Pos::new(2, 3)), Some(3), "(1,1) (1,2) then the door");
        assert_eq!(d.get(Pos::new(3, 2)), Some(4));
        assert_eq!(d.get(Pos::new(3, 0)), Some(6), "up the far side of the wall");
        let path = d.path_from(Pos::new(3, 0)).unwrap();
        assert_eq!(path.len(), 6);
        assert_eq!(path[2], Pos::new(2, 3), "through the door");
        assert_eq!(path.last(), Some(&Pos::new(0, 0)));
        let no_doors = DistanceMap::search(&map, Pos::new(0, 0), None, false);
        assert_eq!(no_doors.get(Pos::new(3, 0)), None, "without opening the door there is no way");
        assert_eq!(no_doors.path_from(Pos::new(3, 0)), None);
        // Water is not walked: with it in the doorway the far side is cut off.
        map.tiles.set(Pos::new(2, 3), Tile::Water);
        assert_eq!(DistanceMap::new(&map, Pos::new(0, 0), None).get(Pos::new(3, 2)), None);
        // Two walls touching at a corner leave a gap a step passes.
        let mut gap = Map::open(2, 2);
        gap.tiles.set(Pos::new(1, 0), Tile::Wall);
        gap.tiles.set(Pos::new(0, 1), Tile::Wall);
        assert_eq!(DistanceMap::new(&gap, Pos::new(0, 0), None).get(Pos::new(1, 1)), Some(1));
        // The limit stops the search.
        let near = DistanceMap::new(&Map::open(10, 1), Pos::new(0, 0), Some(3));
        assert_eq!(near.get(Pos::new(3, 0)), Some(3));
        assert_eq!(near.get(Pos::new(4, 0)), None);
        // From the middle of a room: the square of reach around the origin, every side.
        let mid = DistanceMap::new(&Map::open(20, 20), Pos::new(10, 10), Some(3));
        assert_eq!(mid.get(Pos::new(13, 13)), Some(3));
        assert_eq!(mid.get(Pos::new(7, 8)), Some(3));
        assert_eq!(mid.get(Pos::new(10, 10)), Some(0));
        assert_eq!(mid.get(Pos::new(14, 10)), None);
        assert_eq!(mid.get(Pos::new(6, 6)), None);
        assert_eq!(mid.get(Pos::new(-1, 0)), None);
    }

    #[test]
    fn steps_are_the_shortest_king_move_distances_within_the_limit() {
        // Against a textbook shortest-path search (pathfinding's Dijkstra over the same moves)
        // on random maps of every tile, from every origin, with and without doors, limited and
        // not: the same cells reached, at the same distances.
        use pathfinding::prelude::dijkstra_all;
        use rand::rngs::Xoshiro256PlusPlus;
        use rand::{RngExt, SeedableRng};
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
        let mut compared = 0;
        for _ in 0..40 {
            let (w, h) = (rng.random_range(1..14), rng.random_range(1..10));
            let mut map = Map::open(w, h);
            for y in 0..h as i32 {
                for x in 0..w as i32 {
                    let tile = if rng.random_range(0..100) < 60 {
                        Tile::Floor
                    } else {
                        Tile::ALL[rng.random_range(0..Tile::ALL.len())]
                    };
                    map.tiles.set(Pos::new(x, y), tile);
                }
            }
            for origin in map.tiles.iter().map(|(p, _)| p) {
                for doors in [true, false] {
                    let enter = |p: &Pos| {
                        map.contains(*p) && {
                            let t = map.tile(*p);
                            walkable(t) && (doors || t != Tile::DoorClosed)
                        }
                    };
                    let all = dijkstra_all(&origin, |p| {
                        p.neighbours8()
                            .into_iter()
                            .filter(|n| enter(n))
                            .map(|n| (n, 1u32))
                            .collect::<Vec<_>>()
                    });
                    for limit in [None, Some(0), Some(1), Some(3)] {
                        let d = DistanceMap::search(&map, origin, limit, doors);
                        for (p, _) in map.tiles.iter() {
                            let want = if p == origin {
                                Some(0)
                            } else {
                                all.get(&p).map(|&(_, c)| c).filter(|&c| limit.is_none_or(|l| c <= l))
                            };
                            assert_eq!(
                                d.get(p),
                                want,
                                "{p:?} from {origin:?}, doors {doors}, limit {limit:?}"
                            );
                            compared += 1;
                        }
                    }
                }
            }
        }
        assert!(compared > 10_000, "{compared}");
    }

    #[test]
    fn a_route_is_the_way_down_the_whole_search() {
        // `route` stops its search once it reaches the start of the way; the way must be the
        // one the whole search gives, step for step, or none when that has none.
        use rand::rngs::Xoshiro256PlusPlus;
        use rand::{RngExt, SeedableRng};
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
        let (mut found, mut none) = (0, 0);
        for _ in 0..300 {
            let (w, h) = (rng.random_range(1..30), rng.random_range(1..20));
            let mut map = Map::open(w, h);
            for y in 0..h as i32 {
                for x in 0..w as i32 {
                    if rng.random_range(0..100) < 35 {
                        map.tiles.set(Pos::new(x, y), Tile::ALL[rng.random_range(0..Tile::ALL.len())]);
                    }
                }
            }
            let at = |rng: &mut Xoshiro256PlusPlus| {
                Pos::new(rng.random_range(-1..w as i32 + 1), rng.random_range(-1..h as i32 + 1))
            };
            for _ in 0..10 {
                let (from, goal) = (at(&mut rng), at(&mut rng));
                let (limit, doors) = (rng.random_range(0..40), rng.random_bool(0.5));
                let whole = DistanceMap::search(&map, goal, Some(limit), doors).path_from(from);
                assert_eq!(DistanceMap::route(&map, from, goal, limit, doors), whole, "{from:?} to {goal:?}");
                if whole.is_some() { found += 1 } else { none += 1 }
            }
        }
        assert!(found > 500 && none > 200, "{found} {none}");
    }
}
