//! The slow obvious field of view, straight from the contract.
//!
//! Every candidate cell is decided on its own, from the definitions and nothing else, so that
//! this module can serve as the oracle the fast [`super::multicast`] is tested against:
//!
//! - a transparent cell `P` is visible iff no opaque cell other than the viewer `O` and `P` blocks
//!   the segment between their centres (meets its open diamond or passes through one of its
//!   seals). Only cells in the bounding box of `O` and `P` can touch that segment, so those are the
//!   ones tested.
//! - an opaque cell `P` is visible iff some ray from `O`'s centre, strictly inside the angle that
//!   `P`'s diamond subtends, reaches that diamond unblocked. Whether a ray is blocked changes only
//!   at rays through the vertices of opaque diamonds (seals are such vertices too), so the rays
//!   through every such vertex inside the angle, and one ray strictly between each neighbouring
//!   pair of them, decide it exactly.
//!
//! A candidate at distance D costs O(D²) (the cells of its bounding box, or, for a wall, the
//! O(D) cells of its wedge against O(D) rays), so a call costs O(R⁴); it exists to be right,
//! not fast.

use std::cmp::Ordering;

use super::{Fov, in_radius};
use crate::geometry::diamond::{
    Point2, centre2, opaque_cell_blocks, ray_reaches_diamond, ray_stretch_blocked,
};
use crate::geometry::{Opacity, Pos};

/// The candidate cells of a view of a `width`×`height` map from `viewer` with `radius`
/// (`None`: unlimited): the map's cells within the radius, the cells the reference decides one
/// by one, each at a cost that grows with its distance (see the module docs): a measure of
/// what a call will cost before making it. Costs one step per row of the radius' bounding box,
/// never one per cell.
///
/// ```
/// use sightline::Pos;
/// use sightline::fov::reference::candidate_cells;
/// assert_eq!(candidate_cells(4096, 4096, Pos::new(0, 0), None), 4096 * 4096);
/// assert_eq!(candidate_cells(100, 100, Pos::new(50, 50), Some(1)), 5); // the viewer and 4 neighbours
/// assert_eq!(candidate_cells(100, 100, Pos::new(0, 0), Some(1)), 3); // cut by the map's corner
/// ```
pub fn candidate_cells(width: usize, height: usize, viewer: Pos, radius: Option<u32>) -> u64 {
    let (w, h) = (width as i64, height as i64);
    let Some(r) = radius else { return width as u64 * height as u64 };
    let r2 = u64::from(r) * u64::from(r);
    let (vx, vy, r) = (i64::from(viewer.x), i64::from(viewer.y), i64::from(r));
    let mut cells = 0;
    for y in (vy - r).max(0)..=(vy + r).min(h - 1) {
        let dy = (y - vy).unsigned_abs();
        // the cells of this row with dx² + dy² <= r², as `fov::in_radius` has it
        let half = (r2 - dy * dy).isqrt() as i64;
        let (x0, x1) = ((vx - half).max(0), (vx + half).min(w - 1));
        if x0 <= x1 {
            cells += (x1 - x0 + 1) as u64;
        }
    }
    cells
}

/// The largest radius whose view from `viewer` on a `width`×`height` map has at most `limit`
/// [candidate cells](candidate_cells) (radius 0 has one, the viewer's own cell, when it is on
/// the map): the view to ask for when the whole one is too large for the reference. The
/// candidates grow with the radius and stop growing once the disc holds the map, so past
/// `width + height` every radius has the same answer as that one.
///
/// ```
/// use sightline::Pos;
/// use sightline::fov::reference::{candidate_cells, largest_radius_within};
/// let r = largest_radius_within(100, 100, Pos::new(50, 50), 1000);
/// assert!(candidate_cells(100, 100, Pos::new(50, 50), Some(r)) <= 1000);
/// assert!(candidate_cells(100, 100, Pos::new(50, 50), Some(r + 1)) > 1000);
/// ```
pub fn largest_radius_within(width: usize, height: usize, viewer: Pos, limit: u64) -> u32 {
    let top = u32::try_from(width.saturating_add(height)).unwrap_or(u32::MAX);
    let fits = |r| candidate_cells(width, height, viewer, Some(r)) <= limit;
    if fits(top) {
        return top;
    }
    // (lo fits or is 0, hi does not)
    let (mut lo, mut hi) = (0, top);
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if fits(mid) { lo = mid } else { hi = mid }
    }
    lo
}

/// Computes the field of view of a viewer at `origin` with `radius` (`None`: unlimited) into
/// `out`, deciding each cell of `out`'s area independently (see the module docs).
///
/// The view is computed over `out`'s area, whatever the world's size, as the multicast's is
/// (see [sizing the buffer](Fov#sizing-the-buffer)): cells outside it are opaque and never
/// marked, and a viewer outside it is allowed. `world` is asked about the cells of every
/// candidate's bounding box, so about one cell over and over: hundreds of times in a view of
/// radius 20 (see [how often](Opacity#how-often-the-sight-code-asks)); never outside the area.
///
/// ```
/// use sightline::{Pos, fov::{Fov, reference}};
/// // A 5×5 room with one pillar in the middle.
/// let world = |p: Pos| p == Pos::new(2, 2);
/// let mut fov = Fov::new(5, 5);
/// reference::compute(Pos::new(0, 2), None, &world, &mut fov);
/// assert!(fov.is_visible(Pos::new(2, 2)));  // the pillar
/// assert!(!fov.is_visible(Pos::new(4, 2))); // its shadow
/// assert!(fov.is_visible(Pos::new(4, 0)));
/// ```
pub fn compute(origin: Pos, radius: Option<u32>, world: &(impl Opacity + ?Sized), out: &mut Fov) {
    out.reset(origin, radius);
    let (w, h) = (out.width() as i64, out.height() as i64);
    let in_area = |p: Pos| p.x >= 0 && p.y >= 0 && i64::from(p.x) < w && i64::from(p.y) < h;
    let opaque = |p: Pos| !in_area(p) || world.is_opaque(p);
    let (ox, oy) = (i64::from(origin.x), i64::from(origin.y));
    if ox < -2 || oy < -2 || ox > w + 1 || oy > h + 1 {
        // Far outside the area, the viewer is cut off from it by whole lines of outside cells
        // (opaque diamonds joined by seals); deciding that cell by cell would walk boxes as big
        // as the distance. (Viewers one or two cells out are decided literally below, and the
        // multicast, which cuts off from two cells out, is checked against that.)
        return;
    }
    out.mark(origin);
    // the candidates: the area, cut down to the radius' bounding box
    let (mut x0, mut y0, mut x1, mut y1) = (0i64, 0i64, w - 1, h - 1);
    if let Some(r) = radius {
        let r = i64::from(r);
        x0 = x0.max(i64::from(origin.x) - r);
        y0 = y0.max(i64::from(origin.y) - r);
        x1 = x1.min(i64::from(origin.x) + r);
        y1 = y1.min(i64::from(origin.y) + r);
    }
    for y in y0..=y1 {
        for x in x0..=x1 {
            let p = Pos::new(x as i32, y as i32);
            if p == origin || !in_radius(origin, p, radius) {
                continue;
            }
            let seen =
                if opaque(p) { sees_wall(origin, p, &opaque) } else { line_of_sight(origin, p, &opaque) };
            if seen {
                out.mark(p);
            }
        }
    }
}

/// The opaque cells other than `o` and `p` in the bounding box of `o` and `p`, grown by `margin`.
fn blockers(o: Pos, p: Pos, margin: i32, opaque: &impl Fn(Pos) -> bool) -> impl Iterator<Item = Pos> {
    let (x0, x1) = (o.x.min(p.x) - margin, o.x.max(p.x) + margin);
    let (y0, y1) = (o.y.min(p.y) - margin, o.y.max(p.y) + margin);
    (y0..=y1)
        .flat_map(move |y| (x0..=x1).map(move |x| Pos::new(x, y)))
        .filter(move |&c| c != o && c != p && opaque(c))
}

/// Whether the line through `a` with direction `d` touches the closed diamond of `cell`: only
/// then can the cell block a segment or ray along it. (The diamond is the unit ball of the L1
/// norm around the centre, whose extent along the normal `n = (-dy, dx)` is `max(|nx|, |ny|)`.)
/// A cheap exact filter in front of the full tests.
fn near_line(a: Point2, d: Point2, cell: Pos) -> bool {
    let (cx, cy) = centre2(cell);
    cross(d, (cx - a.0, cy - a.1)).abs() <= i128::from(d.0.abs().max(d.1.abs()))
}

/// Contract rule 3: the centre-to-centre segment is blocked by no cell other than `o` and `p`.
fn line_of_sight(o: Pos, p: Pos, opaque: &impl Fn(Pos) -> bool) -> bool {
    let (a, b) = (centre2(o), centre2(p));
    let d = (b.0 - a.0, b.1 - a.1);
    !blockers(o, p, 0, opaque).any(|c| near_line(a, d, c) && opaque_cell_blocks(a, b, c, opaque))
}

fn cross(a: Point2, b: Point2) -> i128 {
    a.0 as i128 * b.1 as i128 - a.1 as i128 * b.0 as i128
}

/// Contract rule 4 for the opaque cell `p`.
fn sees_wall(o: Pos, p: Pos, opaque: &impl Fn(Pos) -> bool) -> bool {
    let oc = centre2(o);
    let rel = |q: Point2| (q.0 - oc.0, q.1 - oc.1);
    let vertices = |c: Pos| {
        let (cx, cy) = centre2(c);
        [(cx + 1, cy), (cx, cy + 1), (cx - 1, cy), (cx, cy - 1)].map(rel)
    };
    // The diamond of p subtends less than a half turn (o's centre is outside it), so the cross
    // product orders the directions toward it; the extremes bound the angle.
    let pv = vertices(p);
    let lo = pv.into_iter().find(|&v| pv.iter().all(|&u| cross(v, u) >= 0)).expect("a lowest vertex");
    let hi = pv.into_iter().find(|&v| pv.iter().all(|&u| cross(u, v) >= 0)).expect("a highest vertex");
    let inside = |d: Point2| cross(lo, d) > 0 && cross(d, hi) > 0;
    // Only cells whose diamond meets the closed wedge between lo and hi can block a ray in it:
    // such a diamond crosses one of the two bounding lines or lies inside the wedge.
    let in_wedge = |c: Pos| near_line(oc, lo, c) || near_line(oc, hi, c) || inside(rel(centre2(c)));
    let cells: Vec<Pos> = blockers(o, p, 1, opaque).filter(|&c| in_wedge(c)).collect();
    let mut critical: Vec<Point2> =
        cells.iter().copied().chain(std::iter::once(p)).flat_map(vertices).filter(|&d| inside(d)).collect();
    critical.sort_by(|&a, &b| match cross(a, b) {
        0 => Ordering::Equal,
        c if c > 0 => Ordering::Less,
        _ => Ordering::Greater,
    });
    critical.dedup_by(|a, b| cross(*a, *b) == 0);
    let mut rays = Vec::with_capacity(2 * critical.len() + 1);
    let mut prev = lo;
    for &d in critical.iter().chain(std::iter::once(&hi)) {
        rays.push((prev.0 + d.0, prev.1 + d.1)); // strictly between prev and d
        if d != hi {
            rays.push(d);
        }
        prev = d;
    }
    rays.into_iter().any(|d| {
        let reach = ray_reaches_diamond(oc, d, p).expect("a ray inside the angle reaches the diamond");
        !cells.iter().any(|&c| near_line(oc, d, c) && ray_stretch_blocked(oc, d, reach, c, opaque))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn candidate_cells_counts_the_maps_cells_within_the_radius() {
        for (w, h) in [(1, 1), (7, 5), (20, 13), (3, 30)] {
            let viewers = [(0, 0), (w - 1, h - 1), (w / 2, h / 2), (w - 1, 0), (2, h - 1)];
            for (vx, vy) in viewers {
                let v = Pos::new(vx, vy);
                let radii = (0..40).map(Some).chain([None, Some(u32::MAX)]);
                for r in radii {
                    let brute = (0..h)
                        .flat_map(|y| (0..w).map(move |x| Pos::new(x, y)))
                        .filter(|&p| in_radius(v, p, r))
                        .count() as u64;
                    assert_eq!(
                        candidate_cells(w as usize, h as usize, v, r),
                        brute,
                        "{w}x{h} from {v}, {r:?}"
                    );
                }
            }
        }
    }
}
