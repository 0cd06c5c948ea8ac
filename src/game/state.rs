//! The whole state of one game: everything a save holds.

use std::mem;

use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use serde::{Deserialize, Serialize};

use super::creature::{Mind, Monster, PLAYER_STATS, Player, stats};
use super::item::FloorItem;
use super::log::Log;
use super::memory::Memory;
use super::occupancy::Occupancy;
use super::phrase::{a, sighting};
use super::ranged::ShotEnd;
use super::sight::View;
use crate::geometry::Pos;
use crate::map::{ItemKind, MAX_SIDE, Map, Tile};

// (the wording is `phrase`'s; these keep their paths here)
pub use super::phrase::{SIGHTING_KINDS, article};

/// The sight radius when the map does not ask for one.
pub const DEFAULT_SIGHT_RADIUS: u32 = 10;

/// How a game stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    /// The game goes on: actions are played.
    Playing,
    /// The player left by the exit.
    Won,
    /// The player died; `killer` names what did it ("a goblin").
    Dead {
        /// The killer's name with its article, as the death screen prints it.
        killer: String,
    },
}

/// Why a map cannot start a game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum NewGameError {
    /// The map places no `@`.
    #[error("the map has no player start (put one `@` on a floor cell)")]
    NoPlayerStart,
    #[error("the player start {0} is not a cell a creature can stand on")]
    /// The `@` is on a cell that blocks movement (a wall, a closed door, glass, water).
    BadPlayerStart(Pos),
    /// The map breaks a rule every game keeps, which a map file cannot break but a map built in
    /// code can: a monster where no creature can stand, on the player's start or on another
    /// monster's cell, or a map larger than [`MAX_SIDE`] a side. A save of such a game could
    /// not be loaded, so none is started.
    #[error("the map cannot start a game: {0}")]
    Unplayable(String),
}

/// One game: the level (whose doors the game opens and closes), the creatures and items on it,
/// what the player remembers, the log, the turn counter and the random generator.
///
/// Fields are public to read; change a game only through [`GameState::act`], which keeps the
/// view and the memory in step with the map, and the index of who stands where in step with
/// the monsters, and logs why an action was refused. (A test or a tool that edits the fields by
/// hand calls [`GameState::restore_derived`] afterwards.)
///
/// ```
/// use sightline::game::{Acted, Action, Dir, GameState, Outcome};
/// use sightline::geometry::Pos;
/// use sightline::map::{Tile, format::parse_text};
///
/// // A corridor: the player, a closed door, the exit.
/// let map = parse_text("#######\n#@.+.>#\n#######\n", "gate.txt")?;
/// let mut game = GameState::new(map, 7)?;
/// let exit = Pos::new(5, 1);
/// // The closed door hides the exit, so the player does not know it yet.
/// assert!(!game.is_visible(exit));
/// assert_eq!(game.memory.tile(exit), None);
///
/// // Walking into a wall is refused and takes no time.
/// assert_eq!(game.act(Action::Move(Dir::W)), Acted::NoTurn);
/// assert_eq!(game.turn, 0);
///
/// // Walking into the closed door opens it; the view is recomputed and the exit is seen.
/// assert_eq!(game.act(Action::Move(Dir::E)), Acted::Turn);
/// assert_eq!(game.act(Action::Move(Dir::E)), Acted::Turn);
/// assert_eq!(game.map.tile(Pos::new(3, 1)), Tile::DoorOpen);
/// assert_eq!(game.player.pos, Pos::new(2, 1));
/// assert!(game.is_visible(exit));
/// assert_eq!(game.memory.tile(exit), Some(Tile::Exit));
///
/// for _ in 0..3 {
///     game.act(Action::Move(Dir::E));
/// }
/// assert_eq!(game.player.pos, exit);
/// game.act(Action::TakeExit);
/// assert_eq!(game.outcome, Outcome::Won);
/// assert!(game.is_over());
/// assert_eq!(game.score(), 100); // no gold, no kills, 100 for escaping
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameState {
    /// The seed the game started from; shown in the panel so a game can be replayed.
    pub seed: u64,
    /// Turns played: 0 at the start, one more for each action that returns
    /// [`crate::game::Acted::Turn`].
    pub turn: u64,
    /// The level as it is now: the game changes only its doors. Spawns listed in it are read
    /// once, by [`GameState::new`].
    pub map: Map,
    /// How far the player and every monster see, in cells (Euclidean); `None` is unlimited.
    /// The map's own radius, else [`DEFAULT_SIGHT_RADIUS`].
    pub sight_radius: Option<u32>,
    /// The player.
    pub player: Player,
    /// Living monsters, in the fixed order they act in. No two stand on one cell, none on the
    /// player's or where no creature can stand, and no two share an id.
    pub monsters: Vec<Monster>,
    /// Items lying on the floor; a spent arrow that lands where arrows lie joins that pile.
    pub items: Vec<FloorItem>,
    /// What the player has seen of the level, updated after every turn from the view.
    pub memory: Memory,
    /// Every message of the game, oldest first.
    pub log: Log,
    /// Whether the game goes on; once it is not [`Outcome::Playing`] it never changes again.
    pub outcome: Outcome,
    /// The player's arrows that broke (the rest are carried or lie on the floor).
    pub arrows_broken: u32,
    /// The player's last shot, as it really flew.
    pub last_shot: Option<super::ranged::ShotReport>,
    pub(crate) rng: Xoshiro256PlusPlus,
    /// Monster ids the player saw last turn: a monster entering view is announced once.
    pub(crate) in_view: Vec<u32>,
    #[serde(skip)]
    pub(crate) view: View,
    /// Which monster stands where, for [`GameState::monster_at`].
    #[serde(skip)]
    pub(crate) occupancy: Occupancy,
    /// Set when a tile changes during a turn, so the view is recomputed only when it can differ.
    #[serde(skip)]
    pub(crate) terrain_changed: bool,
}

impl GameState {
    /// Starts a game on `map` with `seed`. The map's monster and item spawns populate the level
    /// (item amounts are rolled from the seeded generator).
    pub fn new(map: Map, seed: u64) -> Result<Self, NewGameError> {
        let start = map.player_start.ok_or(NewGameError::NoPlayerStart)?;
        if map.blocks_movement(start) {
            return Err(NewGameError::BadPlayerStart(start));
        }
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let monsters =
            map.monsters.iter().enumerate().map(|(i, s)| Monster::new(i as u32, s.kind, s.pos)).collect();
        let items = map
            .items
            .iter()
            .map(|s| {
                let amount = match s.kind {
                    ItemKind::Potion => 1,
                    ItemKind::Arrows => rng.random_range(3..=6),
                    ItemKind::Gold => rng.random_range(5..=25),
                };
                FloorItem { kind: s.kind, pos: s.pos, amount }
            })
            .collect();
        let sight_radius = Some(map.meta.sight_radius.unwrap_or(DEFAULT_SIGHT_RADIUS));
        let memory = Memory::new(map.width(), map.height());
        let mut game = GameState {
            seed,
            turn: 0,
            player: Player::new(start),
            sight_radius,
            monsters,
            items,
            memory,
            log: Log::default(),
            outcome: Outcome::Playing,
            arrows_broken: 0,
            last_shot: None,
            rng,
            in_view: Vec::new(),
            view: View::default(),
            occupancy: Occupancy::default(),
            terrain_changed: false,
            map,
        };
        // What a save would be refused for, the map's spawns could still break (a map built in
        // code); nothing else of a new game can.
        game.occupancy = game.validate().map_err(NewGameError::Unplayable)?;
        let name = if game.map.meta.name.is_empty() { "the dungeon" } else { &game.map.meta.name };
        // (a map may have no exit: then it cannot be won, and the welcome does not send the
        // player looking for one)
        let goal = if game.map.has_exit() {
            "Find the exit (>)."
        } else {
            "This map has no exit (>): it cannot be won."
        };
        let welcome = format!("Welcome to {name}. {goal} Press ? for help.");
        game.log.push(0, welcome);
        let _ = game.refresh_view();
        Ok(game)
    }

    /// Rebuilds what is derived and not saved (the view, the index of who stands where): to be
    /// called after any change made by hand rather than by [`GameState::act`]. (Loading a save
    /// rebuilds the same two itself, the index as it checks the save.)
    pub fn restore_derived(&mut self) {
        self.view.compute(&self.map, self.player.pos, self.sight_radius);
        self.occupancy = Occupancy::build(&self.monsters, self.map.width(), self.map.height()).0;
    }

    /// Checks what a hand-edited or damaged save could get wrong and the rules rely on: the
    /// map's grid its size and that no larger than a map file may be, memory the map's size,
    /// every position on the map (the player, the monsters, the items, the map's spawns, the
    /// cell a hunting monster last saw the player in and every step of a monster's route, where
    /// the last shot's arrow lies and where it hit or fell; the cells that shot flew through and
    /// the one that stopped it at most one cell outside, past an open edge), the player and every
    /// monster on a cell a creature can stand on, one creature a cell, one monster an id, hit
    /// points as the rules keep them, a won game's player on the exit, no empty pile. Any sight
    /// radius is fine: the player and the monsters see alike at every one, up to `u32::MAX`.
    /// Returns the index of who stands where, which checking builds anyway.
    pub(crate) fn validate(&self) -> Result<Occupancy, String> {
        let (w, h) = (self.map.width(), self.map.height());
        if w == 0 || h == 0 || w.checked_mul(h) != Some(self.map.tiles.cells().len()) {
            return Err("the map's grid is empty or does not match its size".into());
        }
        if w > MAX_SIDE || h > MAX_SIDE {
            return Err(format!("the map is {w}x{h} cells; a map may be at most {MAX_SIDE}x{MAX_SIDE}"));
        }
        if !self.memory.fits(w, h) {
            return Err("the memory does not match the map's size".into());
        }
        let off = |p: Pos| !self.map.contains(p);
        if off(self.player.pos) {
            return Err(format!("the player stands at {} outside the map", self.player.pos));
        }
        if let Some(m) = self.monsters.iter().find(|m| off(m.pos)) {
            return Err(format!("{} stands at {} outside the map", a(m), m.pos));
        }
        // Where no creature can stand: no move, no spawn of a map file puts one there.
        let standing_on = |p: Pos| format!("on {}, where no creature can stand", self.map.tile(p).name());
        if self.map.blocks_movement(self.player.pos) {
            return Err(format!("the player stands at {} {}", self.player.pos, standing_on(self.player.pos)));
        }
        if let Some(m) = self.monsters.iter().find(|m| self.map.blocks_movement(m.pos)) {
            return Err(format!("{} stands at {} {}", a(m), m.pos, standing_on(m.pos)));
        }
        if let Some(m) = self.monsters.iter().find(|m| m.pos == self.player.pos) {
            return Err(format!("{} stands at {}, the player's cell", a(m), m.pos));
        }
        let (occupancy, shared) = Occupancy::build(&self.monsters, w, h);
        if let Some((i, j)) = shared {
            let (m, n) = (&self.monsters[i], &self.monsters[j]);
            return Err(format!("{} and {} both stand at {}", a(m), a(n), m.pos));
        }
        // Ids are unique (later rules remember a monster by its id). A game the rules started
        // holds them in increasing order, checked in one pass; any other order is sorted.
        if !self.monsters.windows(2).all(|p| p[0].id < p[1].id) {
            let mut ids: Vec<u32> = self.monsters.iter().map(|m| m.id).collect();
            ids.sort_unstable();
            if let Some(id) = ids.windows(2).find(|p| p[0] == p[1]).map(|p| p[0]) {
                let mut two = self.monsters.iter().filter(|m| m.id == id);
                let (m, n) = (two.next().expect("two"), two.next().expect("two"));
                return Err(format!(
                    "{} at {} and {} at {} have the same id, {id}",
                    a(m),
                    m.pos,
                    a(n),
                    n.pos
                ));
            }
        }
        if let Some(i) = self.items.iter().find(|i| off(i.pos)) {
            return Err(format!("an item lies at {} outside the map", i.pos));
        }
        // What monsters remember and plan: the player's cell when last seen, steps of a search
        // over the map.
        for m in &self.monsters {
            if let Mind::Hunting { last_seen } = m.mind
                && off(last_seen)
            {
                return Err(format!("{} at {} remembers {last_seen}, outside the map", a(m), m.pos));
            }
            if let Some(p) = m.route.iter().find(|&&p| off(p)) {
                return Err(format!("{} at {} has a route through {p}, outside the map", a(m), m.pos));
            }
        }
        // The map's spawns, read once by `new`, which put a creature or an item on each.
        if let Some(p) = self.map.player_start.filter(|&p| off(p)) {
            return Err(format!("the map's player start {p} is outside the map"));
        }
        if let Some(s) = self.map.monsters.iter().find(|s| off(s.pos)) {
            let name = s.kind.name();
            return Err(format!("the map spawns {} {name} at {}, outside the map", article(name), s.pos));
        }
        if let Some(s) = self.map.items.iter().find(|s| off(s.pos)) {
            return Err(format!("the map spawns an item at {}, outside the map", s.pos));
        }
        if let Some(shot) = &self.last_shot {
            // The arrow lies on the map (on a cell it flew over, or at the shooter's feet), as
            // does the creature it hit or the cell it fell in at the end of its range. Outside
            // the map is wall: past an open edge the arrow grazes or strikes cells one out, never
            // further.
            let near = |p: Pos| (-1..=w as i32).contains(&p.x) && (-1..=h as i32).contains(&p.y);
            if off(shot.rest) {
                return Err(format!("the last shot's arrow lies at {}, outside the map", shot.rest));
            }
            match shot.end {
                ShotEnd::Hit(p) | ShotEnd::MaxRange(p) if off(p) => {
                    return Err(format!("the last shot ended at {p}, outside the map"));
                }
                ShotEnd::Blocked(p) if !near(p) => {
                    return Err(format!("the last shot ended at {p}, more than a cell outside the map"));
                }
                _ => {}
            }
            if let Some(p) = shot.path.iter().find(|&&p| !near(p)) {
                return Err(format!("the last shot flew through {p}, more than a cell outside the map"));
            }
        }
        // Hit points as the rules keep them: the player's ceiling is the rules' (nothing changes
        // it) and the player at most at it, alive (1 or more) unless the game was lost, dead (0
        // or less) if it was; living monsters at most at their kind's full health (they never
        // heal). No game the rules played holds anything else.
        let (hp, max_hp) = (self.player.hp, self.player.max_hp);
        let dead = matches!(self.outcome, Outcome::Dead { .. });
        // (each message says which rule the numbers break: "999 of 999" alone did not)
        let most = PLAYER_STATS.max_hp;
        if max_hp != most {
            return Err(format!("the player's most hit points are {max_hp}, where the rules give {most}"));
        }
        if hp > max_hp {
            return Err(format!("the player has {hp} hit points, more than the most, {max_hp}"));
        }
        if (hp <= 0) != dead {
            return Err(if dead {
                format!("the player died but has {hp} hit points (0 or fewer when dead)")
            } else {
                format!("the player is alive with {hp} hit points (1 or more when alive)")
            });
        }
        // Only taking the exit, standing on it, wins; the exit stays where it is.
        if self.outcome == Outcome::Won && self.map.tile(self.player.pos) != Tile::Exit {
            return Err(format!(
                "the game is won but the player stands at {}, not on the exit",
                self.player.pos
            ));
        }
        if let Some(m) = self.monsters.iter().find(|m| !(1..=stats(m.kind).max_hp).contains(&m.hp)) {
            let most = stats(m.kind).max_hp;
            return Err(format!("{} at {} has {} hit points (1 to {most})", a(m), m.pos, m.hp));
        }
        if let Some(i) = self.items.iter().find(|i| i.amount == 0) {
            return Err(format!("an item at {} is a pile of none", i.pos));
        }
        Ok(occupancy)
    }

    /// What the player sees now.
    pub fn view(&self) -> &View {
        &self.view
    }

    /// Whether the player sees `p` now (false off the map). The same fact as "a monster at `p`
    /// sees the player", by the visibility contract.
    pub fn is_visible(&self, p: Pos) -> bool {
        self.view.is_visible(p)
    }

    /// The terrain at `p` as the player knows it: as it is if in view now, else as remembered;
    /// `None` where the player has never seen it (or off the map).
    pub fn known_tile(&self, p: Pos) -> Option<Tile> {
        if self.is_visible(p) { Some(self.map.tile(p)) } else { self.memory.tile(p) }
    }

    /// The living monster at `p`, seen or not: callers that speak for the player check
    /// [`GameState::is_visible`] too. One hash look-up, whatever the number of monsters.
    pub fn monster_at(&self, p: Pos) -> Option<&Monster> {
        self.monster_index(p).map(|i| &self.monsters[i])
    }

    /// The index in [`GameState::monsters`] of the monster at `p`.
    pub(crate) fn monster_index(&self, p: Pos) -> Option<usize> {
        // (Checked against the list: an index left stale by a change made by hand without
        // `restore_derived` may miss a monster, but never names the wrong one or panics.)
        self.occupancy.get(p).filter(|&i| self.monsters.get(i).is_some_and(|m| m.pos == p))
    }

    /// Who a message about monster `i` is about ([`crate::game::Message::about`]): its id when
    /// the player sees it; none when not, so that the log does not tell apart monsters the
    /// player cannot (an arrow into the dark names only the kind it hit).
    pub(crate) fn about(&self, i: usize) -> Vec<u32> {
        let m = &self.monsters[i];
        if self.is_visible(m.pos) { vec![m.id] } else { Vec::new() }
    }

    /// Moves monster `i` to `to`, keeping the index of who stands where in step.
    pub(crate) fn move_monster(&mut self, i: usize, to: Pos) {
        let from = std::mem::replace(&mut self.monsters[i].pos, to);
        self.occupancy.clear(from);
        self.occupancy.set(to, i);
    }

    /// Takes monster `i` (killed) out of the game, keeping the index in step. Linear in the
    /// number of monsters, as removing it from the list already is.
    pub(crate) fn remove_monster(&mut self, i: usize) -> Monster {
        let gone = self.monsters.remove(i);
        self.occupancy.removed(gone.pos, i);
        gone
    }

    /// The first item lying at `p`, seen or not.
    pub fn item_at(&self, p: Pos) -> Option<&FloorItem> {
        self.items.iter().find(|i| i.pos == p)
    }

    /// Everything lying at `p`, as a message lists it ("22 gold pieces and 2 arrows"), or
    /// `None` when nothing does: a spent arrow can fall on gold, and `g` picks up one item at a
    /// time, so what is left must be told too.
    pub fn items_here(&self, p: Pos) -> Option<String> {
        let mut names: Vec<String> =
            self.items.iter().filter(|i| i.pos == p).map(FloorItem::describe).collect();
        let last = names.pop()?;
        Some(if names.is_empty() { last } else { format!("{} and {last}", names.join(", ")) })
    }

    /// Monsters in view, nearest first (ties in their acting order).
    pub fn visible_monsters(&self) -> Vec<&Monster> {
        let mut seen: Vec<&Monster> = self.monsters.iter().filter(|m| self.is_visible(m.pos)).collect();
        seen.sort_by_key(|m| m.pos.dist2(self.player.pos));
        seen
    }

    /// Items in view, nearest first.
    pub fn visible_items(&self) -> Vec<&FloorItem> {
        let mut seen: Vec<&FloorItem> = self.items.iter().filter(|i| self.is_visible(i.pos)).collect();
        seen.sort_by_key(|i| i.pos.dist2(self.player.pos));
        seen
    }

    /// Every arrow of the player's: carried, lying on the floor, or broken. Constant for a
    /// whole game.
    pub fn arrows_total(&self) -> u64 {
        let floor: u64 =
            self.items.iter().filter(|i| i.kind == ItemKind::Arrows).map(|i| u64::from(i.amount)).sum();
        u64::from(self.player.arrows) + floor + u64::from(self.arrows_broken)
    }

    /// Whether the game has ended, won or lost; actions then change nothing.
    pub fn is_over(&self) -> bool {
        self.outcome != Outcome::Playing
    }

    /// The score: gold, plus 10 a kill, plus 100 for escaping.
    pub fn score(&self) -> u32 {
        let escaped = if self.outcome == Outcome::Won { 100 } else { 0 };
        self.player.gold.saturating_add(self.player.kills.saturating_mul(10)).saturating_add(escaped)
    }

    /// Changes the terrain at `p` (a door opening or closing).
    pub(crate) fn set_tile(&mut self, p: Pos, tile: Tile) {
        if self.map.tiles.set(p, tile) {
            self.terrain_changed = true;
        }
    }

    /// Recomputes the view from the player and writes what is seen into memory; announces
    /// monsters that have just come into view, and returns that sighting, if any (see
    /// [`GameState::announce_monsters`]).
    pub(crate) fn refresh_view(&mut self) -> Option<Sighting> {
        self.view.compute(&self.map, self.player.pos, self.sight_radius);
        // Every visible cell is remembered as bare terrain, then the visible items are put back:
        // linear in cells plus items, not their product.
        for &p in self.view.cells() {
            self.memory.see(p, self.map.tile(p), None);
        }
        for item in &self.items {
            if self.view.is_visible(item.pos) {
                self.memory.see_item(item.pos, item.kind);
            }
        }
        self.announce_monsters()
    }

    /// Logs, in one message, the monsters that have come into view since the last call: "You
    /// see a goblin." for one, "You see a goblin, 3 rats and an orc." for several (see
    /// [`sighting`]). One message and not one a monster: a crowd seen at once (a map's first
    /// turn, a door opening on a hall) would otherwise push everything else out of the few lines
    /// of messages shown. A turn announces at two moments, after the player's action and after
    /// the monsters' moves, so the sightings stay in order with what the monsters then do.
    /// Returns the sighting logged (where, and whom), for [`GameState::confirm_sighting`].
    pub(crate) fn announce_monsters(&mut self) -> Option<Sighting> {
        // Sorted ids, looked up by bisection: a crowd in view costs n log n, not n².
        let mut before = mem::take(&mut self.in_view);
        before.sort_unstable();
        let mut now = Vec::with_capacity(before.len() + 8);
        let mut new: Vec<&Monster> = Vec::new();
        for m in &self.monsters {
            if self.view.is_visible(m.pos) {
                now.push(m.id);
                if before.binary_search(&m.id).is_err() {
                    new.push(m);
                }
            }
        }
        now.sort_unstable();
        self.in_view = now;
        let mut ids: Vec<u32> = new.iter().map(|m| m.id).collect();
        ids.sort_unstable();
        let text = self.sighting_of(new)?;
        self.log.push_about(self.turn, text, ids.clone());
        Some(Sighting { message: self.log.len() - 1, ids })
    }

    /// "You see …." for `monsters` (`None` for none): nearest first, ties in acting order (a
    /// stable sort), the order of the "in view" list (and the nearest kinds would be the ones
    /// named, were there more kinds than a sighting names: see `SIGHTING_KINDS`).
    fn sighting_of(&self, mut monsters: Vec<&Monster>) -> Option<String> {
        monsters.sort_by_key(|m| m.pos.dist2(self.player.pos));
        let mut kinds: Vec<(&'static str, usize)> = Vec::new();
        for m in monsters {
            match kinds.iter_mut().find(|(name, _)| *name == m.name()) {
                Some((_, n)) => *n += 1,
                None => kinds.push((m.name(), 1)),
            }
        }
        (!kinds.is_empty()).then(|| sighting(&kinds))
    }

    /// Settles the sighting logged after the player's action once the monsters have moved: the
    /// screen shows the turn's end, so a monster that came into view and left it again within
    /// the turn was never drawn, and "You see a goblin." would send the player looking for it.
    /// The sighting keeps only the monsters still in view (or is taken back if none is), in its
    /// place before what the monsters then did. Those that left are no longer counted as in
    /// view, so they are announced when they are seen again.
    pub(crate) fn confirm_sighting(&mut self, sighting: Sighting) {
        let still: Vec<&Monster> = self
            .monsters
            .iter()
            .filter(|m| sighting.ids.binary_search(&m.id).is_ok() && self.view.is_visible(m.pos))
            .collect();
        if still.len() == sighting.ids.len() {
            return;
        }
        let ids = still.iter().map(|m| m.id).collect();
        match self.sighting_of(still) {
            Some(text) => self.log.rewrite(sighting.message, text, ids),
            None => self.log.retract(sighting.message),
        }
    }
}

/// A sighting just logged: the index of its message, and the ids of the monsters it names
/// (sorted: looked up by bisection, as a crowd may come into view at once).
pub(crate) struct Sighting {
    message: usize,
    ids: Vec<u32>,
}
