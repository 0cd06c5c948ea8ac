//! `sightline line`: the cells of `cells(A, B)`, one `x,y` per line.

use std::io::{BufWriter, Write};
use std::process::ExitCode;

use sightline::{Pos, dda};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The first cell, as X,Y (negative coordinates are fine: -3,5).
    #[arg(value_name = "X0,Y0", allow_hyphen_values = true)]
    pub from: Pos,
    /// The last cell, as X,Y.
    #[arg(value_name = "X1,Y1", allow_hyphen_values = true)]
    pub to: Pos,
}

pub fn run(args: Args) -> ExitCode {
    let mut out = BufWriter::new(std::io::stdout().lock());
    let written =
        dda::cells(args.from, args.to).try_for_each(|p| writeln!(out, "{p}")).and_then(|()| out.flush());
    super::finish(written, ExitCode::SUCCESS)
}
