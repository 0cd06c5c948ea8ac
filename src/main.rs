//! The `sightline` command: plays the game, and answers sight questions about maps.
//!
//! A thin layer over the library: this file parses the command line and hands each command to
//! its code in `src/cli/`, which calls `sightline::*`.

mod cli;

use std::ffi::OsString;
use std::io::{IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};

/// A turn-based roguelike where sight decides what you know, and the reference implementation of
/// exact ray-multicast field of view and DDA line of sight.
#[derive(Parser, Debug)]
#[command(
    name = "sightline",
    version,
    about,
    args_conflicts_with_subcommands = true,
    // (clap's own usage for a conflict lists the arguments in conflict, `--load <FILE> [MAP]`,
    // as if they went together)
    override_usage = "sightline [MAP] [--seed <N>] [--save <FILE>]\n       \
                      sightline --load <FILE> [--save <FILE>]\n       \
                      sightline <COMMAND>"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,

    #[command(flatten)]
    play: cli::play::Args,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Play a map (the same as giving no command).
    #[command(override_usage = "sightline play [MAP] [--seed <N>] [--save <FILE>]\n       \
                                sightline play --load <FILE> [--save <FILE>]")]
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
    let args: Vec<OsString> = std::env::args_os().collect();
    if let Some(message) = unknown_first_word(&args).or_else(|| subcommand_after_options(&args)) {
        cli::report!("{message}");
        return ExitCode::from(cli::USAGE);
    }
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let e = play_error(e);
            if e.use_stderr() {
                let _ = e.print();
                return ExitCode::from(cli::USAGE);
            }
            // Help and version go to stdout, as any printed output: clap's own printing ignores
            // a failed write (`--help >/dev/full` exited 0 having printed nothing). On a terminal
            // it keeps its colours.
            if std::io::stdout().is_terminal() {
                let _ = e.print();
                return ExitCode::SUCCESS;
            }
            let mut out = std::io::stdout().lock();
            let written = write!(out, "{}", e.render()).and_then(|()| out.flush());
            return cli::finish(written, ExitCode::SUCCESS);
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

/// A usage error of a command line naming no subcommand, as `sightline play` reports it: the
/// same arguments, and clap's error for them says what is wrong with them. (Told a second word,
/// `sightline map.ron other.ron`, the top level says "the subcommand 'other.ron' cannot be used
/// with '[MAP]'", though no subcommand was meant.)
fn play_error(e: clap::Error) -> clap::Error {
    let args: Vec<OsString> = std::env::args_os().collect();
    let command = Cli::command();
    let named = |a: &OsString| command.get_subcommands().any(|c| a.to_str() == Some(c.get_name()));
    // (a subcommand comes first; a later word that spells one is a value: `--save fov`)
    if !e.use_stderr() || args.get(1).is_some_and(|a| named(a) || a == "help") {
        return e;
    }
    let as_play =
        args.iter().take(1).cloned().chain([OsString::from("play")]).chain(args.iter().skip(1).cloned());
    Cli::try_parse_from(as_play).err().unwrap_or(e)
}

/// Why a first word that is neither a subcommand nor a file is refused, when it does not look
/// like a file's name either: spelled like a subcommand (`sightline chekc map.ron`: "did you
/// mean `sightline check`?"), or a bare word (`sightline view map.ron`: the subcommands listed).
/// As a map it would only be "cannot read", and with more words clap reports a puzzling
/// conflict between subcommands and the map, or the game's usage. A word with a `.` or a path
/// separator in it (`no-such-map.ron`, `maps/cave`) is taken for the map it names, and a map
/// that cannot be read is reported as such.
fn unknown_first_word(args: &[OsString]) -> Option<String> {
    let word = args.get(1)?.to_str()?;
    if word.starts_with('-') || Path::new(word).exists() {
        return None;
    }
    // (built, so that clap's own `help` subcommand is among the names)
    let mut command = Cli::command();
    command.build();
    let names: Vec<&str> = command.get_subcommands().map(|c| c.get_name()).collect();
    if names.contains(&word) {
        return None;
    }
    // (A swap of two letters counts one edit; short words get one edit, longer ones two.)
    let (distance, name) = names.iter().map(|n| (strsim::damerau_levenshtein(word, n), *n)).min()?;
    if distance <= if word.chars().count() <= 4 { 1 } else { 2 } {
        return Some(format!(
            "sightline: `{word}` is neither a subcommand nor a file; did you mean `sightline {name}`?"
        ));
    }
    let looks_like_a_file = word.contains(['.', '/', std::path::MAIN_SEPARATOR]) || word.is_empty();
    (!looks_like_a_file).then(|| {
        let listed = names.iter().map(|n| format!("`{n}`")).collect::<Vec<_>>().join(", ");
        format!(
            "sightline: `{word}` is neither a subcommand nor a file; the subcommands are {listed} \
             (`sightline --help` says what each does)"
        )
    })
}

/// Why a subcommand given after the game's own options (`sightline --seed 1 fov map.ron`) is
/// refused: options before a subcommand are the game's, so clap takes the subcommand's name for
/// the map to play, and the error it gives is about the words after it, or "cannot read" the
/// map `fov`. Said only when no file of that name is there to be played.
fn subcommand_after_options(args: &[OsString]) -> Option<String> {
    let first = args.get(1)?.to_str()?;
    if !first.starts_with('-') {
        return None;
    }
    let mut command = Cli::command();
    command.build();
    // The game's options that take a value as the next word (`--seed 1`, not `--seed=1`).
    let takes_value = |word: &str| {
        command.get_arguments().any(|a| {
            a.get_long().is_some_and(|long| word.strip_prefix("--") == Some(long))
                && a.get_action().takes_values()
        })
    };
    let mut words = args[1..].iter();
    let (mut options, mut word) = (Vec::new(), None);
    while let Some(w) = words.next() {
        let w = w.to_str()?;
        // (help and version are clap's to answer, whatever follows)
        if ["--", "-h", "--help", "-V", "--version"].contains(&w) {
            return None;
        }
        if !w.starts_with('-') || w == "-" {
            word = Some(w);
            break;
        }
        options.push(w.split('=').next().unwrap_or(w));
        if takes_value(w) {
            words.next()?;
        }
    }
    let word = word?;
    let named = command.get_subcommands().any(|c| c.get_name() == word);
    (named && !Path::new(word).exists()).then(|| {
        format!(
            "sightline: the subcommand `{word}` must come first: the options before it ({}) are \
             the game's. `sightline {word} --help` lists {word}'s options.",
            options.iter().map(|o| format!("`{o}`")).collect::<Vec<_>>().join(", ")
        )
    })
}
