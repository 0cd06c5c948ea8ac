//! The player's field of view, as the game keeps it between turns.

use crate::fov::Fov;
use crate::geometry::{Opacity, Pos};
use crate::map::Map;

/// The cells the player sees now. Not saved: it is a function of the map and the player's
/// position, recomputed after loading. Two views are equal when they light the same cells from
/// the same viewer.
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

    pub fn is_visible(&self, p: Pos) -> bool {
        self.fov.is_visible(p)
    }

    pub fn cells(&self) -> &[Pos] {
        self.fov.cells()
    }

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

/// The game's one call into the field-of-view code.
pub fn field_of_view(origin: Pos, radius: Option<u32>, world: &impl Opacity, out: &mut Fov) {
    stand_in::compute(origin, radius, world, out);
}

/// A brute-force stand-in used until `fov::multicast::compute` lands on main.
mod stand_in {
    use crate::fov::{Fov, in_radius};
    use crate::geometry::diamond::{centre2, opaque_cell_blocks};
    use crate::geometry::{Opacity, Pos};

    fn clear(origin: Pos, target: Pos, world: &impl Opacity) -> bool {
        let (a, b) = (centre2(origin), centre2(target));
        let (x0, x1) = (origin.x.min(target.x), origin.x.max(target.x));
        let (y0, y1) = (origin.y.min(target.y), origin.y.max(target.y));
        for y in y0..=y1 {
            for x in x0..=x1 {
                let c = Pos::new(x, y);
                if c != origin
                    && c != target
                    && world.is_opaque(c)
                    && opaque_cell_blocks(a, b, c, |q| world.is_opaque(q))
                {
                    return false;
                }
            }
        }
        true
    }

    pub fn compute(origin: Pos, radius: Option<u32>, world: &impl Opacity, out: &mut Fov) {
        out.reset(origin, radius);
        out.mark(origin);
        let (w, h) = (out.width() as i32, out.height() as i32);
        for y in 0..h {
            for x in 0..w {
                let p = Pos::new(x, y);
                if p != origin
                    && in_radius(origin, p, radius)
                    && !world.is_opaque(p)
                    && clear(origin, p, world)
                {
                    out.mark(p);
                }
            }
        }
        for y in 0..h {
            for x in 0..w {
                let p = Pos::new(x, y);
                if in_radius(origin, p, radius)
                    && world.is_opaque(p)
                    && p.neighbours8().iter().any(|&q| {
                        !world.is_opaque(q) && out.is_visible(q) && q.dist2(origin) < p.dist2(origin)
                    })
                {
                    out.mark(p);
                }
            }
        }
    }
}
