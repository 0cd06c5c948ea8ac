//! Drawing an [`App`] into a ratatui buffer. Every function here reads state and writes cells;
//! none changes the app or the game, so any screen can be rendered to a `TestBackend`.

pub mod help;
pub mod log;
pub mod look;
pub mod map;
pub mod panel;
pub mod save_prompt;
pub mod screens;
pub mod wrap;

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};

use super::app::{App, Mode};
use super::targeting;

/// The smallest terminal the game draws its screens in; below it a notice says so.
pub const MIN_WIDTH: u16 = 60;
/// The smallest height, in rows (see [`MIN_WIDTH`]).
pub const MIN_HEIGHT: u16 = 18;
/// The side panel's width, border included.
pub const PANEL_WIDTH: u16 = 28;
/// The message area's height, border included.
pub const LOG_HEIGHT: u16 = 7;
/// The keys that end aiming, at the end of the aiming hint and of every notice shown instead of it
/// (a notice takes the hint's place in the message area).
pub const AIM_KEYS: &str = "Enter/f fires, Esc cancels.";

/// [`render`] over the whole of a ratatui frame: what the event loop's `Terminal::draw` calls.
pub fn draw(frame: &mut Frame, app: &App) {
    let area = frame.area();
    render(app, area, frame.buffer_mut());
}

/// Whether a screen `width × height` is too small for the game: it then shows only a notice
/// (and the event loop ignores every key but Ctrl-C).
pub fn too_small(width: u16, height: u16) -> bool {
    width < MIN_WIDTH || height < MIN_HEIGHT
}

/// Draws the whole screen into `buf` over `area`.
pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    if too_small(area.width, area.height) {
        screens::too_small(area, buf, &app.theme);
        return;
    }
    match &app.mode {
        Mode::Help { scroll } => help::render(*scroll, area, buf, &app.theme),
        Mode::History { scroll } => log::history(&app.game, *scroll, area, buf, &app.theme),
        Mode::Victory => screens::victory(&app.game, app.notice.as_deref(), area, buf, &app.theme),
        Mode::Death => screens::death(&app.game, app.notice.as_deref(), area, buf, &app.theme),
        Mode::Normal
        | Mode::Look { .. }
        | Mode::Target { .. }
        | Mode::ConfirmQuit
        | Mode::ConfirmReplace
        | Mode::SaveAs { .. }
        | Mode::DoorPrompt { .. } => {
            main_screen(app, area, buf);
            match &app.mode {
                Mode::ConfirmQuit => screens::confirm_quit(area, buf, &app.theme),
                Mode::ConfirmReplace => {
                    save_prompt::confirm_replace(app.replaces.as_deref().unwrap_or(""), area, buf, &app.theme)
                }
                Mode::SaveAs { name } => save_prompt::save_as(name, area, buf, &app.theme),
                _ => {}
            }
        }
    }
}

/// The map, the side panel and the message log.
fn main_screen(app: &App, area: Rect, buf: &mut Buffer) {
    let [top, bottom] = Layout::vertical([Constraint::Fill(1), Constraint::Length(LOG_HEIGHT)]).areas(area);
    let [map_area, panel_area] =
        Layout::horizontal([Constraint::Fill(1), Constraint::Length(PANEL_WIDTH)]).areas(top);
    let (cursor, path) = match app.mode {
        Mode::Look { cursor } => (Some(cursor), Vec::new()),
        Mode::Target { cursor } => (Some(cursor), targeting::path(&app.game, cursor)),
        _ => (None, Vec::new()),
    };
    let shown = map::render(&app.game, cursor, &path, map_area, buf, &app.theme);
    let panel_mode = match app.mode {
        Mode::Look { cursor } => panel::Cursor::Look(cursor),
        Mode::Target { cursor } => panel::Cursor::Aim(cursor),
        _ => panel::Cursor::None,
    };
    panel::render(&app.game, panel_mode, shown, panel_area, buf, &app.theme);
    let hint = match app.mode {
        Mode::Look { .. } => Some("Look: move the cursor; Esc or x to leave.".to_string()),
        Mode::Target { .. } => Some(format!("Aim: Tab/Shift-Tab next target, move the cursor; {AIM_KEYS}")),
        _ => None,
    };
    log::recent(&app.game, app.notice.as_deref().or(hint.as_deref()), bottom, buf, &app.theme);
}
