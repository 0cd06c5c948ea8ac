//! The real terminal: set-up, waiting for its events, and restoring it on every way out, for the
//! game's event loop ([`super::play`]) and the lab's.
//!
//! Ways out and how each restores: a normal return and an error both pass through [`restore`]
//! (through [`give_back`], in the game's loop and the lab's); a panic goes through the hook
//! [`init`] installs (it restores, then runs the previous hook, so the panic message lands on a
//! sane terminal); an allocation the terminal's size would make too large never happens (the size
//! is capped: [`super::capped`]); SIGTERM, SIGHUP, SIGINT and SIGQUIT set a flag the loop polls
//! between key events, so the loop ends normally and reports the signal; Ctrl-C arrives as a key in
//! raw mode and quits (so SIGINT comes only from outside: `kill -INT`).
//!
//! A terminal that goes away (its window closed, `tmux kill-session`, the SSH connection
//! dropped) ends the session at once as SIGHUP does, whether or not a SIGHUP reaches the
//! process. crossterm 0.29 cannot be left to wait on such a terminal: reading it returns end of
//! file, and crossterm's read loop retries that forever, burning a core (sightline spun so for a
//! second, until the watchdog below ended it; for good where no SIGHUP came). So the events are
//! read on a thread of their own (`read_events`), which waits with `poll(2)` on the terminal
//! itself, where a hang-up shows at once, and asks crossterm only for input that is there; the
//! loop waits for that thread, never inside crossterm, and checks for the hang-up itself too.
//! There is then nothing to restore, and [`restore`] says nothing about failing to.
//!
//! The game turns on bracketed paste ([`StopSignals::bracketed_paste`]): the terminal then hands
//! pasted text over whole, as one event the loop ignores, instead of as keys that would each act
//! (a `y` in it answering the quit question). [`restore`] turns it off with the other modes, on
//! every way out, and a suspension turns it off until the game takes the terminal back. Keys
//! typed before the terminal is taken (while a large save loads) are discarded ([`init`]):
//! typed blind, they would otherwise act as soon as the first frame is drawn.
//!
//! Job control is not a way out: SIGTSTP (`kill -TSTP`, or Ctrl-Z, which raw mode delivers as a
//! key) hands the terminal back — main screen, cooked mode, cursor shown — and stops the process;
//! when the shell continues it (`fg`), the game or the lab takes the terminal again and redraws
//! all of it. SIGCONT after a SIGSTOP from outside (which no process can catch) takes the terminal
//! again too, since the shell may have changed its modes meanwhile. The stop is SIGTSTP's own,
//! sent to the whole job, so a process that no job-control shell could continue (its process
//! group orphaned) does not stop, as the kernel decides: nothing could ever resume it.
//!
//! A watchdog ([`StopSignals`]) backs the loop up: should it be stuck when a stop signal comes
//! (writing to a terminal that reads nothing, say), it restores what it can a second after the
//! signal and exits with the signal's status, so sightline never lingers as an orphan. A save being
//! written holds it off: a signal during a save lets the save finish, then ends the session on the
//! signal, reported as such.
//!
//! The game's loop over all this is [`super::play`]; the lab's, `ui::lab::run`.

use std::cell::{Cell, OnceCell};
use std::io::{self, IsTerminal, Stdout, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use crossterm::event::{self, DisableBracketedPaste, EnableBracketedPaste, Event, KeyEvent};
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;

use super::capped::Capped;

/// How often the loop wakes without input to check for signals.
const POLL: Duration = Duration::from_millis(100);

/// How long the watchdog lets the loop take to end after a signal before it ends the process.
pub(super) const GRACE: Duration = Duration::from_secs(1);

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
    /// Whether stdin is the terminal (as it is for the game and the lab, which refuse to start
    /// otherwise): crossterm then reads it, and [`wait`] can watch it for a hang-up.
    stdin_is_terminal: bool,
    /// Whether this session turned bracketed paste on ([`StopSignals::bracketed_paste`]), to be
    /// turned on again when job control takes the terminal back.
    paste: Cell<bool>,
    /// The events [`read_events`] reads, from the first [`wait`] on (after [`init`] has set the
    /// terminal up and discarded what was typed before).
    events: OnceCell<mpsc::Receiver<Got>>,
}

impl StopSignals {
    /// Registers the handlers and starts the watchdog.
    pub fn watch() -> io::Result<StopSignals> {
        // The signal told is the cause: the first to come, but SIGHUP over any other. (A shell
        // hung up sends its stopped job SIGTERM as well as SIGHUP, and the game, continued,
        // took the SIGTERM first; kept last, a signal sent after the first was told instead.)
        let signal = Arc::new(AtomicUsize::new(0));
        for sig in STOP_SIGNALS {
            let first = Arc::clone(&signal);
            let (value, hup) = (sig as usize, sig == signal_hook::consts::SIGHUP);
            // SAFETY: the action only stores into an atomic (or compares and swaps it), which is
            // async-signal-safe, and allocates nothing.
            unsafe {
                signal_hook::low_level::register(sig, move || {
                    if hup {
                        first.store(value, Ordering::Relaxed);
                    } else {
                        let _ = first.compare_exchange(0, value, Ordering::Relaxed, Ordering::Relaxed);
                    }
                })
            }?;
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
                // The loop is stuck (writing to a terminal that reads nothing, say): restore
                // what can be restored and leave with the shell's status for "killed by signal N".
                restore();
                // (in the words the loop's own end uses for a signal: see `signal_name`)
                let name = signal_name(i32::try_from(sig).unwrap_or(0));
                let _ = writeln!(io::stderr(), "sightline: stopped by a signal ({name}); nothing was saved");
                std::process::exit(128 + sig as i32);
            }
        })?;
        let stdin_is_terminal = io::stdin().is_terminal();
        Ok(StopSignals {
            signal,
            done,
            saving,
            suspend,
            continued,
            stdin_is_terminal,
            paste: Cell::new(false),
            events: OnceCell::new(),
        })
    }

    /// Acts on SIGTSTP and SIGCONT (see the module docs): suspends if asked, takes the terminal
    /// again after being continued. Returns whether the screen must be drawn again (it has been
    /// cleared, and the next frame writes every cell). Call it before asking for
    /// [`StopSignals::signal`]: a hang-up that came while stopped (a closed terminal sends SIGHUP,
    /// then SIGCONT) leaves the terminal alone, for the loop to end on the signal; so does a
    /// terminal that has gone away before its SIGHUP has arrived, for [`wait`] to end on.
    pub fn job_control(&self, terminal: &mut Screen) -> io::Result<bool> {
        let mut retake = false;
        if self.suspend.swap(false, Ordering::Relaxed) {
            restore();
            crossterm::execute!(io::stdout(), crossterm::cursor::Show)?;
            stop_the_job()?;
            // Continued, or never stopped (no shell could have continued it): either way the
            // terminal was handed back, and is taken again below.
            retake = true;
        }
        retake |= self.continued.swap(false, Ordering::Relaxed);
        if !retake || self.signal().is_some() || self.terminal_gone() {
            return Ok(false);
        }
        // crossterm skips enabling raw mode when it believes it on, as it does after a SIGSTOP
        // from outside: setting the original modes first makes it set raw mode again.
        crossterm::terminal::disable_raw_mode()?;
        crossterm::terminal::enable_raw_mode()?;
        let clear = crossterm::terminal::Clear(crossterm::terminal::ClearType::All);
        crossterm::execute!(io::stdout(), crossterm::terminal::EnterAlternateScreen, clear)?;
        if self.paste.get() {
            crossterm::execute!(io::stdout(), EnableBracketedPaste)?;
        }
        // The next frame is drawn against a blank one, so every cell is written again.
        // (Not `Terminal::clear`: it asks the terminal where its cursor is, and fails after a
        // wait on a terminal that does not answer.)
        terminal.swap_buffers();
        Ok(true)
    }

    /// Turns bracketed paste on for this session, and on again each time job control takes the
    /// terminal back: pasted text then comes as one crossterm
    /// [`Event::Paste`](https://docs.rs/crossterm/0.29/crossterm/event/enum.Event.html#variant.Paste),
    /// which [`meaning`] ignores, rather than as keys that would each act. The game's loop and
    /// the lab's call it right after [`init`]; [`restore`] turns it off.
    pub fn bracketed_paste(&self) -> io::Result<()> {
        crossterm::execute!(io::stdout(), EnableBracketedPaste)?;
        self.paste.set(true);
        Ok(())
    }

    /// The events read from the terminal, the thread that reads them started on the first call.
    fn events(&self) -> io::Result<&mpsc::Receiver<Got>> {
        if self.events.get().is_none() {
            let (send, receive) = mpsc::sync_channel(READ_AHEAD);
            let (stdin_is_terminal, done) = (self.stdin_is_terminal, Arc::clone(&self.done));
            thread::Builder::new()
                .name("terminal reader".into())
                .spawn(move || read_events(stdin_is_terminal, done, send))?;
            let _ = self.events.set(receive);
        }
        self.events.get().ok_or_else(|| io::Error::other("the terminal's reader did not start"))
    }

    /// Whether the terminal has gone away ([`hung_up`]): only known when stdin is the terminal,
    /// and false otherwise.
    pub(super) fn terminal_gone(&self) -> bool {
        self.stdin_is_terminal && hung_up()
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

/// The name of a stop signal as messages give it ("SIGHUP"), or "a signal" for any other.
pub fn signal_name(signal: i32) -> &'static str {
    match signal {
        signal_hook::consts::SIGTERM => "SIGTERM",
        signal_hook::consts::SIGINT => "SIGINT",
        signal_hook::consts::SIGQUIT => "SIGQUIT",
        signal_hook::consts::SIGHUP => "SIGHUP",
        _ => "a signal",
    }
}

/// Takes the terminal over (raw mode, the alternate screen, the panic hook that restores it)
/// for the game and the lab alike, and discards what was typed before (`discard_typed_ahead`);
/// if set-up fails part way, undoes what it did (raw mode, say) before returning the error. What
/// [`ratatui::try_init`](https://docs.rs/ratatui/0.30/ratatui/fn.try_init.html) does, but with
/// the [`Capped`] backend: `try_init`'s own terminal takes the terminal's size as it is, and a
/// hostile one aborts the process as it allocates its screen buffers (see [`super::capped`]).
pub fn init() -> io::Result<Screen> {
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore();
        hook(info);
    }));
    (|| {
        crossterm::terminal::enable_raw_mode()?;
        crossterm::execute!(io::stdout(), crossterm::terminal::EnterAlternateScreen)?;
        discard_typed_ahead();
        Terminal::new(Capped(CrosstermBackend::new(io::stdout())))
    })()
    .inspect_err(|_| restore())
}

/// Discards the input that came before the terminal was taken: keys typed while a large map or
/// save loaded (13 s for a save of 186 MB) were typed blind, at a screen that showed nothing of
/// the game, and would all act the moment its first frame is drawn (an `S` saving and quitting).
/// Called right after raw mode is set, when everything the terminal holds was typed before.
/// `tcflush(TCIFLUSH)` drops it in the terminal itself, before anything has read it (crossterm
/// reads nothing until the first [`wait`]); a loop reading it through crossterm could spin for
/// good on a terminal hanging up meanwhile (see the module docs). (The terminal, still in cooked
/// mode while the file loaded, has echoed the keys on the shell's screen; that cannot be undone
/// here.) Where stdin is not a terminal, or the terminal has gone away, the call fails and is
/// ignored: there is nothing to discard, and [`wait`] finds a hang-up.
fn discard_typed_ahead() {
    // SAFETY: `tcflush` only discards the input queued on the descriptor given.
    unsafe { libc::tcflush(libc::STDIN_FILENO, libc::TCIFLUSH) };
}

/// Restores the terminal as the game or the lab found it: bracketed paste off, then cooked mode and
/// the main screen
/// ([`ratatui::try_restore`](https://docs.rs/ratatui/0.30/ratatui/fn.try_restore.html)). Every
/// way out of the game and the lab passes here (see the module docs). A failure is reported on
/// stderr, unless the terminal has gone away (hung up): there is nothing left to restore then, and
/// "Failed to restore terminal: No such device or address" would only alarm. A stderr that cannot
/// be written loses the report, without a panic (this runs in the panic hook too).
pub fn restore() {
    let paste = crossterm::execute!(io::stdout(), DisableBracketedPaste);
    let modes = ratatui::try_restore();
    if let Err(e) = modes.and(paste)
        && !hung_up()
    {
        let _ = writeln!(io::stderr(), "Failed to restore terminal: {e}");
    }
}

/// Whether stdin has hung up: the terminal has gone away (where stdin is the terminal).
fn hung_up() -> bool {
    matches!(input(Duration::ZERO), Ok(Input::Gone))
}

/// What the terminal's input holds, as `poll(2)` on stdin tells ([`input`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Input {
    /// Something to read.
    Ready,
    /// Nothing yet (or a signal interrupted the wait).
    Idle,
    /// The terminal has gone away (hung up), or stdin is not open.
    Gone,
}

/// Waits up to `timeout` for input on stdin (the terminal, where the caller has checked it is).
/// A hang-up is [`Input::Gone`], not [`Input::Ready`]: a terminal that has gone away stays
/// readable forever, at end of file. A signal that interrupts the wait makes it
/// [`Input::Idle`], for the caller to look at its flags.
fn input(timeout: Duration) -> io::Result<Input> {
    let mut fd = libc::pollfd { fd: libc::STDIN_FILENO, events: libc::POLLIN, revents: 0 };
    let ms = libc::c_int::try_from(timeout.as_millis()).unwrap_or(libc::c_int::MAX);
    // SAFETY: `poll` is given one valid `pollfd` and the count 1.
    let ready = unsafe { libc::poll(&mut fd, 1, ms) };
    if ready < 0 {
        let e = io::Error::last_os_error();
        return if e.kind() == io::ErrorKind::Interrupted { Ok(Input::Idle) } else { Err(e) };
    }
    Ok(if fd.revents & (libc::POLLHUP | libc::POLLERR | libc::POLLNVAL) != 0 {
        Input::Gone
    } else if ready > 0 {
        Input::Ready
    } else {
        Input::Idle
    })
}

/// What the event loops of the game and the lab wait for: a key, a reason to draw again, or a
/// signal that ends the session.
pub enum Waited {
    /// A key pressed (other than Ctrl-Z, which suspends here).
    Key(crossterm::event::KeyEvent),
    /// Text pasted, whole (see [`Meaning::Paste`]).
    Paste(String),
    /// The screen must be drawn (again): back from a suspension, or a resize or other event.
    Redraw,
    /// A stop signal ended the session; or the terminal went away, which ends it as the SIGHUP
    /// the kernel sends for that does (whether or not that signal reaches the process).
    Signal(i32),
}

/// What an event loop makes of one event read from the terminal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Meaning {
    /// A key to act on.
    Key(KeyEvent),
    /// Ctrl-Z, which raw mode delivers as a key: suspend, as SIGTSTP does.
    Suspend,
    /// The screen must be drawn again (a resize, or another event about the terminal).
    Redraw,
    /// Pasted text (with bracketed paste on, a paste comes whole, as one event), which must
    /// never be taken as keys — `lllll ql` would walk five steps and ask to quit, and a `y` in
    /// it would answer: it is text, for a prompt that takes text ([`crate::ui::input::pasted`]),
    /// and nothing anywhere else.
    Paste(String),
}

/// What `event` means to the event loops of the game and the lab (see [`Meaning`]).
pub fn meaning(event: Event) -> Meaning {
    match event {
        Event::Key(key) if is_suspend_key(&key) => Meaning::Suspend,
        Event::Key(key) => Meaning::Key(key),
        Event::Paste(text) => Meaning::Paste(text),
        _ => Meaning::Redraw,
    }
}

/// Waits for the next thing an event loop acts on, handling job control on the way (see the
/// module docs): the one wait the game and the lab share. A terminal that goes away ends the
/// wait at once, as [`Waited::Signal`] with SIGHUP. The events come from a thread of their own
/// (`read_events`, started by the first wait), so the loop never waits inside crossterm.
/// `ignore_signals` is the game's test hook ([`StopSignals::ignored_for_tests`]).
pub fn wait(stop: &StopSignals, terminal: &mut Screen, ignore_signals: bool) -> io::Result<Waited> {
    let events = stop.events()?;
    loop {
        if stop.job_control(terminal)? {
            return Ok(Waited::Redraw);
        }
        if let Some(signal) = stop.signal().filter(|_| !ignore_signals) {
            return Ok(Waited::Signal(signal));
        }
        match events.recv_timeout(POLL) {
            Ok(Got::Event(event)) => match meaning(event) {
                Meaning::Key(key) => return Ok(Waited::Key(key)),
                Meaning::Suspend => stop.ask_suspend(),
                Meaning::Redraw => return Ok(Waited::Redraw),
                Meaning::Paste(text) => return Ok(Waited::Paste(text)),
            },
            Ok(Got::Gone) => return Ok(Waited::Signal(signal_hook::consts::SIGHUP)),
            Ok(Got::Failed(e)) => return Err(e),
            // (the reader stuck in crossterm on a terminal that hung up as it was asked)
            Err(RecvTimeoutError::Timeout) if stop.terminal_gone() => {
                return Ok(Waited::Signal(signal_hook::consts::SIGHUP));
            }
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => {
                return Err(io::Error::other("the terminal's reader stopped"));
            }
        }
    }
}

/// What the thread reading the terminal ([`read_events`]) hands [`wait`].
enum Got {
    /// An event read.
    Event(Event),
    /// The terminal has gone away; the reader has ended.
    Gone,
    /// Reading failed; the reader has ended.
    Failed(io::Error),
}

/// How many events read ahead [`read_events`] holds for a loop busy elsewhere (a save being
/// written) before it waits, reading no more: the terminal holds the rest.
const READ_AHEAD: usize = 64;

/// The thread that reads the terminal for [`wait`]: it sends each event as it comes, until the
/// terminal goes away, reading fails, or `done` (the session has ended). The reading is here,
/// off the loop's thread, because crossterm 0.29 spins forever on a terminal that has gone away
/// (see the module docs): [`next_event`] asks crossterm only for input that `poll(2)` has seen,
/// but a hang-up in the instant between the two still catches crossterm, and it is this thread
/// that spins then, while the loop, waking every [`POLL`], sees the hang-up itself and ends the
/// session.
fn read_events(stdin_is_terminal: bool, done: Arc<AtomicBool>, send: mpsc::SyncSender<Got>) {
    while !done.load(Ordering::Relaxed) {
        let got = match next_event(stdin_is_terminal) {
            Ok(Next::Nothing) => continue,
            Ok(Next::Event) => event::read().map_or_else(Got::Failed, Got::Event),
            Ok(Next::Gone) => Got::Gone,
            Err(e) => Got::Failed(e),
        };
        let last = !matches!(got, Got::Event(_));
        if send.send(got).is_err() || last {
            return;
        }
    }
}

/// What [`next_event`] found.
enum Next {
    /// An event is ready for `event::read`, which will not wait.
    Event,
    /// None within [`POLL`].
    Nothing,
    /// The terminal has gone away.
    Gone,
}

/// Waits up to [`POLL`] for an event. Where stdin is the terminal, the wait is `poll(2)` on it
/// ([`input`]), and crossterm is asked only for what is already there, so a hang-up is seen at
/// once and, but for the instant between the two, never read by crossterm. Events crossterm has
/// already read (keys typed in a burst come in one read) are taken first. Should the terminal
/// hold input that crossterm does not report (its wait is edge-triggered: more than it reads at
/// once, 1024 bytes, arriving together), the wait sleeps out [`POLL`] rather than spin until
/// more comes. (A resize, which crossterm learns of by SIGWINCH rather than from the terminal's
/// input, is taken within [`POLL`].)
fn next_event(stdin_is_terminal: bool) -> io::Result<Next> {
    if !stdin_is_terminal {
        return Ok(if event::poll(POLL)? { Next::Event } else { Next::Nothing });
    }
    if input(Duration::ZERO)? == Input::Gone {
        return Ok(Next::Gone);
    }
    if event::poll(Duration::ZERO)? {
        return Ok(Next::Event);
    }
    Ok(match input(POLL)? {
        Input::Gone => Next::Gone,
        Input::Idle => Next::Nothing,
        Input::Ready if event::poll(Duration::ZERO)? => Next::Event,
        Input::Ready => {
            thread::sleep(POLL);
            Next::Nothing
        }
    })
}

/// Ends a session on `terminal`: [`restore`]s it, then drops it, unless it has gone away —
/// ratatui's `Terminal`, dropped, shows the cursor, and on failing says "Failed to show the
/// cursor" on stderr, where there is no cursor left to show; its memory then goes with the
/// process, which is ending (the session ends as on SIGHUP). Returns whether the terminal has
/// gone away, for the caller to end on SIGHUP even where the loop ended on an error (a frame it
/// could not draw). What the game's loop and the lab's do last.
pub fn give_back(terminal: Screen, stop: &StopSignals) -> bool {
    restore();
    let gone = stop.terminal_gone();
    if gone {
        std::mem::forget(terminal);
    }
    gone
}
