//! What a monster does on its turn.
//!
//! Part one of the game keeps minds simple: a monster that sees the player closes in and
//! attacks; one that does not, waits. "Sees" is "stands in the player's field of view", which the
//! visibility contract makes symmetric. Richer minds (DDA sight checks, hunting and searching
//! states, archers) replace [`decide`] without touching the turn loop.

use super::action::Dir;
use super::movement::can_step;
use super::state::GameState;
use crate::geometry::Pos;

/// A monster's choice for one turn.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MonsterAction {
    Wait,
    /// Step to the adjacent cell.
    Step(Pos),
    /// Strike the player, who is adjacent.
    Attack,
}

/// Decides what the monster at index `i` of `game.monsters` does this turn.
pub fn decide(game: &GameState, i: usize) -> MonsterAction {
    let m = &game.monsters[i];
    let target = game.player.pos;
    if !game.is_visible(m.pos) {
        return MonsterAction::Wait;
    }
    if let Some(dir) = Dir::from_delta(target - m.pos)
        && can_step(&game.map, m.pos, dir)
    {
        return MonsterAction::Attack;
    }
    // Greedy chase: the free step that most reduces the distance to the player; ties go to the
    // first direction in `Dir::ALL`, so the choice is deterministic.
    let here = m.pos.dist2(target);
    let mut best: Option<(i64, Pos)> = None;
    for dir in Dir::ALL {
        let to = m.pos + dir.delta();
        if to == target || !can_step(&game.map, m.pos, dir) || game.monster_at(to).is_some() {
            continue;
        }
        let d = to.dist2(target);
        if d < here && best.is_none_or(|(b, _)| d < b) {
            best = Some((d, to));
        }
    }
    best.map_or(MonsterAction::Wait, |(_, to)| MonsterAction::Step(to))
}
