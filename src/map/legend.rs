//! The legend: what each glyph of a map's rows stands for.
//!
//! Every map reads through the default legend (the table in the README); a RON map may add or
//! override glyphs with its own `legend`, which is merged over the default.

use std::collections::BTreeMap;
use std::fmt;

use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::{Deserialize, Serialize};

use super::{ItemKind, MonsterKind, Tile};

/// What one glyph places on its cell. The player, monsters and items stand on floor.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum LegendEntry {
    /// Terrain.
    Tile(Tile),
    /// The player's start.
    Player,
    /// A monster's start.
    Monster(MonsterKind),
    /// An item.
    Item(ItemKind),
}

impl LegendEntry {
    /// The terrain under the entry.
    pub fn tile(self) -> Tile {
        match self {
            LegendEntry::Tile(t) => t,
            _ => Tile::Floor,
        }
    }
}

/// A glyph-to-entry table: the default legend, possibly with a map's own entries merged over it.
///
/// # Examples
///
/// ```
/// use sightline::map::{Legend, LegendEntry, MonsterKind, Tile};
/// let mut legend = Legend::default();
/// assert_eq!(legend.get('g'), Some(LegendEntry::Monster(MonsterKind::Goblin)));
/// assert_eq!(legend.get('T'), None);
/// legend.insert('T', LegendEntry::Tile(Tile::Wall)); // a map's own "tree"
/// assert_eq!(legend.get('T').map(LegendEntry::tile), Some(Tile::Wall));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Legend {
    /// ASCII glyphs, looked up by byte: every row character goes through here.
    ascii: [Option<LegendEntry>; 128],
    other: BTreeMap<char, LegendEntry>,
}

impl Default for Legend {
    /// The default legend of the map format.
    fn default() -> Self {
        let mut legend = Legend { ascii: [None; 128], other: BTreeMap::new() };
        for t in Tile::ALL {
            legend.insert(t.glyph(), LegendEntry::Tile(t));
        }
        legend.insert(' ', LegendEntry::Tile(Tile::Wall));
        legend.insert('@', LegendEntry::Player);
        for m in MonsterKind::ALL {
            legend.insert(m.glyph(), LegendEntry::Monster(m));
        }
        for i in ItemKind::ALL {
            legend.insert(i.glyph(), LegendEntry::Item(i));
        }
        legend
    }
}

impl Legend {
    /// Sets what `glyph` means, replacing any earlier meaning.
    pub fn insert(&mut self, glyph: char, entry: LegendEntry) {
        match self.ascii.get_mut(glyph as usize) {
            Some(slot) => *slot = Some(entry),
            None => {
                self.other.insert(glyph, entry);
            }
        }
    }

    /// What `glyph` means, if anything.
    #[inline]
    pub fn get(&self, glyph: char) -> Option<LegendEntry> {
        match self.ascii.get(glyph as usize) {
            Some(e) => *e,
            None => self.other.get(&glyph).copied(),
        }
    }

    /// Every glyph with its meaning, in character order.
    pub fn entries(&self) -> impl Iterator<Item = (char, LegendEntry)> + '_ {
        let ascii = self.ascii.iter().enumerate().filter_map(|(b, e)| e.map(|e| (b as u8 as char, e)));
        ascii.chain(self.other.iter().map(|(c, e)| (*c, *e)))
    }
}

/// The most glyphs a map's own legend may define: far more than a map can use to any purpose,
/// and few enough that a hostile legend costs little memory.
pub const MAX_ENTRIES: usize = 1024;

/// A map file's own legend, as written: single-character keys, each at most once.
///
/// Keys may be written as chars (`'T'`) or one-character strings (`"T"`); anything longer is an
/// error located by ron, as is a key given twice.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LegendOverrides(pub BTreeMap<char, LegendEntry>);

impl<'de> Deserialize<'de> for LegendOverrides {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_map(OverridesVisitor)
    }
}

struct OverridesVisitor;

impl<'de> Visitor<'de> for OverridesVisitor {
    type Value = LegendOverrides;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a legend: a map from single characters to entries")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<Self::Value, A::Error> {
        let mut map = BTreeMap::new();
        while let Some(GlyphKey(glyph)) = access.next_key()? {
            if map.len() == MAX_ENTRIES {
                return Err(de::Error::custom(format!(
                    "the legend has more than {MAX_ENTRIES} glyphs; the limit is {MAX_ENTRIES}"
                )));
            }
            // Refused before its value is read, so that the error points at the repeated key.
            if map.contains_key(&glyph) {
                return Err(de::Error::custom(format!("the legend gives glyph {glyph:?} twice")));
            }
            map.insert(glyph, access.next_value()?);
        }
        Ok(LegendOverrides(map))
    }
}

/// A legend key: exactly one character.
struct GlyphKey(char);

impl<'de> Deserialize<'de> for GlyphKey {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(GlyphKeyVisitor)
    }
}

struct GlyphKeyVisitor;

impl Visitor<'_> for GlyphKeyVisitor {
    type Value = GlyphKey;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a single character, such as 'T'")
    }

    fn visit_char<E: de::Error>(self, c: char) -> Result<GlyphKey, E> {
        Ok(GlyphKey(c))
    }

    fn visit_str<E: de::Error>(self, s: &str) -> Result<GlyphKey, E> {
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Ok(GlyphKey(c)),
            _ => Err(E::custom(format!("legend key {s:?} is not a single character"))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_legend_matches_the_format_table() {
        let l = Legend::default();
        assert_eq!(l.get('#'), Some(LegendEntry::Tile(Tile::Wall)));
        assert_eq!(l.get(' '), Some(LegendEntry::Tile(Tile::Wall)));
        assert_eq!(l.get('.'), Some(LegendEntry::Tile(Tile::Floor)));
        assert_eq!(l.get('+'), Some(LegendEntry::Tile(Tile::DoorClosed)));
        assert_eq!(l.get('\''), Some(LegendEntry::Tile(Tile::DoorOpen)));
        assert_eq!(l.get('"'), Some(LegendEntry::Tile(Tile::Glass)));
        assert_eq!(l.get('~'), Some(LegendEntry::Tile(Tile::Water)));
        assert_eq!(l.get('>'), Some(LegendEntry::Tile(Tile::Exit)));
        assert_eq!(l.get('@'), Some(LegendEntry::Player));
        assert_eq!(l.get('r'), Some(LegendEntry::Monster(MonsterKind::Rat)));
        assert_eq!(l.get('g'), Some(LegendEntry::Monster(MonsterKind::Goblin)));
        assert_eq!(l.get('o'), Some(LegendEntry::Monster(MonsterKind::Orc)));
        assert_eq!(l.get('a'), Some(LegendEntry::Monster(MonsterKind::Archer)));
        assert_eq!(l.get('!'), Some(LegendEntry::Item(ItemKind::Potion)));
        assert_eq!(l.get('|'), Some(LegendEntry::Item(ItemKind::Arrows)));
        assert_eq!(l.get('$'), Some(LegendEntry::Item(ItemKind::Gold)));
        assert_eq!(l.entries().count(), 16);
        assert_eq!(l.get('X'), None);
        assert_eq!(l.get('é'), None);
    }

    #[test]
    fn non_ascii_glyphs_can_be_added() {
        let mut l = Legend::default();
        l.insert('█', LegendEntry::Tile(Tile::Wall));
        assert_eq!(l.get('█'), Some(LegendEntry::Tile(Tile::Wall)));
        assert_eq!(LegendEntry::Monster(MonsterKind::Orc).tile(), Tile::Floor);
    }
}
