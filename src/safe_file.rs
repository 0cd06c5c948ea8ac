//! Opening files at paths that may be hostile: reading in bounded memory without waiting for a
//! writer that may never come, and writing only where a regular file is (or nothing).
//!
//! Map files and saves are untrusted input, named on the command line. Three things can go
//! wrong before a parser sees a byte: the file is huge (refused from its size, before reading),
//! it grows as it is read (a device, a pipe: read no further than the limit), or it is a named
//! pipe (FIFO) that nothing has open for writing, whose plain `open` waits for a writer forever.
//! On Unix the file is opened without waiting (`O_NONBLOCK`), and a read that would wait for
//! data sleeps briefly and tries again; a FIFO that nothing writes to reads as empty, and says
//! so. A writer that holds the pipe open without writing is waited for, as a blocking read
//! would wait: that is a pipe's input still to come, not a file that never ends.
//!
//! Writing has the mirror problem: opening a FIFO for writing waits for a reader, and the
//! program writing may be the lab, in raw mode, where nothing would get the terminal back. So
//! [`create`] opens without waiting too, and refuses whatever it opened that is not a regular
//! file (a FIFO, a device) before writing a byte. A file written whole or not at all goes
//! through a temporary file beside it, renamed over it; what such a write killed midway left
//! behind, the next write to that name removes ([`remove_stale_temporaries`]).

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

/// Why [`read`] gave up.
#[derive(Debug)]
pub(crate) enum ReadFailure {
    /// The file could not be opened or read.
    Io(io::Error),
    /// More than the limit: `Some(size)` for a file whose size was known before reading, `None`
    /// for one that grew past the limit as it was read.
    TooLarge(Option<u64>),
    /// A named pipe (FIFO) that gave nothing: nothing had it open for writing, or its writer
    /// closed it without writing.
    EmptyPipe,
}

/// The whole of the file at `path`, if it holds at most `limit` bytes.
pub(crate) fn read(path: &Path, limit: u64) -> Result<Vec<u8>, ReadFailure> {
    let file = open(path).map_err(ReadFailure::Io)?;
    let meta = file.metadata().map_err(ReadFailure::Io)?;
    if meta.len() > limit {
        return Err(ReadFailure::TooLarge(Some(meta.len())));
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize + 1);
    let mut reader = file.take(limit.saturating_add(1));
    loop {
        // (`read_to_end` keeps what it read before an error, and `take` its count)
        match reader.read_to_end(&mut bytes) {
            Ok(_) => break,
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => {
                std::thread::sleep(std::time::Duration::from_millis(5));
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(ReadFailure::Io(e)),
        }
    }
    if bytes.len() as u64 > limit {
        return Err(ReadFailure::TooLarge(None));
    }
    if bytes.is_empty() && is_fifo(&meta) {
        return Err(ReadFailure::EmptyPipe);
    }
    Ok(bytes)
}

/// Creates (or truncates) the regular file at `path` for writing, never waiting on what is
/// there: a named pipe, a device or anything else that is not a regular file is an error
/// (`InvalidInput`), and gets no byte.
/// (The error does not name `path`: the callers' messages do.) Its callers are the game's saves
/// and the lab's exports.
#[cfg(feature = "game")]
pub(crate) fn create(path: &Path) -> io::Result<File> {
    let not_regular =
        |what: &str| io::Error::new(io::ErrorKind::InvalidInput, format!("not a regular file ({what})"));
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    let file = open_with(&mut options, path)
        .map_err(|e| if no_reader(&e) { not_regular("a named pipe that nothing reads") } else { e })?;
    if !file.metadata()?.is_file() {
        return Err(not_regular("a device or a named pipe"));
    }
    Ok(file)
}

/// Whether opening for writing failed because the file is a named pipe with no reader (what
/// `O_NONBLOCK` makes of the wait for one: `ENXIO`, "no such device or address").
#[cfg(all(unix, feature = "game"))]
fn no_reader(e: &io::Error) -> bool {
    e.raw_os_error() == Some(libc::ENXIO)
}

#[cfg(all(not(unix), feature = "game"))]
fn no_reader(_: &io::Error) -> bool {
    false
}

/// Opens `path` for reading without waiting for a FIFO's writer.
fn open(path: &Path) -> io::Result<File> {
    open_with(std::fs::OpenOptions::new().read(true), path)
}

/// `options.open(path)`, on Unix without waiting for a FIFO's other end (`O_NONBLOCK`: a FIFO
/// opened for reading with no writer reads as empty; for writing with no reader, the open
/// fails). The flag stays on the file, so reads and writes that would wait say so instead.
#[cfg(unix)]
fn open_with(options: &mut std::fs::OpenOptions, path: &Path) -> io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    options.custom_flags(libc::O_NONBLOCK).open(path)
}

#[cfg(not(unix))]
fn open_with(options: &mut std::fs::OpenOptions, path: &Path) -> io::Result<File> {
    options.open(path)
}

#[cfg(unix)]
fn is_fifo(meta: &std::fs::Metadata) -> bool {
    std::os::unix::fs::FileTypeExt::is_fifo(&meta.file_type())
}

#[cfg(not(unix))]
fn is_fifo(_: &std::fs::Metadata) -> bool {
    false
}

/// Removes what a write to `dir/name` through a temporary file (a save, a picture), killed
/// before its rename, left behind: a regular file `.NAME.tmpPID` whose process `PID` is no
/// longer running (QA: a `kill -9` during a long save left a hidden 16 MB file that no later
/// save removed, its name holding the dead process's number). Only that pattern, and only where the process is gone: a save under way in another
/// process keeps its file. Failures are ignored: this is tidying, not the save. (Unix only:
/// elsewhere there is no cheap test that a process is gone.)
#[cfg(unix)]
pub(crate) fn remove_stale_temporaries(dir: &Path, name: &str) {
    let prefix = format!(".{name}.tmp");
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let Some(pid) = file_name
            .to_str()
            .and_then(|f| f.strip_prefix(&prefix))
            .filter(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|p| p.parse::<libc::pid_t>().ok())
        else {
            continue;
        };
        if pid <= 0 || pid as u32 == std::process::id() {
            continue;
        }
        // SAFETY: signal 0 sends nothing; it only asks whether the process exists.
        let gone = unsafe { libc::kill(pid, 0) } != 0
            && std::io::Error::last_os_error().raw_os_error() == Some(libc::ESRCH);
        if gone && entry.file_type().is_ok_and(|t| t.is_file()) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

#[cfg(not(unix))]
pub(crate) fn remove_stale_temporaries(_: &Path, _: &str) {}
