//! `dda::cells` against the published `line_drawing` crate: where its conventions coincide
//! with the contract the sequences are equal; where they differ, each test states the rule
//! that differs and asserts exactly that relationship.
//!
//! `Supercover` and `WalkGrid` decide each step by comparing `(ix + ½) / |dx|` with
//! `(iy + ½) / |dy|` in `f32`: the same parameters of the next edge crossings as our error
//! term, correctly rounded. Rounding is monotone, so it never reverses two crossings; it can
//! only merge two distinct ones into a false tie, and two distinct crossings differ by at least
//! `1 / (2·|dx|·|dy|)` while an `f32` ulp below 2 is at most 2⁻²³. So for `|dx|·|dy| ≤ 2²²`
//! their comparisons are exact.

use line_drawing::{Bresenham, Supercover, WalkGrid};
use proptest::prelude::*;
use sightline::{Pos, dda};

fn ours(a: Pos, b: Pos) -> Vec<Pos> {
    dda::cells(a, b).collect()
}

fn theirs(it: impl Iterator<Item = (i32, i32)>) -> Vec<Pos> {
    it.map(|(x, y)| Pos::new(x, y)).collect()
}

fn exact_in_f32(a: Pos, b: Pos) -> bool {
    u64::from(a.x.abs_diff(b.x)) * u64::from(a.y.abs_diff(b.y)) <= 1 << 22
}

/// WalkGrid never steps diagonally: at an exact corner it steps in y first, then in x, so it
/// is our walk with each diagonal step `c → c + (sx, sy)` replaced by `c → c + (0, sy) →
/// c + (sx, sy)`.
fn with_y_first_at_corners(w: &[Pos]) -> Vec<Pos> {
    let mut out = vec![w[0]];
    for pair in w.windows(2) {
        let (c, n) = (pair[0], pair[1]);
        if c.x != n.x && c.y != n.y {
            out.push(Pos::new(c.x, n.y));
        }
        out.push(n);
    }
    out
}

fn is_subsequence(small: &[Pos], big: &[Pos]) -> bool {
    let mut it = big.iter();
    small.iter().all(|s| it.any(|b| b == s))
}

fn pos(r: i32) -> impl Strategy<Value = Pos> {
    (-r..=r, -r..=r).prop_map(|(x, y)| Pos::new(x, y))
}

/// How far apart (in the segment parameter) the next x and y edge crossings after cell `c` of
/// our walk are: a false tie of Supercover's must be a pair closer than f32 can separate.
fn crossing_gap(a: Pos, b: Pos, c: Pos) -> f64 {
    // After the walk reached c, it has made i = |c.x − a.x| x steps and j = |c.y − a.y| y steps.
    let (nx, ny) = (f64::from(a.x.abs_diff(b.x)), f64::from(a.y.abs_diff(b.y)));
    let (i, j) = (f64::from(a.x.abs_diff(c.x)), f64::from(a.y.abs_diff(c.y)));
    ((i + 0.5) / nx - (j + 0.5) / ny).abs()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    #[test]
    fn supercover_is_our_walk_where_f32_is_exact(a in pos(1000), b in pos(1000)) {
        prop_assume!(exact_in_f32(a, b));
        prop_assert_eq!(theirs(Supercover::new((a.x, a.y), (b.x, b.y))), ours(a, b));
    }

    #[test]
    fn walk_grid_is_our_walk_with_a_y_step_first_at_each_corner(a in pos(1000), b in pos(1000)) {
        prop_assume!(exact_in_f32(a, b));
        prop_assert_eq!(theirs(WalkGrid::new((a.x, a.y), (b.x, b.y))), with_y_first_at_corners(&ours(a, b)));
    }

    #[test]
    fn walk_grid_differs_exactly_at_corners(a in pos(40), p in 0i32..4, q in 0i32..4, k in 1i32..6) {
        // Lines through exact corners: WalkGrid makes one orthogonal step per edge crossing,
        // 1 + |dx| + |dy| cells, and lists every cell of ours plus one side cell per corner.
        let b = Pos::new(a.x + (2 * p + 1) * k, a.y - (2 * q + 1) * k);
        let (o, t) = (ours(a, b), theirs(WalkGrid::new((a.x, a.y), (b.x, b.y))));
        let diagonal_steps = o.windows(2).filter(|w| w[0].x != w[1].x && w[0].y != w[1].y).count();
        prop_assert!(diagonal_steps >= k as usize);
        prop_assert_eq!(t.len() as u32, 1 + a.x.abs_diff(b.x) + a.y.abs_diff(b.y));
        prop_assert_eq!(t.len(), o.len() + diagonal_steps);
        prop_assert!(is_subsequence(&o, &t));
    }

    #[test]
    fn bresenham_truncates_where_the_walk_would_round(a in pos(1000), b in pos(1000)) {
        // line_drawing's Bresenham (error term started at dy − dx) puts the cell of major step
        // k at minor offset ⌊k·n / N⌋ (n, N = minor and major extent), truncated toward the
        // start, not rounded to the cell the line crosses at the column's centre. Our segment
        // crosses column k at minor offsets k·n/N ± n/2N, so that cell is one of ours exactly
        // when frac(k·n/N) < ½ + n/2N; otherwise the line misses it or only touches its corner.
        let t = theirs(Bresenham::new((a.x, a.y), (b.x, b.y)));
        let o = ours(a, b);
        let (dx, dy) = (i64::from(b.x) - i64::from(a.x), i64::from(b.y) - i64::from(a.y));
        let (n_maj, n_min) = (dx.abs().max(dy.abs()), dx.abs().min(dy.abs()));
        prop_assert_eq!(t.len() as i64, n_maj + 1);
        let mut last_index = 0;
        for (k, &cell) in t.iter().enumerate() {
            let k = k as i64;
            let minor = if n_maj == 0 { 0 } else { k * n_min / n_maj };
            let (ox, oy) = if dx.abs() >= dy.abs() { (k, minor) } else { (minor, k) };
            let want = Pos::new(a.x + (ox * dx.signum()) as i32, a.y + (oy * dy.signum()) as i32);
            prop_assert_eq!(cell, want, "step {} of Bresenham({}, {})", k, a, b);
            let crossed = n_maj == 0 || 2 * ((k * n_min) % n_maj) < n_maj + n_min;
            let found = o[last_index..].iter().position(|&c| c == cell);
            prop_assert_eq!(found.is_some(), crossed, "{} in cells({}, {})", cell, a, b);
            if let Some(i) = found {
                last_index += i;
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(30))]

    #[test]
    fn beyond_f32_supercover_only_merges_near_ties(a in pos(50_000), b in pos(50_000)) {
        // Past |dx|·|dy| = 2^22 Supercover may see a tie where there is none: it then steps
        // diagonally over a side cell we list. It never lists a cell we do not, and every cell
        // it skips sits at a pair of crossings closer than f32 can tell apart.
        let (o, t) = (ours(a, b), theirs(Supercover::new((a.x, a.y), (b.x, b.y))));
        prop_assert!(is_subsequence(&t, &o), "Supercover lists a cell outside cells({}, {})", a, b);
        let mut k = 0;
        for (i, c) in o.iter().enumerate() {
            if t.get(k) == Some(c) {
                k += 1;
            } else {
                let prev = o[i - 1];
                let gap = crossing_gap(a, b, prev);
                prop_assert!(gap < 2f64.powi(-22), "skipped {} with a crossing gap {}", c, gap);
            }
        }
    }
}

#[test]
fn known_differences() {
    let p = |x, y| Pos::new(x, y);
    // Exact diagonal: Supercover agrees; WalkGrid goes down then across at each corner.
    assert_eq!(theirs(Supercover::new((0, 0), (2, 2))), ours(p(0, 0), p(2, 2)));
    assert_eq!(theirs(WalkGrid::new((0, 0), (2, 2))), [p(0, 0), p(0, 1), p(1, 1), p(1, 2), p(2, 2)]);
    // Bresenham (0,0) -> (3,1) takes (2,0), which the segment only touches at a corner.
    assert_eq!(theirs(Bresenham::new((0, 0), (3, 1))), [p(0, 0), p(1, 0), p(2, 0), p(3, 1)]);
    assert_eq!(ours(p(0, 0), p(3, 1)), [p(0, 0), p(1, 0), p(2, 1), p(3, 1)]);
    // The smallest false tie of Supercover along (n, n − 1) from the origin: 2948 · 2947 > 2^22.
    // That segment passes through no corner (2948 is even), yet Supercover steps diagonally once.
    assert_eq!(dda::cell_count(p(0, 0), p(2948, 2947)), 5896);
    assert_eq!(Supercover::new((0, 0), (2948, 2947)).count(), 5895);
}
