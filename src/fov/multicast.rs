//! Ray multicast obscurity propagation.

use super::Fov;
use crate::geometry::{Opacity, Pos};

/// Computes the field of view of a viewer at `origin` with `radius` (`None`: unlimited) into
/// `out`. Cells outside `out`'s area are opaque and never marked.
pub fn compute(origin: Pos, radius: Option<u32>, world: &impl Opacity, out: &mut Fov) {
    // TEMPORARY: delegates to the reference until the multicast lands.
    super::reference::compute(origin, radius, world, out);
}
