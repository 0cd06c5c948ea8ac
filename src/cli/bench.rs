//! `sightline bench`: how long each FOV algorithm takes for one view of a map.
//!
//! A quick user-facing measurement, not the project's benchmark (that is `cargo bench --bench
//! fov`, with criterion and the published peers): each algorithm computes the view once to warm
//! its buffers, then `--iters` more times, each call timed on its own; the line printed is the
//! median, which shrugs off the occasional preempted call.

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use sightline::fov::{Algorithm, Fov};

/// The most `--iters` taken: the times are kept for the median, 16 MB of them at this count.
const MAX_ITERS: i64 = 1_000_000;

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub view: super::view::ViewArgs,
    /// Timed calls per algorithm, up to a million (every time is kept for the median). The
    /// reference is slow on big open views: lower this there.
    #[arg(long, value_name = "N", default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..=MAX_ITERS))]
    pub iters: u32,
}

pub fn run(args: Args) -> ExitCode {
    let map = match args.view.load() {
        Ok(map) => map,
        Err(code) => return code,
    };
    let mut fov = Fov::new(map.width(), map.height());
    let mut times = Vec::with_capacity(args.iters as usize);
    let mut out = std::io::stdout().lock();
    for algo in Algorithm::ALL {
        algo.compute(args.view.at, args.view.radius, &map, &mut fov);
        times.clear();
        for _ in 0..args.iters {
            let start = Instant::now();
            algo.compute(args.view.at, args.view.radius, &map, &mut fov);
            times.push(start.elapsed().as_nanos());
        }
        // One line as soon as each algorithm is done: the reference can take a while.
        if let Err(e) = writeln!(out, "{} {}", algo.name(), median(&mut times)).and_then(|()| out.flush()) {
            return super::finish(Err(e), ExitCode::SUCCESS);
        }
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
