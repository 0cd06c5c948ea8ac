//! Located errors for map files.
//!
//! A map author fixes a map by reading these, so each problem carries the file line and column it
//! is about (1-based, columns counted in characters, as editors and ron count them) and the text
//! of that line; [`MapError`]'s `Display` prints them the way rustc does, caret and all. A file
//! gets every problem reported at once, not just the first.

use std::fmt;

/// Everything wrong with one map file.
///
/// # Examples
///
/// ```
/// use sightline::map::format::parse_text;
/// let err = parse_text("###\n#X#\n##\n", "bad.txt").unwrap_err();
/// assert_eq!(err.problems.len(), 2); // the unknown glyph and the short row, both at once
/// assert_eq!((err.problems[0].line, err.problems[0].column), (Some(2), Some(2)));
/// assert!(err.to_string().starts_with("bad.txt:2:2: unknown glyph 'X'"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.render())]
pub struct MapError {
    /// Where the map came from: the path as given, or a name such as
    /// `<embedded maps/dungeon.ron>`.
    pub origin: String,
    /// At least one problem, in the order they were found.
    pub problems: Vec<Problem>,
}

/// One thing wrong with a map file, located as precisely as the problem allows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// The 1-based file line, when the problem has one.
    pub line: Option<usize>,
    /// The 1-based column of that line, in characters.
    pub column: Option<usize>,
    /// What is wrong, in a sentence.
    pub message: String,
    /// The text of `line`, without its line ending, for the caret display.
    pub source_line: Option<String>,
}

impl Problem {
    /// A problem about the file as a whole.
    pub fn whole_file(message: impl Into<String>) -> Self {
        Problem { line: None, column: None, message: message.into(), source_line: None }
    }

    /// A problem at `line` and `column` of `source`, which must be the text the numbers refer to.
    pub fn at(source: &str, line: usize, column: Option<usize>, message: impl Into<String>) -> Self {
        super::source::SourceIndex::new(source).problem(line, column, message.into())
    }
}

impl MapError {
    /// An error with a single problem.
    pub fn single(origin: impl Into<String>, problem: Problem) -> Self {
        MapError { origin: origin.into(), problems: vec![problem] }
    }

    fn render(&self) -> String {
        let mut out = String::new();
        for p in &self.problems {
            render_problem(&mut out, &self.origin, p);
        }
        let n = self.problems.len();
        out.push_str(&format!("{}: {n} problem{}", self.origin, if n == 1 { "" } else { "s" }));
        out
    }
}

/// `file:line:column: message`, then the line with a caret under the column.
fn render_problem(out: &mut String, origin: &str, p: &Problem) {
    use fmt::Write;
    let _ = match (p.line, p.column) {
        (Some(l), Some(c)) => writeln!(out, "{origin}:{l}:{c}: {}", p.message),
        (Some(l), None) => writeln!(out, "{origin}:{l}: {}", p.message),
        _ => writeln!(out, "{origin}: {}", p.message),
    };
    let (Some(line), Some(text)) = (p.line, &p.source_line) else { return };
    let gutter = line.to_string().len();
    let pad = " ".repeat(gutter);
    let _ = writeln!(out, "{pad} |");
    let _ = writeln!(out, "{line} | {text}");
    if let Some(col) = p.column {
        // Keep tabs as tabs so the caret lines up however the terminal expands them.
        let lead: String =
            text.chars().take(col.saturating_sub(1)).map(|c| if c == '\t' { '\t' } else { ' ' }).collect();
        let _ = writeln!(out, "{pad} | {lead}^");
    }
}

/// Collects problems, keeping at most `cap` of each kind and counting the rest, so that a map
/// with a million bad glyphs gets a readable report.
#[derive(Default)]
pub(crate) struct Problems {
    list: Vec<Problem>,
    /// `(kind, kept, dropped)` per kind of problem.
    counts: Vec<(&'static str, usize, usize)>,
}

impl Problems {
    /// At most this many problems of one kind are listed.
    pub(crate) const CAP: usize = 20;

    /// Records a problem of `kind` (a plural noun such as `"unknown glyphs"`): listed if fewer
    /// than [`Self::CAP`] of its kind are, else only counted.
    pub(crate) fn push(&mut self, kind: &'static str, make: impl FnOnce() -> Problem) {
        let i = match self.counts.iter().position(|c| c.0 == kind) {
            Some(i) => i,
            None => {
                self.counts.push((kind, 0, 0));
                self.counts.len() - 1
            }
        };
        if self.counts[i].1 < Self::CAP {
            self.counts[i].1 += 1;
            self.list.push(make());
        } else {
            self.counts[i].2 += 1;
        }
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// The listed problems, followed by one "and N more" line per kind that overflowed.
    /// Located problems come in file order, so a report reads top to bottom.
    pub(crate) fn into_vec(mut self) -> Vec<Problem> {
        self.list.sort_by_key(|p| (p.line.is_none(), p.line, p.column));
        for (kind, _, dropped) in self.counts {
            if dropped > 0 {
                self.list.push(Problem::whole_file(format!("... and {dropped} more {kind}")));
            }
        }
        self.list
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_location_line_and_caret() {
        let src = "a\n\tb.Xc\n";
        let e = MapError::single("m.txt", Problem::at(src, 2, Some(4), "unknown glyph 'X'"));
        let shown = e.to_string();
        assert_eq!(shown, "m.txt:2:4: unknown glyph 'X'\n  |\n2 | \tb.Xc\n  | \t  ^\nm.txt: 1 problem");
    }

    #[test]
    fn caps_each_kind_and_counts_the_rest() {
        let mut ps = Problems::default();
        for i in 0..25 {
            ps.push("unknown glyphs", || Problem::whole_file(format!("g{i}")));
        }
        ps.push("rows of the wrong width", || Problem::whole_file("w"));
        let v = ps.into_vec();
        assert_eq!(v.len(), Problems::CAP + 1 + 1);
        assert_eq!(v.last().unwrap().message, "... and 5 more unknown glyphs");
        assert_eq!(v[Problems::CAP].message, "w");
    }
}
