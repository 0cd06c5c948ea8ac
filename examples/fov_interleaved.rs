//! The multicast against `adam_fov_rs` (Milazzo's algorithm), the two alternated in one process:
//! the "timed the other way" figures of the README's benchmarks.
//!
//! Criterion times one algorithm for seconds, then the next, so on a shared machine a burst from
//! outside can slow one algorithm's whole measurement and not the other's. Here each round times
//! a batch of multicast views and the same batch of adam_fov_rs views (which goes first
//! alternates from round to round), and each keeps the best of its rounds: a burst spoils a
//! round or two of either, not the ratio.
//!
//! ```text
//! cargo run --release --example fov_interleaved [ROUNDS]
//! ```
//!
//! The maps and viewers are those of `cargo bench --bench fov`: an 80×50 cave, 200×200 rooms,
//! 1000×1000 with 5 % walls (the floor cell nearest the centre) and a 513×513 maze (256 viewers
//! spread over it, one view each in turn), at radius 8, 20 and unlimited. Every view of both
//! goes into the same kind of output buffer, a [`Fov`].

use std::hint::black_box;
use std::time::{Duration, Instant};

use sightline::fov::{Fov, multicast};
use sightline::geometry::{Grid, Pos};
use sightline::map::{Map, generate};

/// A map as opacity flags and the viewers to look from, in turn.
struct Scene {
    name: &'static str,
    opaque: Grid<bool>,
    viewers: Vec<Pos>,
}

impl Scene {
    fn centre(name: &'static str, map: Map) -> Scene {
        let centre = Pos::new(map.width() as i32 / 2, map.height() as i32 / 2);
        let viewer = generate::floor_near(&map, centre).expect("the map has floor");
        Scene { name, opaque: map.tiles.map(|t| t.blocks_sight()), viewers: vec![viewer] }
    }

    /// 256 floor cells spread at random, as the benchmark's maze has them.
    fn spread(name: &'static str, map: Map) -> Scene {
        let viewers = generate::spread_floors(&map, 256, 1);
        Scene { name, opaque: map.tiles.map(|t| t.blocks_sight()), viewers }
    }
}

/// Milazzo's algorithm, as the benchmark calls it: "unlimited" is a range that covers the map.
fn adam(opaque: &Grid<bool>, viewer: Pos, radius: Option<u32>, out: &mut Fov) {
    out.reset(viewer, radius);
    let (w, h) = (opaque.width(), opaque.height());
    let range = radius.map_or(w + h, |r| r as usize);
    let cells = opaque.cells();
    adam_fov_rs::compute_fov(
        [viewer.x, viewer.y],
        range,
        [w as u32, h as u32],
        |p| cells[p.y as usize * w + p.x as usize],
        |p| out.mark(Pos::new(p.x, p.y)),
    );
}

/// The time per view of `view` over `n` views, the viewers taken in turn.
fn time(n: usize, viewers: &[Pos], mut view: impl FnMut(Pos)) -> Duration {
    let start = Instant::now();
    for k in 0..n {
        view(viewers[k % viewers.len()]);
    }
    start.elapsed() / n as u32
}

/// A time per view: in nanoseconds below 10 µs, else in microseconds to a tenth.
fn human(d: Duration) -> String {
    let ns = d.as_nanos();
    if ns < 10_000 { format!("{ns} ns") } else { format!("{:.1} µs", ns as f64 / 1e3) }
}

fn main() {
    let rounds = match std::env::args().nth(1).map(|a| a.parse::<usize>()) {
        None => 15,
        Some(Ok(n)) if n > 0 => n,
        Some(_) => {
            eprintln!("usage: fov_interleaved [ROUNDS]  (ROUNDS: a number of rounds, at least 1)");
            std::process::exit(2);
        }
    };
    let scenes = [
        Scene::centre("cave 80×50", generate::cave(80, 50, 1)),
        Scene::centre("rooms 200×200", generate::rooms(200, 200, 1)),
        Scene::centre("5 % walls 1000×1000", generate::noise(1000, 1000, 5, 1)),
        Scene::spread("maze 513×513", generate::maze(513, 513, 1)),
    ];
    println!("| map | radius | multicast | adam_fov_rs | multicast ÷ adam |");
    println!("|---|---|---|---|---|");
    for s in &scenes {
        let mut out = Fov::new(s.opaque.width(), s.opaque.height());
        for radius in [Some(8), Some(20), None] {
            // a batch of about 20 ms of multicast views
            multicast::compute(s.viewers[0], radius, &s.opaque, &mut out);
            let once = time(s.viewers.len(), &s.viewers, |v| {
                multicast::compute(v, radius, &s.opaque, black_box(&mut out))
            });
            let n = (Duration::from_millis(20).as_nanos() / once.as_nanos().max(1)).max(1) as usize;
            let (mut ours, mut theirs) = (Duration::MAX, Duration::MAX);
            for round in 0..rounds {
                // (multicast first in even rounds, adam_fov_rs first in odd ones)
                for turn in 0..2 {
                    if (round + turn) % 2 == 0 {
                        ours = ours.min(time(n, &s.viewers, |v| {
                            multicast::compute(v, radius, &s.opaque, black_box(&mut out))
                        }));
                    } else {
                        theirs = theirs
                            .min(time(n, &s.viewers, |v| adam(&s.opaque, v, radius, black_box(&mut out))));
                    }
                }
            }
            let label = radius.map_or("∞".to_string(), |r| r.to_string());
            let ratio = ours.as_secs_f64() / theirs.as_secs_f64();
            println!("| {} | {label} | {} | {} | {ratio:.2} |", s.name, human(ours), human(theirs));
        }
    }
}
