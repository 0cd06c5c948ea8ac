//! The screens, drawn on ratatui's `TestBackend`: snapshots of what a player sees, and the styles
//! that carry meaning (remembered cells dim, visible ones not).

#[path = "game_maps/art.rs"]
mod art;
#[path = "support/screen.rs"]
mod screen;

use art::art;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier};
use screen::draw;
use screen::text;
use sightline::Pos;
use sightline::game::{Action, Dir, GameState};
use sightline::ui::app::Command;
use sightline::ui::render::look::describe;
use sightline::ui::render::{self, help, map::view_origin};
use sightline::ui::targeting::first_hit;
use sightline::ui::{App, Mode, Theme};

const KEEP: &[&str] = &[
    "##################",
    "#........#.......#",
    "#..$.....+...o...#",
    "#........#.......#",
    "#.@......###'#####",
    "#........#.....!.#",
    "###+######..~~...#",
    "#........#..\"....#",
    "#...g.......>....#",
    "##################",
];

fn keep_game() -> GameState {
    let mut map = art(KEEP);
    map.meta.name = "Test Keep".into();
    GameState::new(map, 1234).unwrap()
}

/// The keep after crossing the first room, opening its east door (a bump) and stepping through:
/// the first room is partly remembered, the east room and its orc in view.
fn explored() -> App {
    let mut game = keep_game();
    let mut walk = vec![Action::Move(Dir::NE), Action::Move(Dir::NE)];
    walk.extend([Action::Move(Dir::E); 7]);
    for a in walk {
        game.act(a);
    }
    assert_eq!(game.player.pos, Pos::new(10, 2), "through the door");
    assert_eq!(game.map.tile(Pos::new(9, 2)), sightline::Tile::DoorOpen);
    App::new(game, Theme::colour())
}

#[test]
fn main_screen() {
    let app = explored();
    insta::assert_snapshot!(text(&draw(&app, 80, 24)));
}

#[test]
fn help_screen() {
    let mut app = explored();
    app.handle(Command::Help);
    assert!(matches!(app.mode, Mode::Help { .. }), "{:?}", app.mode);
    insta::assert_snapshot!(text(&draw(&app, 80, 24)));
}

/// The help names every glyph of terrain the map draws, each with what it is, and still fits
/// 80×24. (New-player QA found `"` named nowhere, then the open door `'`.)
#[test]
fn the_help_names_every_terrain_glyph_and_fits_80x24() {
    let mut app = explored();
    app.handle(Command::Help);
    let screen = text(&draw(&app, 80, 24));
    assert!(!screen.contains("more below"), "it all fits:\n{screen}");
    // (spaces collapsed: the key column pads the glyph of the stairs)
    let rows: Vec<String> = screen
        .lines()
        .map(|l| l.trim_matches('│').split_whitespace().collect::<Vec<_>>().join(" "))
        .collect();
    for tile in sightline::Tile::ALL {
        let named = match tile {
            sightline::Tile::Wall => "walls",
            // (the ground: everything the help does not name is floor)
            sightline::Tile::Floor => continue,
            sightline::Tile::DoorClosed => "shut",
            sightline::Tile::DoorOpen => "open",
            sightline::Tile::Glass => "glass",
            sightline::Tile::Water => "water",
            sightline::Tile::Exit => "leave by the stairs",
        };
        let shown = format!("{} {named}", tile.glyph());
        assert!(rows.iter().any(|r| r.contains(&shown)), "{shown:?} for {tile:?}:\n{screen}");
    }
}

#[test]
fn look_mode() {
    let mut app = explored();
    app.handle(Command::Look);
    // Onto the open door of the east room, then into the room.
    app.handle(Command::Move(Dir::E));
    let screen = text(&draw(&app, 80, 24));
    assert!(screen.contains("Look "), "{screen}");
    insta::assert_snapshot!(screen);
}

#[test]
fn death_screen() {
    let mut map = art(&["#######", "#@...o#", "#######"]);
    map.meta.name = "the Orc Hall".into();
    let mut game = GameState::new(map, 77).unwrap();
    let mut turns = 0;
    while !game.is_over() {
        game.act(Action::Wait);
        turns += 1;
        assert!(turns < 500);
    }
    let app = App::new(game, Theme::colour());
    assert_eq!(app.mode, Mode::Death);
    let screen = text(&draw(&app, 80, 24));
    assert!(screen.contains("Slain by an orc"), "{screen}");
    insta::assert_snapshot!(screen);
}

#[test]
fn victory_screen() {
    let mut map = art(&["######", "#@$.>#", "######"]);
    map.meta.name = "The Short Hall".into();
    let mut app = App::new(GameState::new(map, 5).unwrap(), Theme::colour());
    for cmd in [
        Command::Move(Dir::E),
        Command::PickUp,
        Command::Move(Dir::E),
        Command::Move(Dir::E),
        Command::TakeExit,
    ] {
        app.handle(cmd);
    }
    assert_eq!(app.mode, Mode::Victory);
    let screen = text(&draw(&app, 80, 24));
    assert!(screen.contains("You escaped"), "{screen}");
    insta::assert_snapshot!(screen);
}

#[test]
fn too_small_notice() {
    let app = explored();
    let screen = text(&draw(&app, 40, 10));
    assert!(screen.contains("Terminal too small"), "{screen}");
    assert!(!screen.contains('#'), "no garbled map: {screen}");
}

/// However small the terminal, the notice ends with the key that quits: a shorter form where the
/// whole sentence would be cut (at 20×5 it ended "enlarge the window (Ctrl-C").
#[test]
fn the_too_small_notice_always_tells_the_key_that_quits() {
    let app = explored();
    let sentence = |w: u16, h: u16| {
        let screen = text(&draw(&app, w, h));
        screen.lines().map(str::trim).filter(|l| !l.is_empty()).collect::<Vec<_>>().join(" ")
    };
    assert!(sentence(40, 10).starts_with("Terminal too small: 40x10."), "{}", sentence(40, 10));
    assert_eq!(sentence(20, 5), "Too small: 20x5, needs 60x18. Ctrl-C quits.");
    assert_eq!(sentence(10, 5), "10x5: too small. Ctrl-C quits.");
    assert_eq!(sentence(13, 1), "Ctrl-C quits.");
    for (w, h) in [(59, 17), (30, 4), (20, 3), (16, 2), (14, 1)] {
        assert!(sentence(w, h).contains("Ctrl-C quits"), "{w}x{h}: {}", sentence(w, h));
    }
}

/// Where map cell `p` lands on an 80×24 screen (the map box starts at 0,0 with a border).
fn screen_of(app: &App, p: Pos, w: u16, h: u16) -> (u16, u16) {
    let view_w = w - render::PANEL_WIDTH - 2;
    let view_h = h - render::LOG_HEIGHT - 2;
    let tl = view_origin(&app.game, view_w, view_h, None).origin;
    ((p.x - tl.x + 1) as u16, (p.y - tl.y + 1) as u16)
}

fn check_memory_styles(theme: Theme) {
    let mut app = explored();
    app.theme = theme.clone();
    let game = &app.game;
    let remembered: Vec<Pos> = game
        .map
        .tiles
        .iter()
        .map(|(p, _)| p)
        .filter(|&p| game.memory.is_known(p) && !game.is_visible(p))
        .collect();
    let visible: Vec<Pos> = game.view().cells().to_vec();
    assert!(remembered.len() > 5 && visible.len() > 5, "the scene has both kinds");
    let terminal = draw(&app, 80, 24);
    let buf = terminal.backend().buffer();
    for &p in &remembered {
        let (x, y) = screen_of(&app, p, 80, 24);
        let style = buf[(x, y)].style();
        assert_eq!(buf[(x, y)].symbol(), game.memory.tile(p).unwrap().glyph().to_string(), "{p}");
        assert!(style.add_modifier.contains(Modifier::DIM), "remembered {p} is dim: {style:?}");
        assert!(!style.add_modifier.contains(Modifier::BOLD), "remembered {p} is not bold");
    }
    for &p in &visible {
        let (x, y) = screen_of(&app, p, 80, 24);
        let style = buf[(x, y)].style();
        assert!(!style.add_modifier.contains(Modifier::DIM), "visible {p} is not dim: {style:?}");
        assert!(style.add_modifier.contains(Modifier::BOLD), "visible {p} is bold: {style:?}");
        if theme.monochrome {
            assert!(matches!(style.fg, None | Some(Color::Reset)), "monochrome {p}: {style:?}");
        }
    }
}

#[test]
fn remembered_cells_are_dim_and_visible_ones_are_not() {
    check_memory_styles(Theme::colour());
}

#[test]
fn remembered_cells_are_dim_and_visible_ones_are_not_without_colour() {
    check_memory_styles(Theme::monochrome());
}

#[test]
fn the_view_follows_the_player_on_a_map_larger_than_the_screen() {
    let mut rows = vec!["#".repeat(120)];
    for y in 1..59 {
        let mut r: Vec<char> = format!("#{}#", ".".repeat(118)).chars().collect();
        if y == 30 {
            r[100] = '@';
        }
        rows.push(r.into_iter().collect());
    }
    rows.push("#".repeat(120));
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let app = App::new(GameState::new(art(&rows), 0).unwrap(), Theme::colour());
    let terminal = draw(&app, 80, 24);
    let (x, y) = screen_of(&app, app.game.player.pos, 80, 24);
    assert!(x < 80 - render::PANEL_WIDTH && y < 24 - render::LOG_HEIGHT);
    assert_eq!(terminal.backend().buffer()[(x, y)].symbol(), "@");
}

#[test]
fn every_size_renders_without_panicking() {
    let mut apps = vec![explored()];
    for cmd in [Command::Help, Command::Look, Command::Fire, Command::History, Command::Quit] {
        let mut app = explored();
        app.handle(cmd);
        apps.push(app);
    }
    let mut dead = App::new(GameState::new(art(&["####", "#@o#", "####"]), 3).unwrap(), Theme::monochrome());
    while dead.mode != Mode::Death {
        dead.handle(Command::Wait);
    }
    apps.push(dead);
    // Every width at a few heights and every height at a few widths, for the main screen; a
    // coarser grid (with the minimum-size edges) for the other screens.
    let mut every: Vec<(u16, u16)> = Vec::new();
    for w in 1..=300 {
        every.extend([1, 17, 18, 100].map(|h| (w, h)));
    }
    for h in 1..=100 {
        every.extend([1, 59, 60, 300].map(|w| (w, h)));
    }
    let edges = |max: u16, min: u16| {
        let mut v: Vec<u16> = (1..=max).step_by(23).collect();
        v.extend([min - 1, min, min + 1, max]);
        v
    };
    let mut coarse: Vec<(u16, u16)> = Vec::new();
    for w in edges(300, render::MIN_WIDTH) {
        coarse.extend(edges(100, render::MIN_HEIGHT).into_iter().map(|h| (w, h)));
    }
    let mut buf = Buffer::empty(Rect::new(0, 0, 1, 1));
    for (i, app) in apps.iter().enumerate() {
        for &(w, h) in if i == 0 { &every } else { &coarse } {
            let area = Rect::new(0, 0, w, h);
            buf.resize(area);
            buf.reset();
            render::render(app, area, &mut buf);
            // the notice exactly below the minimum size (where it has room to show)
            let screen: String = buf.content().iter().map(|c| c.symbol()).collect();
            let small = w < render::MIN_WIDTH || h < render::MIN_HEIGHT;
            if w >= 20 && h >= 3 || !small {
                assert_eq!(screen.contains("too small"), small, "{w}x{h}, screen {i}");
            }
        }
    }
}

/// The style of the first cell of the screen row that holds `needle`, and the row itself.
fn row_with(
    terminal: &ratatui::Terminal<ratatui::backend::TestBackend>,
    needle: &str,
) -> (String, Modifier, Option<Color>) {
    let buf = terminal.backend().buffer();
    for y in 0..buf.area.height {
        let row: String = (0..buf.area.width).map(|x| buf[(x, y)].symbol()).collect();
        if let Some(i) = row.find(needle) {
            let style = buf[(i as u16, y)].style();
            return (row.trim_end().to_string(), style.add_modifier, style.fg);
        }
    }
    panic!("no row holds {needle:?}:\n{}", text(terminal));
}

/// A turn's messages are drawn alike and listed under one turn: the player's blow as bright as
/// the goblin's answer in the same turn (the blow was once stamped with the turn before, and
/// drawn faint beside it), and the reason for an action refused, which takes no turn, bright
/// too. Messages of earlier turns are faint.
#[test]
fn the_players_action_and_the_monsters_replies_are_drawn_as_one_turn() {
    for theme in [Theme::colour(), Theme::monochrome()] {
        let map = art(&["#######", "#@g...#", "#######"]);
        let mut app = App::new(GameState::new(map, 5).unwrap(), theme.clone());
        app.handle(Command::Move(Dir::E));
        assert_eq!(app.game.turn, 1);
        let log = app.game.log.messages().to_vec();
        let blow = log.iter().find(|m| m.text.contains("the goblin")).expect("the player strikes");
        let reply = log.iter().find(|m| m.text.starts_with("The goblin")).expect("the goblin strikes back");
        assert_eq!((blow.turn, reply.turn), (1, 1), "both in the turn that was played");
        let welcome = draw(&app, 80, 24);
        let (blow_row, blow_mods, blow_fg) = row_with(&welcome, &blow.text);
        let (reply_row, reply_mods, reply_fg) = row_with(&welcome, &reply.text);
        let (_, old_mods, old_fg) = row_with(&welcome, "Welcome to");
        assert_eq!((blow_mods, blow_fg), (reply_mods, reply_fg), "drawn alike:\n{blow_row}\n{reply_row}");
        assert_ne!((blow_mods, blow_fg), (old_mods, old_fg), "the last turn stands out from older ones");

        // A refused action takes no turn; its reason is as bright as the turn's messages.
        app.handle(Command::PickUp);
        assert_eq!(app.game.turn, 1, "no turn passed");
        let refused = app.game.log.recent(1)[0].clone();
        assert_eq!(refused.text, "There is nothing here to pick up.");
        let screen = draw(&app, 80, 24);
        let (_, mods, fg) = row_with(&screen, &refused.text);
        assert_eq!((mods, fg), (blow_mods, blow_fg), "the refusal is drawn bright");
        assert_eq!(row_with(&screen, &blow.text).1, blow_mods, "the turn's messages are still bright");

        // The history lists the blow and the answer under the same turn.
        app.handle(Command::History);
        let history = text(&draw(&app, 80, 24));
        for m in [&blow.text, &reply.text] {
            assert!(history.contains(&format!("    1  {m}")), "{m:?} under turn 1:\n{history}");
        }
    }
}

/// The side panel's text on a `w × h` screen: its rows inside the border, trimmed, joined with
/// spaces (so a sentence the panel wraps reads whole).
fn panel_text(terminal: &ratatui::Terminal<ratatui::backend::TestBackend>) -> String {
    let buf = terminal.backend().buffer();
    let (w, h) = (buf.area.width, buf.area.height);
    let x0 = w - render::PANEL_WIDTH + 1;
    (1..h - render::LOG_HEIGHT - 1)
        .map(|y| (x0..w - 1).map(|x| buf[(x, y)].symbol()).collect::<String>().trim().to_string())
        .filter(|r| !r.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Whatever is in view, the panel shows what the cursor is on and, when aiming, what the arrow
/// will hit, whole: the list of what is in view is cut to the rows left ("… and N more"). (The
/// list was once drawn first, unbounded: with three monsters in view at 80×24 the chance to hit
/// was cut, with more, or at 60×18 with one, the whole aim section.)
#[test]
fn the_cursors_description_and_the_arrows_first_hit_always_show() {
    let three =
        ["############", "#@.........#", "#....g.....#", "#.....a....#", "#......o...#", "############"];
    let crowd = [
        "#####################",
        "#$....|....!....$...#",
        "#..a..r..o..g..a..r.#",
        "#...................#",
        "#$.o..g..a.!r..o$.g.#",
        "#..a..r..o@.g..a..r.#",
        "#$....|....!....$...#",
        "#####################",
    ];
    let one = ["########", "#@....g#", "########"];
    for (rows, sizes) in [
        (&three[..], &[(80, 24), (60, 18)][..]),
        (&crowd[..], &[(80, 24), (60, 18), (100, 40)][..]),
        (&one[..], &[(60, 18), (80, 24)][..]),
    ] {
        for &(w, h) in sizes {
            for look in [false, true] {
                let mut app = App::new(GameState::new(art(rows), 1).unwrap(), Theme::colour());
                app.handle(Command::Fire);
                let Mode::Target { cursor } = app.mode else { panic!("aiming: {:?}", app.mode) };
                assert_ne!(cursor, app.game.player.pos, "a monster is in view");
                if look {
                    app.mode = Mode::Look { cursor };
                }
                let terminal = draw(&app, w, h);
                let panel = panel_text(&terminal);
                let screen = text(&terminal);
                assert!(panel.contains(&describe(&app.game, cursor)), "{w}x{h} look {look}:\n{screen}");
                if !look {
                    let hit = first_hit(&app.game, cursor);
                    assert!(hit.contains("% to hit)."), "{hit}");
                    assert!(panel.contains(&hit), "{w}x{h}: {hit:?} whole in the panel:\n{screen}");
                }
                let in_view = app.game.visible_monsters().len() + app.game.visible_items().len();
                if panel.contains("In view:") && in_view > 3 && h < 40 {
                    assert!(panel.contains(" more"), "the cut list says so:\n{screen}");
                }
            }
        }
    }
    // A panel tall enough lists everything, with no "more".
    let mut app = App::new(GameState::new(art(&crowd), 1).unwrap(), Theme::colour());
    app.handle(Command::Fire);
    let panel = panel_text(&draw(&app, 100, 60));
    assert!(!panel.contains("more"), "{panel}");
}

/// The help is taller than the smallest screen: it scrolls with the movement keys and PgUp/PgDn,
/// says so, and every line of it can be brought on screen. (It was once cut at 60×18: `q`,
/// `?` and the rules never showed.)
#[test]
fn every_line_of_the_help_is_reachable_at_the_smallest_screen() {
    let (w, h) = (render::MIN_WIDTH, render::MIN_HEIGHT);
    let mut app = explored();
    // (as the event loop says before each key: scrolling stops at the last page of this screen)
    app.screen = ratatui::layout::Size::new(w, h);
    app.handle(Command::Help);
    let first = text(&draw(&app, w, h));
    assert!(first.contains("PgDn"), "the border says how to scroll:\n{first}");
    assert!(first.contains("more below"), "and that there is more:\n{first}");
    let mut seen = vec![first];
    for _ in 0..30 {
        app.handle(Command::Move(Dir::S));
        seen.push(text(&draw(&app, w, h)));
    }
    let all = seen.join("\n");
    for (keys, what) in help::KEYS {
        assert!(all.contains(&format!("│  {keys} ")), "{keys:?} shown:\n{all}");
        for word in what.split_whitespace() {
            assert!(all.contains(word), "{word:?} of {keys:?}'s line shown:\n{all}");
        }
    }
    assert!(all.contains("The screen and the rules"), "{all}");
    for note in help::notes() {
        let last = note.split_whitespace().last().unwrap();
        assert!(all.contains(last), "the end of {note:?} shown:\n{all}");
    }
    let last = seen.last().unwrap();
    assert!(last.contains("more above") && !last.contains("more below"), "{last}");
    // PgUp goes back to the top; in a larger terminal it all fits, with nothing to scroll.
    for _ in 0..10 {
        app.handle(Command::PageUp);
    }
    assert_eq!(text(&draw(&app, w, h)), seen[0]);
    let full = text(&draw(&app, 80, 24));
    assert!(!full.contains("more below") && !full.contains("more above"), "80×24 holds it all:\n{full}");
}

/// A long line: a map name, or a message, of a dozen long words.
const LONG: &str = "The Hall of very long names of very long names of very long names of very long names of \
                    very long names of very long names of very long names";

/// The end screens size their box by the rows their text takes once wrapped, and always show
/// the keys that leave them, whatever the map's name and at the smallest screen. (The box was
/// once sized by the count of lines before wrapping: the newest messages and the key hint were
/// cut.)
#[test]
fn the_end_screens_always_show_their_keys_and_the_newest_message() {
    let victory = || {
        let mut map = art(&["######", "#@..>#", "######"]);
        map.meta.name = LONG.into();
        let mut app = App::new(GameState::new(map, 5).unwrap(), Theme::colour());
        for _ in 0..3 {
            app.handle(Command::Move(Dir::E));
        }
        app.game.log.push(app.game.turn, format!("A long message: {LONG}, the end."));
        app.handle(Command::TakeExit);
        assert_eq!(app.mode, Mode::Victory);
        app
    };
    let death = || {
        let mut map = art(&["#######", "#@...o#", "#######"]);
        map.meta.name = LONG.into();
        let mut app = App::new(GameState::new(map, 77).unwrap(), Theme::colour());
        while app.mode != Mode::Death {
            app.handle(Command::Wait);
        }
        app
    };
    for app in [victory(), death()] {
        let newest = app.game.log.recent(1)[0].text.clone();
        for (w, h) in [(60, 18), (80, 24), (61, 19), (100, 40)] {
            let screen = text(&draw(&app, w, h));
            assert!(screen.contains("Enter or q: quit    m: message history"), "{w}x{h}:\n{screen}");
            assert!(screen.contains("Score"), "{w}x{h}:\n{screen}");
            // The newest message's end: the line it ends on.
            let tail: String = newest.split_whitespace().rev().take(2).collect::<Vec<_>>().join(" ");
            let tail = tail.split(' ').rev().collect::<Vec<_>>().join(" ");
            assert!(screen.contains(&tail), "{w}x{h}: the end of {newest:?}:\n{screen}");
        }
    }
}

/// At scroll 0 the history ends with the newest message, whole, however many of the messages
/// above it wrap. (Messages were once picked by count and then wrapped, so wrapped ones pushed
/// the newest off the screen.)
#[test]
fn the_history_ends_with_the_newest_message_when_messages_wrap() {
    let mut app = App::new(GameState::new(art(&["####", "#@.#", "####"]), 1).unwrap(), Theme::colour());
    for k in 0..30 {
        app.game.log.push(0, format!("message {k}: {LONG}"));
    }
    app.game.log.push(0, "the newest, short.");
    app.handle(Command::History);
    for (w, h) in [(60, 18), (80, 24), (120, 40)] {
        let screen = text(&draw(&app, w, h));
        let rows: Vec<&str> = screen.lines().collect();
        assert!(rows[rows.len() - 2].contains("the newest, short."), "{w}x{h}: on the last row:\n{screen}");
        let before = rows[rows.len() - 3].trim_end_matches('│').trim_end();
        assert!(before.ends_with(" names"), "{w}x{h}: the one before ends above it:\n{screen}");
        assert!(screen.contains("message 29: The Hall"), "{w}x{h}: and starts on screen:\n{screen}");
    }
}

/// A notice wraps onto the rows it needs, at the cost of older messages, so its end shows: the
/// option a failed save names, the key that leaves aiming. (It was once one row, cut.)
#[test]
fn notices_wrap_and_their_end_shows() {
    let mut app = explored();
    let notice = "Could not save: no save location: set XDG_DATA_HOME or HOME to an absolute path, or \
                  pass --save FILE";
    app.notice = Some(notice.into());
    for (w, h) in [(60, 18), (80, 24)] {
        let screen = text(&draw(&app, w, h));
        assert!(screen.contains("Could not save"), "{screen}");
        let end = |r: &str| r.trim_end_matches('│').trim_end().ends_with("or pass --save FILE");
        assert!(screen.lines().any(end), "{w}x{h}:\n{screen}");
    }
    // A notice taller than the whole message area (a long save path) keeps its end: the reason.
    let long =
        format!("Could not save: /{}/save.ron: Permission denied (os error 13)", "directory/".repeat(40));
    app.notice = Some(long);
    let screen = text(&draw(&app, render::MIN_WIDTH, render::MIN_HEIGHT));
    assert!(
        screen.lines().any(|r| r.trim_end_matches('│').trim_end().ends_with("(os error 13)")),
        "the reason shows:\n{screen}"
    );
    app.notice = None;
    app.handle(Command::Fire);
    let screen = text(&draw(&app, render::MIN_WIDTH, render::MIN_HEIGHT));
    assert!(
        screen.lines().any(|r| r.trim_end_matches('│').trim_end().ends_with("Esc cancels.")),
        "the aiming hint whole:\n{screen}"
    );
}

/// Text from a map file or a save reaches the terminal through `terminal_text`: a right-to-left
/// override (which ratatui passes through) in the map's name is drawn as U+FFFD in the map's
/// title, the welcome message, the history and the end screen, and so is one in a message or a
/// notice (which may quote a file name).
#[test]
fn control_characters_from_files_are_drawn_as_replacement_characters() {
    let mut map = art(&["######", "#@..>#", "######"]);
    map.meta.name = "The \u{202e}Reversed\u{202c} Hall\u{1b}[2J".into();
    let mut app = App::new(GameState::new(map, 5).unwrap(), Theme::colour());
    app.game.log.push(0, "A message from a save: \u{2067}x\u{7}");
    app.notice = Some("Could not save: /tmp/\u{202e}evil.ron".into());
    let screen = |app: &App| {
        let t = draw(app, 80, 24);
        t.backend().buffer().content().iter().map(|c| c.symbol().to_string()).collect::<String>()
    };
    let check = |what: &str, s: String| {
        for bad in ['\u{202e}', '\u{202c}', '\u{2067}', '\u{1b}', '\u{7}'] {
            assert!(!s.contains(bad), "{what}: {bad:?} drawn raw");
        }
        assert!(s.contains('\u{fffd}'), "{what}: the stand-in drawn");
    };
    check("main screen", screen(&app));
    let main = text(&draw(&app, 80, 24));
    assert!(main.contains("┌ The \u{fffd}Reversed\u{fffd} Hall\u{fffd}[2J "), "the title:\n{main}");
    assert!(main.contains("Welcome to The \u{fffd}Reversed"), "the welcome:\n{main}");
    assert!(main.contains("/tmp/\u{fffd}evil.ron"), "the notice:\n{main}");
    app.notice = None;
    app.handle(Command::History);
    check("history", screen(&app));
    app.handle(Command::Back);
    for _ in 0..3 {
        app.handle(Command::Move(Dir::E));
    }
    app.handle(Command::TakeExit);
    assert_eq!(app.mode, Mode::Victory);
    check("victory", screen(&app));
    assert!(text(&draw(&app, 80, 24)).contains("You leave The \u{fffd}Reversed"));
}

/// QA: a tab in the map's name vanished from its title and the welcome ("Welcome to
/// Escapesand tabs."): a name is drawn on one line, with a tab as a space, there, in the
/// history and on the end screens.
#[test]
fn a_tab_in_a_map_s_name_is_drawn_as_a_space() {
    let mut map = art(&["######", "#@..>#", "######"]);
    map.meta.name = "Escapes\tand tabs".into();
    let mut app = App::new(GameState::new(map, 5).unwrap(), Theme::colour());
    let main = text(&draw(&app, 80, 24));
    assert!(main.contains("┌ Escapes and tabs "), "the title:\n{main}");
    assert!(main.contains("Welcome to Escapes and tabs."), "the welcome:\n{main}");
    app.handle(Command::History);
    assert!(text(&draw(&app, 80, 24)).contains("Welcome to Escapes and tabs."), "the history");
    app.handle(Command::Back);
    for _ in 0..3 {
        app.handle(Command::Move(Dir::E));
    }
    app.handle(Command::TakeExit);
    assert_eq!(app.mode, Mode::Victory);
    let end = text(&draw(&app, 80, 24));
    assert!(end.contains("You leave Escapes and tabs"), "the victory screen:\n{end}");
}

/// A map's name wider than the map's border is cut with "…", so the cut shows (ratatui cuts a
/// title without a sign); one that fits is drawn whole.
#[test]
fn a_map_name_wider_than_its_border_ends_with_an_ellipsis() {
    let name = "The Extremely Long-Named Labyrinth of Endless Corridors and Many Many Monsters Too";
    let mut map = art(&["######", "#@..>#", "######"]);
    map.meta.name = name.into();
    let app = App::new(GameState::new(map, 5).unwrap(), Theme::colour());
    for (w, h) in [(80, 24), (60, 18), (100, 30)] {
        let screen = text(&draw(&app, w, h));
        let top = screen.lines().next().unwrap();
        let title = top.split('┐').next().unwrap();
        assert!(title.starts_with("┌ The Extremely Long-Named"), "{w}x{h}: {top}");
        assert!(title.ends_with("… "), "{w}x{h}: the cut is marked: {top}");
        assert!(!top.contains(name), "{w}x{h}");
    }
    let screen = text(&draw(&app, 200, 40));
    assert!(screen.lines().next().unwrap().starts_with(&format!("┌ {name} ─")), "{screen}");
}

/// The side panel's rows on a `w × h` screen, inside its border, trimmed.
fn panel_rows(terminal: &ratatui::Terminal<ratatui::backend::TestBackend>) -> Vec<String> {
    let buf = terminal.backend().buffer();
    let (w, h) = (buf.area.width, buf.area.height);
    let x0 = w - render::PANEL_WIDTH + 1;
    (1..h - render::LOG_HEIGHT - 1)
        .map(|y| (x0..w - 1).map(|x| buf[(x, y)].symbol()).collect::<String>().trim_end().to_string())
        .collect()
}

/// The in-view list reads as a legend: each glyph, styled as the map draws it, then a colon and
/// what it is ("a: archer", where "a archer" read as an article and a noun); and the items of a
/// kind are one line counting them all, where the nearest of them comes: three spent arrows on
/// three cells are "3 arrows", not three lines "an arrow".
#[test]
fn the_in_view_list_reads_as_a_legend_and_counts_the_items_of_a_kind_once() {
    let map = art(&["##########", "#@..a....#", "#.|.|..|.#", "#!...$..!#", "##########"]);
    let mut game = GameState::new(map, 3).unwrap();
    for item in &mut game.items {
        if item.kind == sightline::map::ItemKind::Arrows {
            item.amount = 1; // three single arrows, as spent ones lie
        }
    }
    let gold = game.items.iter().find(|i| i.kind == sightline::map::ItemKind::Gold).unwrap().amount;
    for theme in [Theme::colour(), Theme::monochrome()] {
        let app = App::new(game.clone(), theme.clone());
        let terminal = draw(&app, 80, 24);
        let rows = panel_rows(&terminal);
        let start = rows.iter().position(|r| r == "In view:").expect("the list");
        let list: Vec<&str> =
            rows[start + 1..].iter().map(String::as_str).take_while(|r| !r.is_empty()).collect();
        let gold = format!(" $: {gold} gold pieces");
        assert_eq!(list, [" a: archer", " |: 3 arrows", " !: 2 healing potions", gold.as_str()], "{rows:#?}");
        // The glyph is drawn as on the map, the colon and the name as text.
        let (x, y) = (80 - render::PANEL_WIDTH + 2, 1 + start as u16 + 1);
        let buf = terminal.backend().buffer();
        assert_eq!((buf[(x, y)].symbol(), buf[(x + 1, y)].symbol()), ("a", ":"));
        let archer = theme.monster(sightline::map::MonsterKind::Archer);
        assert_eq!(buf[(x, y)].style().fg, archer.fg, "the glyph in the archer's colour");
        assert_eq!(buf[(x, y)].style().add_modifier, archer.add_modifier);
        assert_eq!(buf[(x + 1, y)].style().add_modifier, theme.text.add_modifier, "the colon is text");
    }
}

/// Whether `text` holds a number in brackets, "(6)": how damage was once told, unexplained.
fn bare_number(text: &str) -> bool {
    text.split('(').skip(1).any(|rest| rest.split_once(')').is_some_and(|(n, _)| n.parse::<i64>().is_ok()))
}

/// The log tells the damage of an arrow in words, the player's and an archer's alike: "Your
/// arrow hits the orc for 4.", "Your arrow hits the orc for 3 and kills it!", "The archer's arrow
/// hits you for 2." (it was a bare "(4)" after the sentence, which nothing on screen explained),
/// and the message area draws them so.
#[test]
fn the_log_tells_an_arrows_damage_in_words() {
    // Deep water between the player and an orc and an archer: arrows fly over it, nobody can
    // cross it, so nothing fights hand to hand.
    let rows = ["###########", "#@...~~~o.#", "#....~~~..#", "#....~~~.a#", "###########"];
    let number = |s: &str| s.parse::<i32>().is_ok_and(|n| n > 0);
    let (mut hit, mut kill, mut shot_at) = (false, false, false);
    for seed in 0..50 {
        let mut game = GameState::new(art(&rows), seed).unwrap();
        while !game.is_over() && game.player.arrows > 0 {
            let Some(orc) = game.monsters.iter().find(|m| m.kind == sightline::map::MonsterKind::Orc) else {
                break;
            };
            game.act(Action::Fire { target: orc.pos });
            for m in game.log.messages() {
                let t = m.text.as_str();
                assert!(!bare_number(t), "{t:?}");
                if let Some(rest) = t.strip_prefix("Your arrow hits the orc for ") {
                    let rest = rest.trim_end_matches(" The arrow breaks.");
                    if let Some(n) = rest.strip_suffix(" and kills it!") {
                        assert!(number(n), "{t:?}");
                        kill = true;
                    } else {
                        assert!(number(rest.strip_suffix('.').unwrap_or("")), "{t:?}");
                        hit = true;
                    }
                }
                if let Some(n) = t.strip_prefix("The archer's arrow hits you for ") {
                    assert!(number(n.strip_suffix('.').unwrap_or("")), "{t:?}");
                    shot_at = true;
                }
            }
            let newest = &game.log.recent(1)[0].text;
            if newest.contains(" for ") && !game.is_over() {
                let screen = text(&draw(&App::new(game.clone(), Theme::colour()), 80, 24));
                assert!(screen.contains(newest.as_str()), "drawn as logged: {newest:?}\n{screen}");
            }
        }
        if hit && kill && shot_at {
            return;
        }
    }
    panic!("no seed gave a hit, a kill and an archer's hit: {hit} {kill} {shot_at}");
}

/// Melee tells its damage in words too: "You hit the goblin for 3.", "You hit the goblin for 4
/// and kill it!", "The goblin hits you for 2." (each was a bare "(3)" after the sentence).
#[test]
fn the_log_tells_a_blows_damage_in_words() {
    let number = |s: &str| s.parse::<i32>().is_ok_and(|n| n > 0);
    let (mut hit, mut kill, mut hit_back) = (false, false, false);
    for seed in 0..50 {
        let mut game = GameState::new(art(&["#######", "#@g...#", "#######"]), seed).unwrap();
        while !game.is_over() && !game.monsters.is_empty() {
            game.act(Action::Move(Dir::E));
        }
        for m in game.log.messages() {
            let t = m.text.as_str();
            assert!(!bare_number(t), "{t:?}");
            if let Some(rest) = t.strip_prefix("You hit the goblin for ") {
                if let Some(n) = rest.strip_suffix(" and kill it!") {
                    assert!(number(n), "{t:?}");
                    kill = true;
                } else {
                    assert!(number(rest.strip_suffix('.').unwrap_or("")), "{t:?}");
                    hit = true;
                }
            }
            if let Some(n) = t.strip_prefix("The goblin hits you for ") {
                assert!(number(n.strip_suffix('.').unwrap_or("")), "{t:?}");
                hit_back = true;
            }
        }
        if hit && kill && hit_back {
            return;
        }
    }
    panic!("no seed gave a hit, a kill and a hit back: {hit} {kill} {hit_back}");
}

/// An item under a monster is not drawn (the monster is drawn over it), so looking or aiming at
/// the monster says what it stands over; a pile says all of it. (It once said only "An orc
/// (15/15 HP), on the floor.", and the arrow listed in view was nowhere to be found.)
#[test]
fn looking_at_a_monster_tells_what_lies_under_it() {
    let mut map = art(&["##########", "#@....o..#", "##########"]);
    let orc = Pos::new(6, 1);
    map.items.push(sightline::map::ItemSpawn { pos: orc, kind: sightline::map::ItemKind::Arrows });
    let mut app = App::new(GameState::new(map, 1).unwrap(), Theme::colour());
    for item in &mut app.game.items {
        item.amount = 1;
    }
    let max = app.game.monster_at(orc).unwrap().stats().max_hp;
    let said = format!("An orc ({max}/{max} HP), on the floor, over an arrow.");
    assert_eq!(describe(&app.game, orc), said);
    app.mode = Mode::Look { cursor: orc };
    let panel = panel_text(&draw(&app, 100, 32));
    assert!(panel.contains(&said), "{panel}");
    app.mode = Mode::Target { cursor: orc };
    let panel = panel_text(&draw(&app, 100, 32));
    assert!(panel.contains(&said), "{panel}");
    // A pile under it is told whole, and so is what lies under the player.
    let gold = sightline::game::item::FloorItem { pos: orc, kind: sightline::map::ItemKind::Gold, amount: 5 };
    app.game.items.push(gold);
    assert_eq!(
        describe(&app.game, orc),
        format!("An orc ({max}/{max} HP), on the floor, over an arrow and 5 gold pieces.")
    );
    let here = app.game.player.pos;
    app.game.items.push(sightline::game::item::FloorItem {
        pos: here,
        kind: sightline::map::ItemKind::Potion,
        amount: 1,
    });
    assert_eq!(describe(&app.game, here), "You, standing on the floor, over a healing potion.");
}

/// A message repeated in a row is one line of the message area with its count (the player who
/// walks into glass five times reads it once, "(×5)"); a different message between two starts a
/// new count, and the history keeps every one.
#[test]
fn a_message_repeated_in_a_row_is_drawn_once_with_its_count() {
    let map = art(&["#####", "#@\".#", "#####"]);
    let mut app = App::new(GameState::new(map, 1).unwrap(), Theme::colour());
    let bump = "A pane of glass is in the way.";
    for _ in 0..5 {
        app.handle(Command::Move(Dir::E));
    }
    assert_eq!(app.game.log.messages().iter().filter(|m| m.text == bump).count(), 5);
    let screen = text(&draw(&app, 80, 24));
    assert_eq!(screen.matches(bump).count(), 1, "{screen}");
    assert!(screen.contains(&format!("{bump} (×5)")), "{screen}");

    app.handle(Command::PickUp);
    app.handle(Command::Move(Dir::E));
    let screen = text(&draw(&app, 80, 24));
    assert!(
        screen.contains(&format!("{bump} (×5)")) && screen.contains("There is nothing here to pick up."),
        "{screen}"
    );
    let last = screen.lines().rfind(|l| l.contains(bump)).unwrap();
    assert!(last.contains(bump) && !last.contains('×'), "one more after another message: {last:?}\n{screen}");

    app.handle(Command::History);
    let history = text(&draw(&app, 80, 24));
    assert_eq!(history.matches(bump).count(), 6, "{history}");
}

/// Two archers seen one after the other are two lines of the message area: one "You see an
/// archer. (×2)" read as one archer seen twice, and hid the second (QA). The same archer seen
/// again, after it was out of view, is a true repeat, and counted; a save keeps who each
/// sighting was of.
#[test]
fn sightings_of_two_monsters_of_one_kind_are_not_counted_as_one() {
    // Each archer shut in a closet behind its own window: seen from a few cells of the hall
    // only, and never shooting (glass stops arrows), so the sightings follow one another.
    let map = art(&[
        "################",
        "#a#######a######",
        "#\"#######\"######",
        "#@.............#",
        "################",
    ]);
    let mut app = App::new(GameState::new(map, 1).unwrap(), Theme::colour());
    let (west, east) = (app.game.monsters[0].id, app.game.monsters[1].id);
    let in_view = |app: &App| app.game.visible_monsters().iter().map(|m| m.id).collect::<Vec<_>>();
    assert_eq!(in_view(&app), [west]);
    for dir in [Dir::E, Dir::E, Dir::W] {
        app.handle(Command::Move(dir));
    }
    assert_eq!(in_view(&app), [west], "the west archer, out of view a turn, and seen again");
    for _ in 0..6 {
        app.handle(Command::Move(Dir::E));
    }
    assert_eq!(in_view(&app), [east]);
    let seen = "You see an archer.";
    let sightings: Vec<&str> = app
        .game
        .log
        .messages()
        .iter()
        .map(|m| m.text.as_str())
        .filter(|t| t.starts_with("You see"))
        .collect();
    assert_eq!(sightings, [seen; 3], "nothing else was seen");
    assert!(app.game.log.recent(3).iter().all(|m| m.text == seen), "in a row");
    let lines = |app: &App| -> Vec<String> {
        let screen = text(&draw(app, 80, 24));
        screen
            .lines()
            .filter(|l| l.contains(seen))
            .map(|l| l.trim_matches('│').trim_end().to_string())
            .collect()
    };
    let want = [format!("{seen} (×2)"), seen.to_string()];
    assert_eq!(lines(&app), want, "the west archer twice, then the east one");

    let saved = sightline::game::save::to_ron(&app.game);
    let loaded = sightline::game::save::from_ron(&saved, std::path::Path::new("s.ron")).unwrap();
    assert_eq!(lines(&App::new(loaded, Theme::colour())), want, "as saved");
}

/// The end screens' last messages read the log as the message area does: a message repeated in a
/// row once, with its count, so the player who bumped the glass four times on the stairs before
/// leaving reads "(×4)" once, and the three lines hold three different things. (They once
/// listed the last three messages as they came: the same bump twice.)
#[test]
fn the_end_screens_count_a_message_repeated_in_a_row() {
    let map = art(&["######", "#@..>#", "#...\"#", "######"]);
    let mut app = App::new(GameState::new(map, 5).unwrap(), Theme::colour());
    for _ in 0..3 {
        app.handle(Command::Move(Dir::E));
    }
    for _ in 0..4 {
        app.handle(Command::Move(Dir::S));
    }
    let bump = app.game.log.recent(1)[0].text.clone();
    assert_eq!(app.game.log.recent(4).iter().filter(|m| m.text == bump).count(), 4, "four bumps");
    app.handle(Command::TakeExit);
    assert_eq!(app.mode, Mode::Victory);
    let screen = text(&draw(&app, 80, 24));
    let last: Vec<&str> = screen
        .lines()
        .skip_while(|l| !l.contains("Last messages"))
        .skip(1)
        .take_while(|l| !l.contains('└'))
        .collect();
    assert_eq!(screen.matches(&bump).count(), 1, "{screen}");
    assert!(screen.contains(&format!("{bump} (×4)")), "{screen}");
    let newest = &app.game.log.recent(1)[0].text;
    assert!(last.iter().any(|l| l.contains(newest.as_str())), "{last:#?}");
    assert_eq!(last.len(), 3, "three different messages: {last:#?}");
}

/// At the smallest sizes the notice still says why the game is not shown, wherever that fits
/// with the key that quits, measured as the notice is wrapped: at 10×3 it showed only "Ctrl-C" /
/// "quits.", the reason lost. Where only the key fits, the key; where nothing whole fits (1×1),
/// what does of the key.
#[test]
fn the_tiny_too_small_notice_tells_the_reason_where_it_fits_with_the_quit_key() {
    let app = explored();
    let screen = |w: u16, h: u16| text(&draw(&app, w, h));
    assert_eq!(screen(10, 3), "Too small;\nCtrl-C\nquits.");
    assert_eq!(screen(6, 4), "Too\nsmall;\nCtrl-C\nquits.");
    assert_eq!(screen(13, 2), "Too small;\nCtrl-C quits.");
    assert_eq!(screen(24, 1), "Too small; Ctrl-C quits.");
    assert_eq!(screen(10, 2), "Ctrl-C\nquits.");
    assert_eq!(screen(23, 1), "Ctrl-C quits.");
    assert_eq!(screen(1, 1), "C");
    for w in 1..=40 {
        for h in 1..=8 {
            let shown = screen(w, h);
            let sentence = shown.split_whitespace().collect::<Vec<_>>().join(" ");
            if w >= 6 && h >= 2 || w >= 13 {
                assert!(sentence.contains("Ctrl-C quits"), "{w}x{h}: {shown}");
            }
            if w >= 10 && h >= 3 || w >= 6 && h >= 4 || w >= 13 && h >= 2 || w >= 24 {
                assert!(sentence.to_lowercase().contains("too small"), "{w}x{h}: {shown}");
            }
        }
    }
}
