//! The export key: the SVG picture of what the lab shows, written to a file the panel names.

use std::path::PathBuf;

use super::state::{InternalsView, Lab};
use crate::picture::{Scene, svg};

/// The file name of the current view's picture: the map's name, the viewer and the radius, so
/// that exports of different viewers or radii do not overwrite each other (one of the same view
/// with other overlays or another algorithm does).
pub fn file_name(lab: &Lab) -> String {
    let name: String = lab
        .map()
        .meta
        .name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '-' })
        .collect();
    let name = name.split('-').filter(|s| !s.is_empty()).collect::<Vec<_>>().join("-");
    let name = if name.is_empty() { "map".to_string() } else { name };
    let v = lab.viewer();
    let r = lab.radius().map_or("unlimited".to_string(), |r| format!("r{r}"));
    format!("sightline-{name}-{}-{}-{r}.svg", v.x, v.y)
}

/// The scene the lab shows: its viewer, radius and algorithm, the internals when an internals
/// overlay or step mode is on, and the cursor's walk.
pub fn scene(lab: &Lab) -> Scene<'_> {
    let mut scene = Scene::new(lab.map(), lab.viewer());
    scene.radius = lab.radius();
    scene.algorithm = lab.algorithm();
    scene.internals = lab.internals_view() != InternalsView::Off || lab.step().is_some();
    scene.walk_to = lab.cursor();
    scene
}

/// Writes the picture into the lab's export directory; returns the path written.
pub fn export(lab: &Lab) -> Result<PathBuf, String> {
    let path = lab.export_dir.join(file_name(lab));
    std::fs::write(&path, svg(&scene(lab))).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(path)
}
