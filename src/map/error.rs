//! Located errors for map files.
//!
//! A map author fixes a map by reading these, so each problem carries the file line and column it
//! is about (1-based, columns counted in characters, as editors and ron count them) and the text
//! of that line; [`MapError`]'s `Display` prints them the way rustc does, caret and all. A file
//! gets every problem reported at once, not just the first.
//!
//! A map file is untrusted text printed to a terminal: the quoted line (and the message, and the
//! origin) are written with every control character replaced by a stand-in, so no escape
//! sequence, bell or carriage return in a file reaches the terminal. The caret is placed by
//! display width, so it stands under its character after wide (CJK, emoji) ones too; a line too
//! long to show is quoted as an excerpt around the column.

use std::borrow::Cow;
use std::fmt;
use std::sync::Arc;

use unicode_width::UnicodeWidthChar;

use super::names::{terminal_char, terminal_text};

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
#[derive(Clone, Debug, thiserror::Error)]
#[error("{}", self.render())]
pub struct MapError {
    /// Where the map came from: the path as given, or a name such as
    /// `<embedded maps/dungeon.ron>`.
    pub origin: String,
    /// At least one problem; located ones in file order, then those about the whole file.
    pub problems: Vec<Problem>,
    /// The problems only counted, not listed: past [`MapError::LISTED`] of one kind (a file of
    /// a thousand stray glyphs gets twenty of them spelled out), how many more of each kind
    /// there are. The report ends with an `... and N more` line for each, and counts them in
    /// its total.
    pub unlisted: Vec<Unlisted>,
    /// The I/O error that kept the file from being read at all, if that is what happened: the
    /// error's [`source`](std::error::Error::source), so that a caller can tell a missing
    /// file from a broken one (see [`MapError::io_error_kind`]).
    #[source]
    io: Option<Arc<std::io::Error>>,
}

/// Equal when they report the same problems of the same file, and any I/O error behind them is
/// of the same kind (I/O errors themselves do not compare).
impl PartialEq for MapError {
    fn eq(&self, other: &Self) -> bool {
        (&self.origin, &self.problems, &self.unlisted, self.io_error_kind())
            == (&other.origin, &other.problems, &other.unlisted, other.io_error_kind())
    }
}

impl Eq for MapError {}

/// How many more problems of one kind a [`MapError`] counted without listing them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unlisted {
    /// The kind, as a plural noun: `"unknown glyphs"`, `"rows of the wrong width"`.
    pub kind: &'static str,
    /// How many more of that kind there are than are listed.
    pub count: usize,
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
    /// The text of `line`, without its line ending, for the caret display, as the file has it
    /// (control characters are replaced only when displayed).
    ///
    /// A line of more than [`Problem::MAX_QUOTED`] characters is kept as an excerpt, with `…`
    /// at each end that was cut. If `column` is past the first `MAX_QUOTED` characters, the
    /// excerpt starts with `…`, standing for the line up to [`Problem::EXCERPT_LEAD`] characters
    /// before the column's, and is shorter than the column: the display places the caret by
    /// that. Any other text is taken to start at the line's first character.
    pub source_line: Option<String>,
}

impl Problem {
    /// The longest quoted line kept whole, in characters (and about the longest excerpt of one).
    pub const MAX_QUOTED: usize = 200;

    /// How many characters an excerpt keeps before the column's, so that the reader sees what
    /// leads up to the problem.
    pub const EXCERPT_LEAD: usize = 60;

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
    /// At most this many problems of one kind are listed; the rest are counted in
    /// [`MapError::unlisted`].
    pub const LISTED: usize = 20;

    /// An error with a single problem.
    pub fn single(origin: impl Into<String>, problem: Problem) -> Self {
        MapError { origin: origin.into(), problems: vec![problem], unlisted: Vec::new(), io: None }
    }

    /// The error of a file that could not be read: `problem` says so, and `io` is why.
    pub(crate) fn unreadable(origin: impl Into<String>, problem: Problem, io: std::io::Error) -> Self {
        MapError { io: Some(Arc::new(io)), ..MapError::single(origin, problem) }
    }

    /// The kind of I/O error that kept the file from being read at all
    /// ([`NotFound`](std::io::ErrorKind::NotFound), `PermissionDenied`, …), or `None` when the
    /// file was read and its contents are what is wrong. The error itself is the
    /// [`source`](std::error::Error::source).
    ///
    /// ```
    /// use std::io::ErrorKind;
    /// use sightline::map::format::{load_path, parse_text};
    /// let missing = load_path("no/such/map.ron".as_ref()).unwrap_err();
    /// assert_eq!(missing.io_error_kind(), Some(ErrorKind::NotFound));
    /// assert!(std::error::Error::source(&missing).is_some());
    /// assert_eq!(parse_text("#X#\n", "bad.txt").unwrap_err().io_error_kind(), None);
    /// ```
    pub fn io_error_kind(&self) -> Option<std::io::ErrorKind> {
        self.io.as_ref().map(|e| e.kind())
    }

    /// How many problems the file has: the listed ones and the ones only counted.
    pub fn total(&self) -> usize {
        self.problems.len() + self.unlisted.iter().map(|u| u.count).sum::<usize>()
    }

    fn render(&self) -> String {
        let mut out = String::new();
        for p in &self.problems {
            render_problem(&mut out, &self.origin, p);
        }
        for u in &self.unlisted {
            out.push_str(&format!("{}: ... and {} more {}\n", terminal_text(&self.origin), u.count, u.kind));
        }
        let n = self.total();
        out.push_str(&format!(
            "{}: {n} problem{}",
            terminal_text(&self.origin),
            if n == 1 { "" } else { "s" }
        ));
        out
    }
}

/// `file:line:column: message`, then the line with a caret under the column.
fn render_problem(out: &mut String, origin: &str, p: &Problem) {
    use fmt::Write;
    let (origin, message) = (terminal_text(origin), terminal_text(&p.message));
    let _ = match (p.line, p.column) {
        (Some(l), Some(c)) => writeln!(out, "{origin}:{l}:{c}: {message}"),
        (Some(l), None) => writeln!(out, "{origin}:{l}: {message}"),
        _ => writeln!(out, "{origin}: {message}"),
    };
    let (Some(line), Some(text)) = (p.line, &p.source_line) else { return };
    let gutter = line.to_string().len();
    let pad = " ".repeat(gutter);
    let (text, caret) = quoted(text, p.column);
    let _ = writeln!(out, "{pad} |");
    let _ = writeln!(out, "{line} | {}", terminal_text(&text));
    if let Some(caret) = caret {
        // One space per terminal cell before the caret, counted the way the line was written
        // out (a stand-in is one cell); tabs are kept as tabs so the caret lines up however the
        // terminal expands them. A character of no width (a combining mark) has no cell of its
        // own: the caret goes under the one it is drawn on, not under the next.
        let width =
            |c: char| if c == '\t' { 1 } else { UnicodeWidthChar::width(terminal_char(c)).unwrap_or(1) };
        let mut caret = caret;
        while caret > 0 && text.chars().nth(caret).is_some_and(|c| width(c) == 0) {
            caret -= 1;
        }
        let lead: String = text
            .chars()
            .take(caret)
            .flat_map(|c| {
                let (c, n) = if c == '\t' {
                    ('\t', 1)
                } else {
                    (' ', UnicodeWidthChar::width(terminal_char(c)).unwrap_or(1))
                };
                std::iter::repeat_n(c, n)
            })
            .collect();
        let _ = writeln!(out, "{pad} | {lead}^");
    }
}

/// The text to quote for a problem at `column` of a line whose stored text is `text`, and how
/// many of its characters come before the caret: `text` itself when it is an excerpt (see
/// [`Problem::source_line`]), else an excerpt of it (which is `text` when it is short).
fn quoted(text: &str, column: Option<usize>) -> (Cow<'_, str>, Option<usize>) {
    let at = column.map(|c| c.saturating_sub(1));
    let caret = |t: &str| at.map(|at| if is_cut_before(t, at) { Problem::EXCERPT_LEAD + 1 } else { at });
    if at.is_some_and(|at| is_cut_before(text, at)) {
        return (Cow::Borrowed(text), caret(text));
    }
    let shown = excerpt(text, column);
    let caret = caret(&shown);
    (if shown == text { Cow::Borrowed(text) } else { Cow::Owned(shown) }, caret)
}

/// Marks where an excerpt was cut.
const CUT: char = '…';

/// Whether `text` is an excerpt cut before its column, character `at` of the line: it starts
/// with [`CUT`] and ends before the column. A line (or the start of one) reaches its column, as
/// a column is at most one past the line's end.
fn is_cut_before(text: &str, at: usize) -> bool {
    text.starts_with(CUT) && text.chars().count() < at
}

/// The part of `line` to keep for a problem at `column` (1-based, in characters).
///
/// For a column within the first [`Problem::MAX_QUOTED`] characters (or none): the line's start,
/// up to `MAX_QUOTED` characters or a little past the column if that is more, then [`CUT`] if
/// the line goes on. For a column past them: `CUT`, the [`Problem::EXCERPT_LEAD`] characters
/// before the column's, the column's and those after it, fewer than `MAX_QUOTED` characters in
/// all with the `CUT` that ends them if the line goes on. Such an excerpt is shorter than the
/// column (which is at least `MAX_QUOTED + 1`), which is how [`is_cut_before`] tells it from a
/// line.
///
/// Reads no more of `line` than the column and the excerpt: a problem far along a huge line
/// costs about what locating it did.
pub(crate) fn excerpt(line: &str, column: Option<usize>) -> String {
    /// How many characters past the column a quote from the line's start keeps at least.
    const AFTER: usize = 20;
    let max = Problem::MAX_QUOTED;
    let at = column.map_or(0, |c| c.saturating_sub(1));
    let (skip, keep, mut out) = if at < max {
        (0, max.max(at + 1 + AFTER), String::new())
    } else {
        // `at - EXCERPT_LEAD > 0`: some of the line is always cut before. Two cut marks and
        // `max - 3` characters are `max - 1`, fewer than `at + 1`, the column.
        (at - Problem::EXCERPT_LEAD, max - 3, String::from(CUT))
    };
    let mut rest = line.chars().skip(skip);
    out.extend(rest.by_ref().take(keep));
    if rest.next().is_some() {
        out.push(CUT);
    }
    out
}

/// Collects problems, keeping at most [`MapError::LISTED`] of each kind and counting the rest, so that a map
/// with a million bad glyphs gets a readable report.
#[derive(Default)]
pub(crate) struct Problems {
    list: Vec<Problem>,
    /// `(kind, kept, dropped)` per kind of problem.
    counts: Vec<(&'static str, usize, usize)>,
}

impl Problems {
    /// Records a problem of `kind` (a plural noun such as `"unknown glyphs"`): listed if fewer
    /// than [`MapError::LISTED`] of its kind are, else only counted.
    pub(crate) fn push(&mut self, kind: &'static str, make: impl FnOnce() -> Problem) {
        let i = match self.counts.iter().position(|c| c.0 == kind) {
            Some(i) => i,
            None => {
                self.counts.push((kind, 0, 0));
                self.counts.len() - 1
            }
        };
        if self.counts[i].1 < MapError::LISTED {
            self.counts[i].1 += 1;
            self.list.push(make());
        } else {
            self.counts[i].2 += 1;
        }
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// The error of file `origin` with these problems: the listed ones in file order, so that
    /// a report reads top to bottom, and the count of the rest of each kind.
    pub(crate) fn into_error(mut self, origin: &str) -> MapError {
        self.list.sort_by_key(|p| (p.line.is_none(), p.line, p.column));
        let unlisted = self
            .counts
            .into_iter()
            .filter(|&(_, _, dropped)| dropped > 0)
            .map(|(kind, _, count)| Unlisted { kind, count })
            .collect();
        MapError { origin: origin.to_string(), problems: self.list, unlisted, io: None }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A combining mark has no cell of its own: its caret stands under the character it is
    /// drawn on, not under the next one (where the next glyph's own caret would stand).
    #[test]
    fn a_combining_mark_s_caret_stands_under_its_base() {
        let src = "#e\u{301}X#\n";
        let e = MapError::single("m.txt", Problem::at(src, 1, Some(3), "unknown glyph '\\u{301}'"));
        assert!(e.to_string().contains("1 | #e\u{301}X#\n  |  ^\n"), "{e}");
        let e = MapError::single("m.txt", Problem::at(src, 1, Some(4), "unknown glyph 'X'"));
        assert!(e.to_string().contains("1 | #e\u{301}X#\n  |   ^\n"), "{e}");
    }

    #[test]
    fn renders_location_line_and_caret() {
        let src = "a\n\tb.Xc\n";
        let e = MapError::single("m.txt", Problem::at(src, 2, Some(4), "unknown glyph 'X'"));
        let shown = e.to_string();
        assert_eq!(shown, "m.txt:2:4: unknown glyph 'X'\n  |\n2 | \tb.Xc\n  | \t  ^\nm.txt: 1 problem");
    }

    /// The quoted line and the caret line of a one-problem error.
    fn quote(e: &MapError) -> (String, String) {
        let shown = e.to_string();
        let lines: Vec<&str> = shown.lines().collect();
        (lines[2].to_string(), lines[3].to_string())
    }

    #[test]
    fn control_characters_are_quoted_as_one_cell_stand_ins() {
        // escape, bell, a lone carriage return, DEL, a C1 control and a right-to-left override
        let src = "#\u{1b}[2J\u{7}\r\u{7f}\u{9b}\u{202e}X#\n";
        let e = MapError::single("m.txt", Problem::at(src, 1, Some(10), "unknown glyph 'X'"));
        assert_eq!(e.problems[0].source_line.as_deref(), Some("#\u{1b}[2J\u{7}\r\u{7f}\u{9b}\u{202e}X#"));
        let (line, caret) = quote(&e);
        assert_eq!(line, "1 | #\u{FFFD}[2J\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}X#");
        assert_eq!(caret, "  |          ^");
        // the message and the origin are written the same way
        let p = Problem::whole_file("glyph \u{1b}]0;pwned\u{7}");
        assert_eq!(
            MapError::single("a\u{1b}b", p).to_string(),
            "a\u{FFFD}b: glyph \u{FFFD}]0;pwned\u{FFFD}\na\u{FFFD}b: 1 problem"
        );
    }

    #[test]
    fn the_caret_counts_display_cells_not_characters() {
        // é is one cell, 日 and 😀 two; a combining accent none
        for (src, col, want) in [
            ("#@é日X.#", 5, "  |      ^"),
            ("#.😀X#", 4, "  |     ^"),
            ("e\u{301}\u{FF21}X", 4, "  |    ^"),
            ("\t日\tX", 4, "  | \t  \t^"),
        ] {
            let e = MapError::single("m.txt", Problem::at(src, 1, Some(col), "here"));
            assert_eq!(quote(&e), (format!("1 | {src}"), want.to_string()), "{src:?}");
        }
    }

    #[test]
    fn a_column_past_the_quoted_length_is_shown_in_an_excerpt() {
        // X at column 250 of a 300-character line
        let line: String =
            (1..=300).map(|c| if c == 250 { 'X' } else { char::from(b'a' + (c % 26) as u8) }).collect();
        let e = MapError::single("m.txt", Problem::at(&line, 1, Some(250), "unknown glyph 'X'"));
        let kept = &e.problems[0].source_line;
        let (quoted, caret) = quote(&e);
        assert!(e.to_string().starts_with("m.txt:1:250: unknown glyph 'X'"), "{e}");
        let want: String = line.chars().skip(249 - Problem::EXCERPT_LEAD).collect();
        assert_eq!(kept.as_deref(), Some(&*format!("…{want}")));
        assert_eq!(quoted, format!("1 | …{want}"));
        assert_eq!(caret, format!("  | {}^", " ".repeat(1 + Problem::EXCERPT_LEAD)));
        // a longer line is cut after as well, and a column near the start keeps the start
        let long = "ab".repeat(1000);
        let e = MapError::single("m.txt", Problem::at(&long, 1, Some(1500), "here"));
        let kept = e.problems[0].source_line.clone().unwrap();
        assert_eq!(kept.chars().count(), Problem::MAX_QUOTED - 1);
        assert!(kept.starts_with('…') && kept.ends_with('…'));
        assert_eq!(quote(&e).1, format!("  | {}^", " ".repeat(1 + Problem::EXCERPT_LEAD)));
        let e = MapError::single("m.txt", Problem::at(&long, 1, Some(3), "here"));
        assert_eq!(e.problems[0].source_line.as_deref(), Some(&*format!("{}…", &long[..200])));
        assert_eq!(quote(&e).1, "  |   ^");
        // a problem built with the whole line is shown the same way
        let whole = Problem { source_line: Some(long.clone()), ..Problem::at(&long, 1, Some(1500), "here") };
        assert_eq!(MapError::single("m.txt", whole).to_string(), quoted_at(&long, 1500));
    }

    #[test]
    fn an_excerpt_is_recognised_from_the_first_column_past_the_quoted_length() {
        // X at each column around MAX_QUOTED of a line long enough to be cut at both ends
        for col in Problem::MAX_QUOTED - 1..=Problem::MAX_QUOTED + 3 {
            let line: String = (1..=400).map(|c| if c == col { 'X' } else { '.' }).collect();
            let e = MapError::single("m.txt", Problem::at(&line, 1, Some(col), "here"));
            let (quoted, caret) = quote(&e);
            let at = caret.chars().count() - "  | ".len() - 1;
            assert_eq!(quoted.chars().nth("1 | ".len() + at), Some('X'), "column {col}: {quoted}\n{caret}");
        }
    }

    fn quoted_at(src: &str, col: usize) -> String {
        MapError::single("m.txt", Problem::at(src, 1, Some(col), "here")).to_string()
    }

    #[test]
    fn caps_each_kind_and_counts_the_rest() {
        let mut ps = Problems::default();
        for i in 0..25 {
            ps.push("unknown glyphs", || Problem::whole_file(format!("g{i}")));
        }
        ps.push("rows of the wrong width", || Problem::whole_file("w"));
        let e = ps.into_error("m.txt");
        assert_eq!(e.problems.len(), MapError::LISTED + 1);
        assert_eq!(e.problems[MapError::LISTED].message, "w");
        assert_eq!(e.unlisted, [Unlisted { kind: "unknown glyphs", count: 5 }]);
        // the total counts every problem, listed or not: 26, not the 21 listed (or 22 lines)
        assert_eq!(e.total(), 26);
        let shown = e.to_string();
        assert!(shown.ends_with("m.txt: ... and 5 more unknown glyphs\nm.txt: 26 problems"), "{shown}");
    }
}
