//! Ranged combat: arrows along DDA lines.
//!
//! The player's arrow and the targeting preview follow [`flight`], which is
//! [`dda::projectile`] over [`MissileWorld`]: the line the player saw, continued past the target,
//! stopped by the first cell that blocks it or the first creature on it; an archer shoots only
//! when that flight would reach the player. A player's arrow that misses its creature flies on
//! along the same line; an archer's miss simply misses.
//!
//! **Arrows are conserved.** The player's arrows are carried, lie on the floor (as
//! [`FloorItem`]s), or are broken ([`GameState::arrows_broken`]); nothing else makes or
//! destroys one, so their sum never changes. A spent arrow lands where its flight ended — in
//! the cell of the creature it hit, before the wall that stopped it, or at the end of its range
//! — and some break. Archers' arrows are their own and are not left on the floor.

use rand::RngExt;
use serde::{Deserialize, Serialize};

use super::creature::{Bow, PLAYER_BOW};
use super::item::FloorItem;
use super::state::GameState;
use crate::dda::{self, Flight, Stop};
use crate::geometry::{Opacity, Pos};
use crate::map::{ItemKind, Map, Tile};

/// One arrow in this many breaks when it hits a creature.
pub const BREAKS_ON_HIT: u32 = 4;
/// One arrow in this many breaks when it strikes a wall, a door or glass.
pub const BREAKS_ON_WALL: u32 = 3;

/// What stops a missile: what stops sight (walls, closed doors), and panes of glass, which let
/// sight through but not an arrow. Water does not: arrows fly over it.
pub struct MissileWorld<'a>(pub &'a Map);

impl Opacity for MissileWorld<'_> {
    fn is_opaque(&self, p: Pos) -> bool {
        stops_missiles(self.0.tile(p))
    }
}

/// Whether a missile stops at a cell of this terrain: one that stops sight, or glass.
fn stops_missiles(tile: Tile) -> bool {
    tile.blocks_sight() || tile == Tile::Glass
}

/// The flight of a missile from `from` aimed at `target`, at most `range` away; `occupied`
/// says where a creature stands that the missile would hit.
pub fn flight(map: &Map, from: Pos, target: Pos, range: u32, occupied: impl FnMut(Pos) -> bool) -> Flight {
    dda::projectile(from, target, range, &MissileWorld(map), occupied)
}

/// The player's shot at `target` as the player can foresee it: stopped by the first blocker the
/// player knows of (in view, or remembered) or the first monster *in view* on the line. This is
/// the targeting preview. The shot itself ([`Action::Fire`](crate::game::Action::Fire)) walks
/// the same line and stops at the first blocker or monster, known or not, so its path is this
/// one, or the start of it when something unseen is in the way. (A preview stopped by what the
/// player cannot see would tell where an unexplored wall or a hidden creature is.)
pub fn preview(game: &GameState, target: Pos) -> Flight {
    dda::projectile(game.player.pos, target, PLAYER_BOW.range, &KnownMissileWorld(game), |p| {
        game.is_visible(p) && game.monster_at(p).is_some()
    })
}

/// [`preview`] as if every arrow missed: the line an arrow flies along when it misses every
/// monster on it, up to the first blocker the player knows of or the end of the bow's range. A
/// missed arrow flies on ([`Action::Fire`](crate::game::Action::Fire)), so this is where a miss
/// can go; [`preview`]'s path is its start.
pub fn preview_past_monsters(game: &GameState, target: Pos) -> Flight {
    dda::projectile(game.player.pos, target, PLAYER_BOW.range, &KnownMissileWorld(game), |_| false)
}

/// [`MissileWorld`] as the player knows it: a cell in view as it is, any other as remembered,
/// and one never seen as open (nothing known stops the arrow there). Outside the map blocks, as
/// it does for the arrow.
struct KnownMissileWorld<'a>(&'a GameState);

impl Opacity for KnownMissileWorld<'_> {
    fn is_opaque(&self, p: Pos) -> bool {
        !self.0.map.contains(p) || self.0.known_tile(p).is_some_and(stops_missiles)
    }
}

/// The chance in percent that a shot from `bow` hits a creature `d` king moves away.
pub fn hit_chance(bow: Bow, d: u32) -> u32 {
    bow.to_hit.saturating_sub(bow.falloff * d.saturating_sub(1)).max(5)
}

/// The cell a spent arrow ends up in: the last cell of its flight a creature could stand on
/// (not over water, not in a wall it grazed), else the shooter's own.
fn resting_cell(map: &Map, from: Pos, flight: &Flight) -> Pos {
    flight.cells().iter().rev().copied().find(|&c| !map.blocks_movement(c)).unwrap_or(from)
}

/// Where a shot ended: [`Stop`], in a form a save can hold.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ShotEnd {
    /// It hit the creature in this cell.
    Hit(Pos),
    /// This cell stopped it.
    Blocked(Pos),
    /// It fell at the end of its range, in this cell.
    MaxRange(Pos),
}

impl From<Stop> for ShotEnd {
    fn from(stop: Stop) -> Self {
        match stop {
            Stop::Hit(p) => ShotEnd::Hit(p),
            Stop::Blocked(p) => ShotEnd::Blocked(p),
            Stop::MaxRange(p) => ShotEnd::MaxRange(p),
        }
    }
}

/// What happened to the player's last shot (kept in the state, so the interface and the tests
/// can read the path it really took).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShotReport {
    /// Every cell the arrow flew through, in order (past any creature it missed).
    pub path: Vec<Pos>,
    /// Where it ended: hit a creature, struck a blocker, or fell at the end of its range.
    pub end: ShotEnd,
    /// Whether it broke; if not it lies at [`ShotReport::rest`].
    pub broke: bool,
    /// Where the spent arrow lies: the last cell of its flight a creature could stand on (not
    /// over water, not inside a wall it grazed), else the shooter's own cell. Set even when it
    /// broke, but then nothing lies there.
    pub rest: Pos,
}

impl GameState {
    /// The player shoots one arrow at `target`. False, taking no turn, with no arrow or no
    /// direction. The arrow flies along [`flight`]; at each monster on its line a roll decides
    /// whether it hits (and how hard); a miss flies on along the same line.
    pub(crate) fn fire(&mut self, target: Pos) -> bool {
        if self.player.arrows == 0 {
            self.log.push(self.turn, "You have no arrows.");
            return false;
        }
        if target == self.player.pos {
            self.log.push(self.turn, "Aim at something other than yourself.");
            return false;
        }
        self.player.arrows -= 1;
        let report = self.shoot_player_arrow(target);
        self.last_shot = Some(report);
        true
    }

    fn shoot_player_arrow(&mut self, target: Pos) -> ShotReport {
        let from = self.player.pos;
        let mut missed: Vec<Pos> = Vec::new();
        loop {
            let flight = flight(&self.map, from, target, PLAYER_BOW.range, |p| {
                !missed.contains(&p) && self.monster_at(p).is_some()
            });
            let path = flight.cells().to_vec();
            match flight.stop() {
                Stop::Hit(at) => {
                    let i = self.monster_index(at).expect("a monster was hit");
                    let (name, about) = (self.monsters[i].name(), self.about(i));
                    let chance = hit_chance(PLAYER_BOW, from.chebyshev(at));
                    if self.rng.random_range(0..100) >= chance {
                        self.log.push_about(self.turn, format!("Your arrow misses the {name}."), about);
                        missed.push(at);
                        continue;
                    }
                    let damage = self.rng.random_range(PLAYER_BOW.damage.0..=PLAYER_BOW.damage.1);
                    self.monsters[i].hp = self.monsters[i].hp.saturating_sub(damage);
                    if self.monsters[i].hp <= 0 {
                        self.remove_monster(i);
                        self.player.kills = self.player.kills.saturating_add(1);
                        self.log.push_about(
                            self.turn,
                            format!("Your arrow hits the {name} for {damage} and kills it!"),
                            about,
                        );
                    } else {
                        let text = format!("Your arrow hits the {name} for {damage}.");
                        self.log.push_about(self.turn, text, about);
                        // Shot at, it knows where you are.
                        self.monsters[i].mind = super::creature::Mind::Hunting { last_seen: from };
                    }
                    let broke = self.rng.random_range(0..BREAKS_ON_HIT) == 0;
                    if broke {
                        // (said in the hit's own line: an arrow that is not picked up again is
                        // accounted for, as one that breaks on a wall is)
                        self.log.append_to_last(" The arrow breaks.");
                    }
                    return self.land_arrow(path, flight.stop(), at, broke);
                }
                Stop::Blocked(wall) => {
                    // (past an open edge of the map, outside is what stops it)
                    let what = if self.map.contains(wall) {
                        self.map.tile(wall).name()
                    } else {
                        "the edge of the map"
                    };
                    let broke = self.rng.random_range(0..BREAKS_ON_WALL) == 0;
                    let text = if broke {
                        format!("Your arrow strikes {what} and breaks.")
                    } else {
                        format!("Your arrow strikes {what}.")
                    };
                    self.log.push(self.turn, text);
                    let rest = resting_cell(&self.map, from, &flight);
                    self.tell_rest_at_feet(from, rest, broke);
                    return self.land_arrow(path, flight.stop(), rest, broke);
                }
                Stop::MaxRange(_) => {
                    self.log.push(self.turn, "Your arrow flies out of range and falls.");
                    let rest = resting_cell(&self.map, from, &flight);
                    self.tell_rest_at_feet(from, rest, false);
                    return self.land_arrow(path, flight.stop(), rest, false);
                }
            }
        }
    }

    /// Says so when a spent arrow that did not break comes to rest on the shooter's own cell
    /// `from`: no cell of its flight could hold it (water, glass), and the player would
    /// otherwise find it at their feet with no word why (QA).
    fn tell_rest_at_feet(&mut self, from: Pos, rest: Pos, broke: bool) {
        if !broke && rest == from {
            self.log.append_to_last(" With nowhere to land along its flight, it ends up at your feet.");
        }
    }

    /// Puts a spent arrow on the floor at `rest` (with any arrows already there), or counts it
    /// broken.
    fn land_arrow(&mut self, path: Vec<Pos>, stop: Stop, rest: Pos, broke: bool) -> ShotReport {
        if broke {
            self.arrows_broken = self.arrows_broken.saturating_add(1);
        } else if let Some(pile) = self.items.iter_mut().find(|i| i.pos == rest && i.kind == ItemKind::Arrows)
        {
            pile.amount = pile.amount.saturating_add(1);
        } else {
            self.items.push(FloorItem { kind: ItemKind::Arrows, pos: rest, amount: 1 });
        }
        ShotReport { path, end: stop.into(), broke, rest }
    }

    /// The monster at index `i` shoots the player with `bow` (the caller checked the line is
    /// clear). Returns false when the player dies.
    pub(crate) fn monster_shoots(&mut self, i: usize, bow: Bow) -> bool {
        let m = &self.monsters[i];
        let (name, about) = (m.name(), self.about(i));
        let chance = hit_chance(bow, m.pos.chebyshev(self.player.pos));
        if self.rng.random_range(0..100) >= chance {
            self.log.push_about(self.turn, format!("The {name}'s arrow misses you."), about);
            return true;
        }
        let damage = self.rng.random_range(bow.damage.0..=bow.damage.1);
        self.log.push_about(self.turn, format!("The {name}'s arrow hits you for {damage}."), about);
        self.hurt_player(name, damage)
    }
}
