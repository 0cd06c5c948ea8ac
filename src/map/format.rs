//! Reading map files: the RON format and plain text, into a [`Map`], or a [`MapError`] that
//! lists every problem with its file line and column.
//!
//! The format is documented in the README. In short: a RON struct with a `name`, optional
//! `description`, `author` and `sight_radius` (written bare, ron's `implicit_some` is on), the
//! `rows` as strings of glyphs, and an optional `legend` merged over the default one
//! ([`Legend::default`]). A `.txt` map is just the rows, one per line.
//!
//! Map files are untrusted input. Nothing here panics on any input, every size is checked
//! before memory is reserved for it, and a valid map costs its source text plus one byte per cell.

use std::borrow::Cow;
use std::fmt;
use std::path::Path;

use ron::extensions::Extensions;
use serde::Deserialize;
use serde::de::{self, Deserializer, Visitor};

use super::error::Problems;
use super::legend::{Legend, LegendEntry, LegendOverrides};
use super::names::shell_word;
use super::ron_rows::{
    Lexeme, RonRows, char_location, find_rows, holds_no_token, is_ron_whitespace, token_before, token_start,
    unclosed_block_comment,
};
use super::source::SourceIndex;
use super::{
    ItemKind, ItemSpawn, MAX_SIDE, Map, MapError, MapMeta, MonsterKind, MonsterSpawn, Problem, Tile,
};
use crate::geometry::{Grid, Pos};

/// The largest map file read, in bytes: a 4096×4096 map written plainly is about 17 MB, so
/// this leaves room for comments, escapes and multi-byte glyphs while refusing to read a file
/// that cannot be a map.
pub const MAX_FILE_BYTES: usize = 64 * 1024 * 1024;

/// ron's nesting limit for map files. A map nests three deep (`legend: { 'T': Tile(Wall) }`);
/// the limit keeps hostile input such as a hundred thousand `[` from exhausting the stack.
pub const RECURSION_LIMIT: usize = 16;

/// How a map file is written.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SourceKind {
    /// The RON format.
    Ron,
    /// Rows only, one per line, default legend.
    Text,
}

impl SourceKind {
    /// `.txt` files (the extension in any case) are plain text; anything else is read as RON.
    ///
    /// ```
    /// use std::path::Path;
    /// use sightline::map::SourceKind;
    /// assert_eq!(SourceKind::of_path(Path::new("maps/arena.TXT")), SourceKind::Text);
    /// assert_eq!(SourceKind::of_path(Path::new("maps/dungeon.ron")), SourceKind::Ron);
    /// ```
    pub fn of_path(path: &Path) -> Self {
        match path.extension().and_then(|e| e.to_str()) {
            Some(e) if e.eq_ignore_ascii_case("txt") => SourceKind::Text,
            _ => SourceKind::Ron,
        }
    }
}

/// Loads a map file, choosing the format by extension (`.txt` is plain text, anything else RON).
///
/// ```
/// use std::path::Path;
/// use sightline::map::format::load_path;
/// let path = concat!(env!("CARGO_MANIFEST_DIR"), "/maps/pillars.ron");
/// let map = load_path(Path::new(path))?;
/// assert_eq!(map.meta.name, "The Pillared Hall");
/// assert_eq!(map.meta.sight_radius, Some(16));
/// assert!(load_path(Path::new("no/such/map.ron")).is_err());
/// # Ok::<(), sightline::map::MapError>(())
/// ```
pub fn load_path(path: &Path) -> Result<Map, MapError> {
    let bytes = read_map_file(path)?;
    parse_bytes(&bytes, &path.display().to_string(), SourceKind::of_path(path))
}

/// Reads a file that should hold a map, refusing (before reading it) one larger than
/// [`MAX_FILE_BYTES`], reading no further than that from anything that grows (a pipe, a
/// device), and never waiting for a named pipe's writer (see `safe_file`).
pub fn read_map_file(path: &Path) -> Result<Vec<u8>, MapError> {
    use crate::safe_file::{ReadFailure, read};
    let origin = path.display().to_string();
    let problem = |p: Problem| MapError::single(&origin, p);
    read(path, MAX_FILE_BYTES as u64).map_err(|failure| match failure {
        ReadFailure::Io(e) => {
            MapError::unreadable(&origin, Problem::whole_file(format!("cannot read: {e}")), e)
        }
        ReadFailure::TooLarge(Some(len)) => problem(too_large(&format!("is {len} bytes"))),
        // Something that grows as it is read (a pipe, a device): its size is unknown.
        ReadFailure::TooLarge(None) => problem(too_large(&format!("holds more than {MAX_FILE_BYTES} bytes"))),
        ReadFailure::EmptyPipe => {
            problem(Problem::whole_file("cannot read: a named pipe (FIFO) that nothing wrote to"))
        }
    })
}

/// `size` says how big the file is: "is N bytes", or "holds more than N bytes".
fn too_large(size: &str) -> Problem {
    Problem::whole_file(format!(
        "the file {size}; a map file may be at most {MAX_FILE_BYTES} bytes \
         (the largest map is {MAX_SIDE}x{MAX_SIDE} cells)"
    ))
}

/// Parses a map from raw bytes: checks the size and that the bytes are UTF-8 (a bad byte is
/// reported at its line and column), then parses as `kind`.
///
/// ```
/// use sightline::map::{SourceKind, format::parse_bytes};
/// assert!(parse_bytes(b"#.#\n", "ok.txt", SourceKind::Text).is_ok());
/// let err = parse_bytes(b"#.#\n#\xff#\n", "bad.txt", SourceKind::Text).unwrap_err();
/// assert_eq!(err.problems[0].line, Some(2));
/// ```
pub fn parse_bytes(bytes: &[u8], origin: &str, kind: SourceKind) -> Result<Map, MapError> {
    if bytes.len() > MAX_FILE_BYTES {
        return Err(MapError::single(origin, too_large(&format!("is {} bytes", bytes.len()))));
    }
    let source = std::str::from_utf8(bytes).map_err(|e| {
        let good = &bytes[..e.valid_up_to()];
        // the prefix is valid UTF-8 by construction
        let good = std::str::from_utf8(good).unwrap_or_default();
        // located in the text after a byte order mark, as every other problem is
        let bom = if good.starts_with('\u{FEFF}') { '\u{FEFF}'.len_utf8() } else { 0 };
        let text_before = &good[bom..];
        let idx = SourceIndex::new(text_before);
        let (line, col) = idx.line_col(text_before.len());
        let bad = bytes[e.valid_up_to()];
        let line_start = bom + text_before.rfind('\n').map_or(0, |i| i + 1);
        let line_end =
            bytes[line_start..].iter().position(|&b| b == b'\n').map_or(bytes.len(), |p| line_start + p);
        let text = String::from_utf8_lossy(&bytes[line_start..line_end]);
        let text = super::error::excerpt(text.strip_suffix('\r').unwrap_or(&text), Some(col));
        MapError::single(
            origin,
            Problem {
                line: Some(line),
                column: Some(col),
                message: format!(
                    "the file is not UTF-8 text: byte 0x{bad:02X} at byte offset {} is not valid UTF-8",
                    e.valid_up_to()
                ),
                source_line: Some(text),
            },
        )
    })?;
    match kind {
        SourceKind::Ron => parse_ron(source, origin),
        SourceKind::Text => parse_text(source, origin),
    }
}

/// The top level of a RON map file.
#[derive(Deserialize)]
#[serde(rename = "Map", deny_unknown_fields)]
struct MapFile<'a> {
    name: String,
    #[serde(default)]
    description: Option<String>,
    #[serde(default)]
    author: Option<String>,
    #[serde(default)]
    sight_radius: Option<u32>,
    #[serde(borrow)]
    rows: Rows<'a>,
    #[serde(default)]
    legend: LegendOverrides,
}

/// A row as written: borrowed from the source unless it had escapes, so that a big map does
/// not hold a second copy of its text.
struct RowText<'a>(Cow<'a, str>);

impl<'de: 'a, 'a> Deserialize<'de> for RowText<'a> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = RowText<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a row of glyphs as a string")
            }
            fn visit_borrowed_str<E: de::Error>(self, s: &'de str) -> Result<Self::Value, E> {
                Ok(RowText(Cow::Borrowed(s)))
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<Self::Value, E> {
                Ok(RowText(Cow::Owned(s.to_owned())))
            }
            fn visit_string<E: de::Error>(self, s: String) -> Result<Self::Value, E> {
                Ok(RowText(Cow::Owned(s)))
            }
        }
        d.deserialize_str(V)
    }
}

/// The `rows` list, read no further than one row past [`MAX_SIDE`]: a file of millions of
/// short rows is refused as soon as it is known to be too tall, before holding a row reference
/// (24 bytes) for each of them, which would cost far more than the map it claims to be.
struct Rows<'a>(Vec<RowText<'a>>);

impl<'de: 'a, 'a> Deserialize<'de> for Rows<'a> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Rows<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a list of rows")
            }
            fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
                let mut rows = Vec::new();
                while let Some(row) = seq.next_element()? {
                    if rows.len() == MAX_SIDE {
                        return Err(de::Error::custom(format!(
                            "the map has more than {MAX_SIDE} rows; the limit is {MAX_SIDE}"
                        )));
                    }
                    rows.push(row);
                }
                Ok(Rows(rows))
            }
        }
        d.deserialize_seq(V)
    }
}

impl AsRef<str> for RowText<'_> {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

/// Parses a RON map. `origin` names the source in errors (usually the path).
///
/// ```
/// use sightline::map::format::parse_ron;
/// use sightline::{Pos, Tile};
/// let source = r#"(
///     name: "Hedge maze",
///     sight_radius: 6,
///     legend: { 'T': Tile(Wall) },
///     rows: [
///         "TTTTTTT",
///         "T@.+..T",
///         "TTTTTTT",
///     ],
/// )"#;
/// let map = parse_ron(source, "hedge.ron")?;
/// assert_eq!(map.meta.sight_radius, Some(6));
/// assert_eq!(map.tile(Pos::new(3, 1)), Tile::DoorClosed);
/// assert_eq!(map.tile(Pos::new(0, 0)), Tile::Wall); // the map's own glyph
/// # Ok::<(), sightline::map::MapError>(())
/// ```
pub fn parse_ron(source: &str, origin: &str) -> Result<Map, MapError> {
    if source.len() > MAX_FILE_BYTES {
        return Err(MapError::single(origin, too_large(&format!("is {} bytes", source.len()))));
    }
    let source = source.strip_prefix('\u{FEFF}').unwrap_or(source);
    if holds_no_token(source) {
        // (ron's "Expected opening `(` for struct `Map`" for it is about RON, not the map; the
        // empty plain-text map is told as this is)
        let what = if source.is_empty() {
            "the file is empty"
        } else if source.chars().all(is_ron_whitespace) {
            "the file holds only blank lines"
        } else {
            "the file holds only comments"
        };
        let message = format!(
            "the map has no rows: {what}; a RON map is a `name` and its `rows` in parentheses, such \
             as (name: \"The Cave\", rows: [\"#@.>#\"]) (the README shows a whole one)"
        );
        return Err(MapError::single(origin, SourceIndex::new(source).problem(1, Some(1), message)));
    }
    let options = ron::Options::default()
        .with_default_extension(Extensions::IMPLICIT_SOME)
        .with_recursion_limit(RECURSION_LIMIT);
    let file: MapFile = options.from_str(source).map_err(|e| {
        let idx = SourceIndex::new(source);
        let start = idx.offset(e.span.start.line.max(1), e.span.start.col.max(1));
        let end = idx.offset(e.span.end.line.max(1), e.span.end.col.max(1));
        // ron's span starts where the parser stood after the last token it took, and ends where
        // it stood when it gave up: past the whitespace and comments it skipped on the way to
        // the token it could not take. A value of the wrong type on the next line was reported
        // at the end of the line before, or inside a comment: when only whitespace and comments
        // lie between the two, the mistake is at the end. Otherwise (an error inside a string,
        // which may hold `//` or `/*`; one at the end of the file, where no token is; the
        // loader's own messages, raised once a value is read) the start says where.
        let skipped = end < source.len() && token_start(source, start) == end;
        let mut at = if skipped && !matches!(e.code, ron::Error::Message(_)) { end } else { start };
        // ron places a number's errors (out of bounds, say) at its digits: its sign is part of it.
        let b = source.as_bytes();
        if at > 0 && b.get(at).is_some_and(u8::is_ascii_digit) && matches!(b[at - 1], b'-' | b'+') {
            at -= 1;
        }
        // The loader's own messages about a legend key written as a character (`'T'` given
        // twice) are raised once ron has taken the character: its span starts at the closing
        // quote. The key is the glyph, just after the opening quote, where a key written as a
        // string is reported.
        if matches!(e.code, ron::Error::Message(_))
            && let Some(key) = token_before(source, end)
            && key.lexeme == Lexeme::Other(b'\'')
            && (key.start..key.end).contains(&at)
        {
            at = key.start + 1;
        }
        let mut message = e.code.to_string();
        if let Some((place, explained)) = explain_ron_error(source, origin, &e.code, start, end, at) {
            (at, message) = (place, explained);
        }
        let (line, col) = idx.line_col(at);
        MapError::single(origin, idx.problem(line, Some(col), message))
    })?;
    let mut legend = Legend::default();
    for (glyph, entry) in file.legend.0 {
        legend.insert(glyph, entry);
    }
    let meta = MapMeta {
        name: file.name,
        description: file.description,
        author: file.author,
        sight_radius: file.sight_radius,
    };
    let locate = RonLocator { idx: SourceIndex::new(source), rows: std::cell::OnceCell::new() };
    build(&file.rows.0, &legend, meta, &locate, origin)
}

/// ron's error explained where its own words or place would mislead a map author: the byte
/// offset and message to report instead, or `None` to keep ron's. `start` and `end` are ron's
/// span and `at` the place it would be reported at (byte offsets). Each explanation quotes
/// ron's message, so that it stays recognisable, except where the file is not a RON map at all
/// (plain rows, a save): there ron's words are about a file it took for something else, and
/// the explanation says what the file is and what to do with it instead; and a missing field,
/// whose words ("Unexpected missing field named `name` in `Map`") are ron's jargon for what a
/// map author reads better plainly. A hint about a likely mistake (a fraction or a number out
/// of range for `sight_radius`, a row in single quotes, a legend entry without its kind) is
/// given only where the mistake is recognised for sure, at ron's place.
fn explain_ron_error(
    source: &str,
    origin: &str,
    code: &ron::Error,
    start: usize,
    end: usize,
    at: usize,
) -> Option<(usize, String)> {
    use ron::Error as E;
    if !matches!(code, E::Message(_)) && looks_like_plain_rows(source) {
        // (ron's own words, "Expected an `#![enable(...)]` attribute" for a first row of `#`,
        // are about RON the file never meant to be)
        let message = "the file looks like a plain-text map (rows of glyphs, one a line), but it \
                       is read as RON, as every map file not named `.txt` is: name it `.txt`, or \
                       write the rows in a RON map as the README shows";
        return Some((0, message.to_string()));
    }
    let b = source.as_bytes();
    match code {
        // A save's first field, where a map's fields are expected: the file is a save.
        E::NoSuchStructField { found, .. }
            if matches!(found.as_str(), "format" | "game") && looks_like_save(source) =>
        {
            let message = format!(
                "the file is a saved game, not a map: resume it with `sightline --load {}`",
                shell_word(origin)
            );
            Some((at, message))
        }
        E::ExpectedComma => explain_fraction(source, at)
            .or_else(|| explain_kind_of_player(source, at))
            .or_else(|| explain_missing_comma(source, at)),
        // (the only number of a map is its radius; `at` is on its sign or first digit)
        E::IntegerOutOfBounds if key_of_value(source, at) == Some("sight_radius") => {
            Some((at, format!("{code}: sight_radius is a whole number of cells from 0 to {}", u32::MAX)))
        }
        // `'#@>#'`: a string in single quotes, as some languages write one
        E::ExpectedString if b.get(at) == Some(&b'\'') => {
            let written = match single_quoted(source, at) {
                Some(text) if !text.contains('\\') => format!("\"{}\"", text.replace('"', "\\\"")),
                _ => "\"...\"".to_string(),
            };
            Some((
                at,
                format!(
                    "{code}: a string (a row, a name) is written in double quotes, {written}; single \
                     quotes hold one character, such as a legend key"
                ),
            ))
        }
        // `'T': Monster`: a legend entry that takes a kind, without it
        E::ExpectedStructLike => {
            let word = token_before(source, at).filter(|t| t.lexeme == Lexeme::Word)?;
            let text = &source[word.start..word.end];
            let kinds: Vec<String> = match text {
                "Tile" => Tile::ALL.iter().map(|t| format!("{t:?}")).collect(),
                "Monster" => MonsterKind::ALL.iter().map(|m| format!("{m:?}")).collect(),
                "Item" => ItemKind::ALL.iter().map(|i| format!("{i:?}")).collect(),
                _ => return None,
            };
            let after_colon =
                token_before(source, word.start).is_some_and(|t| t.lexeme == Lexeme::Other(b':'));
            after_colon.then(|| (at, format!("{code}: {text} needs a kind: {text}({})", kinds.join("|"))))
        }
        E::MissingStructField { field, outer: Some(outer) } if outer == "Map" => {
            let example = match &**field {
                "name" => ", such as `name: \"The Cave\"`",
                "rows" => ", such as `rows: [\"#@.>#\"]`",
                _ => "",
            };
            Some((at, format!("the map needs a `{field}` field{example}")))
        }
        // ron stops where it finds no end, past the `/*` that opened the comment
        E::UnclosedBlockComment => {
            unclosed_block_comment(source).filter(|&open| open <= at).map(|open| (open, code.to_string()))
        }
        // ron's span runs from where it stood in the string to just past the escape it could
        // not read: the escape starts at the last backslash in it.
        E::InvalidEscape(what) => {
            let slash = start + b.get(start..end)?.iter().rposition(|&c| c == b'\\')?;
            let message = match source.get(slash + 1..).and_then(|r| r.chars().next()) {
                Some(c) if *what == "Unknown escape character" => {
                    let shown: String = if c.is_control() { c.escape_default().collect() } else { c.into() };
                    format!(
                        "{what} `\\{shown}`: a backslash in a string starts an escape; \
                         a backslash itself is written `\\\\`"
                    )
                }
                _ => what.to_string(),
            };
            Some((slash, message))
        }
        // ron's span starts at the opening quote when no escape came before the end of the file
        E::ExpectedStringEnd if b.get(start) == Some(&b'"') => Some((
            start,
            format!(
                "{code}: this string is never closed; it runs on to the end of the file \
                 (a RON string may span lines)"
            ),
        )),
        // A `#` first in the file starts an attribute, for ron; a `# comment` is the likely intent.
        E::ExpectedAttribute => {
            let hash = token_start(source, 0);
            let comment = format!(
                "{code}: a `#` at the start of a RON file begins an attribute; comments are written `//`"
            );
            (b.get(hash) == Some(&b'#') && b.get(hash + 1) != Some(&b'!')).then_some((hash, comment))
        }
        _ => None,
    }
}

/// What a string written in single quotes from byte `open` holds: up to the first `'` on its
/// line that ends it, one followed by a `,`, `]`, `)` or the end of the line (a `'` inside, an
/// open door in a row or a name's apostrophe, is followed by more of the string).
fn single_quoted(source: &str, open: usize) -> Option<&str> {
    let line = source[open + 1..].split('\n').next().unwrap_or_default();
    line.match_indices('\'').map(|(i, _)| i).find_map(|i| {
        let after = line[i + 1..].trim_start();
        (after.is_empty() || after.starts_with([',', ']', ')'])).then(|| &line[..i])
    })
}

/// The key whose value starts at byte `value` (the word before the colon before it), if the
/// value follows `key:`.
fn key_of_value(source: &str, value: usize) -> Option<&str> {
    let colon = token_before(source, value).filter(|t| t.lexeme == Lexeme::Other(b':'))?;
    let key = token_before(source, colon.start).filter(|t| t.lexeme == Lexeme::Word)?;
    source.get(key.start..key.end)
}

/// `sight_radius: 5.5`: ron takes the whole number, then wants a comma at the `.`.
fn explain_fraction(source: &str, at: usize) -> Option<(usize, String)> {
    let b = source.as_bytes();
    let digits = b[..at].iter().rev().take_while(|c| c.is_ascii_digit()).count();
    let mut number = at - digits;
    if number > 0 && matches!(b[number - 1], b'-' | b'+') {
        number -= 1;
    }
    let fraction = digits > 0 && b.get(at) == Some(&b'.') && b.get(at + 1).is_some_and(u8::is_ascii_digit);
    (fraction && key_of_value(source, number) == Some("sight_radius"))
        .then(|| (at, "Expected comma: sight_radius is a whole number of cells, such as 5".to_string()))
}

/// `'P': Player(Orc)`: ron takes `Player`, which places no kind, then wants a comma at the `(`.
fn explain_kind_of_player(source: &str, at: usize) -> Option<(usize, String)> {
    let word = token_before(source, at).filter(|t| t.lexeme == Lexeme::Word && t.end == at)?;
    let player = &source[word.start..word.end] == "Player"
        && source.as_bytes().get(at) == Some(&b'(')
        && token_before(source, word.start).is_some_and(|t| t.lexeme == Lexeme::Other(b':'));
    player.then(|| (at, "Expected comma: Player takes no kind: write `Player` alone".to_string()))
}

/// ron's "Expected comma" is reported at the token after the missing comma, which may be lines
/// further on, past blank lines and comments: the comma belongs just after the token before.
/// That token, read from the start of the file (a `//` in a string is no comment), is also
/// what tells a missing comma from a string that ended too soon: a `"` inside a row that was
/// meant as glass, or a string left open on its line, which ran on to the next `"`.
fn explain_missing_comma(source: &str, at: usize) -> Option<(usize, String)> {
    let prev = token_before(source, at)?;
    let b = source.as_bytes();
    let idx = SourceIndex::new(source);
    let (line, col) = idx.line_col(at);
    let text = source.get(prev.start..prev.end)?;
    let is_row = |offset| find_rows(source).literals.contains(&offset);
    // (only whitespace and comments lie between: checked, should the lexer and ron disagree)
    if token_start(source, prev.end) != at {
        return None;
    }
    let closing = match prev.lexeme {
        Lexeme::Str => Some("\"".to_string()),
        Lexeme::RawStr(h) => Some(format!("\"{}", "#".repeat(h))),
        _ => None,
    };
    // A string that ended right where ron wanted a comma, with a `"` further on its line and
    // nothing between that reads as RON, ended early.
    let line_rest = source.get(at..).map_or("", |r| r.split('\n').next().unwrap_or_default());
    let ends_early = line_rest
        .split_once('"')
        .is_some_and(|(between, _)| !between.contains([':', ',', '(', '[', '{', ')', ']', '}']));
    if let Some(closing) = closing.filter(|c| prev.end == at && text.ends_with(c.as_str())) {
        let quote = prev.end - closing.len();
        if text.contains('\n') {
            // Its line ended inside it: it ran on to the next quote.
            let (first, _) = idx.line_col(prev.start);
            let (ql, qc) = idx.line_col(quote);
            let first_line = text.split('\n').next().unwrap_or_default();
            let note = if prev.lexeme == Lexeme::Str && has_escaped_quote(first_line) {
                format!("; the `\\\"` on line {first} is a quote inside the string (glass), not its end")
            } else {
                String::new()
            };
            return Some((
                prev.start,
                format!(
                    "this string is not closed on line {first}: it runs on to the `{closing}` on line \
                     {ql}, column {qc}, as a RON string may span lines (ron: Expected comma, at line \
                     {line}, column {col}){note}"
                ),
            ));
        }
        if ends_early {
            let message = match prev.lexeme {
                Lexeme::RawStr(h) => {
                    let more = "#".repeat(h + 1);
                    format!(
                        "Expected comma: this `{closing}` ends the raw string, and more follows it; a raw \
                         string ends at the first `{closing}`, even one meant as glass just left of a \
                         wall: write that glass `\\\"` in a \"...\" string, or start and end the raw \
                         string with one more `#`: r{more}\"...\"{more}"
                    )
                }
                _ => "Expected comma: this `\"` ends the string, and more follows it; a `\"` inside a \
                      string, such as glass in a row, is written `\\\"` (or write the row as a raw \
                      string: r#\"...\"#)"
                    .to_string(),
            };
            return Some((quote, message));
        }
    }
    // Right after the token (`Tile(Wall)x`, or the `7.5` and `Player()` explained before this
    // is asked), ron's place is the mistake's, and what is wrong there is not always a missing
    // comma: its words are kept.
    if prev.end == at {
        return None;
    }
    let what = match prev.lexeme {
        Lexeme::Str | Lexeme::RawStr(_) if is_row(prev.start) => "this row's string".to_string(),
        Lexeme::Str | Lexeme::RawStr(_) => "this string".into(),
        // the letters of a number (`1e5`, `0x1F`, `1_000`) follow its first digit
        Lexeme::Word if prev.start > 0 && matches!(b[prev.start - 1], b'0'..=b'9' | b'.') => {
            "this number".into()
        }
        Lexeme::Word => format!("`{text}`"),
        Lexeme::Other(c @ (b')' | b']' | b'}')) => format!("this `{}`", c as char),
        Lexeme::Other(b'0'..=b'9') => "this number".into(),
        Lexeme::Other(b'\'') => "this character".into(),
        Lexeme::Other(_) => return None,
    };
    let next = if is_row(at) { "the next row" } else { "what follows" };
    Some((prev.end, format!("Expected comma after {what}, before {next} on line {line}, column {col}")))
}

/// Whether the start of a `"` string (from its opening quote) holds an escaped quote, `\"`.
fn has_escaped_quote(text: &str) -> bool {
    let b = text.as_bytes();
    let mut i = 1;
    while i < b.len() {
        match b[i] {
            b'\\' if b.get(i + 1) == Some(&b'"') => return true,
            b'\\' => i += 2,
            _ => i += 1,
        }
    }
    false
}

/// Whether a file ron could not read looks like rows of glyphs: no RON punctuation, and
/// mostly glyphs of the default legend.
fn looks_like_plain_rows(source: &str) -> bool {
    let legend = Legend::default();
    let body = without_trailing_empty_lines(source);
    let (mut glyphs, mut all) = (0usize, 0usize);
    for c in body.chars().filter(|&c| !matches!(c, '\n' | '\r')) {
        if matches!(c, '(' | ')' | '[' | ']' | '{' | '}' | ':') {
            return false;
        }
        all += 1;
        glyphs += usize::from(legend.get(c).is_some());
    }
    all > 0 && glyphs * 4 >= all * 3
}

/// Whether a file that is not a RON map looks like a sightline save, whose top level holds a
/// `format` and a `game` key (`(format: 2, game: (...))`): it starts like one (see
/// [`save_start`]), or lines of it start with both keys.
pub(crate) fn looks_like_save(source: &str) -> bool {
    save_start(source).is_some() || (has_key(source, "format") && has_key(source, "game"))
}

/// Where a file that starts like a sightline save has its first key (byte offset): past any
/// byte order mark, whitespace and comments, an opening `(` and then a `format` or `game` key
/// and its colon, as every save the game writes starts.
fn save_start(source: &str) -> Option<usize> {
    let bom = if source.starts_with('\u{FEFF}') { '\u{FEFF}'.len_utf8() } else { 0 };
    let open = token_start(source, bom);
    if source.as_bytes().get(open) != Some(&b'(') {
        return None;
    }
    let key = token_start(source, open + 1);
    let rest = &source[key..];
    let word = ["format", "game"].into_iter().find(|k| {
        rest.strip_prefix(k).is_some_and(|r| !r.starts_with(|c: char| c == '_' || c.is_alphanumeric()))
    })?;
    let colon = token_start(source, key + word.len());
    (source.as_bytes().get(colon) == Some(&b':')).then_some(key)
}

/// Whether a line of `source` starts (after spaces) with `key` and a colon.
fn has_key(source: &str, key: &str) -> bool {
    source.lines().any(|line| {
        line.trim_start().strip_prefix(key).is_some_and(|rest| rest.trim_start().starts_with(':'))
    })
}

/// Whether `source` clearly is a RON map, whether or not it loads: past any byte order mark,
/// whitespace, comments and `#![...]` attributes it starts as a map does, with `(` (or
/// `Map(`), and it has a top-level `rows` key. Prose that mentions `rows:` (a README) is not.
fn is_ron_map(source: &str) -> bool {
    let bom = if source.starts_with('\u{FEFF}') { '\u{FEFF}'.len_utf8() } else { 0 };
    let mut at = token_start(source, bom);
    while source[at..].starts_with("#![") {
        match source[at..].find(']') {
            Some(end) => at = token_start(source, at + end + 1),
            None => return false,
        }
    }
    let rest = &source[at..];
    let start = match rest.strip_prefix("Map") {
        Some(r) if !r.starts_with(|c: char| c == '_' || c.is_alphanumeric()) => {
            token_start(source, at + "Map".len())
        }
        _ => at,
    };
    source.as_bytes().get(start) == Some(&b'(') && find_rows(source).key.is_some()
}

/// What a file that is not a sightline save is as a map file, for the save loader, which
/// names a map given in place of a save as what it is, with what to do with it.
#[cfg_attr(not(feature = "game"), allow(dead_code))]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum AsMap {
    /// It loads as a map where it is, read as [`load_path`] reads it: `sightline FILE` plays it
    /// if `playable` (it has a player start), and otherwise says it has none.
    Loads {
        /// Whether the map has a player start, the one thing a map that loads may lack to be
        /// played.
        playable: bool,
    },
    /// Plain rows in a file read as RON (not named `.txt`): `sightline FILE` would refuse it
    /// and say to name it `.txt`. `loads` says whether the rows load as a plain-text map.
    PlainRowsNotTxt {
        /// Whether the rows, read as plain text, are a map, and one with a player start.
        loads: Loads,
    },
    /// A RON map in a file named `.txt`, which is read as plain text: named `.ron`, it is read
    /// as RON. `loads` says whether it loads as a RON map.
    RonNamedTxt {
        /// Whether the file, read as RON, is a map, and one with a player start.
        loads: Loads,
    },
    /// A map with a mistake in it (a RON map that starts as one and has a top-level `rows`
    /// key, or plain rows in a `.txt` file): `sightline check FILE` says what is wrong.
    Mistaken,
    /// Not a map.
    NotAMap,
}

/// Whether a text, read one way, is a map, and one that can be played.
#[cfg_attr(not(feature = "game"), allow(dead_code))]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Loads {
    /// It does not load as a map.
    No,
    /// It loads, but has no player start.
    WithoutStart,
    /// It loads and has a player start: `sightline FILE` plays it.
    Playable,
}

impl Loads {
    fn of(map: Result<Map, MapError>) -> Loads {
        match map {
            Err(_) => Loads::No,
            Ok(map) if map.player_start.is_none() => Loads::WithoutStart,
            Ok(_) => Loads::Playable,
        }
    }
}

/// What `text`, the contents of a file read as `kind` (the rule of [`load_path`]: `.txt`
/// plain rows, anything else RON), is as a map file. For the save loader, to tell a map given
/// in place of a save from a file that is neither.
#[cfg_attr(not(feature = "game"), allow(dead_code))]
pub(crate) fn as_map(text: &str, kind: SourceKind) -> AsMap {
    let loads = Loads::of(match kind {
        SourceKind::Ron => parse_ron(text, ""),
        SourceKind::Text => parse_text(text, ""),
    });
    if loads != Loads::No {
        return AsMap::Loads { playable: loads == Loads::Playable };
    }
    // (blank space alone reads as rows of walls: no one meant that as a map)
    if text.trim().is_empty() {
        return AsMap::NotAMap;
    }
    match kind {
        // (the rule by which `sightline FILE` says to name it `.txt`: see `explain_ron_error`)
        SourceKind::Ron if looks_like_plain_rows(text) => {
            AsMap::PlainRowsNotTxt { loads: Loads::of(parse_text(text, "")) }
        }
        SourceKind::Ron if is_ron_map(text) => AsMap::Mistaken,
        SourceKind::Text if is_ron_map(text) => AsMap::RonNamedTxt { loads: Loads::of(parse_ron(text, "")) },
        SourceKind::Text if looks_like_plain_rows(text) => AsMap::Mistaken,
        _ => AsMap::NotAMap,
    }
}

/// Where a plain-text file that is not a valid map looks like a RON map (byte offset): it
/// starts with `(`, `Map(`, a `//` or `/*` comment or a `#![...]` attribute, or a line starts
/// with a `rows:` or `name:` key.
fn looks_like_ron(source: &str) -> Option<usize> {
    let first = source.len() - source.trim_start().len();
    let rest = &source[first..];
    if ["(", "Map(", "Map (", "//", "/*", "#!["].iter().any(|p| rest.starts_with(p)) {
        return Some(first);
    }
    let mut offset = 0;
    for line in source.split('\n') {
        let key = line.trim_start();
        let is_key = |k: &str| key.strip_prefix(k).is_some_and(|r| r.trim_start().starts_with(':'));
        if is_key("rows") || is_key("name") {
            return Some(offset + line.len() - key.len());
        }
        offset += line.len() + 1;
    }
    None
}

/// Parses a plain-text map: every line is a row, read with the default legend; trailing empty
/// lines are ignored. The map is named after `origin`'s file stem.
///
/// ```
/// use sightline::map::format::parse_text;
/// let map = parse_text("#####\n#@..#\n#####\n\n", "maps/corridor.txt")?;
/// assert_eq!(map.meta.name, "corridor");
/// assert_eq!(map.height(), 3);
/// # Ok::<(), sightline::map::MapError>(())
/// ```
pub fn parse_text(source: &str, origin: &str) -> Result<Map, MapError> {
    if source.len() > MAX_FILE_BYTES {
        return Err(MapError::single(origin, too_large(&format!("is {} bytes", source.len()))));
    }
    let source = source.strip_prefix('\u{FEFF}').unwrap_or(source);
    let at = TextLocator(SourceIndex::new(source));
    let body = without_trailing_empty_lines(source);
    if body.is_empty() {
        // Located, as every problem is: at the start of the file (its first blank line).
        let what = if source.is_empty() { "the file is empty" } else { "the file holds only blank lines" };
        let message = format!(
            "the map has no rows: {what}; a plain-text map is its rows of glyphs, one a line \
             (such as `#@.>#`), and needs at least one"
        );
        return Err(MapError::single(origin, at.0.problem(1, Some(1), message)));
    }
    // Counted before the rows are collected: a file of millions of newlines is refused without
    // a row reference (16 bytes) for each line.
    let height = body.bytes().filter(|&b| b == b'\n').count() + 1;
    if height > MAX_SIDE {
        return Err(MapError::single(origin, too_many_rows(height, &at)));
    }
    let rows: Vec<&str> = body.split('\n').map(|l| l.strip_suffix('\r').unwrap_or(l)).collect();
    let name =
        Path::new(origin).file_stem().map_or_else(|| origin.to_string(), |s| s.to_string_lossy().into());
    let meta = MapMeta { name, ..MapMeta::default() };
    build(&rows, &Legend::default(), meta, &at, origin).map_err(|e| match looks_like_ron(source) {
        // A save named `.txt` is a save, as it is named `.ron` (see `explain_ron_error`),
        // located at its first key (ron's place for a save read as a RON map) or its start.
        Some(offset) if looks_like_save(source) => {
            let (line, col) = at.0.line_col(save_start(source).unwrap_or(offset));
            let message = format!(
                "the file is a saved game, not a map: resume it with `sightline --load {}`",
                shell_word(origin)
            );
            MapError::single(origin, at.0.problem(line, Some(col), message))
        }
        // a RON map read as rows is a flood of unknown glyphs: one problem says why
        Some(offset) => {
            let (line, col) = at.0.line_col(offset);
            let message = "the file looks like a RON map, but it is read as a plain-text map (rows of \
                           glyphs, one a line, and nothing else): name it `.ron` to have it read as RON";
            MapError::single(origin, at.0.problem(line, Some(col), message.into()))
        }
        None => e,
    })
}

/// `source` without the empty lines at its end (a line holding only `\r` is empty too), which
/// a plain-text map ignores.
fn without_trailing_empty_lines(mut source: &str) -> &str {
    loop {
        let last = source.rfind('\n').map_or(0, |i| i + 1);
        if !matches!(&source[last..], "" | "\r") {
            return source;
        }
        if last == 0 {
            return "";
        }
        source = &source[..last - 1];
    }
}

fn too_many_rows(height: usize, at: &dyn Locate) -> Problem {
    at.row(MAX_SIDE, format!("the map has {height} rows; the limit is {MAX_SIDE}"))
}

/// Where the rows and their characters are in a file, for problem reports.
trait Locate {
    /// A problem about the whole of row `row`, located at its start.
    fn row(&self, row: usize, message: String) -> Problem;
    /// A problem about character `index` of row `row`.
    fn cell(&self, row: usize, index: usize, message: String) -> Problem;
    /// A problem about the rows as a whole.
    fn rows(&self, message: String) -> Problem;
    /// The line and column of character `index` of row `row`.
    fn position(&self, row: usize, index: usize) -> Option<(usize, usize)>;
    /// Whether each row is a line of the file, and nothing else (a plain-text map).
    fn rows_are_lines(&self) -> bool {
        false
    }
}

struct TextLocator<'s>(SourceIndex<'s>);

impl Locate for TextLocator<'_> {
    fn row(&self, row: usize, message: String) -> Problem {
        self.0.problem(row + 1, Some(1), message)
    }
    fn cell(&self, row: usize, index: usize, message: String) -> Problem {
        self.0.problem(row + 1, Some(index + 1), message)
    }
    fn rows(&self, message: String) -> Problem {
        // (the rows start with the file)
        self.0.problem(1, Some(1), message)
    }
    fn position(&self, row: usize, index: usize) -> Option<(usize, usize)> {
        Some((row + 1, index + 1))
    }
    fn rows_are_lines(&self) -> bool {
        true
    }
}

struct RonLocator<'s> {
    idx: SourceIndex<'s>,
    rows: std::cell::OnceCell<RonRows>,
}

impl RonLocator<'_> {
    fn found(&self) -> &RonRows {
        self.rows.get_or_init(|| find_rows(self.idx.src()))
    }
}

impl Locate for RonLocator<'_> {
    fn row(&self, row: usize, message: String) -> Problem {
        match self.found().literals.get(row) {
            Some(&at) => {
                let (line, col) = self.idx.line_col(at);
                self.idx.problem(line, Some(col), message)
            }
            None => Problem::whole_file(message),
        }
    }
    fn cell(&self, row: usize, index: usize, message: String) -> Problem {
        match self.position(row, index) {
            Some((line, col)) => self.idx.problem(line, Some(col), message),
            None => self.row(row, message),
        }
    }
    fn rows(&self, message: String) -> Problem {
        match self.found().key {
            Some(at) => {
                let (line, col) = self.idx.line_col(at);
                self.idx.problem(line, Some(col), message)
            }
            None => Problem::whole_file(message),
        }
    }
    fn position(&self, row: usize, index: usize) -> Option<(usize, usize)> {
        char_location(&self.idx, *self.found().literals.get(row)?, index)
    }
}

/// The file line and column of the glyph of cell `pos` in a map's source, for messages about a
/// map that loaded (such as `check`'s warnings); `None` for a cell the source has no glyph for.
///
/// ```
/// use sightline::{Pos, map::{SourceKind, format::locate_cell}};
/// let source = "###\n#@#\n###\n";
/// assert_eq!(locate_cell(source, SourceKind::Text, Pos::new(1, 1)), Some((2, 2)));
/// assert_eq!(locate_cell(source, SourceKind::Text, Pos::new(100, 1)), None);
/// assert_eq!(locate_cell(source, SourceKind::Ron, Pos::new(1, 1)), None); // not RON
/// ```
pub fn locate_cell(source: &str, kind: SourceKind, pos: Pos) -> Option<(usize, usize)> {
    let (x, y) = (usize::try_from(pos.x).ok()?, usize::try_from(pos.y).ok()?);
    let source = source.strip_prefix('\u{FEFF}').unwrap_or(source);
    match kind {
        SourceKind::Text => (source.lines().nth(y)?.chars().count() > x).then_some((y + 1, x + 1)),
        SourceKind::Ron => {
            let idx = SourceIndex::new(source);
            char_location(&idx, *find_rows(source).literals.get(y)?, x)
        }
    }
}

const UNKNOWN: &str = "unknown glyphs";
const WIDTH: &str = "rows of the wrong width";
const STARTS: &str = "extra player starts";

/// A glyph as an error quotes it: between single quotes as it is typed in a row, escaped only
/// where it would not show (a control character, a combining mark alone: `'\u{301}'`). Rust's
/// own quoting also escapes a backslash and a quote, which are typed as they are.
fn quoted(glyph: char) -> String {
    match glyph {
        '\\' | '\'' => format!("'{glyph}'"),
        _ => format!("{glyph:?}"),
    }
}

/// What a legend entry places, as a message names it (`"a wall"`).
fn entry_name(entry: LegendEntry) -> String {
    match entry {
        LegendEntry::Tile(t) => t.name().into(),
        LegendEntry::Player => "the player start".into(),
        LegendEntry::Monster(m) => format!("a monster ({})", m.name()),
        LegendEntry::Item(i) => i.name().into(),
    }
}

/// The width the rows of a map are held to: the most common of their widths (of those a map
/// may have, 1 to [`MAX_SIDE`]), so that the rows blamed are the odd ones out, even when the
/// first row is one (a first line with trailing spaces). On a tie, the width met first: the
/// first row's, if it is among them. `None` when no row has a width a map may have.
fn usual_width(widths: &[usize]) -> Option<usize> {
    let fits = |w: &&usize| (1..=MAX_SIDE).contains(*w);
    let mut counts = std::collections::HashMap::new();
    for &w in widths.iter().filter(fits) {
        *counts.entry(w).or_insert(0usize) += 1;
    }
    let mut best: Option<(usize, usize)> = None;
    for &w in widths.iter().filter(fits) {
        if best.is_none_or(|(_, n)| counts[&w] > n) {
            best = Some((w, counts[&w]));
        }
    }
    best.map(|(w, _)| w)
}

/// What a row of the wrong width is measured against, as a width message says it: "the other
/// rows are 5" when every other row is, or how many are and where the first of them is.
fn the_usual_width(widths: &[usize], usual: usize, at: &dyn Locate) -> String {
    let count = widths.iter().filter(|&&w| w == usual).count();
    match widths.len() - count {
        1 if count == 1 => format!("the other row is {usual}"),
        1 => format!("the other rows are {usual}"),
        _ => {
            let y = widths.iter().position(|&w| w == usual).unwrap_or(0);
            let line = at.row(y, String::new()).line.map_or(String::new(), |l| format!(" (line {l})"));
            format!("{count} of the {} rows are {usual}, the first at y={y}{line}", widths.len())
        }
    }
}

/// Turns rows of glyphs into a map, collecting every problem: sizes first (no grid is
/// allocated for rows over the limit), then each glyph.
fn build<R: AsRef<str>>(
    rows: &[R],
    legend: &Legend,
    meta: MapMeta,
    at: &dyn Locate,
    origin: &str,
) -> Result<Map, MapError> {
    let fail = |problems: Problems| Err(problems.into_error(origin));
    let mut problems = Problems::default();
    let height = rows.len();
    if height == 0 {
        problems.push("empty maps", || at.rows("the map has no rows: a map needs at least one row".into()));
        return fail(problems);
    }
    if height > MAX_SIDE {
        problems.push("oversized maps", || too_many_rows(height, at));
        return fail(problems);
    }
    let widths: Vec<usize> = rows.iter().map(|row| row.as_ref().chars().count()).collect();
    let mut sizes_ok = widths[0] > 0;
    if widths[0] == 0 {
        problems.push("empty maps", || {
            at.row(0, "the first row is empty: a map needs at least one column".into())
        });
    }
    // (under an empty first row, reported above, every other row would differ from it: a stray
    // blank line at the top of a text map is one problem, not one a row)
    let usual = if widths[0] == 0 { None } else { usual_width(&widths) };
    for (y, (row, &w)) in rows.iter().zip(&widths).enumerate() {
        if w > MAX_SIDE {
            sizes_ok = false;
            problems.push("oversized rows", || {
                at.row(y, format!("the row at y={y} is {w} cells wide; the limit is {MAX_SIDE}"))
            });
        } else if let Some(usual) = usual
            && w != usual
        {
            sizes_ok = false;
            problems.push(WIDTH, || {
                let mut message = format!(
                    "the row at y={y} is {w} cells wide, but {}: all rows must have the same width",
                    the_usual_width(&widths, usual, at)
                );
                // Extra cells that are spaces do not show: say what they are, and point at them.
                let spaces = w > usual && row.as_ref().chars().skip(usual).all(|c| c == ' ');
                if spaces {
                    let cells = match w - usual {
                        1 => "last cell is a space".to_string(),
                        n => format!("last {n} cells are spaces"),
                    };
                    let reads = legend.get(' ').map_or_else(|| "nothing".to_string(), entry_name);
                    message.push_str(&format!(
                        "; its {cells}, which the legend reads as {reads} (a space is a cell too)"
                    ));
                }
                // A text row is its line: the extra cells are shown where they start. In a RON
                // map the row's string is (the caret under its quote), unless they are spaces.
                if w > usual && (spaces || at.rows_are_lines()) {
                    at.cell(y, usual, message)
                } else {
                    at.row(y, message)
                }
            });
        }
    }
    let width = usual.unwrap_or(0);

    let mut cells = Vec::new();
    if sizes_ok {
        cells.reserve_exact(width * height);
    }
    let mut player: Option<(usize, usize)> = None;
    let mut starts = 0;
    let (mut monsters, mut items) = (Vec::new(), Vec::new());
    for (y, row) in rows.iter().enumerate() {
        for (x, glyph) in row.as_ref().chars().enumerate() {
            let Some(entry) = legend.get(glyph) else {
                problems.push(UNKNOWN, || {
                    at.cell(
                        y,
                        x,
                        format!(
                            "unknown glyph {}: neither the default legend nor the map's legend \
                             says what it is",
                            quoted(glyph)
                        ),
                    )
                });
                continue;
            };
            if sizes_ok {
                cells.push(entry.tile());
            }
            // Positions fit in i32 whenever the sizes are within the limit; otherwise the map
            // is rejected and the spawns are never used.
            let pos = Pos::new(x.min(MAX_SIDE) as i32, y as i32);
            match entry {
                LegendEntry::Tile(_) => {}
                LegendEntry::Player => match player {
                    None => (player, starts) = (Some((x, y)), 1),
                    Some((px, py)) => {
                        starts += 1;
                        let which = if starts == 2 { "a second" } else { "another" };
                        problems.push(STARTS, || {
                            let first = at
                                .position(py, px)
                                .map_or(String::new(), |(l, c)| format!(" (line {l}, column {c})"));
                            at.cell(
                                y,
                                x,
                                format!(
                                    "{which} player start, at {x},{y}: a map has at most one, \
                                     and the first is at {px},{py}{first}"
                                ),
                            )
                        })
                    }
                },
                LegendEntry::Monster(kind) => monsters.push(MonsterSpawn { pos, kind }),
                LegendEntry::Item(kind) => items.push(ItemSpawn { pos, kind }),
            }
        }
    }
    if !problems.is_empty() {
        return fail(problems);
    }
    let Some(tiles) = Grid::from_vec(width, height, cells) else {
        problems.push("internal errors", || Problem::whole_file("the rows did not fill the grid"));
        return fail(problems);
    };
    Ok(Map { meta, tiles, player_start: player.map(|(x, y)| Pos::new(x as i32, y as i32)), monsters, items })
}

impl Map {
    /// Loads a map file (see [`load_path`]).
    pub fn load(path: impl AsRef<Path>) -> Result<Map, MapError> {
        load_path(path.as_ref())
    }

    /// Parses a RON map (see [`parse_ron`]).
    pub fn from_ron_str(source: &str, origin: &str) -> Result<Map, MapError> {
        parse_ron(source, origin)
    }
}
