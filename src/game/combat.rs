//! Melee: one creature strikes another, with a roll to hit and a roll for damage.

use rand::RngExt;
use rand::rngs::Xoshiro256PlusPlus;

use super::creature::Stats;

/// The result of one strike.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Strike {
    /// The to-hit roll failed; no damage roll was made.
    Miss,
    /// It hit for this many hit points, within the striker's damage range.
    Hit(i32),
}

/// Rolls one melee strike from a creature with `stats`. Both rolls come from the game's
/// generator, in a fixed order, so replays agree.
pub fn strike(rng: &mut Xoshiro256PlusPlus, stats: Stats) -> Strike {
    if rng.random_range(0..100) < stats.to_hit {
        Strike::Hit(rng.random_range(stats.damage.0..=stats.damage.1))
    } else {
        Strike::Miss
    }
}
