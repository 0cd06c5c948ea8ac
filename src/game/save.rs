//! Saving and loading games: the whole [`GameState`] as RON, under a format version.
//!
//! A save is written atomically — to a temporary file in the same directory, flushed to disk,
//! then renamed over the target — so a crash mid-write never leaves a half-written save. The new
//! save keeps the old one's permissions, and a read-only save is not replaced. A save
//! that cannot be read (corrupt, or written by an incompatible version) is reported and left
//! untouched.

use std::ffi::OsString;
use std::fmt;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::state::GameState;
use crate::map::format::looks_like_save;

/// The save format this build writes and reads. Bump it whenever a saved type changes shape.
pub const SAVE_FORMAT: u32 = 2;

/// Why a save could not be written or read.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SaveError {
    /// The file system refused: reading, creating the directory, writing, flushing or renaming.
    #[error("{path}: {source}")]
    Io {
        /// The file (or directory) the operation was on.
        path: PathBuf,
        /// What the operating system said.
        source: std::io::Error,
    },
    /// The text is not RON of a save, or it describes a game the rules cannot run (a creature
    /// off the map, memory of the wrong size).
    #[error("{path}: not a sightline save, or a damaged one: {message}")]
    Corrupt {
        /// The save's name, as given to [`from_ron`] or [`load`].
        path: PathBuf,
        /// The parser's or the validator's explanation, with a position when there is one.
        message: String,
    },
    /// The file given to [`load`] is a map, not a save: it loads as a map where it is (read as
    /// `sightline FILE` reads it: `.txt` plain rows, anything else RON) and has a player start,
    /// so `sightline FILE` plays it. It is left untouched.
    #[error("{path} is a map, not a save")]
    Map {
        /// The map's name, as given to [`load`].
        path: PathBuf,
    },
    /// The file given to [`load`] is not a save, and does not start as one: a map that does
    /// not load where it is (plain rows not named `.txt`, a map with a mistake) or has no player
    /// start to play it from, or something else (an empty file, a README). The message says what
    /// it is and what to do, or what a save is. It is left untouched.
    #[error("{path}: not a sightline save: {message}")]
    NotASave {
        /// The file's name, as given to [`load`].
        path: PathBuf,
        /// What the file is, or where it stops being a save and what a save is.
        message: String,
    },
    /// A well-formed save of another [`SAVE_FORMAT`]; it is left untouched.
    #[error("{path}: save format {found} cannot be read by this version (it reads format {SAVE_FORMAT})")]
    Incompatible {
        /// The save's name.
        path: PathBuf,
        /// The format number the save declares.
        found: u32,
    },
    /// The save would be larger than [`load`] reads ([`MAX_SAVE_BYTES`]): nothing is written,
    /// and a previous save at the path is left as it was.
    #[error(
        "{path}: the save would be {size} bytes, more than the {limit} a save may be; \
         nothing was written (a previous save is left as it was)"
    )]
    TooLarge {
        /// Where the save was to go.
        path: PathBuf,
        /// The size of the save's text, in bytes.
        size: u64,
        /// The most a save may be, in bytes.
        limit: u64,
    },
    /// The game breaks a rule [`load`] checks (a change made by hand, not by play): a save of
    /// it would be refused as damaged, so none is written and a previous one is left as it was.
    #[error("{path}: not saved, the game could not be loaded back: {message}")]
    Invalid {
        /// Where the save was to go.
        path: PathBuf,
        /// What the validator found.
        message: String,
    },
    /// The file a save was to replace is not a sightline save (a map given as `--save`, say):
    /// a save replaces only a save, or an empty file, so nothing is written and the file is left
    /// as it was. See [`replaces_save`].
    #[error("{path}: {what}; a save replaces only a save, so nothing was written: save to another file")]
    NotASaveToReplace {
        /// Where the save was to go.
        path: PathBuf,
        /// What the file is instead: "it is a map", "it is not a sightline save", or why it
        /// could not be read to tell.
        what: String,
    },
    /// [`default_path`] found neither `XDG_DATA_HOME` nor `HOME` set to an absolute path.
    #[error("no save location: set XDG_DATA_HOME or HOME to an absolute path, or pass --save FILE")]
    NoLocation,
}

#[derive(Serialize)]
struct SaveOut<'a> {
    format: u32,
    game: &'a GameState,
}

/// Named `save` in ron's messages (`missing field named \`format\` in \`save\``): a player
/// reads them, and saves are written without struct names, so the name is not checked.
#[derive(Deserialize)]
#[serde(rename = "save")]
struct Header {
    format: u32,
}

#[derive(Deserialize)]
#[serde(rename = "save")]
struct SaveIn {
    #[allow(dead_code)] // checked through `Header` first
    format: u32,
    game: GameState,
}

/// Where saves go by default: `$XDG_DATA_HOME/sightline/save.ron`, else
/// `$HOME/.local/share/sightline/save.ron`.
///
/// An `XDG_DATA_HOME` that is empty or relative counts as unset, as the XDG Base Directory
/// specification requires: a relative one would put the save under whatever directory the
/// game was started from, where the next game started elsewhere would not find it. A relative
/// `HOME` (POSIX asks for an absolute one) counts as unset for the same reason.
pub fn default_path() -> Result<PathBuf, SaveError> {
    default_path_in(|k| std::env::var_os(k))
}

/// [`default_path`], reading the environment through `var`.
fn default_path_in(var: impl Fn(&str) -> Option<OsString>) -> Result<PathBuf, SaveError> {
    let nonempty = |k: &str| var(k).filter(|v| !v.is_empty()).map(PathBuf::from);
    if let Some(data) = nonempty("XDG_DATA_HOME").filter(|d| d.is_absolute()) {
        return Ok(data.join("sightline").join("save.ron"));
    }
    nonempty("HOME")
        .filter(|h| h.is_absolute())
        .map(|h| h.join(".local/share/sightline/save.ron"))
        .ok_or(SaveError::NoLocation)
}

/// The text of a save: the format number and the whole game, as pretty RON. What is derived
/// (the view) is left out and rebuilt by [`from_ron`].
///
/// ```
/// use std::path::Path;
/// use sightline::game::save::{SAVE_FORMAT, SaveError, from_ron, to_ron};
/// use sightline::game::{Action, Dir, GameState};
/// use sightline::map::format::parse_text;
///
/// let map = parse_text("######\n#@..>#\n######\n", "hall.txt")?;
/// let mut game = GameState::new(map, 42)?;
/// game.act(Action::Move(Dir::E));
/// let text = to_ron(&game);
/// let loaded = from_ron(&text, Path::new("hall.ron"))?;
/// assert_eq!(loaded, game); // the view included: it is recomputed on loading
/// assert_eq!(loaded.turn, 1);
///
/// // A save of another format is refused, not misread.
/// let future = text.replacen(&format!("format: {SAVE_FORMAT}"), "format: 99", 1);
/// let err = from_ron(&future, Path::new("future.ron")).unwrap_err();
/// assert!(matches!(err, SaveError::Incompatible { found: 99, .. }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn to_ron(game: &GameState) -> String {
    to_ron_within(game, u64::MAX).expect("no text is longer than u64::MAX bytes")
}

/// [`to_ron`]'s text if it is at most `limit` bytes long, else its length. A text past the limit
/// is only counted, not kept: a game too big to save costs no more memory than a save may take.
fn to_ron_within(game: &GameState, limit: u64) -> Result<String, u64> {
    let pretty = ron::ser::PrettyConfig::new().depth_limit(3);
    let mut out = Within { text: String::new(), len: 0, limit };
    ron::ser::to_writer_pretty(&mut out, &SaveOut { format: SAVE_FORMAT, game }, pretty)
        .expect("a game state always serialises");
    if out.len > limit { Err(out.len) } else { Ok(out.text) }
}

/// A text written up to `limit` bytes and counted past it.
struct Within {
    text: String,
    len: u64,
    limit: u64,
}

impl fmt::Write for Within {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.len = self.len.saturating_add(s.len() as u64);
        if self.len <= self.limit {
            self.text.push_str(s);
        } else if self.text.capacity() > 0 {
            self.text = String::new();
        }
        Ok(())
    }
}

/// Reads a save's text; `path` only names it in errors.
pub fn from_ron(text: &str, path: &Path) -> Result<GameState, SaveError> {
    read_save(text, path).map_err(|(e, _)| e)
}

/// [`from_ron`], with the place (line and column) where ron could not read the text as a
/// save, when that is why it failed.
fn read_save(text: &str, path: &Path) -> Result<GameState, (SaveError, Option<(usize, usize)>)> {
    let corrupt = |e: ron::error::SpannedError| {
        let place = (e.span.start.line, e.span.start.col);
        (SaveError::Corrupt { path: path.into(), message: e.to_string() }, Some(place))
    };
    let header: Header = ron::from_str(text).map_err(corrupt)?;
    if header.format != SAVE_FORMAT {
        return Err((SaveError::Incompatible { path: path.into(), found: header.format }, None));
    }
    let save: SaveIn = ron::from_str(text).map_err(corrupt)?;
    let mut game = save.game;
    // (Checking builds the index of who stands where: it is kept, not built twice.)
    game.occupancy =
        game.validate().map_err(|message| (SaveError::Corrupt { path: path.into(), message }, None))?;
    game.view.compute(&game.map, game.player.pos, game.sight_radius);
    Ok(game)
}

/// Writes `game` to `path` atomically, creating the directory if needed. When `path` is a
/// symbolic link, the file it points to gets the new save and the link stays a link. Only a
/// regular file (or nothing) at `path` is replaced: a directory, a device, a named pipe or a
/// socket there is an error, and left as it is. The new save keeps the permissions of the file
/// it replaces (a private `0600` save stays private), and a read-only one (no write permission
/// bits) is not replaced: that is an error, and it is left as it is. A new file gets the mode
/// files are created with.
///
/// A save [`load`] would refuse is not written: one larger than [`MAX_SAVE_BYTES`]
/// ([`SaveError::TooLarge`]), or of a game changed by hand into one the rules never play
/// ([`SaveError::Invalid`]). Both are found before anything on disk is touched, so a previous
/// save at `path` stays as it was.
///
/// ```
/// use sightline::game::save::{load, save};
/// use sightline::game::{GameState, default_map::default_map};
///
/// let dir = std::env::temp_dir().join(format!("sightline-doc-save-{}", std::process::id()));
/// let path = dir.join("nested").join("save.ron");
/// let game = GameState::new(default_map()?, 3)?;
/// save(&game, &path)?;
/// assert_eq!(load(&path)?, game);
/// # std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn save(game: &GameState, path: &Path) -> Result<(), SaveError> {
    save_to(game, path, Crash::Never)
}

/// Where [`save_to`] stops as if the process had been killed, for tests of what an interrupted
/// save leaves behind. Not part of the supported API.
#[doc(hidden)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Crash {
    Never,
    /// After the new save is written and flushed to the temporary file, before the rename.
    BeforeRename,
}

/// [`save`], with a simulated crash: at `crash` it returns an error and, like a killed process,
/// cleans nothing up. Not part of the supported API.
#[doc(hidden)]
pub fn save_to(game: &GameState, path: &Path, crash: Crash) -> Result<(), SaveError> {
    save_within(game, path, crash, MAX_SAVE_BYTES)
}

/// [`save`], refusing a save larger than `limit` bytes instead of [`MAX_SAVE_BYTES`], for tests
/// of a save too big to load without a game of hundreds of megabytes. Not part of the supported
/// API.
#[doc(hidden)]
pub fn save_limited(game: &GameState, path: &Path, limit: u64) -> Result<(), SaveError> {
    save_within(game, path, Crash::Never, limit)
}

/// [`save_to`], with `limit` for the largest save written.
fn save_within(game: &GameState, path: &Path, crash: Crash, limit: u64) -> Result<(), SaveError> {
    // What load would refuse is refused before the file system is touched.
    let text =
        to_ron_within(game, limit).map_err(|size| SaveError::TooLarge { path: path.into(), size, limit })?;
    game.validate().map_err(|message| SaveError::Invalid { path: path.into(), message })?;
    // Every error names the save's path (the error's own message says which step failed and,
    // when another file or directory is involved, names it).
    let io = |source| SaveError::Io { path: path.into(), source };
    let given = path;
    // The rename replaces whatever sits at its target: renamed onto a link, the save would
    // replace the link and leave the file it pointed to stale.
    let path = &through_links(path).map_err(io)?;
    // The rename would also replace a device (`--save /dev/null`), a named pipe or a socket
    // with a regular file: a save goes only where a regular file is, or nothing is.
    if let Ok(meta) = fs::symlink_metadata(path)
        && !meta.is_file()
    {
        let what =
            if meta.is_dir() { "a directory" } else { "not a regular file (a device, a pipe or a socket)" };
        let it = if path == given {
            "it is".to_string()
        } else {
            format!("it leads to {}, which is", path.display())
        };
        let message = format!("{it} {what}; a save only replaces a regular file");
        return Err(io(std::io::Error::new(std::io::ErrorKind::InvalidInput, message)));
    }
    // A save replaces only a save: a map given as `--save` (or anything else that is there) is
    // not lost to it.
    if fs::symlink_metadata(path).is_ok() {
        replaced_file(path, given)?;
    }
    // The save it replaces: its permissions go to the new one (a private save stays private),
    // and one made read-only is not replaced (the rename would replace it regardless).
    let old = fs::metadata(path).ok();
    if let Some(meta) = &old
        && let Some(message) = refuses_to_replace(meta.permissions(), path, given)
    {
        return Err(io(std::io::Error::new(std::io::ErrorKind::PermissionDenied, message)));
    }
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    fs::create_dir_all(&dir).map_err(|e| {
        io(not_a_directory(&dir)
            .unwrap_or_else(|| step(e, &format!("the directory {} could not be created", dir.display()))))
    })?;
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "save".into());
    crate::safe_file::remove_stale_temporaries(&dir, &name);
    let tmp = dir.join(format!(".{name}.tmp{}", std::process::id()));
    // A regular file, or an error: not a wait on a pipe someone left under this name (which,
    // not made here, is not removed either).
    let mut f = crate::safe_file::create(&tmp)
        .map_err(|e| io(step(e, &format!("the new save could not be created in {}", dir.display()))))?;
    // Before a byte of the game is in it: a private save is never readable by others, not even
    // as the temporary file. A new save keeps the mode the file was created with.
    if let Some(meta) = &old
        && let Err(e) = f.set_permissions(kept_permissions(meta.permissions()))
    {
        drop(f);
        let _ = fs::remove_file(&tmp);
        return Err(io(step(e, "the new save could not be given the permissions of the old one")));
    }
    let written = f.write_all(text.as_bytes()).and_then(|()| f.sync_all());
    drop(f); // (closed before the rename, which some systems refuse on an open file)
    written.map_err(|e| {
        let _ = fs::remove_file(&tmp);
        io(step(e, "the new save could not be written in full (the part written is removed)"))
    })?;
    if crash == Crash::BeforeRename {
        return Err(io(std::io::Error::other("simulated crash between write and rename")));
    }
    let rename = || -> std::io::Result<()> {
        fs::rename(&tmp, path)?;
        // Make the rename itself durable where the platform allows syncing a directory.
        if let Ok(d) = fs::File::open(&dir) {
            let _ = d.sync_all();
        }
        Ok(())
    };
    rename().map_err(|e| {
        let _ = fs::remove_file(&tmp);
        io(step(e, &format!("the new save could not replace the old one (from {})", tmp.display())))
    })
}

/// What a save to `path` would replace: `Ok(false)` when nothing (no file there, or an empty
/// one), `Ok(true)` when a sightline save (a file that starts as a save does, a damaged one
/// included), and [`SaveError::NotASaveToReplace`] for anything else, which [`save`] refuses to
/// replace: a map, a README, a file that cannot be read to tell. (Links are followed, as
/// [`save`] follows them.) So that a game can say before play starts that its `--save` names a
/// file it would not save to, and ask before replacing another game's save.
///
/// ```
/// use sightline::game::save::{SaveError, replaces_save};
/// let dir = std::env::temp_dir().join(format!("sightline-doc-replaces-{}", std::process::id()));
/// std::fs::create_dir_all(&dir)?;
/// let (map, save) = (dir.join("mine.ron"), dir.join("save.ron"));
/// std::fs::write(&map, "(rows: [\"###\", \"#@#\", \"###\"])")?;
/// std::fs::write(&save, "(format: 2, game: (")?; // a damaged save is still a save
/// assert!(matches!(replaces_save(&map), Err(SaveError::NotASaveToReplace { .. })));
/// assert!(replaces_save(&save)?);
/// assert!(!replaces_save(&dir.join("new.ron"))?);
/// # std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn replaces_save(path: &Path) -> Result<bool, SaveError> {
    let io = |source| SaveError::Io { path: path.into(), source };
    let target = through_links(path).map_err(io)?;
    match fs::metadata(&target) {
        Ok(meta) if meta.is_file() => replaced_file(&target, path).map(|()| meta.len() > 0),
        // (what is not a regular file `save` refuses with its own words; nothing there: nothing
        // replaced)
        _ => Ok(false),
    }
}

/// Whether `a` and `b` name the same file: the same file once links, `.` and `..` are
/// resolved, where both exist; else the same path as written. (So that a game loaded from
/// `A.ron` knows its own save by any of its names: `./A.ron`, its full path, a link to it.)
///
/// ```
/// use sightline::game::save::same_file;
/// let dir = std::env::temp_dir().join(format!("sightline-doc-same-{}", std::process::id()));
/// std::fs::create_dir_all(&dir)?;
/// std::fs::write(dir.join("a.ron"), "")?;
/// assert!(same_file(&dir.join("a.ron"), &dir.join(".").join("a.ron")));
/// assert!(!same_file(&dir.join("a.ron"), &dir.join("b.ron")));
/// # std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn same_file(a: &Path, b: &Path) -> bool {
    match (fs::canonicalize(a), fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    }
}

/// How much of a file [`replaced_file`] reads to tell a save from anything else: a save starts
/// with its `format` key, and a map that large is beyond what a map file may be anyway.
const REPLACED_READ: u64 = 1 << 20;

/// `Ok` when the regular file at `path` (reached from `given`, through links) may be replaced
/// by a save: it is empty, or starts as a save does; else why not, saying what it is.
fn replaced_file(path: &Path, given: &Path) -> Result<(), SaveError> {
    use std::io::Read;
    let refuse = |what: String| SaveError::NotASaveToReplace { path: given.into(), what };
    let it = if path == given { "it".to_string() } else { format!("it leads to {}, which", path.display()) };
    let mut bytes = Vec::new();
    fs::File::open(path)
        .and_then(|f| f.take(REPLACED_READ).read_to_end(&mut bytes))
        .map_err(|e| refuse(format!("{it} could not be read to tell whether it is a save ({e})")))?;
    // (a save cut off in the middle of a character is still a save)
    let text = String::from_utf8_lossy(&bytes);
    if bytes.is_empty() || looks_like_save(&text) {
        return Ok(());
    }
    use crate::map::SourceKind;
    use crate::map::format::{AsMap, as_map};
    let is = if path == given { "it is".to_string() } else { format!("{it} is") };
    Err(refuse(match as_map(&text, SourceKind::of_path(path)) {
        AsMap::Loads { .. } => format!("{is} a map"),
        AsMap::NotAMap => format!("{is} not a sightline save"),
        _ => format!("{is} not a sightline save (it looks like a map)"),
    }))
}

/// Why a save does not replace the file at `path` (reached from `given`, through links) whose
/// permissions are `old`: it is read-only (no write permission bits), which says to keep it as
/// it is. `None` when it may be replaced. Decided from the permission bits alone, not from what
/// the system would allow: a rename replaces a read-only file (it needs only the directory to
/// be writable), and a privileged user may write anything.
fn refuses_to_replace(old: fs::Permissions, path: &Path, given: &Path) -> Option<String> {
    if !old.readonly() {
        return None;
    }
    let it =
        if path == given { "it is".to_string() } else { format!("it leads to {}, which is", path.display()) };
    Some(format!(
        "{it} read-only{}; a save does not replace a read-only file, which is left as it is: \
         make it writable (`chmod u+w`) or save to another file (`--save FILE`)",
        mode_note(&old)
    ))
}

/// ` (mode 0444)`, the permission bits in the usual octal, where the platform has them.
#[cfg(unix)]
fn mode_note(p: &fs::Permissions) -> String {
    use std::os::unix::fs::PermissionsExt;
    format!(" (mode {:04o})", p.mode() & 0o7777)
}

#[cfg(not(unix))]
fn mode_note(_: &fs::Permissions) -> String {
    String::new()
}

/// The permissions a new save takes from the one it replaces: its read, write and execute bits
/// for owner, group and others (not set-user-ID and the like, which a save has no use for).
fn kept_permissions(old: fs::Permissions) -> fs::Permissions {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::Permissions::from_mode(old.mode() & 0o777)
    }
    #[cfg(not(unix))]
    {
        old
    }
}

/// `e` with the step of the save that failed said first: the system's own words name no file
/// and no step ("Permission denied" when a read-only directory refused the new file).
fn step(e: std::io::Error, what: &str) -> std::io::Error {
    std::io::Error::new(e.kind(), format!("{what}: {e}"))
}

/// The file a chain of symbolic links ends at (`path` itself when it is no link). A link to a
/// missing file resolves to that file's path, so the save creates it. A chain longer than 40
/// links (the usual system limit; a loop is endless) is an error, as it is to the system: the
/// save then writes nothing and leaves every link as it was.
fn through_links(path: &Path) -> std::io::Result<PathBuf> {
    let mut p = path.to_path_buf();
    for _ in 0..=MAX_LINKS {
        match fs::read_link(&p) {
            // A relative target is relative to the link's directory; `join` keeps an absolute
            // one as it is.
            Ok(target) => p = p.parent().map_or_else(|| target.clone(), |dir| dir.join(&target)),
            Err(_) => return Ok(p),
        }
    }
    Err(std::io::Error::other(format!("more than {MAX_LINKS} symbolic links in a row (a loop?)")))
}

/// When `dir` cannot be created because the nearest part of its path that exists is not a
/// directory (a regular file, a link to nothing), an error naming that part. The system's own
/// error names nothing and misleads: "File exists" when the part in the way is `dir` itself.
/// `None` when that part is a directory: the system's error then says what went wrong
/// (permission denied, a full disk).
fn not_a_directory(dir: &Path) -> Option<std::io::Error> {
    let nearest = dir.ancestors().find(|a| fs::symlink_metadata(a).is_ok())?;
    if fs::metadata(nearest).is_ok_and(|m| m.is_dir()) {
        return None;
    }
    let message = format!("{} is not a directory", nearest.display());
    Some(std::io::Error::new(std::io::ErrorKind::NotADirectory, message))
}

/// The longest chain of symbolic links a save follows.
const MAX_LINKS: usize = 40;

/// The largest save read, in bytes. Saves are untrusted input too: this bounds the memory a
/// hostile one can take. A 4096×4096 game saves to about 150 MB (9 bytes a cell), but a game
/// with millions of monsters can need more; [`save`] refuses to write such a save rather than
/// write one that would not load.
pub const MAX_SAVE_BYTES: u64 = 256 << 20;

/// Reads the save at `path`. The file is never modified.
pub fn load(path: &Path) -> Result<GameState, SaveError> {
    use crate::safe_file::{ReadFailure, read};
    // `size` says how big the file is: "is N bytes", or "holds more than N bytes" (the map
    // loader's words).
    let refused = |message: String| SaveError::Corrupt { path: path.into(), message };
    let too_large =
        |size: String| refused(format!("the file {size}; a save may be at most {MAX_SAVE_BYTES} bytes"));
    let bytes = read(path, MAX_SAVE_BYTES).map_err(|failure| match failure {
        ReadFailure::Io(source) => SaveError::Io { path: path.into(), source },
        ReadFailure::TooLarge(Some(len)) => too_large(format!("is {len} bytes")),
        // Something that grows as it is read (a pipe, a device): reading stopped one byte past
        // the limit, and how much more there was is unknown.
        ReadFailure::TooLarge(None) => too_large(format!("holds more than {MAX_SAVE_BYTES} bytes")),
        // (nothing damaged: there is nothing to read)
        ReadFailure::EmptyPipe => SaveError::Io {
            path: path.into(),
            source: std::io::Error::other("a named pipe (FIFO) that nothing wrote to, not a save"),
        },
    })?;
    let text = String::from_utf8(bytes).map_err(|e| {
        refused(format!(
            "the file is not UTF-8 text: byte offset {} is not valid UTF-8",
            e.utf8_error().valid_up_to()
        ))
    })?;
    // A file that is not a save (`sightline --load maps/dungeon.ron`, or a README) is named as
    // what it is, not as a save missing its `format`; one that starts as a save is a damaged
    // save, in ron's words. (Only a file is told apart: `from_ron` keeps ron's words.)
    match read_save(&text, path) {
        Ok(game) => Ok(game),
        Err((SaveError::Corrupt { .. }, place)) if !looks_like_save(&text) => {
            Err(not_a_save(&text, path, place))
        }
        Err((e, _)) => Err(e),
    }
}

/// What the file at `path`, holding `text`, which is not a save and does not look like one,
/// is instead, with what to do with it: [`SaveError::Map`] for a map that `sightline FILE`
/// plays (it loads where it is, read as that command reads it, and has a player start); otherwise
/// [`SaveError::NotASave`], saying what kind of map it looks like and what to do for it to
/// load, or, for a file that is no map, what a save is (at `place`, where ron stopped reading
/// it as one, without ron's words about its own types).
fn not_a_save(text: &str, path: &Path, place: Option<(usize, usize)>) -> SaveError {
    use crate::map::format::{AsMap, Loads, as_map};
    use crate::map::{SourceKind, shell_word};
    let word = shell_word(&path.display().to_string());
    // What to do for `sightline FILE` to read it as what it is: if it then loads, play it (once
    // it has a player start); otherwise `check` says what is wrong.
    let then = |loads: Loads| match loads {
        Loads::Playable => "to play it",
        Loads::WithoutStart => "and put one `@` on a floor cell (it has no player start) to play it",
        Loads::No => "(`sightline check` then says what is wrong with it)",
    };
    let is = |loads: Loads| if loads == Loads::No { "looks like" } else { "is" };
    let message = match as_map(text, SourceKind::of_path(path)) {
        AsMap::Loads { playable: true } => return SaveError::Map { path: path.into() },
        AsMap::Loads { playable: false } => format!(
            "it is a map, but one with no player start: put one `@` on a floor cell, then \
             `sightline {word}` plays it"
        ),
        AsMap::PlainRowsNotTxt { loads } => format!(
            "it {} a plain-text map (rows of glyphs, one a line), but a map file not named `.txt` \
             is read as RON: name it `.txt` {}",
            is(loads),
            then(loads)
        ),
        AsMap::RonNamedTxt { loads } => format!(
            "it {} a RON map, but a map file named `.txt` is read as plain rows: name it `.ron` {}",
            is(loads),
            then(loads)
        ),
        AsMap::Mistaken => {
            format!("it looks like a map, with a mistake in it: `sightline check {word}` says what is wrong")
        }
        AsMap::NotAMap => {
            let (line, col) = place.map_or((1, 1), |(l, c)| (l.max(1), c.max(1)));
            let what = if text.is_empty() {
                "the file is empty; "
            } else if text.trim().is_empty() {
                "the file holds only blank space; "
            } else {
                ""
            };
            format!(
                "{line}:{col}: {what}a save is the file sightline writes when a game is saved (`S`), \
                 RON text that starts `(format: {SAVE_FORMAT}, game: (`"
            )
        }
    };
    SaveError::NotASave { path: path.into(), message }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`default_path_in`] with the environment `vars`.
    fn location(vars: &[(&str, &str)]) -> Result<PathBuf, SaveError> {
        default_path_in(|k| vars.iter().find(|(name, _)| *name == k).map(|(_, v)| OsString::from(v)))
    }

    #[test]
    fn the_default_save_goes_under_xdg_data_home_else_home() {
        let both = location(&[("XDG_DATA_HOME", "/data"), ("HOME", "/home/p")]).unwrap();
        assert_eq!(both, Path::new("/data/sightline/save.ron"));
        let home = location(&[("HOME", "/home/p")]).unwrap();
        assert_eq!(home, Path::new("/home/p/.local/share/sightline/save.ron"));
        assert!(matches!(location(&[]), Err(SaveError::NoLocation)));
        assert!(matches!(location(&[("HOME", "")]), Err(SaveError::NoLocation)));
    }

    /// The XDG Base Directory specification: "If an implementation encounters a relative path
    /// in any of these variables it should consider the path invalid and ignore it." A
    /// relative one would put the save wherever the game happens to be started.
    #[test]
    fn a_relative_or_empty_xdg_data_home_is_ignored() {
        let home = Path::new("/home/p/.local/share/sightline/save.ron");
        for data in ["", "relative/dir", ".", "./data", "~/data"] {
            let got = location(&[("XDG_DATA_HOME", data), ("HOME", "/home/p")]);
            assert_eq!(got.unwrap(), home, "XDG_DATA_HOME={data:?}");
            let msg = location(&[("XDG_DATA_HOME", data)]).unwrap_err().to_string();
            assert!(msg.contains("absolute"), "XDG_DATA_HOME={data:?}: {msg}");
        }
    }

    /// The same reasoning for `HOME`: a relative one (POSIX wants it absolute) would scatter
    /// saves over the directories games are started from, so without an absolute
    /// `XDG_DATA_HOME` there is then no default location, and the message says what to set.
    #[test]
    fn a_relative_home_is_no_location() {
        for home in ["relative/home", ".", "~", "./p"] {
            let got = location(&[("HOME", home)]);
            let msg = got.unwrap_err().to_string();
            assert!(msg.contains("HOME to an absolute path"), "HOME={home:?}: {msg}");
            let data = location(&[("XDG_DATA_HOME", "/data"), ("HOME", home)]).unwrap();
            assert_eq!(data, Path::new("/data/sightline/save.ron"), "HOME={home:?}");
        }
    }
}
