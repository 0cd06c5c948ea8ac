//! What look mode says about a cell.

use crate::game::GameState;
use crate::game::state::article;
use crate::geometry::Pos;

/// A sentence about cell `p` from the player's point of view: what is there if it is in view,
/// what was there if it is remembered, and that it is unknown otherwise. What lies under a
/// creature is told after it ("An orc (11/15 HP), on the floor, over an arrow."): the map draws
/// the creature over it, so this is where the player learns of it.
pub fn describe(game: &GameState, p: Pos) -> String {
    if game.is_visible(p) {
        let tile = game.map.tile(p).name();
        // Everything lying here, a pile ("22 gold pieces and an arrow") included.
        let items = game.items_here(p);
        let over = items.as_deref().map_or_else(String::new, |i| format!(", over {i}"));
        if p == game.player.pos {
            return format!("You, standing on {tile}{over}.");
        }
        if let Some(m) = game.monster_at(p) {
            let stats = m.stats();
            return format!(
                "{} {} ({}/{} HP), on {tile}{over}.",
                capitalise(article(m.name())),
                m.name(),
                m.hp,
                stats.max_hp
            );
        }
        if let Some(items) = items {
            return format!("{} on {tile}.", capitalise(&items));
        }
        return format!("You see {tile}.");
    }
    match (game.memory.tile(p), game.memory.item(p)) {
        (Some(tile), Some(item)) => format!("You remember {} on {} here.", item.name(), tile.name()),
        (Some(tile), None) => format!("You remember {} here.", tile.name()),
        _ => "You have not seen this place.".to_string(),
    }
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
}
