//! Where each row of a RON map sits in the file.
//!
//! ron locates its own syntax errors, but the loader's checks (unknown glyphs, row widths, player
//! starts) run on the decoded strings, which carry no position. So this module re-reads the
//! source — already known to be valid RON — with a small lexer that finds the string literals
//! of the top-level `rows: [...]`, and maps an index into a decoded row back to the file,
//! counting escapes (`\"` is two file columns, `\u{2588}` eight) and raw strings (`r#"..."#`).
//!
//! Everything here is best effort and total: on any surprise it answers `None`, and the problem
//! is reported with less precision instead of a panic.

use super::source::SourceIndex;

/// The rows of a RON map as they appear in the source.
pub(crate) struct RonRows {
    /// Byte offset of the `rows` key.
    pub(crate) key: Option<usize>,
    /// Byte offset of each row's string literal (its `"` or `r`).
    pub(crate) literals: Vec<usize>,
}

enum Token {
    Ident(usize, usize),
    Str(usize),
    Open(u8),
    Close,
    Other(u8),
}

/// Finds the string literals of the top-level `rows` array.
pub(crate) fn find_rows(src: &str) -> RonRows {
    #[derive(PartialEq)]
    enum State {
        Seek,
        Colon,
        Bracket,
        In(usize),
    }
    let mut rows = RonRows { key: None, literals: Vec::new() };
    let (mut i, mut depth, mut state) = (0, 0usize, State::Seek);
    while let Some((tok, next)) = next_token(src, i) {
        i = next;
        let inside = matches!(state, State::In(_));
        match tok {
            Token::Ident(s, e) => {
                if depth == 1 && !inside && matches!(&src[s..e], "rows" | "r#rows") {
                    rows.key = Some(s);
                    state = State::Colon;
                } else if !inside {
                    state = State::Seek;
                }
            }
            Token::Other(b':') if state == State::Colon => state = State::Bracket,
            Token::Open(c) => {
                depth += 1;
                if c == b'[' && state == State::Bracket {
                    state = State::In(depth);
                } else if !inside {
                    state = State::Seek;
                }
            }
            Token::Close => {
                depth = depth.saturating_sub(1);
                if let State::In(d) = state
                    && depth < d
                {
                    return rows;
                }
            }
            Token::Str(s) => match state {
                State::In(d) if depth == d => rows.literals.push(s),
                State::In(_) => {}
                _ => state = State::Seek,
            },
            Token::Other(_) => {
                if !inside {
                    state = State::Seek;
                }
            }
        }
    }
    rows
}

/// Whether ron reads `c` as whitespace: ron 0.12's own list (its `is_whitespace_char`, which it
/// does not export), Rust's Pattern_White_Space. Wider than ASCII whitespace: a vertical tab or
/// a line separator between `rows`, `:` and `[` is valid RON, and this lexer must step over
/// it as ron does to find the rows.
pub(crate) const fn is_ron_whitespace(c: char) -> bool {
    matches!(
        c,
        ' ' | '\t'
            | '\n'
            | '\r'
            | '\x0B'
            | '\x0C'
            | '\u{85}'
            | '\u{200E}'
            | '\u{200F}'
            | '\u{2028}'
            | '\u{2029}'
    )
}

/// The first byte at or after `i` that is neither whitespace (as ron reads it) nor inside a
/// comment (comments nest, as in ron; an open one runs to the end).
pub(crate) fn token_start(src: &str, i: usize) -> usize {
    skip_trivia(src, i).0
}

/// What lies at and after `i` before the next token: [`token_start`], and where the block
/// comment that runs to the end of the text without closing starts, if one does.
fn skip_trivia(src: &str, mut i: usize) -> (usize, Option<usize>) {
    let b = src.as_bytes();
    loop {
        match b.get(i) {
            None => return (i.min(b.len()), None),
            Some(b'/') if b.get(i + 1) == Some(&b'/') => {
                i = b[i..].iter().position(|&c| c == b'\n').map_or(b.len(), |p| i + p + 1);
            }
            Some(b'/') if b.get(i + 1) == Some(&b'*') => match block_comment_end(b, i + 2) {
                Some(end) => i = end,
                None => return (b.len(), Some(i)),
            },
            Some(_) => match src.get(i..).and_then(|rest| rest.chars().next()) {
                Some(c) if is_ron_whitespace(c) => i += c.len_utf8(),
                _ => return (i, None),
            },
        }
    }
}

/// Where the block comment that is never closed starts (byte offset of its `/*`; of the
/// outermost, when comments nest), read from the start of the text, so that a `/*` in a string
/// or a line comment is not taken for one. `None` when every block comment closes, or the
/// lexer meets a string that runs to the end first.
pub(crate) fn unclosed_block_comment(src: &str) -> Option<usize> {
    let mut i = 0;
    loop {
        if let (_, Some(open)) = skip_trivia(src, i) {
            return Some(open);
        }
        i = next_token(src, i)?.1;
    }
}

/// Whether the text holds no token at all: only whitespace and comments, every block comment
/// closed.
pub(crate) fn holds_no_token(src: &str) -> bool {
    skip_trivia(src, 0) == (src.len(), None)
}

/// What a token is, as far as explaining an error after it needs.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Lexeme {
    /// A `"..."` string.
    Str,
    /// A raw string, `r#"..."#`, with this many `#`.
    RawStr(usize),
    /// A word: a field name, an enum variant, `true`.
    Word,
    /// Any other token: a bracket, a character literal (`'`), one character of a number, ...
    /// (its first byte).
    Other(u8),
}

/// A token of the source: its kind and where it starts and ends (byte offsets).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Lexed {
    pub(crate) lexeme: Lexeme,
    pub(crate) start: usize,
    pub(crate) end: usize,
}

/// The last token that ends at or before byte `at`, read from the start of the text: what ron
/// took last before an error at `at`. ron read the text up to there without complaint, so
/// lexing it from the start tells strings (which may hold `//`) from comments. `None` when no
/// token comes before `at`, or one runs past it (the lexer and ron disagree).
pub(crate) fn token_before(src: &str, at: usize) -> Option<Lexed> {
    let b = src.as_bytes();
    let (mut i, mut last) = (0, None);
    while let Some((tok, next)) = next_token(src, i) {
        let start = token_start(src, i);
        if start >= at {
            break;
        }
        if next > at {
            return None;
        }
        let lexeme = match tok {
            Token::Str(s) if b[s] == b'r' => {
                Lexeme::RawStr(b[s + 1..].iter().take_while(|&&c| c == b'#').count())
            }
            Token::Str(_) => Lexeme::Str,
            Token::Ident(..) => Lexeme::Word,
            _ => Lexeme::Other(b[start]),
        };
        last = Some(Lexed { lexeme, start, end: next });
        i = next;
    }
    last
}

/// The next token at or after `i`, skipping whitespace and comments, and the offset after it.
fn next_token(src: &str, i: usize) -> Option<(Token, usize)> {
    let b = src.as_bytes();
    let i = token_start(src, i);
    let c = *b.get(i)?;
    match c {
        b'"' => Some((Token::Str(i), skip_escaped(b, i + 1))),
        b'\'' => Some((Token::Other(c), skip_char_literal(b, i + 1))),
        b'(' | b'[' | b'{' => Some((Token::Open(c), i + 1)),
        b')' | b']' | b'}' => Some((Token::Close, i + 1)),
        c if c == b'_' || c.is_ascii_alphabetic() || c >= 0x80 => {
            let end = ident_end(src, i);
            let word = &b[i..end];
            let after = b.get(end).copied();
            if matches!(word, b"r" | b"br") && matches!(after, Some(b'"' | b'#')) {
                let hashes = b[end..].iter().take_while(|&&c| c == b'#').count();
                if b.get(end + hashes) == Some(&b'"') {
                    let close = skip_raw(b, end + hashes + 1, hashes);
                    let tok = if word == b"r" { Token::Str(i) } else { Token::Other(c) };
                    return Some((tok, close));
                }
                if word == b"r" && hashes == 1 {
                    // a raw identifier `r#name`
                    let e = raw_ident_end(src, end + 1);
                    return Some((Token::Ident(i, e), e));
                }
            }
            if word == b"b" && after == Some(b'"') {
                return Some((Token::Other(c), skip_escaped(b, end + 1)));
            }
            Some((Token::Ident(i, end), end.max(i + 1)))
        }
        _ => Some((Token::Other(c), i + 1)),
    }
}

/// The end of the run of characters from `i` that `part` accepts (none when `i` is not on a
/// character).
fn run_end(src: &str, i: usize, part: impl Fn(char) -> bool) -> usize {
    let rest = src.get(i..).unwrap_or_default();
    i + rest.chars().take_while(|&c| part(c)).map(char::len_utf8).sum::<usize>()
}

/// Whether an identifier's characters may hold `c`: ASCII letters, digits and `_`, and any
/// other character but ron's whitespace (ron itself wants XID characters; an identifier here
/// is only ever compared with `rows`).
fn ident_char(c: char) -> bool {
    c == '_' || c.is_ascii_alphanumeric() || !(c.is_ascii() || is_ron_whitespace(c))
}

fn ident_end(src: &str, i: usize) -> usize {
    run_end(src, i, ident_char)
}

fn raw_ident_end(src: &str, i: usize) -> usize {
    run_end(src, i, |c| matches!(c, '.' | '+' | '-') || ident_char(c))
}

/// After the opening `"`: the offset after the closing one.
fn skip_escaped(b: &[u8], mut i: usize) -> usize {
    while let Some(&c) = b.get(i) {
        match c {
            b'\\' => i += 2,
            b'"' => return i + 1,
            _ => i += 1,
        }
    }
    b.len()
}

/// After `r#…#"`: the offset after the closing `"#…#`.
fn skip_raw(b: &[u8], mut i: usize, hashes: usize) -> usize {
    while let Some(&c) = b.get(i) {
        if c == b'"' && b.len() >= i + 1 + hashes && b[i + 1..i + 1 + hashes].iter().all(|&h| h == b'#') {
            return i + 1 + hashes;
        }
        i += 1;
    }
    b.len()
}

/// After the opening `'`: the offset after the closing one.
fn skip_char_literal(b: &[u8], i: usize) -> usize {
    if b.get(i) == Some(&b'\\') {
        return b[i + 1..].iter().skip(1).position(|&c| c == b'\'').map_or(b.len(), |p| i + 2 + p + 1);
    }
    // one character, however many bytes, then the closing quote
    let mut j = i + 1;
    while b.get(j).is_some_and(|&c| (0x80..0xC0).contains(&c)) {
        j += 1;
    }
    if b.get(j) == Some(&b'\'') { j + 1 } else { j }
}

/// After a block comment's opening `/*`: the offset after its closing `*/`, or `None` when it
/// never closes.
fn block_comment_end(b: &[u8], mut i: usize) -> Option<usize> {
    let mut level = 1;
    while i < b.len() {
        if b[i..].starts_with(b"/*") {
            level += 1;
            i += 2;
        } else if b[i..].starts_with(b"*/") {
            level -= 1;
            i += 2;
            if level == 0 {
                return Some(i);
            }
        } else {
            i += 1;
        }
    }
    None
}

/// The file line and column of character `index` of the row whose literal starts at byte
/// `literal`; `None` when the row is shorter or the literal is not what it should be.
pub(crate) fn char_location(idx: &SourceIndex, literal: usize, index: usize) -> Option<(usize, usize)> {
    let src = idx.src();
    let rest = src.get(literal..)?;
    let (body, raw) = if let Some(r) = rest.strip_prefix('r') {
        let hashes = r.bytes().take_while(|&c| c == b'#').count();
        let body = r.get(hashes..)?.strip_prefix('"')?;
        let close = format!("\"{}", "#".repeat(hashes));
        (&body[..body.find(&close)?], true)
    } else {
        (rest.strip_prefix('"')?, false)
    };
    let (mut line, mut col) = idx.line_col(body.as_ptr() as usize - src.as_ptr() as usize);
    let mut chars = body.chars().peekable();
    let mut k = 0;
    let advance = |c: char, line: &mut usize, col: &mut usize| {
        if c == '\n' {
            *line += 1;
            *col = 1;
        } else {
            *col += 1;
        }
    };
    while let Some(c) = chars.next() {
        let here = (line, col);
        advance(c, &mut line, &mut col);
        if raw || c != '\\' {
            if !raw && c == '"' {
                return None;
            }
            if k == index {
                return Some(here);
            }
            k += 1;
            continue;
        }
        // an escape: decoded to one character at `here`, or to none (a line continuation)
        let e = chars.next()?;
        advance(e, &mut line, &mut col);
        match e {
            '\n' | '\r' => {
                if e == '\r' {
                    advance(chars.next()?, &mut line, &mut col);
                }
                while let Some(&w) = chars.peek() {
                    if !matches!(w, ' ' | '\t' | '\n' | '\r') {
                        break;
                    }
                    advance(w, &mut line, &mut col);
                    chars.next();
                }
                continue;
            }
            'u' => {
                for c in chars.by_ref() {
                    advance(c, &mut line, &mut col);
                    if c == '}' {
                        break;
                    }
                }
            }
            'x' => {
                let mut hex = String::new();
                for _ in 0..2 {
                    let h = chars.next()?;
                    advance(h, &mut line, &mut col);
                    hex.push(h);
                }
                let first = u8::from_str_radix(&hex, 16).ok()?;
                // a UTF-8 sequence spelt as several `\xHH` escapes is one character
                let more = match first {
                    0xC0..=0xDF => 1,
                    0xE0..=0xEF => 2,
                    0xF0..=0xFF => 3,
                    _ => 0,
                };
                for _ in 0..more * 4 {
                    advance(chars.next()?, &mut line, &mut col);
                }
            }
            _ => {}
        }
        if k == index {
            return Some(here);
        }
        k += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows_of(src: &str) -> Vec<&str> {
        find_rows(src).literals.iter().map(|&o| &src[o..o + 3]).collect()
    }

    #[test]
    fn finds_rows_past_comments_chars_and_other_strings() {
        let src = r##"/* rows: ["no"] */ (
    name: "rows: [\"no\"]", // rows: ["no"]
    legend: { '"': Tile(Glass), '\'': Player, 'r': Tile(Wall) },
    rows: [ "ab", r#"cd"#, /* "no" */ "ef" ],
    author: "x",
)"##;
        assert_eq!(rows_of(src), vec!["\"ab", "r#\"", "\"ef"]);
        assert!(find_rows(src).key.is_some());
    }

    #[test]
    fn the_token_before_an_offset_skips_comments_but_not_strings() {
        // `"#//#"`, a comment line, then the next row at byte `at`
        let src = "[\n  \"#//#\"\n  // x\n  r#\"a\"#\n  ]";
        let at = src.find("r#").unwrap();
        let prev = token_before(src, at).unwrap();
        assert_eq!((prev.lexeme, &src[prev.start..prev.end]), (Lexeme::Str, "\"#//#\""));
        let prev = token_before(src, src.len() - 1).unwrap();
        assert_eq!((prev.lexeme, &src[prev.start..prev.end]), (Lexeme::RawStr(1), "r#\"a\"#"));
        assert_eq!(token_before(src, 0), None);
        // a token that runs past the offset: the lexer and ron disagree, no answer
        assert_eq!(token_before(src, 5), None);
    }

    #[test]
    fn maps_decoded_indices_to_file_columns() {
        let src = "(rows: [\"a\\\"b\\u{41}c\", r##\"x\"y\"##])";
        let idx = SourceIndex::new(src);
        let lits = find_rows(src).literals;
        assert_eq!(lits.len(), 2);
        // "a\"b\u{41}c" starts at column 9; decoded a \" b A c
        let cols: Vec<_> = (0..6).map(|i| char_location(&idx, lits[0], i).map(|p| p.1)).collect();
        assert_eq!(cols, vec![Some(10), Some(11), Some(13), Some(14), Some(20), None]);
        // r##"x"y"## starts at column 24: x at 28, the quote at 29, y at 30
        assert_eq!(char_location(&idx, lits[1], 0), Some((1, 28)));
        assert_eq!(char_location(&idx, lits[1], 1), Some((1, 29)));
        assert_eq!(char_location(&idx, lits[1], 2), Some((1, 30)));
    }
}
