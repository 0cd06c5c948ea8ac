//! `dda::cells` and `dda::world::traverse` against `line_drawing`'s `Supercover` and `WalkGrid`,
//! the four alternated in one process: the DDA's "timed the other way" figures.
//!
//! `cargo bench --bench dda` (criterion) times one walker for seconds, then the next; on a shared
//! machine a slow spell can fall on one walker's whole measurement and not on the others', and
//! the ratios then move from run to run by more than the differences they measure. Here each
//! round times a batch of every walker over the same lines, in an order that turns from round to
//! round, and each walker keeps its best round: a slow spell spoils a round or two of any walker,
//! not the ratios.
//!
//! ```text
//! cargo run --release --example dda_interleaved [ROUNDS]
//! ```
//!
//! The lines are the benchmark's (`benches/support/dda_lines.rs`), given to each walker in its
//! own input type and charged per cell it yields, as there, and every cell is folded into a
//! checksum so that none is optimised away. Printed: nanoseconds per cell, and each of ours
//! divided by the faster of the two peers.

use std::hint::black_box;
use std::time::{Duration, Instant};

use line_drawing::{Supercover, WalkGrid};
use sightline::{Pos, dda};

#[path = "../benches/support/dda_lines.rs"]
mod dda_lines;
use dda_lines::{LONG, MEDIUM, SHORT, varied_short};

/// A batch of lines from the origin, in each walker's own input type, made before the timing:
/// the integer ends, and their cells' centres as `f64` points for `world::traverse` (made in the
/// timed loop, they charged it alone with work that is not a traversal's).
///
/// A walker hides the whole batch from the optimiser (`black_box(lines)`), then reads its
/// slice: hiding the slice itself had the compiler copy it through the stack as one 16-byte
/// store read back as two 8-byte loads, which cost every walker about 4 ns a batch here.
struct Lines {
    ends: Vec<(i32, i32)>,
    centres: Vec<(f64, f64)>,
}

impl Lines {
    fn new(ends: &[(i32, i32)]) -> Lines {
        let centres = ends.iter().map(|&end| centre(end)).collect();
        Lines { ends: ends.to_vec(), centres }
    }
}

/// The centre of cell `p` on a grid of unit cells.
fn centre(p: (i32, i32)) -> (f64, f64) {
    (f64::from(p.0) + 0.5, f64::from(p.1) + 0.5)
}

/// One walker: its name and what it does to a batch of lines (returning the checksum).
type Walker = (&'static str, fn(&Lines) -> i64);

fn cells(lines: &Lines) -> i64 {
    let mut sum = 0i64;
    for &(x, y) in &black_box(lines).ends {
        sum = dda::cells(Pos::new(0, 0), Pos::new(x, y))
            .fold(sum, |s, p| s.wrapping_add(i64::from(p.x) ^ i64::from(p.y)));
    }
    sum
}

fn traverse(lines: &Lines) -> i64 {
    let mut sum = 0i64;
    for &end in &black_box(lines).centres {
        sum = dda::world::traverse(centre((0, 0)), end, 1.0, 1.0)
            .expect("finite")
            .fold(sum, |s, p| s.wrapping_add(p.0 ^ p.1));
    }
    sum
}

fn supercover(lines: &Lines) -> i64 {
    let mut sum = 0i64;
    for &end in &black_box(lines).ends {
        sum = Supercover::new((0, 0), end)
            .fold(sum, |s, p: (i32, i32)| s.wrapping_add(i64::from(p.0) ^ i64::from(p.1)));
    }
    sum
}

fn walk_grid(lines: &Lines) -> i64 {
    let mut sum = 0i64;
    for &end in &black_box(lines).ends {
        sum = WalkGrid::new((0, 0), end)
            .fold(sum, |s, p: (i32, i32)| s.wrapping_add(i64::from(p.0) ^ i64::from(p.1)));
    }
    sum
}

/// How many cells each walker yields for `lines` (they differ only at exact corners).
fn cell_counts(lines: &[(i32, i32)]) -> [u64; 4] {
    let count = |n: usize| n as u64;
    let (mut c, mut t, mut s, mut w) = (0, 0, 0, 0);
    for &(x, y) in lines {
        c += count(dda::cells(Pos::new(0, 0), Pos::new(x, y)).count());
        t += count(dda::world::traverse(centre((0, 0)), centre((x, y)), 1.0, 1.0).expect("finite").count());
        s += count(Supercover::new((0, 0), (x, y)).count());
        w += count(WalkGrid::new((0, 0), (x, y)).count());
    }
    [c, t, s, w]
}

/// The time of `n` calls of `walk` on `lines`.
fn time(n: usize, lines: &Lines, walk: fn(&Lines) -> i64) -> Duration {
    let start = Instant::now();
    for _ in 0..n {
        black_box(walk(lines));
    }
    start.elapsed()
}

fn main() {
    let rounds = match std::env::args().nth(1).map(|a| a.parse::<usize>()) {
        None => 30,
        Some(Ok(n)) if n > 0 => n,
        Some(_) => {
            eprintln!("usage: dda_interleaved [ROUNDS]  (ROUNDS: a number of rounds, at least 1)");
            std::process::exit(2);
        }
    };
    let walkers: [Walker; 4] = [
        ("sightline cells", cells),
        ("sightline world::traverse", traverse),
        ("line_drawing Supercover", supercover),
        ("line_drawing WalkGrid", walk_grid),
    ];
    let varied = varied_short();
    let groups: [(&str, &[(i32, i32)]); 4] =
        [("short", &SHORT), ("short-varied", &varied), ("medium", &MEDIUM), ("long", &LONG)];
    println!(
        "| lines | cells | traverse | Supercover | WalkGrid | cells ÷ best peer | traverse ÷ best peer |"
    );
    println!("|---|---|---|---|---|---|---|");
    for (name, lines) in groups {
        let counts = cell_counts(lines);
        let lines = &Lines::new(lines);
        // a batch of about 10 ms of the first walker
        let once = time(1, lines, walkers[0].1).max(Duration::from_nanos(1));
        let n = (Duration::from_millis(10).as_nanos() / once.as_nanos()).max(1) as usize;
        let mut best = [Duration::MAX; 4];
        for round in 0..rounds {
            for turn in 0..4 {
                let k = (round + turn) % 4;
                best[k] = best[k].min(time(n, lines, walkers[k].1));
            }
        }
        let per_cell: Vec<f64> =
            (0..4).map(|k| best[k].as_nanos() as f64 / (n as f64 * counts[k] as f64)).collect();
        let peer = per_cell[2].min(per_cell[3]);
        println!(
            "| {name} | {:.2} ns | {:.2} ns | {:.2} ns | {:.2} ns | {:.2} | {:.2} |",
            per_cell[0],
            per_cell[1],
            per_cell[2],
            per_cell[3],
            per_cell[0] / peer,
            per_cell[1] / peer
        );
    }
}
