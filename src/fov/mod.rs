//! Field of view.
