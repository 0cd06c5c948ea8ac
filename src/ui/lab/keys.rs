//! The lab's keys. Movement is the game's ([`crate::ui::input::direction`]: arrows, vi-keys
//! `hjklyubn`, and the numpad with NumLock on or off) and moves the viewer, or the cursor when
//! it drives; while the help is up, the game's help's scrolling keys scroll it instead. Only key
//! presses count.

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use super::state::Lab;
use super::{help, view};
use crate::ui::input::direction;

/// What a key asks the lab to do.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum LabCommand {
    /// Move the viewer or the cursor (whichever drives) by `(dx, dy)`.
    Move(i32, i32),
    /// The next radius (past the largest finite one: unlimited).
    RadiusUp,
    /// The previous radius.
    RadiusDown,
    /// [`BIG_STEP`] radii up (past the largest finite one: unlimited).
    RadiusUpMany,
    /// [`BIG_STEP`] radii down.
    RadiusDownMany,
    /// Unlimited radius, or back to the finite one it came from.
    ToggleUnlimited,
    /// Switch between multicast and reference.
    ToggleAlgorithm,
    /// The diff overlay on or off.
    ToggleDiff,
    /// The next internals view: off, all states, each state alone.
    CycleInternals,
    /// Enter step mode, or expand one more ring.
    StepForward,
    /// Step mode: one ring back.
    StepBack,
    /// Step mode: [`BIG_STEP`] rings more (entering it, as [`LabCommand::StepForward`]).
    StepForwardMany,
    /// Step mode: [`BIG_STEP`] rings back.
    StepBackMany,
    /// Enter or leave step mode.
    ToggleStep,
    /// The cursor (and its DDA walk) on or off.
    ToggleCursor,
    /// Switch what the movement keys drive (viewer or cursor).
    SwitchDrive,
    /// Write the view's SVG picture.
    Export,
    /// Show the keys.
    Help,
    /// While the help is up: scroll it.
    ScrollHelp(Scroll),
    /// Close the help screen, or quit.
    Back,
    /// Leave the lab.
    Quit,
}

/// How far a key scrolls the help.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Scroll {
    /// One row up (Up, `k`).
    Up,
    /// One row down (Down, `j`).
    Down,
    /// A page up (PgUp).
    PageUp,
    /// A page down (PgDn).
    PageDown,
    /// To the top (Home).
    Top,
    /// To the last page (End).
    Bottom,
}

/// How many radii `]` and `[`, and how many rings `>` and `<`, go at a time.
pub const BIG_STEP: u32 = 10;

/// Whether the lab keeps running after a command.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Keep going.
    Continue,
    /// The user asked to leave.
    Quit,
}

/// The command a key press means to `lab`: while its help is up, the scrolling keys scroll
/// it ([`help_command`]), and every other key means what it means to the lab ([`command`]),
/// which then closes the help ([`apply`]).
pub fn read(lab: &Lab, key: KeyEvent) -> Option<LabCommand> {
    let scroll = if lab.help { help_command(key) } else { None };
    scroll.or_else(|| command(key))
}

/// The scrolling command a key press means while the help is up, if it is one: Up and `k`,
/// Down and `j`, PgUp, PgDn, Home and End, as in the game's help. (Read before the movement
/// keys: PgUp, PgDn, Home and End are also the numpad's diagonals.)
pub fn help_command(key: KeyEvent) -> Option<LabCommand> {
    if key.kind != KeyEventKind::Press || key.modifiers.contains(KeyModifiers::CONTROL) {
        return None;
    }
    let scroll = match key.code {
        KeyCode::Up | KeyCode::Char('k') => Scroll::Up,
        KeyCode::Down | KeyCode::Char('j') => Scroll::Down,
        KeyCode::PageUp => Scroll::PageUp,
        KeyCode::PageDown => Scroll::PageDown,
        KeyCode::Home => Scroll::Top,
        KeyCode::End => Scroll::Bottom,
        _ => return None,
    };
    Some(LabCommand::ScrollHelp(scroll))
}

/// The command a key press means to the lab (the help not up).
pub fn command(key: KeyEvent) -> Option<LabCommand> {
    if key.kind != KeyEventKind::Press {
        return None;
    }
    if key.modifiers.contains(KeyModifiers::CONTROL) {
        return matches!(key.code, KeyCode::Char('c' | 'C')).then_some(LabCommand::Quit);
    }
    if let Some(dir) = direction(key.code) {
        let d = dir.delta();
        return Some(LabCommand::Move(d.x, d.y));
    }
    Some(match key.code {
        KeyCode::Char('+' | '=') => LabCommand::RadiusUp,
        KeyCode::Char('-' | '_') => LabCommand::RadiusDown,
        KeyCode::Char(']') => LabCommand::RadiusUpMany,
        KeyCode::Char('[') => LabCommand::RadiusDownMany,
        KeyCode::Char('r') => LabCommand::ToggleUnlimited,
        KeyCode::Char('a') => LabCommand::ToggleAlgorithm,
        KeyCode::Char('d') => LabCommand::ToggleDiff,
        KeyCode::Char('i') => LabCommand::CycleInternals,
        KeyCode::Char(' ') => LabCommand::StepForward,
        KeyCode::Backspace => LabCommand::StepBack,
        KeyCode::Char('>') => LabCommand::StepForwardMany,
        KeyCode::Char('<') => LabCommand::StepBackMany,
        KeyCode::Char('t') => LabCommand::ToggleStep,
        KeyCode::Char('x') => LabCommand::ToggleCursor,
        KeyCode::Tab => LabCommand::SwitchDrive,
        KeyCode::Char('e') => LabCommand::Export,
        KeyCode::Char('?') => LabCommand::Help,
        KeyCode::Esc => LabCommand::Back,
        KeyCode::Char('q') => LabCommand::Quit,
        _ => return None,
    })
}

/// Applies a command given the terminal's size in cells. While the terminal is too small
/// ([`view::too_small`]) the screen shows only a notice, so no command acts blind: the quit keys
/// (`q`, `Esc`, Ctrl-C) quit, every other key is ignored — the game's rule too. While the help
/// is up, the scrolling keys scroll it no further than its last page at this height.
pub fn handle(lab: &mut Lab, cmd: LabCommand, width: u16, height: u16) -> Flow {
    if view::too_small(width, height) {
        // Esc quits here even with the help up: the help is not on screen to be closed.
        return match cmd {
            LabCommand::Quit | LabCommand::Back => Flow::Quit,
            _ => Flow::Continue,
        };
    }
    if lab.help {
        return in_help(lab, cmd, height);
    }
    apply(lab, cmd)
}

/// The help is up: a scrolling command scrolls it (to at most its last page on a screen
/// `height` rows tall); quitting quits; any other command closes it and does nothing else.
fn in_help(lab: &mut Lab, cmd: LabCommand, height: u16) -> Flow {
    match cmd {
        LabCommand::ScrollHelp(scroll) => {
            let max = help::max_scroll(height);
            let page = help::rows(height).max(1);
            let at = lab.help_scroll.min(max);
            lab.help_scroll = match scroll {
                Scroll::Up => at.saturating_sub(1),
                Scroll::Down => at + 1,
                Scroll::PageUp => at.saturating_sub(page),
                Scroll::PageDown => at + page,
                Scroll::Top => 0,
                Scroll::Bottom => max,
            }
            .min(max);
            Flow::Continue
        }
        LabCommand::Quit => Flow::Quit,
        _ => {
            lab.help = false;
            lab.help_scroll = 0;
            Flow::Continue
        }
    }
}

/// Applies a command on a terminal big enough for the lab ([`handle`] checks) and tall enough
/// for the whole help (so the help has nothing to scroll). While the help screen is up, any key
/// the lab knows closes it and does nothing else, but for quitting, which quits, and scrolling.
pub fn apply(lab: &mut Lab, cmd: LabCommand) -> Flow {
    if lab.help {
        return in_help(lab, cmd, u16::MAX);
    }
    match cmd {
        LabCommand::Move(dx, dy) => lab.move_by(dx, dy),
        LabCommand::RadiusUp => lab.radius_up(),
        LabCommand::RadiusDown => lab.radius_down(),
        LabCommand::RadiusUpMany => lab.radius_up_by(BIG_STEP),
        LabCommand::RadiusDownMany => lab.radius_down_by(BIG_STEP),
        LabCommand::ToggleUnlimited => lab.toggle_unlimited(),
        LabCommand::ToggleAlgorithm => lab.toggle_algorithm(),
        LabCommand::ToggleDiff => lab.toggle_diff(),
        LabCommand::CycleInternals => lab.cycle_internals(),
        LabCommand::StepForward => lab.step_forward(),
        LabCommand::StepBack => lab.step_back(),
        LabCommand::StepForwardMany => lab.step_forward_by(BIG_STEP),
        LabCommand::StepBackMany => lab.step_back_by(BIG_STEP),
        LabCommand::ToggleStep => lab.toggle_step(),
        LabCommand::ToggleCursor => lab.toggle_cursor(),
        LabCommand::SwitchDrive => lab.switch_drive(),
        LabCommand::Export => lab.message = Some(super::export::export_message(lab)),
        LabCommand::Help => {
            lab.help = true;
            lab.help_scroll = 0;
        }
        // (only the help scrolls)
        LabCommand::ScrollHelp(_) => {}
        LabCommand::Back | LabCommand::Quit => return Flow::Quit,
    }
    Flow::Continue
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::lab::InternalsView;

    fn press(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    #[test]
    fn every_movement_scheme_agrees() {
        for (keys, d) in [
            ([KeyCode::Up, KeyCode::Char('k'), KeyCode::Char('8')], (0, -1)),
            ([KeyCode::Home, KeyCode::Char('y'), KeyCode::Char('7')], (-1, -1)),
            ([KeyCode::PageDown, KeyCode::Char('n'), KeyCode::Char('3')], (1, 1)),
            ([KeyCode::End, KeyCode::Char('b'), KeyCode::Char('1')], (-1, 1)),
            ([KeyCode::Right, KeyCode::Char('l'), KeyCode::Char('6')], (1, 0)),
        ] {
            for k in keys {
                assert_eq!(command(press(k)), Some(LabCommand::Move(d.0, d.1)), "{k:?}");
            }
        }
    }

    /// While the terminal is too small the lab shows only a notice: the quit keys quit, every
    /// other command leaves the lab exactly as it was (nothing moved, no file written).
    #[test]
    fn only_the_quit_keys_act_while_the_terminal_is_too_small() {
        let dir = std::env::temp_dir().join(format!("sightline-lab-too-small-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let mut lab = Lab::new(crate::map::generate::pillars(13, 9, 4));
        lab.export_dir = dir.clone();
        let state = |lab: &Lab| {
            (lab.viewer(), lab.radius(), lab.algorithm(), lab.diff(), lab.step(), lab.cursor(), lab.help)
        };
        let before = state(&lab);
        let (w, h) = (view::MIN_WIDTH, view::MIN_HEIGHT);
        for (width, height) in [(10, 5), (w - 1, h), (w, h - 1), (0, 0)] {
            for cmd in [
                LabCommand::Move(1, 0),
                LabCommand::RadiusUp,
                LabCommand::RadiusDown,
                LabCommand::ToggleAlgorithm,
                LabCommand::ToggleDiff,
                LabCommand::CycleInternals,
                LabCommand::StepForward,
                LabCommand::ToggleStep,
                LabCommand::ToggleCursor,
                LabCommand::Export,
                LabCommand::Help,
            ] {
                assert_eq!(
                    handle(&mut lab, cmd, width, height),
                    Flow::Continue,
                    "{cmd:?} at {width}x{height}"
                );
                assert_eq!(state(&lab), before, "{cmd:?} at {width}x{height} acted blind");
            }
            assert_eq!(lab.internals_view(), InternalsView::Off);
            assert_eq!(lab.message, None);
            assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0, "nothing exported");
            for quit in [LabCommand::Quit, LabCommand::Back] {
                assert_eq!(handle(&mut lab, quit, width, height), Flow::Quit, "{quit:?} at {width}x{height}");
            }
        }
        // Big enough, the same keys act.
        assert_eq!(handle(&mut lab, LabCommand::Move(1, 0), w, h), Flow::Continue);
        assert_ne!(lab.viewer(), before.0);
        std::fs::remove_dir_all(dir).unwrap();
    }

    /// QA: on the large map, 12 to unlimited took about 300 presses of `+`, and step mode
    /// showed "ring 5 of 8180" with no bigger step. `r` goes to unlimited and back, `]` and `[`
    /// take ten radii, `>` and `<` ten rings.
    #[test]
    fn big_steps_for_the_radius_and_the_rings() {
        let mut lab = Lab::new(crate::map::generate::open_room(300, 300));
        lab.set_viewer(crate::geometry::Pos::new(10, 10));
        lab.set_radius(Some(12));
        let key = |lab: &mut Lab, c: char| {
            let cmd = read(lab, press(KeyCode::Char(c))).expect("a lab key");
            assert_eq!(apply(lab, cmd), Flow::Continue);
        };
        key(&mut lab, 'r');
        assert_eq!(lab.radius(), None, "r: unlimited");
        key(&mut lab, 'r');
        assert_eq!(lab.radius(), Some(12), "r again: back");
        key(&mut lab, ']');
        assert_eq!(lab.radius(), Some(22));
        key(&mut lab, '[');
        key(&mut lab, '[');
        assert_eq!(lab.radius(), Some(2));
        key(&mut lab, '[');
        assert_eq!(lab.radius(), Some(0), "never below 0");
        // No further up than the largest finite radius, then unlimited.
        let top = lab.max_finite_radius();
        lab.set_radius(Some(top - 3));
        key(&mut lab, ']');
        assert_eq!(lab.radius(), Some(top));
        key(&mut lab, ']');
        assert_eq!(lab.radius(), None);
        key(&mut lab, '[');
        assert_eq!(lab.radius(), Some(top - 9), "unlimited is one step above the top");
        // A finite radius set by any key is where `r` comes back to.
        key(&mut lab, 'r');
        key(&mut lab, 'r');
        assert_eq!(lab.radius(), Some(top - 9));

        lab.set_radius(Some(40));
        key(&mut lab, '>');
        assert_eq!(lab.step(), Some(0), "> enters step mode, as space does");
        key(&mut lab, '>');
        key(&mut lab, '>');
        assert_eq!(lab.step(), Some(20));
        key(&mut lab, '<');
        assert_eq!(lab.step(), Some(10));
        key(&mut lab, '<');
        key(&mut lab, '<');
        assert_eq!(lab.step(), Some(0));
        let last = lab.internals().max_ring();
        for _ in 0..last {
            key(&mut lab, '>');
        }
        assert_eq!(lab.step(), Some(last), "no further than the last ring");
    }

    /// While the help is up, the scrolling keys scroll it (PgUp, PgDn, Home and End are the
    /// numpad's diagonals otherwise); every other key means what it always means, and closes it.
    #[test]
    fn the_scrolling_keys_scroll_the_help() {
        let mut lab = Lab::new(crate::map::generate::pillars(13, 9, 4));
        assert_eq!(read(&lab, press(KeyCode::End)), Some(LabCommand::Move(-1, 1)));
        lab.help = true;
        for (code, scroll) in [
            (KeyCode::Up, Scroll::Up),
            (KeyCode::Char('k'), Scroll::Up),
            (KeyCode::Down, Scroll::Down),
            (KeyCode::Char('j'), Scroll::Down),
            (KeyCode::PageUp, Scroll::PageUp),
            (KeyCode::PageDown, Scroll::PageDown),
            (KeyCode::Home, Scroll::Top),
            (KeyCode::End, Scroll::Bottom),
        ] {
            assert_eq!(read(&lab, press(code)), Some(LabCommand::ScrollHelp(scroll)), "{code:?}");
        }
        assert_eq!(read(&lab, press(KeyCode::Char('l'))), Some(LabCommand::Move(1, 0)));
        // At the least height the help has more lines than rows: End goes to its last page.
        let (w, h) = (view::MIN_WIDTH, view::MIN_HEIGHT);
        handle(&mut lab, LabCommand::ScrollHelp(Scroll::Bottom), w, h);
        assert_eq!(lab.help_scroll, help::max_scroll(h));
        assert!(help::max_scroll(h) > 0);
        handle(&mut lab, LabCommand::ScrollHelp(Scroll::Down), w, h);
        assert_eq!(lab.help_scroll, help::max_scroll(h), "no further than the last page");
        handle(&mut lab, LabCommand::Move(1, 0), w, h);
        assert!(!lab.help);
    }

    #[test]
    fn releases_are_ignored_and_ctrl_c_quits() {
        let mut release = press(KeyCode::Char('a'));
        release.kind = KeyEventKind::Release;
        assert_eq!(command(release), None);
        assert_eq!(command(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)), Some(LabCommand::Quit));
        assert_eq!(command(press(KeyCode::Char('q'))), Some(LabCommand::Quit));
    }
}
