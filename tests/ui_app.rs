//! The interface's state machine: prompts, quitting, history, look mode — without a terminal.

#[path = "game_maps/art.rs"]
mod art;

use art::art;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Size;
use sightline::Pos;
use sightline::Tile;
use sightline::game::{Dir, GameState};
use sightline::ui::app::{Command, Flow};
use sightline::ui::input;
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
    // Kept in the history, as the game's own refusals are.
    assert_eq!(none.notice, None);
    let newest = none.game.log.messages().last().expect("a message");
    assert_eq!((newest.turn, newest.text.as_str()), (0, "There is no open door next to you."));
    none.handle(Command::Open);
    assert_eq!(none.game.log.messages().last().unwrap().text, "There is no closed door next to you.");
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
    // Before the event loop has said how big the screen is: as if one row high.
    assert_eq!(a.mode, Mode::History { scroll: n - 1 }, "up to the oldest, no further");
    // a page is ten rows
    a.handle(Command::PageDown);
    assert_eq!(a.mode, Mode::History { scroll: n - 1 - 10 });
    a.handle(Command::PageDown);
    assert_eq!(a.mode, Mode::History { scroll: n - 1 - 20 });
    a.handle(Command::Back);
    assert_eq!(a.mode, Mode::Normal);
}

fn screen_rows(a: &App, width: u16, height: u16) -> Vec<String> {
    use ratatui::{Terminal, backend::TestBackend};
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|frame| render::draw(frame, a)).unwrap();
    let buf = terminal.backend().buffer().clone();
    (0..height).map(|y| (0..width).map(|x| buf[(x, y)].symbol().to_string()).collect::<String>()).collect()
}

/// Scrolling up stops with the oldest message at the top of a full screen: past that, the
/// screen would empty from the top and each step back down would change nothing visible.
#[test]
fn history_stops_where_the_oldest_page_fills_the_screen() {
    // (a map with an exit: the welcome then fits one row)
    let mut a = app(&["####", "#@>#", "####"]);
    for k in 0..400 {
        a.game.log.push(0, format!("message {k}"));
    }
    let n = a.game.log.len();
    let (width, height) = (80, 24);
    a.screen = Size::new(width, height);
    a.handle(Command::History);
    for _ in 0..100 {
        a.handle(Command::PageUp);
    }
    assert_eq!(a.mode, Mode::History { scroll: n - 22 }, "the oldest page, no further (22 rows)");
    let rows = screen_rows(&a, width, height);
    assert!(rows[1].contains("Welcome"), "the oldest message on the first row: {rows:#?}");
    assert!(rows[22].contains("message 20 "), "the last row full: {rows:#?}");
    a.handle(Command::ScrollDown);
    assert!(
        screen_rows(&a, width, height)[22].contains("message 21 "),
        "one step down shows one newer message"
    );

    // A scroll past the oldest page (a smaller screen's, say) still draws a full one, and the
    // next step down shows one newer message.
    a.mode = Mode::History { scroll: n - 1 };
    assert_eq!(screen_rows(&a, width, height), rows);
    a.handle(Command::ScrollDown);
    assert!(
        screen_rows(&a, width, height)[22].contains("message 21 "),
        "one step down from past the oldest page"
    );
}

/// The history scrolls by screen rows: a message that wraps takes several, every row can be
/// reached, the oldest at the top at the end of the scroll and the newest at the bottom at 0,
/// and each step moves the text by one row.
#[test]
fn history_scrolls_by_rows_when_messages_wrap() {
    let mut a = app(&["####", "#@.#", "####"]);
    let long = "a message long enough to wrap on a narrow screen, and more words to make it so";
    for k in 0..40 {
        a.game.log.push(0, format!("{k}: {long}"));
    }
    a.game.log.push(0, "the newest");
    let (width, height) = (60, 18);
    a.screen = Size::new(width, height);
    a.handle(Command::History);
    let bottom = |a: &App| screen_rows(a, width, height)[16].clone();
    assert!(bottom(&a).contains("the newest"), "{:#?}", screen_rows(&a, width, height));
    a.handle(Command::ScrollUp);
    assert!(bottom(&a).contains("so"), "one row up: the end of the message before");
    for _ in 0..100 {
        a.handle(Command::PageUp);
    }
    let Mode::History { scroll } = a.mode else { panic!() };
    // At 58 columns the welcome and each long message take two rows, the newest one: 83 rows,
    // 16 on screen.
    assert_eq!(scroll, 83 - 16, "the oldest page");
    let rows = screen_rows(&a, width, height);
    assert!(rows[1].contains("Welcome"), "{rows:#?}");
    for _ in 0..100 {
        a.handle(Command::ScrollDown);
    }
    assert_eq!(a.mode, Mode::History { scroll: 0 });
    assert!(bottom(&a).contains("the newest"));
}

/// The help scrolls within the screen the event loop reports, and stops at its last page.
#[test]
fn help_scrolls_and_stops_at_its_last_page() {
    let mut a = app(&["####", "#@.#", "####"]);
    a.screen = Size::new(render::MIN_WIDTH, render::MIN_HEIGHT);
    a.handle(Command::Help);
    assert_eq!(a.mode, Mode::Help { scroll: 0 });
    a.handle(Command::ScrollUp);
    assert_eq!(a.mode, Mode::Help { scroll: 0 });
    let max =
        render::help::max_scroll(ratatui::layout::Rect::new(0, 0, render::MIN_WIDTH, render::MIN_HEIGHT));
    assert!(max > 0, "the help is taller than the smallest screen");
    for _ in 0..10 {
        a.handle(Command::PageDown);
    }
    assert_eq!(a.mode, Mode::Help { scroll: max });
    a.handle(Command::Move(Dir::N));
    assert_eq!(a.mode, Mode::Help { scroll: max - 1 });
    let before = a.game.clone();
    a.handle(Command::Move(Dir::S));
    assert_eq!(a.game, before, "scrolling the help plays nothing");
    a.handle(Command::Back);
    assert_eq!(a.mode, Mode::Normal);
    a.screen = Size::new(80, 24);
    a.handle(Command::Help);
    a.handle(Command::PageDown);
    assert_eq!(a.mode, Mode::Help { scroll: 0 }, "at 80×24 it fits: nothing to scroll");
}

/// `S` in the quit question saves and quits, as its box says and as `S` does in play. (It was
/// once bound to nothing there.)
#[test]
fn s_in_the_quit_question_saves_and_quits() {
    let mut a = app(&["####", "#@.#", "####"]);
    a.handle(Command::Quit);
    assert_eq!(a.mode, Mode::ConfirmQuit);
    let s = input::command(KeyEvent::new(KeyCode::Char('S'), KeyModifiers::SHIFT), &a.mode);
    assert_eq!(s, Some(Command::SaveQuit));
    assert_eq!(a.handle(Command::SaveQuit), Flow::SaveAndQuit);
    // If the save fails the event loop shows why on the game, not under the question.
    assert_eq!(a.mode, Mode::Normal);
    // `Quit` asked again leaves the question, as `Command::Quit` says of every prompt.
    a.handle(Command::Quit);
    assert_eq!(a.mode, Mode::ConfirmQuit);
    assert_eq!(a.handle(Command::Quit), Flow::Continue);
    assert_eq!(a.mode, Mode::Normal);
}

/// The help lists every key the game answers to, and says exactly what each does: numpad 5
/// waits (it is not among the keys that move), and Ctrl-C quits.
#[test]
fn the_help_lists_every_key_exactly() {
    use render::help::KEYS;
    let press = |code| input::command(KeyEvent::new(code, KeyModifiers::NONE), &Mode::Normal);
    let tokens: Vec<&str> = KEYS.iter().flat_map(|(k, _)| k.split_whitespace()).collect();
    let listed = |c: char| {
        tokens.iter().any(|t| {
            let cs: Vec<char> = t.chars().collect();
            *t == c.to_string()
                || (["hjkl", "yubn"].contains(t) && t.contains(c))
                || (cs.len() == 3 && cs[1] == '-' && (cs[0]..=cs[2]).contains(&c))
        })
    };
    for c in ' '..='~' {
        if let Some(cmd) = press(KeyCode::Char(c)) {
            assert!(listed(c), "{c:?} ({cmd:?}) is in the help");
            let movement = KEYS.iter().find(|(k, _)| {
                k.split_whitespace().any(|t| {
                    let cs: Vec<char> = t.chars().collect();
                    *t == c.to_string() || (cs.len() == 3 && cs[1] == '-' && (cs[0]..=cs[2]).contains(&c))
                })
            });
            if let Some((keys, what)) = movement {
                let moves = what.starts_with("move");
                assert_eq!(
                    moves,
                    matches!(cmd, Command::Move(_)),
                    "{c:?} is {cmd:?}, the help says {keys:?}: {what}"
                );
            }
        }
    }
    let all: String = KEYS.iter().map(|(k, w)| format!("{k} {w}\n")).collect();
    let ctrl_c = input::command(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL), &Mode::Normal);
    assert_eq!(ctrl_c, Some(Command::Interrupt));
    for named in
        ["Ctrl-C", "Ctrl-Z", "Esc", "Enter", "Tab", "Shift-Tab", "arrows", "Home", "End", "PgUp", "PgDn"]
    {
        assert!(all.contains(named), "{named} in the help:\n{all}");
    }
    assert_eq!(press(KeyCode::Char('5')), Some(Command::Wait));
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

/// The health bar is full only at full health and empty only at none: 22 of 24 HP once drew a
/// full bar (it rounded up), and read as unhurt. In between it is the nearest number of cells.
#[test]
fn the_health_bar_is_full_only_at_full_health() {
    use ratatui::{Terminal, backend::TestBackend};
    let mut a = app(&["####", "#@.#", "####"]);
    a.game.player.max_hp = 24;
    for (hp, want) in [(24, 10), (23, 9), (22, 9), (12, 5), (13, 5), (14, 6), (2, 1), (1, 1), (0, 0)] {
        a.game.player.hp = hp;
        let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
        terminal.draw(|frame| render::draw(frame, &a)).unwrap();
        let buf = terminal.backend().buffer();
        let row = (0..buf.area.height)
            .map(|y| (0..buf.area.width).map(|x| buf[(x, y)].symbol()).collect::<String>())
            .find(|r| r.contains("HP "))
            .expect("the HP row");
        let bar: String = row.split("HP ").nth(1).unwrap().split_whitespace().nth(1).unwrap().to_string();
        let bar: String = bar.chars().take_while(|c| matches!(c, '#' | '-')).collect();
        assert_eq!(bar.len(), 10, "{row}");
        assert_eq!(bar.matches('#').count(), want, "{hp}/24: {row}");
    }
}

/// Home and End jump to the oldest and the newest page of the message history, and to the top
/// and the bottom of the help; the help says so. (They once stepped the cursor-less screen
/// diagonally, which is to say did nothing.)
#[test]
fn home_and_end_jump_to_the_ends_of_the_history_and_the_help() {
    let key = |code, mode: &Mode| input::command(KeyEvent::new(code, KeyModifiers::NONE), mode);
    let mut a = app(&["####", "#@>#", "####"]);
    for k in 0..400 {
        a.game.log.push(0, format!("message {k}"));
    }
    let n = a.game.log.len();
    a.screen = Size::new(80, 24);
    a.handle(Command::History);
    let home = key(KeyCode::Home, &a.mode).expect("Home is bound in the history");
    a.handle(home);
    assert_eq!(a.mode, Mode::History { scroll: n - 22 }, "the oldest page");
    assert!(screen_rows(&a, 80, 24)[1].contains("Welcome"));
    let end = key(KeyCode::End, &a.mode).expect("End is bound in the history");
    a.handle(end);
    assert_eq!(a.mode, Mode::History { scroll: 0 }, "the newest page");
    assert!(screen_rows(&a, 80, 24)[22].contains("message 399 "));
    a.handle(Command::Back);

    a.screen = Size::new(render::MIN_WIDTH, render::MIN_HEIGHT);
    a.handle(Command::Help);
    let max =
        render::help::max_scroll(ratatui::layout::Rect::new(0, 0, render::MIN_WIDTH, render::MIN_HEIGHT));
    a.handle(key(KeyCode::End, &a.mode).unwrap());
    assert_eq!(a.mode, Mode::Help { scroll: max });
    a.handle(key(KeyCode::Home, &a.mode).unwrap());
    assert_eq!(a.mode, Mode::Help { scroll: 0 });
    // In play they still step diagonally (the numpad with NumLock off).
    assert_eq!(key(KeyCode::Home, &Mode::Normal), Some(Command::Move(Dir::NW)));
    assert_eq!(key(KeyCode::End, &Mode::Normal), Some(Command::Move(Dir::SW)));
    let history = render::help::KEYS.iter().find(|(k, _)| *k == "m").unwrap().1;
    assert!(history.contains("Home End"), "{history}");
}

/// QA: a new game's `S` replaced the save of another game (the one at the default place, say)
/// without a word. With [`App::replaces`] set by the caller, `S` asks first; `n` keeps playing,
/// `y` saves, and `W` offers another file instead. Without it, `S` saves at once.
#[test]
fn s_asks_before_replacing_another_games_save() {
    let mut a = app(&["####", "#@.#", "####"]);
    a.replaces = Some("saves/other.ron".into());
    assert_eq!(a.handle(Command::SaveQuit), Flow::Continue);
    assert_eq!(a.mode, Mode::ConfirmReplace);
    let screen = screen_rows(&a, 80, 24).join("\n");
    assert!(screen.contains("Replace the saved game in"), "{screen}");
    assert!(screen.contains("saves/other.ron?") && screen.contains("y: replace it"), "{screen}");
    let key =
        |c: char, mode: &Mode| input::command(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE), mode);
    assert_eq!(key('n', &a.mode), Some(Command::Back));
    assert_eq!(key('l', &a.mode), None, "a move key does not answer it");
    assert_eq!(a.handle(Command::Back), Flow::Continue);
    assert_eq!(a.mode, Mode::Normal);
    a.handle(Command::SaveQuit);
    assert_eq!(key('y', &a.mode), Some(Command::Yes));
    assert_eq!(a.handle(Command::Yes), Flow::SaveAndQuit);
    assert_eq!((a.mode.clone(), a.save_as.clone()), (Mode::Normal, None), "to the usual place");
    // (from the quit question too, which offers `S`)
    a.handle(Command::Quit);
    assert_eq!(a.handle(Command::SaveQuit), Flow::Continue);
    assert_eq!(a.mode, Mode::ConfirmReplace);
    assert_eq!(key('W', &a.mode), Some(Command::SaveAs));
    a.handle(Command::SaveAs);
    assert!(matches!(a.mode, Mode::SaveAs { .. }));

    let mut fresh = app(&["####", "#@.#", "####"]);
    assert_eq!(fresh.handle(Command::SaveQuit), Flow::SaveAndQuit, "nothing to replace: no question");
}

/// QA: when `S` could not save (a read-only save, a full disk) the only way to another file was
/// to quit, losing the game. `W` asks for a file name, typed in (every key is text there, `q`
/// and `y` included), and Enter saves there; the name is kept to correct if that save fails.
#[test]
fn w_saves_to_a_file_named_in_play() {
    let mut a = app(&["####", "#@.#", "####"]);
    a.save_failed("/ro/save.ron: it is read-only");
    assert!(a.notice.as_deref().unwrap().ends_with("(W saves to another file)"), "{:?}", a.notice);
    let w = input::command(KeyEvent::new(KeyCode::Char('W'), KeyModifiers::SHIFT), &a.mode);
    assert_eq!(w, Some(Command::SaveAs));
    a.handle(Command::SaveAs);
    assert_eq!(a.mode, Mode::SaveAs { name: String::new() });
    let before = a.game.clone();
    for c in "qy/run.ronx".chars() {
        let cmd = input::command(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE), &a.mode);
        assert_eq!(cmd, Some(Command::Type(c)));
        assert_eq!(a.handle(cmd.unwrap()), Flow::Continue);
    }
    let back = input::command(KeyEvent::new(KeyCode::Backspace, KeyModifiers::NONE), &a.mode);
    assert_eq!(back, Some(Command::Erase));
    a.handle(Command::Erase);
    assert_eq!(a.mode, Mode::SaveAs { name: "qy/run.ron".into() });
    assert_eq!(a.game, before, "typing plays nothing");
    let screen = screen_rows(&a, 80, 24).join("\n");
    assert!(screen.contains("Save to another file") && screen.contains("qy/run.ron_"), "{screen}");
    let enter = input::command(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE), &a.mode);
    assert_eq!(enter, Some(Command::Confirm));
    assert_eq!(a.handle(Command::Confirm), Flow::SaveAndQuit);
    assert_eq!(a.save_as, Some(std::path::PathBuf::from("qy/run.ron")));
    assert_eq!(a.mode, Mode::Normal);
    // That save failed: `W` offers the name again, to correct; Esc leaves it; `S` saves where
    // saves always go.
    a.save_failed("qy: no such directory");
    a.handle(Command::SaveAs);
    assert_eq!(a.mode, Mode::SaveAs { name: "qy/run.ron".into() });
    assert_eq!(a.handle(Command::Back), Flow::Continue);
    assert_eq!(a.mode, Mode::Normal);
    assert_eq!(a.handle(Command::SaveQuit), Flow::SaveAndQuit);
    assert_eq!(a.save_as, None);
    // An empty name saves nowhere: the prompt stays, and says what it wants.
    a.handle(Command::SaveAs);
    a.handle(Command::Type(' '));
    assert_eq!(a.handle(Command::Confirm), Flow::Continue);
    assert!(matches!(a.mode, Mode::SaveAs { .. }));
    assert!(a.notice.as_deref().is_some_and(|n| n.starts_with("Type the name")), "{:?}", a.notice);
}

/// A name pasted at the save-as prompt is typed there (up to its first line break, control
/// characters left out); pasted anywhere else it plays nothing.
#[test]
fn a_name_can_be_pasted_at_the_save_as_prompt_only() {
    let mut a = app(&["####", "#@.#", "####"]);
    assert_eq!(input::pasted("lllll qy", &a.mode), []);
    a.handle(Command::SaveAs);
    for cmd in input::pasted("~/saves/run 1.ron\nrm -rf x\n", &a.mode) {
        a.handle(cmd);
    }
    assert_eq!(a.mode, Mode::SaveAs { name: "~/saves/run 1.ron".into() });
    assert_eq!(
        input::pasted("a\tb\u{1b}c", &a.mode),
        [Command::Type('a'), Command::Type('b'), Command::Type('c')]
    );
}

/// QA: at 60×18 a save name of 1,231 characters pushed the replace question's keys off the
/// screen; a long name is shown by its end, and the question and keys stay. Ctrl-U clears the
/// save-as prompt (a 300-character name took 300 Backspaces).
#[test]
fn the_save_prompts_keep_their_keys_and_clear_at_once() {
    let mut a = app(&["####", "#@.#", "####"]);
    a.replaces = Some(format!("/tmp/{}/save.ron", "d".repeat(1200)));
    a.handle(Command::SaveQuit);
    let screen = screen_rows(&a, 60, 18).join("\n");
    assert!(screen.contains("y: replace it") && screen.contains("save.ron?"), "{screen}");
    assert!(screen.contains('…'), "the cut shows: {screen}");

    a.handle(Command::SaveAs);
    for c in "x".repeat(300).chars() {
        a.handle(Command::Type(c));
    }
    let ctrl_u = input::command(KeyEvent::new(KeyCode::Char('u'), KeyModifiers::CONTROL), &a.mode);
    assert_eq!(ctrl_u, Some(Command::EraseAll));
    a.handle(Command::EraseAll);
    assert_eq!(a.mode, Mode::SaveAs { name: String::new() });
    // (elsewhere Ctrl-U is nothing)
    assert_eq!(input::command(KeyEvent::new(KeyCode::Char('u'), KeyModifiers::CONTROL), &Mode::Normal), None);
}

/// QA: a failed save's notice longer than the message area lost its beginning ("Could not
/// save:") with nothing to show it was cut; its end (what to do) is kept, and the cut shows.
#[test]
fn a_notice_taller_than_the_message_area_shows_where_it_was_cut() {
    let mut a = app(&["####", "#@.#", "####"]);
    a.save_failed(&format!("{}: File name too long (os error 36)", "a".repeat(300)));
    let rows = screen_rows(&a, 60, 18);
    let area = &rows[rows.len() - 6..rows.len() - 1];
    assert!(area[0].starts_with("│…a"), "{area:#?}");
    assert!(area.iter().any(|r| r.contains("(W saves to another")), "{area:#?}");
    // a notice that fits is drawn whole, with no mark
    a.save_failed("/ro/save.ron: it is read-only");
    let rows = screen_rows(&a, 60, 18).join("\n");
    assert!(rows.contains("Could not save: /ro/save.ron") && !rows.contains('…'), "{rows}");
}

/// New-player QA: with 1 HP back every few turns, healing took pressing `.` some sixty times.
/// `R` rests, turn after turn, until healed, or until something disturbs it; not with a monster
/// in view, nor at full health.
#[test]
fn r_rests_until_healed_or_disturbed() {
    let mut a = app(&["########", "#@.....#", "########"]);
    assert_eq!(
        input::command(KeyEvent::new(KeyCode::Char('R'), KeyModifiers::SHIFT), &a.mode),
        Some(Command::Rest)
    );
    a.handle(Command::Rest);
    assert_eq!(a.notice.as_deref(), Some("You are already at full health."));
    assert_eq!(a.game.turn, 0);

    a.game.player.hp = a.game.player.max_hp - 3;
    a.handle(Command::Rest);
    assert_eq!(a.game.player.hp, a.game.player.max_hp, "healed");
    let turns = a.game.turn;
    assert!(turns > 3, "it took turns: {turns}");
    assert_eq!(a.notice, Some(format!("You rest {turns} turns: you are at full health.")));

    // a monster in view: no rest
    let mut b = app(&["########", "#@...r.#", "########"]);
    b.game.player.hp -= 3;
    assert!(!b.game.visible_monsters().is_empty());
    b.handle(Command::Rest);
    assert_eq!(b.notice.as_deref(), Some("You cannot rest with a monster in view."));
    assert_eq!(b.game.turn, 0);
}

/// New-player QA: PgDn in the history moved ten rows with twenty-two on screen. A page is the
/// rows shown, less one kept in view; in the help too.
#[test]
fn a_page_is_the_rows_on_screen_less_one() {
    let mut a = app(&["####", "#@>#", "####"]);
    for k in 0..400 {
        a.game.log.push(0, format!("message {k}"));
    }
    a.screen = Size::new(80, 24);
    a.handle(Command::History);
    a.handle(Command::Home);
    let Mode::History { scroll: oldest } = a.mode else { panic!() };
    a.handle(Command::PageDown);
    assert_eq!(a.mode, Mode::History { scroll: oldest - 21 }, "22 rows shown, one kept");
    a.handle(Command::PageUp);
    assert_eq!(a.mode, Mode::History { scroll: oldest });
    a.handle(Command::Back);
    a.screen = Size::new(render::MIN_WIDTH, render::MIN_HEIGHT);
    a.handle(Command::Help);
    a.handle(Command::PageDown);
    let max =
        render::help::max_scroll(ratatui::layout::Rect::new(0, 0, render::MIN_WIDTH, render::MIN_HEIGHT));
    assert_eq!(a.mode, Mode::Help { scroll: 15.min(max) }, "16 rows shown at 60×18");
}
