//! The turn loop: a player action, the new field of view, then every monster in order.

use std::cell::OnceCell;

use rand::RngExt;

use super::action::{Action, Dir};
use super::ai::{self, MonsterAction};
use super::combat::{Strike, strike};
use super::creature::PLAYER_STATS;
use super::movement::can_step;
use super::state::{GameState, Outcome, article};
use crate::geometry::Pos;
use crate::map::{ItemKind, Tile};

/// The player heals one hit point every this many turns.
pub const REGEN_EVERY: u64 = 8;

/// What an action did.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Acted {
    /// The action took a turn: the view was recomputed and, unless it ended the game, the
    /// monsters acted.
    Turn,
    /// Nothing happened and no time passed. The log says why ("You have no potion to drink.",
    /// "The water is too deep to wade.", "There is no door there."...), except in two silent
    /// cases: a step into a wall or off the map's edge (a bump the map already explains, which
    /// a message on every one would only bury the log under), and any action once the game is
    /// over.
    NoTurn,
}

impl GameState {
    /// Plays one player action. If it takes a turn, the view is recomputed from the map as it now
    /// is, then each living monster acts in order; if a monster changed the terrain the view is
    /// recomputed again, so the memory always holds what the player sees at the start of the next
    /// turn, and monsters that walked into view are announced.
    ///
    /// Every message of a turn, the player's action and all that follows from it, is stamped
    /// with the turn number it ends on ([`GameState::turn`] once it is over); the reason for an
    /// action refused, which takes no turn, with the turn number as it stands.
    pub fn act(&mut self, action: Action) -> Acted {
        if self.is_over() {
            return Acted::NoTurn;
        }
        let first = self.log.len();
        if !self.player_acts(action) {
            return Acted::NoTurn;
        }
        // (Counters saturate: a hand-edited save may start them anywhere.)
        self.turn = self.turn.saturating_add(1);
        // The player's messages were logged before the count moved on; they belong to the turn
        // their action took, as the monsters' replies that follow do.
        self.log.restamp_from(first, self.turn);
        if self.turn.is_multiple_of(REGEN_EVERY) && self.outcome == Outcome::Playing {
            self.player.hp = self.player.hp.saturating_add(1).min(self.player.max_hp);
        }
        let seen = self.refresh_view();
        if self.outcome == Outcome::Playing {
            self.terrain_changed = false;
            self.monsters_act();
            let _ = if self.terrain_changed { self.refresh_view() } else { self.announce_monsters() };
            if let Some(seen) = seen {
                self.confirm_sighting(seen);
            }
        }
        Acted::Turn
    }

    fn note(&mut self, text: impl Into<String>) {
        self.log.push(self.turn, text);
    }

    /// [`GameState::note`] for a message about the monsters `about` (see
    /// [`GameState::about`]).
    fn note_about(&mut self, about: Vec<u32>, text: impl Into<String>) {
        self.log.push_about(self.turn, text, about);
    }

    /// Does the player's part of the turn; false when the action was impossible.
    fn player_acts(&mut self, action: Action) -> bool {
        match action {
            Action::Wait => true,
            Action::Move(dir) => self.player_moves(dir),
            Action::Open(dir) => self.open_door(dir),
            Action::Close(dir) => self.close_door(dir),
            Action::OpenDoor => self.the_door(true),
            Action::CloseDoor => self.the_door(false),
            Action::PickUp => self.pick_up(),
            Action::Quaff => self.quaff(),
            Action::Fire { target } => self.fire(target),
            Action::TakeExit => {
                if self.map.tile(self.player.pos) == Tile::Exit {
                    self.outcome = Outcome::Won;
                    self.note("You climb the stairs out into the daylight. You escaped!");
                    true
                } else {
                    self.note("There is no exit here.");
                    false
                }
            }
        }
    }

    fn player_moves(&mut self, dir: Dir) -> bool {
        let to = self.player.pos + dir.delta();
        if let Some(i) = self.monster_index(to) {
            self.player_attacks(i);
            return true;
        }
        match self.map.tile(to) {
            Tile::DoorClosed => return self.open_door(dir),
            Tile::Water if self.map.contains(to) => {
                self.note("The water is too deep to wade.");
                return false;
            }
            Tile::Glass => {
                self.note("A pane of glass is in the way.");
                return false;
            }
            _ => {}
        }
        if !can_step(&self.map, self.player.pos, dir) {
            return false;
        }
        self.player.pos = to;
        if let Some(what) = self.items_here(to) {
            self.note(format!("You see here {what}. (g to pick up)"));
        }
        if self.map.tile(to) == Tile::Exit {
            self.note("Stairs lead out of the dungeon. Press > to leave.");
        }
        true
    }

    fn player_attacks(&mut self, i: usize) {
        let (name, about) = (self.monsters[i].name(), self.about(i));
        match strike(&mut self.rng, PLAYER_STATS) {
            Strike::Miss => self.note_about(about, format!("You miss the {name}.")),
            Strike::Hit(damage) => {
                self.monsters[i].hp = self.monsters[i].hp.saturating_sub(damage);
                if self.monsters[i].hp <= 0 {
                    self.remove_monster(i);
                    self.player.kills = self.player.kills.saturating_add(1);
                    self.note_about(about, format!("You hit the {name} for {damage} and kill it!"));
                } else {
                    self.note_about(about, format!("You hit the {name} for {damage}."));
                }
            }
        }
    }

    /// [`Action::OpenDoor`] (`open`) and [`Action::CloseDoor`]: the one door next to the
    /// player that the action fits, or why not.
    fn the_door(&mut self, open: bool) -> bool {
        let (want, what) = if open { (Tile::DoorClosed, "closed") } else { (Tile::DoorOpen, "open") };
        let here = self.player.pos;
        let mut fits = Dir::ALL.into_iter().filter(|d| self.map.tile(here + d.delta()) == want);
        match (fits.next(), fits.next()) {
            (Some(dir), None) if open => self.open_door(dir),
            (Some(dir), None) => self.close_door(dir),
            (None, _) => {
                self.note(format!("There is no {what} door next to you."));
                false
            }
            (Some(_), Some(_)) => {
                self.note(format!("There are several {what} doors next to you: say which."));
                false
            }
        }
    }

    fn open_door(&mut self, dir: Dir) -> bool {
        let at = self.player.pos + dir.delta();
        match self.map.tile(at) {
            Tile::DoorClosed => {
                self.set_tile(at, Tile::DoorOpen);
                self.note("You open the door.");
                true
            }
            Tile::DoorOpen => {
                self.note("That door is already open.");
                false
            }
            _ => {
                self.note("There is no door there.");
                false
            }
        }
    }

    fn close_door(&mut self, dir: Dir) -> bool {
        let at = self.player.pos + dir.delta();
        match self.map.tile(at) {
            Tile::DoorOpen if self.monster_at(at).is_some() => {
                let who = self.who_is_at(at);
                let about = self.monster_index(at).map_or_else(Vec::new, |i| self.about(i));
                self.note_about(about, format!("{who} stands in the doorway."));
                false
            }
            Tile::DoorOpen if self.item_at(at).is_some() => {
                self.note("Something lies in the doorway.");
                false
            }
            Tile::DoorOpen => {
                self.set_tile(at, Tile::DoorClosed);
                self.note("You close the door.");
                true
            }
            Tile::DoorClosed => {
                self.note("That door is already closed.");
                false
            }
            _ => {
                self.note("There is no door there.");
                false
            }
        }
    }

    /// The creature at `at` as a sentence names it for the player: "The goblin" when they see
    /// it, "Something" when they do not (a door past the sight radius), which tells no more than
    /// the message it starts already does.
    fn who_is_at(&self, at: Pos) -> String {
        match self.monster_at(at) {
            Some(m) if self.is_visible(at) => format!("The {}", m.name()),
            _ => "Something".to_string(),
        }
    }

    fn pick_up(&mut self) -> bool {
        let Some(i) = self.items.iter().position(|it| it.pos == self.player.pos) else {
            self.note("There is nothing here to pick up.");
            return false;
        };
        let item = self.items.remove(i);
        match item.kind {
            ItemKind::Potion => self.player.potions = self.player.potions.saturating_add(item.amount),
            ItemKind::Arrows => self.player.arrows = self.player.arrows.saturating_add(item.amount),
            ItemKind::Gold => self.player.gold = self.player.gold.saturating_add(item.amount),
        }
        match self.items_here(self.player.pos) {
            Some(left) => self.note(format!("You pick up {}. Still here: {left}.", item.describe())),
            None => self.note(format!("You pick up {}.", item.describe())),
        }
        true
    }

    fn quaff(&mut self) -> bool {
        if self.player.potions == 0 {
            self.note("You have no potion to drink.");
            return false;
        }
        if self.player.hp >= self.player.max_hp {
            // (A potion drunk at full health would heal nothing and be gone.)
            self.note("You are already at full health.");
            return false;
        }
        self.player.potions -= 1;
        let heal = self.rng.random_range(6..=10);
        let before = self.player.hp;
        self.player.hp = self.player.hp.saturating_add(heal).min(self.player.max_hp);
        self.note(format!("You drink a healing potion and feel better (+{}).", self.player.hp - before));
        true
    }

    /// Every living monster acts once, in the order of `monsters`, each deciding with the same
    /// distance map (built at most once, when the first monster needs it).
    fn monsters_act(&mut self) {
        let distances = OnceCell::new();
        for i in 0..self.monsters.len() {
            let decision = ai::decide(self, i, &distances);
            let m = &mut self.monsters[i];
            m.mind = decision.mind;
            if let Some(route) = decision.route {
                m.route = route;
            }
            match decision.action {
                MonsterAction::Wait => {}
                MonsterAction::Step(to) => self.monster_steps(i, to),
                MonsterAction::Wander => {
                    let (mut free, mut n) = ([Pos::new(0, 0); 8], 0);
                    for p in ai::wander_steps(self, &self.monsters[i]) {
                        free[n] = p;
                        n += 1;
                    }
                    if n > 0 {
                        let to = free[self.rng.random_range(0..n)];
                        self.monster_steps(i, to);
                    }
                }
                MonsterAction::OpenDoor(at) => {
                    self.set_tile(at, Tile::DoorOpen);
                    // The opener is named only if the player sees it: a door seen opening by a
                    // hand out of sight tells only that.
                    if self.is_visible(self.monsters[i].pos) {
                        let name = self.monsters[i].name();
                        self.note_about(self.about(i), format!("The {name} opens a door."));
                    } else if self.is_visible(at) {
                        self.note("A door opens.".to_string());
                    }
                }
                MonsterAction::Attack => {
                    let m = &self.monsters[i];
                    let (name, stats, about) = (m.name(), m.stats(), self.about(i));
                    match strike(&mut self.rng, stats) {
                        Strike::Miss => self.note_about(about, format!("The {name} misses you.")),
                        Strike::Hit(damage) => {
                            self.note_about(about, format!("The {name} hits you for {damage}."));
                            if !self.hurt_player(name, damage) {
                                return;
                            }
                        }
                    }
                }
                MonsterAction::Shoot => {
                    let bow = self.monsters[i].stats().bow.expect("only archers shoot");
                    if !self.monster_shoots(i, bow) {
                        return;
                    }
                }
            }
        }
    }

    /// Moves monster `i` one step to `to`, following its route if that was its next step.
    fn monster_steps(&mut self, i: usize, to: Pos) {
        self.move_monster(i, to);
        let m = &mut self.monsters[i];
        if m.route.first() == Some(&to) {
            m.route.remove(0);
        } else {
            m.route.clear();
        }
    }

    /// Takes `damage` off the player's hit points; false when that kills them (the game is then
    /// over, `name` the killer).
    pub(crate) fn hurt_player(&mut self, name: &str, damage: i32) -> bool {
        self.player.hp = self.player.hp.saturating_sub(damage);
        if self.player.hp > 0 {
            return true;
        }
        self.note(format!("You die, slain by {} {name}...", article(name)));
        self.outcome = Outcome::Dead { killer: format!("{} {name}", article(name)) };
        false
    }
}
