//! Long play: 100,000 turns of random actions on four bundled maps (25,000 turns each, a new
//! game with the next seed whenever one ends), headless — the game rules only, no terminal.
//!
//! After every action the state must hold what the rules promise:
//! - no two creatures share a cell, and none stands on a cell that blocks movement;
//! - hit points stay within bounds (living monsters above 0, the player above 0 exactly while
//!   alive, nobody above their maximum);
//! - arrows are conserved: those carried, on the floor and broken always add up to the same
//!   number (the player shoots often, at monsters in view and at random cells);
//! - the memory holds every cell that was ever in view, and what it holds for a cell in view is
//!   what is there;
//! - the turn counter counts exactly the actions that took a turn;
//! - every monster is found where it stands by `monster_at` (the index of who stands where is
//!   kept in step through every move and kill);
//!
//! and on every 500th turn the player's field of view is exactly the reference implementation's
//! (`fov::reference`, the slow obvious one), cell for cell, and the game equals itself with its
//! derived state (the view, the index of who stands where) rebuilt from scratch.

use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use sightline::Pos;
use sightline::fov::{Fov, reference};
use sightline::game::{Acted, Action, Dir, GameState, Outcome};
use sightline::map::format::parse_ron;
use sightline::map::{ItemKind, Map};

const TURNS_PER_MAP: u64 = 25_000;
const FOV_SAMPLE_EVERY: u64 = 500;

fn bundled(name: &str, source: &str) -> Map {
    parse_ron(source, name).expect("a bundled map loads")
}

/// Random but purposeful play: mostly walking, keeping a direction for a while so the player
/// explores instead of pacing, with every other action mixed in.
struct Player {
    rng: Xoshiro256PlusPlus,
    heading: Dir,
}

impl Player {
    fn next(&mut self, game: &GameState) -> Action {
        let dir = |rng: &mut Xoshiro256PlusPlus| Dir::ALL[rng.random_range(0..8)];
        match self.rng.random_range(0..100) {
            0..55 => Action::Move(self.heading),
            55..70 => {
                self.heading = dir(&mut self.rng);
                Action::Move(self.heading)
            }
            70..75 => Action::Wait,
            75..79 => Action::Open(dir(&mut self.rng)),
            79..83 => Action::Close(dir(&mut self.rng)),
            83..89 => Action::PickUp,
            89..91 => Action::Quaff,
            // Shoot: at the nearest monster in view, or anywhere near (into walls, out of range).
            91..99 => match game.visible_monsters().first() {
                Some(m) if self.rng.random_bool(0.7) => Action::Fire { target: m.pos },
                _ => {
                    let (dx, dy) = (self.rng.random_range(-14..=14), self.rng.random_range(-14..=14));
                    Action::Fire { target: game.player.pos + Pos::new(dx, dy) }
                }
            },
            _ => Action::TakeExit,
        }
    }
}

/// Every arrow of the player's in the game, wherever it is: carried, on the floor, or broken.
/// (None is in flight between turns: a shot flies and lands within the turn it is loosed.)
fn arrows(game: &GameState) -> u64 {
    let on_floor: u64 =
        game.items.iter().filter(|i| i.kind == ItemKind::Arrows).map(|i| u64::from(i.amount)).sum();
    u64::from(game.player.arrows) + on_floor + u64::from(game.arrows_broken)
}

/// What one game has shown the player so far, to check the memory against.
struct Seen {
    ever: Vec<bool>,
    cells: Vec<Pos>,
    width: usize,
}

impl Seen {
    fn new(map: &Map) -> Self {
        Seen { ever: vec![false; map.width() * map.height()], cells: Vec::new(), width: map.width() }
    }

    fn add(&mut self, view: &[Pos]) {
        for &p in view {
            let i = p.y as usize * self.width + p.x as usize;
            if !self.ever[i] {
                self.ever[i] = true;
                self.cells.push(p);
            }
        }
    }
}

fn check_invariants(game: &GameState, arrows_at_start: u64, seen: &Seen, at: &str) {
    let map = &game.map;
    let mut occupied: Vec<Pos> = game.monsters.iter().map(|m| m.pos).collect();
    occupied.push(game.player.pos);
    occupied.sort();
    let before = occupied.len();
    occupied.dedup();
    assert_eq!(occupied.len(), before, "{at}: two creatures share a cell");
    assert!(
        !map.blocks_movement(game.player.pos),
        "{at}: the player stands in {:?}",
        map.tile(game.player.pos)
    );
    for m in &game.monsters {
        assert!(!map.blocks_movement(m.pos), "{at}: a {} stands in {:?}", m.name(), map.tile(m.pos));
        let found = game.monster_at(m.pos).map(|o| o.id);
        assert_eq!(found, Some(m.id), "{at}: the {} (id {}) at {} is not found there", m.name(), m.id, m.pos);
        assert!(m.hp > 0 && m.hp <= m.stats().max_hp, "{at}: a {} has {} hp", m.name(), m.hp);
    }
    let p = &game.player;
    assert!(p.hp <= p.max_hp, "{at}: the player has {} of {} hp", p.hp, p.max_hp);
    assert_eq!(
        p.hp <= 0,
        matches!(game.outcome, Outcome::Dead { .. }),
        "{at}: {} hp, {:?}",
        p.hp,
        game.outcome
    );
    for item in &game.items {
        assert!(!map.blocks_movement(item.pos), "{at}: an item lies in {:?}", map.tile(item.pos));
    }
    assert_eq!(arrows(game), arrows_at_start, "{at}: arrows appeared or vanished");
    for &c in game.view().cells() {
        assert_eq!(game.memory.tile(c), Some(map.tile(c)), "{at}: {c} is in view but remembered wrong");
    }
    for &c in &seen.cells {
        assert!(game.memory.is_known(c), "{at}: {c} was in view once and is forgotten");
    }
}

/// The player's view, cell for cell, against the reference implementation.
fn check_fov_against_reference(game: &GameState, at: &str) {
    let mut expected = Fov::for_map(&game.map);
    reference::compute(game.player.pos, game.sight_radius, &game.map, &mut expected);
    let mut want = expected.cells().to_vec();
    let mut got = game.view().cells().to_vec();
    want.sort();
    got.sort();
    assert_eq!(got, want, "{at}: the game's view differs from the reference");
    let mut fresh = game.clone();
    fresh.restore_derived();
    assert!(fresh == *game, "{at}: the derived state differs from the state rebuilt afresh");
}

/// Plays `TURNS_PER_MAP` turns on `map`, starting a new game (next seed) whenever one ends.
fn soak(name: &str, map: Map, first_seed: u64) {
    let mut input = Player { rng: Xoshiro256PlusPlus::seed_from_u64(first_seed), heading: Dir::E };
    let (mut turns, mut games, mut sampled, mut shots) = (0u64, 0u64, 0u64, 0u64);
    let mut outcomes = (0, 0);
    while turns < TURNS_PER_MAP {
        let seed = first_seed + games;
        games += 1;
        let mut game = GameState::new(map.clone(), seed).expect("a bundled map starts a game");
        let arrows_at_start = arrows(&game);
        let mut seen = Seen::new(&game.map);
        seen.add(game.view().cells());
        check_invariants(&game, arrows_at_start, &seen, &format!("{name} seed {seed} start"));
        while !game.is_over() && turns < TURNS_PER_MAP {
            let action = input.next(&game);
            let turn_before = game.turn;
            let acted = game.act(action);
            let at = format!("{name} seed {seed} turn {} after {action:?}", game.turn);
            match acted {
                Acted::Turn => {
                    assert_eq!(game.turn, turn_before + 1, "{at}");
                    turns += 1;
                    shots += u64::from(matches!(action, Action::Fire { .. }));
                }
                Acted::NoTurn => assert_eq!(game.turn, turn_before, "{at}: no turn, yet the clock moved"),
            }
            seen.add(game.view().cells());
            check_invariants(&game, arrows_at_start, &seen, &at);
            if acted == Acted::Turn && turns.is_multiple_of(FOV_SAMPLE_EVERY) {
                check_fov_against_reference(&game, &at);
                sampled += 1;
            }
        }
        match game.outcome {
            Outcome::Won => outcomes.0 += 1,
            Outcome::Dead { .. } => outcomes.1 += 1,
            Outcome::Playing => {}
        }
    }
    eprintln!(
        "{name}: {turns} turns in {games} games ({} won, {} lost), {shots} arrows shot, {sampled} views \
         checked against the reference",
        outcomes.0, outcomes.1
    );
    assert!(shots > 20, "the player shot arrows: {shots}");
    assert_eq!(sampled, TURNS_PER_MAP / FOV_SAMPLE_EVERY);
}

#[test]
fn soak_dungeon() {
    soak("dungeon", bundled("dungeon.ron", include_str!("../maps/dungeon.ron")), 1_000);
}

#[test]
fn soak_cave() {
    soak("cave", bundled("cave.ron", include_str!("../maps/cave.ron")), 2_000);
}

#[test]
fn soak_large() {
    soak("large", bundled("large.ron", include_str!("../maps/large.ron")), 3_000);
}

#[test]
fn soak_diagonals() {
    soak("diagonals", bundled("diagonals.ron", include_str!("../maps/diagonals.ron")), 4_000);
}
