//! The interface's state machine over one game: which screen is up, the look cursor, the door
//! prompt. It changes the game only by sending it actions.

use std::path::PathBuf;

use crate::game::{Action, Dir, GameState, Outcome};
use crate::geometry::Pos;
use crate::map::Tile;

use ratatui::layout::{Rect, Size};

use super::render;
use super::targeting;
use super::theme::Theme;

/// The screen the player is on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The map, the panel and the log; keys play.
    Normal,
    /// The list of keys; `scroll` rows down from its top.
    Help {
        /// 0 shows the top; never past the last page (see [`crate::ui::render::help::max_scroll`]).
        scroll: usize,
    },
    /// A cursor over the map describing what is (or was) there.
    Look {
        /// The cell described; it starts on the player and stays on the map.
        cursor: Pos,
    },
    /// Aiming an arrow at `cursor`: the path is previewed; Enter fires.
    Target {
        /// The cell aimed at; it stays on the map and may be out of view.
        cursor: Pos,
    },
    /// The whole message log; `scroll` screen rows up from the newest (a message that wraps
    /// takes several).
    History {
        /// 0 shows the newest message on the last row; never past the oldest page (see
        /// [`crate::ui::render::log::history_scroll_within`]).
        scroll: usize,
    },
    /// "Quit without saving?"
    ConfirmQuit,
    /// "Replace the save of another game?", asked on `S` when the file it saves to holds one
    /// (see [`App::replaces`]).
    ConfirmReplace,
    /// Typing the name of another file to save to (`W`): Enter saves there and quits.
    SaveAs {
        /// The name typed so far.
        name: String,
    },
    /// Waiting for the direction of a door to open (`open`) or close.
    DoorPrompt {
        /// True when opening, false when closing.
        open: bool,
    },
    /// The player escaped.
    Victory,
    /// The player died.
    Death,
}

/// What a key asks for; which ones apply depends on the mode.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// A movement key: step (or attack, or open a door), or move a cursor, or answer the door
    /// prompt, or scroll the help and the history (north and south).
    Move(Dir),
    /// Let a turn pass.
    Wait,
    /// `R`: rest, letting turns pass until healed or disturbed.
    Rest,
    /// `o`: open the adjacent closed door, asking which when there are several.
    Open,
    /// `c`: close the adjacent open door, asking which when there are several.
    Close,
    /// Pick up what lies on the player's cell.
    PickUp,
    /// Drink a healing potion.
    Quaff,
    /// `>`: leave by the exit the player stands on.
    TakeExit,
    /// `?`: open (or close) the help screen.
    Help,
    /// `x`: enter (or leave) look mode.
    Look,
    /// `f`: aim (in targeting: fire).
    Fire,
    /// Tab: the next monster in view by distance.
    NextTarget,
    /// Shift-Tab: the previous one.
    PrevTarget,
    /// Enter: fire at the cursor.
    Confirm,
    /// `m`: open (or close) the message history.
    History,
    /// `q`: ask to quit without saving; in a screen or prompt, leave it; on an end screen, leave
    /// the game.
    Quit,
    /// `S`: save and quit, in play or from the quit question; the app only reports it, the event
    /// loop saves.
    SaveQuit,
    /// `W`: save to another file, whose name the player types, and quit.
    SaveAs,
    /// A character typed at the save-as prompt.
    Type(char),
    /// Backspace at the save-as prompt.
    Erase,
    /// Ctrl-U at the save-as prompt: erases the whole name.
    EraseAll,
    /// Answer yes to the quit question; on an end screen, leave.
    Yes,
    /// Escape, or no: leave the current screen or prompt.
    Back,
    /// Help and history: one row up (in the history, older).
    ScrollUp,
    /// Help and history: one row down (newer).
    ScrollDown,
    /// Help and history: a page up (the rows shown, less one kept in view).
    PageUp,
    /// Help and history: a page down.
    PageDown,
    /// Home: the help's first page, the history's oldest.
    Home,
    /// End: the help's last page, the history's newest (where it opens).
    End,
    /// Ctrl-C: leave at once, without saving.
    Interrupt,
}

/// What the event loop does after a command.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Draw the next frame and read the next key.
    Continue,
    /// Leave without saving (a confirmed quit, Ctrl-C, or a key on the end screens).
    Quit,
    /// Save [`App::game`] (to [`App::save_as`] if the player named a file, else where the game
    /// saves), then leave; if saving fails the loop shows why and goes on.
    SaveAndQuit,
}

/// The interface's state: the game, the current screen, and a notice for what is said once and
/// not kept (prompts, hints, why a save failed).
///
/// Keys become [`Command`]s through [`crate::ui::input::command`]; [`App::handle`] applies them;
/// [`crate::ui::render`] draws the result into any ratatui buffer, so the whole interface runs
/// without a terminal:
///
/// ```
/// use crossterm::event::{KeyCode, KeyEvent};
/// use ratatui::{Terminal, backend::TestBackend};
/// use sightline::game::{GameState, Outcome};
/// use sightline::geometry::Pos;
/// use sightline::map::format::parse_text;
/// use sightline::ui::app::Flow;
/// use sightline::ui::{App, Mode, Theme, input, render};
///
/// let map = parse_text("######\n#@..>#\n######\n", "hall.txt")?;
/// let mut app = App::new(GameState::new(map, 1)?, Theme::monochrome());
/// let mut press = |app: &mut App, code: KeyCode| {
///     let cmd = input::command(KeyEvent::from(code), &app.mode).expect("a bound key");
///     app.handle(cmd)
/// };
///
/// press(&mut app, KeyCode::Char('?'));
/// assert_eq!(app.mode, Mode::Help { scroll: 0 });
/// press(&mut app, KeyCode::Esc);
/// assert_eq!(app.mode, Mode::Normal);
///
/// for _ in 0..3 {
///     press(&mut app, KeyCode::Right);
/// }
/// assert_eq!(app.game.player.pos, Pos::new(4, 1));
/// assert_eq!(press(&mut app, KeyCode::Char('>')), Flow::Continue);
/// assert_eq!(app.game.outcome, Outcome::Won);
/// assert_eq!(app.mode, Mode::Victory);
///
/// let mut terminal = Terminal::new(TestBackend::new(80, 24))?;
/// terminal.draw(|frame| render::draw(frame, &app))?;
/// let screen: String = terminal.backend().buffer().content().iter().map(|c| c.symbol()).collect();
/// assert!(screen.contains("You escaped the dungeon!"));
///
/// // On the end screen Enter leaves.
/// assert_eq!(press(&mut app, KeyCode::Enter), Flow::Quit);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct App {
    /// The game played; the app changes it only through [`GameState::act`] (what became of a
    /// command, a refusal included, is the game's to say and to log).
    pub game: GameState,
    /// The screen up now. It is [`Mode::Victory`] or [`Mode::Death`] as soon as the game ends
    /// (and from the start, for a loaded game that has ended).
    pub mode: Mode,
    /// The styles everything is drawn with.
    pub theme: Theme,
    /// A one-line notice, drawn in the message area on the line after the newest message;
    /// cleared by the next command.
    pub notice: Option<String>,
    /// The monster last shot at, where the next aim starts if it is still in view.
    pub last_target: Option<u32>,
    /// The terminal's size, which the help and the history scroll within: scrolling stops where
    /// the last line of the help, or the oldest message, reaches the edge of the screen, so
    /// every step changes what is shown. The event loop sets it before each command; until then
    /// it is 0 × 0, read as one row of unwrapped lines (everything reachable, if by more steps).
    pub screen: Size,
    /// The name of the file `S` saves to, as shown, when it holds the save of another game (one
    /// this session did not load): `S` then asks before replacing it. Set by the caller, which
    /// knows where saves go; `None` (the default) saves without asking.
    pub replaces: Option<String>,
    /// The file the player named at the save-as prompt (`W`), where the save that prompt asks
    /// for goes. After that save failed it is kept, for the prompt to offer again, until `S`,
    /// which saves where it always does.
    pub save_as: Option<PathBuf>,
}

impl App {
    /// The interface over `game`, on its end screen if the game is over, else on the map.
    pub fn new(game: GameState, theme: Theme) -> Self {
        let mode = end_mode(&game).unwrap_or(Mode::Normal);
        App {
            game,
            mode,
            theme,
            notice: None,
            last_target: None,
            screen: Size::ZERO,
            replaces: None,
            save_as: None,
        }
    }

    /// Applies one command in the current mode: plays the action it stands for, or changes the
    /// screen, cursor or prompt, and says whether the event loop goes on. Commands that mean
    /// nothing in the mode are ignored (the door prompt repeats its question).
    pub fn handle(&mut self, cmd: Command) -> Flow {
        if cmd == Command::Interrupt {
            return Flow::Quit;
        }
        self.notice = None;
        match self.mode.clone() {
            Mode::Normal => return self.normal(cmd),
            Mode::Help { scroll } => {
                if matches!(cmd, Command::Back | Command::Help | Command::Quit) {
                    self.mode = Mode::Normal;
                } else {
                    let max = render::help::max_scroll(self.screen_area());
                    let page = self.page();
                    self.mode = Mode::Help { scroll: scrolled(scroll.min(max), cmd, false, page).min(max) };
                }
            }
            Mode::Look { cursor } => match cmd {
                Command::Move(dir) => {
                    let next = cursor + dir.delta();
                    if self.game.map.contains(next) {
                        self.mode = Mode::Look { cursor: next };
                    }
                }
                Command::Back | Command::Look | Command::Quit => self.mode = Mode::Normal,
                _ => {}
            },
            Mode::Target { cursor } => self.target(cursor, cmd),
            Mode::History { scroll } => {
                if matches!(cmd, Command::Back | Command::History | Command::Quit) {
                    // Back to the end screen if the game is over.
                    self.mode = end_mode(&self.game).unwrap_or(Mode::Normal);
                } else {
                    // (clamped first: after the screen grew, a scroll past the new oldest page
                    // would take steps that change nothing on screen)
                    let within = |s| render::log::history_scroll_within(&self.game, self.screen_area(), s);
                    let page = self.page();
                    self.mode = Mode::History { scroll: within(scrolled(within(scroll), cmd, true, page)) };
                }
            }
            Mode::ConfirmQuit => match cmd {
                Command::Yes => return Flow::Quit,
                Command::Back | Command::Quit => self.mode = Mode::Normal,
                // As `S` and `W` in play: if saving fails, the notice saying why is shown on
                // the game.
                Command::SaveQuit => return self.save_quit(),
                Command::SaveAs => self.save_as_prompt(),
                _ => {}
            },
            Mode::ConfirmReplace => match cmd {
                Command::Yes => {
                    self.mode = Mode::Normal;
                    self.save_as = None;
                    return Flow::SaveAndQuit;
                }
                Command::SaveAs => self.save_as_prompt(),
                Command::Back | Command::Quit => self.mode = Mode::Normal,
                _ => {}
            },
            Mode::SaveAs { mut name } => match cmd {
                Command::Type(c) => {
                    name.push(c);
                    self.mode = Mode::SaveAs { name };
                }
                Command::Erase => {
                    name.pop();
                    self.mode = Mode::SaveAs { name };
                }
                Command::Confirm if name.trim().is_empty() => {
                    self.notice = Some("Type the name of the file to save to (Esc cancels).".into());
                }
                Command::Confirm => match typed_path(&name, std::env::var_os("HOME")) {
                    Ok(path) => {
                        self.save_as = Some(path);
                        self.mode = Mode::Normal;
                        return Flow::SaveAndQuit;
                    }
                    Err(why) => {
                        self.notice = Some(why);
                        self.mode = Mode::SaveAs { name };
                    }
                },
                Command::EraseAll => self.mode = Mode::SaveAs { name: String::new() },
                Command::Back => self.mode = Mode::Normal,
                _ => {}
            },
            Mode::DoorPrompt { open } => match cmd {
                Command::Move(dir) => {
                    self.mode = Mode::Normal;
                    self.play(if open { Action::Open(dir) } else { Action::Close(dir) });
                }
                Command::Back | Command::Quit => self.mode = Mode::Normal,
                _ => self.notice = Some(door_question(open).into()),
            },
            Mode::Victory | Mode::Death => {
                if matches!(cmd, Command::Back | Command::Quit | Command::Yes) {
                    return Flow::Quit;
                }
                if cmd == Command::History {
                    self.mode = Mode::History { scroll: 0 };
                }
            }
        }
        Flow::Continue
    }

    fn normal(&mut self, cmd: Command) -> Flow {
        match cmd {
            Command::Move(dir) => self.play(Action::Move(dir)),
            Command::Wait => self.play(Action::Wait),
            Command::Rest => self.rest(),
            Command::PickUp => self.play(Action::PickUp),
            Command::Quaff => self.play(Action::Quaff),
            Command::TakeExit => self.play(Action::TakeExit),
            Command::Open | Command::Close => self.door(cmd == Command::Open),
            Command::Help => self.mode = Mode::Help { scroll: 0 },
            Command::Look => self.mode = Mode::Look { cursor: self.game.player.pos },
            // (what became of a command is the game's to say, and to log, so the history keeps
            // it: with no arrows, the game refuses to shoot, at whatever; prompts and hints are
            // notices, shown once)
            Command::Fire if self.game.player.arrows == 0 => {
                self.play(Action::Fire { target: self.game.player.pos });
            }
            Command::Fire => {
                let cursor = targeting::start(&self.game, self.last_target);
                if cursor == self.game.player.pos {
                    // (with the keys the aiming hint gives, which this notice stands in for)
                    self.notice =
                        Some(format!("No monster in view: move the cursor to aim; {}", render::AIM_KEYS));
                }
                self.mode = Mode::Target { cursor };
            }
            Command::History => self.mode = Mode::History { scroll: 0 },
            Command::Quit => self.mode = Mode::ConfirmQuit,
            Command::SaveQuit => return self.save_quit(),
            Command::SaveAs => self.save_as_prompt(),
            _ => {}
        }
        Flow::Continue
    }

    /// `R`: lets turns pass, each a [`Action::Wait`], until the player is at full health, or
    /// until something disturbs the rest: a monster in view (none may be in view to start), a
    /// hit point lost, the game's end, or [`REST_TURNS`] turns. Says how it went in a notice
    /// (what happened meanwhile is in the log, as for any turn).
    fn rest(&mut self) {
        let game = &self.game;
        if !game.visible_monsters().is_empty() {
            self.notice = Some("You cannot rest with a monster in view.".into());
            return;
        }
        if game.player.hp >= game.player.max_hp {
            self.notice = Some("You are already at full health.".into());
            return;
        }
        let mut turns = 0;
        let why = loop {
            let hp = self.game.player.hp;
            self.play(Action::Wait);
            turns += 1;
            let game = &self.game;
            if game.is_over() {
                break None;
            } else if game.player.hp < hp {
                break Some("you are hurt");
            } else if !game.visible_monsters().is_empty() {
                break Some("a monster comes into view");
            } else if game.player.hp >= game.player.max_hp {
                break Some("you are at full health");
            } else if turns == REST_TURNS {
                break Some("you are rested enough for now");
            }
        };
        if let Some(why) = why {
            let s = if turns == 1 { "" } else { "s" };
            self.notice = Some(format!("You rest {turns} turn{s}: {why}."));
        }
    }

    /// `S`: saves and quits, after asking when the save would replace another game's.
    fn save_quit(&mut self) -> Flow {
        if self.replaces.is_some() {
            self.mode = Mode::ConfirmReplace;
            return Flow::Continue;
        }
        self.mode = Mode::Normal;
        self.save_as = None;
        Flow::SaveAndQuit
    }

    /// `W`: the save-as prompt, with the name typed last time (after a save there failed) to
    /// correct.
    fn save_as_prompt(&mut self) {
        let name = self.save_as.as_ref().map(|p| p.display().to_string()).unwrap_or_default();
        self.mode = Mode::SaveAs { name };
    }

    /// Targeting: the cursor moves freely or jumps between monsters in view; Enter (or `f`)
    /// fires along the previewed path.
    fn target(&mut self, cursor: Pos, cmd: Command) {
        let cursor = match cmd {
            Command::Move(dir) => {
                let next = cursor + dir.delta();
                if self.game.map.contains(next) { next } else { cursor }
            }
            Command::NextTarget => targeting::cycle(&self.game, cursor, true),
            Command::PrevTarget => targeting::cycle(&self.game, cursor, false),
            Command::Confirm | Command::Fire => {
                if cursor == self.game.player.pos {
                    self.notice = Some(format!("Move the cursor to aim; {}", render::AIM_KEYS));
                    return;
                }
                self.last_target =
                    self.game.monster_at(cursor).filter(|_| self.game.is_visible(cursor)).map(|m| m.id);
                self.mode = Mode::Normal;
                self.play(Action::Fire { target: cursor });
                return;
            }
            Command::Back | Command::Quit => {
                self.mode = Mode::Normal;
                return;
            }
            _ => cursor,
        };
        self.mode = Mode::Target { cursor };
    }

    /// `o` / `c`: asks for a direction when several doors fit; else the game acts on the only
    /// one, or says there is none.
    fn door(&mut self, open: bool) {
        let want = if open { Tile::DoorClosed } else { Tile::DoorOpen };
        let here = self.game.player.pos;
        let fits = Dir::ALL.into_iter().filter(|d| self.game.map.tile(here + d.delta()) == want).count();
        if fits > 1 {
            self.mode = Mode::DoorPrompt { open };
            self.notice = Some(door_question(open).into());
        } else {
            self.play(if open { Action::OpenDoor } else { Action::CloseDoor });
        }
    }

    /// Tells the player that `S` could not save, and why (`message`, from the event loop's
    /// save): as a notice, shown whole with its reason at the end, which the message area keeps
    /// for a notice and not for a message.
    pub fn save_failed(&mut self, message: &str) {
        // (where the message already says to save to another file, only the key is added)
        let hint =
            if message.ends_with("save to another file") { " (W)" } else { " (W saves to another file)" };
        self.notice = Some(format!("Could not save: {message}{hint}"));
    }

    /// The rows PgUp and PgDn move the help and the history: the rows they show (the screen's,
    /// inside a border), less one kept in view for context; ten before the event loop has said
    /// how big the screen is. (QA: ten rows a page, with 22 on screen, read as a page lost.)
    fn page(&self) -> usize {
        match self.screen.height {
            0 => 10,
            h => usize::from(h.saturating_sub(3)).max(1),
        }
    }

    /// [`App::screen`] as the area the screens are drawn in.
    fn screen_area(&self) -> Rect {
        Rect::new(0, 0, self.screen.width, self.screen.height)
    }

    fn play(&mut self, action: Action) {
        self.game.act(action);
        if let Some(mode) = end_mode(&self.game) {
            self.mode = mode;
        }
    }
}

/// `scroll` after a scrolling command: rows counted up from the bottom when `up_grows` (the
/// history), down from the top otherwise (the help). Home and End go to the top and the bottom
/// (the largest scroll is `usize::MAX`, which the caller cuts to the last page); PgUp and PgDn
/// move `page` rows. Other commands leave it.
fn scrolled(scroll: usize, cmd: Command, up_grows: bool, page: usize) -> usize {
    match cmd {
        Command::Home => return if up_grows { usize::MAX } else { 0 },
        Command::End => return if up_grows { 0 } else { usize::MAX },
        _ => {}
    }
    let page = isize::try_from(page).unwrap_or(isize::MAX);
    let step: isize = match cmd {
        Command::ScrollUp | Command::Move(Dir::N) => -1,
        Command::ScrollDown | Command::Move(Dir::S) => 1,
        Command::PageUp => -page,
        Command::PageDown => page,
        _ => 0,
    };
    let step = if up_grows { -step } else { step };
    scroll.saturating_add_signed(step)
}

/// The most turns one `R` rests (so that a rest that nothing ends still ends: a player who
/// cannot heal, say).
pub const REST_TURNS: u32 = 200;

/// The file a name typed at the save-as prompt names: as typed (relative to the current
/// directory, as on a command line), but for `~` and a leading `~/`, the home directory `home`
/// as a shell would expand it; and why not, when the name asks for a home that is not an
/// absolute path (unset, empty, relative), rather than making a directory named `~` (QA).
fn typed_path(name: &str, home: Option<std::ffi::OsString>) -> Result<PathBuf, String> {
    let name = name.trim();
    let rest = match name.strip_prefix('~') {
        Some("") => "",
        Some(rest) if rest.starts_with('/') => rest.trim_start_matches('/'),
        _ => return Ok(PathBuf::from(name)),
    };
    match home.map(PathBuf::from).filter(|h| h.is_absolute()) {
        Some(home) => Ok(home.join(rest)),
        None => Err("~ is the home directory, and HOME is not set to an absolute path: type the \
                     whole path (Esc cancels)."
            .into()),
    }
}

fn door_question(open: bool) -> &'static str {
    if open {
        "Open which door? (direction, Esc to cancel)"
    } else {
        "Close which door? (direction, Esc to cancel)"
    }
}

fn end_mode(game: &GameState) -> Option<Mode> {
    match game.outcome {
        Outcome::Playing => None,
        Outcome::Won => Some(Mode::Victory),
        Outcome::Dead { .. } => Some(Mode::Death),
    }
}

#[cfg(test)]
mod tests {
    use super::typed_path;
    use std::path::PathBuf;

    #[test]
    fn a_typed_name_is_a_path_with_the_home_directory_expanded() {
        let home = Some("/home/me".into());
        let ok = |name: &str, home: Option<std::ffi::OsString>| typed_path(name, home).unwrap();
        assert_eq!(ok("~/saves/run.ron", home.clone()), PathBuf::from("/home/me/saves/run.ron"));
        assert_eq!(
            ok("  run.ron ", home.clone()),
            PathBuf::from("run.ron"),
            "spaces around it are not part of it"
        );
        assert_eq!(ok("a~/b", home.clone()), PathBuf::from("a~/b"));
        assert_eq!(ok("~", home.clone()), PathBuf::from("/home/me"));
        assert_eq!(ok("~other/x", home), PathBuf::from("~other/x"), "another user's ~ is not expanded");
        // QA: with no usable home, `~/x.ron` made a directory named `~` in the current one
        for home in [None, Some("".into()), Some("relhome".into())] {
            let err = typed_path("~/x.ron", home.clone()).unwrap_err();
            assert!(err.contains("HOME is not set to an absolute path"), "{home:?}: {err}");
        }
    }
}
