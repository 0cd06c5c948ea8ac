//! The side panel: the view's settings and counts, the checks (differences, line of sight),
//! why the reference was skipped when it was, the legend of whatever is drawn, and the keys.

use ratatui::text::{Line, Span};

use super::state::{Drive, InternalsView, Lab, REFERENCE_CELL_LIMIT};
use super::style::LabStyle;
use crate::picture::Internal;

fn yes_no(style: &LabStyle, clear: bool) -> Span<'static> {
    if clear { Span::styled("clear", style.good()) } else { Span::styled("blocked", style.bad()) }
}

fn radius_text(r: Option<u32>) -> String {
    r.map_or("unlimited".to_string(), |r| r.to_string())
}

/// The panel's width inside its border.
const PANEL_INNER: usize = super::view::PANEL_WIDTH as usize - 2;

/// The indent of a message's rows after its first.
const INDENT: &str = "  ";

/// `text` broken into rows: the first at most `first` characters wide, the others `rest`. Words
/// are kept whole where they fit on a row, one that does not fit where the row is starts a new
/// row, and one wider than a whole row (a file name, a path) is broken after its `-`, `/` and
/// `_`, and only where a part between those is itself too wide, inside it. (Widths count
/// characters: these messages are file names and error text; any wider character left over is
/// wrapped again by the panel's paragraph.)
fn break_text(text: &str, first: usize, rest: usize) -> Vec<String> {
    let (first, rest) = (first.max(1), rest.max(1));
    let mut rows: Vec<String> = Vec::new();
    let mut row = String::new();
    let room = |rows: &Vec<String>| if rows.is_empty() { first } else { rest };
    let len = |s: &str| s.chars().count();
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let gap = usize::from(!row.is_empty());
        if len(&row) + gap + len(word) <= room(&rows) {
            if gap == 1 {
                row.push(' ');
            }
            row.push_str(word);
            continue;
        }
        if !row.is_empty() {
            rows.push(std::mem::take(&mut row));
        }
        if len(word) <= room(&rows) {
            row.push_str(word);
            continue;
        }
        // Too wide for any row: in parts, each ending with its separator.
        for part in word.split_inclusive(['-', '/', '_']) {
            if len(&row) + len(part) > room(&rows) && !row.is_empty() {
                rows.push(std::mem::take(&mut row));
            }
            for c in part.chars() {
                if len(&row) >= room(&rows) {
                    rows.push(std::mem::take(&mut row));
                }
                row.push(c);
            }
        }
    }
    if !row.is_empty() || rows.is_empty() {
        rows.push(row);
    }
    rows
}

/// The panel's lines, most important first (a short terminal cuts the end).
pub fn lines(lab: &Lab, style: &LabStyle) -> Vec<Line<'static>> {
    let mut out = Vec::new();
    let key = |k: &str| Span::styled(format!("[{k}] "), style.faint());
    let text = |s: String| Span::styled(s, style.text());
    out.push(Line::from(vec![text(format!(
        "viewer {}  radius {}",
        lab.viewer(),
        radius_text(lab.radius())
    ))]));
    let skipped = lab.reference_skipped();
    let mut algorithm =
        vec![key("a"), text("algorithm: ".into()), Span::styled(lab.algorithm().name(), style.title())];
    if lab.algorithm() != lab.selected_algorithm() {
        algorithm.push(Span::styled(format!(" ({} skipped)", lab.selected_algorithm().name()), style.bad()));
    }
    out.push(Line::from(algorithm));
    out.push(Line::from(text(format!("visible: {} cells", lab.fov().len()))));
    let diff = match (lab.diff(), skipped) {
        (false, _) => Span::styled("off", style.faint()),
        (true, Some(_)) => Span::styled("skipped", style.bad()),
        (true, None) => {
            let n = lab.differences().len();
            let s = if n == 0 { style.good() } else { style.bad() };
            Span::styled(format!("{n} differences"), s)
        }
    };
    out.push(Line::from(vec![key("d"), text("diff: ".into()), diff]));
    if let Some(skip) = skipped {
        // Right under what it explains, before anything a short terminal could cut.
        out.push(Line::from(vec![
            Span::styled("reference skipped: ", style.bad()),
            text(format!(
                "{} cells in view, limit {REFERENCE_CELL_LIMIT}; - lowers the radius to {}, where it runs",
                skip.cells, skip.radius_within
            )),
        ]));
    }
    let internals = match lab.internals_view() {
        InternalsView::Off => "off".to_string(),
        InternalsView::All => "all states".to_string(),
        InternalsView::Only(s) => format!("only {}", s.label()),
    };
    out.push(Line::from(vec![key("i"), text(format!("internals: {internals}"))]));
    let step = match lab.step() {
        Some(k) => format!("ring {k} of {}", lab.internals().max_ring()),
        None => "off".to_string(),
    };
    out.push(Line::from(vec![key("space t"), text(format!("step: {step}"))]));
    match (lab.cursor(), lab.walk()) {
        (Some(c), Some(walk)) => {
            let driving = if lab.drive() == Drive::Cursor { "keys move it" } else { "keys move viewer" };
            out.push(Line::from(vec![key("x tab"), text(format!("cursor {c} ({driving})"))]));
            out.push(Line::from(vec![text("  LOS viewer->cursor: ".into()), yes_no(style, walk.los_there)]));
            out.push(Line::from(vec![text("  LOS cursor->viewer: ".into()), yes_no(style, walk.los_back)]));
            let blocker = walk.blocker.map_or("none".to_string(), |b| b.to_string());
            out.push(Line::from(text(format!("  first blocker: {blocker}"))));
            out.push(Line::from(text(format!(
                "  walk: {} cells, {} diagonal",
                walk.cells.len(),
                walk.diagonal_steps.len()
            ))));
        }
        _ => out.push(Line::from(vec![key("x"), text("cursor: off".into())])),
    }
    // The export's message names the file written (or the path that failed): it is broken at
    // spaces and, inside a name too long for a row, after its `-`, `/` and `_`, so the whole
    // name shows, in pieces that read as its parts. (ratatui's wrap cut it anywhere, and the
    // file name read "...-8-13-u", "nlimited.svg".)
    let message = lab.message.clone().unwrap_or_else(|| "-".into());
    let head = "[e] export: ";
    let rows = break_text(&message, PANEL_INNER - head.len(), PANEL_INNER - INDENT.len());
    for (i, row) in rows.into_iter().enumerate() {
        out.push(if i == 0 {
            Line::from(vec![key("e"), text(format!("export: {row}"))])
        } else {
            Line::from(text(format!("{INDENT}{row}")))
        });
    }
    out.push(Line::default());
    out.push(Line::from(Span::styled("legend", style.title())));
    out.push(Line::from(vec![Span::styled("@", style.viewer()), text(" viewer".into())]));
    let overlay = lab.step().is_some() || lab.internals_view() != InternalsView::Off;
    if overlay {
        for s in Internal::ALL {
            let (g, st) = style.internal(s);
            out.push(Line::from(vec![Span::styled(g.to_string(), st), text(format!(" {}", s.label()))]));
        }
        if lab.step().is_some() {
            out.push(Line::from(text("  (blank) not yet reached".into())));
        }
    } else {
        out.push(Line::from(vec![
            Span::styled("#", style.tile_visible(crate::map::Tile::Wall)),
            text(" in view  ".into()),
            Span::styled("#", style.tile_hidden()),
            text(" out of view".into()),
        ]));
    }
    if lab.diff() {
        let (g, st) = style.difference();
        out.push(Line::from(vec![Span::styled(g.to_string(), st), text(" algorithms disagree".into())]));
    }
    if lab.cursor().is_some() {
        out.push(Line::from(vec![
            Span::styled("o", style.walk()),
            text(" walk ".into()),
            Span::styled("/\\", style.walk()),
            text(" corner ".into()),
            Span::styled("X", style.blocker()),
            text(" blocker".into()),
        ]));
    }
    out.push(Line::default());
    out.push(Line::from(vec![key("?"), text("help  ".into()), key("q"), text("quit".into())]));
    out
}
