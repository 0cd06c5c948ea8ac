//! The real terminal: set-up, the event loop, and restoring the terminal on every way out.
//!
//! Ways out and how each restores: a normal return and an error both pass through
//! [`ratatui::restore`]; a panic goes through the hook [`init`] installs (it restores, then runs
//! the previous hook, so the panic message lands on a sane terminal); an allocation the
//! terminal's size would make too large never happens (the size is capped: [`super::capped`]); SIGTERM, SIGHUP,
//! SIGINT and SIGQUIT set a flag the loop polls between key events, so the loop ends normally
//! and reports the signal; Ctrl-C arrives as a key in raw mode and quits (so SIGINT comes only
//! from outside: `kill -INT`).
//!
//! Job control is not a way out: SIGTSTP (`kill -TSTP`, or Ctrl-Z, which raw mode delivers as a
//! key) hands the terminal back — main screen, cooked mode, cursor shown — and stops the process;
//! when the shell continues it (`fg`), the game or the lab takes the terminal again and redraws
//! all of it. SIGCONT after a SIGSTOP from outside (which no process can catch) takes the terminal
//! again too, since the shell may have changed its modes meanwhile. The stop is SIGTSTP's own,
//! sent to the whole job, so a process that no job-control shell could continue (its process
//! group orphaned) does not stop, as the kernel decides: nothing could ever resume it.
//!
//! One more way out needs a watchdog ([`StopSignals`]): when the terminal itself goes away (its
//! window closed, the SSH connection dropped), the kernel sends SIGHUP, but crossterm 0.29's
//! `event::poll` can spin inside itself on the dead terminal and never return to the loop that
//! would notice the flag. If the loop has not ended a second after the signal, the watchdog
//! restores what it can and exits with the signal's status, so sightline never lingers as an
//! orphan burning a core. A save being written holds it off: a signal during a save lets the
//! save finish, then ends the session on the signal, reported as such.
//!
//! Test hook: in debug builds only, `SIGHTLINE_TEST_PANIC=1` in the environment makes the first
//! key pressed panic, so the end-to-end tests can check that a panic restores the terminal.
//! Release builds ignore the variable.

use std::io::{self, Stdout, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use crossterm::event::{self, Event};
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;

use super::app::{App, Command, Flow};
use super::capped::Capped;
use super::input::command;
use super::render;

/// How the session ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ended {
    /// The player quit (or the game is over and they left the end screen).
    Quit,
    /// The player asked to save and quit; the caller saves `App::game`.
    SaveAndQuit,
    /// A signal (its number) asked us to stop.
    Signal(i32),
    /// The player asked to save and quit, and a signal (its number) came while the caller
    /// saved: the save is done, and the session ends on the signal.
    SavedThenSignal(i32),
}

/// How often the loop wakes without input to check for signals.
const POLL: Duration = Duration::from_millis(100);

/// How long the watchdog lets the loop take to end after a signal before it ends the process.
const GRACE: Duration = Duration::from_secs(1);

/// The signals that end a session cleanly: each would otherwise end the process with the
/// terminal left in raw mode on the alternate screen.
pub const STOP_SIGNALS: [i32; 4] = [
    signal_hook::consts::SIGTERM,
    signal_hook::consts::SIGHUP,
    signal_hook::consts::SIGINT,
    signal_hook::consts::SIGQUIT,
];

/// [`STOP_SIGNALS`], watched for an event loop: the loop asks [`StopSignals::signal`] between
/// key events and ends itself; a watchdog thread ends the process if the loop cannot (see the
/// module docs). Dropping the watcher tells the watchdog the loop has ended. It also watches
/// SIGTSTP and SIGCONT, which the loop hands to [`StopSignals::job_control`].
pub struct StopSignals {
    signal: Arc<AtomicUsize>,
    done: Arc<AtomicBool>,
    /// A save is being written ([`StopSignals::while_saving`]): the watchdog waits for it.
    saving: Arc<AtomicBool>,
    /// SIGTSTP arrived and the loop has not yet suspended for it.
    suspend: Arc<AtomicBool>,
    /// SIGCONT arrived and the loop has not yet taken the terminal again.
    continued: Arc<AtomicBool>,
}

impl StopSignals {
    /// Registers the handlers and starts the watchdog.
    pub fn watch() -> io::Result<StopSignals> {
        let signal = Arc::new(AtomicUsize::new(0));
        for sig in STOP_SIGNALS {
            signal_hook::flag::register_usize(sig, Arc::clone(&signal), sig as usize)?;
        }
        let (suspend, continued) = (Arc::new(AtomicBool::new(false)), Arc::new(AtomicBool::new(false)));
        signal_hook::flag::register(signal_hook::consts::SIGTSTP, Arc::clone(&suspend))?;
        signal_hook::flag::register(signal_hook::consts::SIGCONT, Arc::clone(&continued))?;
        let (done, saving) = (Arc::new(AtomicBool::new(false)), Arc::new(AtomicBool::new(false)));
        let (watched, finished, busy) = (Arc::clone(&signal), Arc::clone(&done), Arc::clone(&saving));
        thread::Builder::new().name("signal watchdog".into()).spawn(move || {
            loop {
                thread::sleep(Duration::from_millis(50));
                if finished.load(Ordering::Relaxed) {
                    return;
                }
                let sig = watched.load(Ordering::Relaxed);
                if sig == 0 {
                    continue;
                }
                // (A save being written is not a stuck loop: cutting it off would lose it.)
                let deadline = Instant::now() + GRACE;
                while Instant::now() < deadline || busy.load(Ordering::Relaxed) {
                    if finished.load(Ordering::Relaxed) {
                        return;
                    }
                    thread::sleep(Duration::from_millis(20));
                }
                // The loop is stuck (on a terminal that has gone away): restore what can be
                // restored and leave with the shell's status for "killed by signal N".
                ratatui::restore();
                let _ = writeln!(io::stderr(), "sightline: stopped by signal {sig}; nothing was saved");
                std::process::exit(128 + sig as i32);
            }
        })?;
        Ok(StopSignals { signal, done, saving, suspend, continued })
    }

    /// Acts on SIGTSTP and SIGCONT (see the module docs): suspends if asked, takes the terminal
    /// again after being continued. Returns whether the screen must be drawn again (it has been
    /// cleared, and the next frame writes every cell). Call it before asking for
    /// [`StopSignals::signal`]: a hang-up that came while stopped (a closed terminal sends SIGHUP,
    /// then SIGCONT) leaves the terminal alone, for the loop to end on the signal.
    pub fn job_control(&self, terminal: &mut Screen) -> io::Result<bool> {
        let mut retake = false;
        if self.suspend.swap(false, Ordering::Relaxed) {
            ratatui::restore();
            crossterm::execute!(io::stdout(), crossterm::cursor::Show)?;
            stop_the_job()?;
            // Continued, or never stopped (no shell could have continued it): either way the
            // terminal was handed back, and is taken again below.
            retake = true;
        }
        retake |= self.continued.swap(false, Ordering::Relaxed);
        if !retake || self.signal().is_some() {
            return Ok(false);
        }
        // crossterm skips enabling raw mode when it believes it on, as it does after a SIGSTOP
        // from outside: setting the original modes first makes it set raw mode again.
        crossterm::terminal::disable_raw_mode()?;
        crossterm::terminal::enable_raw_mode()?;
        let clear = crossterm::terminal::Clear(crossterm::terminal::ClearType::All);
        crossterm::execute!(io::stdout(), crossterm::terminal::EnterAlternateScreen, clear)?;
        // The next frame is drawn against a blank one, so every cell is written again.
        // (Not `Terminal::clear`: it asks the terminal where its cursor is, and fails after a
        // wait on a terminal that does not answer.)
        terminal.swap_buffers();
        Ok(true)
    }

    /// Asks for a suspension as SIGTSTP does: what Ctrl-Z, read as a key in raw mode, calls.
    pub fn ask_suspend(&self) {
        self.suspend.store(true, Ordering::Relaxed);
    }

    /// Runs `save` with the watchdog held off: a stop signal that comes meanwhile lets the save
    /// finish, however long it takes, and the loop then ends on the signal (a loop stuck in the
    /// terminal library is not writing a save).
    pub fn while_saving<T>(&self, save: impl FnOnce() -> T) -> T {
        self.saving.store(true, Ordering::Relaxed);
        let out = save();
        self.saving.store(false, Ordering::Relaxed);
        out
    }

    /// The signal that asked the loop to stop, if one has.
    pub fn signal(&self) -> Option<i32> {
        match self.signal.load(Ordering::Relaxed) {
            0 => None,
            sig => Some(sig as i32),
        }
    }

    /// Test hook, debug builds only: with `SIGHTLINE_TEST_IGNORE_SIGNALS=1` the game's loop does
    /// not look at the flag (the lab's always does), as if stuck in the terminal library, so an end-to-end test can prove
    /// the watchdog ends the process. Release builds ignore the variable.
    pub fn ignored_for_tests() -> bool {
        cfg!(debug_assertions) && std::env::var_os("SIGHTLINE_TEST_IGNORE_SIGNALS").is_some_and(|v| v == "1")
    }
}

impl Drop for StopSignals {
    fn drop(&mut self) {
        self.done.store(true, Ordering::Relaxed);
    }
}

/// Stops the whole job, as SIGTSTP's default action does when the terminal sends it: SIGTSTP,
/// with its default action for the moment, to every process of this process group (a wrapper
/// such as `cargo run` or `sh -c` stops too, so the shell gets the terminal back). Returns once
/// continued. Where no job-control shell could continue the job (its process group orphaned:
/// started with `setsid`, or its shell gone), the kernel drops the signal and this returns at
/// once. (The signal goes to the calling thread, which takes it before `kill` returns.)
fn stop_the_job() -> io::Result<()> {
    // SAFETY: `sigaction` swaps this signal's action and puts the saved one (signal-hook's
    // handler) back; `kill` only sends a signal. The structs are plain data, zeroed, then set.
    unsafe {
        let mut default: libc::sigaction = std::mem::zeroed();
        default.sa_sigaction = libc::SIG_DFL;
        libc::sigemptyset(&mut default.sa_mask);
        let mut ours: libc::sigaction = std::mem::zeroed();
        if libc::sigaction(libc::SIGTSTP, &default, &mut ours) != 0 {
            return Err(io::Error::last_os_error());
        }
        let sent = libc::kill(0, libc::SIGTSTP);
        let error = io::Error::last_os_error();
        libc::sigaction(libc::SIGTSTP, &ours, std::ptr::null_mut());
        if sent != 0 {
            return Err(error);
        }
    }
    Ok(())
}

/// Whether `key` is Ctrl-Z, which in cooked mode the terminal turns into SIGTSTP.
fn is_suspend_key(key: &crossterm::event::KeyEvent) -> bool {
    key.modifiers.contains(crossterm::event::KeyModifiers::CONTROL)
        && matches!(key.code, crossterm::event::KeyCode::Char('z' | 'Z'))
}

/// The terminal the game and the lab draw on: crossterm's, with its size capped (see
/// [`Capped`]).
pub type Screen = Terminal<Capped<CrosstermBackend<Stdout>>>;

/// Takes the terminal over (raw mode, the alternate screen, the panic hook that restores it)
/// for the game and the lab alike; if set-up fails part way, undoes what it did (raw mode, say)
/// before returning the error. What [`ratatui::try_init`] does, but with the [`Capped`] backend:
/// `try_init`'s own terminal takes the terminal's size as it is, and a hostile one aborts the
/// process as it allocates its screen buffers (see [`super::capped`]).
pub fn init() -> io::Result<Screen> {
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        ratatui::restore();
        hook(info);
    }));
    (|| {
        crossterm::terminal::enable_raw_mode()?;
        crossterm::execute!(io::stdout(), crossterm::terminal::EnterAlternateScreen)?;
        Terminal::new(Capped(CrosstermBackend::new(io::stdout())))
    })()
    .inspect_err(|_| ratatui::restore())
}

/// What the event loops of the game and the lab wait for: a key, a reason to draw again, or a
/// signal that ends the session.
pub enum Waited {
    /// A key pressed (other than Ctrl-Z, which suspends here).
    Key(crossterm::event::KeyEvent),
    /// The screen must be drawn (again): back from a suspension, or a resize or other event.
    Redraw,
    /// A stop signal ended the session.
    Signal(i32),
}

/// Waits for the next thing an event loop acts on, handling job control on the way (see the
/// module docs): the one wait the game and the lab share. `ignore_signals` is the game's test
/// hook ([`StopSignals::ignored_for_tests`]).
pub fn wait(stop: &StopSignals, terminal: &mut Screen, ignore_signals: bool) -> io::Result<Waited> {
    loop {
        if stop.job_control(terminal)? {
            return Ok(Waited::Redraw);
        }
        if let Some(signal) = stop.signal().filter(|_| !ignore_signals) {
            return Ok(Waited::Signal(signal));
        }
        if event::poll(POLL)? {
            return Ok(match event::read()? {
                Event::Key(key) if is_suspend_key(&key) => {
                    stop.ask_suspend();
                    continue;
                }
                Event::Key(key) => Waited::Key(key),
                _ => Waited::Redraw,
            });
        }
    }
}

/// Test hook, debug builds only: with `SIGHTLINE_TEST_SIGNAL_DURING_SAVE=1` a save first sends
/// the process SIGTERM, then waits longer than the watchdog's grace, so an end-to-end test can
/// check that a signal during a save neither cuts it off nor goes unreported. Release builds
/// ignore the variable.
fn signal_during_save_for_tests() {
    if cfg!(debug_assertions)
        && std::env::var_os("SIGHTLINE_TEST_SIGNAL_DURING_SAVE").is_some_and(|v| v == "1")
    {
        // SAFETY: `raise` only sends a signal to this thread; the handler sets a flag.
        unsafe { libc::raise(libc::SIGTERM) };
        thread::sleep(GRACE + Duration::from_millis(500));
    }
}

/// Runs the game in the terminal until the player leaves, then restores the terminal.
/// `on_save` is called on `S`; if it fails, its message is shown and play goes on. `on_end` is
/// called once the game ends (the action that kills the player or takes the exit), before the
/// end screen is drawn, as a save is: a signal that comes meanwhile lets it finish. If it fails,
/// its message is shown on the end screen. (So whatever the end is to leave behind — the game
/// writes it over the save it was resumed from — is left before the player can close the
/// terminal on the end screen.)
pub fn run(
    app: &mut App,
    mut on_save: impl FnMut(&App) -> Result<(), String>,
    mut on_end: impl FnMut(&App) -> Result<(), String>,
) -> io::Result<Ended> {
    let stop = StopSignals::watch()?;
    let ignore_signals = StopSignals::ignored_for_tests();
    let panic_on_key =
        cfg!(debug_assertions) && std::env::var_os("SIGHTLINE_TEST_PANIC").is_some_and(|v| v == "1");
    let mut terminal = init()?;
    let result = (|| -> io::Result<Ended> {
        loop {
            terminal.draw(|frame| render::draw(frame, app))?;
            let key = match wait(&stop, &mut terminal, ignore_signals)? {
                Waited::Key(key) => key,
                Waited::Redraw => continue,
                Waited::Signal(signal) => return Ok(Ended::Signal(signal)),
            };
            if panic_on_key {
                panic!("SIGHTLINE_TEST_PANIC=1: panicking on a key press, as the test hook asks");
            }
            let Some(cmd) = command(key, &app.mode) else { continue };
            let size = terminal.size()?;
            if render::too_small(size.width, size.height) && cmd != Command::Interrupt {
                // The screen shows only the "too small" notice: no move is made blind.
                continue;
            }
            app.screen = size;
            let was_over = app.game.is_over();
            let flow = app.handle(cmd);
            if !was_over
                && app.game.is_over()
                && let Err(message) = stop.while_saving(|| on_end(app))
            {
                app.notice = Some(message);
            }
            match flow {
                Flow::Continue => {}
                Flow::Quit => return Ok(Ended::Quit),
                Flow::SaveAndQuit => match stop.while_saving(|| {
                    signal_during_save_for_tests();
                    on_save(app)
                }) {
                    // A signal that came while saving ends the session on it, the save kept.
                    Ok(()) => {
                        return Ok(match stop.signal().filter(|_| !ignore_signals) {
                            Some(signal) => Ended::SavedThenSignal(signal),
                            None => Ended::SaveAndQuit,
                        });
                    }
                    // (A signal that came while a save failed ends the loop at its next wait.)
                    Err(message) => app.save_failed(&message),
                },
            }
        }
    })();
    ratatui::restore();
    result
}
