//! The player and the monsters, and the stat table every monster kind draws from.

use serde::{Deserialize, Serialize};

use crate::geometry::Pos;
use crate::map::MonsterKind;

/// What a kind of creature is made of. One table, read by the combat rules and the AI, so a new
/// kind (or a rebalanced one) is a new row, not new code.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Stats {
    pub max_hp: i32,
    /// Melee damage, inclusive range.
    pub damage: (i32, i32),
    /// Chance to hit in melee, in percent.
    pub to_hit: u32,
    /// How far the creature sees, in cells (a radius, as the FOV takes it).
    pub sight: u32,
}

/// The stats of a monster kind.
pub fn stats(kind: MonsterKind) -> Stats {
    match kind {
        MonsterKind::Rat => Stats { max_hp: 4, damage: (1, 2), to_hit: 60, sight: 6 },
        MonsterKind::Goblin => Stats { max_hp: 8, damage: (1, 4), to_hit: 70, sight: 8 },
        MonsterKind::Orc => Stats { max_hp: 15, damage: (2, 6), to_hit: 65, sight: 7 },
        MonsterKind::Archer => Stats { max_hp: 7, damage: (1, 3), to_hit: 60, sight: 10 },
    }
}

/// The player's melee stats.
pub const PLAYER_STATS: Stats = Stats { max_hp: 24, damage: (2, 6), to_hit: 80, sight: 0 };

/// Arrows the player starts with (firing them comes with ranged combat).
pub const STARTING_ARROWS: u32 = 10;

/// The player: position, health, and what they carry.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub pos: Pos,
    pub hp: i32,
    pub max_hp: i32,
    pub arrows: u32,
    pub potions: u32,
    pub gold: u32,
    pub kills: u32,
}

impl Player {
    pub fn new(pos: Pos) -> Self {
        Player {
            pos,
            hp: PLAYER_STATS.max_hp,
            max_hp: PLAYER_STATS.max_hp,
            arrows: STARTING_ARROWS,
            potions: 1,
            gold: 0,
            kills: 0,
        }
    }
}

/// A monster on the level. `id` is stable for the whole game (saves keep it), so later rules can
/// remember a target across turns.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Monster {
    pub id: u32,
    pub kind: MonsterKind,
    pub pos: Pos,
    pub hp: i32,
}

impl Monster {
    pub fn new(id: u32, kind: MonsterKind, pos: Pos) -> Self {
        Monster { id, kind, pos, hp: stats(kind).max_hp }
    }

    pub fn stats(&self) -> Stats {
        stats(self.kind)
    }

    pub fn name(&self) -> &'static str {
        self.kind.name()
    }
}
