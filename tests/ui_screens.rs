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
use sightline::ui::render::{self, map::camera};
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
    assert_eq!(app.mode, Mode::Help);
    insta::assert_snapshot!(text(&draw(&app, 80, 24)));
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

/// Where map cell `p` lands on an 80×24 screen (the map box starts at 0,0 with a border).
fn screen_of(app: &App, p: Pos, w: u16, h: u16) -> (u16, u16) {
    let view_w = w - render::PANEL_WIDTH - 2;
    let view_h = h - render::LOG_HEIGHT - 2;
    let tl = camera(app.game.map.width(), app.game.map.height(), view_w, view_h, app.game.player.pos);
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
