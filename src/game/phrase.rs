//! The game's English: "a" or "an" before a word, a creature named in a message ("a goblin",
//! "an orc"), and what the player is told on seeing monsters ("You see a goblin, 3 rats and an
//! orc.").
//!
//! Kept in one place so that every message names a creature alike, from its name alone ("an
//! orc", never "a orc"), and a crowd seen at once still reads as one sentence of a line or two.

use super::creature::Monster;

/// A sighting names at most this many kinds of monster: past it, the last of them gives way to
/// a count of the rest ("…, 2 archers and 7 more."), which keeps the message to a line or two.
/// (There are four kinds today: this bounds the message for maps of kinds yet to come.)
pub const SIGHTING_KINDS: usize = 5;

/// "You see …." for monsters seen at once, given as `(name, how many)` by kind in the order they
/// are to be named (`kinds` not empty): one of a kind with its article ("a goblin", "an orc"),
/// more with their count ("3 rats"; every kind's plural adds an "s"), the last joined by "and".
/// Past [`SIGHTING_KINDS`] kinds, the first `SIGHTING_KINDS - 1` are named and the monsters of
/// the rest counted: "and 7 more". A single monster reads "You see a goblin.", as a sighting
/// always has.
pub(super) fn sighting(kinds: &[(&str, usize)]) -> String {
    let some = |&(name, n): &(&str, usize)| {
        if n == 1 { format!("{} {name}", article(name)) } else { format!("{n} {name}s") }
    };
    let mut parts: Vec<String>;
    if kinds.len() > SIGHTING_KINDS {
        let (named, rest) = kinds.split_at(SIGHTING_KINDS - 1);
        parts = named.iter().map(some).collect();
        parts.push(format!("{} more", rest.iter().map(|&(_, n)| n).sum::<usize>()));
    } else {
        parts = kinds.iter().map(some).collect();
    }
    let last = parts.pop().expect("at least one kind");
    if parts.is_empty() {
        format!("You see {last}.")
    } else {
        format!("You see {} and {last}.", parts.join(", "))
    }
}

/// "a goblin", "an orc": a monster named with its article, as the validator's messages put it.
pub(super) fn a(m: &Monster) -> String {
    format!("{} {}", article(m.name()), m.name())
}

/// "a" or "an" before a word.
pub fn article(word: &str) -> &'static str {
    if word.starts_with(['a', 'e', 'i', 'o', 'u']) { "an" } else { "a" }
}

#[cfg(test)]
mod tests {
    use super::{SIGHTING_KINDS, sighting};

    #[test]
    fn a_sighting_names_each_kind_with_its_count_and_counts_the_rest_past_the_limit() {
        assert_eq!(sighting(&[("goblin", 1)]), "You see a goblin.");
        assert_eq!(sighting(&[("orc", 1)]), "You see an orc.");
        assert_eq!(sighting(&[("rat", 2)]), "You see 2 rats.");
        assert_eq!(sighting(&[("goblin", 1), ("archer", 1)]), "You see a goblin and an archer.");
        assert_eq!(
            sighting(&[("goblin", 1), ("rat", 3), ("orc", 1)]),
            "You see a goblin, 3 rats and an orc."
        );
        let five = [("rat", 1), ("goblin", 2), ("orc", 1), ("archer", 4), ("bat", 1)];
        assert_eq!(SIGHTING_KINDS, 5);
        assert_eq!(sighting(&five), "You see a rat, 2 goblins, an orc, 4 archers and a bat.");
        let seven =
            [("rat", 1), ("goblin", 2), ("orc", 1), ("archer", 4), ("bat", 1), ("imp", 5), ("ant", 1)];
        assert_eq!(sighting(&seven), "You see a rat, 2 goblins, an orc, 4 archers and 7 more.");
    }
}
