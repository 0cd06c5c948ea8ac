//! The export key: the SVG picture of what the lab shows, written to a file the panel names.
//!
//! The picture is the field of view (the viewer, the radius, the algorithm drawn), the
//! multicast's state of every cell when the internals overlay or step mode is on, and the
//! cursor's walk. It is not a copy of the screen: the filter of the internals overlay and the
//! ring of step mode are not drawn (every state of every ring is), nor the diff overlay's marks;
//! the panel's message says which of those the lab was showing.

use std::fs::File;
use std::io::{self, BufReader, Read, Write};
use std::path::{Path, PathBuf};

use super::overlay::InternalsView;
use super::state::Lab;
use crate::picture::{Scene, save_svg, write_svg};

/// The most characters of the map's name a picture's file name keeps. Map names have no length
/// limit, file names do (255 bytes on the usual file systems): with at most 64 for the name, the
/// whole file name stays under 140 bytes whatever the map, viewer, radius, cursor and number.
pub const NAME_CHARS: usize = 64;

/// The most numbered names ([`export`]) tried for one picture before giving up.
const MAX_NUMBER: u32 = 999;

/// The file name of the current view's picture: the map's name, then everything that makes
/// the picture what it is — the viewer, the radius, the algorithm drawn, `internals` when they
/// are drawn, and `to-X-Y` for the cursor's walk — so that pictures of two different views
/// never share a name (as long as the maps' names differ in their first [`NAME_CHARS`]
/// characters; [`export`] keeps a different picture of that name all the same).
///
/// The name part is the map's name in lower case, every run of characters other than ASCII
/// letters and digits turned into one `-`, cut to its first [`NAME_CHARS`] characters (less a
/// `-` the cut leaves at the end); `map` when nothing is left.
pub fn file_name(lab: &Lab) -> String {
    let name: String = lab
        .map()
        .meta
        .name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '-' })
        .collect();
    let name = name.split('-').filter(|s| !s.is_empty()).collect::<Vec<_>>().join("-");
    // Cut at a char boundary (the slug is ASCII by now, but the cut does not rely on it).
    let name: String = name.chars().take(NAME_CHARS).collect();
    let name = name.trim_end_matches('-');
    let name = if name.is_empty() { "map" } else { name };
    let scene = scene(lab);
    let v = scene.viewer;
    let r = scene.radius.map_or("unlimited".to_string(), |r| format!("r{r}"));
    let mut out = format!("sightline-{name}-{}-{}-{r}-{}", v.x, v.y, scene.algorithm.name());
    if scene.internals {
        out.push_str("-internals");
    }
    if let Some(c) = scene.walk_to {
        out.push_str(&format!("-to-{}-{}", c.x, c.y));
    }
    out + ".svg"
}

/// The scene the lab shows: its viewer, radius and the algorithm drawn (the multicast when the
/// reference is skipped: [`Lab::reference_skipped`]), the internals when an internals overlay or
/// step mode is on, and the cursor's walk.
pub fn scene(lab: &Lab) -> Scene<'_> {
    let mut scene = Scene::new(lab.map(), lab.viewer());
    scene.radius = lab.radius();
    scene.algorithm = lab.algorithm();
    scene.internals = lab.internals_view() != InternalsView::Off || lab.step().is_some();
    scene.walk_to = lab.cursor();
    scene
}

/// What the lab shows that the picture does not draw (see the module's docs), for the panel.
pub fn left_out(lab: &Lab) -> Vec<&'static str> {
    let mut out = Vec::new();
    if matches!(lab.internals_view(), InternalsView::Only(_)) {
        out.push("the i filter");
    }
    if lab.step().is_some() {
        out.push("the step ring");
    }
    if lab.diff() && !lab.differences().is_empty() {
        out.push("the diff marks");
    }
    out
}

/// The panel's message after an export: the file written and what it leaves out, or why it
/// failed.
pub fn export_message(lab: &Lab) -> String {
    match export(lab) {
        Ok(path) => {
            let name = path.file_name().unwrap_or_default().to_string_lossy().into_owned();
            let left_out = left_out(lab);
            if left_out.is_empty() {
                format!("wrote {name}")
            } else {
                format!("wrote {name}; not drawn: {}", left_out.join(", "))
            }
        }
        Err(e) => format!("export failed: {e}"),
    }
}

/// Writes the picture into the lab's export directory; returns the path written. Only a regular
/// file is written (created, or replaced): a named pipe or a device under the picture's name is
/// an error, not a wait for a reader with the terminal in raw mode (see `safe_file::create`).
///
/// A regular file is replaced only when it holds this very picture (an export of the same view
/// again). One that holds anything else — another map's picture under a shared name, a file
/// edited since — is kept, and the picture goes to the first free name, or the first holding
/// this picture, of `NAME-2.svg`, `NAME-3.svg`, … (up to `NAME-999.svg`).
///
/// A picture of more than [`MAX_CELLS`](crate::picture::MAX_CELLS) cells (a map of more than
/// 700×700 or so) is refused at once, with what to do instead (the lab draws whole maps; the
/// `fov` command crops), and no file touched: drawing it would take the lab over a gigabyte and
/// many seconds, with the terminal in raw mode. The picture is streamed into a temporary file
/// beside the target, which replaces it once whole ([`save_svg`]): a failed write (a full disk)
/// leaves nothing under the picture's name, or the old picture as it was.
pub fn export(lab: &Lab) -> Result<PathBuf, String> {
    let scene = scene(lab);
    if let Err(e) = scene.check_size() {
        let v = lab.viewer();
        let radius = lab.radius().map_or(String::new(), |r| format!(" --radius {r}"));
        return Err(format!("{e}, with `sightline fov MAP --at {},{}{radius} --svg FILE`", v.x, v.y));
    }
    let name = file_name(lab);
    let stem = name.strip_suffix(".svg").unwrap_or(&name);
    let mut path = lab.export_dir.join(&name);
    // (the error may name the temporary file beside it: shown as names are, too)
    let failed = |path: &Path, e: io::Error| {
        crate::map::terminal_text(&format!("{}: {e}", path.display())).into_owned()
    };
    for number in 2..=MAX_NUMBER + 1 {
        // Something other than a regular file under the picture's name is refused, with the
        // words `safe_file::create` has for it, opening it without waiting for a reader.
        match std::fs::metadata(&path) {
            Ok(m) if !m.is_file() && !m.is_dir() => {
                let e = match crate::safe_file::create(&path) {
                    Err(e) => e,
                    Ok(_) => io::Error::new(io::ErrorKind::InvalidInput, "not a regular file"),
                };
                return Err(failed(&path, e));
            }
            Ok(m) if m.is_file() && !holds(&path, &scene).map_err(|e| failed(&path, e))? => {
                if number > MAX_NUMBER {
                    return Err(format!(
                        "{stem}.svg to {stem}-{MAX_NUMBER}.svg all hold other pictures: move them away"
                    ));
                }
                path = lab.export_dir.join(format!("{stem}-{number}.svg"));
            }
            // (nothing there, this very picture, or a directory, which `save_svg` refuses)
            _ => break,
        }
    }
    save_svg(&scene, &path).map_err(|e| failed(&path, e))?;
    Ok(path)
}

/// Whether the regular file at `path` holds exactly the picture of `scene`: the picture is
/// drawn again and compared as it streams, so neither is held in memory.
fn holds(path: &Path, scene: &Scene<'_>) -> io::Result<bool> {
    let mut same = Same { file: BufReader::new(File::open(path)?), differs: false, buf: Vec::new() };
    match write_svg(scene, &mut same) {
        Ok(()) => {}
        Err(_) if same.differs => return Ok(false),
        Err(e) => return Err(e),
    }
    // The file holds this picture if nothing follows it.
    Ok(same.file.read(&mut [0])? == 0)
}

/// A writer that compares what is written with what a file holds, and stops at the first
/// difference (with an error, `differs` set).
struct Same<R> {
    file: R,
    differs: bool,
    buf: Vec<u8>,
}

impl<R: Read> Write for Same<R> {
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        self.buf.resize(data.len(), 0);
        match self.file.read_exact(&mut self.buf) {
            Ok(()) if self.buf == data => Ok(data.len()),
            Ok(()) => Err(self.differ()),
            Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => Err(self.differ()),
            Err(e) => Err(e),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl<R> Same<R> {
    fn differ(&mut self) -> io::Error {
        self.differs = true;
        io::Error::other("the file holds another picture")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file holds the picture only byte for byte: one byte changed, one byte more or one
    /// less, and it holds another.
    #[test]
    fn a_file_holds_a_picture_only_byte_for_byte() {
        let dir = std::env::temp_dir().join(format!("sightline-lab-holds-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let map = crate::map::generate::pillars(13, 9, 4);
        let scene = Scene::new(&map, crate::geometry::Pos::new(2, 4));
        let picture = crate::picture::svg(&scene).into_bytes();
        let path = dir.join("p.svg");
        let mut changed = picture.clone();
        let middle = changed.len() / 2;
        changed[middle] ^= 1;
        for (bytes, same) in [
            (picture.clone(), true),
            (changed, false),
            ([&picture[..], b" "].concat(), false),
            (picture[..picture.len() - 1].to_vec(), false),
        ] {
            std::fs::write(&path, &bytes).unwrap();
            assert_eq!(holds(&path, &scene).unwrap(), same, "{} bytes", bytes.len());
        }
        std::fs::remove_dir_all(dir).unwrap();
    }
}
