//! What the internals overlay and step mode draw: the multicast's state of each cell, with the
//! cells on the edge of an occluded area told apart by whether they ended in view, and the
//! filter the `i` key cycles through.
//!
//! The algorithm's own four states ([`Internal`]) do not say what is visible: a cell lit whole
//! is, but so are many edge cells (a shadow boundary crosses their square, not the ray to their
//! centre, or not every ray into their diamond), and an edge cell drawn one way whether it ended
//! in view or not hid half the view (QA: "visible: 311 cells" with 163 `*` drawn). So the
//! overlay shows five, as the crate's own trace picture does: the cells in view are exactly the
//! ones [`OverlayState::in_view`] says (and the viewer's).

use crate::geometry::Pos;
use crate::picture::{Internal, Internals};

/// The state the overlay draws for a cell.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum OverlayState {
    /// Its whole square lit ([`Internal::LitWhole`]): in view.
    LitWhole,
    /// On the edge of an occluded area ([`Internal::Edge`]), and in view.
    EdgeInView,
    /// On the edge of an occluded area ([`Internal::Edge`]), and not in view: light crosses its
    /// square, but not the ray to its centre (a floor) or into its diamond (a wall).
    EdgeOutOfView,
    /// Culled, never expanded ([`Internal::Culled`]): not in view.
    Culled,
    /// Never looked at ([`Internal::NeverLooked`]): not in view.
    NeverLooked,
}

impl OverlayState {
    /// Every state, from most lit to least: the legend's order, and the filter's.
    pub const ALL: [OverlayState; 5] = [
        OverlayState::LitWhole,
        OverlayState::EdgeInView,
        OverlayState::EdgeOutOfView,
        OverlayState::Culled,
        OverlayState::NeverLooked,
    ];

    /// The state of `p` in the multicast's record.
    pub fn of(internals: &Internals, p: Pos) -> Self {
        match internals.state(p) {
            Internal::LitWhole => OverlayState::LitWhole,
            Internal::Edge if internals.visible(p) => OverlayState::EdgeInView,
            Internal::Edge => OverlayState::EdgeOutOfView,
            Internal::Culled => OverlayState::Culled,
            Internal::NeverLooked => OverlayState::NeverLooked,
        }
    }

    /// Whether a cell in this state is in view: lit whole, or an edge cell in view.
    pub fn in_view(self) -> bool {
        matches!(self, OverlayState::LitWhole | OverlayState::EdgeInView)
    }

    /// The words the legend, the help and the filter's name use (short: the legend packs them
    /// into the panel's rows; the help says what each means).
    pub fn label(self) -> &'static str {
        match self {
            OverlayState::LitWhole => "lit whole",
            OverlayState::EdgeInView => "edge, in view",
            OverlayState::EdgeOutOfView => "edge, not in view",
            OverlayState::Culled => "culled",
            OverlayState::NeverLooked => "never looked at",
        }
    }
}

/// How the internals overlay shows the states.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum InternalsView {
    /// No overlay: terrain in and out of view (step mode still shows every state).
    Off,
    /// Every cell's state.
    All,
    /// One state highlighted, the rest shown as dimmed terrain (in step mode too, within the
    /// rings reached).
    Only(OverlayState),
}

impl InternalsView {
    /// The next view in the cycle: off, all, then each state alone in [`OverlayState::ALL`]'s
    /// order, then off again.
    pub fn next(self) -> Self {
        match self {
            InternalsView::Off => InternalsView::All,
            InternalsView::All => InternalsView::Only(OverlayState::ALL[0]),
            InternalsView::Only(s) => {
                let i = OverlayState::ALL.iter().position(|&t| t == s).unwrap_or(0);
                OverlayState::ALL.get(i + 1).map_or(InternalsView::Off, |&t| InternalsView::Only(t))
            }
        }
    }

    /// Whether the overlay draws `state` highlighted (rather than as dimmed terrain).
    pub fn shows(self, state: OverlayState) -> bool {
        match self {
            InternalsView::Off | InternalsView::All => true,
            InternalsView::Only(s) => s == state,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cycle_visits_every_state_once_and_comes_back_off() {
        let mut view = InternalsView::Off;
        let mut seen = Vec::new();
        for _ in 0..OverlayState::ALL.len() + 2 {
            view = view.next();
            seen.push(view);
        }
        let mut expected = vec![InternalsView::All];
        expected.extend(OverlayState::ALL.map(InternalsView::Only));
        expected.push(InternalsView::Off);
        assert_eq!(seen, expected);
    }
}
