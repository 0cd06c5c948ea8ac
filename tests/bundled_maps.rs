//! The six bundled maps load through the library and keep the promises their descriptions and
//! the README make: one start, an exit the player can walk to, a closed border, every spawn
//! reachable, staircase walls everywhere but on the map that shows off diagonal gaps, and each
//! map's own purpose (the default dungeon's mix, the large map's size, the diagonal rooms that
//! leak or seal).

use std::collections::HashMap;
use std::path::Path;

use pathfinding::prelude::bfs_reach;
use sightline::dda::line_of_sight;
use sightline::map::MonsterKind;
use sightline::{Map, Pos, Tile};

const BUNDLED: [&str; 6] = ["dungeon", "cave", "pillars", "diagonals", "glass", "large"];

fn load(name: &str) -> Map {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps").join(format!("{name}.ron"));
    Map::load(&path).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Where a walker can go: anything that does not block movement, plus closed doors (the player
/// opens them). Four-connected, so no step squeezes between two diagonal walls.
fn walkable(map: &Map, p: Pos) -> bool {
    map.contains(p) && (!map.blocks_movement(p) || map.tile(p) == Tile::DoorClosed)
}

/// Walking distance (in orthogonal steps) from the player start to every reachable cell.
fn distances(map: &Map) -> HashMap<Pos, u32> {
    let start = map.player_start.expect("a bundled map has a player start");
    let mut dist = HashMap::from([(start, 0)]);
    let mut frontier = vec![start];
    let mut d = 0;
    while !frontier.is_empty() {
        d += 1;
        let mut next = Vec::new();
        for p in frontier {
            for n in [
                Pos::new(p.x + 1, p.y),
                Pos::new(p.x - 1, p.y),
                Pos::new(p.x, p.y + 1),
                Pos::new(p.x, p.y - 1),
            ] {
                if walkable(map, n) && !dist.contains_key(&n) {
                    dist.insert(n, d);
                    next.push(n);
                }
            }
        }
        frontier = next;
    }
    dist
}

fn cells_of(map: &Map, tile: Tile) -> Vec<Pos> {
    map.tiles.iter().filter(|(_, t)| **t == tile).map(|(p, _)| p).collect()
}

fn count(map: &Map, kind: MonsterKind) -> usize {
    map.monsters.iter().filter(|m| m.kind == kind).count()
}

#[test]
fn every_bundled_map_loads_is_playable_and_is_described() {
    for name in BUNDLED {
        let map = load(name);
        map.check_playable(name).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(!map.meta.name.is_empty(), "{name}");
        assert!(map.meta.description.as_deref().is_some_and(|d| d.len() > 40), "{name}");
        assert_eq!(map.meta.author.as_deref(), Some("sightline"), "{name}");
        assert!(map.meta.sight_radius.is_some(), "{name}");
    }
}

#[test]
fn every_floor_spawn_and_exit_is_reachable_and_the_border_is_closed() {
    for name in BUNDLED {
        let map = load(name);
        let (w, h) = (map.width() as i32, map.height() as i32);
        for (p, _) in map.tiles.iter() {
            if p.x == 0 || p.y == 0 || p.x == w - 1 || p.y == h - 1 {
                assert_eq!(map.tile(p), Tile::Wall, "{name}: border cell {p} is open");
            }
        }
        let dist = distances(&map);
        for (p, _) in map.tiles.iter() {
            if walkable(&map, p) {
                assert!(dist.contains_key(&p), "{name}: {p} ({:?}) cannot be reached", map.tile(p));
            }
        }
        let exits = cells_of(&map, Tile::Exit);
        assert_eq!(exits.len(), 1, "{name}: exits {exits:?}");
        for spawn in map.monsters.iter().map(|m| m.pos).chain(map.items.iter().map(|i| i.pos)) {
            assert_eq!(map.tile(spawn), Tile::Floor, "{name}: spawn at {spawn}");
        }
    }
}

#[test]
fn pathfinding_agrees_that_the_exit_is_reachable() {
    // An independent walker (the pathfinding crate) over the same rule.
    for name in BUNDLED {
        let map = load(name);
        let exit = cells_of(&map, Tile::Exit)[0];
        let reached = bfs_reach(map.player_start.unwrap(), |&p| {
            [Pos::new(p.x + 1, p.y), Pos::new(p.x - 1, p.y), Pos::new(p.x, p.y + 1), Pos::new(p.x, p.y - 1)]
                .into_iter()
                .filter(|&n| walkable(&map, n))
                .collect::<Vec<_>>()
        })
        .any(|p| p == exit);
        assert!(reached, "{name}");
    }
}

#[test]
fn only_the_diagonals_map_has_thin_diagonal_walls() {
    for name in BUNDLED {
        let thin = load(name).thin_diagonals();
        if name == "diagonals" {
            // Two rooms, each split by a line of 15 single cells: 14 corner contacts apiece.
            assert_eq!(thin.len(), 28, "{name}");
        } else {
            assert!(thin.is_empty(), "{name}: {thin:?}");
        }
    }
}

#[test]
fn the_default_dungeon_has_the_promised_mix() {
    let map = load("dungeon");
    assert!((70..=90).contains(&map.width()) && (30..=45).contains(&map.height()));
    assert!((10..=14).contains(&map.meta.sight_radius.unwrap()));
    assert!((8..=14).contains(&map.monsters.len()), "{}", map.monsters.len());
    assert!(count(&map, MonsterKind::Archer) >= 3);
    for kind in [MonsterKind::Goblin, MonsterKind::Orc, MonsterKind::Rat] {
        assert!(count(&map, kind) >= 1, "{kind:?}");
    }
    for tile in [Tile::DoorClosed, Tile::DoorOpen, Tile::Glass, Tile::Water] {
        assert!(!cells_of(&map, tile).is_empty(), "{tile:?}");
    }
    let kinds: std::collections::HashSet<_> = map.items.iter().map(|i| i.kind).collect();
    assert_eq!(kinds.len(), 3, "potions, arrows and gold");
    let start = map.player_start.unwrap();
    for archer in map.monsters.iter().filter(|m| m.kind == MonsterKind::Archer) {
        assert!(!line_of_sight(start, archer.pos, &map), "archer at {} sees the start", archer.pos);
    }
    // The exit is far: more than the map's width in steps.
    let exit = cells_of(&map, Tile::Exit)[0];
    assert!(distances(&map)[&exit] > map.width() as u32);
}

#[test]
fn the_large_map_is_a_whole_level() {
    let map = load("large");
    assert!(map.width() >= 200 && map.height() >= 200);
    assert!(map.monsters.len() >= 60, "{}", map.monsters.len());
    assert!(count(&map, MonsterKind::Archer) >= 10);
    assert!(map.items.len() >= 20);
    // Spread out: monsters in at least 20 of the 30 sectors of a 6x5 plan.
    let sectors: std::collections::HashSet<_> = map
        .monsters
        .iter()
        .map(|m| (m.pos.x as usize * 6 / map.width(), m.pos.y as usize * 5 / map.height()))
        .collect();
    assert!(sectors.len() >= 20, "{}", sectors.len());
    let exit = cells_of(&map, Tile::Exit)[0];
    assert!(distances(&map)[&exit] >= 300);
    let start = map.player_start.unwrap();
    for archer in map.monsters.iter().filter(|m| m.kind == MonsterKind::Archer) {
        assert!(!line_of_sight(start, archer.pos, &map), "archer at {} sees the start", archer.pos);
    }
}

/// The floor cells of one 15x15 room interior of diagonals.ron, split by which side of its
/// diagonal they lie on.
fn halves(map: &Map, origin: Pos, first_side: impl Fn(i32, i32) -> bool) -> (Vec<Pos>, Vec<Pos>) {
    let mut sides = (Vec::new(), Vec::new());
    for y in 1..16 {
        for x in 1..16 {
            let p = Pos::new(origin.x + x, origin.y + y);
            if map.blocks_sight(p) {
                continue;
            }
            if first_side(x, y) { sides.0.push(p) } else { sides.1.push(p) }
        }
    }
    sides
}

#[test]
fn diagonal_lines_leak_and_staircases_seal() {
    let map = load("diagonals");
    // North-west room: a line of single cells. From the start, the goblin and the rat beyond it
    // are in sight (the description says so), and so is a fair share of the far side.
    let start = map.player_start.unwrap();
    let (near, far) = halves(&map, Pos::new(0, 0), |x, y| x < y);
    assert!(near.contains(&start));
    let beyond: Vec<_> = map.monsters.iter().filter(|m| far.contains(&m.pos)).collect();
    assert_eq!(beyond.len(), 2);
    assert!(beyond.iter().all(|m| line_of_sight(start, m.pos, &map)));
    let seen = far.iter().filter(|&&p| line_of_sight(start, p, &map)).count();
    assert!(seen * 5 > far.len() && seen < far.len(), "speckled: {seen} of {}", far.len());

    // North-east ("/") and south-east ("\") rooms: the same diagonals as staircases. Nothing on
    // one side sees anything on the other.
    for (origin, side) in [
        (Pos::new(18, 0), &(|x: i32, y: i32| x + y < 15) as &dyn Fn(i32, i32) -> bool),
        (Pos::new(18, 18), &|x: i32, y: i32| x > y + 1),
    ] {
        let (a, b) = halves(&map, origin, side);
        assert!(a.len() > 80 && b.len() > 80, "{} {}", a.len(), b.len());
        for &p in &a {
            for &q in &b {
                assert!(!line_of_sight(p, q, &map), "{p} sees {q} through the staircase");
            }
        }
    }
}

#[test]
fn glass_and_water_show_what_they_bar() {
    let map = load("glass");
    let start = map.player_start.unwrap();
    let dist = distances(&map);
    // Monsters seen through the tank glass at the start are a long walk away.
    let behind_glass: Vec<_> =
        map.monsters.iter().filter(|m| line_of_sight(start, m.pos, &map) && dist[&m.pos] > 20).collect();
    assert!(behind_glass.len() >= 2, "{behind_glass:?}");
    // The exit is visible from the moat's walkway, across water and through glass, long before
    // it can be reached: some walkway cell sees it, and every path to it is far longer.
    let exit = cells_of(&map, Tile::Exit)[0];
    let across = (0..map.height() as i32)
        .flat_map(|y| (0..map.width() as i32).map(move |x| Pos::new(x, y)))
        .filter(|&p| map.tile(p) == Tile::Floor && dist.contains_key(&p))
        .filter(|&p| {
            // Walking from p takes at least dist(exit) - dist(p) steps (triangle inequality).
            let d = (p.x - exit.x).abs() + (p.y - exit.y).abs();
            line_of_sight(p, exit, &map) && i64::from(dist[&exit]) - i64::from(dist[&p]) > 2 * i64::from(d)
        })
        .count();
    assert!(across > 0);
}
