//! `sightline los`: the line-of-sight walk between two cells, drawn on a map.

use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use sightline::map::format;
use sightline::{Map, Pos, dda};

/// The marks drawn over the map.
const FROM: char = 'A';
const TO: char = 'B';
const WALK: char = '*';
const BLOCKER: char = 'X';

#[derive(clap::Args, Debug)]
#[command(after_help = "The map is printed with the cells of the walk marked: A and B the two ends, \
                        * the cells in between, X the first cell that blocks the line (from A). \
                        The last line says `clear` or `blocked at x,y`. When --from and --to are \
                        the same cell, it is marked A (the viewer, who sees their own cell) and \
                        the line is `clear`.\n\n\
                        Between two cells that do not block sight (floor, glass, water, an open \
                        door), `clear` means each is in the other's field of view (`sightline \
                        fov`, radius aside). A wall is in view when any ray \
                        from the viewer reaches its diamond, while this line joins the centres: \
                        a wall that `fov` shows can be `blocked` here.")]
pub struct Args {
    #[arg(value_name = "MAP", help = super::map_help!("The map file"))]
    pub map: PathBuf,
    /// The viewer's cell, as X,Y.
    #[arg(long, value_name = "X,Y", allow_hyphen_values = true)]
    pub from: Pos,
    /// The target cell, as X,Y.
    #[arg(long, value_name = "X,Y", allow_hyphen_values = true)]
    pub to: Pos,
}

pub fn run(args: Args) -> ExitCode {
    let map = match format::load_path(&args.map) {
        Ok(map) => map,
        Err(e) => {
            super::report!("{e}");
            return ExitCode::from(super::INVALID_MAP);
        }
    };
    for (flag, p) in [("--from", args.from), ("--to", args.to)] {
        if !map.contains(p) {
            super::report!("{}", super::outside(flag, p, &args.map, &map));
            return ExitCode::from(super::USAGE);
        }
    }
    let mut out = BufWriter::new(std::io::stdout().lock());
    super::finish(draw(&mut out, &map, args.from, args.to).and_then(|()| out.flush()), ExitCode::SUCCESS)
}

fn draw(out: &mut impl Write, map: &Map, from: Pos, to: Pos) -> std::io::Result<()> {
    let blocker = dda::first_blocker(from, to, map);
    let mut rows: Vec<Vec<char>> =
        (0..map.height()).map(|y| map.tiles.row(y).iter().map(|t| t.glyph()).collect()).collect();
    let mut mark = |p: Pos, c: char| rows[p.y as usize][p.x as usize] = c;
    for p in dda::cells(from, to) {
        mark(p, WALK);
    }
    if let Some(b) = blocker {
        mark(b, BLOCKER);
    }
    // (the viewer's own cell, when it is also the target, is marked as the viewer)
    mark(to, TO);
    mark(from, FROM);
    for row in rows {
        writeln!(out, "{}", row.into_iter().collect::<String>())?;
    }
    match blocker {
        None => writeln!(out, "clear"),
        Some(b) => writeln!(out, "blocked at {b}"),
    }
}
