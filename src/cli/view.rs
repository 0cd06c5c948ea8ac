//! The arguments every "look from a cell of a map" command shares (`fov`, `bench`).

use std::path::PathBuf;
use std::process::ExitCode;

use sightline::geometry::Pos;
use sightline::map::Map;

/// A map and a viewer on it.
#[derive(clap::Args, Debug)]
pub struct ViewArgs {
    #[arg(value_name = "MAP", help = super::map_help!("The map file"))]
    pub map: PathBuf,
    /// The viewer's cell, as X,Y (0,0 is the top left). A viewer inside a wall is allowed.
    #[arg(long, value_name = "X,Y", allow_hyphen_values = true)]
    pub at: Pos,
    /// Sight radius in cells (a cell is a candidate when dx² + dy² <= R²); unlimited if omitted.
    // (`allow_negative_numbers`: `--radius -1` is a radius out of range, not an unknown option)
    #[arg(long, value_name = "R", allow_negative_numbers = true)]
    pub radius: Option<u32>,
}

impl ViewArgs {
    /// Loads the map and checks the viewer is on it: a bad map exits 1 with its located
    /// problems, a viewer outside the map exits 2.
    pub fn load(&self) -> Result<Map, ExitCode> {
        let map = sightline::map::format::load_path(&self.map).map_err(|e| {
            // The error names the file and locates each problem itself.
            super::report!("{e}");
            ExitCode::from(super::INVALID_MAP)
        })?;
        let at = self.at;
        if !map.contains(at) {
            super::report!("{}", super::outside("--at", at, &self.map, &map));
            return Err(ExitCode::from(super::USAGE));
        }
        Ok(map)
    }
}
