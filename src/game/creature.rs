//! The player and the monsters, and the stat table every monster kind draws from.

use serde::{Deserialize, Serialize};

use crate::geometry::Pos;
use crate::map::MonsterKind;

/// What a kind of creature is made of. One table, read by the combat rules and the AI, so a new
/// kind (or a rebalanced one) is a new row, not new code.
///
/// There is no per-kind sight radius: every monster sees exactly as far as the player (the
/// level's sight radius), so "you see it" and "it sees you" are the same fact.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Stats {
    /// Hit points a fresh creature of this kind starts with; healing never goes above it.
    pub max_hp: i32,
    /// Melee damage, inclusive range.
    pub damage: (i32, i32),
    /// Chance to hit in melee, in percent.
    pub to_hit: u32,
    /// Whether it can open a closed door (rats cannot).
    pub opens_doors: bool,
    /// It turns to flee when its hit points fall to this share of its maximum, in percent
    /// (0: it never flees).
    pub flees_at: u32,
    /// A bow, for those that shoot.
    pub bow: Option<Bow>,
}

/// A ranged attack: how far it shoots, how often it hits, how hard, and how close the shooter
/// lets its target come before it backs off.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Bow {
    /// Euclidean range in cells, as [`crate::dda::projectile`] takes it.
    pub range: u32,
    /// Chance to hit at point-blank range, in percent; it falls by [`Bow::falloff`] a cell.
    pub to_hit: u32,
    /// Percentage points the chance to hit loses for each king move of distance past the first
    /// (see [`crate::game::ranged::hit_chance`]; it never falls below 5).
    pub falloff: u32,
    /// Damage of an arrow that hits, inclusive range.
    pub damage: (i32, i32),
    /// A shooter steps back while its target is at most this many king moves away.
    pub keep_away: u32,
}

/// The stats of a monster kind. The four kinds differ in strength and in behaviour: the rat is
/// weak, cannot open doors and runs when hurt; the goblin opens doors and flees when badly hurt;
/// the orc is tough and never flees; the archer keeps its distance and shoots.
pub fn stats(kind: MonsterKind) -> Stats {
    let melee = |max_hp, damage, to_hit, opens_doors, flees_at| Stats {
        max_hp,
        damage,
        to_hit,
        opens_doors,
        flees_at,
        bow: None,
    };
    match kind {
        MonsterKind::Rat => melee(4, (1, 2), 60, false, 50),
        MonsterKind::Goblin => melee(8, (1, 4), 70, true, 25),
        MonsterKind::Orc => melee(15, (2, 6), 65, true, 0),
        MonsterKind::Archer => Stats {
            bow: Some(Bow { range: 8, to_hit: 75, falloff: 3, damage: (1, 4), keep_away: 2 }),
            ..melee(7, (1, 3), 55, true, 30)
        },
    }
}

/// The player's melee stats.
pub const PLAYER_STATS: Stats =
    Stats { max_hp: 24, damage: (2, 6), to_hit: 80, opens_doors: true, flees_at: 0, bow: None };

/// The player's bow.
pub const PLAYER_BOW: Bow = Bow { range: 12, to_hit: 90, falloff: 3, damage: (2, 5), keep_away: 0 };

/// Arrows the player starts with.
pub const STARTING_ARROWS: u32 = 10;

/// What a monster has in mind. Saved with the monster, so a loaded game goes on the same way.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mind {
    /// It has not noticed the player (asleep or idle): it stays where it is.
    #[default]
    Unaware,
    /// It saw the player at `last_seen` (this turn, if it still sees them) and goes for them.
    Hunting {
        /// The player's cell when this monster last saw them; where it searches from if it
        /// loses sight.
        last_seen: Pos,
    },
    /// It lost sight of the player and is looking around where it last saw them; it gives up
    /// (back to `Unaware`) when `turns_left` runs out.
    Searching {
        /// Turns of looking around still to go, counting down from
        /// [`crate::game::ai::SEARCH_TURNS`].
        turns_left: u32,
    },
    /// Badly hurt, it keeps away from the player while it sees them.
    Fleeing,
}

/// The player: position, health, and what they carry.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// The player's cell; always on the map and on a cell a creature can stand on.
    pub pos: Pos,
    /// Hit points left; the game is lost when they reach 0. Never above `max_hp`.
    pub hp: i32,
    /// The ceiling for healing ([`PLAYER_STATS`]`.max_hp`).
    pub max_hp: i32,
    /// Arrows carried. Spent arrows land on the floor or break; see
    /// [`crate::game::GameState::arrows_total`].
    pub arrows: u32,
    /// Healing potions carried; [`crate::game::Action::Quaff`] drinks one.
    pub potions: u32,
    /// Gold picked up; counts towards [`crate::game::GameState::score`].
    pub gold: u32,
    /// Monsters the player has killed (10 points each in the score).
    pub kills: u32,
}

impl Player {
    /// A player at `pos` at full health, with [`STARTING_ARROWS`] arrows, one potion and no
    /// gold.
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
    /// Unique within a game: the index of its spawn in the map's monster list.
    pub id: u32,
    /// Which row of the [`stats`] table it uses.
    pub kind: MonsterKind,
    /// Its cell; no two creatures share one.
    pub pos: Pos,
    /// Hit points left; a monster at 0 or less is removed from the game at once.
    pub hp: i32,
    /// Its state of mind, updated by [`crate::game::ai`] on each of its turns.
    pub mind: Mind,
    /// The steps still to take to reach the cell where it last saw the player (searched once,
    /// when it loses sight, then followed).
    pub route: Vec<Pos>,
}

impl Monster {
    /// A monster of `kind` at `pos`, at full health and unaware of the player.
    pub fn new(id: u32, kind: MonsterKind, pos: Pos) -> Self {
        Monster { id, kind, pos, hp: stats(kind).max_hp, mind: Mind::Unaware, route: Vec::new() }
    }

    /// The stats of its kind (the same as [`stats`]`(self.kind)`).
    pub fn stats(&self) -> Stats {
        stats(self.kind)
    }

    /// Its kind's name in lower case ("goblin"), as messages use it.
    pub fn name(&self) -> &'static str {
        self.kind.name()
    }
}
