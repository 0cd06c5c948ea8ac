//! The broad phase DDA was first written for: which object does a segment touch first?
//!
//! Objects (circles in world units) are stored in a spatial hash: a map from a cell of a
//! coarse grid to the objects whose bounding boxes overlap it. A segment query walks the cells the segment
//! crosses with `dda::world::traverse`, in order, tests only the objects of those cells (the
//! narrow phase), and stops as soon as the best hit so far lies in a cell already walked: no
//! later cell can hold an earlier hit.
//!
//! Run with `cargo run --example spatial_hash`.

use std::collections::HashMap;

use sightline::dda::world::{TraverseError, traverse};

/// The side of a hash cell, in world units.
const CELL: f64 = 4.0;

#[derive(Clone, Copy, Debug, PartialEq)]
struct Circle {
    x: f64,
    y: f64,
    r: f64,
}

struct SpatialHash {
    objects: Vec<Circle>,
    cells: HashMap<(i64, i64), Vec<usize>>,
}

impl SpatialHash {
    fn new(objects: Vec<Circle>) -> SpatialHash {
        let mut cells: HashMap<(i64, i64), Vec<usize>> = HashMap::new();
        for (id, c) in objects.iter().enumerate() {
            // every cell the circle's bounding box overlaps
            let (x0, x1) = (((c.x - c.r) / CELL).floor() as i64, ((c.x + c.r) / CELL).floor() as i64);
            let (y0, y1) = (((c.y - c.r) / CELL).floor() as i64, ((c.y + c.r) / CELL).floor() as i64);
            for cy in y0..=y1 {
                for cx in x0..=x1 {
                    cells.entry((cx, cy)).or_default().push(id);
                }
            }
        }
        SpatialHash { objects, cells }
    }

    /// The first object the segment `a`–`b` touches, with the segment parameter `t` in
    /// `[0, 1]` where it first touches it, and how many hash cells the query visited.
    fn first_hit(
        &self,
        a: (f64, f64),
        b: (f64, f64),
    ) -> Result<(Option<(usize, f64)>, usize), TraverseError> {
        let mut best: Option<(usize, f64)> = None;
        let mut visited = 0;
        let mut walked = Vec::new();
        for cell in traverse(a, b, CELL, CELL)? {
            visited += 1;
            walked.push(cell);
            for &id in self.cells.get(&cell).into_iter().flatten() {
                if let Some(t) = segment_circle(a, b, self.objects[id])
                    && best.is_none_or(|(_, bt)| t < bt)
                {
                    best = Some((id, t));
                }
            }
            if let Some((_, t)) = best {
                let p = (a.0 + t * (b.0 - a.0), a.1 + t * (b.1 - a.1));
                let hit_cell = ((p.0 / CELL).floor() as i64, (p.1 / CELL).floor() as i64);
                if walked.contains(&hit_cell) {
                    break;
                }
            }
        }
        Ok((best, visited))
    }
}

/// The smallest `t` in `[0, 1]` where the segment `a + t(b − a)` touches the closed disc.
fn segment_circle(a: (f64, f64), b: (f64, f64), c: Circle) -> Option<f64> {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let (fx, fy) = (a.0 - c.x, a.1 - c.y);
    let qa = dx * dx + dy * dy;
    let qc = fx * fx + fy * fy - c.r * c.r;
    if qc <= 0.0 {
        return Some(0.0); // starts inside
    }
    if qa == 0.0 {
        return None;
    }
    let qb = 2.0 * (fx * dx + fy * dy);
    let disc = qb * qb - 4.0 * qa * qc;
    if disc < 0.0 {
        return None;
    }
    let t = (-qb - disc.sqrt()) / (2.0 * qa);
    (0.0..=1.0).contains(&t).then_some(t)
}

fn scene() -> SpatialHash {
    SpatialHash::new(vec![
        Circle { x: 30.0, y: 9.0, r: 2.0 },
        Circle { x: 14.0, y: 5.5, r: 1.0 },
        Circle { x: -6.0, y: -6.0, r: 3.0 },
        Circle { x: 21.0, y: 7.0, r: 1.5 },
        Circle { x: 9.0, y: 20.0, r: 4.0 },
    ])
}

fn main() -> Result<(), TraverseError> {
    let hash = scene();
    println!("{} objects in {} hash cells of {CELL}x{CELL}", hash.objects.len(), hash.cells.len());
    for (a, b) in [((0.5, 3.0), (40.0, 11.0)), ((-12.0, 1.0), (1.0, -12.0)), ((0.0, 30.0), (30.0, 30.0))] {
        let (hit, visited) = hash.first_hit(a, b)?;
        match hit {
            Some((id, t)) => {
                let c = hash.objects[id];
                println!(
                    "segment {a:?} -> {b:?}: first touches object {id} (circle at {},{} r {}) at t = {t:.3}, after {visited} cells",
                    c.x, c.y, c.r
                );
            }
            None => println!("segment {a:?} -> {b:?}: touches nothing ({visited} cells walked)"),
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every object tested, no hash: the answer the broad phase must reproduce.
    fn brute_force(objects: &[Circle], a: (f64, f64), b: (f64, f64)) -> Option<(usize, f64)> {
        objects
            .iter()
            .enumerate()
            .filter_map(|(id, &c)| segment_circle(a, b, c).map(|t| (id, t)))
            .min_by(|x, y| x.1.total_cmp(&y.1))
    }

    #[test]
    fn the_nearest_object_along_the_segment_is_found() {
        let hash = scene();
        // Along y from 3 to 11: the small circle at (14, 5.5) comes before (21, 7) and (30, 9).
        let (hit, _) = hash.first_hit((0.5, 3.0), (40.0, 11.0)).unwrap();
        assert_eq!(hit.map(|h| h.0), Some(1));
        // Negative coordinates work: the circle around (-6, -6).
        let (hit, _) = hash.first_hit((-12.0, 1.0), (1.0, -12.0)).unwrap();
        assert_eq!(hit.map(|h| h.0), Some(2));
        let (hit, _) = hash.first_hit((0.0, 30.0), (30.0, 30.0)).unwrap();
        assert_eq!(hit, None);
    }

    #[test]
    fn the_query_stops_early_and_agrees_with_brute_force() {
        let hash = scene();
        let (hit, visited) = hash.first_hit((0.5, 3.0), (40.0, 11.0)).unwrap();
        let all = traverse((0.5, 3.0), (40.0, 11.0), CELL, CELL).unwrap().count();
        assert!(visited < all, "stopped after {visited} of {all} cells");
        assert_eq!(hit, brute_force(&hash.objects, (0.5, 3.0), (40.0, 11.0)));
        // a fan of segments from many starts
        for i in 0..40 {
            for j in 0..40 {
                let a = (-10.0 + i as f64 * 1.1, -10.0 + j as f64 * 0.9);
                let b = (40.0 - j as f64 * 1.3, 30.0 - i as f64 * 1.7);
                let (hit, _) = hash.first_hit(a, b).unwrap();
                assert_eq!(hit, brute_force(&hash.objects, a, b), "{a:?} -> {b:?}");
            }
        }
    }

    #[test]
    fn non_finite_segments_are_errors() {
        assert!(scene().first_hit((f64::NAN, 0.0), (1.0, 1.0)).is_err());
    }
}
