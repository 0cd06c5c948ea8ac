//! What a monster does on its turn: its mind (unaware, hunting, searching, fleeing) and the
//! action it takes.
//!
//! **Sight.** A monster notices the player only through [`dda::line_of_sight`] within the
//! level's sight radius — the same radius the player sees with. By the visibility contract that
//! is exactly when the player's field of view holds the monster: if you see it, it sees you, and
//! it never sees you when you do not see it.
//!
//! **Movement.** Hunters and fleers read one [`DistanceMap`] from the player, built at most once
//! a turn, whatever their number. A hunter that loses sight searches a route to the cell where
//! it last saw the player once, follows it, looks around there for a few turns and gives up.
//! Nobody steps into a wall, onto another creature, or into a closed door it cannot open.
//!
//! **Archers** keep their distance and shoot only when [`crate::game::ranged::flight`] from them
//! to the player reaches the player: no wall, closed door, glass or other monster in the way.
//! When their line is blocked, they first look for a step to a cell with a clear shot.

use std::cell::OnceCell;

use super::creature::{Mind, Monster};
use super::distance_map::DistanceMap;
use super::ranged;
use super::state::GameState;
use crate::dda::{self, Stop};
use crate::fov::in_radius;
use crate::geometry::Pos;
use crate::map::Tile;

/// How many more turns a monster looks around the last seen cell after the turn it gets there
/// (when it already looks around) before it gives up: `SEARCH_TURNS + 1` turns of wandering.
pub const SEARCH_TURNS: u32 = 5;

/// A monster's choice for one turn.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MonsterAction {
    /// Stay put this turn.
    Wait,
    /// Step to the adjacent cell.
    Step(Pos),
    /// Open the closed door in the adjacent cell.
    OpenDoor(Pos),
    /// Strike the player, who is adjacent.
    Attack,
    /// Shoot the player: the path is clear.
    Shoot,
    /// Look around: a step to a free neighbour the turn loop draws at random.
    Wander,
}

/// What a monster decided: its action and its state of mind afterwards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    /// What it does this turn; the turn loop carries it out.
    pub action: MonsterAction,
    /// Its state of mind from now on, stored in [`Monster::mind`].
    pub mind: Mind,
    /// A new route to follow, when it changed.
    pub route: Option<Vec<Pos>>,
}

impl Decision {
    fn new(action: MonsterAction, mind: Mind) -> Self {
        Decision { action, mind, route: None }
    }
}

/// Whether a monster standing at `at` sees the player: line of sight within the level's sight
/// radius.
///
/// For every cell a monster can stand on this is exactly whether the player sees that cell:
///
/// ```
/// use sightline::game::{GameState, ai::sees_player};
/// use sightline::map::format::load_path;
///
/// let path = concat!(env!("CARGO_MANIFEST_DIR"), "/maps/pillars.ron");
/// let game = GameState::new(load_path(path.as_ref())?, 1)?;
/// let (mut seen, mut hidden) = (0, 0);
/// for (p, _) in game.map.tiles.iter().filter(|&(p, _)| !game.map.blocks_movement(p)) {
///     assert_eq!(sees_player(&game, p), game.is_visible(p), "at {p}");
///     if game.is_visible(p) { seen += 1 } else { hidden += 1 }
/// }
/// assert!(seen > 0 && hidden > 0); // the pillars cast shadows
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn sees_player(game: &GameState, at: Pos) -> bool {
    let target = game.player.pos;
    // The field of view's own radius rule, exact for every `u32` radius: squaring one past
    // 3,037,000,499 in `i64` would overflow, and the player would see monsters blind to them.
    in_radius(target, at, game.sight_radius) && dda::line_of_sight(at, target, &game.map)
}

/// How far the shared distance map searches: hunters see the player within the sight radius,
/// and the way round what stands between is rarely more than a few steps longer. A hunter the
/// search did not reach steps by the straight-line distance instead.
pub fn search_limit(game: &GameState) -> Option<u32> {
    // (Saturating: a radius near `u32::MAX` is as good as unlimited anyway.)
    game.sight_radius.map(|r| r.saturating_add(8))
}

/// The distance map of this turn, built on first use.
pub fn distances<'a>(game: &GameState, cache: &'a OnceCell<DistanceMap>) -> &'a DistanceMap {
    cache.get_or_init(|| DistanceMap::new(&game.map, game.player.pos, search_limit(game)))
}

/// Whether the monster could move into `p` now: terrain it can enter (or a door it can open) and
/// no creature there.
pub fn can_enter(game: &GameState, m: &Monster, p: Pos) -> bool {
    let tile = game.map.tile(p);
    let terrain = !tile.blocks_movement() || (tile == Tile::DoorClosed && m.stats().opens_doors);
    terrain && game.map.contains(p) && p != game.player.pos && game.monster_at(p).is_none()
}

/// The cells a wandering monster may step into now, in [`Pos::neighbours8`] order: inside the
/// map, terrain a creature stands on (a closed door is not wandered through), and free of the
/// player and every monster. Eight look-ups in the index of who stands where, whatever the
/// number of monsters.
pub fn wander_steps(game: &GameState, m: &Monster) -> impl Iterator<Item = Pos> {
    m.pos.neighbours8().into_iter().filter(move |&n| {
        game.map.contains(n)
            && !game.map.blocks_movement(n)
            && n != game.player.pos
            && game.monster_at(n).is_none()
    })
}

/// Decides what the monster at index `i` of `game.monsters` does this turn. Pure: the turn loop
/// applies the decision.
pub fn decide(game: &GameState, i: usize, cache: &OnceCell<DistanceMap>) -> Decision {
    let m = &game.monsters[i];
    if sees_player(game, m.pos) {
        let stats = m.stats();
        let hurt = stats.flees_at > 0 && m.hp * 100 <= stats.flees_at as i32 * stats.max_hp;
        let (action, mind) = if hurt {
            (flee(game, m, cache), Mind::Fleeing)
        } else {
            (hunt(game, m, cache), Mind::Hunting { last_seen: game.player.pos })
        };
        return Decision { action, mind, route: Some(Vec::new()) };
    }
    match m.mind {
        Mind::Unaware => Decision::new(MonsterAction::Wait, Mind::Unaware),
        // Out of sight, it stops running and calms down.
        Mind::Fleeing => Decision::new(MonsterAction::Wait, Mind::Unaware),
        Mind::Searching { turns_left: 0 } => Decision::new(MonsterAction::Wait, Mind::Unaware),
        Mind::Searching { turns_left } => {
            Decision::new(MonsterAction::Wander, Mind::Searching { turns_left: turns_left - 1 })
        }
        Mind::Hunting { last_seen } => {
            // It looks around where it stands once it is there, or when it cannot get there:
            // no way at all, or someone in the way (waiting could last for ever).
            let search_here = Decision {
                route: Some(Vec::new()),
                ..Decision::new(MonsterAction::Wander, Mind::Searching { turns_left: SEARCH_TURNS })
            };
            if m.pos == last_seen {
                return search_here;
            }
            let kept = m.route.last() == Some(&last_seen) && m.route[0].chebyshev(m.pos) == 1;
            let fresh = match kept {
                true => None,
                false => match route_to(game, m, last_seen) {
                    Some(route) => Some(route),
                    None => return search_here,
                },
            };
            let next = match &fresh {
                Some(route) => route[0],
                None => m.route[0],
            };
            if !can_enter(game, m, next) {
                return search_here;
            }
            let action = if game.map.tile(next) == Tile::DoorClosed {
                MonsterAction::OpenDoor(next)
            } else {
                MonsterAction::Step(next)
            };
            Decision { action, mind: m.mind.clone(), route: fresh }
        }
    }
}

/// The monster's move toward the player it sees.
fn hunt(game: &GameState, m: &Monster, cache: &OnceCell<DistanceMap>) -> MonsterAction {
    let target = game.player.pos;
    let adjacent = m.pos.chebyshev(target) == 1;
    if let Some(bow) = m.stats().bow {
        if m.pos.chebyshev(target) <= bow.keep_away
            && let Some(away) = step_by(game, m, cache, Way::Away)
        {
            return away;
        }
        if clear_shot(game, m.pos, bow.range) {
            return MonsterAction::Shoot;
        }
        // Its line blocked (an ally in the way, a pillar) or too long: a step to a free cell that
        // has a clear shot and keeps its distance, before walking in behind the blocker.
        if let Some(to) = m.pos.neighbours8().into_iter().find(|&n| {
            n.chebyshev(target) > bow.keep_away
                && game.map.tile(n) != Tile::DoorClosed
                && can_enter(game, m, n)
                && clear_shot(game, n, bow.range)
        }) {
            return MonsterAction::Step(to);
        }
    }
    if adjacent {
        return MonsterAction::Attack;
    }
    step_by(game, m, cache, Way::Toward).unwrap_or(MonsterAction::Wait)
}

/// The badly hurt monster's move away from the player; cornered, it fights.
fn flee(game: &GameState, m: &Monster, cache: &OnceCell<DistanceMap>) -> MonsterAction {
    if let Some(away) = step_by(game, m, cache, Way::Away) {
        return away;
    }
    if m.pos.chebyshev(game.player.pos) == 1 {
        MonsterAction::Attack
    } else if m.stats().bow.is_some_and(|b| clear_shot(game, m.pos, b.range)) {
        MonsterAction::Shoot
    } else {
        MonsterAction::Wait
    }
}

/// Which way a step goes, by the distance map.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Way {
    Toward,
    Away,
}

/// The best free step by the distance map: the neighbour with the fewest steps to the player
/// (`Toward`) or the most (`Away`), and strictly better than where it stands; ties go to the
/// first neighbour in [`Pos::neighbours8`] order. A monster outside the searched area goes by
/// the straight-line distance instead.
fn step_by(game: &GameState, m: &Monster, cache: &OnceCell<DistanceMap>, way: Way) -> Option<MonsterAction> {
    let dist = distances(game, cache);
    let target = game.player.pos;
    let mapped = dist.get(m.pos).is_some();
    let measure = |p: Pos| if mapped { dist.get(p).map(i64::from) } else { Some(p.dist2(target)) };
    let here = measure(m.pos)?;
    let key = |d: i64| if way == Way::Toward { d } else { -d };
    let mut best: Option<(i64, Pos)> = None;
    for n in m.pos.neighbours8() {
        let Some(there) = measure(n) else { continue };
        // The occupancy check only for steps worth taking.
        if key(there) < key(here) && best.is_none_or(|(b, _)| key(there) < b) && can_enter(game, m, n) {
            best = Some((key(there), n));
        }
    }
    best.map(|(_, to)| {
        if game.map.tile(to) == Tile::DoorClosed {
            MonsterAction::OpenDoor(to)
        } else {
            MonsterAction::Step(to)
        }
    })
}

/// Whether a missile from `from` would reach the player: no blocker and no other creature on
/// its line first, and the player within `range`.
pub fn clear_shot(game: &GameState, from: Pos, range: u32) -> bool {
    let target = game.player.pos;
    let flight =
        ranged::flight(&game.map, from, target, range, |p| p == target || game.monster_at(p).is_some());
    flight.stop() == Stop::Hit(target)
}

/// The steps from the monster to `goal` over cells it can enter (creatures aside): a search
/// out from `goal` no farther than a few steps beyond the monster (a last seen cell is never far,
/// and the search stays small), then the way back down it.
fn route_to(game: &GameState, m: &Monster, goal: Pos) -> Option<Vec<Pos>> {
    const DETOUR: u32 = 6;
    let limit = m.pos.chebyshev(goal) + DETOUR;
    DistanceMap::route(&game.map, m.pos, goal, limit, m.stats().opens_doors)
}
