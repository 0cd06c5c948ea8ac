//! An outside check: the published `symmetric-shadowcasting` crate (Albert Ford's algorithm, exact
//! rationals) computes the same model of sight as sightline (floors are points, walls are
//! diamonds), so every cell it sees, multicast must see too. Ford's row-by-row scan drops some
//! hairline rays, lit directions of zero width, which sightline keeps; so multicast may see more,
//! and every such extra cell must be confirmed by `fov::reference`, the contract's oracle.
//!
//! How the crate's conventions map onto ours: its positions are `(x, y)` in the same orientation
//! as ours (its north quadrant is `(ox + col, oy - row)`, y growing downwards); it asks
//! `is_blocking` about any position, including outside the map, which we answer "opaque" as the
//! contract says; it reports walls and floors alike through `mark_visible`, possibly more than
//! once and possibly outside the map (the walls that close an open edge), which we drop. It has
//! no radius: for a radius R we report every cell farther than R as blocking, which bounds its
//! scan; a blocker farther than R never shades a candidate, because a diamond that meets the
//! segment from the viewer to a cell is nearer to the viewer than that cell. Candidates are then
//! compared; cells beyond R are not.
//!
//! Ford's algorithm is only defined for a viewer on a transparent cell, so viewers are floors.

use std::collections::BTreeSet;

use sightline::fov::{Fov, in_radius, multicast, reference};
use sightline::geometry::{Opacity, Pos};
use sightline::map::{Map, Tile, generate};

/// The cells of the map Ford's algorithm sees from `viewer` within `radius`.
fn ford(map: &Map, viewer: Pos, radius: Option<u32>) -> BTreeSet<Pos> {
    let mut seen = BTreeSet::new();
    let mut blocking = |(x, y): (isize, isize)| {
        let p = Pos::new(x as i32, y as i32);
        map.is_opaque(p) || !in_radius(viewer, p, radius)
    };
    let mut mark = |(x, y): (isize, isize)| {
        let p = Pos::new(x as i32, y as i32);
        if map.contains(p) && in_radius(viewer, p, radius) {
            seen.insert(p);
        }
    };
    symmetric_shadowcasting::compute_fov((viewer.x as isize, viewer.y as isize), &mut blocking, &mut mark);
    seen
}

fn picture(map: &Map, viewer: Pos, mark: impl Fn(Pos) -> Option<char>) -> String {
    let mut s = String::new();
    for y in 0..map.height() as i32 {
        for x in 0..map.width() as i32 {
            let p = Pos::new(x, y);
            s.push(if p == viewer { '@' } else { mark(p).unwrap_or(map.tile(p).glyph()) });
        }
        s.push('\n');
    }
    s
}

/// The reference's verdict on one cell, computed on the map cropped to the box spanned by the
/// viewer's cell and `p` (the rest reads as opaque). The crop cannot change the verdict: the
/// segment to a floor's centre, or the rays to a wall's diamond that stop where they reach it,
/// lie inside that box, so only cells of the box can block them, and no seal of the box's edge
/// lies on them. It makes the slow reference affordable in a debug build.
fn reference_sees(map: &Map, viewer: Pos, radius: Option<u32>, p: Pos) -> bool {
    let lo = Pos::new(viewer.x.min(p.x), viewer.y.min(p.y));
    let (w, h) = ((viewer.x - p.x).unsigned_abs() + 1, (viewer.y - p.y).unsigned_abs() + 1);
    let cropped = |q: Pos| {
        let inside = q.x >= 0 && q.y >= 0 && (q.x as u32) < w && (q.y as u32) < h;
        !inside || map.is_opaque(q + lo)
    };
    let mut oracle = Fov::new(w as usize, h as usize);
    reference::compute(viewer - lo, radius, &cropped, &mut oracle);
    oracle.is_visible(p - lo)
}

/// Compares one view; returns the number of cells only multicast sees (all confirmed).
fn compare(map: &Map, viewer: Pos, radius: Option<u32>, fov: &mut Fov) -> usize {
    let by_ford = ford(map, viewer, radius);
    multicast::compute(viewer, radius, map, fov);
    let ours: BTreeSet<Pos> = fov.cells().iter().copied().collect();
    let missed: Vec<Pos> = by_ford.difference(&ours).copied().collect();
    let extra: Vec<Pos> = ours.difference(&by_ford).copied().collect();
    if !missed.is_empty() {
        let verdicts: Vec<String> = missed
            .iter()
            .map(|&p| {
                let verdict = if reference_sees(map, viewer, radius, p) { "visible" } else { "hidden" };
                format!("{p} (reference: {verdict})")
            })
            .collect();
        panic!(
            "{}: from {viewer} radius {radius:?}, Ford sees cells multicast does not: {} (M below)\n{}",
            map.meta.name,
            verdicts.join(", "),
            picture(map, viewer, |p| missed.contains(&p).then_some('M')),
        );
    }
    let unconfirmed: Vec<Pos> =
        extra.iter().copied().filter(|&p| !reference_sees(map, viewer, radius, p)).collect();
    assert!(
        unconfirmed.is_empty(),
        "{}: from {viewer} radius {radius:?}, multicast sees {unconfirmed:?}, which neither Ford nor \
         the reference sees (X below)\n{}",
        map.meta.name,
        picture(map, viewer, |p| unconfirmed.contains(&p).then_some('X')),
    );
    extra.len()
}

/// Floor viewers spread over the map (every `step`-th floor cell).
fn viewers(map: &Map, step: usize) -> Vec<Pos> {
    map.tiles.iter().filter(|(_, t)| !t.blocks_sight()).step_by(step).map(|(p, _)| p).collect()
}

#[test]
fn multicast_sees_everything_ford_sees_and_the_reference_confirms_the_rest() {
    let mut maps = Vec::new();
    for seed in 0..6 {
        maps.push(generate::noise(36, 28, [5, 15, 30, 45, 60, 25][seed as usize], seed));
        maps.push(generate::cave(48, 32, seed));
        maps.push(generate::rooms(60, 40, seed));
        maps.push(generate::diagonal_lines(40, 30, seed));
        maps.push(generate::gaps(40, 30, seed));
    }
    maps.push(generate::pillars(41, 31, 2));
    maps.push(generate::pillars(41, 31, 5));
    let (mut views, mut hairline_cells, mut views_with_hairlines) = (0, 0, 0);
    for map in &maps {
        let mut fov = Fov::new(map.width(), map.height());
        let floors = map.tiles.cells().iter().filter(|t| !t.blocks_sight()).count();
        for viewer in viewers(map, (floors / 12).max(1)) {
            for radius in [None, Some(5), Some(12)] {
                let extra = compare(map, viewer, radius, &mut fov);
                views += 1;
                hairline_cells += extra;
                views_with_hairlines += usize::from(extra > 0);
            }
        }
    }
    println!("{views} views; {hairline_cells} hairline cells in {views_with_hairlines} of them");
    assert!(views > 800, "only {views} views compared");
}

#[test]
fn multicast_agrees_with_ford_in_an_open_room() {
    // No walls but the border: both see every cell, nothing to confirm.
    let map = generate::open_room(25, 19);
    let mut fov = Fov::new(25, 19);
    for viewer in viewers(&map, 7) {
        assert_eq!(compare(&map, viewer, None, &mut fov), 0, "from {viewer}");
    }
}

/// The kind of cell only multicast sees. From `@` at (2,4) the segment to the floor at (0,0) has
/// slope 2 and passes exactly through (2, 3½) and (1, 1½) (in cell units, centres at half
/// integers): the west vertex of the wall (2,3) and the east vertex of the wall (0,1). Touching a
/// diamond's vertex does not block (and neither point is a seal: the cells across those edges are
/// floor), so the contract says (0,0) is visible, along a lit direction of zero width. Ford's row
/// scan loses that direction between the two walls' shadows.
///
/// ```text
///   x 012
///     *..   y 0
///     #..     1
///     ...     2
///     ..#     3
///     ..@     4
/// ```
#[test]
fn ford_drops_a_hairline_that_grazes_two_diamond_vertices() {
    let mut map = Map::open(3, 5);
    map.tiles[Pos::new(0, 1)] = Tile::Wall;
    map.tiles[Pos::new(2, 3)] = Tile::Wall;
    let (viewer, target) = (Pos::new(2, 4), Pos::new(0, 0));
    assert!(!ford(&map, viewer, None).contains(&target), "Ford's scan drops the hairline");
    let mut fov = Fov::new(3, 5);
    multicast::compute(viewer, None, &map, &mut fov);
    assert!(fov.is_visible(target), "multicast keeps it");
    assert!(reference_sees(&map, viewer, None, target), "the reference agrees");
    assert_eq!(compare(&map, viewer, None, &mut fov), 1, "and it is the only difference");
}

#[test]
fn cropping_does_not_change_the_reference() {
    for (map, radius) in [
        (generate::noise(14, 11, 30, 1), None),
        (generate::diagonal_lines(16, 12, 2), None),
        (generate::rooms(18, 12, 3), Some(6)),
    ] {
        let mut full = Fov::new(map.width(), map.height());
        for viewer in viewers(&map, 9) {
            reference::compute(viewer, radius, &map, &mut full);
            for (p, _) in map.tiles.iter() {
                let expected = full.is_visible(p);
                assert_eq!(
                    reference_sees(&map, viewer, radius, p),
                    expected,
                    "{} {viewer} {p}",
                    map.meta.name
                );
            }
        }
    }
}
