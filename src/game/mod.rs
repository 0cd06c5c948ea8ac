//! The game rules: state, actions, turns and monsters. Knows nothing of the terminal.
