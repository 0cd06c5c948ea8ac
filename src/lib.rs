//! sightline: exact field of view and line of sight on a grid, and the roguelike built on them.
//!
//! Every sight question here — which cells a viewer sees, whether two cells see each other, where
//! an arrow flies — is answered from one geometry, the *visibility contract* (below). The field
//! of view is computed by *ray multicast obscurity propagation*, made exact to that contract;
//! line of sight and missiles by the Amanatides & Woo grid walk, in integers. This page states the
//! contract and teaches the field-of-view algorithm; [`dda`]'s page teaches the walk.
//!
//! Where to start reading:
//!
//! - [`fov`]: field of view. [`fov::multicast`] is the fast, exact algorithm taught below (its
//!   own page lists the shortcuts the code takes, and why each gives the same answer);
//!   [`fov::reference`] is the slow obvious oracle it is tested against, cell for cell.
//! - [`dda`]: the grid walk — [`dda::cells`](fn@dda::cells), [`dda::line_of_sight`],
//!   [`dda::projectile`](fn@dda::projectile) — and the `f64` traversal in [`dda::world`].
//! - [`geometry`]: positions, grids, the [`geometry::Opacity`] trait any world implements, and
//!   the exact diamond-and-seal predicates in [`geometry::diamond`] that both of the above share.
//! - [`map`]: the map model and its hand-authored RON format with located errors.
//! - `game` (cargo feature `game`): the roguelike's rules, no terminal; `ui` (feature `tui`):
//!   its ratatui screens and the FOV lab.
//!
//! The layers depend in one direction only:
//!
//! ```text
//! geometry (grid, positions)  <-  fov, dda, map  <-  game (rules, turns, AI)  <-  ui (ratatui, input)
//! ```
//!
//! Within the middle layer, one edge: `fov` knows the map type, for its two conveniences
//! ([`Map::fov`] and [`fov::Fov::for_map`]), so that a map needs no FOV to be loaded, checked or
//! drawn; `map` knows neither `fov` nor `dda`, and `dda` knows only `geometry`. Every algorithm
//! takes any [`geometry::Opacity`], a map included, so nothing below needs that edge.
//!
//! The `game` and `tui` features are both on by default (`tui` turns on `game`). With
//! `default-features = false` the library is geometry, FOV, DDA, maps and pictures alone: no
//! terminal crate, no path-finding crate; `features = ["game"]` adds the rules, still without a
//! terminal.
//!
//! # The geometry
//!
//! Cells are unit squares. A floor (any transparent cell) is the point at its centre; a wall (any
//! opaque cell) is the open diamond inscribed in its square; where two walls share an edge, the
//! midpoint of that edge, where their diamonds touch, blocks too: a *seal*. A segment is blocked
//! by a wall when it meets the open diamond or passes through one of its seals; grazing a
//! diamond's outline elsewhere is not blocking. So a straight wall is tight, while two walls that
//! touch only at a corner leave a gap that sight passes through.
//!
//! ```text
//!   +---^---+---^---+        two walls side by side: each diamond has
//!   |  / \  |  / \  |        its vertices at the midpoints of its
//!   | /   \ | /   \ |        square's edges, so the two touch at the
//!   <   W   s   W   >        seal s, which blocks too
//!   | \   / | \   / |
//!   |  \ /  |  \ /  |        the corner points (+) are on no diamond:
//!   +---v---+---v---+        a diagonal pair of walls leaves a gap there
//! ```
//!
//! A floor is visible when the segment from the viewer's centre to its centre is blocked by no
//! cell but the viewer's and its own (that is [`dda::line_of_sight`]). A wall is visible when some
//! ray from the viewer's centre, strictly inside the angle its diamond subtends, reaches the
//! diamond unblocked. The cells in view are those within the radius (`dx² + dy² <= R²`). Double
//! every coordinate and all of it is integer arithmetic: cell centres are even points relative
//! to the viewer's centre, diamond vertices, seals and square corners are integer points next to
//! them. What follows from it — a floor sees a floor exactly when that one sees it back, a convex
//! room's walls are all seen from inside it, a pillar's shadow widens with distance, corners are
//! not blind, diagonal gaps can be seen through, a straight wall never leaks — is tested by name
//! in the crate's tests.
//!
//! # Ray multicast, exactly
//!
//! The plane around the viewer splits into four quadrants (cells on an axis belong to two).
//! Turn a quadrant so that it is `x >= 0, y >= 0`; its cell `(i, j)` has two *inputs*, the
//! neighbours one step closer to the viewer along each axis, `(i - 1, j)` and `(i, j - 1)`. The
//! cells `(i', j')` with `i' <= i` and `j' <= j`, other than `(i, j)` itself, are its
//! *predecessors*: the inputs, their inputs, and so on back to the viewer.
//!
//! ```text
//!    O . . . . . .  x          O   the viewer
//!    . . . . . . .             u   (i, j-1), the input above P
//!    . . . . u . .             l   (i-1, j), the input left of P
//!    . . . l P . .             P   a cell: it hears only from u and l
//!    . . . . . . .
//!    y
//! ```
//!
//! A ray from the viewer into the quadrant moves right and down, a monotone staircase, so
//! every ray that reaches `P`'s square crossed `u`'s or `l`'s square first, or passed exactly
//! through the corner the three share. The angle `P`'s square subtends is covered by the
//! angles `u`'s and `l`'s squares subtend: everything `P` can know arrives through its inputs.
//! Square angles are cut to the quadrant, so a cell on an axis, `(i, 0)` or `(0, j)`, has one
//! input, its neighbour along the axis, whose angle covers its own just as well.
//!
//! What travels from cell to cell is the exact set of *lit directions*: the directions from the
//! viewer's centre whose rays are still unblocked when they reach the cell's square. Directions
//! are ordered from the quadrant's x axis (low) to its y axis (high), so the set is a few
//! angular intervals; their ends are rays through square corners, diamond vertices and seals,
//! so they are integer vectors, compared by the sign of a cross product (no angle, no division,
//! no float). Each end is open or closed, and an interval may be a single ray: a *hairline* of
//! light between two diamonds whose outlines line up exactly with the viewer. Hairlines are real
//! (they light floors whose centres lie on them, and walls they pass through); a row-by-row
//! shadowcaster drops some of them, and this algorithm keeps them all.
//!
//! The viewer's own cell starts it: it passes its whole square angle on in each quadrant, even
//! when it is opaque (the contract lets no cell block its own view). Every other cell takes what
//! its inputs pass on, each clipped to its own square's angle, and joins the two (they meet at
//! the shared corner ray). Then:
//!
//! - a floor is visible iff the direction of its centre is lit; it passes everything on;
//! - a wall is visible iff a lit direction lies strictly inside the open angle of its diamond;
//!   it passes on what lies outside that angle, without the rays through the two bounding
//!   vertices where those vertices are seals (the neighbour across them is opaque too);
//! - a cell whose input is empty is culled: it is not visible and passes nothing on.
//!
//! ```text
//!   O.........
//!      .....  ...................
//!           ....                 .........^.........
//!               .....                   /   \:::::::..........
//!                    .....            /       \:::::::::::::::
//!                         .....     <     W     >:::::::::::::
//!                              ....   \       /:::::::::::::::
//!                                  .....\   /:::::::::::::::::
//!                                       ..v..:::::::::::::::::
//!                                            .....::::::::::::
//!                                                 ....::::::::
//! ```
//!
//! Above, a lit interval reaches a wall `W` (its diamond drawn, its square not). The two dotted
//! rays from the viewer `O` pass through `W`'s extreme vertices, `^` and `v`: between them lies
//! the open angle `W` blocks, and the directions inside it stop at `W` (`:`, its shadow). `W`
//! passes on the rest of its input, on both sides of the angle, and the two bounding rays too
//! (they only graze the open diamond), unless a seal sits on a vertex: then the ray through it
//! stops. Those two rays are the *rays of obscurity* the algorithm is named for, carried on as
//! interval ends from cell to cell, never walked.
//!
//! A cell's two children split its square angle at its far corner: the child to the right
//! takes the directions up to that corner ray, the child below those from it on. So when a cell
//! passes its light on, one comparison with that ray per end says which children it reaches,
//! and a child that no input's light reaches is culled without ever being looked at.
//!
//! Here is what the scan leaves behind around one pillar, as [`fov::multicast::trace`] records
//! it: `.` a cell lit whole, `+` a cell on the edge of the shadow whose centre is lit (visible),
//! `-` one on the edge whose centre is not (light crosses its square, not its centre), `x` a
//! culled cell, `#` the pillar (seen). The shadow is the wedge between the pillar's two rays of
//! obscurity; it widens row after row, with the edge cells along its two sides.
//!
//! ```
//! use sightline::{Pos, fov::{Fov, multicast::{self, CellState, Trace}}};
//! let pillar = |p: Pos| p == Pos::new(3, 2);
//! let (mut fov, mut trace) = (Fov::new(10, 7), Trace::default());
//! multicast::trace(Pos::new(0, 0), None, &pillar, &mut fov, &mut trace);
//! # let picture: Vec<String> = (0..7)
//! #     .map(|y| {
//! #         (0..10)
//! #             .map(|x| {
//! #                 let (p, cell) = (Pos::new(x, y), trace.get(Pos::new(x, y)));
//! #                 match (cell.state, cell.visible) {
//! #                     _ if p == Pos::new(0, 0) => 'O',
//! #                     _ if pillar(p) => '#',
//! #                     (CellState::Lit, _) => '.',
//! #                     (CellState::Edge, true) => '+',
//! #                     (CellState::Edge, false) => '-',
//! #                     (CellState::Culled, _) => 'x',
//! #                     (CellState::NeverLooked, _) => ' ',
//! #                 }
//! #             })
//! #             .collect()
//! #     })
//! #     .collect();
//! assert_eq!(picture, [
//!     "O.........",
//!     "..........",
//!     "...#++....",
//!     "...+--++..",
//!     "....+-x-++",
//!     ".....++-x-",
//!     ".......+-x",
//! ]);
//! ```
//!
//! Why this is exact, not approximate like the published ray-multicast versions (libtcod's
//! `FOV_DIAMOND`, which carry one ray through each obstruction's centre plus an error margin):
//!
//! 1. **Covering.** By induction over the scan order (a cell after its inputs), starting from
//!    the viewer's cell, which has no predecessor and passes its whole square. A ray that reaches
//!    a cell's square meets, before it, only squares of that cell's predecessors (it moves right
//!    and down), and it enters the square from an input's square or through their shared corner.
//!    So "lit when it reaches the square" is decided by the predecessors, and if each input passes
//!    on exactly its own lit set minus what it blocks, the cell receives exactly its lit set.
//!    Whether the ray through a floor's centre is lit then decides the floor, and whether a lit
//!    ray enters a wall's open angle decides the wall (before its diamond, a ray inside the angle
//!    crosses only the wall's own square, and the seals on its near vertices are removed by the
//!    neighbours that own them too).
//! 2. **Walls pass light on.** Light that slips through a diagonal gap reaches a cell through
//!    inputs that are both walls:
//!
//!    ```text
//!      O . .      O, the viewer; A and B touch only at a corner. The diagonal
//!      . . A      ray from O passes between them, through that corner, and
//!      . B C      lights C, whose two inputs are A and B: both walls.
//!    ```
//!
//!    So a wall cannot simply cull its children: it passes on its input minus its diamond and
//!    seals, and the light through the gap (here a wedge, from `A`'s bottom vertex to `B`'s
//!    right vertex) survives.
//!
//! The order only has to handle a cell after its inputs. [`fov::multicast`] scans each quadrant
//! row by row, keeping only the previous row's outputs (the front, O(radius) memory, kept in the
//! [`fov::Fov`] with the rest of its working memory: a view allocates nothing once its buffer
//! has computed views like it), and visits
//! only the runs of cells that an input's light reaches. Each cell is decided at most once per
//! quadrant it belongs to; no ray is ever walked. The code takes shortcuts where the general
//! rule's answer is known in advance (whole rows of floor, cells in full light, corridors, and
//! far out, wedges of light carried a row at a time between the shadows of walls): they are
//! listed, each with why it agrees, on [`fov::multicast`]'s page.
//!
//! [`fov::multicast::trace`] records what happened to every cell (lit, on the edge of a shadow,
//! culled, never looked at) and its ring, for the lab.

// Every public item says what it is for; CI (clippy with `-D warnings`) keeps it that way.
#![warn(missing_docs)]

pub mod dda;
pub mod fov;
#[cfg(feature = "game")]
pub mod game;
pub mod geometry;
pub mod map;
pub mod picture;
mod safe_file;
#[cfg(feature = "tui")]
pub mod ui;

pub use geometry::{Grid, Pos};
pub use map::{Map, Tile};

/// The README's Rust examples, compiled and run as doc tests so they cannot drift from the API.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
