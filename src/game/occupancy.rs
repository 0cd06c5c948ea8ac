//! Which monster stands on which cell: an index of [`GameState::monsters`] by position, so that
//! "who stands there?" costs one hash look-up, not a scan of every monster.
//!
//! A monster deciding its step asks it for each neighbour it considers, and the map is drawn
//! asking it for each cell on screen: with a scan, a turn cost the awake monsters times all the
//! monsters (seconds a turn with millions of rats on a 4096×4096 map).
//!
//! Derived, not saved: built with the game and rebuilt when one is loaded
//! ([`GameState::restore_derived`]), and kept in step by the turn loop, the only place
//! monsters move or die. Sized by the number of monsters, not the map: a hash map of cell
//! number to index (8 bytes an entry, plus the table's slack), nothing per cell.
//!
//! [`GameState::monsters`]: crate::game::GameState::monsters
//! [`GameState::restore_derived`]: crate::game::GameState::restore_derived

use std::fmt;

use rustc_hash::FxHashMap;

use super::creature::Monster;
use crate::geometry::Pos;

/// The index of the monsters by cell. Entries are cell numbers (`y · width + x`, below
/// 4096² on any map a game accepts) mapping to indices into the monster list.
#[derive(Clone, Default, PartialEq, Eq)]
pub(crate) struct Occupancy {
    width: usize,
    height: usize,
    /// (Hashed with rustc's Fx hash, not std's SipHash: the keys are cell numbers from the
    /// game's own map, nothing an attacker picks to collide, and building the index for a map of
    /// millions of monsters took SipHash about twice as long.)
    at: FxHashMap<u32, u32>,
}

impl fmt::Debug for Occupancy {
    // (Not the entries: they say again what the monster list says.)
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Occupancy({} cells taken)", self.at.len())
    }
}

impl Occupancy {
    /// The index of `monsters` on a `width × height` map. Monsters off the map are left out.
    /// When two stand on one cell the first in acting order is indexed, and the pair of indices
    /// is returned too (the validator's complaint; play never puts two on a cell).
    pub(crate) fn build(monsters: &[Monster], width: usize, height: usize) -> (Self, Option<(usize, usize)>) {
        let mut occupancy = Occupancy {
            width,
            height,
            at: FxHashMap::with_capacity_and_hasher(monsters.len(), Default::default()),
        };
        let mut shared = None;
        for (i, m) in monsters.iter().enumerate() {
            let (Some(cell), Ok(index)) = (occupancy.cell(m.pos), u32::try_from(i)) else { continue };
            if let Some(&first) = occupancy.at.get(&cell) {
                shared.get_or_insert((first as usize, i));
            } else {
                occupancy.at.insert(cell, index);
            }
        }
        (occupancy, shared)
    }

    /// The cell number of `p`; `None` off the map.
    fn cell(&self, p: Pos) -> Option<u32> {
        let (x, y) = (usize::try_from(p.x).ok()?, usize::try_from(p.y).ok()?);
        if x >= self.width || y >= self.height {
            return None;
        }
        u32::try_from(y * self.width + x).ok()
    }

    /// The index of the monster standing at `p`, if the index has one there.
    pub(crate) fn get(&self, p: Pos) -> Option<usize> {
        self.at.get(&self.cell(p)?).map(|&i| i as usize)
    }

    /// Records that monster `i` stands at `p` (moved there, or renumbered).
    pub(crate) fn set(&mut self, p: Pos, i: usize) {
        if let (Some(cell), Ok(i)) = (self.cell(p), u32::try_from(i)) {
            self.at.insert(cell, i);
        }
    }

    /// Records that monster `i`, at `p`, has left the list: the monsters after it move up one
    /// place in the acting order. Their entries are renumbered in one pass over the table, in
    /// memory order: a look-up for each of them, all over a table of millions, costs several
    /// times more.
    pub(crate) fn removed(&mut self, p: Pos, i: usize) {
        self.clear(p);
        for index in self.at.values_mut() {
            if *index as usize > i {
                *index -= 1;
            }
        }
    }

    /// Records that nobody stands at `p` any more.
    pub(crate) fn clear(&mut self, p: Pos) {
        if let Some(cell) = self.cell(p) {
            self.at.remove(&cell);
        }
    }
}
