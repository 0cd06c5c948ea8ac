//! The lab's keys. Movement is the game's ([`crate::ui::input::direction`]: arrows, vi-keys
//! `hjklyubn`, and the numpad with NumLock on or off) and moves the viewer, or the cursor when
//! it drives. Only key presses count.

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use super::state::Lab;
use super::view;
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
    /// Close the help screen, or quit.
    Back,
    /// Leave the lab.
    Quit,
}

/// Whether the lab keeps running after a command.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Keep going.
    Continue,
    /// The user asked to leave.
    Quit,
}

/// The command a key press means.
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
        KeyCode::Char('a') => LabCommand::ToggleAlgorithm,
        KeyCode::Char('d') => LabCommand::ToggleDiff,
        KeyCode::Char('i') => LabCommand::CycleInternals,
        KeyCode::Char(' ') => LabCommand::StepForward,
        KeyCode::Backspace => LabCommand::StepBack,
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
/// (`q`, `Esc`, Ctrl-C) quit, every other key is ignored — the game's rule too.
pub fn handle(lab: &mut Lab, cmd: LabCommand, width: u16, height: u16) -> Flow {
    if view::too_small(width, height) {
        // Esc quits here even with the help up: the help is not on screen to be closed.
        return match cmd {
            LabCommand::Quit | LabCommand::Back => Flow::Quit,
            _ => Flow::Continue,
        };
    }
    apply(lab, cmd)
}

/// Applies a command, the terminal being big enough ([`handle`] checks). While the help screen
/// is up, any key the lab knows closes it and does nothing else, but for quitting, which quits.
pub fn apply(lab: &mut Lab, cmd: LabCommand) -> Flow {
    if lab.help {
        lab.help = false;
        return if cmd == LabCommand::Quit { Flow::Quit } else { Flow::Continue };
    }
    match cmd {
        LabCommand::Move(dx, dy) => lab.move_by(dx, dy),
        LabCommand::RadiusUp => lab.radius_up(),
        LabCommand::RadiusDown => lab.radius_down(),
        LabCommand::ToggleAlgorithm => lab.toggle_algorithm(),
        LabCommand::ToggleDiff => lab.toggle_diff(),
        LabCommand::CycleInternals => lab.cycle_internals(),
        LabCommand::StepForward => lab.step_forward(),
        LabCommand::StepBack => lab.step_back(),
        LabCommand::ToggleStep => lab.toggle_step(),
        LabCommand::ToggleCursor => lab.toggle_cursor(),
        LabCommand::SwitchDrive => lab.switch_drive(),
        LabCommand::Export => {
            lab.message = Some(match super::export::export(lab) {
                Ok(path) => format!("wrote {}", path.file_name().unwrap_or_default().to_string_lossy()),
                Err(e) => format!("export failed: {e}"),
            })
        }
        LabCommand::Help => lab.help = true,
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

    #[test]
    fn releases_are_ignored_and_ctrl_c_quits() {
        let mut release = press(KeyCode::Char('a'));
        release.kind = KeyEventKind::Release;
        assert_eq!(command(release), None);
        assert_eq!(command(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)), Some(LabCommand::Quit));
        assert_eq!(command(press(KeyCode::Char('q'))), Some(LabCommand::Quit));
    }
}
