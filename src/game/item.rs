//! Items lying on the floor.

use serde::{Deserialize, Serialize};

use crate::geometry::Pos;
use crate::map::ItemKind;

/// An item on the floor. `amount` is the number of arrows in a bundle or of coins in a pile (1
/// for a potion); it is rolled from the game's generator when the level is set up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FloorItem {
    /// What it is.
    pub kind: ItemKind,
    /// The cell it lies on.
    pub pos: Pos,
    /// How many: arrows in the bundle, coins in the pile, 1 for a potion. Never 0.
    pub amount: u32,
}

impl FloorItem {
    /// How the item reads in a message: "a healing potion", "5 arrows", "12 gold pieces".
    pub fn describe(&self) -> String {
        counted(self.kind, u64::from(self.amount))
    }
}

/// `n` items of `kind` as messages and the panel write them: "a healing potion", "2 healing
/// potions", "an arrow", "3 arrows", "a gold piece", "27 gold pieces".
pub fn counted(kind: ItemKind, n: u64) -> String {
    match (kind, n) {
        (ItemKind::Potion, 1) => "a healing potion".to_string(),
        (ItemKind::Potion, n) => format!("{n} healing potions"),
        (ItemKind::Arrows, 1) => "an arrow".to_string(),
        (ItemKind::Arrows, n) => format!("{n} arrows"),
        (ItemKind::Gold, 1) => "a gold piece".to_string(),
        (ItemKind::Gold, n) => format!("{n} gold pieces"),
    }
}
