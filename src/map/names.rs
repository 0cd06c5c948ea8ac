//! How text from files reaches the terminal: the names of maps and saves, messages, lines of a
//! map file, and paths suggested in a shell command.
//!
//! A map file, a save or a file name is untrusted text. Written as it is, an escape sequence in
//! it could recolour or redraw the screen, a bell or a carriage return act on the terminal, and
//! the controls that reorder bidirectional text make it show something other than what the file
//! says. So every such text is written through [`terminal_text`], which shows each of those
//! characters as U+FFFD, one cell wide, so that what is lined up under the text (a map error's
//! caret) stays in place; text shown on one line among other text (a map's name in a title or
//! a summary, a message) is written through [`inline_text`], which also shows a tab as a space.
//! A path that a message suggests typing (`sightline --load PATH`) is quoted by [`shell_word`],
//! so that the command, pasted, names that path, and is as safe to print.

use std::borrow::Cow;

/// What stands for a character that must not reach the terminal: U+FFFD, Unicode's "this
/// cannot be shown", which the not-UTF-8 report already shows for a bad byte, so a report has
/// one stand-in. It is one cell wide (ambiguous width, narrow outside CJK terminals, and
/// narrow in the widths the caret is placed by), so the caret stays aligned; `?` would be as
/// narrow but reads as a map glyph.
const STAND_IN: char = '\u{FFFD}';

/// `c` as written to the terminal: control characters (escape, bell, carriage return, …) and
/// the invisible controls that reorder bidirectional text are replaced by U+FFFD (`STAND_IN`), as
/// either can make the terminal show something other than the file's text. Tab is kept: it
/// only moves the cursor, and the caret line repeats it. (Public for the command line, which
/// shows file names by the same rule.)
pub fn terminal_char(c: char) -> char {
    let bidi =
        matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}');
    if c != '\t' && (c.is_control() || bidi) { STAND_IN } else { c }
}

/// `text` with [`terminal_char`] applied to each character: what a map error writes of a file
/// name, a message or a line of the file.
pub fn terminal_text(text: &str) -> Cow<'_, str> {
    if text.chars().all(|c| terminal_char(c) == c) {
        Cow::Borrowed(text)
    } else {
        Cow::Owned(text.chars().map(terminal_char).collect())
    }
}

/// `text` as one line among other text: [`terminal_text`], with each tab shown as a space. A
/// tab is kept where a caret line repeats it (a map error's quoted line); elsewhere it only
/// jumps to the next tab stop, a gap of any width in a summary line, and the game's screen
/// does not draw it at all (QA: "Welcome to Escapesand tabs."). So a map's name, a message and
/// anything else the game or `check`'s summary shows on a line is written through this.
///
/// ```
/// use sightline::map::inline_text;
/// assert_eq!(inline_text("Escapes\tand tabs\u{1b}[2J"), "Escapes and tabs\u{FFFD}[2J");
/// ```
pub fn inline_text(text: &str) -> Cow<'_, str> {
    match terminal_text(text) {
        Cow::Borrowed(t) if !t.contains('\t') => Cow::Borrowed(t),
        shown => Cow::Owned(shown.replace('\t', " ")),
    }
}

/// `text` (a path) as one word of a shell command that a message suggests (`sightline --load
/// PATH`), quoted only if it needs it. A name with characters that must not reach the terminal
/// raw (see [`terminal_char`]: an escape sequence, say) is written in the `$'…'` quoting of
/// bash, zsh and POSIX.1-2024 shells, each such character as a `\x` or `\u` escape, so the
/// command is still the path and safe to print. A path that starts with `-` is written from
/// `./`, so that the command does not read it as an option (QA: `sightline --load -x.ron`
/// failed on an unexpected argument `-x`).
///
/// ```
/// use sightline::map::shell_word;
/// assert_eq!(shell_word("/tmp/save.ron"), "/tmp/save.ron");
/// assert_eq!(shell_word("/tmp/my save's.ron"), r"'/tmp/my save'\''s.ron'");
/// assert_eq!(shell_word("/tmp/a\u{1b}[31m.ron"), r"$'/tmp/a\x1b[31m.ron'");
/// assert_eq!(shell_word("-x.ron"), "./-x.ron");
/// ```
pub fn shell_word(text: &str) -> String {
    if text.starts_with('-') {
        return shell_word(&format!("./{text}"));
    }
    if !text.is_empty() && text.chars().all(|c| c.is_ascii_alphanumeric() || "/._-+,:@%".contains(c)) {
        text.to_string()
    } else if text.chars().all(|c| terminal_char(c) == c) {
        format!("'{}'", text.replace('\'', r"'\''"))
    } else {
        let mut word = String::from("$'");
        for c in text.chars() {
            match c {
                '\'' | '\\' => word.extend(['\\', c]),
                c if terminal_char(c) == c => word.push(c),
                c if c.is_ascii() => word.push_str(&format!("\\x{:02x}", u32::from(c))),
                c => word.push_str(&format!("\\u{:04x}", u32::from(c))),
            }
        }
        word.push('\'');
        word
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_is_quoted_as_a_shell_word_only_as_much_as_it_needs() {
        assert_eq!(shell_word("/tmp/save.ron"), "/tmp/save.ron");
        assert_eq!(shell_word("/tmp/my save's.ron"), r"'/tmp/my save'\''s.ron'");
        // An escape sequence in the name would recolour the terminal if printed raw.
        let hostile = "/tmp/a\u{1b}[31m\u{202e}b\\'c.ron";
        let word = shell_word(hostile);
        assert_eq!(word, r"$'/tmp/a\x1b[31m\u202eb\\\'c.ron'");
        assert!(word.chars().all(|c| terminal_char(c) == c), "{word:?}");
        // And the shell reads it back as the same name.
        let echoed = std::process::Command::new("bash").args(["-c", &format!("printf %s {word}")]).output();
        if let Ok(out) = echoed {
            assert_eq!(String::from_utf8(out.stdout).unwrap(), hostile);
        }
    }
}
