//! `sightline bench`: how long each FOV algorithm takes for one view of a map.
//!
//! A quick user-facing measurement, not the project's benchmark (that is `cargo bench --bench
//! fov`, with criterion and the published peers): the multicast computes the view once to warm
//! its buffers, then each algorithm `--iters` more times, each call timed on its own; the line
//! printed is the median, which shrugs off the occasional preempted call. Whatever the input it
//! ends within seconds: an algorithm stops after 2 s of calls, and the reference is not run on
//! views so large that one call would take longer.

use std::io::Write;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use sightline::fov::reference::{candidate_cells, largest_radius_within};
use sightline::fov::{Algorithm, Fov};

/// The most `--iters` taken: the times are kept for the median, 16 MB of them at this count.
const MAX_ITERS: i64 = 1_000_000;

/// The most candidate cells a view may have for `bench` to time the reference on it, and past
/// which `fov --algo reference` warns that it will take a while.
///
/// The reference decides every candidate on its own, so a call costs about the square of the
/// candidates (see [`sightline::fov::reference`]). Measured in a release build: an open square
/// room seen from its centre takes 0.13 s at 128×128 (this limit), 1.4 s at 256×256 and 27 s
/// at 512×512; a walled one seen from a corner (walls but for the two axes, 95 % walls, or
/// walls but for the diagonal) takes 26 s at 256×256, and the first of these 1.8 s at this limit.
pub const REFERENCE_VIEW_LIMIT: u64 = 128 * 128;

/// How long one algorithm's timed calls may take in all: past it `bench` takes the median of
/// the calls made so far (at least one), and says so.
const BUDGET: Duration = Duration::from_secs(2);

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub view: super::view::ViewArgs,
    /// Timed calls per algorithm, up to a million (every time is kept for the median). An
    /// algorithm whose calls take more than 2 s in all stops there, and the reference is not
    /// timed on views of more than 16384 cells (128x128): give a smaller --radius there.
    #[arg(long, value_name = "N", default_value_t = 100, allow_negative_numbers = true, value_parser = clap::value_parser!(u32).range(1..=MAX_ITERS))]
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
    let (at, radius) = (args.view.at, args.view.radius);
    let cells = candidate_cells(map.width(), map.height(), at, radius);
    for algo in Algorithm::ALL {
        if algo == Algorithm::Reference && cells > REFERENCE_VIEW_LIMIT {
            let r = largest_radius_within(map.width(), map.height(), at, REFERENCE_VIEW_LIMIT);
            super::report!("{}", too_large_for_the_reference("reference not timed", cells, r));
            continue;
        }
        // (The multicast's working memory lives in the view, warm for the reference after it.)
        if algo != Algorithm::Reference {
            algo.compute(at, radius, &map, &mut fov);
        }
        times.clear();
        let mut spent = Duration::ZERO;
        while times.len() < args.iters as usize && (times.is_empty() || spent < BUDGET) {
            let start = Instant::now();
            algo.compute(at, radius, &map, &mut fov);
            let took = start.elapsed();
            times.push(took.as_nanos());
            spent += took;
        }
        if times.len() < args.iters as usize {
            super::report!(
                "sightline: {}: {} of {} calls timed, {:.1} s in all",
                algo.name(),
                times.len(),
                args.iters,
                spent.as_secs_f64()
            );
        }
        // One line as soon as each algorithm is done: the reference can take a while.
        if let Err(e) = writeln!(out, "{} {}", algo.name(), median(&mut times)).and_then(|()| out.flush()) {
            return super::finish(Err(e), ExitCode::SUCCESS);
        }
    }
    ExitCode::SUCCESS
}

/// What `bench` and `fov --algo reference` say of a view of `cells` candidates, more than
/// [`REFERENCE_VIEW_LIMIT`], where radius `radius_within` would be within it; `lead` says what
/// comes of it ("reference not timed").
pub fn too_large_for_the_reference(lead: &str, cells: u64, radius_within: u32) -> String {
    format!(
        "sightline: {lead}: the view has {cells} cells; past {REFERENCE_VIEW_LIMIT} one call of \
         the reference takes seconds to days (it decides each cell on its own). \
         --radius {radius_within} or less is within that."
    )
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
