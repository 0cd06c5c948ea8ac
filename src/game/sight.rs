//! The player's field of view, as the game keeps it between turns.

use crate::fov::Fov;
use crate::geometry::{Opacity, Pos};
use crate::map::Map;

/// The cells the player sees now. Not saved: it is a function of the map and the player's
/// position, recomputed after loading. Two views are equal when they light the same cells from
/// the same viewer with the same radius.
#[derive(Clone, Debug, Default)]
pub struct View {
    fov: Fov,
}

impl View {
    /// Recomputes the view from `origin` over `map`.
    pub fn compute(&mut self, map: &Map, origin: Pos, radius: Option<u32>) {
        if self.fov.width() != map.width() || self.fov.height() != map.height() {
            self.fov = Fov::new(map.width(), map.height());
        }
        field_of_view(origin, radius, map, &mut self.fov);
    }

    /// Whether `p` is in view (false off the map and before the first compute).
    pub fn is_visible(&self, p: Pos) -> bool {
        self.fov.is_visible(p)
    }

    /// Every visible cell, the viewer's own included, each once, in the order the field of view
    /// found them.
    pub fn cells(&self) -> &[Pos] {
        self.fov.cells()
    }

    /// The underlying field-of-view buffer, for callers that want its origin and radius.
    pub fn fov(&self) -> &Fov {
        &self.fov
    }

    fn sorted_cells(&self) -> Vec<Pos> {
        let mut cells = self.fov.cells().to_vec();
        cells.sort();
        cells
    }
}

impl PartialEq for View {
    fn eq(&self, other: &Self) -> bool {
        self.fov.origin() == other.fov.origin()
            && self.fov.radius() == other.fov.radius()
            && self.sorted_cells() == other.sorted_cells()
    }
}

impl Eq for View {}

/// The game's one call into the field-of-view code: the exact multicast.
pub fn field_of_view(origin: Pos, radius: Option<u32>, world: &(impl Opacity + ?Sized), out: &mut Fov) {
    crate::fov::multicast::compute(origin, radius, world, out);
}
