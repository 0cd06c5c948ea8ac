//! The side panel: the view's settings and counts, the checks (differences, line of sight,
//! whether the cursor's cell is in view), why the reference was skipped when it was, the legend
//! of whatever is drawn, and the keys.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget};

use super::overlay::{InternalsView, OverlayState};
use super::state::{Drive, Lab, REFERENCE_CELL_LIMIT};
use super::style::LabStyle;
use crate::ui::render::wrap::wrap;

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

/// `n` and the noun, singular or plural: `1 cell`, `2 cells`.
fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The legend's entries packed into rows of the panel's width, two spaces apart, in order.
fn packed(entries: Vec<Vec<Span<'static>>>) -> Vec<Line<'static>> {
    let width = |spans: &[Span<'_>]| spans.iter().map(|s| s.content.chars().count()).sum::<usize>();
    let mut rows: Vec<Vec<Span<'static>>> = Vec::new();
    for entry in entries {
        match rows.last_mut() {
            Some(row) if width(row) + 2 + width(&entry) <= PANEL_INNER => {
                row.push(Span::raw("  "));
                row.extend(entry);
            }
            _ => rows.push(entry),
        }
    }
    rows.into_iter().map(Line::from).collect()
}

/// The panel's lines, most important first (a short terminal cuts the end: [`render`] says so).
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
    out.push(Line::from(text(format!("visible: {}", count(lab.fov().len(), "cell", "cells")))));
    let diff = match (lab.diff(), skipped) {
        (false, _) => Span::styled("off", style.faint()),
        (true, Some(_)) => Span::styled("skipped", style.bad()),
        (true, None) => {
            let n = lab.differences().len();
            let s = if n == 0 { style.good() } else { style.bad() };
            Span::styled(count(n, "difference", "differences"), s)
        }
    };
    out.push(Line::from(vec![key("d"), text("diff: ".into()), diff]));
    if let Some(skip) = skipped {
        // Right under what it explains, before anything a short terminal could cut. (The count
        // is of the cells the reference would decide, the map's cells within the radius: not
        // the cells in view, which the line above counts.)
        out.push(Line::from(vec![
            Span::styled("reference skipped: ", style.bad()),
            text(format!(
                "{} within the radius, limit {REFERENCE_CELL_LIMIT}; - lowers the radius to {}, \
                 where it runs",
                count(usize::try_from(skip.cells).unwrap_or(usize::MAX), "cell", "cells"),
                skip.radius_within
            )),
        ]));
    }
    let internals = match (lab.internals_view(), lab.step()) {
        (InternalsView::Off, None) => "off".to_string(),
        (InternalsView::Off, Some(_)) => "off (step: all)".to_string(),
        (InternalsView::All, _) => "all states".to_string(),
        (InternalsView::Only(s), _) => format!("only {}", s.label()),
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
            // The cursor's reverse video hides how its cell is drawn: whether it is in view is
            // said here.
            let wall = lab.map().blocks_sight(c);
            let seen = lab.fov().is_visible(c);
            let (verdict, st) = match (seen, crate::fov::in_radius(lab.viewer(), c, lab.radius())) {
                (true, _) => ("yes", style.good()),
                (false, true) => ("no", style.bad()),
                (false, false) => ("no, beyond the radius", style.bad()),
            };
            out.push(Line::from(vec![text("  in view: ".into()), Span::styled(verdict, st)]));
            out.push(Line::from(vec![text("  LOS viewer->cursor: ".into()), yes_no(style, walk.los_there)]));
            out.push(Line::from(vec![text("  LOS cursor->viewer: ".into()), yes_no(style, walk.los_back)]));
            if wall && seen && !walk.los_there {
                // Not a contradiction: the contract sees a wall by any ray into its diamond,
                // and LOS is the one segment between the centres.
                out.push(Line::from(text(
                    "  (a wall is in view when any ray reaches its diamond; LOS is the line \
                     between the centres)"
                        .into(),
                )));
            }
            let blocker = walk.blocker.map_or("none".to_string(), |b| b.to_string());
            out.push(Line::from(text(format!("  first blocker: {blocker}"))));
            out.push(Line::from(text(format!(
                "  walk: {}, {} diagonal",
                count(walk.cells.len(), "cell", "cells"),
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
    // The legend, its entries packed two or three to a row: at the lab's least height (16 rows)
    // the whole legend of the internals overlay fits under the lines above.
    let mut legend: Vec<Vec<Span<'static>>> = vec![
        vec![Span::styled("legend:", style.title())],
        vec![Span::styled("@", style.viewer()), text(" viewer".into())],
    ];
    let overlay = lab.step().is_some() || lab.internals_view() != InternalsView::Off;
    if overlay {
        for s in OverlayState::ALL {
            let (g, st) = style.internal(s);
            legend.push(vec![Span::styled(g.to_string(), st), text(format!(" {}", s.label()))]);
        }
        if lab.step().is_some() {
            legend.push(vec![text("(blank) not yet reached".into())]);
        }
    } else {
        legend.push(vec![
            Span::styled("#", style.tile_visible(crate::map::Tile::Wall)),
            text(" in view".into()),
        ]);
        legend.push(vec![Span::styled("#", style.tile_hidden()), text(" out of view".into())]);
    }
    if lab.diff() {
        let (g, st) = style.difference();
        legend.push(vec![Span::styled(g.to_string(), st), text(" algorithms disagree".into())]);
    }
    if lab.cursor().is_some() {
        legend.push(vec![Span::styled("o", style.walk()), text(" walk".into())]);
        legend.push(vec![Span::styled("/\\", style.walk()), text(" corner".into())]);
        legend.push(vec![Span::styled("X", style.blocker()), text(" blocker".into())]);
    }
    out.extend(packed(legend));
    out
}

/// The panel in `area`, bordered, its lines wrapped to its width; the keys for help and quit in
/// its bottom border, where no height cuts them. Where the lines are more than the rows, the
/// last row says how many are cut, instead of cutting them silently.
pub fn render(lab: &Lab, style: &LabStyle, area: Rect, buf: &mut Buffer) {
    let block = Block::bordered()
        .title(Line::styled(" sightline lab ", style.title()))
        .title_bottom(Line::styled(" ? help  q quit ", style.faint()))
        .border_style(style.border());
    let inner = block.inner(area);
    block.render(area, buf);
    // (a line's rows after its first are indented under it, two more)
    let indent = |l: &Line<'_>| 2 + l.to_string().chars().take_while(|&c| c == ' ').count();
    let mut rows: Vec<Line<'static>> =
        lines(lab, style).iter().flat_map(|l| wrap(l, usize::from(inner.width), indent(l))).collect();
    let room = usize::from(inner.height);
    if rows.len() > room && room > 0 {
        let cut = rows.len() - (room - 1);
        rows.truncate(room - 1);
        rows.push(Line::styled(format!("… {} cut: make it taller", count(cut, "row", "rows")), style.bad()));
    }
    Paragraph::new(rows).render(inner, buf);
}
