//! The help screen: every key of the lab.

use ratatui::text::Line;

/// The keys, one per line.
pub const KEYS: [&str; 19] = [
    "arrows hjklyubn numpad  move the viewer (or the cursor)",
    "+ -                     radius up / down (top: unlimited)",
    "a                       switch multicast / reference",
    "d                       diff overlay: where they disagree",
    "i                       internals: all states, then each",
    "space                   step mode: one more ring",
    "backspace               step mode: one ring back",
    "t                       enter / leave step mode",
    "x                       cursor on / off: DDA walk to it",
    "tab                     keys move cursor / viewer",
    "e                       export the view as SVG",
    "?                       this help",
    "q esc                   quit",
    "",
    "The viewer walks anywhere, walls too. States:",
    "* visible  % edge of an occluded area",
    "x culled (never expanded)  : never looked at",
    "Past what the reference can run, - goes to where it runs.",
    "Any key above closes this help (q and esc quit).",
];

/// The help screen's lines.
pub fn lines() -> Vec<Line<'static>> {
    KEYS.iter().map(|k| Line::from(*k)).collect()
}
