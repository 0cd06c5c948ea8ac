//! `sightline [MAP]` and `sightline play`: the game.
//!
//! Everything that can fail before play — a bad map, a map without exactly one player start, a
//! bad save — is reported on stderr with exit code 1 before the terminal is touched.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{SystemTime, UNIX_EPOCH};

use sightline::game::GameState;
use sightline::game::default_map::default_map;
use sightline::game::save;
use sightline::map::format::load_path;
use sightline::map::{shell_word, terminal_text};
use sightline::ui::play::{self, Ended};
use sightline::ui::render::wrap::wrap_words;
use sightline::ui::{App, Theme};

/// The game's options, shared by `sightline [MAP]` and `sightline play [MAP]`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[arg(value_name = "MAP", help = super::map_help!("The map to play", "; the bundled dungeon when omitted"))]
    pub map: Option<PathBuf>,
    /// The random seed: the same seed and the same moves give the same game. Random when
    /// omitted; shown on screen either way.
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = seed)]
    pub seed: Option<u64>,
    /// Where `S` saves [default: the file given to --load, else
    /// $XDG_DATA_HOME/sightline/save.ron, else ~/.local/share/sightline/save.ron].
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
    /// Resume a saved game. When it ends (death or victory), its end is written over FILE:
    /// resuming it again shows the end.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["map", "seed"])]
    pub load: Option<PathBuf>,
}

/// A `--seed`, refused in the words clap gives other ranges in ("-1 is not in 0..=4294967295"
/// for `--radius`): clap's own parser for a `u64` says only "invalid digit found in string",
/// for `-1` as for `abc`.
fn seed(text: &str) -> Result<u64, String> {
    text.parse().map_err(|_| format!("{text} is not a whole number in 0..={}", u64::MAX))
}

pub fn run(args: Args) -> ExitCode {
    let game = match start(&args) {
        Ok(game) => game,
        Err(message) => {
            super::report!("{message}");
            return ExitCode::from(super::INVALID_MAP);
        }
    };
    let save_path = args.save.clone().or_else(|| args.load.clone());
    // Where `S` saves, looked at before play: a file there that is not a save (a map given as
    // `--save`) is refused now, before an hour of play goes into a game that cannot be saved
    // there; another game's save is replaced only once the player says so.
    let target = save_path.clone().map_or_else(|| save::default_path().ok(), Some);
    let mut replaces = None;
    if let Some(target) = &target {
        match save::replaces_save(target) {
            Err(save::SaveError::NotASaveToReplace { path, what }) => {
                super::report!(
                    "sightline: cannot save to {}: {}, and a save replaces only a save: \
                     name another file with --save FILE",
                    super::shown_path(&path),
                    terminal_text(&what)
                );
                return ExitCode::from(super::INVALID_MAP);
            }
            Ok(true) if !args.load.as_ref().is_some_and(|l| save::same_file(l, target)) => {
                replaces = Some(super::shown_path(target));
            }
            // (nothing there, this game's own save, or an error that `S` reports in play)
            _ => {}
        }
    }
    if !std::io::stdout().is_terminal() || !std::io::stdin().is_terminal() {
        super::report!("sightline: the game needs a terminal (stdin and stdout must be a tty)");
        return ExitCode::from(super::USAGE);
    }
    let mut saved_to = None;
    // What became of the end of a resumed game, written over its save as it ended: where, or
    // why not.
    let mut end_written: Option<Result<PathBuf, String>> = None;
    let mut app = App::new(game, Theme::from_env());
    app.replaces = replaces;
    let ended = play::run(
        &mut app,
        |app| {
            let path = match (&app.save_as, &save_path) {
                (Some(p), _) => {
                    // A name typed in play is not asked about again: it does not replace a save
                    // (but this game's own).
                    let own = args.load.as_ref().is_some_and(|l| save::same_file(l, p));
                    if !own && save::replaces_save(p).map_err(|e| e.to_string())? {
                        return Err(format!(
                            "{} holds another saved game, which a save to a name typed in play \
                             does not replace: choose another name",
                            super::shown_path(p)
                        ));
                    }
                    p.clone()
                }
                (None, Some(p)) => p.clone(),
                (None, None) => save::default_path().map_err(|e| e.to_string())?,
            };
            save::save(&app.game, &path).map_err(|e| e.to_string())?;
            saved_to = Some(path);
            Ok(())
        },
        |app| {
            let Some(path) = &args.load else { return Ok(()) };
            let written = write_end(&app.game, path);
            end_written = Some(written.clone().map(|()| path.clone()));
            written.map_err(|why| format!("The end of the game was not written over its save: {why}"))
        },
    );
    // (The game is saved: an stdout that cannot be written loses the reminder, and neither
    // panics nor changes the exit status.)
    let remind = || {
        if let Some(path) = &saved_to {
            let _ = writeln!(
                std::io::stdout(),
                "Game saved to {}.\nResume with: sightline --load {}",
                super::shown_path(path),
                shell_word(&path.display().to_string())
            );
        }
    };
    match ended {
        Ok(Ended::SaveAndQuit) => {
            remind();
            ExitCode::SUCCESS
        }
        Ok(Ended::SavedThenSignal(signal)) => {
            remind();
            super::stopped_by(signal, "sightline", " while saving; the save was finished first")
        }
        Ok(Ended::Quit) => {
            let mut status = ExitCode::SUCCESS;
            if app.game.is_over() {
                let (score, turn, seed) = (app.game.score(), app.game.turn, app.game.seed);
                let score = format!("Score {score} after {turn} turns (seed {seed}).");
                let _ = writeln!(std::io::stdout(), "{}", fitted(&score, std::io::stdout().is_terminal()));
                if !tell_end(&end_written) {
                    status = ExitCode::from(super::INVALID_MAP);
                }
            }
            status
        }
        Ok(Ended::Signal(signal)) if app.game.is_over() => {
            tell_end(&end_written);
            super::stopped_by(signal, "sightline", "; the game had ended")
        }
        Ok(Ended::Signal(signal)) => super::stopped_by(signal, "sightline", "; the game was not saved"),
        Err(e) => {
            super::report!("sightline: terminal error: {e}");
            ExitCode::from(super::INVALID_MAP)
        }
    }
}

/// Writes `game`, resumed from the save at `path` and just ended, back over that save; or why
/// it could not. The save held the game in progress: left as it was, it would let the player
/// resume from before the death (or the win) and play the end again, where a roguelike's death
/// is final. Resumed afterwards, the save shows the end screen.
fn write_end(game: &GameState, path: &Path) -> Result<(), String> {
    save::save(game, path).map_err(|e| terminal_text(&e.to_string()).into_owned())
}

/// Says, once the terminal is back, what became of the end of a resumed game ([`write_end`]),
/// if it was written or tried: on stdout where it went, or on stderr why it could not be (the
/// save then still holds the game before its end). False when it could not.
fn tell_end(written: &Option<Result<PathBuf, String>>) -> bool {
    match written {
        None => true,
        Some(Ok(path)) => {
            let told = format!(
                "The game is over: {} now holds its end; resumed, it shows the end screen.",
                super::shown_path(path)
            );
            let _ = writeln!(std::io::stdout(), "{}", fitted(&told, std::io::stdout().is_terminal()));
            true
        }
        Some(Err(why)) => {
            let told = format!(
                "sightline: the end of the game was not written over its save: {why}\n\
                 Resuming that save resumes the game from before its end."
            );
            super::report!("{}", fitted(&told, std::io::stderr().is_terminal()));
            false
        }
    }
}

/// `text`, said once the game has given the terminal back, broken at spaces to the terminal's
/// width ([`wrap_words`]) when `to_terminal` (the stream it goes to is one): a line longer than
/// the terminal is wide is otherwise broken by the terminal wherever it reaches the edge,
/// mid-word (QA, at 80 columns: "…it shows the end sc" / "reen."). As it is for a file or a
/// pipe, and where the terminal's width cannot be read.
fn fitted(text: &str, to_terminal: bool) -> String {
    match crossterm::terminal::size() {
        Ok((columns, _)) if to_terminal => wrap_words(text, usize::from(columns)),
        _ => text.to_string(),
    }
}

/// The game to play: a loaded save, or a new game on the map given (or the default map).
fn start(args: &Args) -> Result<GameState, String> {
    if let Some(path) = &args.load {
        // (one line: the save's name is shown as names are, a newline in it included)
        return save::load(path).map_err(|e| match e {
            save::SaveError::Map { .. } => format!(
                "sightline: cannot resume: {}: play it with `sightline {}`",
                terminal_text(&e.to_string()),
                shell_word(&path.display().to_string())
            ),
            e => format!("sightline: cannot resume: {}", terminal_text(&e.to_string())),
        });
    }
    let map = match &args.map {
        Some(path) => load_path(path).map_err(|e| e.to_string())?,
        None => default_map().map_err(|e| e.to_string())?,
    };
    map.check_playable(&origin(args.map.as_deref())).map_err(|e| e.to_string())?;
    let seed = args.seed.unwrap_or_else(clock_seed);
    let shown = args.map.as_deref().map_or_else(|| "the default map".to_string(), super::shown_path);
    GameState::new(map, seed).map_err(|e| format!("sightline: {shown}: {e}"))
}

fn origin(map: Option<&Path>) -> String {
    map.map_or_else(|| "the default map".to_string(), |p| p.display().to_string())
}

/// A seed from the clock, for games started without `--seed`.
fn clock_seed() -> u64 {
    let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    (nanos as u64) % 1_000_000
}
