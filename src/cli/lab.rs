//! `sightline lab [MAP]`: the interactive FOV lab.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

use sightline::game::default_map::default_map;
use sightline::map::format::load_path;
use sightline::ui::lab::{Lab, LabStyle, run};

#[derive(clap::Args, Debug)]
pub struct Args {
    #[arg(value_name = "MAP", help = super::map_help!("The map to explore", "; the bundled dungeon when omitted"))]
    pub map: Option<PathBuf>,
}

pub fn run(args: Args) -> ExitCode {
    let map = match &args.map {
        Some(path) => load_path(path),
        None => default_map(),
    };
    let map = match map {
        Ok(map) => map,
        Err(e) => {
            super::report!("{e}");
            return ExitCode::from(super::INVALID_MAP);
        }
    };
    if !std::io::stdout().is_terminal() || !std::io::stdin().is_terminal() {
        super::report!("sightline: the lab needs a terminal (stdin and stdout must be a tty)");
        return ExitCode::from(super::USAGE);
    }
    let mut lab = Lab::new(map);
    match run::run(&mut lab, &LabStyle::from_env()) {
        Ok(None) => ExitCode::SUCCESS,
        Ok(Some(signal)) => super::stopped_by(signal, "sightline lab", ""),
        Err(e) => {
            super::report!("sightline lab: {e}");
            ExitCode::FAILURE
        }
    }
}
