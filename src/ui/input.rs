//! Keys to commands. Arrows, vi-keys (`hjklyubn`) and the numpad (with NumLock on or off) all
//! move; `.`, `s` and `5` wait. Only key presses count: releases and repeats reported by some
//! terminals are ignored. The help screen ([`crate::ui::render::help::KEYS`]) lists every key
//! bound here: a key added here belongs there too.

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use super::app::{Command, Mode};
use crate::game::Dir;

/// The command a key means in `mode`, if any.
pub fn command(key: KeyEvent, mode: &Mode) -> Option<Command> {
    if key.kind != KeyEventKind::Press {
        return None;
    }
    if key.modifiers.contains(KeyModifiers::CONTROL) {
        if matches!(mode, Mode::SaveAs { .. }) && matches!(key.code, KeyCode::Char('u' | 'U')) {
            return Some(Command::EraseAll);
        }
        return matches!(key.code, KeyCode::Char('c') | KeyCode::Char('C')).then_some(Command::Interrupt);
    }
    match mode {
        Mode::ConfirmQuit => {
            return match key.code {
                KeyCode::Char('y' | 'Y') => Some(Command::Yes),
                KeyCode::Char('n' | 'N') | KeyCode::Esc => Some(Command::Back),
                // What the question's box offers, as `S` and `W` do in play.
                KeyCode::Char('S') => Some(Command::SaveQuit),
                KeyCode::Char('W') => Some(Command::SaveAs),
                _ => None,
            };
        }
        Mode::ConfirmReplace => {
            return match key.code {
                KeyCode::Char('y' | 'Y') => Some(Command::Yes),
                KeyCode::Char('n' | 'N') | KeyCode::Esc => Some(Command::Back),
                KeyCode::Char('W') => Some(Command::SaveAs),
                _ => None,
            };
        }
        // A name is typed: every character is text, not a command.
        Mode::SaveAs { .. } => {
            return match key.code {
                KeyCode::Enter => Some(Command::Confirm),
                KeyCode::Esc => Some(Command::Back),
                KeyCode::Backspace => Some(Command::Erase),
                KeyCode::Char(c) if !c.is_control() => Some(Command::Type(c)),
                _ => None,
            };
        }
        Mode::Victory | Mode::Death => {
            return match key.code {
                KeyCode::Enter | KeyCode::Char(' ') => Some(Command::Yes),
                KeyCode::Esc | KeyCode::Char('q') => Some(Command::Quit),
                KeyCode::Char('m') => Some(Command::History),
                _ => None,
            };
        }
        Mode::Target { .. } => match key.code {
            KeyCode::Enter => return Some(Command::Confirm),
            KeyCode::Tab => return Some(Command::NextTarget),
            KeyCode::BackTab => return Some(Command::PrevTarget),
            _ => {}
        },
        // (before the movement keys: PgUp, PgDn, Home and End would step diagonally)
        Mode::History { .. } | Mode::Help { .. } => {
            let scroll = match key.code {
                KeyCode::Up | KeyCode::Char('k') => Some(Command::ScrollUp),
                KeyCode::Down | KeyCode::Char('j') => Some(Command::ScrollDown),
                KeyCode::PageUp => Some(Command::PageUp),
                KeyCode::PageDown => Some(Command::PageDown),
                KeyCode::Home => Some(Command::Home),
                KeyCode::End => Some(Command::End),
                _ => None,
            };
            if scroll.is_some() {
                return scroll;
            }
        }
        _ => {}
    }
    if let Some(dir) = direction(key.code) {
        return Some(Command::Move(dir));
    }
    Some(match key.code {
        KeyCode::Char('.' | 's' | '5') | KeyCode::KeypadBegin => Command::Wait,
        KeyCode::Char('o') => Command::Open,
        KeyCode::Char('c') => Command::Close,
        KeyCode::Char('g' | ',') => Command::PickUp,
        KeyCode::Char('p') => Command::Quaff,
        KeyCode::Char('>') => Command::TakeExit,
        KeyCode::Char('?') => Command::Help,
        KeyCode::Char('x') => Command::Look,
        KeyCode::Char('f') => Command::Fire,
        KeyCode::Char('m') => Command::History,
        KeyCode::Char('q') => Command::Quit,
        KeyCode::Char('S') => Command::SaveQuit,
        KeyCode::Char('R') => Command::Rest,
        KeyCode::Char('W') => Command::SaveAs,
        KeyCode::Esc => Command::Back,
        _ => return None,
    })
}

/// What text pasted in `mode` types: at the save-as prompt, its characters up to the first line
/// break (a file name is one line), control characters left out, each as [`Command::Type`];
/// anywhere else nothing (a paste never plays: `lllll ql` would walk and ask to quit).
pub fn pasted(text: &str, mode: &Mode) -> Vec<Command> {
    match mode {
        Mode::SaveAs { .. } => {
            let line = text.split(['\n', '\r']).next().unwrap_or("");
            line.chars().filter(|c| !c.is_control()).map(Command::Type).collect()
        }
        _ => Vec::new(),
    }
}

/// The direction a movement key stands for.
pub fn direction(code: KeyCode) -> Option<Dir> {
    Some(match code {
        KeyCode::Up | KeyCode::Char('k' | '8') => Dir::N,
        KeyCode::Down | KeyCode::Char('j' | '2') => Dir::S,
        KeyCode::Left | KeyCode::Char('h' | '4') => Dir::W,
        KeyCode::Right | KeyCode::Char('l' | '6') => Dir::E,
        KeyCode::Home | KeyCode::Char('y' | '7') => Dir::NW,
        KeyCode::PageUp | KeyCode::Char('u' | '9') => Dir::NE,
        KeyCode::End | KeyCode::Char('b' | '1') => Dir::SW,
        KeyCode::PageDown | KeyCode::Char('n' | '3') => Dir::SE,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn press(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    #[test]
    fn every_movement_scheme_agrees() {
        let n = Mode::Normal;
        for (keys, dir) in [
            ([KeyCode::Up, KeyCode::Char('k'), KeyCode::Char('8')], Dir::N),
            ([KeyCode::Home, KeyCode::Char('y'), KeyCode::Char('7')], Dir::NW),
            ([KeyCode::PageDown, KeyCode::Char('n'), KeyCode::Char('3')], Dir::SE),
            ([KeyCode::End, KeyCode::Char('b'), KeyCode::Char('1')], Dir::SW),
        ] {
            for k in keys {
                assert_eq!(command(press(k), &n), Some(Command::Move(dir)), "{k:?}");
            }
        }
        for k in [KeyCode::Char('.'), KeyCode::Char('s'), KeyCode::Char('5'), KeyCode::KeypadBegin] {
            assert_eq!(command(press(k), &n), Some(Command::Wait));
        }
    }

    #[test]
    fn only_presses_count_and_ctrl_c_interrupts() {
        let mut release = press(KeyCode::Char('k'));
        release.kind = KeyEventKind::Release;
        assert_eq!(command(release, &Mode::Normal), None);
        let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
        assert_eq!(command(ctrl_c, &Mode::Normal), Some(Command::Interrupt));
        assert_eq!(command(press(KeyCode::Char('c')), &Mode::Normal), Some(Command::Close));
    }

    #[test]
    fn targeting_keys() {
        let aim = Mode::Target { cursor: crate::geometry::Pos::new(0, 0) };
        assert_eq!(command(press(KeyCode::Char('f')), &Mode::Normal), Some(Command::Fire));
        assert_eq!(command(press(KeyCode::Enter), &aim), Some(Command::Confirm));
        assert_eq!(command(press(KeyCode::Tab), &aim), Some(Command::NextTarget));
        let back_tab = KeyEvent::new(KeyCode::BackTab, KeyModifiers::SHIFT);
        assert_eq!(command(back_tab, &aim), Some(Command::PrevTarget));
        assert_eq!(command(press(KeyCode::Char('y')), &aim), Some(Command::Move(Dir::NW)));
        assert_eq!(command(press(KeyCode::Esc), &aim), Some(Command::Back));
    }

    #[test]
    fn y_n_and_s_answer_the_quit_question_instead_of_moving() {
        assert_eq!(command(press(KeyCode::Char('y')), &Mode::ConfirmQuit), Some(Command::Yes));
        assert_eq!(command(press(KeyCode::Char('n')), &Mode::ConfirmQuit), Some(Command::Back));
        assert_eq!(command(press(KeyCode::Char('S')), &Mode::ConfirmQuit), Some(Command::SaveQuit));
        assert_eq!(command(press(KeyCode::Char('s')), &Mode::ConfirmQuit), None, "s waits in play; not here");
        assert_eq!(command(press(KeyCode::Char('k')), &Mode::ConfirmQuit), None);
    }
}
