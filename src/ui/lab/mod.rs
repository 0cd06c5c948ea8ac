//! `sightline lab`: watch the field-of-view algorithms work, on any map.
//!
//! The viewer walks anywhere (walls too) with the game's movement keys; the panel and the
//! overlays show what the algorithms compute, live: the multicast's state per cell, the cells
//! where multicast and reference disagree (there should be none), the breadth-first front ring
//! by ring (replayed from the scan, whose order differs but whose answers do not), and the DDA
//! walk to a cursor with its line-of-sight verdict both ways. The reference, far slower than the
//! multicast, is only computed on views of at most [`state::REFERENCE_CELL_LIMIT`] candidate
//! cells, so that no key freezes the lab; on bigger ones the multicast's view is drawn and the
//! panel says why and which radius `-` goes to for it.
//!
//! [`Lab`] is the state, [`keys`] turns key presses into its commands, [`view`] draws it into
//! any ratatui buffer ([`overlay`] says what the internals overlay draws of each cell), and
//! [`run`] owns the real terminal.

pub mod export;
pub mod help;
pub mod keys;
pub mod map_view;
pub mod overlay;
pub mod panel;
pub mod run;
pub mod state;
pub mod style;
pub mod view;

pub use overlay::{InternalsView, OverlayState};
pub use state::{Drive, Lab, Walk};
pub use style::LabStyle;
