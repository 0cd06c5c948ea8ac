//! What the player can do in one turn.

use serde::{Deserialize, Serialize};

use crate::geometry::Pos;

/// One of the eight king-move directions.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Dir {
    /// North: up the screen, `y - 1`.
    N,
    /// North-east: `x + 1, y - 1`.
    NE,
    /// East: right, `x + 1`.
    E,
    /// South-east: `x + 1, y + 1`.
    SE,
    /// South: down the screen, `y + 1`.
    S,
    /// South-west: `x - 1, y + 1`.
    SW,
    /// West: left, `x - 1`.
    W,
    /// North-west: `x - 1, y - 1`.
    NW,
}

impl Dir {
    /// The eight directions, clockwise from north. Whatever tries every direction (the door keys
    /// looking for the door meant) sees them in this order.
    pub const ALL: [Dir; 8] = [Dir::N, Dir::NE, Dir::E, Dir::SE, Dir::S, Dir::SW, Dir::W, Dir::NW];

    /// The step this direction moves by (`y` grows downwards).
    pub fn delta(self) -> Pos {
        match self {
            Dir::N => Pos::new(0, -1),
            Dir::NE => Pos::new(1, -1),
            Dir::E => Pos::new(1, 0),
            Dir::SE => Pos::new(1, 1),
            Dir::S => Pos::new(0, 1),
            Dir::SW => Pos::new(-1, 1),
            Dir::W => Pos::new(-1, 0),
            Dir::NW => Pos::new(-1, -1),
        }
    }

    /// The direction of a king step, if `d` is one.
    pub fn from_delta(d: Pos) -> Option<Dir> {
        Dir::ALL.into_iter().find(|dir| dir.delta() == d)
    }

    /// Whether both coordinates change. A diagonal step may pass between two walls that meet
    /// at a corner (walls are diamonds, see [`crate::geometry::diamond`]).
    ///
    /// ```
    /// use sightline::game::Dir;
    /// assert_eq!(Dir::ALL.iter().filter(|d| d.is_diagonal()).count(), 4);
    /// assert!(Dir::NE.is_diagonal() && !Dir::E.is_diagonal());
    /// ```
    pub fn is_diagonal(self) -> bool {
        let d = self.delta();
        d.x != 0 && d.y != 0
    }
}

/// A player action. Each one that succeeds takes exactly one turn, after which the field of view
/// is recomputed and every monster acts (but after a successful [`Action::TakeExit`], which ends
/// the game before the monsters move).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Step one cell; into a monster it attacks, into a closed door it opens the door.
    Move(Dir),
    /// Let a turn pass.
    Wait,
    /// Open the closed door in that direction.
    Open(Dir),
    /// Close the open door in that direction.
    Close(Dir),
    /// Open the closed door next to the player, the one there is: `o` with no direction.
    /// Refused, taking no turn, when there is none, or several (the interface asks which, and
    /// sends [`Action::Open`]).
    OpenDoor,
    /// Close the open door next to the player, the one there is (see [`Action::OpenDoor`]).
    CloseDoor,
    /// Pick up what lies on the player's cell.
    PickUp,
    /// Drink a healing potion.
    Quaff,
    /// Shoot an arrow at the cell `target`: along the DDA line from the player through it.
    Fire {
        /// The cell aimed at; the arrow may fly past it, up to the bow's range. Aiming at the
        /// player's own cell is refused without taking a turn.
        target: Pos,
    },
    /// Leave the level by the exit the player stands on: wins the game.
    TakeExit,
}
