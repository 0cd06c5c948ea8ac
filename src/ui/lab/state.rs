//! The lab's state: a map, a viewer that walks anywhere, the view settings, and the views
//! computed from them. Every change recomputes what it affects, so what is drawn is always the
//! current answer of the algorithms — but for the reference, which is only computed on views
//! small enough for it to answer at once (see [`REFERENCE_CELL_LIMIT`]).

use crate::fov::reference::{candidate_cells, largest_radius_within};
use crate::fov::{Algorithm, Fov};
use crate::geometry::Pos;
use crate::map::Map;
use crate::picture::{Internals, first_blocker};

use super::overlay::InternalsView;

/// The most candidate cells (see [`candidate_cells`]) a view may have for the lab to compute the
/// reference on it, for the diff overlay or as the algorithm drawn.
///
/// The reference decides every candidate on its own, walking the cells between it and the
/// viewer, so its cost grows with about the square of the candidates (`fov::reference` says
/// O(R⁴)): 34 s for a 400×400 open room seen from a corner at unlimited radius, days for a
/// 4096×4096 one. The lab computes it on the key press, in the loop that reads the keys, so an
/// unbounded call would freeze the lab — not even `q` or Ctrl-C would be read. 4000 candidates
/// is the whole of every bundled map but the large one at unlimited radius, or a disc of radius
/// 35. The dearest views of that size are the walled ones seen from a corner: `sightline bench`
/// (release build) on 63×63 maps at 0,0 — all walls, walls but for the two axes or the
/// diagonal, 95 % walls — times the reference at 0.12 s each (0.2 s with the machine busy),
/// an open room at 0.02 s; so no key press costs the lab more than a blink.
pub const REFERENCE_CELL_LIMIT: u64 = 4000;

/// Why the reference was not computed for the current view, for the panel's notice.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ReferenceSkipped {
    /// The view's candidate cells, more than [`REFERENCE_CELL_LIMIT`].
    pub cells: u64,
    /// The largest radius at which the view from this viewer is small enough again.
    pub radius_within: u32,
}

/// What the movement keys move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Drive {
    /// The keys move the viewer.
    Viewer,
    /// The keys move the cursor.
    Cursor,
}

/// The DDA walk from the viewer to the cursor, and what it says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Walk {
    /// `dda::cells(viewer, cursor)`.
    pub cells: Vec<Pos>,
    /// The cells entered by a diagonal step: the segment passes exactly through a lattice corner.
    pub diagonal_steps: Vec<Pos>,
    /// The first cell between viewer and cursor that blocks the segment.
    pub blocker: Option<Pos>,
    /// `dda::line_of_sight(viewer, cursor)`.
    pub los_there: bool,
    /// `dda::line_of_sight(cursor, viewer)`.
    pub los_back: bool,
}

/// The lab.
///
/// # Examples
///
/// ```
/// use sightline::{Pos, map::generate::pillars};
/// use sightline::ui::lab::Lab;
/// let mut lab = Lab::new(pillars(13, 9, 4));
/// lab.set_viewer(Pos::new(2, 4));
/// lab.toggle_diff();
/// assert!(lab.differences().is_empty()); // multicast and reference agree
/// lab.toggle_cursor();
/// lab.set_cursor(Some(Pos::new(6, 4))); // straight through the pillar at (4,4)
/// let walk = lab.walk().unwrap();
/// assert_eq!(walk.blocker, Some(Pos::new(4, 4)));
/// assert!(!walk.los_there && !walk.los_back);
/// ```
#[derive(Clone, Debug)]
pub struct Lab {
    map: Map,
    /// Where the export key writes, relative to the working directory.
    pub export_dir: std::path::PathBuf,
    viewer: Pos,
    radius: Option<u32>,
    /// The last finite radius, where [`Lab::toggle_unlimited`] goes back to.
    last_finite_radius: u32,
    algorithm: Algorithm,
    diff: bool,
    internals_view: InternalsView,
    step: Option<u32>,
    cursor: Option<Pos>,
    drive: Drive,
    /// Whether the help screen is up.
    pub help: bool,
    /// How many rows down the help is scrolled (0: its top); the help is drawn no further down
    /// than its last page ([`super::help::max_scroll`]), and the keys stop there.
    pub help_scroll: usize,
    /// A one-line message for the panel (the export's result).
    pub message: Option<String>,
    fov: Fov,
    other: Fov,
    reference_skipped: Option<ReferenceSkipped>,
    differences: Vec<Pos>,
    internals: Internals,
    walk: Option<Walk>,
}

impl Lab {
    /// A lab on `map` with the viewer at the player start (or the map's first transparent cell,
    /// or its top-left corner) and the map's sight radius.
    pub fn new(map: Map) -> Self {
        let viewer = map
            .player_start
            .filter(|&p| map.contains(p))
            .or_else(|| map.tiles.iter().find(|(_, t)| !t.blocks_sight()).map(|(p, _)| p))
            .unwrap_or_default();
        let radius = map.meta.sight_radius;
        let fov = Fov::for_map(&map);
        let mut lab = Lab {
            other: fov.clone(),
            fov,
            export_dir: std::path::PathBuf::from("."),
            viewer,
            radius,
            last_finite_radius: radius.unwrap_or(crate::game::state::DEFAULT_SIGHT_RADIUS),
            algorithm: Algorithm::Multicast,
            diff: false,
            internals_view: InternalsView::Off,
            step: None,
            cursor: None,
            drive: Drive::Viewer,
            help: false,
            help_scroll: 0,
            message: None,
            reference_skipped: None,
            differences: Vec::new(),
            internals: Internals::default(),
            walk: None,
            map,
        };
        lab.recompute();
        lab
    }

    /// Recomputes the views. The reference is skipped when the view has more candidates than
    /// [`REFERENCE_CELL_LIMIT`] and something asks for it: the multicast's view is drawn instead,
    /// the diff is left empty, and [`Lab::reference_skipped`] says why.
    fn recompute(&mut self) {
        let cells = candidate_cells(self.map.width(), self.map.height(), self.viewer, self.radius);
        let wants_reference = self.algorithm == Algorithm::Reference || self.diff;
        self.reference_skipped = (wants_reference && cells > REFERENCE_CELL_LIMIT).then(|| {
            let radius_within =
                largest_radius_within(self.map.width(), self.map.height(), self.viewer, REFERENCE_CELL_LIMIT);
            ReferenceSkipped { cells, radius_within }
        });
        self.algorithm().compute(self.viewer, self.radius, &self.map, &mut self.fov);
        self.differences.clear();
        if self.diff && self.reference_skipped.is_none() {
            let other = match self.algorithm() {
                Algorithm::Multicast => Algorithm::Reference,
                Algorithm::Reference => Algorithm::Multicast,
            };
            other.compute(self.viewer, self.radius, &self.map, &mut self.other);
            let (w, h) = (self.map.width() as i32, self.map.height() as i32);
            for y in 0..h {
                for x in 0..w {
                    let p = Pos::new(x, y);
                    if self.fov.is_visible(p) != self.other.is_visible(p) {
                        self.differences.push(p);
                    }
                }
            }
        }
        if self.internals_view != InternalsView::Off || self.step.is_some() {
            self.internals =
                Internals::compute(self.viewer, self.radius, &self.map, self.map.width(), self.map.height());
        }
        self.recompute_walk();
    }

    fn recompute_walk(&mut self) {
        self.walk = self.cursor.map(|c| {
            let cells: Vec<Pos> = crate::dda::cells(self.viewer, c).collect();
            let diagonal_steps =
                cells.windows(2).filter(|w| w[0].x != w[1].x && w[0].y != w[1].y).map(|w| w[1]).collect();
            Walk {
                diagonal_steps,
                blocker: first_blocker(self.viewer, c, &self.map),
                los_there: crate::dda::line_of_sight(self.viewer, c, &self.map),
                los_back: crate::dda::line_of_sight(c, self.viewer, &self.map),
                cells,
            }
        });
    }

    fn clamp(&self, p: Pos) -> Pos {
        let (w, h) = (self.map.width() as i32, self.map.height() as i32);
        Pos::new(p.x.clamp(0, (w - 1).max(0)), p.y.clamp(0, (h - 1).max(0)))
    }

    /// Moves the viewer (or the cursor, when it drives) by `(dx, dy)`, staying on the map.
    /// The viewer may stand anywhere, walls included.
    pub fn move_by(&mut self, dx: i32, dy: i32) {
        match (self.drive, self.cursor) {
            (Drive::Cursor, Some(c)) => {
                self.cursor = Some(self.clamp(Pos::new(c.x + dx, c.y + dy)));
                self.recompute_walk();
            }
            _ => {
                self.viewer = self.clamp(Pos::new(self.viewer.x + dx, self.viewer.y + dy));
                self.recompute();
            }
        }
    }

    /// Places the viewer; out-of-map positions are clamped onto the map.
    pub fn set_viewer(&mut self, p: Pos) {
        self.viewer = self.clamp(p);
        self.recompute();
    }

    /// The largest finite radius worth offering: with it every cell of the map is a candidate.
    pub fn max_finite_radius(&self) -> u32 {
        let (w, h) = (self.map.width() as u64, self.map.height() as u64);
        let d2 = w * w + h * h;
        (d2 as f64).sqrt().ceil() as u32
    }

    /// One step up: the next radius, and "unlimited" after the largest finite one.
    pub fn radius_up(&mut self) {
        self.radius_up_by(1);
    }

    /// `n` steps up (at least one): `n` more, but no further than the largest finite radius;
    /// from there, "unlimited". (On a big map the largest finite radius is thousands of single
    /// steps away: [`Lab::toggle_unlimited`] goes there at once.)
    pub fn radius_up_by(&mut self, n: u32) {
        let top = self.max_finite_radius();
        self.set_radius(match self.radius {
            Some(r) if r >= top => None,
            Some(r) => Some(r.saturating_add(n.max(1)).min(top)),
            None => None,
        });
    }

    /// One step down: from "unlimited" to the largest finite radius, never below 0 — but while
    /// the reference is skipped, straight to the largest radius at which it runs
    /// ([`ReferenceSkipped::radius_within`]): on a big map that is thousands of single steps
    /// away, and the panel's notice names it.
    pub fn radius_down(&mut self) {
        self.radius_down_by(1);
    }

    /// `n` steps down (at least one), "unlimited" being one step above the largest finite
    /// radius, never below 0; while the reference is skipped, at least as far as the largest
    /// radius at which it runs (as [`Lab::radius_down`]).
    pub fn radius_down_by(&mut self, n: u32) {
        let from = self.radius.unwrap_or_else(|| self.max_finite_radius().saturating_add(1));
        let mut r = from.saturating_sub(n.max(1));
        if let Some(skip) = self.reference_skipped {
            r = r.min(skip.radius_within);
        }
        self.set_radius(Some(r));
    }

    /// "Unlimited" from a finite radius; from "unlimited", back to the finite radius it came
    /// from (the last one the lab had: at first the map's sight radius, else
    /// [`DEFAULT_SIGHT_RADIUS`](crate::game::state::DEFAULT_SIGHT_RADIUS), the game's).
    pub fn toggle_unlimited(&mut self) {
        self.set_radius(match self.radius {
            Some(_) => None,
            None => Some(self.last_finite_radius),
        });
    }

    /// Sets the radius (`None`: unlimited).
    pub fn set_radius(&mut self, radius: Option<u32>) {
        self.radius = radius;
        if let Some(r) = radius {
            self.last_finite_radius = r;
        }
        self.recompute();
    }

    /// Switches between multicast and reference.
    pub fn toggle_algorithm(&mut self) {
        self.algorithm = match self.algorithm {
            Algorithm::Multicast => Algorithm::Reference,
            Algorithm::Reference => Algorithm::Multicast,
        };
        self.recompute();
    }

    /// Turns the diff overlay on (computing the other algorithm's view live) or off.
    pub fn toggle_diff(&mut self) {
        self.diff = !self.diff;
        self.recompute();
    }

    /// The next internals view (see [`InternalsView::next`]).
    pub fn cycle_internals(&mut self) {
        self.internals_view = self.internals_view.next();
        self.recompute();
    }

    /// Step mode: enters it at ring 0 (only the viewer's cell decided) or shows one more ring of
    /// the breadth-first front, up to the last ring the multicast looked at. (The multicast scans
    /// row by row; a cell's state depends only on its inputs', so each ring shows what a
    /// breadth-first expansion would have decided by then.)
    pub fn step_forward(&mut self) {
        match self.step {
            None => {
                self.step = Some(0);
                self.recompute();
            }
            Some(k) => self.step = Some((k + 1).min(self.internals.max_ring())),
        }
    }

    /// Step mode: takes back one ring.
    pub fn step_back(&mut self) {
        self.step_back_by(1);
    }

    /// Step mode: shows `n` more rings (at least one), up to the last; enters it at ring 0 as
    /// [`Lab::step_forward`] does. (A 4096×4096 map has 8190 rings from its corner.)
    pub fn step_forward_by(&mut self, n: u32) {
        match self.step {
            None => self.step_forward(),
            Some(k) => self.step = Some(k.saturating_add(n.max(1)).min(self.internals.max_ring())),
        }
    }

    /// Step mode: takes back `n` rings (at least one), down to ring 0.
    pub fn step_back_by(&mut self, n: u32) {
        if let Some(k) = self.step {
            self.step = Some(k.saturating_sub(n.max(1)));
        }
    }

    /// Leaves step mode (or enters it at ring 0).
    pub fn toggle_step(&mut self) {
        if self.step.is_some() {
            self.step = None;
        } else {
            self.step_forward();
        }
    }

    /// Shows the cursor (at the viewer, driven by the movement keys) or hides it.
    pub fn toggle_cursor(&mut self) {
        if self.cursor.is_some() {
            self.cursor = None;
            self.drive = Drive::Viewer;
        } else {
            self.cursor = Some(self.viewer);
            self.drive = Drive::Cursor;
        }
        self.recompute_walk();
    }

    /// Switches what the movement keys drive, when there is a cursor.
    pub fn switch_drive(&mut self) {
        if self.cursor.is_some() {
            self.drive = match self.drive {
                Drive::Viewer => Drive::Cursor,
                Drive::Cursor => Drive::Viewer,
            };
        }
    }

    /// Places the cursor (clamped onto the map), or removes it with `None`.
    pub fn set_cursor(&mut self, p: Option<Pos>) {
        self.cursor = p.map(|p| self.clamp(p));
        if self.cursor.is_none() {
            self.drive = Drive::Viewer;
        }
        self.recompute_walk();
    }

    /// The map the lab was opened on; the lab never changes it.
    pub fn map(&self) -> &Map {
        &self.map
    }

    /// The viewer's cell.
    pub fn viewer(&self) -> Pos {
        self.viewer
    }

    /// The radius (`None`: unlimited).
    pub fn radius(&self) -> Option<u32> {
        self.radius
    }

    /// The algorithm whose view is drawn: the selected one ([`Lab::selected_algorithm`]), but
    /// the multicast when the reference is selected and skipped ([`Lab::reference_skipped`]).
    pub fn algorithm(&self) -> Algorithm {
        match self.reference_skipped {
            Some(_) => Algorithm::Multicast,
            None => self.algorithm,
        }
    }

    /// The algorithm the algorithm key chose.
    pub fn selected_algorithm(&self) -> Algorithm {
        self.algorithm
    }

    /// Whether (and why) the reference was not computed for the current view, though the
    /// selected algorithm or the diff overlay asks for it: the view has more than
    /// [`REFERENCE_CELL_LIMIT`] candidates. A smaller radius, or a viewer from where the view is
    /// small enough, brings it back.
    pub fn reference_skipped(&self) -> Option<ReferenceSkipped> {
        self.reference_skipped
    }

    /// The view of the selected algorithm.
    pub fn fov(&self) -> &Fov {
        &self.fov
    }

    /// Whether the diff overlay is on: the cells where the algorithm shown and the reference
    /// disagree drawn apart (none, for an exact algorithm).
    pub fn diff(&self) -> bool {
        self.diff
    }

    /// The cells where multicast and reference disagree (only computed while the diff overlay
    /// is on and the reference is not skipped; there should never be any).
    pub fn differences(&self) -> &[Pos] {
        &self.differences
    }

    /// The internals overlay's view.
    pub fn internals_view(&self) -> InternalsView {
        self.internals_view
    }

    /// The multicast's per-cell record (current while the internals overlay or step mode is on).
    pub fn internals(&self) -> &Internals {
        &self.internals
    }

    /// The ring step mode shows up to, if it is on.
    pub fn step(&self) -> Option<u32> {
        self.step
    }

    /// The cursor, if it is on.
    pub fn cursor(&self) -> Option<Pos> {
        self.cursor
    }

    /// What the movement keys move.
    pub fn drive(&self) -> Drive {
        self.drive
    }

    /// The DDA walk to the cursor, if it is on.
    pub fn walk(&self) -> Option<&Walk> {
        self.walk.as_ref()
    }

    /// Where the movement keys' focus is: the cursor when it drives, else the viewer.
    pub fn focus(&self) -> Pos {
        match (self.drive, self.cursor) {
            (Drive::Cursor, Some(c)) => c,
            _ => self.viewer,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::generate::open_room;

    /// The visible cells of `fov` on a `w`×`h` map, row by row.
    fn cells(fov: &Fov, w: i32, h: i32) -> Vec<Pos> {
        (0..h).flat_map(|y| (0..w).map(move |x| Pos::new(x, y))).filter(|&p| fov.is_visible(p)).collect()
    }

    /// The limit is where the skipping starts: the first radius over it skips the reference (the
    /// multicast's view is drawn instead, the diff left empty), the radius the notice names runs
    /// it again, and so does a viewer moved to where the view is small enough.
    #[test]
    fn the_reference_is_skipped_over_the_limit_and_runs_again_within_it() {
        // 70×70 at unlimited radius: 4900 candidates.
        let mut lab = Lab::new(open_room(70, 70));
        lab.set_viewer(Pos::new(35, 35));
        lab.set_radius(None);
        assert_eq!(lab.reference_skipped(), None, "nothing asks for the reference yet");
        lab.toggle_algorithm();
        let skip = lab.reference_skipped().expect("skipped at unlimited radius");
        assert_eq!(skip.cells, 4900);
        assert_eq!(lab.selected_algorithm(), Algorithm::Reference);
        assert_eq!(lab.algorithm(), Algorithm::Multicast, "the multicast's view is drawn instead");
        let mut multicast = Fov::for_map(lab.map());
        lab.map().fov(lab.viewer(), None, &mut multicast);
        assert_eq!(cells(lab.fov(), 70, 70), cells(&multicast, 70, 70));
        lab.toggle_diff();
        assert_eq!(lab.reference_skipped(), Some(skip));
        assert!(lab.differences().is_empty());

        // The radius the notice names is the largest within the limit.
        let r = skip.radius_within;
        assert!(candidate_cells(70, 70, lab.viewer(), Some(r)) <= REFERENCE_CELL_LIMIT);
        assert!(candidate_cells(70, 70, lab.viewer(), Some(r + 1)) > REFERENCE_CELL_LIMIT);
        lab.set_radius(None);
        lab.radius_down();
        assert_eq!(lab.radius(), Some(r), "one press of - from unlimited reaches the radius named");
        lab.set_radius(Some(r + 1));
        assert_eq!(lab.reference_skipped().map(|s| s.radius_within), Some(r));
        lab.radius_down();
        assert_eq!(lab.reference_skipped(), None, "radius {r} is small enough");
        assert_eq!(lab.algorithm(), Algorithm::Reference);
        assert!(lab.differences().is_empty(), "computed, and the two agree");

        // Back over the limit, then a viewer in the corner, where the view is a quarter disc.
        lab.radius_up();
        assert!(lab.reference_skipped().is_some());
        lab.set_viewer(Pos::new(0, 0));
        assert_eq!(lab.reference_skipped(), None);
        assert_eq!(lab.algorithm(), Algorithm::Reference);
    }

    /// What [`REFERENCE_CELL_LIMIT`]'s docs promise: the diff works on every bundled map but the
    /// large one at unlimited radius, wherever the viewer stands.
    #[test]
    fn the_limit_keeps_the_reference_on_the_bundled_maps_but_the_large_one() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("maps");
        for name in ["cave", "diagonals", "dungeon", "glass", "pillars", "large"] {
            let map = crate::map::format::load_path(&dir.join(format!("{name}.ron"))).expect(name);
            let all = candidate_cells(map.width(), map.height(), Pos::new(0, 0), None);
            assert_eq!(all <= REFERENCE_CELL_LIMIT, name != "large", "{name}: {all} cells");
        }
    }
}
