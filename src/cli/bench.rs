//! `sightline bench`: how long each FOV algorithm takes for one view of a map.
//!
//! A quick user-facing measurement, not the project's benchmark (that is `cargo bench --bench
//! fov`, with criterion and the published peers): each algorithm computes the view once to warm
//! its buffers, then `--iters` more times, each call timed on its own; the line printed is the
//! median, which shrugs off the occasional preempted call.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use sightline::fov::{Algorithm, Fov};
use sightline::geometry::Pos;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The map file.
    pub map: PathBuf,
    /// The viewer's cell, as X,Y (0,0 is the top left).
    #[arg(long, value_name = "X,Y", allow_hyphen_values = true)]
    pub at: Pos,
    /// Sight radius in cells; unlimited if omitted.
    #[arg(long, value_name = "R")]
    pub radius: Option<u32>,
    /// Timed calls per algorithm. The reference is slow on big open views: lower this there.
    #[arg(long, value_name = "N", default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..))]
    pub iters: u32,
}

pub fn run(args: Args) -> ExitCode {
    let map = match super::fov::load_view(&args.map, args.at) {
        Ok(map) => map,
        Err(code) => return code,
    };
    let mut fov = Fov::new(map.width(), map.height());
    let mut times = Vec::with_capacity(args.iters as usize);
    for algo in Algorithm::ALL {
        algo.compute(args.at, args.radius, &map, &mut fov);
        times.clear();
        for _ in 0..args.iters {
            let start = Instant::now();
            algo.compute(args.at, args.radius, &map, &mut fov);
            times.push(start.elapsed().as_nanos());
        }
        println!("{} {}", algo.name(), median(&mut times));
    }
    ExitCode::SUCCESS
}

/// The middle value (the lower middle one for an even count). `times` must not be empty.
fn median(times: &mut [u128]) -> u128 {
    times.sort_unstable();
    times[(times.len() - 1) / 2]
}

#[cfg(test)]
mod tests {
    use super::median;

    #[test]
    fn median_is_the_middle_of_the_sorted_times() {
        assert_eq!(median(&mut [5]), 5);
        assert_eq!(median(&mut [9, 1, 5]), 5);
        assert_eq!(median(&mut [40, 10, 30, 20]), 20);
    }
}
