//! The export key: the SVG picture of what the lab shows, written to a file the panel names.

use std::path::PathBuf;

use super::state::{InternalsView, Lab};
use crate::picture::{Scene, save_svg};

/// The most characters of the map's name a picture's file name keeps. Map names have no length
/// limit, file names do (255 bytes on the usual file systems): with at most 64 for the name, the
/// whole file name stays under 120 bytes whatever the map, viewer and radius.
pub const NAME_CHARS: usize = 64;

/// The file name of the current view's picture: the map's name, the viewer and the radius, so
/// that exports of different viewers or radii do not overwrite each other (one of the same view
/// with other overlays or another algorithm does).
///
/// The name part is the map's name in lower case, every run of characters other than ASCII
/// letters and digits turned into one `-`, cut to its first [`NAME_CHARS`] characters (less a
/// `-` the cut leaves at the end); `map` when nothing is left. Maps whose names share their first
/// [`NAME_CHARS`] characters share the name part; the viewer and radius always follow it.
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
    let v = lab.viewer();
    let r = lab.radius().map_or("unlimited".to_string(), |r| format!("r{r}"));
    format!("sightline-{name}-{}-{}-{r}.svg", v.x, v.y)
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

/// Writes the picture into the lab's export directory; returns the path written. Only a regular
/// file is written (created, or replaced): a named pipe or a device under the picture's name is
/// an error, not a wait for a reader with the terminal in raw mode (see `safe_file::create`).
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
    let path = lab.export_dir.join(file_name(lab));
    // (the error may name the temporary file beside it: shown as names are, too)
    let failed =
        |e: std::io::Error| crate::map::terminal_text(&format!("{}: {e}", path.display())).into_owned();
    // Something other than a regular file under the picture's name is refused, with the words
    // `safe_file::create` has for it, opening it without waiting for a reader.
    if std::fs::metadata(&path).is_ok_and(|m| !m.is_file() && !m.is_dir()) {
        let e = match crate::safe_file::create(&path) {
            Err(e) => e,
            Ok(_) => std::io::Error::new(std::io::ErrorKind::InvalidInput, "not a regular file"),
        };
        return Err(failed(e));
    }
    save_svg(&scene, &path).map_err(failed)?;
    Ok(path)
}
