//! The interface's state machine: prompts, quitting, history, look mode — without a terminal.

#[path = "game_maps/art.rs"]
mod art;

use art::art;
use sightline::Pos;
use sightline::Tile;
use sightline::game::{Dir, GameState};
use sightline::ui::app::{Command, Flow};
use sightline::ui::render;
use sightline::ui::render::look::describe;
use sightline::ui::{App, Mode, Theme};

fn app(rows: &[&str]) -> App {
    App::new(GameState::new(art(rows), 8).unwrap(), Theme::colour())
}

#[test]
fn open_acts_at_once_on_the_only_door_and_asks_when_there_are_two() {
    let mut one = app(&["#####", "#@+.#", "#####"]);
    one.handle(Command::Open);
    assert_eq!(one.mode, Mode::Normal);
    assert_eq!(one.game.map.tile(Pos::new(2, 1)), Tile::DoorOpen);
    assert_eq!(one.game.turn, 1);

    let mut two = app(&["#####", "#.+.#", "#+@.#", "#####"]);
    two.handle(Command::Open);
    assert_eq!(two.mode, Mode::DoorPrompt { open: true });
    assert_eq!(two.game.turn, 0, "asking takes no time");
    two.handle(Command::Move(Dir::W));
    assert_eq!(two.mode, Mode::Normal);
    assert_eq!(two.game.map.tile(Pos::new(1, 2)), Tile::DoorOpen);
    assert_eq!(two.game.map.tile(Pos::new(2, 1)), Tile::DoorClosed);

    let mut none = app(&["####", "#@.#", "####"]);
    none.handle(Command::Close);
    assert_eq!(none.game.turn, 0);
    assert_eq!(none.notice.as_deref(), Some("There is no open door next to you."));
}

#[test]
fn quitting_asks_first_and_saving_quits_at_once() {
    let mut a = app(&["####", "#@.#", "####"]);
    assert_eq!(a.handle(Command::Quit), Flow::Continue);
    assert_eq!(a.mode, Mode::ConfirmQuit);
    assert_eq!(a.handle(Command::Back), Flow::Continue);
    assert_eq!(a.mode, Mode::Normal);
    a.handle(Command::Quit);
    assert_eq!(a.handle(Command::Yes), Flow::Quit);
    let mut b = app(&["####", "#@.#", "####"]);
    assert_eq!(b.handle(Command::SaveQuit), Flow::SaveAndQuit);
    assert_eq!(b.handle(Command::Interrupt), Flow::Quit);
}

#[test]
fn look_mode_moves_a_cursor_and_leaves_the_game_alone() {
    let mut a = app(&["#######", "#@.+.g#", "#######"]);
    let before = a.game.clone();
    a.handle(Command::Look);
    assert_eq!(a.mode, Mode::Look { cursor: Pos::new(1, 1) });
    for _ in 0..10 {
        a.handle(Command::Move(Dir::E));
    }
    assert_eq!(a.mode, Mode::Look { cursor: Pos::new(6, 1) }, "the cursor stays on the map");
    assert_eq!(a.game, before, "looking takes no turn");
    assert_eq!(describe(&a.game, Pos::new(5, 1)), "You have not seen this place.");
    assert_eq!(describe(&a.game, Pos::new(3, 1)), "You see a closed door.");
    assert_eq!(describe(&a.game, Pos::new(1, 1)), "You, standing on the floor.");
    a.handle(Command::Back);
    assert_eq!(a.mode, Mode::Normal);
}

#[test]
fn history_scrolls_within_the_log() {
    let mut a = app(&["####", "#@.#", "####"]);
    for _ in 0..40 {
        a.handle(Command::Move(Dir::N)); // bumping the wall logs nothing and takes no turn
        a.handle(Command::Quaff); // at full health the potion is kept: a message each time
    }
    let n = a.game.log.len();
    assert!(n > 30, "{n} messages");
    a.handle(Command::History);
    for _ in 0..100 {
        a.handle(Command::ScrollUp);
    }
    assert_eq!(a.mode, Mode::History { scroll: n - 1 }, "up to the oldest, no further");
    // a page is ten messages
    a.handle(Command::PageDown);
    assert_eq!(a.mode, Mode::History { scroll: n - 1 - 10 });
    a.handle(Command::PageDown);
    assert_eq!(a.mode, Mode::History { scroll: n - 1 - 20 });
    a.handle(Command::Back);
    assert_eq!(a.mode, Mode::Normal);
}

/// Scrolling up stops with the oldest message at the top of a full screen: past that, the
/// screen would empty from the top and each step back down would change nothing visible.
#[test]
fn history_stops_where_the_oldest_page_fills_the_screen() {
    use ratatui::{Terminal, backend::TestBackend};
    let mut a = app(&["####", "#@.#", "####"]);
    for k in 0..400 {
        a.game.log.push(0, format!("message {k}"));
    }
    let n = a.game.log.len();
    let (width, height) = (80, 24);
    a.history_rows = render::log::history_rows(height);
    assert_eq!(a.history_rows, 22, "all rows but the border");
    a.handle(Command::History);
    for _ in 0..100 {
        a.handle(Command::PageUp);
    }
    assert_eq!(a.mode, Mode::History { scroll: n - 22 }, "the oldest page, no further");
    let screen = |a: &App| {
        let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
        terminal.draw(|frame| render::draw(frame, a)).unwrap();
        let buf = terminal.backend().buffer().clone();
        (0..height)
            .map(|y| (0..width).map(|x| buf[(x, y)].symbol().to_string()).collect::<String>())
            .collect::<Vec<_>>()
    };
    let rows = screen(&a);
    assert!(rows[1].contains("Welcome"), "the oldest message on the first row: {rows:#?}");
    assert!(rows[22].contains("message 20 "), "the last row full: {rows:#?}");
    a.handle(Command::ScrollDown);
    assert!(screen(&a)[22].contains("message 21 "), "one step down shows one newer message");

    // A scroll past the oldest page (a smaller screen's, say) still draws a full one, and the
    // next step down shows one newer message.
    a.mode = Mode::History { scroll: n - 1 };
    assert_eq!(screen(&a), rows);
    a.handle(Command::ScrollDown);
    assert!(screen(&a)[22].contains("message 21 "), "one step down from past the oldest page");
}

/// The panel draws any state it is given, hit points at the limits of their type included (the
/// bar's arithmetic once overflowed on a hand-edited save's).
#[test]
fn the_panel_draws_hit_points_at_their_limits() {
    use ratatui::{Terminal, backend::TestBackend};
    let mut a = app(&["####", "#@.#", "####"]);
    for (hp, max_hp) in [(i32::MAX, i32::MAX), (i32::MIN, i32::MAX), (i32::MAX, 1), (5, i32::MIN)] {
        (a.game.player.hp, a.game.player.max_hp) = (hp, max_hp);
        let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
        terminal.draw(|frame| render::draw(frame, &a)).unwrap();
        let screen: String = terminal.backend().buffer().content().iter().map(|c| c.symbol()).collect();
        assert!(screen.contains(&format!("HP {:>2}/{max_hp}", hp.max(0))), "{hp}/{max_hp}");
    }
}

#[test]
fn the_history_of_a_finished_game_returns_to_its_end_screen() {
    let mut a = app(&["#####", "#@>.#", "#####"]);
    a.handle(Command::Move(Dir::E));
    a.handle(Command::TakeExit);
    assert_eq!(a.mode, Mode::Victory);
    a.handle(Command::History);
    assert_eq!(a.mode, Mode::History { scroll: 0 });
    a.handle(Command::Back);
    assert_eq!(a.mode, Mode::Victory);
    assert_eq!(a.handle(Command::Yes), Flow::Quit);
}
