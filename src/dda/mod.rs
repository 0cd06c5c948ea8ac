//! DDA grid traversal (Amanatides & Woo): the cells a segment crosses, line of sight and
//! projectile paths, all answered from the visibility contract's geometry.
//!
//! # The walk
//!
//! [`cells(A, B)`](fn@cells) lists the cells whose **open** square the segment from A's centre to
//! B's centre crosses, in the order the segment enters them. The segment leaves a cell through
//! a vertical edge (step in x) or a horizontal edge (step in y); which comes first is decided by
//! comparing the parameters of the next two edge crossings. In doubled coordinates (centres at
//! odd integers, edges at even ones) those parameters are `(2i+1) / 2|dx|` and `(2j+1) / 2|dy|`,
//! so one integer error term `e = (2i+1)|dy| − (2j+1)|dx|`, after `i` steps in x and `j` in y,
//! decides every step: the walk steps in x when `e <= 0` and in y when `e >= 0`, so in both at
//! `e = 0`, which happens exactly where the segment passes through a corner (see below):
//!
//! ```text
//!   A = (0,0), B = (3,2)             |dx| = 3, |dy| = 2, e starts at |dy| − |dx|
//!
//!       0   1   2   3                e = −1  step x   e += 2|dy|
//!     +---+---+---+---+              e =  3  step y   e −= 2|dx|
//!   0 | A | * |   |   |              e = −3  step x
//!     +---+---+---+---+              e =  1  step y
//!   1 |   | * | * |   |              e = −5  step x   and the walk is at B
//!     +---+---+---+---+
//!   2 |   |   | * | B |              cells(A, B) = (0,0) (1,0) (1,1) (2,1) (2,2) (3,2)
//!     +---+---+---+---+
//! ```
//!
//! No floating point and no drift: the walk takes exactly `|dx|` steps in x and `|dy|` in y
//! (a diagonal step counts for both), so it ends exactly on B.
//!
//! # The corner rule
//!
//! Where the segment passes exactly through a point shared by four cells, it crosses neither of
//! the two side cells' open squares (it only touches their corners), so the walk steps
//! diagonally and lists neither:
//!
//! ```text
//!   A = (0,0), B = (3,1): x edges at t = 1/6, 3/6, 5/6, the y edge at t = 3/6
//!
//!       0   1   2   3
//!     +---+---+---+---+
//!   0 | A | * |   |   |
//!     +---+---o---+---+      o: the segment passes exactly through this corner, so
//!   1 |   |   | * | B |         (1,1) and (2,0) are only touched, never crossed
//!     +---+---+---+---+
//!
//!   cells(A, B) = (0,0) (1,0) (2,1) (3,1)
//! ```
//!
//! That is what makes the walk symmetric (`cells(B, A)` is `cells(A, B)` reversed) and its
//! length a closed form: `1 + |dx| + |dy| − c`, where `c` is the number of exact corners,
//! `g = gcd(|dx|, |dy|)` when `|dx| / g` and `|dy| / g` are both odd and 0 otherwise.
//!
//! # What is here
//!
//! - [`cells`](fn@cells) / [`Cells`]: the integer walk between two cell centres.
//! - [`cell_count`]: how many cells `cells(A, B)` lists, in closed form.
//! - [`ray`](fn@ray) / [`Ray`]: the walk of `cells(A, B)` continued past B, bounded in length.
//! - [`line_of_sight`] / [`first_blocker`]: the contract's `LOS(A, B)`, a DDA broad phase
//!   with the exact diamond-and-seal narrow phase of [`crate::geometry::diamond`].
//! - [`projectile`](fn@projectile) / [`Flight`] / [`Stop`]: the flight of a missile along a ray: where a wall
//!   stops it, whom it hits, or where it falls at the end of its range.
//! - [`world::traverse`]: a walk of the same kind over `f64` points and cells of any size, for
//!   spatial hashes and physics grids. Its cells are half-open boxes, so at an exact corner where
//!   one coordinate grows and the other shrinks it also lists the side cell that holds the
//!   corner point, which `cells` does not: between cell centres it is `cells`, plus the side
//!   cell of each exact corner where the two coordinates change in opposite senses.

mod cells;
mod projectile;
mod ray;
mod sight;
mod step;
pub mod world;

pub use cells::{Cells, cell_count, cells};
pub use projectile::{Flight, Stop, projectile};
pub use ray::{Ray, ray};
pub use sight::{first_blocker, line_of_sight};
