//! The terminal interface: ratatui rendering over plain game state, and key input.

pub mod lab;
