//! `dda::cells` against a brute-force reference written straight from the visibility contract:
//! a cell is in `cells(A, B)` iff the segment between the centres meets its **open** square,
//! and the cells come in the order the segment enters them. Everything is exact: doubled
//! coordinates (centres at odd integers, cell edges at even ones) and rational parameters.

use proptest::prelude::*;
use sightline::{Pos, dda};

/// A rational `num / den` with `den > 0`.
#[derive(Clone, Copy, Debug)]
struct Q {
    num: i128,
    den: i128,
}

impl Q {
    fn new(num: i128, den: i128) -> Q {
        if den < 0 { Q { num: -num, den: -den } } else { Q { num, den } }
    }
    fn cmp(self, o: Q) -> std::cmp::Ordering {
        (self.num * o.den).cmp(&(o.num * self.den))
    }
    fn floor(self) -> i128 {
        self.num.div_euclid(self.den)
    }
}

/// The segment between two centres in doubled coordinates.
struct Seg {
    a: (i128, i128),
    d: (i128, i128),
}

impl Seg {
    fn new(a: Pos, b: Pos) -> Seg {
        let a2 = (2 * a.x as i128 + 1, 2 * a.y as i128 + 1);
        let b2 = (2 * b.x as i128 + 1, 2 * b.y as i128 + 1);
        Seg { a: a2, d: (b2.0 - a2.0, b2.1 - a2.1) }
    }

    /// The parameter where the segment enters the open square of `cell`, if it meets it at all:
    /// the intersection of `[0, 1]` with the open intervals `2x < X(t) < 2x + 2` and
    /// `2y < Y(t) < 2y + 2`, and its lower end.
    fn entry(&self, cell: Pos) -> Option<Q> {
        let mut lo = Q::new(0, 1);
        let mut hi = Q::new(1, 1);
        for (start, delta, edge) in
            [(self.a.0, self.d.0, 2 * cell.x as i128), (self.a.1, self.d.1, 2 * cell.y as i128)]
        {
            if delta == 0 {
                if !(edge < start && start < edge + 2) {
                    return None;
                }
                continue;
            }
            // edge < start + t·delta < edge + 2
            let (t1, t2) = (Q::new(edge - start, delta), Q::new(edge + 2 - start, delta));
            let (l, h) = if t1.cmp(t2).is_lt() { (t1, t2) } else { (t2, t1) };
            if l.cmp(lo).is_gt() {
                lo = l;
            }
            if h.cmp(hi).is_lt() {
                hi = h;
            }
        }
        // lo is open unless it is 0; hi is open unless it is 1: points exist iff lo < hi, except
        // for a single-point segment, where both are the closed ends of [0, 1] only if 0 = 1.
        (lo.cmp(hi).is_lt() || (self.d == (0, 0))).then_some(lo)
    }

    /// Sort the cells that meet the segment by where it enters them.
    fn order(&self, candidates: impl Iterator<Item = Pos>) -> Vec<Pos> {
        let mut hits: Vec<(Q, Pos)> = candidates.filter_map(|c| self.entry(c).map(|t| (t, c))).collect();
        hits.sort_by(|p, q| p.0.cmp(q.0));
        hits.into_iter().map(|(_, c)| c).collect()
    }
}

/// The reference over every cell of the bounding box of A and B (a cell outside it cannot meet
/// the segment: the segment stays between the two centres).
fn reference_box(a: Pos, b: Pos) -> Vec<Pos> {
    let (x0, x1) = (a.x.min(b.x), a.x.max(b.x));
    let (y0, y1) = (a.y.min(b.y), a.y.max(b.y));
    Seg::new(a, b).order((x0..=x1).flat_map(|x| (y0..=y1).map(move |y| Pos::new(x, y))))
}

/// The same reference for long segments, where the bounding box is too large: per column `x`,
/// only the rows `y` whose open square the segment could meet there are tested, each still by
/// the exact `entry`. Exhaustive because a cell the segment meets has a point of the segment
/// with `2x < X < 2x + 2`, so with `X` in the closed slab `[2x, 2x + 2]` clipped to the
/// segment; on that piece `Y` runs between its values at the two ends of the clipped range (it
/// is linear), `Ylo ≤ Y ≤ Yhi`, and `2y < Y < 2y + 2` needs `⌊Ylo/2⌋ − 1 ≤ y ≤ ⌊Yhi/2⌋ + 1`.
fn reference_columns(a: Pos, b: Pos) -> Vec<Pos> {
    let seg = Seg::new(a, b);
    let (x0, x1) = (a.x.min(b.x), a.x.max(b.x));
    let (xa, xb) = (seg.a.0.min(seg.a.0 + seg.d.0), seg.a.0.max(seg.a.0 + seg.d.0));
    let y_at = |x_doubled: i128| -> Q {
        if seg.d.0 == 0 {
            unreachable!()
        }
        Q::new(seg.a.1 * seg.d.0 + (x_doubled - seg.a.0) * seg.d.1, seg.d.0)
    };
    let mut candidates = Vec::new();
    for x in x0..=x1 {
        let (ylo, yhi) = if seg.d.0 == 0 {
            let (p, q) = (seg.a.1, seg.a.1 + seg.d.1);
            (Q::new(p.min(q), 1), Q::new(p.max(q), 1))
        } else {
            let (l, r) = ((2 * x as i128).max(xa), (2 * x as i128 + 2).min(xb));
            let (p, q) = (y_at(l), y_at(r));
            if p.cmp(q).is_lt() { (p, q) } else { (q, p) }
        };
        let from = Q::new(ylo.num, 2 * ylo.den).floor() - 1;
        let to = Q::new(yhi.num, 2 * yhi.den).floor() + 1;
        candidates.extend((from..=to).map(|y| Pos::new(x, y as i32)));
    }
    seg.order(candidates.into_iter())
}

fn walk(a: Pos, b: Pos) -> Vec<Pos> {
    dda::cells(a, b).collect()
}

/// Whether the segment between the centres of `a` and `b` passes exactly through the lattice
/// point `(2x, 2y)` (doubled coordinates).
fn through_corner(a: Pos, b: Pos, corner: (i128, i128)) -> bool {
    let s = Seg::new(a, b);
    let (px, py) = (corner.0 - s.a.0, corner.1 - s.a.1);
    let cross = s.d.0 * py - s.d.1 * px;
    let dot = s.d.0 * px + s.d.1 * py;
    cross == 0 && dot >= 0 && dot <= s.d.0 * s.d.0 + s.d.1 * s.d.1
}

/// Consecutive cells are a king step apart, and a diagonal step happens only where the
/// segment passes exactly through the corner the two cells share.
fn assert_steps(a: Pos, b: Pos, w: &[Pos]) {
    for pair in w.windows(2) {
        let (c, n) = (pair[0], pair[1]);
        let (dx, dy) = (n.x - c.x, n.y - c.y);
        assert!(dx.abs() <= 1 && dy.abs() <= 1 && (dx, dy) != (0, 0), "{c} -> {n} in {a} -> {b}");
        if dx != 0 && dy != 0 {
            let corner = (2 * c.x.max(n.x) as i128, 2 * c.y.max(n.y) as i128);
            assert!(through_corner(a, b, corner), "diagonal step {c} -> {n} off a corner, {a} -> {b}");
        }
    }
}

fn push<T>(mut v: Vec<T>, c: T) -> Vec<T> {
    v.push(c);
    v
}

fn check_all(a: Pos, b: Pos, reference: Vec<Pos>) {
    let w = walk(a, b);
    assert_eq!(w, reference, "cells({a}, {b})");
    // Driven from inside (`fold`, what `for_each`, `sum` and `count` use): the same cells.
    assert_eq!(dda::cells(a, b).fold(Vec::new(), push), w, "fold of cells({a}, {b})");
    assert_eq!(w.len() as u64, dda::cell_count(a, b));
    // The exact length is known at every point of the walk.
    let mut it = dda::cells(a, b);
    for left in (0..=w.len()).rev() {
        assert_eq!(it.len(), left, "len() of cells({a}, {b}) with {left} to go");
        it.next();
    }
    let mut back = walk(b, a);
    back.reverse();
    assert_eq!(back, w, "cells({b}, {a}) reversed");
    assert_steps(a, b, &w);
}

fn pos(r: i32) -> impl Strategy<Value = Pos> {
    (-r..=r, -r..=r).prop_map(|(x, y)| Pos::new(x, y))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn short_segments_match_the_bounding_box_reference(a in pos(25), b in pos(25)) {
        check_all(a, b, reference_box(a, b));
    }

    #[test]
    fn axis_parallel_and_diagonal_segments(a in pos(10_000), len in -60i32..=60, kind in 0..4u8) {
        let b = match kind {
            0 => Pos::new(a.x + len, a.y),
            1 => Pos::new(a.x, a.y + len),
            2 => Pos::new(a.x + len, a.y + len),
            _ => Pos::new(a.x + len, a.y - len),
        };
        check_all(a, b, reference_box(a, b));
    }

    #[test]
    fn segments_through_many_corners(a in pos(10_000), p in 0i32..6, q in 0i32..6, k in 1i32..40, sx in any::<bool>(), sy in any::<bool>()) {
        // (2p+1, 2q+1)·k: both reduced components odd, so k exact corners.
        let (dx, dy) = ((2 * p + 1) * k, (2 * q + 1) * k);
        let b = Pos::new(a.x + if sx { dx } else { -dx }, a.y + if sy { dy } else { -dy });
        check_all(a, b, reference_columns(a, b));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn fold_after_nth_yields_the_rest_of_the_walk(
        a in pos(10_000), d in pos(30), kind in 0..5u8, k in 0usize..16,
    ) {
        // Random, axis-parallel, exact diagonals, many corners and zero-length: the walk is
        // consumed k + 1 cells with `next` (through `nth`), then the rest comes from `fold`.
        let d = match kind {
            0 => d,
            1 => Pos::new(d.x, 0),
            2 => Pos::new(d.x, -d.x),
            3 => Pos::new(3 * d.x, d.x),
            _ => Pos::new(0, 0),
        };
        let b = Pos::new(a.x + d.x, a.y + d.y);
        let mut all = Vec::new();
        for c in dda::cells(a, b) {
            all.push(c); // a `for` loop calls `next`
        }
        let mut it = dda::cells(a, b);
        prop_assert_eq!(it.nth(k), all.get(k).copied());
        prop_assert_eq!(&it.fold(Vec::new(), push)[..], all.get(k + 1..).unwrap_or(&[]));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn long_segments_match_the_column_reference(a in pos(10_000), b in pos(10_000)) {
        check_all(a, b, reference_columns(a, b));
    }
}

#[test]
fn the_two_references_agree() {
    // The column reference is only trusted because it agrees with the exhaustive one.
    for (a, b) in
        [((0, 0), (7, 3)), ((-5, 4), (6, -9)), ((3, -8), (3, 8)), ((-6, 2), (6, 2)), ((2, 2), (2, 2))]
    {
        let (a, b) = (Pos::new(a.0, a.1), Pos::new(b.0, b.1));
        assert_eq!(reference_columns(a, b), reference_box(a, b), "{a} -> {b}");
    }
}

#[test]
fn known_walks() {
    let p = |x, y| Pos::new(x, y);
    assert_eq!(walk(p(0, 0), p(3, 1)), [p(0, 0), p(1, 0), p(2, 1), p(3, 1)]);
    assert_eq!(walk(p(-3, 5), p(2, -1)).len(), 12); // 1 + 5 + 6, no corner (5 and 6)
    assert_eq!(walk(p(-3, -3), p(3, 3)), (-3..=3).map(|i| p(i, i)).collect::<Vec<_>>());
}
