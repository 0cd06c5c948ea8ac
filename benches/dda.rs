//! Nanoseconds per cell stepped: `dda::cells` and `dda::world::traverse` side by side with
//! `line_drawing`'s `Supercover` and `WalkGrid`, on short (≤ 10 cells), medium (~100) and long
//! (~10,000) lines in four directions (one per quadrant).
//!
//! Each benchmark walks all the lines of its group, each walker given them in its own input
//! type before the timing (integer cells, or for `world::traverse` the cells' centres as `f64`
//! points), and folds every cell into a checksum, so nothing is optimised away; its throughput
//! is the number of cells that algorithm yields for those lines, so criterion reports time per
//! cell. On the fixed lines (no exact corners) all four yield the same cells, checked at startup
//! (`world::traverse` walks between the same cell centres, with cells of size 1; the `f32`
//! walkers of `line_drawing` are checked on the short and medium lines only, as they drift on
//! long ones). The varied lines include exact corners,
//! where `cells` and `Supercover` step diagonally, `WalkGrid` takes two steps, and
//! `world::traverse` steps diagonally where both coordinates grow or both shrink and yields the
//! side cell otherwise: each is charged per cell it yields.
//!
//! Four fixed short lines walked over and over are a best case for branchy walkers: the branch
//! predictor learns their few dozen decisions. `short-varied` walks 4096 short lines in every
//! direction in a fixed pseudo-random order, closer to a game asking about many targets.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use line_drawing::{Supercover, WalkGrid};
use sightline::{Pos, dda};

#[path = "support/dda_lines.rs"]
mod dda_lines;
use dda_lines::{LONG, MEDIUM, SHORT, varied_short};

fn count<I: Iterator>(lines: &[(i32, i32)], walk: impl Fn((i32, i32), (i32, i32)) -> I) -> u64 {
    lines.iter().map(|&end| walk((0, 0), end).count() as u64).sum()
}

fn bench_length(c: &mut Criterion, name: &str, lines: &[(i32, i32)]) {
    let mut group = c.benchmark_group(format!("dda/{name}"));

    let ours = |a: (i32, i32), b: (i32, i32)| dda::cells(Pos::new(a.0, a.1), Pos::new(b.0, b.1));
    let centre = |p: (i32, i32)| (f64::from(p.0) + 0.5, f64::from(p.1) + 0.5);
    let world = |a: (i32, i32), b: (i32, i32)| dda::world::traverse(centre(a), centre(b), 1.0, 1.0).unwrap();

    group.throughput(Throughput::Elements(count(lines, ours)));
    group.bench_function("sightline cells", |bch| {
        bch.iter(|| {
            let mut sum = 0i64;
            for &end in black_box(lines) {
                sum = ours((0, 0), end).fold(sum, |s, p| s.wrapping_add(i64::from(p.x) ^ i64::from(p.y)));
            }
            sum
        })
    });

    group.throughput(Throughput::Elements(count(lines, world)));
    // The traversal's ends in its own input type, made before the timing, as the other walkers
    // get theirs: converting the integer ends in the timed loop charged it alone with work that
    // is not a traversal's (on the short lines about 5 cycles a line: 1.55 ns a cell converting,
    // 1.38 given its ends, on 2026-11-24).
    let centres: Vec<(f64, f64)> = lines.iter().map(|&end| centre(end)).collect();
    group.bench_function("sightline world::traverse", |bch| {
        bch.iter(|| {
            let mut sum = 0i64;
            for &end in black_box(&centres[..]) {
                sum = dda::world::traverse(centre((0, 0)), end, 1.0, 1.0)
                    .unwrap()
                    .fold(sum, |s, p| s.wrapping_add(p.0 ^ p.1));
            }
            sum
        })
    });

    group.throughput(Throughput::Elements(count(lines, Supercover::new)));
    group.bench_function("line_drawing Supercover", |bch| {
        bch.iter(|| {
            let mut sum = 0i64;
            for &end in black_box(lines) {
                sum = Supercover::new((0, 0), end)
                    .fold(sum, |s, p: (i32, i32)| s.wrapping_add(i64::from(p.0) ^ i64::from(p.1)));
            }
            sum
        })
    });

    group.throughput(Throughput::Elements(count(lines, WalkGrid::new)));
    group.bench_function("line_drawing WalkGrid", |bch| {
        bch.iter(|| {
            let mut sum = 0i64;
            for &end in black_box(lines) {
                sum = WalkGrid::new((0, 0), end)
                    .fold(sum, |s, p: (i32, i32)| s.wrapping_add(i64::from(p.0) ^ i64::from(p.1)));
            }
            sum
        })
    });

    group.finish();
}

/// The fixed lines must be what the docs above say: the same cells for every walker, so the
/// four per-cell times divide the same work. (line_drawing's f32 walkers drift on longer lines:
/// checked on SHORT and MEDIUM only.)
fn corner_free_lines_give_every_walker_the_same_cells() {
    for &(dx, dy) in SHORT.iter().chain(&MEDIUM).chain(&LONG) {
        let n = 1 + u64::from(dx.unsigned_abs()) + u64::from(dy.unsigned_abs());
        assert_eq!(dda::cell_count(Pos::new(0, 0), Pos::new(dx, dy)), n, "({dx}, {dy}) has a corner");
        let ours = dda::cells(Pos::new(0, 0), Pos::new(dx, dy)).map(|p| (i64::from(p.x), i64::from(p.y)));
        let centre = |p: (i32, i32)| (f64::from(p.0) + 0.5, f64::from(p.1) + 0.5);
        let world = dda::world::traverse(centre((0, 0)), centre((dx, dy)), 1.0, 1.0).unwrap();
        assert!(ours.eq(world), "({dx}, {dy}): world::traverse differs from cells");
    }
    for &end in SHORT.iter().chain(&MEDIUM) {
        let ours: Vec<(i32, i32)> =
            dda::cells(Pos::new(0, 0), Pos::new(end.0, end.1)).map(|p| (p.x, p.y)).collect();
        assert_eq!(ours, Supercover::new((0, 0), end).collect::<Vec<_>>(), "{end:?}");
        assert_eq!(ours, WalkGrid::new((0, 0), end).collect::<Vec<_>>(), "{end:?}");
    }
}

fn lines(c: &mut Criterion) {
    corner_free_lines_give_every_walker_the_same_cells();
    bench_length(c, "short", &SHORT);
    bench_length(c, "short-varied", &varied_short());
    bench_length(c, "medium", &MEDIUM);
    bench_length(c, "long", &LONG);
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(std::time::Duration::from_secs(1))
        .measurement_time(std::time::Duration::from_secs(3));
    targets = lines
}
criterion_main!(benches);
