//! `dda::line_of_sight` and `dda::projectile` on random maps, against an independent check
//! written from the visibility contract: every opaque cell near the segment is tested for the
//! open diamond (as an L1 distance) and for seals, without the DDA walk and without
//! `geometry::diamond`.

use proptest::prelude::*;
use sightline::dda::{self, Stop};
use sightline::{Grid, Pos};

/// Doubled coordinates of a cell's centre.
fn c2(p: Pos) -> (i128, i128) {
    (2 * p.x as i128 + 1, 2 * p.y as i128 + 1)
}

/// Whether the segment `a`–`b` (doubled) comes strictly closer than 1, in L1 distance, to
/// `centre`: that is meeting the open diamond `|X − cx| + |Y − cy| < 1`. The distance along
/// the segment is convex and piecewise linear in `t`, so its minimum over `[0, 1]` is at an end
/// or where `X(t) = cx` or `Y(t) = cy`.
fn meets_diamond(a: (i128, i128), b: (i128, i128), centre: (i128, i128)) -> bool {
    let d = (b.0 - a.0, b.1 - a.1);
    let mut ts = vec![(0, 1), (1, 1)];
    for (delta, from) in [(d.0, centre.0 - a.0), (d.1, centre.1 - a.1)] {
        if delta != 0 {
            let (n, m) = if delta < 0 { (-from, -delta) } else { (from, delta) };
            if 0 <= n && n <= m {
                ts.push((n, m));
            }
        }
    }
    // At t = n/m: |m·(a − c) + n·d| summed over both axes < m.
    ts.into_iter().any(|(n, m)| {
        let x = m * (a.0 - centre.0) + n * d.0;
        let y = m * (a.1 - centre.1) + n * d.1;
        x.abs() + y.abs() < m
    })
}

fn on_segment(a: (i128, i128), b: (i128, i128), p: (i128, i128)) -> bool {
    let cross = (b.0 - a.0) * (p.1 - a.1) - (b.1 - a.1) * (p.0 - a.0);
    cross == 0 && p.0 >= a.0.min(b.0) && p.0 <= a.0.max(b.0) && p.1 >= a.1.min(b.1) && p.1 <= a.1.max(b.1)
}

/// LOS straight from the contract: no cell other than `a` and `b` blocks the segment. Every
/// cell of the bounding box grown by one is examined (the segment cannot get nearer to any
/// other cell's square).
fn los_reference(a: Pos, b: Pos, opaque: &impl Fn(Pos) -> bool) -> bool {
    let (pa, pb) = (c2(a), c2(b));
    for x in a.x.min(b.x) - 1..=a.x.max(b.x) + 1 {
        for y in a.y.min(b.y) - 1..=a.y.max(b.y) + 1 {
            let c = Pos::new(x, y);
            if c == a || c == b || !opaque(c) {
                continue;
            }
            if meets_diamond(pa, pb, c2(c)) {
                return false;
            }
            for n in [Pos::new(x + 1, y), Pos::new(x - 1, y), Pos::new(x, y + 1), Pos::new(x, y - 1)] {
                let (cc, nc) = (c2(c), c2(n));
                let seal = ((cc.0 + nc.0) / 2, (cc.1 + nc.1) / 2);
                if opaque(n) && on_segment(pa, pb, seal) {
                    return false;
                }
            }
        }
    }
    true
}

/// A random map: `walls[i]` says whether cell `i` of a `w × h` grid is opaque; outside is opaque.
fn map(w: usize, h: usize, walls: Vec<bool>) -> Grid<bool> {
    Grid::from_vec(w, h, walls).unwrap()
}

fn arb_world() -> impl Strategy<Value = (Grid<bool>, Pos, Pos)> {
    (3usize..16, 3usize..16, 0u32..60).prop_flat_map(|(w, h, density)| {
        let walls = proptest::collection::vec(prop::bool::weighted(f64::from(density) / 100.0), w * h);
        let p = (0..w as i32, 0..h as i32).prop_map(|(x, y)| Pos::new(x, y));
        (walls.prop_map(move |v| map(w, h, v)), p.clone(), p)
    })
}

fn opacity(g: &Grid<bool>) -> impl Fn(Pos) -> bool + '_ {
    |p| g.get(p).copied().unwrap_or(true)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn los_matches_the_reference_and_is_symmetric((g, a, b) in arb_world()) {
        let los = dda::line_of_sight(a, b, &g);
        prop_assert_eq!(los, los_reference(a, b, &opacity(&g)), "LOS({}, {})", a, b);
        prop_assert_eq!(los, dda::line_of_sight(b, a, &g), "LOS not symmetric for {}, {}", a, b);
    }

    #[test]
    fn a_shot_follows_the_line_of_sight((g, a, b) in arb_world()) {
        prop_assume!(a != b);
        // No one else in the way: the shot reaches a transparent target iff the target is in
        // sight, and it flies along cells(a, b).
        let f = dda::projectile(a, b, 100, &g, |p| p == b);
        let line: Vec<Pos> = dda::cells(a, b).collect();
        prop_assert_eq!(f.cells(), &line[1..1 + f.cells().len()]);
        let target_opaque = opacity(&g)(b);
        match f.stop() {
            Stop::Hit(p) => {
                prop_assert_eq!(p, b);
                prop_assert!(dda::line_of_sight(a, b, &g) && !target_opaque);
            }
            Stop::Blocked(w) => {
                prop_assert!(opacity(&g)(w));
                let at = line.iter().position(|&c| c == w);
                prop_assert_eq!(at, Some(f.cells().len() + 1), "blocker {} not next on the line", w);
                // It blocks the line, and so LOS fails, unless it is the (opaque) target itself.
                if w != b {
                    prop_assert!(blocks_before(a, b, w, &g));
                    prop_assert!(!dda::line_of_sight(a, b, &g));
                } else {
                    prop_assert!(target_opaque);
                }
                // No earlier cell of the flight blocks.
                for &c in f.cells() {
                    prop_assert!(!opacity(&g)(c) || !blocks_before(a, b, c, &g));
                }
            }
            Stop::MaxRange(_) => prop_assert!(false, "range 100 exceeded on a 16x16 map"),
        }
    }

    #[test]
    fn the_flight_depends_only_on_the_ray((g, a, b) in arb_world(), k in 2i32..4, range in 0u32..30) {
        // Aiming at a farther cell of the same ray changes nothing, walls past the target
        // included (the map is surrounded by opaque cells, so every flight ends).
        let far = Pos::new(a.x + k * (b.x - a.x), a.y + k * (b.y - a.y));
        let none = |_: Pos| false;
        prop_assert_eq!(dda::projectile(a, b, range, &g, none), dda::projectile(a, far, range, &g, none));
    }
}

/// Whether cell `c` of the line blocks the segment `a`–`b` (the reference's per-cell test).
fn blocks_before(a: Pos, b: Pos, c: Pos, g: &Grid<bool>) -> bool {
    let o = opacity(g);
    let (pa, pb) = (c2(a), c2(b));
    meets_diamond(pa, pb, c2(c))
        || [Pos::new(c.x + 1, c.y), Pos::new(c.x - 1, c.y), Pos::new(c.x, c.y + 1), Pos::new(c.x, c.y - 1)]
            .into_iter()
            .any(|n| o(n) && on_segment(pa, pb, ((c2(c).0 + c2(n).0) / 2, (c2(c).1 + c2(n).1) / 2)))
}

#[test]
fn named_maps() {
    // Each row a string; '#' opaque.
    let parse = |rows: &[&str]| {
        let (w, h) = (rows[0].len(), rows.len());
        map(w, h, rows.iter().flat_map(|r| r.chars().map(|ch| ch == '#')).collect())
    };
    // A straight wall never leaks, even where the line passes exactly between two wall cells.
    let straight = parse(&[".....", "#####", "....."]);
    for x0 in 0..5 {
        for x1 in 0..5 {
            assert!(!dda::line_of_sight(Pos::new(x0, 0), Pos::new(x1, 2), &straight));
        }
    }
    // A diagonal line of single walls is see-through along the diagonal gaps.
    let diagonal = parse(&["...#", "..#.", ".#..", "#..."]);
    assert!(dda::line_of_sight(Pos::new(1, 1), Pos::new(2, 2), &diagonal));
    assert!(!dda::line_of_sight(Pos::new(0, 1), Pos::new(3, 1), &diagonal)); // through (2,1)'s diamond
    // A pillar casts a shadow behind it but not beside it.
    let pillar = parse(&[".......", "...#...", "......."]);
    assert!(!dda::line_of_sight(Pos::new(0, 1), Pos::new(6, 1), &pillar));
    assert!(!dda::line_of_sight(Pos::new(0, 0), Pos::new(6, 2), &pillar)); // through its centre
    assert!(dda::line_of_sight(Pos::new(0, 0), Pos::new(6, 0), &pillar));
    assert!(dda::line_of_sight(Pos::new(0, 0), Pos::new(6, 1), &pillar)); // touches only the top vertex of its diamond
}
