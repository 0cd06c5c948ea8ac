//! `dda::world::traverse` against a reference written from its boundary rule: the cells that
//! contain a point of the closed segment, a cell being the half-open box
//! `[i·w, (i+1)·w) × [j·h, (j+1)·h)`, ordered by the first point of the segment in each.
//! Inputs are multiples of 1/64, so the reference works in exact integers and rationals.

use proptest::prelude::*;
use sightline::dda::world::traverse;
use sightline::{Pos, dda};

const UNIT: f64 = 64.0;

#[derive(Clone, Copy, Debug)]
struct Q(i128, i128); // num / den, den > 0

impl Q {
    fn new(n: i128, d: i128) -> Q {
        if d < 0 { Q(-n, -d) } else { Q(n, d) }
    }
    fn cmp(self, o: Q) -> std::cmp::Ordering {
        (self.0 * o.1).cmp(&(o.0 * self.1))
    }
}

/// A bound on the segment parameter: value and whether it is included.
#[derive(Clone, Copy, Debug)]
struct Bound {
    v: Q,
    closed: bool,
}

/// The parameter interval where the segment (integer units) is in cell `i` of one axis.
fn axis_interval(a: i128, d: i128, size: i128, i: i128) -> Option<(Bound, Bound)> {
    let (lo_edge, hi_edge) = (i * size, (i + 1) * size);
    if d == 0 {
        let inside = lo_edge <= a && a < hi_edge;
        return inside.then_some((Bound { v: Q(0, 1), closed: true }, Bound { v: Q(1, 1), closed: true }));
    }
    let t_lo = Q::new(lo_edge - a, d); // where the coordinate equals the closed edge
    let t_hi = Q::new(hi_edge - a, d); // where it equals the open edge
    Some(if d > 0 {
        (Bound { v: t_lo, closed: true }, Bound { v: t_hi, closed: false })
    } else {
        (Bound { v: t_hi, closed: false }, Bound { v: t_lo, closed: true })
    })
}

/// The reference walk, plus whether two distinct crossings (one per axis) come within `1e-9`
/// of each other or coincide exactly (an exact corner): where f64 decisions may differ.
fn reference(a: (i64, i64), b: (i64, i64), w: i64, h: i64) -> (Vec<(i64, i64)>, bool) {
    let (ax, ay, dx, dy) = (a.0 as i128, a.1 as i128, (b.0 - a.0) as i128, (b.1 - a.1) as i128);
    let cell = |v: i64, s: i64| v.div_euclid(s);
    let (i0, i1) = (cell(a.0, w).min(cell(b.0, w)), cell(a.0, w).max(cell(b.0, w)));
    let (j0, j1) = (cell(a.1, h).min(cell(b.1, h)), cell(a.1, h).max(cell(b.1, h)));
    let mut hits = Vec::new();
    for i in i0..=i1 {
        let Some(xi) = axis_interval(ax, dx, w as i128, i as i128) else { continue };
        for j in j0..=j1 {
            let Some(yi) = axis_interval(ay, dy, h as i128, j as i128) else { continue };
            let mut lo = Bound { v: Q(0, 1), closed: true };
            let mut hi = Bound { v: Q(1, 1), closed: true };
            for (l, u) in [xi, yi] {
                match l.v.cmp(lo.v) {
                    std::cmp::Ordering::Greater => lo = l,
                    std::cmp::Ordering::Equal => lo.closed &= l.closed,
                    _ => {}
                }
                match u.v.cmp(hi.v) {
                    std::cmp::Ordering::Less => hi = u,
                    std::cmp::Ordering::Equal => hi.closed &= u.closed,
                    _ => {}
                }
            }
            let nonempty = match lo.v.cmp(hi.v) {
                std::cmp::Ordering::Less => true,
                std::cmp::Ordering::Equal => lo.closed && hi.closed,
                _ => false,
            };
            if nonempty {
                hits.push((lo, (i, j)));
            }
        }
    }
    hits.sort_by(|p, q| p.0.v.cmp(q.0.v).then(q.0.closed.cmp(&p.0.closed)));
    // Crossing parameters of each axis inside [0, 1].
    let crossings = |a: i128, d: i128, size: i128, lo: i64, hi: i64| -> Vec<Q> {
        if d == 0 {
            return vec![];
        }
        (lo as i128..=hi as i128 + 1)
            .map(|k| Q::new(k * size - a, d))
            .filter(|t| t.cmp(Q(0, 1)).is_ge() && t.cmp(Q(1, 1)).is_le())
            .collect()
    };
    let xs = crossings(ax, dx, w as i128, i0, i1);
    let ys = crossings(ay, dy, h as i128, j0, j1);
    let close = xs.iter().any(|x| {
        ys.iter()
            .any(|y| x.cmp(*y).is_eq() || (x.0 as f64 / x.1 as f64 - y.0 as f64 / y.1 as f64).abs() < 1e-9)
    });
    (hits.into_iter().map(|(_, c)| c).collect(), close)
}

fn ours(a: (i64, i64), b: (i64, i64), w: i64, h: i64) -> Vec<(i64, i64)> {
    ours_scaled(a, b, w, h, 1.0)
}

/// The same walk with every length multiplied by `scale` (a power of two, so the geometry is
/// exactly the same), walked both with `next` and with `fold`, which must agree.
fn ours_scaled(a: (i64, i64), b: (i64, i64), w: i64, h: i64, scale: f64) -> Vec<(i64, i64)> {
    let f = |p: (i64, i64)| (p.0 as f64 / UNIT * scale, p.1 as f64 / UNIT * scale);
    let (w, h) = (w as f64 / UNIT * scale, h as f64 / UNIT * scale);
    let mut by_next = Vec::new();
    for c in traverse(f(a), f(b), w, h).unwrap() {
        by_next.push(c); // a `for` loop calls `next`
    }
    let by_fold = traverse(f(a), f(b), w, h).unwrap().fold(Vec::new(), push);
    assert_eq!(by_fold, by_next, "fold and next, {a:?} -> {b:?}, {w} x {h}");
    by_next
}

fn push<T>(mut v: Vec<T>, c: T) -> Vec<T> {
    v.push(c);
    v
}

/// Cell sizes above 2^16 are set up in 64-bit fixed point rather than in exact integer units
/// (see the module's Precision section); scaling by 2^20 sends these walks there, where
/// coordinates with few significant bits must still be exact.
const FIXED_POINT_SCALE: f64 = (1u64 << 20) as f64;

fn assert_structure(a: (i64, i64), b: (i64, i64), w: i64, h: i64, cells: &[(i64, i64)]) {
    let cell = |p: (i64, i64)| (p.0.div_euclid(w), p.1.div_euclid(h));
    assert_eq!(cells.first(), Some(&cell(a)));
    assert_eq!(cells.last(), Some(&cell(b)));
    let (nx, ny) = ((cell(b).0 - cell(a).0).abs(), (cell(b).1 - cell(a).1).abs());
    let n = cells.len() as i64;
    assert!(n > nx.max(ny) && n <= 1 + nx + ny);
    for s in cells.windows(2) {
        let (ddx, ddy) = (s[1].0 - s[0].0, s[1].1 - s[0].1);
        assert!(ddx.abs() <= 1 && ddy.abs() <= 1 && (ddx, ddy) != (0, 0));
        assert!(ddx * (b.0 - a.0).signum() >= 0 && ddy * (b.1 - a.1).signum() >= 0, "not monotone");
    }
}

fn point(r: i64) -> impl Strategy<Value = (i64, i64)> {
    (-r..=r, -r..=r)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn power_of_two_cells_match_the_reference_exactly(
        a in point(8 * 64), b in point(8 * 64), w in prop::sample::select(vec![16i64, 32, 64, 128]),
        h in prop::sample::select(vec![16i64, 32, 64, 128]), snap in 0u8..4,
    ) {
        // Snap some end points onto cell boundaries, to exercise the boundary rule.
        let snap_to = |v: i64, s: i64| v.div_euclid(s) * s;
        let a = if snap & 1 == 1 { (snap_to(a.0, w), a.1) } else { a };
        let b = if snap & 2 == 2 { (b.0, snap_to(b.1, h)) } else { b };
        let got = ours(a, b, w, h);
        let (want, _) = reference(a, b, w, h);
        prop_assert_eq!(&got, &want);
        prop_assert_eq!(&ours_scaled(a, b, w, h, FIXED_POINT_SCALE), &want, "fixed point");
        let mut back = ours(b, a, w, h);
        back.reverse();
        prop_assert_eq!(&back, &want, "reversal");
        assert_structure(a, b, w, h, &got);
    }

    #[test]
    fn segments_through_exact_corners_match_the_reference(
        corner in point(6), d in point(40), k1 in 0i64..4, k2 in 0i64..4,
        w in prop::sample::select(vec![16i64, 32, 64]), h in prop::sample::select(vec![16i64, 32, 64]),
    ) {
        // a = C − k1·d, b = C + k2·d with C a lattice corner: the segment passes through C
        // (or ends on it), in every pair of senses.
        let c = (corner.0 * w, corner.1 * h);
        let (a, b) = ((c.0 - k1 * d.0, c.1 - k1 * d.1), (c.0 + k2 * d.0, c.1 + k2 * d.1));
        let got = ours(a, b, w, h);
        prop_assert_eq!(&got, &reference(a, b, w, h).0);
        prop_assert_eq!(&ours_scaled(a, b, w, h, FIXED_POINT_SCALE), &got, "fixed point");
        let mut back = ours(b, a, w, h);
        back.reverse();
        prop_assert_eq!(&back, &got, "reversal");
    }

    #[test]
    fn other_cell_sizes_match_the_reference_exactly(
        a in point(8 * 64), b in point(8 * 64), w in prop::sample::select(vec![24i64, 40, 80, 96, 100, 192]),
        h in prop::sample::select(vec![24i64, 40, 64, 96, 100, 192]),
    ) {
        // Sizes and coordinates that are whole multiples of 2^-16 (here of 1/64) are walked in
        // exact integers whatever the sizes: ties included, and reversal.
        let got = ours(a, b, w, h);
        assert_structure(a, b, w, h, &got);
        let (want, close) = reference(a, b, w, h);
        prop_assert_eq!(&got, &want);
        let mut back = ours(b, a, w, h);
        back.reverse();
        prop_assert_eq!(&back, &want, "reversal");
        // Scaled past 2^16 units a cell, the products no longer fit and the walk is set up in
        // fixed point, exact away from near-ties.
        let scaled = ours_scaled(a, b, w, h, FIXED_POINT_SCALE);
        assert_structure(a, b, w, h, &scaled);
        if !close {
            prop_assert_eq!(&scaled, &want, "fixed point");
        }
    }

    #[test]
    fn segments_through_exact_corners_of_any_cell_size_match_the_reference(
        corner in point(6), d in point(40), k1 in 0i64..4, k2 in 0i64..4,
        w in prop::sample::select(vec![24i64, 40, 96, 192]), h in prop::sample::select(vec![24i64, 40, 64, 100]),
    ) {
        // As for power-of-two cells: 3-unit cells and the diagonal through (3, 3) walked the
        // corner wrongly, and differently each way, when these sizes went through fixed point.
        let c = (corner.0 * w, corner.1 * h);
        let (a, b) = ((c.0 - k1 * d.0, c.1 - k1 * d.1), (c.0 + k2 * d.0, c.1 + k2 * d.1));
        let got = ours(a, b, w, h);
        prop_assert_eq!(&got, &reference(a, b, w, h).0);
        let mut back = ours(b, a, w, h);
        back.reverse();
        prop_assert_eq!(&back, &got, "reversal");
    }

    #[test]
    fn cell_centres_walk_like_cells(a in (-500i32..500, -500i32..500), b in (-500i32..500, -500i32..500)) {
        // With w = h = 1 between cell centres: `cells` when x and y change in the same sense
        // (or one is constant); otherwise `cells` plus, at each exact corner, the side cell of
        // the axis that grows (its boundary point belongs to the cell being entered).
        let (pa, pb) = (Pos::new(a.0, a.1), Pos::new(b.0, b.1));
        let got: Vec<Pos> = traverse((a.0 as f64 + 0.5, a.1 as f64 + 0.5), (b.0 as f64 + 0.5, b.1 as f64 + 0.5), 1.0, 1.0)
            .unwrap()
            .map(|(x, y)| Pos::new(x as i32, y as i32))
            .collect();
        let walk: Vec<Pos> = dda::cells(pa, pb).collect();
        let mut want = vec![walk[0]];
        for s in walk.windows(2) {
            let (c, n) = (s[0], s[1]);
            let (sx, sy) = (n.x - c.x, n.y - c.y);
            if sx != 0 && sy != 0 && sx != sy {
                want.push(if sx > 0 { Pos::new(n.x, c.y) } else { Pos::new(c.x, n.y) });
            }
            want.push(n);
        }
        prop_assert_eq!(got, want);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn fold_after_nth_yields_the_rest_of_the_walk(
        a in point(8 * 64), d in point(6 * 64), kind in 0u8..4, k in 0usize..12,
        w in prop::sample::select(vec![16i64, 64, 24, 100]), h in prop::sample::select(vec![16i64, 32, 40]),
        scale in prop::sample::select(vec![1.0, FIXED_POINT_SCALE]),
    ) {
        // Random, axis-parallel, zero-length and exact-diagonal segments; the walk is consumed
        // k + 1 cells with `nth`, then the rest comes from `fold`.
        let d = match kind { 0 => d, 1 => (d.0, 0), 2 => (0, 0), _ => (d.0, d.0) };
        let b = (a.0 + d.0, a.1 + d.1);
        let f = |p: (i64, i64)| (p.0 as f64 / UNIT * scale, p.1 as f64 / UNIT * scale);
        let (w, h) = (w as f64 / UNIT * scale, h as f64 / UNIT * scale);
        let all: Vec<(i64, i64)> = traverse(f(a), f(b), w, h).unwrap().collect();
        let mut it = traverse(f(a), f(b), w, h).unwrap();
        prop_assert_eq!(it.nth(k), all.get(k).copied());
        let rest = it.fold(Vec::new(), push);
        prop_assert_eq!(&rest[..], all.get(k + 1..).unwrap_or(&[]));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn long_arbitrary_segments_keep_their_structure(
        a in (-1e6f64..1e6, -1e6f64..1e6), b in (-1e6f64..1e6, -1e6f64..1e6), w in 1.0f64..50.0, h in 1.0f64..50.0,
    ) {
        let cell = |p: (f64, f64)| ((p.0 / w).floor() as i64, (p.1 / h).floor() as i64);
        // (f64 floor of the rounded quotient: fine away from boundaries, which random inputs are)
        let mut it = traverse(a, b, w, h).unwrap();
        let first = it.next().unwrap();
        prop_assert_eq!(first, cell(a));
        let (mut last, mut n, mut sum) = (first, 1u64, 0i64);
        for c in it {
            prop_assert!((c.0 - last.0).abs() <= 1 && (c.1 - last.1).abs() <= 1 && c != last);
            last = c;
            n += 1;
            sum = sum.wrapping_mul(31).wrapping_add(c.0 ^ (c.1 << 20));
        }
        prop_assert_eq!(last, cell(b));
        // `fold` (the fixed-point set-up, long walks) walks the same cells as `next`.
        let mut it = traverse(a, b, w, h).unwrap();
        it.next();
        let folded = it.fold((first, 1u64, 0i64), |(_, n, sum), c| {
            (c, n + 1, sum.wrapping_mul(31).wrapping_add(c.0 ^ (c.1 << 20)))
        });
        prop_assert_eq!(folded, (last, n, sum));
    }
}

#[test]
fn closed_form_counts_of_long_segments() {
    // (999_999, 333_333) = 333_333 · (3, 1): both reduced parts odd, 333_333 exact corners.
    let (n, m) = (999_999.0, 333_333.0);
    let same = traverse((0.5, 0.5), (n + 0.5, m + 0.5), 1.0, 1.0).unwrap().count();
    assert_eq!(same as u64, dda::cell_count(Pos::new(0, 0), Pos::new(999_999, 333_333)));
    assert_eq!(same, 1 + 999_999 + 333_333 - 333_333);
    // Mixed senses: every corner adds its side cell, 1 + |dx| + |dy|.
    let mixed = traverse((0.5, 0.5), (n + 0.5, -m + 0.5), 1.0, 1.0).unwrap().count();
    assert_eq!(mixed, 1 + 999_999 + 333_333);
    // Scaled cells and an offset origin change nothing.
    let scaled =
        traverse((-3.0 + 0.25, 7.0 + 0.125), (-3.0 + 0.25 + n / 2.0, 7.0 + 0.125 + m / 4.0), 0.5, 0.25);
    assert_eq!(scaled.unwrap().count(), same);
}

#[test]
fn named_boundary_cases() {
    let t = |a, b, w, h| traverse(a, b, w, h).unwrap().collect::<Vec<_>>();
    // Starting on a boundary and moving away from it: the boundary point's own cell first.
    assert_eq!(t((2.0, 0.5), (0.5, 0.5), 1.0, 1.0), [(2, 0), (1, 0), (0, 0)]);
    assert_eq!(t((2.0, 0.5), (3.5, 0.5), 1.0, 1.0), [(2, 0), (3, 0)]);
    // Ending exactly on a corner from below-left: the corner's cell is the last.
    assert_eq!(t((0.5, 0.5), (2.0, 2.0), 1.0, 1.0), [(0, 0), (1, 1), (2, 2)]);
    // Along a vertical grid line going up: column 1 throughout.
    assert_eq!(t((1.0, 2.5), (1.0, 0.5), 1.0, 1.0), [(1, 2), (1, 1), (1, 0)]);
    // Negative coordinates floor away from zero.
    assert_eq!(t((-0.5, -0.5), (-2.5, -0.5), 1.0, 1.0), [(-1, -1), (-2, -1), (-3, -1)]);
}

/// Segments whose slow axis moves less than 2⁻⁶¹ as fast as the other: in the fixed point
/// that orders the crossings, its speed rounds to zero. Its one crossing must still come where
/// the segment makes it — at the start for a start on its boundary, half-way for a segment
/// straddling it symmetrically — and not at the end. (Float noise makes such segments: a
/// vertical one whose x is `0.1 + 0.2 − 0.3` off.)
#[test]
fn a_barely_slanted_segment_crosses_its_slow_boundary_where_it_does() {
    let t = |a, b| traverse(a, b, 1.0, 1.0).unwrap().collect::<Vec<_>>();
    let column = |x: i64, ys: std::ops::RangeInclusive<i64>| ys.map(move |y| (x, y));
    let row = |y: i64, xs: std::ops::RangeInclusive<i64>| xs.map(move |x| (x, y));
    let noise = 0.1 + 0.2 - 0.3; // 5.55e-17
    type Case = ((f64, f64), (f64, f64), Vec<(i64, i64)>);
    let cases: Vec<Case> = vec![
        // From the boundary x = 0 going left: every point after the start is in column -1.
        ((0.0, 0.0), (-noise, 1000.0), [(0, 0)].into_iter().chain(column(-1, 0..=1000)).collect()),
        ((0.0, 0.0), (-1e-30, 10.0), [(0, 0)].into_iter().chain(column(-1, 0..=10)).collect()),
        ((-0.0, -0.0), (-5e-324, 29.8), [(0, 0)].into_iter().chain(column(-1, 0..=29)).collect()),
        // The same turned: from the boundary y = 0 going up.
        ((0.0, 0.0), (1000.0, -noise), [(0, 0)].into_iter().chain(row(-1, 0..=1000)).collect()),
        // Straddling x = 0 symmetrically: it is crossed at y = 500.5, in row 500.
        ((1e-25, 0.5), (-1e-25, 1000.5), column(0, 0..=500).chain(column(-1, 500..=1000)).collect()),
        ((0.5, 1e-25), (1000.5, -1e-25), row(0, 0..=500).chain(row(-1, 500..=1000)).collect()),
    ];
    for (a, b, expected) in cases {
        assert_eq!(t(a, b), expected, "{a:?} -> {b:?}");
        // Reversed, the same cells backwards: the crossing at the end point's side.
        let back: Vec<_> = expected.iter().rev().copied().collect();
        assert_eq!(t(b, a), back, "{b:?} -> {a:?}");
        // And stepped one by one as folded.
        let mut walk = traverse(a, b, 1.0, 1.0).unwrap();
        let stepped: Vec<_> = std::iter::from_fn(|| walk.next()).collect();
        assert_eq!(stepped, expected, "{a:?} -> {b:?}, next");
    }
}
