//! What a map places on its tiles: the player's start, monsters and items.
//!
//! The map only names kinds; what a kind does (its stats and behaviour) belongs to the game.

use serde::{Deserialize, Serialize};

use crate::geometry::Pos;

/// The kinds of monster a map can place.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum MonsterKind {
    /// A weak melee biter that cannot open doors and runs when hurt.
    Rat,
    /// A melee fighter.
    Goblin,
    /// A tough melee brute that never flees.
    Orc,
    /// Keeps its distance and shoots along clear lines.
    Archer,
}

impl MonsterKind {
    /// Every kind, in the order they are declared (the melee fighters by toughness, then the
    /// archer).
    pub const ALL: [MonsterKind; 4] =
        [MonsterKind::Rat, MonsterKind::Goblin, MonsterKind::Orc, MonsterKind::Archer];

    /// The glyph of the default legend (and of the game's display).
    pub fn glyph(self) -> char {
        match self {
            MonsterKind::Rat => 'r',
            MonsterKind::Goblin => 'g',
            MonsterKind::Orc => 'o',
            MonsterKind::Archer => 'a',
        }
    }

    /// The kind's name in messages (`"goblin"`).
    pub fn name(self) -> &'static str {
        match self {
            MonsterKind::Rat => "rat",
            MonsterKind::Goblin => "goblin",
            MonsterKind::Orc => "orc",
            MonsterKind::Archer => "archer",
        }
    }
}

/// The kinds of item a map can place.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum ItemKind {
    /// Restores health when used.
    Potion,
    /// A bundle of arrows for the bow.
    Arrows,
    /// Treasure: counts toward the score.
    Gold,
}

impl ItemKind {
    /// Every kind.
    pub const ALL: [ItemKind; 3] = [ItemKind::Potion, ItemKind::Arrows, ItemKind::Gold];

    /// The glyph of the default legend (and of the game's display).
    pub fn glyph(self) -> char {
        match self {
            ItemKind::Potion => '!',
            ItemKind::Arrows => '|',
            ItemKind::Gold => '$',
        }
    }

    /// The item as messages name it (`"a pile of gold"`).
    pub fn name(self) -> &'static str {
        match self {
            ItemKind::Potion => "a healing potion",
            ItemKind::Arrows => "a bundle of arrows",
            ItemKind::Gold => "a pile of gold",
        }
    }
}

/// A monster the map places, standing on floor.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MonsterSpawn {
    /// Where it starts.
    pub pos: Pos,
    /// What it is.
    pub kind: MonsterKind,
}

/// An item the map places, lying on floor.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ItemSpawn {
    /// Where it lies.
    pub pos: Pos,
    /// What it is.
    pub kind: ItemKind,
}
