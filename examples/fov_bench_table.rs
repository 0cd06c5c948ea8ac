//! Summarises the last `cargo bench --bench fov` run as Markdown tables: the median time of every
//! algorithm on every map and radius, the ratios the project's targets are stated in, and the
//! open-room sweep as time per visible cell.
//!
//! ```text
//! cargo bench --bench fov
//! cargo run --example fov_bench_table [CRITERION_DIR]
//! ```
//!
//! `CRITERION_DIR` defaults to `$CARGO_TARGET_DIR/criterion`, else `target/criterion`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_json::Value;

/// One measured benchmark: where it sits in the tables and its median.
struct Measured {
    group: String,
    function: String,
    value: Option<String>,
    median_ns: f64,
    elements: Option<u64>,
}

fn read_json(path: &Path) -> Option<Value> {
    serde_json::from_str(&std::fs::read_to_string(path).ok()?).ok()
}

/// Every `.../new/` directory under `dir` holding a benchmark description and its estimates.
fn collect(dir: &Path, out: &mut Vec<Measured>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if !path.is_dir() {
            continue;
        }
        if path.file_name().is_some_and(|n| n == "new") {
            let (Some(id), Some(est)) =
                (read_json(&path.join("benchmark.json")), read_json(&path.join("estimates.json")))
            else {
                continue;
            };
            let text = |v: &Value| v.as_str().map(str::to_string);
            out.push(Measured {
                group: text(&id["group_id"]).unwrap_or_default(),
                function: text(&id["function_id"]).unwrap_or_default(),
                value: text(&id["value_str"]),
                median_ns: est["median"]["point_estimate"].as_f64().unwrap_or(f64::NAN),
                elements: id["throughput"]["Elements"].as_u64(),
            });
        } else {
            collect(&path, out);
        }
    }
}

/// A duration in the unit that keeps three or four significant digits readable.
fn human(ns: f64) -> String {
    match ns {
        ns if ns.is_nan() => "–".into(),
        ns if ns < 10_000.0 => format!("{ns:.0} ns"),
        ns if ns < 10_000_000.0 => format!("{:.1} µs", ns / 1e3),
        ns => format!("{:.1} ms", ns / 1e6),
    }
}

const ALGORITHMS: [&str; 5] =
    ["multicast", "reference", "adam_fov_rs", "symmetric_shadowcasting", "shadowcast"];

fn main() {
    let dir = std::env::args().nth(1).map(PathBuf::from).unwrap_or_else(|| {
        let target =
            std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| PathBuf::from("target"), PathBuf::from);
        target.join("criterion")
    });
    let mut all = Vec::new();
    collect(&dir, &mut all);
    if all.is_empty() {
        eprintln!("no criterion results under {}: run `cargo bench --bench fov` first", dir.display());
        std::process::exit(1);
    }

    // group -> algorithm -> median
    let mut side: BTreeMap<&str, BTreeMap<&str, f64>> = BTreeMap::new();
    for m in all.iter().filter(|m| m.group != "open_sweep" && m.value.is_none()) {
        side.entry(&m.group).or_default().insert(&m.function, m.median_ns);
    }
    println!("| map, radius | {} | mc/adam | mc/ford | ref/mc |", ALGORITHMS.join(" | "));
    println!("|---|{}---|---|---|", "---|".repeat(ALGORITHMS.len()));
    // (other benchmarks share criterion's directory: only the groups that timed the multicast
    // are FOV groups)
    for (group, t) in side.iter().filter(|(_, t)| t.contains_key("multicast")) {
        let get = |a: &str| t.get(a).copied().unwrap_or(f64::NAN);
        let cells: Vec<String> = ALGORITHMS.iter().map(|a| human(get(a))).collect();
        let mc = get("multicast");
        // (the reference is not sampled everywhere: no ratio there)
        let reference = get("reference");
        let slower = if reference.is_nan() { "–".to_string() } else { format!("{:.0}", reference / mc) };
        println!(
            "| {group} | {} | {:.2} | {:.2} | {slower} |",
            cells.join(" | "),
            mc / get("adam_fov_rs"),
            mc / get("symmetric_shadowcasting"),
        );
    }

    // radius -> algorithm -> (median, visible cells)
    let mut sweep: BTreeMap<u32, BTreeMap<&str, (f64, u64)>> = BTreeMap::new();
    for m in all.iter().filter(|m| m.group == "open_sweep") {
        let Some(r) = m.value.as_deref().and_then(|v| v.trim_start_matches('r').parse().ok()) else {
            continue;
        };
        sweep.entry(r).or_default().insert(&m.function, (m.median_ns, m.elements.unwrap_or(0)));
    }
    if sweep.is_empty() {
        return;
    }
    println!();
    println!("| open room, radius | visible cells | multicast | ns/cell | adam_fov_rs | ns/cell |");
    println!("|---|---|---|---|---|---|");
    let mut per_cell: BTreeMap<&str, Vec<f64>> = BTreeMap::new();
    for (r, t) in &sweep {
        let mut row = format!("| {r} |");
        let cells = t.get("multicast").or(t.get("adam_fov_rs")).map_or(0, |x| x.1);
        row += &format!(" {cells} |");
        for a in ["multicast", "adam_fov_rs"] {
            let (ns, n) = t.get(a).copied().unwrap_or((f64::NAN, 0));
            let each = ns / n as f64;
            per_cell.entry(a).or_default().push(each);
            row += &format!(" {} | {each:.2} |", human(ns));
        }
        println!("{row}");
    }
    for (a, v) in per_cell {
        let (lo, hi) = v.iter().fold((f64::MAX, 0f64), |(lo, hi), &x| (lo.min(x), hi.max(x)));
        println!("\n{a}: time per visible cell varies {:.2}x across the sweep", hi / lo);
    }
}
