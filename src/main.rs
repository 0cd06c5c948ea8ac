//! The `sightline` command: plays the game, and answers sight questions about maps.
//!
//! A thin layer over the library: this file parses the command line and hands each command to
//! its code in `src/cli/`, which calls `sightline::*`.

mod cli;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// A turn-based roguelike where sight decides what you know, and the reference implementation of
/// exact ray-multicast field of view and DDA line of sight.
#[derive(Parser, Debug)]
#[command(name = "sightline", version, about, args_conflicts_with_subcommands = true)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,

    #[command(flatten)]
    play: cli::play::Args,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Play a map (the same as giving no command).
    Play(cli::play::Args),
    /// Validate map files: a summary line per valid map, every problem of an invalid one.
    Check(cli::check::Args),
    /// Print the field of view from a cell of a map.
    Fov(cli::fov::Args),
    /// Print the cells the segment between two cell centres crosses, one `x,y` per line.
    Line(cli::line::Args),
    /// Draw the line-of-sight walk between two cells of a map and say whether it is clear.
    Los(cli::los::Args),
    /// Time every FOV algorithm on a map: one line per algorithm, median nanoseconds per call.
    Bench(cli::bench::Args),
    /// Watch the FOV algorithms work, interactively, on any map.
    Lab(cli::lab::Args),
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // clap prints help/version to stdout (exit 0) and usage errors to stderr (exit 2).
            let _ = e.print();
            return if e.use_stderr() { ExitCode::from(cli::USAGE) } else { ExitCode::SUCCESS };
        }
    };
    match cli.command {
        None => cli::play::run(cli.play),
        Some(Command::Play(args)) => cli::play::run(args),
        Some(Command::Check(args)) => cli::check::run(args),
        Some(Command::Fov(args)) => cli::fov::run(args),
        Some(Command::Line(args)) => cli::line::run(args),
        Some(Command::Los(args)) => cli::los::run(args),
        Some(Command::Bench(args)) => cli::bench::run(args),
        Some(Command::Lab(args)) => cli::lab::run(args),
    }
}
