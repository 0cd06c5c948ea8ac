//! The game rules: state, actions, turns and monsters. Knows nothing of the terminal. (Cargo
//! feature `game`, on by default.)
//!
//! Everything that changes a game goes through [`GameState::act`] with an [`Action`]; the
//! interface only reads the state and sends actions. All randomness comes from the generator
//! stored in the state, and monsters act in a fixed order, so the same seed and the same
//! actions always give the same game — and a save carries the generator along.

pub mod action;
pub mod ai;
pub mod combat;
pub mod creature;
pub mod default_map;
pub mod distance_map;
pub mod item;
pub mod log;
pub mod memory;
pub mod movement;
mod occupancy;
mod phrase;
pub mod ranged;
pub mod save;
pub mod sight;
pub mod state;
pub mod turn;

pub use action::{Action, Dir};
pub use creature::{Mind, Monster, Player, Stats};
pub use item::FloorItem;
pub use log::{Log, Message};
pub use memory::Memory;
pub use state::{GameState, NewGameError, Outcome};
pub use turn::Acted;
