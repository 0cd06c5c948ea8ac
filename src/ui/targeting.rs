//! The `f` mode: choosing where an arrow goes, and showing the path it will take.
//!
//! The preview is the same DDA walk the shot resolves with, so the cells lit here are the cells
//! the arrow flies through (up to anything the player cannot see). It runs on past the monsters
//! on the line, as a missed arrow does ([`ranged::preview_past_monsters`]), to the blocker that
//! stops every arrow; each cell is classed by what the player knows is there, and the panel
//! names what the arrow meets first ([`ranged::preview`]).

use crate::dda::Stop;
use crate::game::GameState;
use crate::game::creature::PLAYER_BOW;
use crate::game::ranged::{self, hit_chance};
use crate::geometry::Pos;
use crate::map::Tile;

/// What a cell of the previewed path holds, as far as the player knows.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PathKind {
    /// In view and empty: the arrow flies on.
    Clear,
    /// Not in view now: the player cannot know what waits there.
    Unknown,
    /// A monster in view: the arrow stops here if it hits, and flies on if it misses.
    Monster,
    /// The wall, closed door or pane of glass that stops the arrow; it falls short of it.
    Blocker,
}

/// One cell of the previewed path.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PathCell {
    /// The cell, on the DDA walk from the player.
    pub pos: Pos,
    /// What the player knows it holds; the renderer styles it with [`crate::ui::Theme::path`].
    pub kind: PathKind,
}

/// Where the cursor starts: on the last target if it is still in view, else on the nearest
/// monster in view, else on the player.
pub fn start(game: &GameState, last_target: Option<u32>) -> Pos {
    let seen = game.visible_monsters();
    last_target
        .and_then(|id| seen.iter().find(|m| m.id == id))
        .or(seen.first())
        .map_or(game.player.pos, |m| m.pos)
}

/// The next (or, `forward` false, previous) monster in view by distance from the player, after
/// the one under `cursor`; from a cell without one, the nearest (or the farthest). Wraps round;
/// `cursor` itself when nothing is in view.
pub fn cycle(game: &GameState, cursor: Pos, forward: bool) -> Pos {
    let seen = game.visible_monsters();
    if seen.is_empty() {
        return cursor;
    }
    let n = seen.len();
    let i = match seen.iter().position(|m| m.pos == cursor) {
        Some(i) if forward => (i + 1) % n,
        Some(i) => (i + n - 1) % n,
        None if forward => 0,
        None => n - 1,
    };
    seen[i].pos
}

/// The path an arrow aimed at `cursor` will take as far as the player can tell, cell by cell,
/// through the monsters on it (the arrow may miss each one), ending with the blocker that stops
/// it, if one on the map does (at the map's edge the path just ends: past it there is no cell to
/// draw). The dark is passed through as
/// unknown cells up to the bow's range: a wall the player has never seen does not cut the path
/// short (that would give it away). Empty when aimed at the player's own cell.
pub fn path(game: &GameState, cursor: Pos) -> Vec<PathCell> {
    if cursor == game.player.pos {
        return Vec::new();
    }
    let flight = ranged::preview_past_monsters(game, cursor);
    let mut cells: Vec<PathCell> = flight
        .cells()
        .iter()
        .map(|&pos| {
            let kind = if !game.is_visible(pos) {
                PathKind::Unknown
            } else if game.monster_at(pos).is_some() {
                PathKind::Monster
            } else {
                PathKind::Clear
            };
            PathCell { pos, kind }
        })
        .collect();
    if let Stop::Blocked(pos) = flight.stop()
        && game.map.contains(pos)
    {
        let kind = if game.known_tile(pos).is_some() { PathKind::Blocker } else { PathKind::Unknown };
        cells.push(PathCell { pos, kind });
    }
    cells
}

/// What the panel says the arrow will meet first: a monster (with the chance to hit), a blocker,
/// or nothing in range.
pub fn first_hit(game: &GameState, cursor: Pos) -> String {
    if cursor == game.player.pos {
        return "Move the cursor to aim.".into();
    }
    let flight = ranged::preview(game, cursor);
    match flight.stop() {
        Stop::Hit(p) => {
            let name = game.monster_at(p).map_or("something", |m| m.name());
            let d = game.player.pos.chebyshev(p);
            format!("Will hit the {name} first ({}% to hit).", hit_chance(PLAYER_BOW, d))
        }
        // (the preview stops only at what the player knows of: a cell in view or remembered,
        // or the map's edge)
        // (outside the map is opaque: the arrow strikes the edge and falls inside, as the log
        // then says)
        Stop::Blocked(p) if !game.map.contains(p) => "Will strike the edge of the map.".into(),
        Stop::Blocked(p) => {
            let what = game.known_tile(p).unwrap_or(Tile::Wall);
            format!("Will strike {} at {p}.", what.name())
        }
        Stop::MaxRange(p) => format!("Will fall at {p}, out of range ({}).", PLAYER_BOW.range),
    }
}
